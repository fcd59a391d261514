"""What the board is told: the masked view of a game, its status line, and sentences about moves.

The view is the only picture of the game that reaches the browser, so it is built to a rule: **a face-down card
carries no identity at all**. Tableau cards that are face down become ``None`` and the stock becomes a count; the
front end could not show them even if it wanted to, and a saved notebook holds nothing the player has not seen.

Everything here is a pure function of a :class:`~solitaire_widget.game.Game`, so it is easy to test and costs one
``position()`` per move. The view is small on purpose (well under 2 KB for any position, legal moves included),
because it is what crosses the comm on every move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import card_name, parse_card

if TYPE_CHECKING:
    from ..game import Game
    from ..moves import Move

_PHASE_WORDS = {"fill": "filling", "remove": "removing"}


def masked_view(game: Game, rev: int, hide_deal: bool = False) -> dict[str, Any]:
    """The synced view of ``game`` at revision ``rev`` (see docs/PROTOCOL.md for every field). With
    ``hide_deal`` the deal number is left out (``None``) until the game is over."""
    position = game.position()
    view: dict[str, Any] = {
        "rev": rev,
        "variant": game.variant,
        "title": game.title,
        "deal": None if hide_deal and position["status"] == "playing" else game.deal,
        "options": position["options"],
        "stock": len(position["stock"]),
        "waste": position["waste"],
        "score": position["score"],
        "moves": position["moves"],
        "status": position["status"],
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "legal": [str(move) for move in game.legal_moves()],
    }
    if game.variant == "camelot":
        view["grid"] = position["grid"]
        view["phase"] = position["phase"]
        view["removed"] = len(position["removed"])
    else:
        view["foundations"] = position["foundations"]
        view["tableau"] = [[card if card.isupper() else None for card in column] for column in position["tableau"]]
        view["redeals_left"] = game.redeals_left
    return view


def status_line(game: Game, hide_deal: bool = False) -> str:
    """``Athena · deal 42 · score 3/52 · moves 12 · stock 20 · redeals left 2``: the line under the board (without
    the deal number while ``hide_deal`` and the game is not over)."""
    parts = [game.title]
    if game.deal is not None and not (hide_deal and game.status == "playing"):
        parts.append(f"deal {game.deal}")
    camelot = game.variant == "camelot"
    parts += [f"score {game.score}/{40 if camelot else 52}", f"moves {game.moves}", f"stock {game.stock_count}"]
    if camelot:
        parts.append(f"phase: {_PHASE_WORDS.get(game.phase or '', game.phase)}")
    else:
        redeals = game.redeals_left
        parts.append("redeals: unlimited" if redeals is None else f"redeals left {redeals}")
    if game.status != "playing":
        parts.append(game.status)
    return " · ".join(parts)


def pile_words(pile: str) -> str:
    """A pile's name for people: ``t5`` is "column 5", ``r2c3`` is "row 2, column 3"."""
    if pile in ("stock", "waste"):
        return f"the {pile}"
    if pile[0] == "f":
        return f"foundation {pile[1:]}"
    if pile[0] == "t":
        return f"column {pile[1:]}"
    return f"row {pile[1]}, column {pile[3]}"


def _name(code: str) -> str:
    return "the " + card_name(parse_card(code.upper()))


def describe(move: Move, before: dict[str, Any], after: dict[str, Any]) -> str:
    """One sentence saying what ``move`` did, from the positions before and after it (for the aria-live line)."""
    if move.kind == "deal":
        dealt = len(after["waste"]) - len(before["waste"])
        top = _name(after["waste"][-1]) if after["waste"] else "nothing"
        return f"Dealt {top}." if dealt <= 1 else f"Dealt {dealt} cards; {top} is on top."
    if move.kind == "redeal":
        return f"Turned the waste over onto the stock ({len(after['stock'])} cards)."
    if move.kind == "place":
        return f"Placed {_name(before['waste'][-1])} in {pile_words(move.dst or '')}."
    if move.kind == "remove":
        grid = before["grid"]
        names = [_name(grid[int(cell[1]) - 1][int(cell[3]) - 1]) for cell in move.cells]
        return f"Removed {' and '.join(names)}."
    src, dst = move.src or "", move.dst or ""
    cards = _pile(before, src)[-move.count:]
    what = _name(cards[0]) if move.count == 1 else f"{move.count} cards from {_name(cards[0])} up"
    text = f"Moved {what} to {pile_words(dst)}."
    if src.startswith("t"):
        left = _pile(after, src)
        shown = _pile(before, src)
        if left and len(shown) > move.count and shown[-move.count - 1].islower():
            text += f" {_name(left[-1]).capitalize()} turned face up."
    return text


def _pile(position: dict[str, Any], pile: str) -> list[str]:
    if pile == "waste":
        return position["waste"]
    if pile.startswith("f"):
        return position["foundations"][int(pile[1:]) - 1]
    return position["tableau"][int(pile[1:]) - 1]


def move_marks(move: Move) -> tuple[list[str], list[str]]:
    """The piles a move starts from and goes to, for highlighting a hint or a lesson step on the board."""
    if move.kind == "deal":
        return ["stock"], ["waste"]
    if move.kind == "redeal":
        return ["waste"], ["stock"]
    if move.kind == "place":
        return ["waste"], [move.dst or ""]
    if move.kind == "remove":
        return list(move.cells), []
    return [move.src or ""], [move.dst or ""]


def move_words(move: Move) -> str:
    """A move in words without its cards: "column 3 to foundation 1", "deal", "remove row 1, column 2"."""
    if move.kind in ("deal", "redeal"):
        return "deal a card" if move.kind == "deal" else "turn the waste over (redeal)"
    if move.kind == "place":
        return f"place the waste card in {pile_words(move.dst or '')}"
    if move.kind == "remove":
        return "remove " + " and ".join(pile_words(cell) for cell in move.cells)
    cards = "the top card" if move.count == 1 else f"the top {move.count} cards"
    return f"{cards} of {pile_words(move.src or '')} to {pile_words(move.dst or '')}"
