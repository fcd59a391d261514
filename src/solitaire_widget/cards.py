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

from typing import Any

from .checks import short
from .i18n import NP_, pgettext, translate

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


# Any: an int, or (card, face_up) with allow_face_down. Overloads saying so would be new statements, which would
# change the studies' code hash (studies/code.py); a type-checking block would as well.
def parse_card(text: object, *, allow_face_down: bool = False) -> Any:
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


# Card words, by grammatical role, each translated as a whole in the catalogues (translators give each language's
# own forms: Russian and Greek nouns change with their role in a sentence, English ones do not). Written out in full,
# not built in a loop: the message extractor (pybabel) reads only literal strings, and each role's context tells the
# translator which form to give.
_RANK_WORDS = {
    "name": (
        NP_("rank in a card's name", "ace"), NP_("rank in a card's name", "two"),
        NP_("rank in a card's name", "three"), NP_("rank in a card's name", "four"),
        NP_("rank in a card's name", "five"), NP_("rank in a card's name", "six"),
        NP_("rank in a card's name", "seven"), NP_("rank in a card's name", "eight"),
        NP_("rank in a card's name", "nine"), NP_("rank in a card's name", "ten"),
        NP_("rank in a card's name", "jack"), NP_("rank in a card's name", "queen"),
        NP_("rank in a card's name", "king"),
    ),
    # "only an Eight goes on a Nine": the rank that may go ("subject"), and the rank it goes on ("onto").
    "subject": (
        NP_("rank that may go on another", "an Ace"), NP_("rank that may go on another", "a Two"),
        NP_("rank that may go on another", "a Three"), NP_("rank that may go on another", "a Four"),
        NP_("rank that may go on another", "a Five"), NP_("rank that may go on another", "a Six"),
        NP_("rank that may go on another", "a Seven"), NP_("rank that may go on another", "an Eight"),
        NP_("rank that may go on another", "a Nine"), NP_("rank that may go on another", "a Ten"),
        NP_("rank that may go on another", "a Jack"), NP_("rank that may go on another", "a Queen"),
        NP_("rank that may go on another", "a King"),
    ),
    "onto": (
        NP_("rank another goes on", "an Ace"), NP_("rank another goes on", "a Two"),
        NP_("rank another goes on", "a Three"), NP_("rank another goes on", "a Four"),
        NP_("rank another goes on", "a Five"), NP_("rank another goes on", "a Six"),
        NP_("rank another goes on", "a Seven"), NP_("rank another goes on", "an Eight"),
        NP_("rank another goes on", "a Nine"), NP_("rank another goes on", "a Ten"),
        NP_("rank another goes on", "a Jack"), NP_("rank another goes on", "a Queen"),
        NP_("rank another goes on", "a King"),
    ),
}
_SUIT_WORDS = (NP_("suit in a card's name", "clubs"), NP_("suit in a card's name", "diamonds"),
               NP_("suit in a card's name", "hearts"), NP_("suit in a card's name", "spades"))
#: How a card's name is built from its rank and suit words, by the card's role in a sentence.
_NAME_PATTERNS = {
    "name": NP_("a card's name, on its own (a screen reader says it)", "{rank} of {suit}"),
    "subject": NP_("a card's name as the subject of a sentence: 'the ten of diamonds turned face up'",
                   "the {rank} of {suit}"),
    "object": NP_("a card's name as the object of a verb: 'moved the ten of diamonds'", "the {rank} of {suit}"),
    "from": NP_("a card's name after 'from': 'three cards from the ten of diamonds up'", "the {rank} of {suit}"),
}
# The rank a card's name is built with, by the card's role (translators decline it as each language needs).
_NAME_RANKS = {
    "name": _RANK_WORDS["name"],
    "subject": (
        NP_("rank, card as subject", "ace"), NP_("rank, card as subject", "two"), NP_("rank, card as subject", "three"),
        NP_("rank, card as subject", "four"), NP_("rank, card as subject", "five"), NP_("rank, card as subject", "six"),
        NP_("rank, card as subject", "seven"), NP_("rank, card as subject", "eight"),
        NP_("rank, card as subject", "nine"), NP_("rank, card as subject", "ten"),
        NP_("rank, card as subject", "jack"), NP_("rank, card as subject", "queen"),
        NP_("rank, card as subject", "king"),
    ),
    "object": (
        NP_("rank, card as object", "ace"), NP_("rank, card as object", "two"), NP_("rank, card as object", "three"),
        NP_("rank, card as object", "four"), NP_("rank, card as object", "five"), NP_("rank, card as object", "six"),
        NP_("rank, card as object", "seven"), NP_("rank, card as object", "eight"), NP_("rank, card as object", "nine"),
        NP_("rank, card as object", "ten"), NP_("rank, card as object", "jack"), NP_("rank, card as object", "queen"),
        NP_("rank, card as object", "king"),
    ),
    "from": (
        NP_("rank, card after 'from'", "ace"), NP_("rank, card after 'from'", "two"),
        NP_("rank, card after 'from'", "three"), NP_("rank, card after 'from'", "four"),
        NP_("rank, card after 'from'", "five"), NP_("rank, card after 'from'", "six"),
        NP_("rank, card after 'from'", "seven"), NP_("rank, card after 'from'", "eight"),
        NP_("rank, card after 'from'", "nine"), NP_("rank, card after 'from'", "ten"),
        NP_("rank, card after 'from'", "jack"), NP_("rank, card after 'from'", "queen"),
        NP_("rank, card after 'from'", "king"),
    ),
}


def card_name(card: int, role: str = "name") -> str:
    """Words for a card, in the language in force: ``"ten of diamonds"`` on its own (what a screen reader says),
    ``"the ten of diamonds"`` as the subject (``role="subject"``) or the object (``role="object"``) of a sentence,
    or after "from" (``role="from"``), declined as each language needs."""
    rank = translate(_NAME_RANKS[role][card % 13])
    suit = translate(_SUIT_WORDS[card // 13])
    return translate(_NAME_PATTERNS[role]).format(rank=rank, suit=suit)


def rank_words(rank: int, role: str) -> str:
    """A rank with its article, as the ``"subject"`` or what a card goes ``"onto"``: "an Eight", "a Nine"."""
    return translate(_RANK_WORDS[role][rank - 1])


def card_with_article(card: int, capital: bool = False) -> str:
    """A card's label with an indefinite article, as spoken in English ("an 8♥", "a 7♥"), as the language in force
    writes it (Greek and Russian have no such article: their catalogues give the label alone)."""
    label = card_label(card)
    an = label[:1] in ("A", "8")
    if capital:
        return (pgettext("a card with its article, starting a sentence", "An {card}") if an else
                pgettext("a card with its article, starting a sentence", "A {card}")).format(card=label)
    return (pgettext("a card with its article", "an {card}") if an else
            pgettext("a card with its article", "a {card}")).format(card=label)
