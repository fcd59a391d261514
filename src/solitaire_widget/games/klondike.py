"""The Klondike family: Athena, Thumb and Pouch, Aunt Mary and Klondike, played from one table of rules.

State is kept as plain lists of card integers (see :mod:`solitaire_widget.cards`), one list per pile, indexed like
:data:`~solitaire_widget.moves.PILES` (stock, waste, f1..f4, t1..tn). A face-down tableau card is stored as
``card + DOWN``, so "is it face up?" is ``c < DOWN`` and the hot loops never touch an object.

Moves are applied in place and taken back with a small token (how many cards a deal turned, whether a move turned
a face-down card up), which is what makes unlimited undo, the solver and random play cheap.
"""

from __future__ import annotations

from typing import Any

from ..cards import CODE, KING, RANK, RED, SUIT, card_label, card_with_article, parse_card, rank_words
from ..checks import short
from ..deals import lay_out
from ..i18n import gettext as _
from ..i18n import ngettext
from ..moves import FOUNDATION0, PILES, TABLEAU0, Move
from ..variants import VariantRules
from . import compiled
from .base import card_list, check_full_deck, count_field, field

DOWN = 64
STOCK, WASTE = 0, 1
#: The most redeals a position with unlimited redeals may say were made.
MAX_REDEALS = 1_000_000
_FOUNDATIONS = range(FOUNDATION0, TABLEAU0)
_MAX_RUN = 13


def _fits_table(build: str) -> tuple[frozenset[int], ...]:
    """``ON[b]``: the cards that may be placed on card ``b`` in the tableau."""
    def fits(a: int, b: int) -> bool:
        if RANK[a] + 1 != RANK[b]:
            return False
        return SUIT[a] != SUIT[b] if build == "other-suit" else RED[a] != RED[b]

    return tuple(frozenset(a for a in range(52) if fits(a, b)) for b in range(52))


_ON = {build: _fits_table(build) for build in ("alternate-colour", "other-suit")}
# _FITS[build][a * 52 + b]: 1 when card ``a`` may be placed on card ``b`` (the compiled path's form of _ON).
_FITS = {build: bytes(int(a in on[b]) for a in range(52) for b in range(52)) for build, on in _ON.items()}
# _MOVES[s][d][n]: the interned move of n cards from pile s to pile d, so move generation builds no objects.
# (Typed without its Nones: n = 0, no move, is never looked up.)
_MOVES: list[list[list[Move]]] = [[[Move.move(s, d, n) if n else None for n in range(_MAX_RUN + 1)] for d in PILES] for s in PILES]  # type: ignore[misc]
_DEAL, _REDEAL = Move.deal(), Move.redeal()


class KlondikeEngine:
    """One position of a Klondike-family game, with its rules."""

    def __init__(self, rules: VariantRules, options: dict[str, int]) -> None:
        self.rules = rules
        self.options = options
        self.draw = options["draw"]
        self.redeals = options["redeals"]  # -1: unlimited
        self.columns = rules.columns
        self._on = _ON[rules.build]
        self._fits = _FITS[rules.build]
        self._any_empty = rules.empty_column == "any"
        self._core = compiled.core()
        self.stock: list[int] = []
        self.waste: list[int] = []
        self.piles: list[list[int]] = [self.stock, self.waste] + [[] for _ in range(4 + self.columns)]
        self.redeals_used = 0
        self.score = 0

    # Setting up ---------------------------------------------------------------------------------------------

    def deal_from(self, order: list[int]) -> None:
        """Lay out a fresh game from the cards in dealing order."""
        tableau, stock = lay_out(self.rules.layout, self.columns, order)
        self._set_stock(stock, [])
        for i, column in enumerate(tableau):
            self.piles[TABLEAU0 + i][:] = [c if up else c + DOWN for c, up in column]

    def _set_stock(self, stock: list[int], waste: list[int]) -> None:
        self.stock[:] = stock
        self.waste[:] = waste

    @property
    def pile_names(self) -> tuple[str, ...]:
        return PILES[: TABLEAU0 + self.columns]

    # Reading ------------------------------------------------------------------------------------------------

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def redeals_left(self) -> int | None:
        return None if self.redeals < 0 else self.redeals - self.redeals_used

    def _can_redeal(self) -> bool:
        return self.redeals < 0 or self.redeals_used < self.redeals

    def cards_in(self, index: int) -> list[str]:
        return [CODE[c] if c < DOWN else CODE[c - DOWN].lower() for c in self.piles[index]]

    def _run_start(self, column: list[int]) -> int:
        """Index of the lowest card of the built, face-up run on top of ``column`` (which is not empty)."""
        on = self._on
        i = len(column) - 1
        while i > 0:
            below = column[i - 1]
            if below >= DOWN or column[i] not in on[below]:
                break
            i -= 1
        return i

    def _home(self, card: int) -> int:
        """The foundation ``card`` may go up to, or -1. An Ace goes to the first empty foundation."""
        piles = self.piles
        if RANK[card] == 1:
            for f in _FOUNDATIONS:
                if not piles[f]:
                    return f
            return -1
        below = card - 1
        for f in _FOUNDATIONS:
            pile = piles[f]
            if pile and pile[-1] == below:
                return f
        return -1

    # Moves ---------------------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order: up to the foundations (from the waste, then t1, t2...), within
        the tableau (by source column, longer groups first), from the waste, down from the foundations, then
        the stock.

        Two kinds of legal move are left out, as FORMAT.md allows, because they only change which pile of a kind
        holds the same cards: an Ace going up to any empty foundation but the first, and a whole face-up column
        moving into an empty column. :meth:`reason` accepts both.

        The compiled fast path (:mod:`~solitaire_widget.games.compiled`) answers the same list when it is built;
        :meth:`legal_moves_python` is the reference it is checked against.
        """
        core = self._core
        if core is not None:
            return core.klondike_legal(  # type: ignore[no-any-return]  # the compiled core: untyped
                self.piles, self.columns, self._fits, self._any_empty, self._can_redeal(), _MOVES, _DEAL, _REDEAL)
        return self.legal_moves_python()

    def legal_moves_python(self) -> list[Move]:
        """:meth:`legal_moves`, in Python: the rules' reference."""
        piles, on, moves_table = self.piles, self._on, _MOVES
        first_t, last_t = TABLEAU0, TABLEAU0 + self.columns
        out: list[Move] = []
        append = out.append
        # Where each top card is, so that a card finds the piles it may go on by look-up, not by search.
        home: dict[int, int] = {}
        first_empty = -1
        for f in _FOUNDATIONS:
            pile = piles[f]
            if pile:
                home[pile[-1] + 1] = f  # the card that goes next on f (a King's "next" is never asked for)
            elif first_empty < 0:
                first_empty = f
        top_at: dict[int, int] = {}
        empties: list[int] = []
        for d in range(first_t, last_t):
            column = piles[d]
            if column:
                top_at[column[-1]] = d
            else:
                empties.append(d)
        # wanted[c]: the columns whose top card ``c`` may go on, in the order of those top cards (as ``under``
        # lists them). One look-up per card then finds every place it fits.
        wanted: dict[int, list[int]] = {}
        for top in sorted(top_at):
            d = top_at[top]
            for card in on[top]:
                places = wanted.get(card)
                if places is None:
                    wanted[card] = [d]
                else:
                    places.append(d)
        # To the foundations: the waste's top card and each column's top card.
        for s in (WASTE, *range(first_t, last_t)):
            pile = piles[s]
            if pile:
                card = pile[-1]
                f = first_empty if RANK[card] == 1 else home.get(card, -1)
                if f >= 0:
                    append(moves_table[s][f][1])
        # Within the tableau: every card of the built run on top of a column, onto every column it fits.
        any_empty = self._any_empty
        for s in range(first_t, last_t):
            column = piles[s]
            if not column:
                continue
            n = len(column)
            start = n - 1
            while start > 0:
                below = column[start - 1]
                if below >= DOWN or column[start] not in on[below]:
                    break
                start -= 1
            row = moves_table[s]
            for i in range(start, n):
                places = wanted.get(column[i])
                if places is not None:
                    for d in places:
                        append(row[d][n - i])
            if empties:
                if any_empty:
                    for d in empties:
                        for i in range(start or 1, n):
                            append(row[d][n - i])
                elif start > 0 and RANK[column[start]] == KING:
                    for d in empties:
                        append(row[d][n - start])
        # From the waste, then down from the foundations.
        for s in (WASTE, *_FOUNDATIONS):
            pile = piles[s]
            if not pile:
                continue
            card = pile[-1]
            row = moves_table[s]
            places = wanted.get(card)
            if places is not None:
                for d in places:
                    append(row[d][1])
            if empties and (any_empty or RANK[card] == KING):
                for d in empties:
                    append(row[d][1])
        if self.stock:
            append(_DEAL)
        elif self.waste and self._can_redeal():
            append(_REDEAL)
        return out

    def apply(self, move: Move) -> Any:
        """Play a legal ``move`` in place; answers the token :meth:`unapply` needs to take it back."""
        kind = move.kind
        if kind == "move":
            s, d, n = move._s, move._d, move.count  # type: ignore[attr-defined]  # Move's private fields (moves.py)
            piles = self.piles
            src, dst = piles[s], piles[d]
            if n == 1:
                dst.append(src.pop())
            else:
                dst.extend(src[-n:])
                del src[-n:]
            if TABLEAU0 > d >= FOUNDATION0:
                self.score += 1
            elif TABLEAU0 > s >= FOUNDATION0:
                self.score -= 1
            if src and src[-1] >= DOWN:
                src[-1] -= DOWN
                return True
            return False
        if kind == "deal":
            stock, waste = self.stock, self.waste
            n = min(self.draw, len(stock))
            for _ in range(n):
                waste.append(stock.pop())
            return n
        # redeal: the waste, turned over, becomes the stock
        self.waste.reverse()
        self.stock, self.waste = self.waste, self.stock
        self.piles[STOCK], self.piles[WASTE] = self.stock, self.waste
        self.redeals_used += 1
        return None

    def unapply(self, move: Move, token: Any) -> None:
        """Take back ``move``, which was the last move applied, with the token :meth:`apply` gave."""
        kind = move.kind
        if kind == "move":
            s, d, n = move._s, move._d, move.count  # type: ignore[attr-defined]  # Move's private fields (moves.py)
            piles = self.piles
            src, dst = piles[s], piles[d]
            if token:
                src[-1] += DOWN
            if n == 1:
                src.append(dst.pop())
            else:
                src.extend(dst[-n:])
                del dst[-n:]
            if TABLEAU0 > d >= FOUNDATION0:
                self.score -= 1
            elif TABLEAU0 > s >= FOUNDATION0:
                self.score += 1
        elif kind == "deal":
            stock, waste = self.stock, self.waste
            for _ in range(token):
                stock.append(waste.pop())
        else:
            self.stock.reverse()
            self.stock, self.waste = self.waste, self.stock
            self.piles[STOCK], self.piles[WASTE] = self.stock, self.waste
            self.redeals_used -= 1

    # What the player has been shown ---------------------------------------------------------------------------

    def visible(self) -> int:
        """The cards face up now, as a bit mask (bit ``c`` for card ``c``): waste, foundations, face-up tableau.

        A position given from outside may be in a later pass; the stock then holds only cards the waste showed in
        an earlier pass, so they count as seen too (a redeal turns the waste over, it does not shuffle it).
        """
        mask = 0
        piles = self.piles
        for pile in piles[WASTE:]:
            for card in pile:
                if card < DOWN:
                    mask |= 1 << card
        if self.redeals_used:
            for card in self.stock:
                mask |= 1 << card
        return mask

    def revealed(self, move: Move, token: Any) -> int:
        """The cards ``move`` (just applied, with its ``token``) turned face up, as a bit mask: those dealt onto
        the waste, or the face-down card it uncovered in a column."""
        kind = move.kind
        if kind == "move":
            return 1 << self.piles[move._s][-1] if token else 0  # type: ignore[attr-defined]  # Move's private fields (moves.py)
        if kind == "deal":
            mask = 0
            for card in self.waste[len(self.waste) - token:]:
                mask |= 1 << card
            return mask
        return 0

    def masked_fields(self, seen: int) -> dict[str, Any]:
        """:meth:`position_fields` with every card not in ``seen`` (a bit mask) written as ``None``.

        A face-down tableau card that was seen (turned up, then down again by an undo) keeps its lower-case code,
        and so does a seen stock card, in upper case as in a position: its place in the stock is known.
        """
        def code(card: int) -> str | None:
            return CODE[card] if seen >> card & 1 else None

        tableau = []
        for t in range(TABLEAU0, TABLEAU0 + self.columns):
            tableau.append([CODE[c] if c < DOWN else (CODE[c - DOWN].lower() if seen >> (c - DOWN) & 1 else None)
                            for c in self.piles[t]])
        return {
            "stock": [code(c) for c in self.stock],
            "waste": [CODE[c] for c in self.waste],
            "foundations": [[CODE[c] for c in self.piles[f]] for f in _FOUNDATIONS],
            "tableau": tableau,
            "redeals_used": self.redeals_used,
        }

    def put_unseen(self, places: tuple[tuple[str, int], ...], cards: list[int]) -> None:
        """Put ``cards`` in ``places`` (``("stock", 3)``, ``("t2", 0)``: pile and index from the bottom), face down
        in the tableau: how a position is sampled from what a player knows (:mod:`solitaire_widget.knowledge`)."""
        piles = self.piles
        for (pile, index), card in zip(places, cards, strict=True):
            if pile == "stock":
                piles[STOCK][index] = card
            else:
                piles[TABLEAU0 + int(pile[1:]) - 1][index] = card + DOWN

    # Explanations --------------------------------------------------------------------------------------------
    # Every sentence is whole, with named placeholders, so that each language translates it as a whole (see
    # solitaire_widget.i18n). Piles are named by their notation (t3, f1), which every language keeps.

    def reason(self, move: Move) -> str | None:
        """``None`` when ``move`` is legal here; otherwise the rule it breaks, in words a learner understands.

        The game's name is looked up in the language in force only for a refusal that names it: a legal move is
        checked on every play of a game whose legal moves were not listed first (the advice's sampled games), and
        the look-up would cost more than the check."""
        kind = move.kind
        if kind in ("place", "remove"):
            title = self.rules.local_title
            if kind == "place":
                return _("{game} has no 'place' moves: placing and removing belong to Camelot.").format(game=title)
            return _("{game} has no 'remove' moves: placing and removing belong to Camelot.").format(game=title)
        if kind == "deal":
            if self.stock:
                return None
            if self.waste and self._can_redeal():
                return _("The stock is empty: redeal to turn the waste back over, then deal again.")
            return _("The stock is empty and no redeal is left: there is nothing more to deal.")
        if kind == "redeal":
            if self.stock:
                left = len(self.stock)
                return ngettext("A redeal is allowed only once the stock is empty; it still holds {count} card.",
                                "A redeal is allowed only once the stock is empty; it still holds {count} cards.",
                                left).format(count=left)
            if not self.waste:
                return _("There is nothing to redeal: the waste is empty.")
            if not self._can_redeal():
                return self._no_redeal_text()
            return None
        return self._move_reason(move)

    def _no_redeal_text(self) -> str:
        title = self.rules.local_title
        if self.redeals == 0:
            return _("No redeal is allowed in this game of {game}: the stock goes round only once.").format(game=title)
        passes = self.redeals + 1
        return ngettext("No redeal is left: {game} allows {count} pass through the stock in all.",
                        "No redeal is left: {game} allows {count} passes through the stock in all.",
                        passes).format(game=title, count=passes)

    def _move_reason(self, move: Move) -> str | None:
        s, d, n = move._s, move._d, move.count  # type: ignore[attr-defined]  # Move's private fields (moves.py)
        last = TABLEAU0 + self.columns
        for index, name in ((s, move.src), (d, move.dst)):
            if index >= last:
                title = self.rules.local_title
                return ngettext("{game} has {count} columns, t1 to t{count}: there is no {pile}.",
                                "{game} has {count} columns, t1 to t{count}: there is no {pile}.", self.columns).format(
                    game=title, count=self.columns, pile=name)
        if s == d:
            return _("A card cannot be moved onto the pile it is already on.")
        if s == STOCK:
            return _("Cards never move straight out of the stock: deal them onto the waste first.")
        if d == STOCK:
            return _("Nothing can be put on the stock: the waste only takes cards dealt from the stock, and the stock "
                     "only gets the waste back by a redeal.")
        if d == WASTE:
            return _("Nothing can be put on the waste: the waste only takes cards dealt from the stock, and the stock "
                     "only gets the waste back by a redeal.")
        src = self.piles[s]
        if not src:
            if s == WASTE:
                return _("There is no card to move: the waste is empty.")
            return _("There is no card to move: {pile} is empty.").format(pile=move.src)
        if s == WASTE and n > 1:
            return _("Only the top card of the waste can be played, one card at a time.")
        if FOUNDATION0 <= s < TABLEAU0:
            if d < TABLEAU0:
                return _("Moving a card from one foundation to another changes nothing, so it is not a move.")
            if n > 1:
                return _("Cards come down from a foundation one at a time.")
        else:
            text = self._group_reason(src, move.src, n)
            if text:
                return text
        card = src[-n]
        if d < TABLEAU0:
            return self._foundation_reason(card, move.dst, self.piles[d], n)
        return self._tableau_reason(card, move.dst, self.piles[d], n)

    def _group_reason(self, column: list[int], name: str | None, n: int) -> str | None:
        if n > len(column):
            return ngettext("{pile} holds only {count} card; it cannot give {wanted}.",
                            "{pile} holds only {count} cards; it cannot give {wanted}.",
                            len(column)).format(pile=name, count=len(column), wanted=n)
        if any(c >= DOWN for c in column[-n:]):
            return ngettext("The top card of {pile} is face down; only face-up cards can move, and a face-down card "
                            "turns up only when it is uncovered.",
                            "The {count} top cards of {pile} include a face-down card; only face-up cards can move, "
                            "and a face-down card turns up only when it is uncovered.", n).format(count=n, pile=name)
        if n > 1 and self._run_start(column) > len(column) - n:
            if self.rules.build == "other-suit":
                text = ngettext("The {count} top cards of {pile} are not built down by one, in any suit other than "
                                "the card's own, so they cannot move together in {game}.",
                                "The {count} top cards of {pile} are not built down by one, in any suit other than "
                                "the card's own, so they cannot move together in {game}.", n)
            else:
                text = ngettext("The {count} top cards of {pile} are not built down by one, in alternating colours, "
                                "so they cannot move together in {game}.",
                                "The {count} top cards of {pile} are not built down by one, in alternating colours, "
                                "so they cannot move together in {game}.", n)
            return text.format(count=n, pile=name, game=self.rules.local_title)
        return None

    def _foundation_reason(self, card: int, name: str | None, pile: list[int], n: int) -> str | None:
        if n > 1:
            return _("Cards go up to a foundation one at a time.")
        if not pile:
            if RANK[card] == 1:
                return None
            return _("Only an Ace can start an empty foundation; the {card} cannot.").format(card=card_label(card))
        top = pile[-1]
        if card == top + 1 and RANK[card] != 1:
            return None
        if RANK[top] == KING:
            return _("{pile} is complete, from Ace to King: nothing more goes on it.").format(pile=name)
        return _("The {card} cannot go on {pile}, which has the {top} on top: a foundation builds up in suit, so the "
                 "{next} goes there next.").format(card=card_label(card), pile=name, top=card_label(top),
                                                   next=card_label(top + 1))

    def _tableau_reason(self, card: int, name: str | None, column: list[int], n: int) -> str | None:
        if not column:
            if self._any_empty or RANK[card] == KING:
                return None
            title = self.rules.local_title
            if n == 1:
                text = _("Only a King, or a group headed by a King, may fill an empty column in {game}; this card, the "
                         "{card}, may not.")
            else:
                text = _("Only a King, or a group headed by a King, may fill an empty column in {game}; this group "
                         "headed by the {card} may not.")
            return text.format(game=title, card=card_label(card))
        top = column[-1]
        if top >= DOWN:  # only in a position given from outside; the rules never leave one
            return _("The top card of {pile} is face down: nothing can be placed on it.").format(pile=name)
        if card in self._on[top]:
            return None
        words = {"card": card_label(card), "a_card": card_with_article(card, capital=True), "top": card_label(top),
                 "game": self.rules.local_title}
        if RANK[top] == 1:
            return _("Nothing can be built on an Ace in the tableau; the {card} cannot go on the {top}.").format(
                **words)
        if RANK[card] + 1 != RANK[top]:
            return _("{a_card} cannot go on the {top}: the tableau builds down by one, so only {lower} goes on "
                     "{higher}.").format(**words, lower=rank_words(RANK[top] - 1, "subject"),
                                         higher=rank_words(RANK[top], "onto"))
        if self.rules.build == "other-suit":
            return _("{a_card} cannot go on the {top} in {game}: a card must be of a different suit from the card it "
                     "is placed on.").format(**words)
        return _("{a_card} cannot go on the {top} in {game}: the tableau builds in alternating colours, red on black "
                 "and black on red.").format(**words)

    def explain_legal(self, move: Move) -> str:
        """Why a legal ``move`` is allowed, in the same plain words as the refusals."""
        if move.kind == "deal":
            turned = min(self.draw, len(self.stock))
            left: int | None = len(self.stock) - turned
            if turned == 1:
                return _("Dealing turns the stock's top card face up onto the waste ({left} left in the stock)."
                         ).format(left=left)
            return _("Dealing turns the stock's top {count} cards face up onto the waste ({left} left in the stock)."
                     ).format(count=turned, left=left)
        if move.kind == "redeal":
            left = self.redeals_left
            if left is None:
                return _("The stock is empty, so the waste turns back over to make a new stock (unlimited redeals).")
            return ngettext("The stock is empty, so the waste turns back over to make a new stock ({count} redeal "
                            "left).",
                            "The stock is empty, so the waste turns back over to make a new stock ({count} redeals "
                            "left).", left - 1).format(count=left - 1)
        s, d, n = move._s, move._d, move.count  # type: ignore[attr-defined]  # Move's private fields (moves.py)
        src = self.piles[s]
        card = src[-n]
        words = {"card": card_label(card), "count": n, "from": move.src, "to": move.dst}
        if d < TABLEAU0:
            dst = self.piles[d]
            if s == WASTE:
                text = (_("The {card} goes from the waste up to {to}: an Ace starts an empty foundation.") if not dst
                        else _("The {card} goes from the waste up to {to}: it follows the {top} up in suit."))
            else:
                text = (_("The {card} goes from {from} up to {to}: an Ace starts an empty foundation.") if not dst
                        else _("The {card} goes from {from} up to {to}: it follows the {top} up in suit."))
            text = text.format(**words, top=card_label(dst[-1]) if dst else "")
        else:
            text = self._explain_to_column(s, d, n, words)
            if FOUNDATION0 <= s < TABLEAU0:
                text += " " + _("A card may come back down from a foundation (the score drops by one).")
        if s >= TABLEAU0 and len(src) > n and src[-n - 1] >= DOWN:
            text += " " + _("The face-down card under it in {pile} turns up.").format(pile=move.src)
        return text

    def _explain_to_column(self, s: int, d: int, n: int, words: dict[str, Any]) -> str:
        """Why a legal move onto column ``d`` is allowed (its first sentence)."""
        column = self.piles[d]
        game = self.rules.local_title
        if not column:
            if self._any_empty:
                if n > 1:
                    text = ngettext("The group of {count} headed by the {card} goes from {from} to the empty column "
                                    "{to}: in {game}, any card or group may fill an empty column.",
                                    "The group of {count} headed by the {card} goes from {from} to the empty column "
                                    "{to}: in {game}, any card or group may fill an empty column.", n)
                elif s == WASTE:
                    text = _("The {card} goes from the waste to the empty column {to}: in {game}, any card or group "
                             "may fill an empty column.")
                else:
                    text = _("The {card} goes from {from} to the empty column {to}: in {game}, any card or group may "
                             "fill an empty column.")
            elif n > 1:
                text = ngettext("The group of {count} headed by the {card} goes from {from} to the empty column {to}: "
                                "in {game}, a King may fill an empty column.",
                                "The group of {count} headed by the {card} goes from {from} to the empty column {to}: "
                                "in {game}, a King may fill an empty column.", n)
            elif s == WASTE:
                text = _("The {card} goes from the waste to the empty column {to}: in {game}, a King may fill an "
                         "empty column.")
            else:
                text = _("The {card} goes from {from} to the empty column {to}: in {game}, a King may fill an empty "
                         "column.")
            return text.format(**words, game=game)
        other_suit = self.rules.build == "other-suit"
        if n > 1:
            text = (ngettext("The group of {count} headed by the {card} goes from {from} onto the {top} in {to}: one "
                             "rank lower and of a different suit.",
                             "The group of {count} headed by the {card} goes from {from} onto the {top} in {to}: one "
                             "rank lower and of a different suit.", n) if other_suit else
                    ngettext("The group of {count} headed by the {card} goes from {from} onto the {top} in {to}: one "
                             "rank lower and of the other colour.",
                             "The group of {count} headed by the {card} goes from {from} onto the {top} in {to}: one "
                             "rank lower and of the other colour.", n))
        elif s == WASTE:
            text = (_("The {card} goes from the waste onto the {top} in {to}: one rank lower and of a different suit.")
                    if other_suit else
                    _("The {card} goes from the waste onto the {top} in {to}: one rank lower and of the other colour."))
        else:
            text = (_("The {card} goes from {from} onto the {top} in {to}: one rank lower and of a different suit.")
                    if other_suit else
                    _("The {card} goes from {from} onto the {top} in {to}: one rank lower and of the other colour."))
        return text.format(**words, top=card_label(column[-1]))

    # Game over -------------------------------------------------------------------------------------------------

    def is_won(self) -> bool:
        return self.score == 52

    def is_stuck(self, limit: int = 2000) -> bool:
        """No move is left that leads anywhere new (RULES.md's "stuck").

        The stock must be spent. Then every position reachable by moves within the tableau and to or from the
        foundations is searched (at most ``limit`` of them): if none of them allows a move from the waste, turns a
        face-down card up, or has more cards on the foundations than now, the game is stuck. Past the limit the
        answer is "not stuck", which is never wrong about a game that can go on.
        """
        if self.stock or (self.waste and self._can_redeal()):
            return False
        start_score = self.score
        seen = {self._shuffle_key()}
        # Depth-first, with an explicit stack (the search can go deeper than Python's call stack): ``frames[k]``
        # lists the moves still to try at depth k, and ``path[k]`` is the move (and token) that led to depth k + 1.
        # Each position's moves are first scanned for a step that gives something new, so that progress one move
        # away is found before the search wanders deep into shuffles.
        moves = self.legal_moves()
        if self._gives_something(moves, start_score):
            return False
        frames = [iter(moves)]
        path: list[tuple[Move, Any]] = []
        try:
            while frames:
                move = next(frames[-1], None)
                if move is None:
                    frames.pop()
                    if path and len(path) == len(frames):
                        self.unapply(*path.pop())
                    continue
                path.append((move, self.apply(move)))
                key = self._shuffle_key()
                if key in seen:
                    self.unapply(*path.pop())
                    continue
                if len(seen) >= limit:
                    return False
                seen.add(key)
                moves = self.legal_moves()
                if self._gives_something(moves, start_score):
                    return False
                frames.append(iter(moves))
            return True
        finally:
            while path:
                self.unapply(*path.pop())

    def _gives_something(self, moves: list[Move], start_score: int) -> bool:
        """Whether one of ``moves`` deals, plays from the waste, turns a card up, or raises the score above
        ``start_score`` (a card that had not been up before goes up)."""
        for move in moves:
            if move.kind != "move" or move._s == WASTE:  # type: ignore[attr-defined]  # Move's private fields (moves.py)
                return True
            token = self.apply(move)
            better = token or self.score > start_score
            self.unapply(move, token)
            if better:
                return True
        return False

    def _shuffle_key(self) -> tuple[tuple[int, ...], ...]:
        """The position up to the order of columns and of foundations, which shuffles cannot make matter."""
        return tuple(sorted(tuple(p) for p in self.piles[FOUNDATION0:TABLEAU0 + self.columns]))

    # Positions -------------------------------------------------------------------------------------------------

    def position_fields(self) -> dict[str, Any]:
        return {
            "stock": [CODE[c] for c in self.stock],
            "waste": [CODE[c] for c in self.waste],
            "foundations": [[CODE[c] for c in self.piles[f]] for f in _FOUNDATIONS],
            "tableau": [self.cards_in(t) for t in range(TABLEAU0, TABLEAU0 + self.columns)],
            "redeals_used": self.redeals_used,
        }

    def load_fields(self, data: dict[str, Any]) -> None:
        """Set this engine to the position ``data``, checking that it is a real game of this variant."""
        stock = card_list(field(data, "stock", list, "a list of card codes"), "the stock")
        waste = card_list(field(data, "waste", list, "a list of card codes"), "the waste")
        foundations = field(data, "foundations", list, "a list of four foundations")
        if len(foundations) != 4:
            raise ValueError(f"the position has {len(foundations)} foundations; every game has four")
        found = [card_list(pile, f"foundation f{i + 1}") for i, pile in enumerate(foundations)]
        for i, pile in enumerate(found):
            for depth, card in enumerate(pile):
                if RANK[card] != depth + 1 or SUIT[card] != SUIT[pile[0]]:
                    raise ValueError(f"foundation f{i + 1} is out of order ({' '.join(CODE[c] for c in pile)}): "
                                     "a foundation holds one suit, from the Ace up")
        tableau = field(data, "tableau", list, f"a list of {self.columns} columns")
        if len(tableau) != self.columns:
            raise ValueError(f"{self.rules.title} has {self.columns} columns; the position has {len(tableau)}")
        columns = []
        for i, column in enumerate(tableau):
            if not isinstance(column, list):
                raise ValueError(f"column t{i + 1} must be a list of card codes, not {short(column)}")
            try:
                parsed = [parse_card(code, allow_face_down=True) for code in column]
            except ValueError as error:
                raise ValueError(f"in column t{i + 1}: {error}") from None
            if parsed and not parsed[-1][1]:
                raise ValueError(f"the top card of column t{i + 1} is face down; a card left on top of a column "
                                 "is always turned face up")
            columns.append([c if up else c + DOWN for c, up in parsed])
        check_full_deck(stock + waste + [c for p in found for c in p] + [c % DOWN for col in columns for c in col])
        used = count_field(data, "redeals_used", "the number of redeals made")
        if 0 <= self.redeals < used:
            raise ValueError(f"the position has made {used} redeals, but the game allows {self.redeals}")
        if used > MAX_REDEALS:
            raise ValueError(f"the position has made {used:,} redeals; this version reads at most {MAX_REDEALS:,}, "
                             "far more than any game makes")
        self._set_stock(stock, waste)
        for i, pile in enumerate(found):
            self.piles[FOUNDATION0 + i][:] = pile
        for i, column in enumerate(columns):
            self.piles[TABLEAU0 + i][:] = column
        self.redeals_used = used
        self.score = sum(len(p) for p in found)

    def copy(self) -> KlondikeEngine:
        other = KlondikeEngine(self.rules, self.options)
        other._set_stock(self.stock, self.waste)
        for i in range(FOUNDATION0, TABLEAU0 + self.columns):
            other.piles[i][:] = self.piles[i]
        other.redeals_used, other.score = self.redeals_used, self.score
        return other

    def foundation_move(self, index: int) -> Move | None:
        """The move sending the top card of pile ``index`` up to a foundation, if there is one."""
        if index not in (WASTE, *range(TABLEAU0, TABLEAU0 + self.columns)):
            return None
        pile = self.piles[index]
        if not pile or pile[-1] >= DOWN:
            return None
        f = self._home(pile[-1])
        return _MOVES[index][f][1] if f >= 0 else None
