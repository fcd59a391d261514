"""Camelot: fill a 4×4 grid from the stock, then clear it of Tens and pairs that make ten.

The grid is a list of 16 cells in reading order (``r1c1`` is 0, ``r4c4`` is 15), each a card or ``EMPTY``. Court
cards may only go in their own border cells (Kings in the corners, Queens in the middle of the top and bottom rows,
Jacks in the middle of the left and right columns); everything else goes anywhere. The game alternates between the
*fill* phase (deal a card, place it) and the *remove* phase, which starts by itself when the grid is full, or when
the stock and the waste are both empty.
"""

from __future__ import annotations

from typing import Any

from ..cards import CODE, JACK, KING, QUEEN, RANK, card_label, parse_card
from ..checks import short
from ..i18n import N_, ngettext, translate
from ..i18n import gettext as _
from ..moves import CELL_INDEX, CELLS, Move
from ..variants import VariantRules
from . import compiled
from .base import card_list, check_full_deck, field

EMPTY = -1
CORNERS = (0, 3, 12, 15)
TOP_BOTTOM = (1, 2, 13, 14)
LEFT_RIGHT = (4, 7, 8, 11)
CENTRE = (5, 6, 9, 10)
#: Where each court rank may go, and how the rule book says it.
COURT_CELLS = {KING: CORNERS, QUEEN: TOP_BOTTOM, JACK: LEFT_RIGHT}
_COURT_RULE = {
    KING: N_("A King may only go in an empty corner (r1c1, r1c4, r4c1 or r4c4)."),
    QUEEN: N_("A Queen may only go in an empty middle cell of the top or bottom row (r1c2, r1c3, r4c2 or r4c3)."),
    JACK: N_("A Jack may only go in an empty middle cell of the left or right column (r2c1, r3c1, r2c4 or r3c4)."),
}
_ALL_CELLS = tuple(range(16))
#: The partner that makes ten with a card, by that partner's rank, as a refusal names it ("an Ace", "a 4").
_PARTNERS = {1: N_("an Ace"), 2: N_("a 2"), 3: N_("a 3"), 4: N_("a 4"), 5: N_("a 5"), 6: N_("a 6"), 7: N_("a 7"),
             8: N_("an 8"), 9: N_("a 9")}
_DEAL = Move.deal()
_PLACE = tuple(Move.place(cell) for cell in CELLS)
_REMOVE_ONE = tuple(Move.remove(cell) for cell in CELLS)
_REMOVE_TWO = {(i, j): Move.remove(CELLS[i], CELLS[j]) for i in range(16) for j in range(i + 1, 16)}
# The same tables in the compiled path's form: removals by i * 16 + j, and each card's cells.
_REMOVE_PAIRS = tuple(_REMOVE_TWO.get((i, j)) for i in range(16) for j in range(16))


def allowed_cells(card: int) -> tuple[int, ...]:
    """The cells ``card`` may ever go in."""
    return COURT_CELLS.get(RANK[card], _ALL_CELLS)


_ALLOWED = tuple(allowed_cells(card) for card in range(52))


def _is_court(card: int) -> bool:
    return RANK[card] >= JACK


class CamelotEngine:
    """One position of Camelot."""

    def __init__(self, rules: VariantRules, options: dict[str, int]) -> None:
        self.rules = rules
        self.options = options
        self._core = compiled.core()
        self.stock: list[int] = []
        self.waste: list[int] = []
        self.grid: list[int] = [EMPTY] * 16
        self.phase = "fill"
        self.removed: list[int] = []

    def deal_from(self, order: list[int]) -> None:
        self.stock[:] = reversed(order)

    pile_names: tuple[str, ...] = ("stock", "waste", *CELLS)
    redeals_left = 0

    @property
    def score(self) -> int:
        return len(self.removed)

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    def cards_in(self, name: str) -> list[str]:
        if name in ("stock", "waste"):
            return [CODE[c] for c in getattr(self, name)]
        card = self.grid[CELL_INDEX[name]]
        return [] if card == EMPTY else [CODE[card]]

    def _empty_cells(self) -> int:
        return self.grid.count(EMPTY)

    # Moves ---------------------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Places for the waste card; or removals (Tens, then pairs, in reading order) and a deal.

        The compiled fast path answers the same list when it is built (see :meth:`legal_moves_python`)."""
        core = self._core
        if core is not None:
            return core.camelot_legal(  # type: ignore[no-any-return]  # the compiled core: untyped
                self.grid, self.waste[-1] if self.waste else -1, self.phase == "remove", bool(self.stock), _ALLOWED,
                _PLACE, _REMOVE_ONE, _REMOVE_PAIRS, _DEAL)
        return self.legal_moves_python()

    def legal_moves_python(self) -> list[Move]:
        """:meth:`legal_moves`, in Python: the rules' reference."""
        grid = self.grid
        if self.waste:
            return [_PLACE[i] for i in allowed_cells(self.waste[-1]) if grid[i] == EMPTY]
        out: list[Move] = []
        if self.phase == "remove":
            values = [RANK[c] if c != EMPTY and RANK[c] <= 10 else 0 for c in grid]
            for i in range(16):
                if values[i] == 10:
                    out.append(_REMOVE_ONE[i])
            for i in range(16):
                vi = values[i]
                if 0 < vi < 10:
                    for j in range(i + 1, 16):
                        if values[j] + vi == 10 and values[j]:
                            out.append(_REMOVE_TWO[i, j])
        if self.stock and EMPTY in grid:
            out.append(_DEAL)
        return out

    def apply(self, move: Move) -> Any:
        kind = move.kind
        phase = self.phase
        if kind == "deal":
            self.waste.append(self.stock.pop())
            self.phase = "fill"
        elif kind == "place":
            self.grid[move._d] = self.waste.pop()  # type: ignore[attr-defined]  # Move's private fields (moves.py)
            if EMPTY not in self.grid or not self.stock:
                self.phase = "remove"
        else:
            for i in move._cells:  # type: ignore[attr-defined]  # Move's private fields (moves.py)
                self.removed.append(self.grid[i])
                self.grid[i] = EMPTY
        return phase

    def unapply(self, move: Move, token: Any) -> None:
        kind = move.kind
        if kind == "deal":
            self.stock.append(self.waste.pop())
        elif kind == "place":
            self.waste.append(self.grid[move._d])  # type: ignore[attr-defined]  # Move's private fields (moves.py)
            self.grid[move._d] = EMPTY  # type: ignore[attr-defined]  # Move's private fields (moves.py)
        else:
            for i in reversed(move._cells):  # type: ignore[attr-defined]  # Move's private fields (moves.py)
                self.grid[i] = self.removed.pop()
        self.phase = token

    # What the player has been shown ---------------------------------------------------------------------------

    def visible(self) -> int:
        """The cards face up now, as a bit mask: the waste card, the grid and the removed cards (a removed card
        was seen in the grid first)."""
        mask = 0
        for card in (*self.waste, *self.grid, *self.removed):
            if card != EMPTY:
                mask |= 1 << card
        return mask

    def revealed(self, move: Move, token: Any) -> int:
        """The card ``move`` turned face up: the one a deal put on the waste."""
        return 1 << self.waste[-1] if move.kind == "deal" else 0

    def masked_fields(self, seen: int) -> dict[str, Any]:
        """:meth:`position_fields` with every stock card not in ``seen`` (a bit mask) written as ``None``."""
        fields = self.position_fields()
        fields["stock"] = [CODE[c] if seen >> c & 1 else None for c in self.stock]
        return fields

    def put_unseen(self, places: tuple[tuple[str, int], ...], cards: list[int]) -> None:
        """Put ``cards`` in ``places`` (``("stock", 3)``: index from the bottom; only the stock hides cards in
        Camelot): how a position is sampled from what a player knows (:mod:`solitaire_widget.knowledge`)."""
        for (_, index), card in zip(places, cards, strict=True):
            self.stock[index] = card

    # Explanations --------------------------------------------------------------------------------------------
    # Whole sentences with named placeholders, translated as wholes (see solitaire_widget.i18n).

    def reason(self, move: Move) -> str | None:
        kind = move.kind
        if kind == "redeal":
            return _("Camelot has no redeals: the stock goes round once.")
        if kind == "move":
            return _("Camelot has no 'move' moves: a dealt card goes from the waste into the grid with 'place', and "
                     "cards leave the grid with 'remove'.")
        waste = self.waste
        if kind == "deal":
            if waste:
                return _("Place the {card} from the waste first: a dealt card must go into the grid at once.").format(
                    card=card_label(waste[-1]))
            if not self.stock:
                return _("The stock is empty, and Camelot has no redeals.")
            if EMPTY not in self.grid:
                return _("Every cell is full: remove Tens and pairs that add up to ten before dealing again.")
            return None
        if kind == "place":
            if not waste:
                return _("There is no card on the waste to place: deal one from the stock first.")
            card, cell = waste[-1], move._d  # type: ignore[attr-defined]  # Move's private fields (moves.py)
            if self.grid[cell] != EMPTY:
                return _("{cell} already holds the {card}; a cell holds one card.").format(
                    cell=move.dst, card=card_label(self.grid[cell]))
            if cell not in allowed_cells(card):
                return translate(_COURT_RULE[RANK[card]])
            return None
        return self._remove_reason(move)

    def _remove_reason(self, move: Move) -> str | None:
        if self.waste:
            return _("Place the {card} from the waste first.").format(card=card_label(self.waste[-1]))
        if self.phase == "fill":
            empty = self._empty_cells()
            return ngettext("Removing starts only when the grid is full (or the stock and the waste are both empty): "
                            "{count} cell is still empty.",
                            "Removing starts only when the grid is full (or the stock and the waste are both empty): "
                            "{count} cells are still empty.", empty).format(count=empty)
        cells = move._cells  # type: ignore[attr-defined]  # Move's private fields (moves.py)
        if len(cells) == 2 and cells[0] == cells[1]:
            return _("A pair takes two different cells.")
        cards = [self.grid[i] for i in cells]
        for name, card in zip(move.cells, cards, strict=True):
            if card == EMPTY:
                return _("{cell} is empty: there is nothing to remove there.").format(cell=name)
        if any(_is_court(c) for c in cards):
            return _("Court cards (Jacks, Queens and Kings) are never removed: they stay to fill the border.")
        values = [RANK[c] for c in cards]
        if len(cards) == 1:
            if values[0] == 10:
                return None
            partner = 1 if values[0] == 9 else 10 - values[0]
            return _("Only a Ten is removed on its own; the {card} needs a partner that makes ten with it ({partner})."
                     ).format(card=card_label(cards[0]), partner=translate(_PARTNERS[partner]))
        if 10 in values:
            return _("A Ten is removed on its own, not as part of a pair.")
        if sum(values) != 10:
            return _("The {first} and the {second} add up to {total}, not ten.").format(
                first=card_label(cards[0]), second=card_label(cards[1]), total=sum(values))
        return None

    def explain_legal(self, move: Move) -> str:
        if move.kind == "deal":
            left = len(self.stock) - 1
            return _("Dealing turns the stock's top card onto the waste ({left} left in the stock); it must then be "
                     "placed in the grid.").format(left=left)
        if move.kind == "place":
            card = self.waste[-1]
            rank = RANK[card]
            words = {"card": card_label(card), "cell": move.dst}
            if rank == KING:
                return _("The {card} goes into {cell}: a King goes in an empty corner.").format(**words)
            if rank == QUEEN:
                return _("The {card} goes into {cell}: a Queen goes in an empty middle cell of the top or bottom "
                         "row.").format(**words)
            if rank == JACK:
                return _("The {card} goes into {cell}: a Jack goes in an empty middle cell of the left or right "
                         "column.").format(**words)
            return _("The {card} goes into {cell}: a card that is not a court card may go in any empty cell.").format(
                **words)
        cards = [self.grid[i] for i in move._cells]  # type: ignore[attr-defined]  # Move's private fields (moves.py)
        if len(cards) == 1:
            return _("The {card} in {cell} is a Ten, so it is removed on its own.").format(
                card=card_label(cards[0]), cell=move.cells[0])
        return _("The {first} and the {second} add up to ten, so they are removed together.").format(
            first=card_label(cards[0]), second=card_label(cards[1]))

    # Game over ---------------------------------------------------------------------------------------------------

    def is_won(self) -> bool:
        return len(self.removed) == 40 and not self.stock and not self.waste

    def is_lost(self) -> bool:
        """Lost: not won, and no move at all (a court card with no cell, or nothing to remove and no deal)."""
        return not self.is_won() and not self.legal_moves()

    # Positions ---------------------------------------------------------------------------------------------------

    def position_fields(self) -> dict[str, Any]:
        grid = [[None if c == EMPTY else CODE[c] for c in self.grid[r * 4:r * 4 + 4]] for r in range(4)]
        return {
            "stock": [CODE[c] for c in self.stock],
            "waste": [CODE[c] for c in self.waste],
            "grid": grid,
            "phase": self.phase,
            "removed": [CODE[c] for c in self.removed],
        }

    def load_fields(self, data: dict[str, Any]) -> None:
        stock = card_list(field(data, "stock", list, "a list of card codes"), "the stock")
        waste = card_list(field(data, "waste", list, "a list of card codes"), "the waste")
        if len(waste) > 1:
            raise ValueError(f"Camelot's waste holds at most one card; the position has {len(waste)}")
        rows = field(data, "grid", list, "a list of four rows of four cells")
        if len(rows) != 4 or any(not isinstance(row, list) or len(row) != 4 for row in rows):
            raise ValueError("the position's 'grid' must be four rows of four cells (a card code or null)")
        grid = []
        for index, code in enumerate(c for row in rows for c in row):
            if code is None:
                grid.append(EMPTY)
                continue
            try:
                card = parse_card(code)
            except ValueError as error:
                raise ValueError(f"in cell {CELLS[index]}: {error}") from None
            if index not in allowed_cells(card):
                raise ValueError(f"the {card_label(card)} cannot be in {CELLS[index]}: {_COURT_RULE[RANK[card]]}")
            grid.append(card)
        removed = card_list(field(data, "removed", list, "a list of card codes"), "the removed cards")
        self._check_removed(removed)
        check_full_deck(stock + waste + [c for c in grid if c != EMPTY] + removed)
        phase = field(data, "phase", str, "'fill' or 'remove'")
        if phase not in ("fill", "remove"):
            raise ValueError(f"the position's phase must be 'fill' or 'remove', not {short(phase)}")
        if waste and phase == "remove":
            raise ValueError("a card on the waste must be placed before anything is removed, so the phase is "
                             "'fill' while the waste holds a card")
        if phase == "fill" and not waste and (EMPTY not in grid or not stock):
            raise ValueError("with a full grid, or a spent stock and an empty waste, the phase is 'remove'")
        self.stock[:], self.waste[:], self.grid[:] = stock, waste, grid
        self.removed[:] = removed
        self.phase = phase

    @staticmethod
    def _check_removed(removed: list[int]) -> None:
        """The removed cards must be Tens and pairs that add up to ten: no court card, and matching counts."""
        ranks = [RANK[c] for c in removed]
        if any(r > 10 for r in ranks):
            raise ValueError("court cards are never removed, but the position's 'removed' lists "
                             + " ".join(CODE[c] for c in removed if RANK[c] > 10))
        for low in range(1, 5):
            if ranks.count(low) != ranks.count(10 - low):
                raise ValueError(f"the removed cards cannot all have gone in pairs adding up to ten: "
                                 f"{ranks.count(low)} of rank {low} but {ranks.count(10 - low)} of rank {10 - low}")
        if ranks.count(5) % 2:
            raise ValueError("the removed cards include an odd number of Fives, but Fives go in pairs")

    def copy(self) -> CamelotEngine:
        other = CamelotEngine(self.rules, self.options)
        other.stock[:], other.waste[:], other.grid[:] = self.stock, self.waste, self.grid
        other.removed[:] = self.removed
        other.phase = self.phase
        return other

    def foundation_move(self, index: int) -> Move | None:
        return None
