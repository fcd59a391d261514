"""Camelot played on the odds: where a card goes, and what to remove, from the exact chance of getting through the
grid's next filling.

Why Camelot needs its own reasoning. The only hidden thing in Camelot is the order of the stock. A player who
knew it could plan every placement (the thoughtful solver wins about half the deals that way), but a fair player
draws each card blind, so the sampled-and-solved estimates the other games use tell nothing here: every sample,
solved as if its order were known, rates nearly every placement alike. What a fair player can compute exactly
is the risk of the next cards.

Where the risk lies. Once a card is dealt, nothing can be removed until every cell is full again, so each filling
of the grid is a run of blind draws. A court card drawn when every cell of its kind (the corners for a King, the
middle of the top and bottom rows for a Queen, of the left and right columns for a Jack) is taken ends the game
at once, and that is how most games are lost: measured on 20,000 shuffled decks with the centre-first rule, nine
losses in ten, a fifth of them in the very first filling. So the question for each placement is which cells to
leave free for the courts still to come, given how many of each are left and how many cards will fill the grid.

The odds. :func:`fill_odds` is the probability of filling the grid (or emptying the stock) without a court card
finding its cells taken, when the player places every other card as well as possible; it is an exact
expectimax over the draws, by the count of free cells of each kind, of courts of each rank still unseen, and of
other cards unseen (which card of each kind comes next is all that matters; suits and the place of a cell within
its kind do not). It is small enough to compute exactly and to remember: a few thousand states.

How the player uses them (:func:`camelot_plan`):

* a court card goes where the rules allow (its kind's free cells are all alike);
* any other card goes to the kind of cell that leaves the best odds of finishing this filling; among kinds with
  the same odds, the centre first (it never holds a court card), then corners, the top and bottom, the sides;
* in the removing phase, of every way to remove Tens and pairs until none is left, the one whose freed cells give
  the next filling the best odds, then the one that removes most; then deal.

Measured on 20,000 shuffled decks, with rules in the same simulation: the centre-first rule wins 2.5% of them;
placing by the odds, 4.8%; removing by them as well, 5.2%; the first filling alone is survived at best 80% of the
time (this module's odds at the start). The published tables give the player's share on the numbered deals.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import JACK, KING, QUEEN, rank_of
from ..game import Game
from ..games.camelot import CENTRE, CORNERS, LEFT_RIGHT, TOP_BOTTOM
from ..knowledge import Knowledge
from ..moves import CELL_INDEX, CELLS, Move

__all__ = ["KINDS", "camelot_plan", "fill_odds"]

#: The four kinds of cell, in the order the player prefers them when the odds tie: the centre, which no court
#: card needs, then the corners (Kings), the middle of the top and bottom rows (Queens), of the sides (Jacks).
KINDS: tuple[tuple[int, ...], ...] = (CENTRE, CORNERS, TOP_BOTTOM, LEFT_RIGHT)
_KIND_OF = {cell: kind for kind, cells in enumerate(KINDS) for cell in cells}
#: The kind each court rank must go to.
_COURT_KIND = {KING: 1, QUEEN: 2, JACK: 3}
_TIE = 1e-12


@lru_cache(maxsize=None)
def fill_odds(free: tuple[int, int, int, int], courts: tuple[int, int, int], others: int) -> float:
    """The probability of filling ``free`` cells (of the four :data:`KINDS`, in that order), or of dealing out
    the stock, without a court card finding its cells taken, when each other card is placed as well as possible.

    ``courts`` counts the unseen Kings, Queens and Jacks, ``others`` the unseen cards of rank Ace to Ten; the
    cards come in a random order, each unseen card as likely as any other to be next.
    """
    left = sum(courts) + others
    if not left or not any(free):
        return 1.0
    odds = 0.0
    for court, count in enumerate(courts):
        kind = court + 1
        if count and free[kind]:
            odds += count / left * fill_odds(_less(free, kind), _less(courts, court), others)
    if others:
        odds += others / left * max(fill_odds(_less(free, kind), courts, others - 1)
                                    for kind in range(4) if free[kind])
    return odds


def _less(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    return counts[:index] + (counts[index] - 1,) + counts[index + 1:]


def _unseen_counts(known: Knowledge) -> tuple[tuple[int, int, int], int]:
    """(unseen Kings, Queens, Jacks), and the other unseen cards."""
    courts = [0, 0, 0]
    others = 0
    for card in known.unseen_cards:
        kind = _COURT_KIND.get(rank_of(card))
        if kind is None:
            others += 1
        else:
            courts[kind - 1] += 1
    return (courts[0], courts[1], courts[2]), others


def _free(game: Game) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for cell in CELLS:
        if not game.cards_in(cell):
            counts[_KIND_OF[CELL_INDEX[cell]]] += 1
    return counts[0], counts[1], counts[2], counts[3]


def camelot_plan(game: Game, known: Knowledge) -> tuple[list[Move], float | None]:
    """The moves the player makes next (see the module docs): one placement, or the removals then the deal, with
    the odds (:func:`fill_odds`) they leave for getting through this filling, or the next one after removals
    (None for a forced deal); ([], None) when there is no legal move. ``game`` is any position drawn from ``known``
    (the stock's order is never read) and is left as it was."""
    legal = game.legal_moves()
    if not legal:
        return [], None
    courts, others = _unseen_counts(known)
    places = [move for move in legal if move.kind == "place"]
    if places:
        def odds(move: Move) -> tuple[float, int]:
            kind = _KIND_OF[CELL_INDEX[move.dst or ""]]
            free = _less(_free(game), kind)
            return fill_odds(free, courts, others), -kind

        best = max(odds(move)[0] for move in places)
        chosen = max((move for move in places if odds(move)[0] >= best - _TIE), key=lambda move: odds(move)[1])
        return [chosen], best
    removals = _removal_plans(game)
    if not removals:
        return [legal[0]], None  # nothing to remove: the deal (the only other move there is)

    def value(plan: list[Move]) -> tuple[float, int]:
        for move in plan:
            game.play(move)
        try:
            free = _free(game)
            # With the stock out, the end: nothing more comes, and what is left must all have gone.
            odds = fill_odds(free, courts, others) if game.stock_count else 1.0
            return round(odds, 9), game.score
        finally:
            for _ in plan:
                game.undo()

    plan = max(removals, key=value)
    for move in plan:
        game.play(move)
    try:
        deal = [move for move in game.legal_moves() if move.kind == "deal"]
    finally:
        for _ in plan:
            game.undo()
    return plan + deal, value(plan)[0]


def _removal_plans(game: Game) -> list[list[Move]]:
    """Every way to remove until nothing more can be, one per grid it leaves (cells of a kind alike), in the order
    the removals are found; [] when nothing can be removed now."""
    ends: dict[tuple[tuple[str, ...], ...], list[Move]] = {}
    seen: set[tuple[tuple[str, ...], ...]] = set()

    def grid() -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(sorted(code[0] for cell in cells for code in (game.cards_in(CELLS[cell]) or ["-"])))
                     for cells in KINDS)

    def search(line: list[Move]) -> None:
        removals = [move for move in game.legal_moves() if move.kind == "remove"]
        if not removals:
            if line:
                ends.setdefault(grid(), list(line))
            return
        for move in removals:
            game.play(move)
            try:
                here = grid()
                if here not in seen:
                    seen.add(here)
                    search([*line, move])
            finally:
                game.undo()

    search([])
    return list(ends.values())
