"""Exact search for Camelot.

Camelot's rules look at a card's rank and at a cell's class, nothing else: a King may only go to a corner, a Queen
to the middle of the top or bottom row, a Jack to the middle of the left or right column, any other card anywhere;
removals pair values, wherever the cards lie. So two cells of the same class are interchangeable, and so are two
cards of the same rank. The table key is therefore, for each of the four classes, the sorted ranks in its cells,
plus how far the stock has been dealt and the phase. That folds together every position the grid's symmetries
(left-right and top-bottom mirror, half turn) map onto each other, and many more, while keeping the search exact.

Internal moves:

* ``(PLACE, cell)``: deal the next card (unless it already lies on the waste) and place it in ``cell``. The rules
  force the dealt card to be placed at once, so dealing and placing are one move; a court card with no cell left
  has no move, which is how the rules' "lost" shows up in the search. Only one empty cell per class is offered.
* ``(REMOVE, cells)``: remove a Ten, or two cards adding up to ten. Only one choice per combination of ranks and
  classes is offered.

Two exact prunings do most of the work. Once a card is dealt, the next few cards must fill the grid before anything
can be removed, so a deal whose court cards cannot all fit, or after which nothing could be removed, is cut off at
once (:meth:`CamelotState._placements`). And every position is first tried in the *relaxed* game, where any card
may go in any cell (:meth:`CamelotState.relax`): a relaxed game that cannot be won proves the real one lost, and
the relaxed game, with far fewer positions, is settled in milliseconds. Most lost deals are proved lost that way.
"""

from __future__ import annotations

from typing import Any

from ..cards import JACK, KING, QUEEN, RANK, parse_card
from .budget import Budget
from .search import depth_first

PLACE, REMOVE = 0, 1
FILL, REMOVING = 0, 1
EMPTY = -1

# Cell classes, indexed by cell (row * 4 + column): 0 corner, 1 middle of top/bottom row, 2 middle of left/right
# column, 3 centre. A court card's rank maps to the one class it may occupy.
CELL_CLASS = (
    0, 1, 1, 0,
    2, 3, 3, 2,
    2, 3, 3, 2,
    0, 1, 1, 0,
)
CLASS_CELLS = tuple(tuple(cell for cell in range(16) if CELL_CLASS[cell] == k) for k in range(4))
COURT_CLASS = {KING: 0, QUEEN: 1, JACK: 2}
_NO_COST = (0, 0)


def cell_name(cell: int) -> str:
    """FORMAT.md's name of a cell: ``r1c1`` .. ``r4c4``."""
    return f"r{cell // 4 + 1}c{cell % 4 + 1}"


class CamelotState:
    """A Camelot position in the solver's compact form, with move generation and make/unmake."""

    def __init__(self, position: dict[str, Any], budget: Budget | None = None) -> None:
        waste = [parse_card(code) for code in position["waste"]]
        stock = [parse_card(code) for code in position["stock"]]
        # The cards still to be placed, in the order they come: the waste card first, if there is one.
        self.coming: list[int] = waste + stock[::-1]
        self.waste_pending = bool(waste)
        self.next = 0
        self.grid: list[int] = []
        for row in position["grid"]:
            for code in row:
                self.grid.append(EMPTY if code is None else RANK[parse_card(code)])
        self.phase = REMOVING if position["phase"] == "remove" else FILL
        self.cell_class, self.class_cells, self.court_class = CELL_CLASS, CLASS_CELLS, COURT_CLASS
        # Verdicts of the relaxed game (see _relaxed_winnable), by relaxed key; None in a relaxed state.
        self.relaxed: dict[bytes, bool] | None = {}
        self.budget = budget
        self.relaxed_nodes = 0

    def relax(self) -> CamelotState:
        """This position in the *relaxed* game, where any card may go in any cell.

        Every win of the real game is a win of the relaxed one, so a relaxed game that cannot be won proves the
        real one lost. The relaxed game has far fewer positions (a cell's class no longer matters), and it is
        where most lost Camelot deals fail: the grid fills up with nothing to remove.
        """
        copy = object.__new__(CamelotState)
        copy.coming, copy.next, copy.waste_pending = self.coming, self.next, self.waste_pending
        copy.grid, copy.phase = self.grid[:], self.phase
        copy.cell_class, copy.class_cells, copy.court_class = (3,) * 16, ((), (), (), tuple(range(16))), {}
        copy.relaxed, copy.budget, copy.relaxed_nodes = None, None, 0
        return copy

    def _relaxed_winnable(self) -> bool:
        """False when the relaxed game (see :meth:`relax`) is proved lost from here; searches, remembering."""
        key = bytes(sorted(rank + 1 for rank in self.grid)) + bytes((self.next, self.phase))
        known = self.relaxed.get(key)  # type: ignore[union-attr]
        if known is None:
            limits = Budget(None, None, None) if self.budget is None else self.budget.within(None, None)
            verdict, _, stats = depth_first(self.relax(), limits, 1_000_000)
            self.relaxed_nodes += stats["nodes"]
            known = verdict != "unwinnable"
            if verdict != "unknown":
                self.relaxed[key] = known  # type: ignore[index]
        return known

    def key(self) -> bytes:
        grid = self.grid
        parts = []
        for cells in self.class_cells:
            parts.extend(sorted(grid[cell] + 1 for cell in cells))
        parts.append(self.next)
        parts.append(self.phase)
        return bytes(parts)

    def cost(self) -> tuple[int, int]:
        """Nothing in Camelot is cheaper in one state than in another with the same key."""
        return _NO_COST

    def won(self) -> bool:
        if self.next < len(self.coming):
            return False
        return all(rank == EMPTY or rank > 10 for rank in self.grid)

    def settle(self, after: tuple[int, Any] | None = None) -> list[tuple[tuple[int, Any], Any]]:
        """Camelot has no move worth making without branching."""
        return []

    def takeback(self, made: list[tuple[tuple[int, Any], Any]]) -> None:
        """Nothing to take back: :meth:`settle` makes no moves."""

    def moves(self) -> list[tuple[int, Any]]:
        """Removals first (they make room), then the placements of the next card."""
        if self.relaxed is not None and not self._relaxed_winnable():
            return []
        grid = self.grid
        out: list[tuple[int, Any]] = []
        if self.phase == REMOVING:
            offered = set()
            for first in range(16):
                rank = grid[first]
                if rank == 10:
                    signature: tuple[object, ...] = (10, self.cell_class[first])
                    if signature not in offered:
                        offered.add(signature)
                        out.append((REMOVE, (first,)))
                elif 1 <= rank <= 9:
                    for second in range(first + 1, 16):
                        if grid[second] == 10 - rank:
                            signature = tuple(sorted(((rank, self.cell_class[first]),
                                                      (10 - rank, self.cell_class[second]))))
                            if signature not in offered:
                                offered.add(signature)
                                out.append((REMOVE, (first, second)))
        if self.next < len(self.coming):
            out.extend(self._placements())
        return out

    def _placements(self) -> list[tuple[int, Any]]:
        """Where the next card may go, one empty cell per class, never into a cell a court card will need.

        Once a card is dealt, nothing can be removed until the grid is full again (or the stock is out), so the
        next ``e`` cards, ``e`` being the number of empty cells, are exactly the cards that fill it. If the court
        cards among them need more cells of a class than are free, the deal is lost whatever is done, and a
        non-court card must not take a cell of a class whose court cards need every free cell of it. Pruning
        here, rather than when the court card comes, keeps the search exact and saves a whole subtree.
        """
        grid = self.grid
        free = [0, 0, 0, 0]
        first_free = [-1, -1, -1, -1]
        for cell in range(16):
            if grid[cell] == EMPTY:
                k = self.cell_class[cell]
                if not free[k]:
                    first_free[k] = cell
                free[k] += 1
        if not any(free):
            return []
        window = self.coming[self.next:self.next + sum(free)]
        need = [0, 0, 0, 0]
        for card in window:
            k = self.court_class.get(RANK[card])  # type: ignore[assignment]  # k reused: None for no court card
            if k is not None:
                need[k] += 1
        if any(need[k] > free[k] for k in range(3)):
            return []
        if self.next + len(window) < len(self.coming) and not self._removal_after(window):
            return []
        court = self.court_class.get(RANK[window[0]])
        if court is not None:
            return [(PLACE, first_free[court])]
        # Centre first (it blocks no court card), then the border class with the most room to spare.
        spare = [free[k] - need[k] for k in range(3)] + [free[3]]
        order = sorted(range(4), key=lambda k: (k != 3, -spare[k]))
        return [(PLACE, first_free[k]) for k in order if spare[k] > 0]

    def _removal_after(self, window: list[int]) -> bool:
        """Whether the grid, once these cards have filled it, will hold a Ten or a pair adding up to ten.

        Which cards fill the grid does not depend on where they go, so neither does this: when it is False, the
        grid fills up with nothing to remove while the stock still holds cards, and the game is lost whatever is
        placed where.
        """
        counts = [0] * 14
        for rank in self.grid:
            if rank > 0:
                counts[rank] += 1
        for card in window:
            counts[RANK[card]] += 1
        if counts[10] or counts[5] >= 2:
            return True
        return any(counts[rank] and counts[10 - rank] for rank in range(1, 5))

    def make(self, move: tuple[int, Any]) -> Any:
        if move[0] == PLACE:
            undo = (self.phase, self.waste_pending)
            self.grid[move[1]] = RANK[self.coming[self.next]]
            self.next += 1
            self.waste_pending = False
            full = EMPTY not in self.grid
            self.phase = REMOVING if full or self.next == len(self.coming) else FILL
            return undo
        removed = tuple(self.grid[cell] for cell in move[1])
        for cell in move[1]:
            self.grid[cell] = EMPTY
        return removed

    def unmake(self, move: tuple[int, Any], undo: Any) -> None:
        if move[0] == PLACE:
            self.phase, self.waste_pending = undo
            self.next -= 1
            self.grid[move[1]] = EMPTY
        else:
            for cell, rank in zip(move[1], undo):
                self.grid[cell] = rank

    def public_moves(self, line: list[tuple[int, Any]]) -> list[dict[str, Any]]:
        """Play ``line`` from this state, returning it as FORMAT.md move dicts (a deal before each placement
        whose card is not already on the waste)."""
        out: list[dict[str, Any]] = []
        for move in line:
            if move[0] == PLACE:
                if not self.waste_pending:
                    out.append({"kind": "deal"})
                out.append({"kind": "place", "to": cell_name(move[1])})
            else:
                out.append({"kind": "remove", "cells": [cell_name(cell) for cell in sorted(move[1])]})
            self.make(move)
        return out
