"""The rules of each game in plain words, in the language in force: what the board's Rules panel shows, and what
``sw.rules("athena", language="el")`` answers in a notebook.

Written here in our own words from docs/RULES.md (the rule book the rules model implements), paragraph by paragraph,
each paragraph a whole message of the catalogues, so that every language gets whole sentences. Paragraphs that
several games share are one message, translated once.

>>> book = rules("camelot")
>>> [heading for heading, _ in book.sections]
['Layout', 'Goal', 'Play', 'Scoring', 'End of the game']
>>> "40" in book.text
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_, NP_, check_language, get_language, translate, using
from .variants import variant_rules

__all__ = ["Rulebook", "rules", "rules_text"]

# Headings of the sections of a game's rules (a context keeps "Play" apart from a button that might say it).
_LAYOUT, _GOAL, _BUILDING, _STOCK, _SCORING, _PLAY, _END = (
    NP_("rules heading", "Layout"), NP_("rules heading", "Goal"), NP_("rules heading", "Building"),
    NP_("rules heading", "Stock and passes"), NP_("rules heading", "Scoring"), NP_("rules heading", "Play"),
    NP_("rules heading", "End of the game"))

_FAMILY_GOAL = N_("Move all 52 cards to the four foundations. Each foundation builds up in one suit, from the Ace to "
                  "the King; any Ace may start an empty foundation.")
_FAMILY_FOUNDATIONS = N_("The top card of a foundation may come back down onto the tableau, when the tableau's rule "
                         "allows it there; the score then drops by one.")
_ALTERNATE = N_("On the tableau, cards build down by one in alternating colours: a red 6 on a black 7, a black 6 on a "
                "red 7. A group of face-up cards built this way moves together.")
_OTHER_SUIT = N_("On the tableau, cards build down by one in any suit other than the card's own: a 6♥ may go on a "
                 "7♣, a 7♠ or a 7♦, but not on the 7♥. A group of face-up cards built this way moves together.")
_KING_ONLY = N_("Only a King, or a group headed by a King, may fill an empty column.")
_ANY_CARD = N_("Any card, or any group, may fill an empty column.")
_UNCOVER = N_("When a move leaves a face-down card on top of a column, it turns face up at once.")
_ONE_CARD = N_("Click the stock to deal its top card face up onto the waste; only the waste's top card can be "
               "played. When the stock is empty, turning the waste over makes a new stock, in the same order. There "
               "are three passes through the stock in all: two redeals.")
_THREE_CARDS = N_("With the option to turn three cards, each deal turns three cards onto the waste, and only the top "
                  "one of them can be played.")
_FAMILY_SCORE = N_("One point for each card on the foundations: 52 at most.")
_FAMILY_END = N_("The game is won when all 52 cards are on the foundations. It is stuck when nothing new can happen "
                 "any more: the stock is spent, no card can go up, no face-down card can be turned over, and the "
                 "moves left only shuffle cards to and fro.")

_STAIRCASE = N_("Seven columns in a staircase: the first column has one card, the second two, up to seven in the "
                "last; only the top card of each is face up. The 24 other cards form the stock.")
_SECTIONS: dict[str, list[tuple[tuple[str, str], list[str]]]] = {
    "athena": [
        (_LAYOUT, [N_("Seven columns of four cards: the first and third rows face down, the second and fourth face "
                      "up, so a face-down card lies between two face-up ones. The 24 other cards form the stock.")]),
        (_GOAL, [_FAMILY_GOAL]),
        (_BUILDING, [_ALTERNATE, _KING_ONLY, _UNCOVER, _FAMILY_FOUNDATIONS]),
        (_STOCK, [_ONE_CARD, _THREE_CARDS]),
        (_SCORING, [_FAMILY_SCORE]),
        (_END, [_FAMILY_END]),
    ],
    "thumb-and-pouch": [
        (_LAYOUT, [_STAIRCASE]),
        (_GOAL, [_FAMILY_GOAL]),
        (_BUILDING, [_OTHER_SUIT, _ANY_CARD, _UNCOVER, _FAMILY_FOUNDATIONS]),
        (_STOCK, [_ONE_CARD]),
        (_SCORING, [_FAMILY_SCORE]),
        (_END, [_FAMILY_END]),
    ],
    "aunt-mary": [
        (_LAYOUT, [N_("Six columns. Most cards are dealt face up, in no useful order: the first column has six "
                      "face-up cards, and each column after it one face-down card more under one face-up card "
                      "fewer. The 16 other cards form a small stock.")]),
        (_GOAL, [_FAMILY_GOAL, N_("The game is very hard and rarely comes out: the challenge is to see how far you "
                                  "get.")]),
        (_BUILDING, [_ALTERNATE, _KING_ONLY, _UNCOVER, _FAMILY_FOUNDATIONS]),
        (_STOCK, [_ONE_CARD]),
        (_SCORING, [_FAMILY_SCORE]),
        (_END, [_FAMILY_END]),
    ],
    "klondike": [
        (_LAYOUT, [_STAIRCASE]),
        (_GOAL, [_FAMILY_GOAL]),
        (_BUILDING, [_ALTERNATE, _KING_ONLY, _UNCOVER, _FAMILY_FOUNDATIONS]),
        (_STOCK, [N_("Click the stock to deal its top card, or its top three cards with the option to turn three, "
                     "face up onto the waste; only the waste's top card can be played. When the stock is empty, "
                     "turning the waste over makes a new stock, in the same order. By default one card at a time "
                     "gives two redeals (three passes) and three at a time unlimited redeals; the option for "
                     "redeals chooses two, none or unlimited.")]),
        (_SCORING, [_FAMILY_SCORE]),
        (_END, [_FAMILY_END]),
    ],
    "camelot": [
        (_LAYOUT, [N_("All 52 cards start in the stock. The table is a grid of four rows of four cells, each holding "
                      "one card at most; the waste holds one card at most.")]),
        (_GOAL, [N_("Remove every card but the twelve court cards (Jacks, Queens and Kings): at the end they fill the "
                    "twelve border cells, the four centre cells are empty, and so are the stock and the waste. Suits "
                    "do not matter.")]),
        (_PLAY, [N_("Filling: deal the stock's top card onto the waste, then place it in an empty cell at once. A King "
                    "may only go in a corner, a Queen only in the middle of the top or bottom row, a Jack only in the "
                    "middle of the left or right column; any other card may go in any empty cell. A card placed in "
                    "the grid never moves to another cell."),
                 N_("Removing starts by itself when the grid is full, or when the stock and the waste are both empty. "
                    "Remove a Ten on its own, or two cards whose values add up to ten (an Ace counts one): 9 and Ace, "
                    "8 and 2, 7 and 3, 6 and 4, 5 and 5. Court cards are never removed, and removed cards never come "
                    "back."),
                 N_("Dealing again at any time goes back to filling; removing is then allowed again only once the "
                    "grid is full once more. There are no redeals.")]),
        (_SCORING, [N_("One point for each card removed: 40 at most, for the 40 cards from Ace to Ten.")]),
        (_END, [N_("The game is won when only the court cards are left. It is lost when a dealt court card has no "
                   "empty cell it may go in, or when nothing can be removed and no card can be dealt.")]),
    ],
}


@dataclass(frozen=True)
class Rulebook:
    """The rules of one game in one language: ``sections`` as (heading, paragraphs), and ``text`` as Markdown."""

    variant: str
    language: str
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def text(self) -> str:
        parts = [f"# {self.title}"]
        for heading, paragraphs in self.sections:
            parts.append(f"## {heading}")
            parts.extend(paragraphs)
        return "\n\n".join(parts) + "\n"

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return self.text


def rules(variant: str, language: str | None = None) -> Rulebook:
    """The rules of ``variant`` in ``language`` (None: the language in force; see :mod:`solitaire_widget.i18n`).
    A wrong game or language is a ValueError naming the ones there are."""
    game = variant_rules(variant)
    spoken = get_language() if language is None else check_language(language)
    with using(spoken):
        sections = tuple((translate(heading), tuple(translate(text) for text in paragraphs))
                         for heading, paragraphs in _SECTIONS[game.name])
        return Rulebook(game.name, spoken, game.local_title, sections)


def rules_text(variant: str) -> list[tuple[str, list[str]]]:
    """The sections of :func:`rules` in the language in force, as plain data for the board's Rules panel."""
    return [(heading, list(paragraphs)) for heading, paragraphs in rules(variant).sections]
