"""Cards as small integers, and their names.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank - 1``, with suits in the order clubs, diamonds, hearts,
spades and ranks from Ace (1) to King (13). That is also the order of a fresh deck in the dealing recipe
(see :mod:`solitaire_widget.deals`), so the deck before shuffling is simply ``range(52)``.

Integers keep the rules model fast (table look-ups instead of attribute access). The public data forms use the
two-letter codes of FORMAT.md (``"TD"`` is the ten of diamonds); people read suit symbols (``10♦``) or words
("ten of diamonds"). This module converts between the three, and nothing else in the package hard-codes them.

>>> c = parse_card("TD")
>>> c, rank_of(c), suit_of(c), is_red(c)
(22, 10, 1, True)
>>> card_code(c), card_label(c), card_name(c)
('TD', '10♦', 'ten of diamonds')
>>> parse_card("td", allow_face_down=True)
(22, False)
"""

from __future__ import annotations

from .checks import short

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
#: Rank labels as printed on a card's corner (``10`` rather than ``T``).
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
DECK = tuple(range(52))

# Look-up tables, indexed by card; the rules model's hot paths read these instead of computing.
RANK: tuple[int, ...] = tuple(c % 13 + 1 for c in DECK)
SUIT: tuple[int, ...] = tuple(c // 13 for c in DECK)
RED: tuple[bool, ...] = tuple(c // 13 in (1, 2) for c in DECK)
CODE: tuple[str, ...] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in DECK)
_BY_CODE = {code: c for c, code in enumerate(CODE)}


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..13) and ``suit`` (0..3: clubs, diamonds, hearts, spades)."""
    if not (1 <= rank <= 13 and 0 <= suit <= 3):
        raise ValueError(f"no card has rank {rank!r} and suit {suit!r}")
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """1 for an Ace up to 13 for a King."""
    return RANK[card]


def suit_of(card: int) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return SUIT[card]


def is_red(card: int) -> bool:
    """Diamonds and hearts are red; clubs and spades black."""
    return RED[card]


def card_code(card: int) -> str:
    """The FORMAT.md code: rank then suit, ``"TD"``."""
    return CODE[card]


def parse_card(text: object, *, allow_face_down: bool = False):
    """The card for a two-letter code.

    With ``allow_face_down`` (tableau cards in a position, where lower case means face down) the answer is
    ``(card, face_up)``; otherwise lower case is refused, because everywhere else a card is face up by nature.
    """
    if not isinstance(text, str) or len(text) != 2:
        raise ValueError(f"{short(text)} is not a card: a card is two characters, a rank from {RANKS} and a suit "
                         f"from {SUITS}, such as 'TD'")
    card = _BY_CODE.get(text.upper())
    if card is None:
        raise ValueError(f"{text!r} is not a card: a card is a rank from {RANKS} and a suit from {SUITS}, "
                         f"such as 'TD'")
    face_up = text == CODE[card]
    if allow_face_down:
        if not face_up and text != CODE[card].lower():
            raise ValueError(f"{text!r} mixes upper and lower case: write a face-up card as {CODE[card]!r} and "
                             f"a face-down one as {CODE[card].lower()!r}")
        return card, face_up
    if not face_up:
        raise ValueError(f"{text!r} is written in lower case, which marks a face-down card; only tableau "
                         f"cards can be face down (write {CODE[card]!r})")
    return card


def card_label(card: int) -> str:
    """Short label with a suit symbol, as printed in a corner: ``"10♦"``, ``"Q♠"``."""
    return RANK_LABELS[card % 13] + SUIT_SYMBOLS[card // 13]


def card_name(card: int) -> str:
    """Words, for screen readers and explanations: ``"ten of diamonds"``."""
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def rank_name(rank: int) -> str:
    """``"King"`` for 13: a capitalised rank, as the rule book writes it."""
    return RANK_NAMES[rank - 1].capitalize()


def article(word: str, capital: bool = False) -> str:
    """``word`` with "a" or "an" before it, as spoken: "an Ace", "an 8♥", "a 7♥", "a King"."""
    text = ("an " if word[:1] in ("A", "8", "E") else "a ") + word
    return "A" + text[1:] if capital else text
