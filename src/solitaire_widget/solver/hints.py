"""Hints: the next move of a winning line when the solver finds one in time, else a documented heuristic.

The heuristic ranks the legal moves by what they do for the player, best first; ties keep
``Game.legal_moves()``'s order.

Klondike family (Athena, Thumb and Pouch, Aunt Mary, Klondike):

1. a card goes up to a foundation (it scores, and frees what lies under it);
2. a tableau move turns over a face-down card (the more face-down cards are left under it, the better: those
   columns are the hardest to dig out);
3. the waste card goes onto the tableau (it brings a new card into play);
4. a tableau move empties a column (room for a King, or for anything in Thumb and Pouch);
5. dealing from the stock, then redealing (new cards, but passes are limited);
6. any other tableau move (it only rearranges face-up cards);
7. taking a card back down from a foundation (it costs a point; sometimes needed, rarely first).

Camelot:

1. removing a Ten or a pair adding up to ten (it scores and makes room);
2. placing a court card (it can only go to its own kind of cell);
3. placing any other card in the centre, which no court card needs; failing that, on the border;
4. dealing the next card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..cards import JACK, KING, QUEEN, card_label, parse_card, rank_of
from ..game import Game
from ..moves import Move
from .api import _check_limit, solve
from .budget import CancelFlag

HintKind = Literal["winning", "heuristic"]


@dataclass(frozen=True)
class Hint:
    """A suggested move. ``kind`` is "winning" when ``move`` starts a line the solver proved wins, "heuristic"
    otherwise; ``reason`` says why in a sentence a learner understands. ``move`` is None when no move is left."""

    move: Move | None
    kind: HintKind
    reason: str

    def __repr__(self) -> str:
        return f"<Hint {self.move if self.move is not None else '(none)'} ({self.kind}): {self.reason}>"


def hint(game: Game, *, time_limit: float = 1.0, cancel: CancelFlag | None = None) -> Hint:
    """The move to suggest in ``game``: first the solver (up to ``time_limit`` seconds), then the heuristic.

    The solver sees the face-down cards, so a "winning" hint may rest on cards the player cannot see; it is the
    move that keeps the game winnable. The game is not changed. ``cancel`` (a :class:`threading.Event`, say) cuts
    the search short as :func:`~solitaire_widget.solver.solve`'s does; the hint is then the heuristic's.
    """
    if not isinstance(game, Game):
        raise ValueError(f"hint() takes a Game, not {type(game).__name__}")
    if _check_limit("time_limit", time_limit, float) is None:
        raise ValueError("a hint needs a time_limit in seconds, not None")
    if game.status == "won":
        return Hint(None, "heuristic", "The game is won: there is nothing left to do.")
    legal = game.legal_moves()
    if not legal:
        return Hint(None, "heuristic", "No move is left: the game cannot go on.")

    result = solve(game, time_limit=time_limit, cancel=cancel)
    if result.verdict == "winnable" and result.line:
        return Hint(result.line[0], "winning", f"This is the first move of a winning line found by the solver "
                                               f"({len(result.line)} moves to a win).")
    position = game.position()
    rank_move = _camelot_rank if game.variant == "camelot" else _klondike_rank
    _, why, move = min((rank_move(position, m) + (m,) for m in legal), key=lambda item: item[0])
    prefix = "The solver proved that this position can no longer be won. " if result.verdict == "unwinnable" else ""
    return Hint(move, "heuristic", f"{prefix}Heuristic: {why}")


def _label(code: str) -> str:
    return card_label(parse_card(code.upper()))


def _klondike_rank(position: dict[str, Any], move: Move) -> tuple[tuple[int, int], str]:
    """(sort key, reason) for a Klondike-family move: smaller keys are better (see the module doc)."""
    if move.kind == "deal":
        return (5, 0), "dealing brings new cards from the stock into play."
    if move.kind == "redeal":
        return (5, 1), "turning the waste over starts another pass through the stock."
    src, dst, count = move.src or "", move.dst or "", move.count
    if src == "waste":
        card = _label(position["waste"][-1])
        if dst.startswith("f"):
            return (1, 0), f"the {card} from the waste can go up to a foundation."
        return (3, 0), f"playing the {card} from the waste brings a new card into play."
    if src.startswith("f"):
        card = _label(position["foundations"][int(src[1:]) - 1][-1])
        return (7, 0), f"taking the {card} back down from its foundation gives another card somewhere to go."
    column = position["tableau"][int(src[1:]) - 1]
    card = _label(column[-count])
    if dst.startswith("f"):
        return (1, 0), f"moving the {card} to a foundation scores a point."
    rest = column[:-count]
    if rest and rest[-1].islower():
        hidden = sum(code.islower() for code in rest)
        return (2, -hidden), f"moving the {card} turns over a face-down card in {src}."
    if not rest:
        return (4, 0), f"moving the {card} empties {src}, making room for another group."
    return (6, 0), f"moving the {card} to {dst} rearranges the face-up cards."


_COURT_CELLS = {KING: "a corner", QUEEN: "the middle of the top or bottom row",
                JACK: "the middle of the left or right column"}
_CENTRE = {"r2c2", "r2c3", "r3c2", "r3c3"}


def _camelot_rank(position: dict[str, Any], move: Move) -> tuple[tuple[int, int], str]:
    """(sort key, reason) for a Camelot move: smaller keys are better (see the module doc)."""
    if move.kind == "remove":
        cards = [_label(position["grid"][int(cell[1]) - 1][int(cell[3]) - 1]) for cell in move.cells]
        if len(cards) == 1:
            return (1, 0), f"removing the {cards[0]} scores a point and clears a cell."
        return (1, 0), f"removing the {cards[0]} and the {cards[1]}, which add up to ten, clears two cells."
    if move.kind == "place":
        code = position["waste"][-1]
        rank = rank_of(parse_card(code))
        card = _label(code)
        if rank in _COURT_CELLS:
            return (2, 0), f"the {card} may only go in {_COURT_CELLS[rank]}."
        if move.dst in _CENTRE:
            return (3, 0), f"placing the {card} in the centre keeps the border free for court cards."
        return (4, 0), f"placing the {card} at the edge, as the centre is full."
    return (5, 0), "dealing turns the next card of the stock onto the waste."
