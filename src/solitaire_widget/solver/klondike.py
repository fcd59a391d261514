"""Exact search for the Klondike family: Athena, Thumb and Pouch, Aunt Mary and Klondike.

The search is a depth-first search over a compact, mutable state, with make/unmake instead of copying and a
table of visited states. Winnability is a reachability question (is a won state reachable?), so a state that was
seen once never needs to be searched again: either it is still being searched further up the current path, or its
whole subtree is known to hold no win. "Unwinnable" is therefore a proof by exhausted search.

State layout (chosen for the hot loop, not for reading):

* ``cols``: one list of ints per column, bottom to top. A card is ``suit * 13 + rank - 1`` (see
  :mod:`solitaire_widget.cards`); a face-down card has :data:`DOWN` added. The top card is always face up: a move
  that leaves a face-down card on top turns it over, as the rules do.
* ``found``: the top rank (0 to 13) of each suit's foundation, indexed by suit. Which foundation pile holds which
  suit does not matter to the rules, so it is only tracked when the line is turned back into public moves.
* ``talon``: the cards of the stock and the waste together, in the order dealing reaches them; the first ``pos``
  of them form the waste (``talon[pos - 1]`` is its top card) and the rest the stock. A redeal keeps the order and
  sets ``pos`` back to 0. Removing a waste card is ``talon.pop(pos - 1)``.

Reductions, each of which keeps the search exact:

* **Canonical states.** The table key sorts the columns, so states that differ only in the order of the columns
  are searched once; foundation order is already gone from the layout. The stock and waste cards are whatever is
  in neither the tableau nor the foundations, so beyond that only ``pos`` and the redeals used matter, and
  those as a cost (see ``KlondikeState.cost``): a state is not searched when one with the same key and fewer
  redeals used was, or as many redeals used and (with one-card deals, or three-card deals with unlimited
  redeals) no bigger waste.
* **Compressed stock.** Dealing and redealing do not touch the tableau or the foundations, so in any winning line
  the deals can be postponed until just before the waste card is played. One internal move therefore stands for
  "deal (and redeal if needed) until card X is on top of the waste, then play X", for every X reachable that way.
  Crossing a redeal once is enough (a second redeal reaches no new card) and is only offered for cards the current
  pass cannot reach, so the pass count is always respected and never wasted.
* **Safe foundation moves** are made at once, without branching. A card of rank r goes up safely when every card
  that could ever be stacked above it on the tableau is already on the foundations. With alternating colours that
  is the opposite colour up to r - 1 and the other suit of the same colour up to r - 2; with "any other suit" all
  three other suits up to r - 1. Then every card of rank up to r - 2 (and every card that fits on the r) is up,
  so the card can only ever hold cards taken back down from the foundations, which never help a card still in
  play: keeping it up loses nothing, even though cards may come back down. From the waste this is only done with
  one-card deals; with three-card deals removing a waste card shifts which cards later deals reach.
* **Preparing moves wait for their use.** A tableau move that leaves a face-up card on top, a card taken down
  from a foundation, and (when every stock card is always at hand) a stock card laid out only prepare a later
  move; they are offered only while that later move can still happen without a face-down card being turned
  first (see ``KlondikeState._prepares``). This is what stops face-up cards being shuffled to and fro for nothing.
* **Pointless moves** are not generated: a whole column into an empty column, and the same group into each of
  several empty columns (they are all alike).
* **Locked cards.** At the first state, and after each move from the stock at the last pass, a quick relaxed
  check looks for a card that can never leave its place (see ``KlondikeState.locked``); such a state is lost,
  and the search treats it as having no move. Some deals are proved unwinnable that way at once, and last-pass
  states without their whole subtree.
"""

from __future__ import annotations

from typing import Any

from ..cards import RANK, RED, SUIT, parse_card
from ..games.klondike import DOWN as ENGINE_DOWN

#: Added to a card's number to mark it face down in the tableau: the rules engine's own mark, so that a state can
#: be built from its piles as they are (:meth:`KlondikeState.of_piles`).
DOWN = ENGINE_DOWN

#: Per variant: (alternating colours?, only a King may fill an empty column?, rearrange before using the stock?).
#: The last one is a choice of move order, not a rule of the game (see ``KlondikeState.moves``).
FAMILY_RULES: dict[str, tuple[bool, bool, bool]] = {
    "athena": (True, True, True),
    "thumb-and-pouch": (False, False, False),
    "aunt-mary": (True, True, True),
    "klondike": (True, True, True),
}

#: Where a guide's move goes when not onto a card (a card's own number): see :meth:`KlondikeState.signature`.
ONTO_FOUNDATION, ONTO_EMPTY = 52, 53

_SEPARATOR = b"\xff"
_MASK64 = (1 << 64) - 1
# Spreads the perturbation's seed over 64 bits: 2**64 over the golden ratio, an odd number, so seeds that differ
# modulo 2**64 get different generator states, and only a seed of 0 (modulo 2**64) gets 0, the plain order.
_GOLDEN = 0x9E3779B97F4A7C15
_ALL_UP = [13, 13, 13, 13]
# Shared cost pairs (redeals used, waste size), so that the table holds no copies.
_COSTS = tuple(tuple((used, pos) for pos in range(53)) for used in range(256))
# Column bytes translated through this read 1 for a face-down card and 0 for a face-up one.
_FACE_DOWN_FLAGS = bytes(int(b >= DOWN) for b in range(256))


def _parents(alternate: bool) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards it may be built on in the tableau."""
    table = []
    for card in range(52):
        rank = RANK[card]
        table.append(tuple(
            p for p in range(52)
            if RANK[p] == rank + 1 and (RED[p] != RED[card] if alternate else SUIT[p] != SUIT[card])
        ))
    return tuple(table)


def _safety(alternate: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each card, the (suit, minimum foundation rank) pairs that make sending it up safe (see module doc)."""
    table = []
    for card in range(52):
        rank, suit = RANK[card], SUIT[card]
        needs = []
        for other in range(4):
            if other == suit:
                continue
            if alternate and RED[other * 13] == RED[card]:
                needs.append((other, rank - 2))
            else:
                needs.append((other, rank - 1))
        table.append(tuple((s, r) for s, r in needs if r > 0))
    return tuple(table)


_PARENTS = {alt: _parents(alt) for alt in (True, False)}
_PARENT_MASKS = {alt: tuple(sum(1 << p for p in parents) for parents in _PARENTS[alt]) for alt in (True, False)}
# For each card, the cards of its suit below it: all of them must be up before it can go up.
_BELOW_IN_SUIT = tuple(((1 << RANK[card] - 1) - 1) << SUIT[card] * 13 for card in range(52))
_CHILDREN = {alt: tuple(tuple(c for c in range(52) if p in _PARENTS[alt][c]) for p in range(52))
             for alt in (True, False)}
_SAFETY = {alt: _safety(alt) for alt in (True, False)}

# Internal moves are tuples, the first item a kind:
#   (T2T, src, dst, count)      tableau to tableau
#   (T2F, src)                  tableau top to its foundation
#   (STOCK, index, redeal, dst) deal (after a redeal if `redeal`) until talon[index] tops the waste, then play it
#                               to column `dst`, or to its foundation when dst is -1
#   (F2T, suit, dst)            a foundation's top card down to column `dst`
T2T, T2F, STOCK, F2T = 0, 1, 2, 3


def _first(item: tuple[Any, ...]) -> Any:
    return item[0]


class KlondikeState:
    """A Klondike-family position in the solver's compact form, with move generation and make/unmake."""

    def __init__(self, position: dict[str, Any], perturb: int = 0,
                 guide: tuple[int, ...] | None = None) -> None:
        """``perturb``: 0 for the move order of :meth:`moves`; any other number gives a search that tries the
        moves in a slightly shuffled order, its own for each number (see :meth:`_perturbed`). ``guide``: None,
        or per card a bit mask of where moving it is tried first (see :meth:`guide_of`)."""
        cols = []
        for number, pile in enumerate(position["tableau"], 1):
            col = []
            for code in pile:
                card, face_up = parse_card(code, allow_face_down=True)
                col.append(card if face_up else card + DOWN)
            if col and col[-1] >= DOWN:
                raise ValueError(f"column t{number} has a face-down card on top, which no game position has: "
                                 f"a card left on top is turned face up at once")
            cols.append(col)
        foundations = [[parse_card(code) for code in pile] for pile in position["foundations"]]
        self._setup(position["variant"], position["options"], cols, foundations,
                    [parse_card(code) for code in position["waste"]], [parse_card(code) for code in position["stock"]],
                    position["redeals_used"], perturb, guide)

    @classmethod
    def of_piles(cls, variant: str, options: dict[str, int], piles: list[list[int]],
                 redeals_used: int) -> KlondikeState:
        """The state of a rules engine's piles (:class:`~solitaire_widget.games.klondike.KlondikeEngine`: stock,
        waste, four foundations, then the columns, as card numbers with face-down cards marked the same way),
        without going through a position's card codes: the advice builds thousands of states a second this way,
        from positions it made itself."""
        state = cls.__new__(cls)
        state._setup(variant, options, [list(col) for col in piles[6:]], piles[2:6], piles[1], piles[0],
                     redeals_used, 0, None)
        return state

    def _setup(self, variant: str, options: dict[str, int], cols: list[list[int]], foundations: list[list[int]],
               waste: list[int], stock: list[int], redeals_used: int, perturb: int,
               guide: tuple[int, ...] | None) -> None:
        self.perturb = perturb
        self.guide = guide
        self._rng = perturb * _GOLDEN & _MASK64
        self.alternate, self.king_only, self.rearrange_first = FAMILY_RULES[variant]
        self.draw: int = options["draw"]
        self.redeals: int = options["redeals"]
        self.parents = _PARENTS[self.alternate]
        self.parent_masks = _PARENT_MASKS[self.alternate]
        self.children = _CHILDREN[self.alternate]
        self.safety = _SAFETY[self.alternate]

        self.cols: list[list[int]] = cols
        self.colkey = [bytes(col) for col in cols]

        self.found = [0, 0, 0, 0]
        self.pile_of_suit: dict[int, int] = {}
        for pile_index, pile in enumerate(foundations):
            if pile:
                suit = SUIT[pile[0]]
                self.found[suit] = len(pile)
                self.pile_of_suit[suit] = pile_index
        self.pile_count = len(foundations)

        self.talon: list[int] = [*waste, *stock[::-1]]
        self.pos = len(waste)
        self.redeals_used: int = redeals_used
        # With one-card deals and unlimited redeals every stock card is always one move away (see module doc).
        self.all_at_hand = self.draw == 1 and self.redeals < 0
        # Whether moves() should look for locked cards (see locked()): set by settle() for each new state.
        self._look_for_locks = True

    # -- state -------------------------------------------------------------------------------------------------

    def key(self) -> bytes:
        """The canonical table key: column order, foundation order and what :meth:`cost` weighs left out. With
        three-card deals it holds the waste size, or with unlimited redeals its :meth:`waste_class`."""
        if self.draw == 1:
            return _SEPARATOR.join(sorted(self.colkey)) + bytes(self.found)
        tail = self.waste_class() if self.redeals < 0 else self.pos
        return _SEPARATOR.join(sorted(self.colkey)) + bytes(self.found) + bytes((tail,))

    def game(self) -> bytes:
        """The position and its rules, as bytes: what a search :class:`~solitaire_widget.solver.search.Memory`
        is for. Searches in other move orders (``perturb``, ``guide``) play the same game."""
        rules = f"{self.draw} {self.redeals} {self.alternate:d} {self.king_only:d} {self.pos} {self.redeals_used}|"
        return rules.encode() + _SEPARATOR.join(self.colkey) + _SEPARATOR + bytes(self.found) + bytes(self.talon)

    def waste_class(self) -> int:
        """With several cards dealt at a time, which waste tops dealing reaches from here: 0 when only those of a
        fresh pass (the waste is empty, a whole number of deals, or the whole talon), else the waste size modulo
        the deal, whose own run of tops (``pos - 1``, ``pos - 1 + draw``, ...) the fresh pass does not reach."""
        pos, draw = self.pos, self.draw
        return 0 if pos % draw == 0 or pos == len(self.talon) else pos % draw

    def cost(self) -> tuple[int, int]:
        """(redeals used, waste size), where a smaller pair, compared redeals first, never hurts.

        In the same pass, one-card deals reach from a smaller waste every card a bigger one reaches. A state
        with fewer redeals used beats one with more whatever the wastes: it can deal out its pass, redeal, and
        deal on to the other's waste, reaching that very state (the same key means the same stock and waste
        cards in the same order), with as many redeals left or more.

        With three-card deals and a limit on redeals, the waste size is part of the key instead (it decides
        which cards later deals reach), so only the redeals count. With three-card deals and unlimited redeals,
        the key holds only the waste's :meth:`waste_class`, and the cost weighs the waste within it: a smaller
        waste of a class other than 0 reaches every top a bigger one does, and by a redeal the fresh pass's
        too, which is all that any waste of class 0 reaches, so those all cost nothing. With one card at a time
        and unlimited redeals nothing matters: every card is always at hand."""
        if self.redeals < 0:
            return _COSTS[0][self.pos if self.draw > 1 and self.waste_class() else 0]
        return _COSTS[self.redeals_used][self.pos if self.draw == 1 else 0]

    def won(self) -> bool:
        return self.found == _ALL_UP

    def redeal_left(self) -> bool:
        return self.redeals < 0 or self.redeals_used < self.redeals

    # -- moves ---------------------------------------------------------------------------------------------------

    def stock_targets(self) -> list[tuple[int, bool]]:
        """(talon index, needs a redeal) for every card that dealing can bring to the top of the waste."""
        talon_len, draw, pos = len(self.talon), self.draw, self.pos
        targets = []
        if pos > 0:
            targets.append((pos - 1, False))
        reached = pos
        while reached < talon_len:
            reached = min(reached + draw, talon_len)
            targets.append((reached - 1, False))
        if talon_len and self.redeal_left():
            this_pass = {index for index, _ in targets}
            reached = 0
            while reached < talon_len:
                reached = min(reached + draw, talon_len)
                if reached - 1 not in this_pass:
                    targets.append((reached - 1, True))
        return targets

    def moves(self) -> list[tuple[int, ...]]:
        """Every move worth trying, best first: up to the foundations, turning a card over, rearranging face-up
        cards and playing from the stock (in the variant's order, see below), down from the foundations.

        Some moves only prepare others, and are offered only when what they prepare can still happen without a
        face-down card being turned first (see :meth:`_prepares`).

        The order decides how soon a win is found, never whether: every move is tried before the search gives a
        state up. It was chosen by measuring the first deals of each game (``benchmarks/solver.py``). With a
        limited number of passes, playing a stock card spends the pass (the cards dealt past stay behind until
        the next one), so stock cards, foundation-bound ones included, wait behind the tableau's moves; only when
        every stock card is always at hand (one-card deals, unlimited redeals) do they go up first. Where only a
        King fills an empty column, rearranging the face-up cards comes before the stock too (Athena gains the
        most: its face-up cards lie under face-down ones); in Thumb and Pouch, whose columns take any card in any
        other suit, those rearrangements are many and cheap, and trying them first makes the search wander.
        A guide, when the state has one, then puts the moves it holds first (:meth:`guide_of`).
        """
        if self._look_for_locks and self.locked():
            return []
        cols, found, parents, talon = self.cols, self.found, self.parents, self.talon
        king_only = self.king_only
        top_of: dict[int, int] = {}
        run_start: list[int] = []
        empty = -1
        for index, col in enumerate(cols):
            if col:
                top_of[col[-1]] = index
                k = len(col) - 1
                while k and col[k - 1] < DOWN and col[k - 1] in parents[col[k]]:
                    k -= 1
                run_start.append(k)
            else:
                run_start.append(-1)
                if empty < 0:
                    empty = index
        targets = self.stock_targets()
        self._reach: set[int] | None = None
        where = top_of.get

        up: list[tuple[int, ...]] = []
        turning: list[tuple[int, tuple[int, ...]]] = []
        from_stock: list[tuple[int, ...]] = []
        others: list[tuple[int, ...]] = []
        down: list[tuple[int, ...]] = []

        for src, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if found[SUIT[top]] == RANK[top] - 1:
                up.append((T2F, src))
            height = len(col)
            for k in range(height - 1, run_start[src] - 1, -1):
                base = col[k]
                dsts = None
                for parent in parents[base]:
                    dst = where(parent)
                    if dst is not None:
                        if dsts is None:
                            dsts = [dst]
                        else:
                            dsts.append(dst)
                if empty >= 0 and k and (not king_only or RANK[base] == 13):
                    if dsts is None:
                        dsts = [empty]
                    else:
                        dsts.append(empty)
                if dsts is None:
                    continue
                count = height - k
                below = col[k - 1] if k else -1
                if below < 0 or below >= DOWN:
                    hidden = 0 if below < 0 else self.colkey[src].translate(_FACE_DOWN_FLAGS).count(1)
                    turning.extend((-hidden, (T2T, src, dst, count)) for dst in dsts)
                elif self._uncovers_useful(col, k - 1, base):
                    others.extend((T2T, src, dst, count) for dst in dsts)

        children = self.children
        for index, redeal in targets:
            card = talon[index]
            if found[SUIT[card]] == RANK[card] - 1:
                (up if self.all_at_hand else from_stock).append((STOCK, index, redeal, -1))
            if self.all_at_hand and not self._prepares(children[card]):
                continue
            for parent in parents[card]:
                dst = top_of.get(parent)
                if dst is not None:
                    from_stock.append((STOCK, index, redeal, dst))
            if empty >= 0 and (not king_only or RANK[card] == 13):
                from_stock.append((STOCK, index, redeal, empty))

        for suit in range(4):
            rank = found[suit]
            if not rank:
                continue
            card = suit * 13 + rank - 1
            dsts = [top_of[p] for p in parents[card] if p in top_of]
            if empty >= 0 and (not king_only or rank == 13):
                dsts.append(empty)
            if dsts and (self._prepares(children[card]) or rank > 1 and self._prepares(parents[card - 1])):
                down.extend((F2T, suit, dst) for dst in dsts)

        turning.sort(key=_first)
        first = up + [move for _, move in turning]
        if self.rearrange_first:
            ordered = first + others + from_stock + down
        else:
            ordered = first + from_stock + others + down
        if self.guide is not None:
            ordered = self._guided_first(ordered)
        if self._rng:
            self._perturbed(ordered, len(up))
        return ordered

    def locked(self) -> bool:
        """Whether some card can never leave its place, which makes the state lost: a cheap proof by relaxation
        (see :meth:`stuck_cards`)."""
        return bool(self.stuck_cards())

    def stuck_cards(self) -> list[int]:
        """The cards that can never leave their place, each on top of what it keeps buried: a cheap proof that
        the state is lost when there is any.

        The relaxed game asks of each card only whether it could ever *leave* where it lies, and counts a card
        that has left as free for good. Cards on the foundations are free; so are the stock and waste cards while
        a redeal is left (at the last pass the waste is a pile like a column: only its top card can leave, and the
        stock cards count as free). A card at the top of its pile, everything above it gone, can leave when one
        of these holds: every card below it in its suit is free (it can go up); a card it may be built on is free
        or tops another pile (it can go onto it); it lies face up on such a card in its own column (it can leave
        with it, as part of a group); it may fill an empty column and some column has emptied. Leaving cards
        only makes room, so the free cards only grow, and the check repeats until they stop growing. The cards
        returned are those it leaves on top of their piles (the columns in order, then the waste): each of them
        can never leave, and neither can the cards under it.

        In any real winning line every card leaves its place, and the first time each does, the same condition
        holds among the cards that left before it: so if the relaxed game cannot free every card, neither can the
        real one, and the state is lost. The converse does not hold (the relaxed game ignores where freed cards
        lie), so an empty list proves nothing.

        The search asks only where a lock can newly appear: at its first state, and after each move from the
        stock at the last pass, where the waste has become a pile (see :meth:`settle`). A move on the tableau or
        to or from a foundation leaves every card at least as free as before (a card laid on one it may be built
        on leaves with it), and while a redeal is left the stock frees as much as ever. Asking less often never
        costs exactness, only pruning.
        """
        parent_masks = self.parent_masks
        free = 0
        for suit, rank in enumerate(self.found):
            free |= ((1 << rank) - 1) << suit * 13
        talon = self.talon
        piles: list[tuple[list[int], bool]] = [(col, True) for col in self.cols]
        if self.redeal_left():
            stock_from = 0
        else:
            stock_from = self.pos
            piles.append((talon[:stock_from], False))
        for card in talon[stock_from:]:
            free |= 1 << card
        tops = [len(pile) - 1 for pile, _ in piles]
        ncols = len(self.cols)
        emptied = any(top < 0 for top in tops[:ncols])
        tops_mask = 0
        for (pile, _), top in zip(piles, tops):
            if top >= 0:
                tops_mask |= 1 << (pile[top] & ~DOWN)
        progress = True
        while progress:
            progress = False
            for index, (pile, in_tableau) in enumerate(piles):
                top = tops[index]
                while top >= 0:
                    card = pile[top] & ~DOWN
                    below = _BELOW_IN_SUIT[card]
                    leaves = (
                        free & below == below
                        or (free | tops_mask) & parent_masks[card]
                        or in_tableau and top and pile[top - 1] < DOWN and parent_masks[card] >> pile[top - 1] & 1
                        or emptied and (not self.king_only or RANK[card] == 13))
                    if not leaves:
                        break
                    free |= 1 << card
                    tops_mask &= ~(1 << card)
                    top -= 1
                    progress = True
                    if top >= 0:
                        tops_mask |= 1 << (pile[top] & ~DOWN)
                    elif in_tableau:
                        emptied = True
                tops[index] = top
        return [pile[top] & ~DOWN for (pile, _), top in zip(piles, tops) if top >= 0]

    def signature(self, move: tuple[int, ...]) -> tuple[int, int]:
        """What ``move`` (about to be made) does, whatever the columns' order or the state of the stock: (the
        card it moves, or the bottom card of the group, and where to: the card it goes onto, or
        :data:`ONTO_FOUNDATION`, or :data:`ONTO_EMPTY` for an empty column)."""
        kind, cols = move[0], self.cols
        if kind == T2F:
            return cols[move[1]][-1], ONTO_FOUNDATION
        if kind == T2T:
            card, dst = cols[move[1]][-move[3]], move[2]
        elif kind == STOCK:
            card, dst = self.talon[move[1]], move[3]
            if dst < 0:
                return card, ONTO_FOUNDATION
        else:
            suit, dst = move[1], move[2]
            card = suit * 13 + self.found[suit] - 1
        return card, cols[dst][-1] if cols[dst] else ONTO_EMPTY

    def guide_of(self, line: list[tuple[int, ...]]) -> tuple[int, ...]:
        """A guide for searches of a game like this one: per card, a bit mask of the places (bit numbers as in
        :meth:`signature`) that ``line``, internal moves from this state, sends it to. The state is left as it
        was.

        Searches of a harder version of a game, with fewer passes or three cards dealt at a time, try those
        moves first (:mod:`solitaire_widget.solver.restarts` says why and when). A guide only changes the order
        of the moves, so the search stays exact whatever it holds."""
        guide = [0] * 52
        done = []
        for move in line:
            card, target = self.signature(move)
            guide[card] |= 1 << target
            done.append((move, self.make(move)))
        self.takeback(done)
        return tuple(guide)

    def _guided_first(self, moves: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """``moves`` with those the guide holds first, each part in its order."""
        guide, signature = self.guide, self.signature
        led, rest = [], []  # type: ignore[var-annotated]  # lists of moves (no annotation in a tuple assignment)
        for move in moves:
            card, target = signature(move)
            (led if guide[card] >> target & 1 else rest).append(move)  # type: ignore[index]  # called with a guide only
        return led + rest

    def _perturbed(self, moves: list[tuple[int, ...]], start: int) -> None:
        """Swap some neighbours in ``moves[start:]``, each pair with odds of one in two, in place.

        The search's move order is good on most deals and unlucky on a few, where it starts down a long
        losing line and a win a few swaps away goes unseen for minutes. Short searches in orders close to it,
        each a little different (:mod:`solitaire_widget.solver.restarts`), find many of those wins at once.
        Moves up to the foundations (before ``start``) stay first. The numbers come from a xorshift generator
        that the compiled core runs too, number for number.
        """
        x = self._rng
        i, last = start, len(moves) - 1
        while i < last:
            x ^= (x << 13) & _MASK64
            x ^= x >> 7
            x ^= (x << 17) & _MASK64
            if not (x >> 11) & 1:
                moves[i], moves[i + 1] = moves[i + 1], moves[i]
                i += 1
            i += 1
        self._rng = x

    def _prepares(self, partners: tuple[int, ...]) -> bool:
        """Whether one of ``partners`` can be brought into play without turning a face-down card first.

        Three kinds of move only prepare another one: a tableau move that leaves a face-up card X on top of its
        column (the next move to use X: X goes up, a card goes onto X, or X moves on), taking a card C down from
        a foundation (a card goes onto C, or the card under C comes down in turn), and, when every stock card is
        always at hand (one-card deals, unlimited redeals), laying a stock card Y out (a card goes onto Y). In a
        winning line, such a move can be put off, past every move that does not depend on it, until just before
        the move it prepares, possibly behind other preparing moves that the same move needs (a King and the
        Queen that goes on it both taken down, say). None of those turns a face-down card over. So the card the
        prepared move brings together with X, C or Y must already be *within reach*: on a foundation, in the
        stock where dealing reaches it, or face up in the tableau with nothing face down above it. When no
        partner is within reach, the move can wait, and leaving it out loses no win.
        """
        reach = self._reach
        if reach is None:
            reach = self._reach = self._within_reach()
        for card in partners:
            if card in reach:
                return True
        return False

    def _within_reach(self) -> set[int]:
        """Cards that moves turning no face-down card can bring into play (see :meth:`_prepares`)."""
        reach: set[int] = set()
        for col in self.colkey:
            reach.update(col[col.translate(_FACE_DOWN_FLAGS).rfind(1) + 1:])
        for suit, rank in enumerate(self.found):
            reach.update(range(suit * 13, suit * 13 + rank))
        if self.all_at_hand:
            reach.update(self.talon)
        else:
            reach.update(self.talon[index] for index, _ in self.stock_targets())
        return reach

    def _uncovers_useful(self, col: list[int], x: int, base: int) -> bool:
        """Whether moving the group headed by ``base`` off face-up ``col[x]`` prepares a use of that card: it can
        go up, or a partner within reach fits on it, or a card within reach takes the run it heads (or an empty
        column does)."""
        card = col[x]
        if self.found[SUIT[card]] == RANK[card] - 1:
            return True
        if self._prepares(tuple(child for child in self.children[card] if child != base)):
            return True
        parents = self.parents
        k = x
        while True:
            head = col[k]
            if self._prepares(parents[head]):
                return True
            if k and (not self.king_only or RANK[head] == 13) and any(not c for c in self.cols):
                return True
            if not k or col[k - 1] >= DOWN or col[k - 1] not in parents[head]:
                return False
            k -= 1

    def make(self, move: tuple[int, ...]) -> Any:
        """Play an internal move; returns what :meth:`unmake` needs to take it back."""
        kind = move[0]
        cols = self.cols
        if kind == T2T:
            _, src, dst, count = move
            source, target = cols[src], cols[dst]
            target.extend(source[-count:])
            del source[-count:]
            turned = bool(source) and source[-1] >= DOWN
            if turned:
                source[-1] -= DOWN
            self.colkey[src] = bytes(source)
            self.colkey[dst] = bytes(target)
            return turned
        if kind == T2F:
            src = move[1]
            source = cols[src]
            card = source.pop()
            self.found[SUIT[card]] += 1
            if source and source[-1] >= DOWN:
                source[-1] -= DOWN
                card += DOWN
            self.colkey[src] = bytes(source)
            return card
        if kind == STOCK:
            _, index, redeal, dst = move
            undo = (self.pos, self.redeals_used)
            card = self.talon.pop(index)
            self.pos = index
            if redeal:
                self.redeals_used += 1
            if dst < 0:
                self.found[SUIT[card]] += 1
            else:
                cols[dst].append(card)
                self.colkey[dst] = bytes(cols[dst])
            return undo + (card,)
        _, suit, dst = move
        self.found[suit] -= 1
        cols[dst].append(suit * 13 + self.found[suit])
        self.colkey[dst] = bytes(cols[dst])
        return None

    def unmake(self, move: tuple[int, ...], undo: Any) -> None:
        """Take back a move made by :meth:`make`, exactly."""
        kind = move[0]
        cols = self.cols
        if kind == T2T:
            _, src, dst, count = move
            source, target = cols[src], cols[dst]
            if undo:
                source[-1] += DOWN
            source.extend(target[-count:])
            del target[-count:]
            self.colkey[src] = bytes(source)
            self.colkey[dst] = bytes(target)
        elif kind == T2F:
            src = move[1]
            source = cols[src]
            card = undo
            if card >= DOWN:
                card -= DOWN
                source[-1] += DOWN
            source.append(card)
            self.found[SUIT[card]] -= 1
            self.colkey[src] = bytes(source)
        elif kind == STOCK:
            dst = move[3]
            self.pos, self.redeals_used, card = undo
            if dst < 0:
                self.found[SUIT[card]] -= 1
            else:
                cols[dst].pop()
                self.colkey[dst] = bytes(cols[dst])
            self.talon.insert(move[1], card)
        else:
            _, suit, dst = move
            cols[dst].pop()
            self.colkey[dst] = bytes(cols[dst])
            self.found[suit] += 1

    def settle(self, after: tuple[int, ...] | None = None) -> list[tuple[tuple[int, ...], Any]]:
        """Make every safe foundation move (see the module doc); returns them with their undo data.

        ``after`` is the move just made, if any. When it sent no card up, the foundations are as they were when
        everything safe had gone up, so only the card it left on top can have become safe: that is all there is
        to look at, which spares a scan of every column on most moves.

        As the search settles every state it reaches, this is also where it learns whether the next
        :meth:`moves` should look for locked cards: at the first state, and after a move from the stock at the
        last pass (see :meth:`locked`).
        """
        made: list[tuple[tuple[int, ...], Any]] = []
        cols, found, safety = self.cols, self.found, self.safety
        self._look_for_locks = after is None or after[0] == STOCK and not self.redeal_left()
        if after is not None:
            kind = after[0]
            if kind == F2T:
                return made
            if kind == T2T or kind == STOCK and after[3] >= 0:
                col = cols[after[1] if kind == T2T else after[3]]
                card = col[-1] if col else -1
                waste = self.talon[self.pos - 1] if kind == STOCK and self.draw == 1 and self.pos else -1
                if not self._safe(card) and not self._safe(waste):
                    return made
        progress = True
        while progress:
            progress = False
            for index, col in enumerate(cols):
                if not col:
                    continue
                card = col[-1]
                if found[SUIT[card]] != RANK[card] - 1:
                    continue
                for suit, rank in safety[card]:
                    if found[suit] < rank:
                        break
                else:
                    move = (T2F, index)
                    made.append((move, self.make(move)))
                    progress = True
            if self.draw == 1 and self.pos:
                card = self.talon[self.pos - 1]
                if found[SUIT[card]] == RANK[card] - 1:
                    for suit, rank in safety[card]:
                        if found[suit] < rank:
                            break
                    else:
                        move = (STOCK, self.pos - 1, False, -1)  # type: ignore[assignment]  # a move is a tuple[int, ...]
                        made.append((move, self.make(move)))
                        progress = True
        return made

    def _safe(self, card: int) -> bool:
        """Whether ``card`` (-1: none) may go up now and safely (see the module doc)."""
        if card < 0 or self.found[SUIT[card]] != RANK[card] - 1:
            return False
        for suit, rank in self.safety[card]:
            if self.found[suit] < rank:
                return False
        return True

    def takeback(self, made: list[tuple[tuple[int, ...], Any]]) -> None:
        """Undo what :meth:`settle` did."""
        for move, undo in reversed(made):
            self.unmake(move, undo)

    # -- back to the public form ---------------------------------------------------------------------------------

    def public_moves(self, line: list[tuple[int, ...]]) -> list[dict[str, Any]]:
        """Play ``line`` (internal moves) from this state, returning the same play as FORMAT.md move dicts.

        A compressed stock move becomes the exact ``deal`` and ``redeal`` moves it stands for; foundation piles
        are named the way the rules model fills them (an Ace goes to the first empty pile).
        """
        out: list[dict[str, Any]] = []
        piles = dict(self.pile_of_suit)
        draw = self.draw

        def pile_for(card: int) -> str:
            suit = SUIT[card]
            if suit not in piles:
                piles[suit] = min(set(range(self.pile_count)) - set(piles.values()))
            return f"f{piles[suit] + 1}"

        for move in line:
            kind = move[0]
            if kind == T2T:
                _, src, dst, count = move
                out.append({"kind": "move", "from": f"t{src + 1}", "to": f"t{dst + 1}", "count": count})
            elif kind == T2F:
                card = self.cols[move[1]][-1]
                out.append({"kind": "move", "from": f"t{move[1] + 1}", "to": pile_for(card), "count": 1})
            elif kind == STOCK:
                _, index, redeal, dst = move
                talon_len, pos = len(self.talon), self.pos
                if redeal:
                    out.extend({"kind": "deal"} for _ in range(-(-(talon_len - pos) // draw)))
                    out.append({"kind": "redeal"})
                    pos = 0
                out.extend({"kind": "deal"} for _ in range(-(-(index + 1 - pos) // draw)))
                card = self.talon[index]
                to = pile_for(card) if dst < 0 else f"t{dst + 1}"
                out.append({"kind": "move", "from": "waste", "to": to, "count": 1})
            else:
                _, suit, dst = move
                out.append({"kind": "move", "from": f"f{piles[suit] + 1}", "to": f"t{dst + 1}", "count": 1})
                if self.found[suit] == 1:
                    del piles[suit]
            self.make(move)
        return out
