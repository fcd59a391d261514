"""Deal numbers: the same shuffles as the reference program (GNOME Aisleriot).

Deal *N* is the game Aisleriot deals when its generator is seeded with *N*, so that "Athena #1234" means the same
game here, in Aisleriot, and on every machine. Three pieces make that up, each written out here because Python's
own ``random`` seeds and draws differently:

1. :class:`MersenneTwister`, MT19937 seeded the classic way (``init_genrand``), as GLib's ``g_rand_new_with_seed``;
2. :meth:`MersenneTwister.below`, GLib's ``g_rand_int_range(0, n)``, which rejects the top of the 32-bit range
   so that every answer is equally likely;
3. :func:`shuffled_deck`, Aisleriot's shuffle, which builds a pile from the deck and deals from its top.

>>> from solitaire_widget.cards import card_code
>>> " ".join(card_code(c) for c in shuffled_deck(1)[:6])
'9C QH 8D 3C 6S AC'
"""

from __future__ import annotations

import random

from .checks import whole

MAX_DEAL = 2**32 - 1


def check_deal(deal: object) -> int:
    """The deal number as a plain ``int``, or ``ValueError`` saying why it is not one."""
    return whole(deal, "a deal number", 0, MAX_DEAL)


class MersenneTwister:
    """MT19937 with 32-bit outputs, seeded like GLib's ``g_rand_new_with_seed``.

    The generator is the standard library's (``random.Random`` is MT19937, and ``getrandbits(32)`` is one tempered
    output): only the seeding is written here, since Python seeds its generator another way (``init_by_array``),
    and the state is handed over with ``setstate``. Writing the twist by hand, as an earlier version did, cost more
    than the rest of a deal.
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        mt = [0] * 624
        mt[0] = seed & 0xFFFFFFFF
        for i in range(1, 624):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
        self._random = random.Random()
        self._random.setstate((3, (*mt, 624), None))  # 624: the state is spent, so the next output twists it

    def next32(self) -> int:
        """The next 32-bit output, tempered."""
        return self._random.getrandbits(32)

    def below(self, n: int) -> int:
        """A number in ``range(n)``, exactly as ``g_rand_int_range(rand, 0, n)`` draws it (for n <= 2**31)."""
        leftover = (0x80000000 % n) * 2
        if leftover >= n:
            leftover -= n
        maxvalue = 0xFFFFFFFF - leftover
        while True:
            value = self.next32()
            if value <= maxvalue:
                return value % n


def shuffled_deck(deal: int) -> list[int]:
    """The 52 cards of deal ``deal`` in dealing order: the first card dealt first."""
    rng = MersenneTwister(check_deal(deal))
    deck = list(range(52))
    pile = []
    for i in range(52):
        j = i + rng.below(52 - i)
        pile.append(deck[j])
        deck[j] = deck[i]
    pile.reverse()  # the last card taken lies on top of the pile, and is dealt first
    return pile


Column = list[tuple[int, bool]]  # (card, face_up), bottom to top


def lay_out(layout: str, columns: int, order: list[int]) -> tuple[list[Column], list[int]]:
    """Deal ``order`` (first card first) the way the reference program lays out a game.

    Answers the tableau (columns of ``(card, face_up)``, bottom to top) and the stock (bottom to top, so the next
    card in ``order`` is on top). Camelot lays nothing out: all 52 cards form the stock.
    """
    tableau: list[Column] = [[] for _ in range(columns)]
    cards = iter(order)
    if layout in ("staircase", "athena"):
        if layout == "staircase":  # row r covers columns r..n; then each column's top card turns up
            rows = [(range(r, columns), False) for r in range(columns)]
        else:  # Athena: four full rows, face down, up, down, up
            rows = [(range(columns), up) for up in (False, True, False, True)]
        for cols, up in rows:
            for col in cols:
                tableau[col].append((next(cards), up))
        for column in tableau:
            column[-1] = (column[-1][0], True)
    elif layout == "aunt-mary":  # the face-down triangle first, then the face-up rows
        for first in range(1, columns):
            for col in range(first, columns):
                tableau[col].append((next(cards), False))
        for last in range(columns):
            for col in range(last + 1):
                tableau[col].append((next(cards), True))
    elif layout != "camelot":
        raise ValueError(f"unknown layout {layout!r}")
    stock = list(cards)
    stock.reverse()
    return tableau, stock
