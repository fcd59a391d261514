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

from ..cards import CODE, card_name, parse_card
from ..finish import finishing_moves
from ..i18n import gettext as _
from ..i18n import N_, ngettext, pgettext
from ..rulebook import rules_text
from ..status_words import SEPARATOR, WINNING_SCORE, status_words
from ..variants import VARIANT_RULES, VARIANTS
from .reviewing import review_words

if TYPE_CHECKING:
    from ..game import Game
    from ..moves import Move



def masked_view(game: Game, rev: int, hide_deal: bool = False, *, left_game: bool = False) -> dict[str, Any]:
    """The synced view of ``game`` at revision ``rev`` (see docs/PROTOCOL.md for every field). With
    ``hide_deal`` the deal number is left out (``None``) until the game is over; ``left_game`` says that Undo
    brings back a game New deal or Restart left."""
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
        "left_game": left_game,
        "legal": [str(move) for move in game.legal_moves()],
        "can_finish": finishing_moves(game) is not None,
    }
    view["stock_label"] = stock_label(len(position["stock"]), "redeal" in view["legal"])
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
    the deal number while ``hide_deal`` and the game is not over), in the language in force. The wording is
    :func:`~solitaire_widget.status_words.status_words`, shared with the pictures so that both read alike."""
    shown_deal = None if hide_deal and game.status == "playing" else game.deal
    return SEPARATOR.join(status_words(
        title=game.rules.local_title, deal=shown_deal, score=game.score, best=WINNING_SCORE[game.rules.family],
        moves=game.moves, stock=game.stock_count, status=game.status, redeals_left=game.redeals_left,
        phase=game.phase))


def _card(code: str, role: str) -> str:
    return card_name(parse_card(code.upper()), role)


def _sentence(text: str) -> str:
    """``text`` with its first letter a capital, for a sentence that begins with a placeholder."""
    return text[:1].upper() + text[1:]


def describe(move: Move, before: dict[str, Any], after: dict[str, Any], ended: bool = False) -> str:
    """One sentence saying what ``move`` did, from the positions before and after it (for the aria-live line), and
    in Camelot a second one when the move began another phase (:func:`phase_news`), unless it ``ended`` the game."""
    text = _what_it_did(move, before, after)
    news = "" if ended else phase_news(before, after)
    return f"{text} {news}" if news else text


def phase_news(before: dict[str, Any], after: dict[str, Any]) -> str:
    """Camelot: what the player is to do now that a phase began, from the positions before and after a move ("" when
    the phase did not change, or in another game). The phase line of the status says it too, but in two words."""
    if before.get("phase") == after.get("phase") or "grid" not in after:
        return ""
    if after["phase"] == "fill":
        return _("Back to filling the grid: place each card you deal.")
    if any(card is None for row in after["grid"] for card in row):
        return _("The stock is spent: now remove the Tens, and the pairs that add up to ten.")
    return _("The grid is full: now remove the Tens, and the pairs that add up to ten.")


#: The cells where each court card goes, as the sentence saying none is free names them.
_NO_CELL = {"K": N_("No corner is free for {card}, so the game is lost."),
            "Q": N_("No cell in the middle of the top or bottom row is free for {card}, so the game is lost."),
            "J": N_("No cell in the middle of the left or right column is free for {card}, so the game is lost.")}


def lost_reason(position: dict[str, Any]) -> str:
    """Why a lost Camelot game is lost, from its position: the court card just dealt has no free cell of its kind,
    or the grid is full and nothing in it can be removed."""
    waste = position.get("waste") or []
    if waste and waste[-1][0].upper() in _NO_CELL:
        return _(_NO_CELL[waste[-1][0].upper()]).format(card=_card(waste[-1], "from"))
    return _("The grid is full and nothing in it can be removed, so the game is lost.")


def _what_it_did(move: Move, before: dict[str, Any], after: dict[str, Any]) -> str:
    if move.kind == "deal":
        dealt = len(after["waste"]) - len(before["waste"])
        if not after["waste"]:
            return _("Dealt nothing.")
        if dealt <= 1:
            return _("Dealt {card}.").format(card=_card(after["waste"][-1], "object"))
        return ngettext("Dealt {count} cards; {card} is on top.", "Dealt {count} cards; {card} is on top.",
                        dealt).format(count=dealt, card=_card(after["waste"][-1], "subject"))
    if move.kind == "redeal":
        count = len(after["stock"])
        return ngettext("Turned the waste over onto the stock ({count} card).",
                        "Turned the waste over onto the stock ({count} cards).", count).format(count=count)
    if move.kind == "place":
        cell = move.dst or ""
        return _("Placed {card} in row {row}, column {column}.").format(
            card=_card(before["waste"][-1], "object"), row=cell[1], column=cell[3])
    if move.kind == "remove":
        grid = before["grid"]
        names = [_card(grid[int(cell[1]) - 1][int(cell[3]) - 1], "object") for cell in move.cells]
        if len(names) == 1:
            return _("Removed {card}.").format(card=names[0])
        return _("Removed {first} and {second}.").format(first=names[0], second=names[1])
    src, dst = move.src or "", move.dst or ""
    cards = _pile(before, src)[-move.count:]
    if dst.startswith("f"):
        text = _("Moved {card} to foundation {number}.").format(card=_card(cards[0], "object"), number=dst[1:])
    elif move.count == 1:
        text = _("Moved {card} to column {number}.").format(card=_card(cards[0], "object"), number=dst[1:])
    else:
        text = ngettext("Moved {count} cards, from {card} up, to column {number}.",
                        "Moved {count} cards, from {card} up, to column {number}.", move.count).format(
            count=move.count, card=_card(cards[0], "from"), number=dst[1:])
    if src.startswith("t"):
        left = _pile(after, src)
        shown = _pile(before, src)
        if left and len(shown) > move.count and shown[-move.count - 1].islower():
            text += " " + _sentence(_("{card} turned face up.").format(card=_card(left[-1], "subject")))
    return text


def undone(move: Move, before: dict[str, Any]) -> str:
    """One sentence saying what taking ``move`` back did, from the position before the undo."""
    if move.kind == "deal":
        return _("The deal was taken back: the cards went back onto the stock.")
    if move.kind == "redeal":
        return _("The redeal was taken back: the stock turned back into the waste.")
    if move.kind == "place":
        cell = move.dst or ""
        card = before["grid"][int(cell[1]) - 1][int(cell[3]) - 1]
        return _sentence(_("{card} went back to the waste.").format(card=_card(card, "subject")))
    if move.kind == "remove":
        return _("The removal was taken back: the cards are in the grid again.")
    src, dst = move.src or "", move.dst or ""
    card = _card(_pile(before, dst)[-move.count], "subject")
    if src == "waste":
        return _sentence(_("{card} went back to the waste.").format(card=card))
    if src.startswith("f"):
        return _sentence(_("{card} went back up to foundation {number}.").format(card=card, number=src[1:]))
    return _sentence(_("{card} went back to column {number}.").format(card=card, number=src[1:]))


def _pile(position: dict[str, Any], pile: str) -> list[str]:
    cards: list[str]
    if pile == "waste":
        cards = position["waste"]
    elif pile.startswith("f"):
        cards = position["foundations"][int(pile[1:]) - 1]
    else:
        cards = position["tableau"][int(pile[1:]) - 1]
    return cards


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


def stock_label(count: int, can_redeal: bool) -> str:
    """What a screen reader says of the stock: how many cards it holds, or whether it can be turned over again."""
    if count:
        return ngettext("Stock, {count} card", "Stock, {count} cards", count).format(count=count)
    return _("Stock, empty: click to redeal") if can_redeal else _("Stock, empty and spent")


def board_words(game: Game) -> dict[str, Any]:
    """Every word the front end shows, in the language in force: the toolbar, the banners, the lesson and coach
    bars, the meter, the review panel's title and graph, the piles' and cards' names for screen readers, and the
    game's rules for the Rules panel. Sent when the board is made and when its language or game changes, never
    with every move."""
    piles = {"stock": _("Stock"), "waste": _("Waste")}
    piles.update({f"f{n}": _("Foundation {number}").format(number=n) for n in range(1, 5)})
    piles.update({f"t{n}": _("Column {number}").format(number=n) for n in range(1, 8)})
    piles.update({f"r{r}c{c}": _("Row {row}, column {column}").format(row=r, column=c)
                  for r in range(1, 5) for c in range(1, 5)})
    title = game.rules.local_title
    return {
        "buttons": {
            "new_deal": _("New deal"), "restart": _("Restart"), "undo": _("Undo"), "redo": _("Redo"),
            "hint": _("Hint"), "why": _("Why?"), "winnable": _("Still winnable?"), "stop": _("Stop checking"),
            "rules": _("Rules"),
            "lesson_back": _("Back"), "lesson_next": _("Next"), "lesson_close": _("Close"),
            "coach_undo": _("Undo"), "coach_close": _("Dismiss"), "rules_close": _("Close"),
            "finish": _("Finish"), "game": _("Game…"), "chooser_close": _("Close"),
            "statistics": _("Statistics"), "statistics_close": _("Close"),
            "review": _("Review"), "review_close": _("Close"),
        },
        "titles": {
            "new_deal": _("Deal a new game"), "restart": _("Start this deal again"),
            "undo": _("Undo the last move (U, Ctrl+Z)"), "redo": _("Redo (Ctrl+Y)"), "hint": _("Show a good move (H)"),
            "winnable": _("Peek: ask the solver, which looks at the face-down cards, whether this position can still "
                          "be won"),
            "rules": _("The rules of this game"), "lesson_back": _("Previous lesson step"),
            "lesson_next": _("Next lesson step"), "lesson_close": _("End the lesson"),
            "coach_undo": _("Take that move back"), "coach_close": _("Hide the coach's note"),
            "finish": _("Every card is face up: play the rest up to the foundations"),
            "game": _("Choose the game, its options and the deal"),
            "statistics": _("Your games with these options: played, won, streaks, best score and time"),
            "review": _("Review the game: the win chance after every move, and the moves that cost the most"),
        },
        "banners": {"won": _("You won!"), "stuck": _("No way forward: this game is stuck."),
                    "lost": _("This game is lost.")},
        "won": {"moves": pgettext("a figure of the game just won, under You won!", "Moves"),
                "score": pgettext("a figure of the game just won, under You won!", "Score"),
                "time": pgettext("a figure of the game just won, under You won!", "Time")},
        "step": _("Step {step} of {total}"),
        "clock": _("Time played"),
        "meter_running": _("Win chance…"),
        "toolbar": _("Game controls"),
        "lesson": _("Lesson"),
        "table": _("card table"),
        "board": _("{game} solitaire").format(game=title),
        "board_deal": _("{game} solitaire, deal {number}").format(game=title, number="{number}"),
        "piles": piles,
        "marks": {"K": pgettext("the mark of a cell or column kept for a King", "K"),
                  "Q": pgettext("the mark of a cell kept for a Queen", "Q"),
                  "J": pgettext("the mark of a cell kept for a Jack", "J")},
        "cards": {CODE[card]: card_name(card) for card in range(52)},
        "face_down": _("face-down card"),
        "rules_title": _("The rules of {game}").format(game=title),
        "rules": rules_text(game.variant),
        "chooser": chooser_words(),
        "games": [game_choices(name) for name in VARIANTS],
        "review": review_words(),
        "deal_badges": {"": _("A winnable deal"), "easy": _("A winnable deal, easy"),
                        "medium": _("A winnable deal, medium difficulty"), "hard": _("A winnable deal, hard")},
    }


def chooser_words() -> dict[str, str]:
    """The game chooser's labels and choices (keys as the front end looks them up: ``draw_3``, ``deals_hard``)."""
    return {
        "title": _("Choose a game"),
        "game": _("Game"),
        "draw": _("Cards turned from the stock"), "draw_1": _("One at a time"), "draw_3": _("Three at a time"),
        "redeals": _("Redeals"), "redeals_2": _("Two (three passes)"), "redeals_0": _("None (one pass)"),
        "redeals_-1": _("Unlimited"),
        "deals": _("Deals"), "deals_any": _("Any deal"), "deals_winnable": _("Winnable deals only"),
        "deals_easy": _("Winnable and easy"), "deals_medium": _("Winnable, of medium difficulty"),
        "deals_hard": _("Winnable and hard"),
        "deals_help": _("Winnable deals are proved winnable by the solver before the game starts (it looks at every "
                        "card, then deals). Difficulty is the chance a player who sees only the face-up cards has "
                        "of winning deals that start alike."),
        "number": _("Deal number"),
        "play_number": pgettext("button: deal the number typed", "Deal"),
        "random": _("Random deal"),
        "previous": _("Previous deal"),
        "next": _("Next deal"),
    }


def game_choices(name: str) -> dict[str, Any]:
    """One game in the chooser: its name in the language in force, its options' values, and the defaults the
    other options take for each number of cards turned (Klondike's redeals follow the draw)."""
    rules = VARIANT_RULES[name]
    draws = rules.options.get("draw", (1,))
    return {"variant": name, "title": rules.local_title,
            "options": {key: list(values) for key, values in rules.options.items()},
            "defaults": {str(draw): rules.resolve_options({"draw": draw} if "draw" in rules.options else {})
                         for draw in draws}}
