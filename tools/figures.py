"""Write the measured figures into the README, the docs and the notebooks, from the data they come from.

A figure in a document lives between two markers, ``<!-- figures:NAME -->`` and ``<!-- /figures:NAME -->`` (in a
notebook, inside a markdown cell). This script renders each NAME from its data (the published study tables,
``src/solitaire_widget/studies/published.json``, and the measured trials in ``docs/data/``) and writes it between
the markers. ``--check`` writes nothing and fails when a document differs from its data: ``tests/docs`` runs it, so
no figure can go stale or be typed by hand.

A document in a folder named after a language (``notebooks/el/``, ``notebooks/ru/``) gets its figures in that
language: the same data, sentences from that language's templates below (beside the English ones: they are the
documentation's wording, not the product's messages, so they are not in the product's catalogues), and numbers
written as the language writes them ("20,9%", "20,9 %"). Everywhere else the figures are in English. One phrase
comes from the product's catalogues: which deals a table played, on its own ("deals 1–70 and 75–80"), as
``PublishedTable.deals_played()`` says it to a notebook, so that the two never differ.

A picture region (``picture:NAME``) shows one picture per game: the fair player's share next to the thoughtful
solver's ceiling and the best simple strategy that plays fair, each with its 95% interval, drawn from the same tables
as an SVG under ``docs/images/`` (``players-NAME.svg``, ``players-NAME.el.svg``, ...), with a caption in the region
from the same numbers. Each SVG carries, in its metadata, a fingerprint of what it shows and of the code that draws
it; ``--check`` also fails when a picture is missing or its fingerprint is not that of today's data, and this script
draws such pictures again (the same bytes on every run with the same Matplotlib).

    python tools/figures.py            # rewrite every region and every stale picture
    python tools/figures.py --check    # exit 1, naming the regions and pictures that differ
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import NamedTuple

from babel import Locale
from babel.numbers import format_decimal

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from solitaire_widget.advice.camelot_odds import KINDS as CAMELOT_KINDS  # noqa: E402
from solitaire_widget.advice.camelot_odds import fill_odds  # noqa: E402
from solitaire_widget.advice.player import FairPlayer  # noqa: E402
from solitaire_widget.cards import rank_of  # noqa: E402
from solitaire_widget.game import new_game  # noqa: E402
from solitaire_widget.i18n import decimal, percent, using  # noqa: E402
from solitaire_widget.intervals import bounds  # noqa: E402
from solitaire_widget.strategies import strategies_for  # noqa: E402
from solitaire_widget.studies.players import KNOWS_STOCK, player_for  # noqa: E402
from solitaire_widget.studies.published import PairedRecord, PublishedTable, published_tables  # noqa: E402
from solitaire_widget.studies.result import mcnemar_p  # noqa: E402
from solitaire_widget.variants import variant_rules  # noqa: E402

DATA = ROOT / "docs" / "data"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "notebooks").rglob("*.ipynb"))]
REGION = re.compile(r"(<!-- figures:(?P<name>[a-z0-9:-]+) -->\n)(?P<body>.*?)(<!-- /figures:(?P=name) -->)", re.S)

#: The languages a region can be written in; a document in a folder of one of these names gets that language.
LANGUAGES = ("en", "el", "ru")


def language_of(path: Path) -> str:
    """The language of a document's figures: its folder's name when that is a language ("notebooks/el/..."), else
    English."""
    return path.parent.name if path.parent.name in LANGUAGES else "en"


# --------------------------------------------------------------------------------------------------------------
# Numbers, as each language writes them
# --------------------------------------------------------------------------------------------------------------

def _pct(share: float, language: str) -> str:
    """A share as a percentage with one decimal: "20.9%", "20,9%", "20,9 %"."""
    if language == "en":
        return f"{share:.1%}"
    with using(language):
        return percent(share, 1, fixed=True)


def _one_decimal(value: float, language: str) -> str:
    """A mean score: "19.8", "19,8"."""
    if language == "en":
        return f"{value:.1f}"
    with using(language):
        return decimal(value, 1)


def _grouped(value: float, language: str) -> str:
    """A whole number with the language's thousands separator: "2,000", "2.000", "2 000"."""
    if language == "en":
        return f"{value:,.0f}"
    return format_decimal(round(value), locale=language)


# --------------------------------------------------------------------------------------------------------------
# Names: game settings and players
# --------------------------------------------------------------------------------------------------------------

#: How the tables name the game settings, for people.
SETTING_TITLES = {
    "athena": "Athena", "athena-by-three": "Athena, three at a time", "thumb-and-pouch": "Thumb and Pouch",
    "aunt-mary": "Aunt Mary", "camelot": "Camelot", "klondike": "Klondike, one card, three passes",
    "klondike-unlimited": "Klondike, one card, unlimited redeals",
    "klondike-by-three": "Klondike, three cards, three passes",
    "klondike-by-three-unlimited": "Klondike, three cards, unlimited redeals",
}
#: The same in Greek and Russian: (the game's name, as the glossaries give it; what sets this setting apart, or "").
SETTING_NAMES = {
    "el": {
        "athena": ("Αθηνά", ""), "athena-by-three": ("Αθηνά", "ανά τρία φύλλα"),
        "thumb-and-pouch": ("Thumb and Pouch", ""), "aunt-mary": ("Θεία Μαίρη", ""), "camelot": ("Κάμελοτ", ""),
        "klondike": ("Κλόνταϊκ", "ένα φύλλο, τρεις μοιρασιές"),
        "klondike-unlimited": ("Κλόνταϊκ", "ένα φύλλο, απεριόριστες επιπλέον μοιρασιές"),
        "klondike-by-three": ("Κλόνταϊκ", "τρία φύλλα, τρεις μοιρασιές"),
        "klondike-by-three-unlimited": ("Κλόνταϊκ", "τρία φύλλα, απεριόριστες επιπλέον μοιρασιές"),
    },
    "ru": {
        "athena": ("Афина", ""), "athena-by-three": ("Афина", "по три карты"),
        "thumb-and-pouch": ("Рука и кошелёк", ""), "aunt-mary": ("Тётя Мэри", ""), "camelot": ("Камелот", ""),
        "klondike": ("Косынка", "по одной карте, три прохода"),
        "klondike-unlimited": ("Косынка", "по одной карте, пересдачи без ограничений"),
        "klondike-by-three": ("Косынка", "по три карты, три прохода"),
        "klondike-by-three-unlimited": ("Косынка", "по три карты, пересдачи без ограничений"),
    },
}
#: A setting inside a sentence: "on Athena", «στην πασιέντζα Αθηνά», «в пасьянсе «Афина»» (the glossaries put a game's
#: name after the word for patience), with what sets it apart in brackets.
SETTING_IN_SENTENCE = {"en": "on {title}", "el": "στην πασιέντζα {name}{apart}", "ru": "в пасьянсе «{name}»{apart}"}


def _setting_title(setting: str, language: str) -> str:
    """A setting's name on its own, as in a table's first column."""
    if language == "en":
        return SETTING_TITLES[setting]
    name, apart = SETTING_NAMES[language][setting]
    return f"{name}, {apart}" if apart else name


def _setting_in_sentence(setting: str, language: str) -> str:
    if language == "en":
        return SETTING_IN_SENTENCE["en"].format(title=SETTING_TITLES[setting])
    name, apart = SETTING_NAMES[language][setting]
    return SETTING_IN_SENTENCE[language].format(name=name, apart=f" ({apart})" if apart else "")


#: The strategy that tries moves and takes them back (solitaire_widget.strategies): not fair, so never the "best simple
#: strategy" (only fair strategies count there), but shown in a column of its own and named for what it does.
UNDO_SEARCH = "undo-search"

#: How a table's row names a player (English: the solver, the fair player, undo-search and the player told the stock's
#: order described, the last two as no fair players; a strategy by its name).
PLAYER_WORDS = {
    "solver": "thoughtful solver (sees every card: deals winnable)",
    "fair": "fair player (sees what you see)",
    UNDO_SEARCH: "undo-search (tries moves and takes them back, so not a fair player)",
    KNOWS_STOCK: "player told the stock's order (knows-stock: not a fair player)",
}
#: The same in Greek and Russian: every player in words, a strategy with the name the code knows it by.
PLAYER_ROWS = {
    "el": {"solver": "επιλυτής (βλέπει όλα τα φύλλα: μοιρασιές που βγαίνουν)",
           "fair": "τίμιος παίκτης (βλέπει ό,τι βλέπετε)",
           "bold": "τολμηρός (`bold`)", "cautious": "προσεκτικός (`cautious`)",
           UNDO_SEARCH: "αναζήτηση με αναίρεση (`undo-search`: δοκιμάζει κινήσεις και τις παίρνει πίσω, γι' αυτό δεν "
                        "λογίζεται τίμιος παίκτης)",
           "random": "τυχαίος (`random`)", "centre-first": "πρώτα το κέντρο (`centre-first`)",
           "edge-first": "πρώτα η περίμετρος (`edge-first`)", "help-page": "όπως η σελίδα βοήθειας (`help-page`)",
           KNOWS_STOCK: "παίκτης που ξέρει τη σειρά της μάνας (`knows-stock`: δεν είναι τίμιος παίκτης)"},
    "ru": {"solver": "решатель (видит все карты: раздачи, которые можно выиграть)",
           "fair": "честный игрок (видит то же, что и вы)",
           "bold": "смелый (`bold`)", "cautious": "осторожный (`cautious`)",
           UNDO_SEARCH: "перебор с отменой (`undo-search`: пробует ходы и отменяет их, поэтому не считается честным "
                        "игроком)",
           "random": "случайный (`random`)", "centre-first": "сначала центр (`centre-first`)",
           "edge-first": "сначала края (`edge-first`)", "help-page": "по справке (`help-page`)",
           KNOWS_STOCK: "игрок, знающий порядок карт в колоде (`knows-stock`: не честный игрок)"},
}

#: How a sentence names a player.
PLAYER_NAMES = {"solver": "the thoughtful solver", "fair": "the fair player",
                KNOWS_STOCK: "the player told the stock's order"}
#: The same in Greek (nominative, accusative) and Russian (nominative, genitive, and the instrumental after «с», which
#: is «со» before some words: "with"): the sentences below say which case each place takes.
PLAYER_CASES = {
    "el": {"solver": ("ο επιλυτής", "τον επιλυτή"), "fair": ("ο τίμιος παίκτης", "τον τίμιο παίκτη"),
           "bold": ("ο τολμηρός παίκτης", "τον τολμηρό παίκτη"),
           "cautious": ("ο προσεκτικός παίκτης", "τον προσεκτικό παίκτη"),
           UNDO_SEARCH: ("ο παίκτης «αναζήτηση με αναίρεση»", "τον παίκτη «αναζήτηση με αναίρεση»"),
           "random": ("ο τυχαίος παίκτης", "τον τυχαίο παίκτη"),
           "centre-first": ("ο παίκτης «πρώτα το κέντρο»", "τον παίκτη «πρώτα το κέντρο»"),
           "edge-first": ("ο παίκτης «πρώτα η περίμετρος»", "τον παίκτη «πρώτα η περίμετρος»"),
           "help-page": ("ο παίκτης «όπως η σελίδα βοήθειας»", "τον παίκτη «όπως η σελίδα βοήθειας»"),
           KNOWS_STOCK: ("ο παίκτης που ξέρει τη σειρά της μάνας", "τον παίκτη που ξέρει τη σειρά της μάνας")},
    "ru": {"solver": ("решатель", "решателя", "с решателем"),
           "fair": ("честный игрок", "честного игрока", "с честным игроком"),
           "bold": ("смелый игрок", "смелого игрока", "со смелым игроком"),
           "cautious": ("осторожный игрок", "осторожного игрока", "с осторожным игроком"),
           UNDO_SEARCH: ("игрок «перебор с отменой»", "игрока «перебор с отменой»", "с игроком «перебор с отменой»"),
           "random": ("случайный игрок", "случайного игрока", "со случайным игроком"),
           "centre-first": ("игрок «сначала центр»", "игрока «сначала центр»", "с игроком «сначала центр»"),
           "edge-first": ("игрок «сначала края»", "игрока «сначала края»", "с игроком «сначала края»"),
           "help-page": ("игрок «по справке»", "игрока «по справке»", "с игроком «по справке»"),
           KNOWS_STOCK: ("игрок, знающий порядок карт в колоде", "игрока, знающего порядок карт в колоде",
                         "с игроком, знающим порядок карт в колоде")},
}
_CASES = {"el": ("nominative", "accusative"), "ru": ("nominative", "genitive", "with")}


def _player_name(player: str, language: str = "en", case: str = "nominative") -> str:
    if language == "en":
        return PLAYER_NAMES.get(player, f"the {player} player")
    forms = PLAYER_CASES[language].get(player)
    if forms is None:  # a player not named here yet: its code name, which needs no ending
        forms = (f"`{player}`",) * len(_CASES[language])
    return forms[_CASES[language].index(case)]


def _player_row(player: str, language: str) -> str:
    if language == "en":
        return PLAYER_WORDS.get(player, player)
    return PLAYER_ROWS[language].get(player, f"`{player}`")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------------------------------------------
# The words of the tables and sentences, per language
# --------------------------------------------------------------------------------------------------------------

#: Every piece of wording below, per language; the English ones are the wording the README, the docs and the English
#: notebooks quote, byte for byte.
TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "not measured": "not measured yet",
        "cell": "{share} ({low}–{high}), {successes} of {deals}{undecided}{partial}{older}",
        "cell undecided": ", {count} undecided",
        "cell partial": " (so far: {played})",
        "cell older": " (played by an earlier version of the code)",
        "fair-player head": "| game | fair player | best simple strategy that plays fair, on the same deals | "
                            "difference: the fair player less that strategy (McNemar p) | "
                            "thoughtful solver on the same deals (winnable) | "
                            "undo-search (tries moves and takes them back) on the same deals |",
        "no undo-search": "none for this game",
        "no pair": "—",
        "no pair note": "A dash (—) marks a comparison not yet made on the same deals: the table was published before "
                        "such comparisons were recorded, or the other player has not played those deals yet. Shares "
                        "over different deals are not set side by side.",
        "pair share": "{share}, {wins} of the same {deals}",
        "pair best": "{player}: {share}, {wins} of the same {deals}",
        "pair difference": "{difference} ({wins} against {other_wins}; {p})",
        "pair undo-search": "{share}, {wins} of the same {deals}; the fair player {difference} ({p})",
        "pair solver": "{share} ({low}–{high}), {successes} of the same {deals}{undecided}",
        "points": "{sign}{points} points",
        "p": "p = {p}",
        "p below": "p < {p}",
        "knows-stock intro": "The player told the stock's order (`knows-stock`, the \"K+\" model of the literature) is "
                             "not a fair player: it knows the order of the stock, which no player can see. It is "
                             "measured only to compare with the published Klondike players, which all know that "
                             "order, and is set here beside the fair player on the same deals:",
        "knows-stock head": "| game | player told the stock's order (not a fair player) | "
                            "fair player on the same deals | "
                            "difference: the player told the stock's order less the fair player (McNemar p) |",
        "pair sentence": "On the {count} deals both played, {fair} won {wins} and {best}, the best there of the "
                         "simple strategies that play fair, won {other_wins}: a difference of {difference} "
                         "({test}).\n",
        "pair sentence one": "On the one deal both played, {fair} won {wins} and {best}, the best there of the simple "
                             "strategies that play fair, won {other_wins}: a difference of {difference} ({test}).\n",
        "test": "McNemar's exact test: {p}",
        "no pair sentence": "{Fair} has not yet been compared with the simple strategies on the same deals: its "
                            "share and theirs above are over different deals, so they do not show which plays "
                            "better.\n",
        "knows-stock sentence": "On the {count} deals both played, {knows}, which is not a fair player, won {wins} "
                                "and {fair} won {other_wins}: a difference of {difference} ({test}).\n",
        "knows-stock sentence one": "On the one deal both played, {knows}, which is not a fair player, won {wins} "
                                    "and {fair} won {other_wins}: a difference of {difference} ({test}).\n",
        "knows-stock no pair": "{Knows}, which is not a fair player, has not yet been compared with {fair} on the "
                               "same deals.\n",
        "players head": "| player | games won (95% CI) | mean score |",
        "players none": "| not measured yet | | |",
        "solver head": "| game | deals | winnable | unwinnable | undecided | winnable share (95% CI) |",
        "solver none": "| {title} | not measured yet | | | | |",
        "solver notes": "Published shares of the thoughtful game, for comparison:",
        "solver note": "- {title}: published {share} ({source}).",
        "figures": "{share} (95% interval {low}–{high}; {successes} of {played}{undecided}{so_far})",
        "of run": "deals {first}–{last}",
        "of runs": "deals {ranges}",
        "of count": "the {count} deals played among deals {first}–{last}",
        "of count one": "the {count} deal played among deals {first}–{last}",
        "count": "{count} of {first}–{last}",
        "and": " and ",
        "figures undecided": ", {count} undecided",
        "figures so far": ", so far: {deals} of the {total} to be played",
        "share missing": "{Name} {on_setting}: not measured yet.\n",
        "share solver": "{Name} proved {words} winnable: {figures}.\n",
        "share solver none": "{Name} proved {words} winnable: {figures}.\n",
        "share player": "{Name} won {words}: {figures}.\n",
        "share player none": "{Name} won {words}: {figures}.\n",
        "compare missing": "{First} compared with {second} {on_setting}: not measured yet (no table is published for "
                           "{missing}).\n",
        "missing or": " or ",
        "against": "{high}, against {low}",
        "neither succeeded": "Neither {high} nor {low} succeeded on any deal: {figures}.\n",
        "solver some, other none": "{High} proved some deals winnable, {low} won none: {figures}.\n",
        "some, solver none": "{High} won some games, {low} found no deal winnable: {figures}.\n",
        "some, other none": "{High} won some games, {low} won none: {figures}.\n",
        "solver more often": "A deal is winnable {times} {low} wins one: {figures}.{overlap}\n",
        "more often than solver": "{High} won {times} a deal is winnable: {figures}.{overlap}\n",
        "more often": "{High} won {times} {low}: {figures}.{overlap}\n",
        "overlap": " Their 95% intervals overlap, so these deals show no clear difference.",
        "no mean score": "No mean score to compare: the thoughtful solver does not play games out.\n",
        "scores": "{high} points a game on average, against {low} (deals {ranges})",
        "ranges and": " and ",
        "neither scored": "Neither {high} nor {low} scored a point: {figures}.\n",
        "one scored": "{High} scored, {low} did not: {figures}.\n",
        "scored more": "{High} scored {times} {low}: {figures}.\n",
        "picture alt": "{title}: the thoughtful solver's share of deals winnable, and the shares of games won by the "
                       "fair player and by the best simple strategy that plays fair, with their 95% intervals",
        "picture axis": "share of deals, % (the lines: 95% intervals)",
        "picture best": "best simple strategy that plays fair: {player}",
        "picture best legend": "best simple strategy that plays fair (named above its bar)",
        "picture clauses": "; ",
        "picture bar solver": "the thoughtful solver proved {share} of the deals winnable ({successes} of {played})",
        "picture bar fair": "the fair player won {share} ({successes} of {played})",
        "picture bar best": "{best}, the best of the simple strategies that play fair, won {share} ({successes} of "
                            "{played})",
        "picture bar best same": "{best}, the best of the simple strategies that play fair on those deals, won {share} "
                                 "({successes} of {played})",
        "picture same all": "All three shares are of the same deals.",
        "picture same pair": "The fair player and {best} played the same deals; the solver's share is of the deals "
                             "named beside it.",
        "picture apart": "The fair player has not yet been compared with the others on the same deals, so each bar is "
                         "over its own deals: the bars show how far apart the shares are, not which player does better "
                         "deal by deal.",
        "picture earlier": "The fair player's share is that of an earlier version of the player (its table was played "
                           "with other settings than today's), and will change when today's player has played its "
                           "deals.",
        "picture missing": "No table is published yet for {missing}.",
        "picture no strategy": "No simple strategy that plays fair has a published table yet.",
        "first filling": "Placing every card as well as the odds allow, a player who cannot see the stock gets through "
                         "the first filling of the grid with a probability of {share}: about one game in {one_in} is "
                         "lost before a single card can be removed.\n",
    },
    "el": {
        "not measured": "δεν έχει μετρηθεί ακόμα",
        "cell": "{share} ({low}–{high}), {successes} από {deals}{undecided}{partial}{older}",
        "cell undecided": ", {count} χωρίς απάντηση",
        "cell partial": " (μέχρι στιγμής: {played})",
        "cell older": " (από προηγούμενη έκδοση του κώδικα)",
        "fair-player head": "| πασιέντζα | τίμιος παίκτης | καλύτερη απλή στρατηγική που παίζει τίμια, στις ίδιες "
                            "μοιρασιές | διαφορά: ο τίμιος παίκτης μείον αυτή τη στρατηγική (p του McNemar) | "
                            "επιλυτής στις ίδιες μοιρασιές (μοιρασιές που βγαίνουν) | "
                            "αναζήτηση με αναίρεση (δοκιμάζει κινήσεις και τις παίρνει πίσω) στις ίδιες μοιρασιές |",
        "no undo-search": "δεν υπάρχει σε αυτή την πασιέντζα",
        "no pair": "—",
        "no pair note": "Η παύλα (—) σημαίνει σύγκριση που δεν έχει γίνει ακόμα στις ίδιες μοιρασιές: ο πίνακας "
                        "δημοσιεύτηκε πριν αρχίσουν να καταγράφονται τέτοιες συγκρίσεις ή ο άλλος παίκτης δεν έχει "
                        "παίξει ακόμα αυτές τις μοιρασιές. Ποσοστά από διαφορετικές μοιρασιές δεν μπαίνουν το ένα "
                        "δίπλα στο άλλο.",
        "pair share": "{share}, {wins} από τις ίδιες {deals}",
        "pair best": "{player}: {share}, {wins} από τις ίδιες {deals}",
        "pair difference": "{difference} ({wins} έναντι {other_wins}· {p})",
        "pair undo-search": "{share}, {wins} από τις ίδιες {deals}· ο τίμιος παίκτης {difference} ({p})",
        "pair solver": "{share} ({low}–{high}), {successes} από τις ίδιες {deals}{undecided}",
        "points": "{sign}{points} μονάδες",
        "p": "p = {p}",
        "p below": "p < {p}",
        "knows-stock intro": "Ο παίκτης που ξέρει τη σειρά της μάνας (`knows-stock`, το μοντέλο «K+» της "
                             "βιβλιογραφίας) δεν είναι τίμιος παίκτης: ξέρει τη σειρά των φύλλων της μάνας, που "
                             "κανένας παίκτης δεν βλέπει. Μετριέται μόνο για σύγκριση με τους δημοσιευμένους παίκτες "
                             "του Κλόνταϊκ, που όλοι την ξέρουν, και μπαίνει εδώ δίπλα στον τίμιο παίκτη, στις ίδιες "
                             "μοιρασιές:",
        "knows-stock head": "| πασιέντζα | παίκτης που ξέρει τη σειρά της μάνας (δεν είναι τίμιος παίκτης) | τίμιος "
                            "παίκτης στις ίδιες μοιρασιές | διαφορά: ο παίκτης που ξέρει τη σειρά της μάνας μείον τον "
                            "τίμιο παίκτη (p του McNemar) |",
        "pair sentence": "Στις {count} μοιρασιές που έπαιξαν και οι δύο, {fair} κέρδισε {wins} και {best}, που τα "
                         "πήγε εκεί καλύτερα από τις άλλες απλές στρατηγικές που παίζουν τίμια, κέρδισε {other_wins}: "
                         "διαφορά {difference} ({test}).\n",
        "pair sentence one": "Στη μία μοιρασιά που έπαιξαν και οι δύο, {fair} κέρδισε {wins} και {best}, που τα πήγε "
                             "εκεί καλύτερα από τις άλλες απλές στρατηγικές που παίζουν τίμια, κέρδισε {other_wins}: "
                             "διαφορά {difference} ({test}).\n",
        "test": "ακριβής έλεγχος του McNemar: {p}",
        "no pair sentence": "{Fair} δεν έχει συγκριθεί ακόμα με τις απλές στρατηγικές στις ίδιες μοιρασιές: το "
                            "ποσοστό του και τα δικά τους παραπάνω είναι από διαφορετικές μοιρασιές, οπότε δεν "
                            "δείχνουν ποιος παίζει καλύτερα.\n",
        "knows-stock sentence": "Στις {count} μοιρασιές που έπαιξαν και οι δύο, {knows} (δεν είναι τίμιος παίκτης) "
                                "κέρδισε {wins} και {fair} {other_wins}: διαφορά {difference} ({test}).\n",
        "knows-stock sentence one": "Στη μία μοιρασιά που έπαιξαν και οι δύο, {knows} (δεν είναι τίμιος παίκτης) "
                                    "κέρδισε {wins} και {fair} {other_wins}: διαφορά {difference} ({test}).\n",
        "knows-stock no pair": "{Knows} (δεν είναι τίμιος παίκτης) δεν έχει συγκριθεί ακόμα με {fair:accusative} "
                               "στις ίδιες μοιρασιές.\n",
        "players head": "| παίκτης | παρτίδες που κέρδισε (διάστημα εμπιστοσύνης 95%) | μέση βαθμολογία |",
        "players none": "| δεν έχει μετρηθεί ακόμα | | |",
        "solver head": "| πασιέντζα | μοιρασιές | βγαίνουν | δεν βγαίνουν | χωρίς απάντηση | "
                       "ποσοστό που βγαίνει (διάστημα εμπιστοσύνης 95%) |",
        "solver none": "| {title} | δεν έχει μετρηθεί ακόμα | | | | |",
        "solver notes": "Δημοσιευμένα ποσοστά της πασιέντζας με ανοιχτά φύλλα, για σύγκριση:",
        "solver note": "- {title}: δημοσιευμένο {share} ({source}).",
        "figures": "{share} (διάστημα εμπιστοσύνης 95%: {low}–{high}· {successes} από {played}{undecided}{so_far})",
        "of run": "τις μοιρασιές {first}–{last}",
        "of runs": "τις μοιρασιές {ranges}",
        "of count": "τις {count} μοιρασιές που παίχτηκαν ανάμεσα στις μοιρασιές {first}–{last}",
        "of count one": "τη {count} μοιρασιά που παίχτηκε ανάμεσα στις μοιρασιές {first}–{last}",
        "count": "{count} από {first}–{last}",
        "and": " και ",
        "figures undecided": ", {count} χωρίς απάντηση",
        "figures so far": ", μέχρι στιγμής {deals} από τις {total} που θα παιχτούν",
        "share missing": "{Name} {on_setting}: δεν έχει μετρηθεί ακόμα.\n",
        "share solver": "{Name} βρήκε δρόμο προς τη νίκη σε {words}: {figures}.\n",
        "share solver none": "{Name} δεν βρήκε δρόμο προς τη νίκη σε καμία μοιρασιά: {figures}.\n",
        "share player": "{Name} κέρδισε {words}: {figures}.\n",
        "share player none": "{Name} δεν κέρδισε καμία μοιρασιά: {figures}.\n",
        "compare missing": "{First} σε σύγκριση με {second:accusative} {on_setting}: δεν έχει μετρηθεί ακόμα (δεν "
                           "έχει δημοσιευτεί πίνακας για {missing:accusative}).\n",
        "missing or": " ή ",
        "against": "{high}, έναντι {low}",
        "neither succeeded": "Ούτε {high} ούτε {low} τα κατάφεραν σε καμία μοιρασιά: {figures}.\n",
        "solver some, other none": "{High} βρήκε δρόμο προς τη νίκη σε μερικές μοιρασιές, ενώ {low} δεν κέρδισε "
                                   "καμία: {figures}.\n",
        "some, solver none": "{High} κέρδισε μερικές παρτίδες, ενώ {low} δεν βρήκε δρόμο προς τη νίκη σε καμία "
                             "μοιρασιά: {figures}.\n",
        "some, other none": "{High} κέρδισε μερικές παρτίδες, ενώ {low} καμία: {figures}.\n",
        "solver more often": "{High} βρίσκει δρόμο προς τη νίκη {times} {low:accusative}: {figures}.{overlap}\n",
        "more often than solver": "{High} κέρδισε {times} {low:accusative}: {figures}.{overlap}\n",
        "more often": "{High} κέρδισε {times} {low:accusative}: {figures}.{overlap}\n",
        "overlap": " Τα διαστήματα εμπιστοσύνης 95% επικαλύπτονται, οπότε αυτές οι μοιρασιές δεν δείχνουν σαφή "
                   "διαφορά.",
        "no mean score": "Δεν υπάρχει μέση βαθμολογία για σύγκριση: ο επιλυτής δεν παίζει τις παρτίδες ως το "
                         "τέλος.\n",
        "scores": "κατά μέσο όρο {high} βαθμοί ανά παρτίδα, έναντι {low} (μοιρασιές {ranges})",
        "ranges and": " και ",
        "neither scored": "Ούτε {high} ούτε {low} πήραν έστω και έναν βαθμό: {figures}.\n",
        "one scored": "{High} πήρε βαθμούς, ενώ {low} όχι: {figures}.\n",
        "scored more": "{High} πήρε {times} {low:accusative}: {figures}.\n",
        "picture alt": "{title}: το ποσοστό των μοιρασιών που βγαίνουν κατά τον επιλυτή και τα ποσοστά νικών του "
                       "τίμιου παίκτη και της καλύτερης απλής στρατηγικής που παίζει τίμια, με τα διαστήματα "
                       "εμπιστοσύνης 95%",
        "picture axis": "ποσοστό μοιρασιών, % (οι γραμμές: διαστήματα εμπιστοσύνης 95%)",
        "picture best": "καλύτερη απλή στρατηγική που παίζει τίμια: {player}",
        "picture best legend": "καλύτερη απλή στρατηγική που παίζει τίμια (το όνομά της πάνω από τη "
                               "ράβδο)",
        "picture clauses": "· ",
        "picture bar solver": "ο επιλυτής βρήκε δρόμο προς τη νίκη στο {share} των μοιρασιών ({successes} από "
                              "{played})",
        "picture bar fair": "ο τίμιος παίκτης κέρδισε το {share} ({successes} από {played})",
        "picture bar best": "{best}, που τα πήγε καλύτερα από τις άλλες απλές στρατηγικές που παίζουν τίμια, κέρδισε "
                            "το {share} ({successes} από {played})",
        "picture bar best same": "{best}, που τα πήγε σε αυτές τις μοιρασιές καλύτερα από τις άλλες απλές "
                                 "στρατηγικές που παίζουν τίμια, κέρδισε το {share} ({successes} από {played})",
        "picture same all": "Και τα τρία ποσοστά αφορούν τις ίδιες μοιρασιές.",
        "picture same pair": "Ο τίμιος παίκτης και {best} έπαιξαν τις ίδιες μοιρασιές· το ποσοστό του επιλυτή αφορά "
                             "τις μοιρασιές που γράφονται δίπλα του.",
        "picture apart": "Ο τίμιος παίκτης δεν έχει συγκριθεί ακόμα με τους άλλους στις ίδιες μοιρασιές, οπότε κάθε "
                         "ράβδος αφορά τις δικές της μοιρασιές: οι ράβδοι δείχνουν πόσο απέχουν τα ποσοστά, όχι ποιος "
                         "παίκτης τα πάει καλύτερα μοιρασιά προς μοιρασιά.",
        "picture earlier": "Το ποσοστό του τίμιου παίκτη είναι μιας παλαιότερης εκδοχής του (ο πίνακάς του παίχτηκε "
                           "με άλλες ρυθμίσεις από τις σημερινές) και θα αλλάξει όταν ο σημερινός παίκτης παίξει τις "
                           "μοιρασιές του.",
        "picture missing": "Δεν έχει δημοσιευτεί ακόμα πίνακας για {missing:accusative}.",
        "picture no strategy": "Καμία απλή στρατηγική που παίζει τίμια δεν έχει ακόμα δημοσιευμένο πίνακα.",
        "first filling": "Ακόμα κι αν βάζει κάθε φύλλο όσο καλύτερα επιτρέπουν οι πιθανότητες, ένας παίκτης που δεν "
                         "βλέπει τη μάνα περνά το πρώτο γέμισμα του πλέγματος με πιθανότητα {share}: περίπου μία "
                         "παρτίδα στις {one_in} χάνεται πριν μπορέσει να αφαιρεθεί έστω κι ένα φύλλο.\n",
    },
    "ru": {
        "not measured": "пока не измерено",
        "cell": "{share} ({low}–{high}), {successes} из {deals}{undecided}{partial}{older}",
        "cell undecided": ", без ответа: {count}",
        "cell partial": " (пока сыграны {played})",
        "cell older": " (сыграно предыдущей версией кода)",
        "fair-player head": "| пасьянс | честный игрок | лучшая простая стратегия из честных, на тех же раздачах | "
                            "разница: честный игрок минус эта стратегия (p по Мак-Немару) | "
                            "решатель на тех же раздачах (раздачи, которые можно выиграть) | "
                            "перебор с отменой (пробует ходы и отменяет их) на тех же раздачах |",
        "no undo-search": "в этом пасьянсе нет",
        "no pair": "—",
        "no pair note": "Прочерк (—) означает, что сравнения на тех же раздачах ещё нет: таблица опубликована до того, "
                        "как такие сравнения стали записывать, или другой игрок ещё не сыграл эти раздачи. Доли, "
                        "полученные на разных раздачах, рядом не ставятся.",
        "pair share": "{share}, {wins} из тех же {deals}",
        "pair best": "{player}: {share}, {wins} из тех же {deals}",
        "pair difference": "{difference} ({wins} против {other_wins}; {p})",
        "pair undo-search": "{share}, {wins} из тех же {deals}; честный игрок {difference} ({p})",
        "pair solver": "{share} ({low}–{high}), {successes} из тех же {deals}{undecided}",
        "points": "{sign}{points}\xa0п.\xa0п.",
        "p": "p = {p}",
        "p below": "p < {p}",
        "knows-stock intro": "Игрок, знающий порядок карт в колоде (`knows-stock`, модель «K+» из литературы), — не "
                             "честный игрок: он знает порядок карт в колоде, которого не видит ни один игрок. Его "
                             "измеряют только для сравнения с опубликованными игроками в «Косынку», которые все знают "
                             "этот порядок, и здесь он стоит рядом с честным игроком на тех же раздачах:",
        "knows-stock head": "| пасьянс | игрок, знающий порядок карт в колоде (не честный игрок) | "
                            "честный игрок на тех же раздачах | "
                            "разница: игрок, знающий порядок карт в колоде, минус честный игрок (p по Мак-Немару) |",
        "pair sentence": "На {count} раздачах, которые сыграли оба, {fair} выиграл {wins}, а {best}, лучший там из "
                         "простых стратегий, играющих честно, выиграл {other_wins}: разница {difference} ({test}).\n",
        "pair sentence one": "На {count} раздаче, которую сыграли оба, {fair} выиграл {wins}, а {best}, лучший там из "
                             "простых стратегий, играющих честно, выиграл {other_wins}: разница {difference} "
                             "({test}).\n",
        "test": "точный тест Мак-Немара: {p}",
        "no pair sentence": "{Fair:genitive} ещё не сравнивали с простыми стратегиями на тех же раздачах: его доля и "
                            "их доли выше получены на разных раздачах, так что они не показывают, кто играет "
                            "лучше.\n",
        "knows-stock sentence": "На {count} раздачах, которые сыграли оба, {knows} (он не честный игрок), выиграл "
                                "{wins}, а {fair} — {other_wins}: разница {difference} ({test}).\n",
        "knows-stock sentence one": "На {count} раздаче, которую сыграли оба, {knows} (он не честный игрок), выиграл "
                                    "{wins}, а {fair} — {other_wins}: разница {difference} ({test}).\n",
        "knows-stock no pair": "{Knows:genitive} (он не честный игрок), ещё не сравнивали {fair:with} на тех же "
                               "раздачах.\n",
        "players head": "| игрок | выиграно партий (доверительный интервал 95\xa0%) | средний счёт |",
        "players none": "| пока не измерено | | |",
        "solver head": "| пасьянс | раздачи | можно выиграть | нельзя выиграть | без ответа | "
                       "доля выигрышных (доверительный интервал 95\xa0%) |",
        "solver none": "| {title} | пока не измерено | | | | |",
        "solver notes": "Опубликованные доли для пасьянса в открытую, для сравнения:",
        "solver note": "- {title}: опубликовано {share} ({source}).",
        "figures": "{share} (доверительный интервал 95\xa0%: {low}–{high}; {successes} из {played}{undecided}{so_far})",
        "of run": "раздач с {first} по {last}",
        "of runs": "раздач {ranges}",
        "of count": "{count} сыгранных раздач среди раздач с {first} по {last}",
        "of count one": "{count} сыгранной раздачи среди раздач с {first} по {last}",
        "count": "{count} из {first}–{last}",
        "and": " и ",
        "figures undecided": ", без ответа: {count}",
        "figures so far": ", пока сыграно {deals} из {total}",
        "share missing": "{Name} {on_setting}: пока не измерено.\n",
        "share solver": "{Name} доказал, что выиграть можно {words}: {figures}.\n",
        "share solver none": "{Name} не нашёл ни одной раздачи, которую можно выиграть: {figures}.\n",
        "share player": "{Name} выиграл {words}: {figures}.\n",
        "share player none": "{Name} не выиграл ни одной раздачи: {figures}.\n",
        "compare missing": "{First} в сравнении {second:with} {on_setting}: пока не измерено (нет "
                           "опубликованной таблицы для {missing:genitive}).\n",
        "missing or": " и ",
        "against": "{high} против {low}",
        "neither succeeded": "Ни {high}, ни {low} не выиграли ни одной раздачи: {figures}.\n",
        "solver some, other none": "{High} нашёл раздачи, которые можно выиграть, а {low} не выиграл ни одной: "
                                   "{figures}.\n",
        "some, solver none": "{High} выиграл несколько партий, а {low} не нашёл ни одной раздачи, которую можно "
                             "выиграть: {figures}.\n",
        "some, other none": "{High} выиграл несколько партий, а {low} — ни одной: {figures}.\n",
        "solver more often": "{High} находит выигрыш {times} {low}: {figures}.{overlap}\n",
        "more often than solver": "{High} выигрывал {times} {low}: {figures}.{overlap}\n",
        "more often": "{High} выигрывал {times} {low}: {figures}.{overlap}\n",
        "overlap": " Их доверительные интервалы 95\xa0% перекрываются, так что явной разницы на этих раздачах не "
                   "видно.",
        "no mean score": "Средний счёт сравнить нельзя: решатель не доигрывает партии.\n",
        "scores": "в среднем {high} очка за партию против {low} (раздачи {ranges})",
        "ranges and": " и ",
        "neither scored": "Ни {high}, ни {low} не набрали ни одного очка: {figures}.\n",
        "one scored": "{High} набрал очки, а {low} — нет: {figures}.\n",
        "scored more": "{High} набрал {times} {low}: {figures}.\n",
        "picture alt": "{title}: доля раздач, которые можно выиграть, по решателю и доли выигранных партий у "
                       "честного игрока и у лучшей из простых стратегий, играющих честно, с доверительными "
                       "интервалами 95\xa0%",
        "picture axis": "доля раздач, % (отрезки: доверительные интервалы 95\xa0%)",
        "picture best": "лучшая из простых честных стратегий: {player}",
        "picture best legend": "лучшая из простых честных стратегий (её название — над столбиком)",
        "picture clauses": "; ",
        "picture bar solver": "решатель доказал, что выиграть можно {share} раздач ({successes} из {played})",
        "picture bar fair": "честный игрок выиграл {share} раздач ({successes} из {played})",
        "picture bar best": "{best} — лучший из игроков, которые следуют простым честным стратегиям, — выиграл "
                            "{share} раздач ({successes} из {played})",
        "picture bar best same": "{best} — лучший на этих раздачах из игроков, которые следуют простым честным "
                                 "стратегиям, — выиграл {share} раздач ({successes} из {played})",
        "picture same all": "Все три доли получены на одних и тех же раздачах.",
        "picture same pair": "Честный игрок и {best} сыграли одни и те же раздачи; доля решателя получена на "
                             "раздачах, названных рядом с ней.",
        "picture apart": "Честного игрока ещё не сравнивали с остальными на тех же раздачах, поэтому каждый столбик "
                         "построен по своим раздачам: столбики показывают, насколько различаются доли, но не то, кто "
                         "играет лучше на одних и тех же раздачах.",
        "picture earlier": "Доля честного игрока получена прежней версией игрока (его таблица сыграна с другими "
                           "настройками, чем нынешние) и изменится, когда нынешний игрок сыграет свои раздачи.",
        "picture missing": "Пока нет опубликованной таблицы для {missing:genitive}.",
        "picture no strategy": "Ни для одной простой стратегии, играющей честно, таблица пока не опубликована.",
        "first filling": "Даже если класть каждую карту так, как лучше всего по шансам, игрок, который не видит "
                         "колоду, проходит первое заполнение поля с вероятностью {share}: примерно одна партия из "
                         "{one_in} проигрывается раньше, чем удаётся убрать хотя бы одну карту.\n",
    },
}

_PLACE = re.compile(r"\{(?P<name>\w+)(?::(?P<case>\w+))?\}")


def _say(language: str, key: str, **values: object) -> str:
    """TEXTS[language][key] with its places filled. A place ``{low:accusative}`` takes the player ``low`` in that
    case; ``{Low}`` takes it capitalised (the player's names are passed as their codes, under ``players``)."""
    template = TEXTS[language][key]
    players: dict[str, str | list[str]] = values.pop("players", {})  # type: ignore[assignment]

    def fill(match: re.Match[str]) -> str:
        name, case = match.group("name"), match.group("case") or "nominative"
        if name.lower() in players and name not in values:
            player = players[name.lower()]
            if isinstance(player, list):  # several players, joined with "or"
                text = TEXTS[language]["missing or"].join(_player_name(one, language, case) for one in player)
            else:
                text = _player_name(player, language, case)
            return _capital(text) if name[0].isupper() else text
        return str(values[name])

    return _PLACE.sub(fill, template)


# --------------------------------------------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------------------------------------------

def _tables() -> dict[tuple[str, str], PublishedTable]:
    return {(table.setting, table.player): table for table in published_tables()}


# The deals a table played, three ways: on their own ("deals 1–70 and 75–80", in the product's own words, from its
# catalogues), after "{successes} of" ("37 of deals 1–70 and 75–80"), and bare, in a column of deals ("1–70 and 75–80").
# Each says "deals 1–N" only when deals 1 to N were all played; otherwise it lists the runs of deals in a row, or, when
# they are more than a few (or were not recorded), counts them: "74 of deals 1–100".

def _played(table: PublishedTable, language: str) -> str:
    """The deals played, on their own: "deals 1–70 and 75–80", "74 of deals 1–100"."""
    with using(language):
        return table.deals_played()


def _ranges(runs: tuple[tuple[int, int], ...], language: str) -> str:
    """Runs of deals as a list: "1–70", "1–70 and 75–80", "1–10, 12–30 and 35–40"."""
    names = [f"{first}–{last}" if last > first else str(first) for first, last in runs]
    return ", ".join(names[:-1]) + TEXTS[language]["and"] + names[-1] if len(names) > 1 else names[0]


def _of_played(table: PublishedTable, language: str) -> str:
    """The deals played, after "{successes} of": "deals 1–2000", "deals 1–70 and 75–80", "the 74 deals played among
    deals 1–100"."""
    runs = table.listed_runs()
    if runs is None:
        first, last = table.span()
        one = Locale.parse(language).plural_form(table.deals) == "one"
        return _say(language, "of count one" if one else "of count", count=table.deals, first=first, last=last)
    if len(runs) == 1 and runs[0][1] > runs[0][0]:
        return _say(language, "of run", first=runs[0][0], last=runs[0][1])
    return _say(language, "of runs", ranges=_ranges(runs, language))


def _bare_played(table: PublishedTable, language: str) -> str:
    """The deals played, in a column of deals: "1–2000", "1–70 and 75–80", "74 of 1–100"."""
    runs = table.listed_runs()
    if runs is None:
        first, last = table.span()
        return _say(language, "count", count=table.deals, first=first, last=last)
    return _ranges(runs, language)


def _cell(table: PublishedTable | None, language: str = "en") -> str:
    if table is None:
        return TEXTS[language]["not measured"]
    undecided = _say(language, "cell undecided", count=table.undecided) if table.undecided else ""
    partial = "" if table.complete else _say(language, "cell partial", played=_played(table, language))
    older = _say(language, "cell older") if _older(table) else ""
    return _say(language, "cell", share=_pct(table.share, language), low=_pct(table.low, language),
                high=_pct(table.high, language), successes=table.successes, deals=table.deals, undecided=undecided,
                partial=partial, older=older)


def _older(table: PublishedTable) -> bool:
    """Whether ``table`` was played by other code than today's (its study waits to be played again): a table is
    published until its own store replaces it, and its figures say so meanwhile."""
    return player_for(table.variant, table.player, table.settings).code != table.code


def _fixed(value: float, digits: int, language: str) -> str:
    """A number with exactly ``digits`` decimals, rounded once by Python as the percentages are, then written as the
    language writes it: "0.08", "0,08"."""
    text = f"{value:.{digits}f}"
    return text if language == "en" else format_decimal(Decimal(text), format="0." + "0" * digits, locale=language)


def _points(difference: float, language: str) -> str:
    """A difference of two shares in percentage points, signed: "+37.3 points", "−2.0 points", "0.0 points"."""
    points = _fixed(abs(difference) * 100, 1, language)
    sign = "" if f"{abs(difference) * 100:.1f}" == "0.0" else "+" if difference > 0 else "\u2212"
    return _say(language, "points", sign=sign, points=points)


def _p_value(p: float, language: str) -> str:
    """McNemar's p as a reader wants it: "p < 0.001", "p = 0.004", "p = 0.21", "p = 1"."""
    if p < 0.001:
        return _say(language, "p below", p=_fixed(0.001, 3, language))
    if p >= 0.995:
        return _say(language, "p", p="1")
    return _say(language, "p", p=_fixed(p, 3 if p < 0.01 else 2, language))


def _pair_values(pair: PairedRecord, language: str) -> dict[str, object]:
    """The places a comparison on the same deals fills: the other player's share and wins there (``share``,
    ``wins``), the deals, and the difference of the table's player less the other (``difference``) with its
    McNemar p (``p``)."""
    return {"share": _pct(pair.other_share, language), "wins": pair.other_wins, "deals": pair.deals,
            "difference": _points(pair.difference, language), "p": _p_value(pair.p_value, language)}


def _pair_difference(pair: PairedRecord | None, language: str) -> str:
    """The difference cell: "+37.3 points (493 against 120; p < 0.001)"."""
    if pair is None:
        return TEXTS[language]["no pair"]
    values = _pair_values(pair, language)
    return _say(language, "pair difference", difference=values["difference"], wins=pair.wins,
                other_wins=pair.other_wins, p=values["p"])


def _has_undo_search(tables: dict[tuple[str, str], PublishedTable], setting: str) -> bool:
    """Whether the setting's game has undo-search (Camelot has not); True while no table says which game it is."""
    variants = {table.variant for (name, _), table in tables.items() if name == setting}
    return not variants or any(UNDO_SEARCH in strategies_for(variant) for variant in variants)


def fair_player(language: str = "en") -> str:
    """The fair player against the others on the same deals, per setting: the best simple strategy that plays fair
    there (its wins on those deals, not its share over its own), the paired difference with McNemar's p, the
    thoughtful solver's share of the same deals, and undo-search in the last column, named for what it does. Where no
    comparison on the same deals is recorded, the cells say so rather than set shares of different deals side by
    side. Then, where it was measured, the player told the stock's order, in a table of its own, named as no fair
    player, beside the fair player on the same deals."""
    tables = _tables()
    no_pair = TEXTS[language]["no pair"]
    lines = [TEXTS[language]["fair-player head"], "|---|---|---|---|---|---|"]
    start = len(lines)
    for setting in SETTING_TITLES:
        fair = tables.get((setting, "fair"))
        paired = None if fair is None else fair.paired
        best = None if paired is None else paired.best_strategy()
        best_cell = no_pair if best is None else _say(
            language, "pair best", player=_player_row(best.player, language), **_pair_values(best, language))
        if not _has_undo_search(tables, setting):
            undo_cell = TEXTS[language]["no undo-search"]
        elif paired is None or paired.undo_search is None:
            undo_cell = no_pair
        else:
            undo_cell = _say(language, "pair undo-search", **_pair_values(paired.undo_search, language))
        solver = None if paired is None else paired.solver
        solver_cell = no_pair if solver is None else _say(
            language, "pair solver", share=_pct(solver.share, language), low=_pct(solver.low, language),
            high=_pct(solver.high, language), successes=solver.successes, deals=solver.deals,
            undecided=_say(language, "cell undecided", count=solver.undecided) if solver.undecided else "")
        lines.append(f"| {_setting_title(setting, language)} | {_cell(fair, language)} | {best_cell} | "
                     f"{_pair_difference(best, language)} | {solver_cell} | {undo_cell} |")
    dashed = any(f"| {no_pair} |" in line for line in lines[start:])
    knowing = [(setting, tables[setting, KNOWS_STOCK]) for setting in SETTING_TITLES
               if (setting, KNOWS_STOCK) in tables]
    if knowing:
        lines += ["", TEXTS[language]["knows-stock intro"], "", TEXTS[language]["knows-stock head"],
                  "|---|---|---|---|"]
        for setting, table in knowing:
            pair = None if table.paired is None else table.paired.fair
            fair_cell = no_pair if pair is None else _say(language, "pair share", **_pair_values(pair, language))
            if pair is not None and _older(table):
                # The pairing was recorded with the table, against the fair player's games of that code, which may
                # since have been played again: the cell says whose games they are.
                fair_cell += _say(language, "cell older")
            lines.append(f"| {_setting_title(setting, language)} | {_cell(table, language)} | {fair_cell} | "
                         f"{_pair_difference(pair, language)} |")
            dashed = dashed or pair is None
    if dashed:
        lines += ["", TEXTS[language]["no pair note"]]
    return "\n".join(lines) + "\n"


def _count_key(key: str, count: int, language: str) -> str:
    """``key``, or ``key + " one"`` where the language takes its "one" form for ``count`` (1; in Russian, 21...)."""
    return f"{key} one" if Locale.parse(language).plural_form(count) == "one" else key


def _paired_sentences(tables: dict[tuple[str, str], PublishedTable], setting: str, language: str) -> str:
    """Below a setting's table of players: the fair player against the best simple strategy that plays fair on the
    same deals, and the player told the stock's order against the fair player, each with the difference and
    McNemar's p; or, where no such comparison is recorded, that the shares above are over different deals."""
    sentences = []
    fair = tables.get((setting, "fair"))
    if fair is not None:
        best = None if fair.paired is None else fair.paired.best_strategy()
        if best is None:
            sentences.append(_say(language, "no pair sentence", players={"fair": "fair"}))
        else:
            values = _pair_values(best, language)
            sentences.append(_say(language, _count_key("pair sentence", best.deals, language),
                                  players={"fair": "fair", "best": best.player}, count=best.deals, wins=best.wins,
                                  other_wins=best.other_wins, difference=values["difference"],
                                  test=_say(language, "test", p=values["p"])))
    knows = tables.get((setting, KNOWS_STOCK))
    if knows is not None:
        pair = None if knows.paired is None else knows.paired.fair
        names = {"knows": KNOWS_STOCK, "fair": "fair"}
        if pair is None:
            sentences.append(_say(language, "knows-stock no pair", players=names))
        else:
            values = _pair_values(pair, language)
            sentences.append(_say(language, _count_key("knows-stock sentence", pair.deals, language),
                                  players=names, count=pair.deals, wins=pair.wins, other_wins=pair.other_wins,
                                  difference=values["difference"], test=_say(language, "test", p=values["p"])))
    return "".join(f"\n{sentence}" for sentence in sentences)


def players(setting: str) -> Callable[..., str]:
    """Every player of one setting, best first: the solver's ceiling, then the players by the share of games they
    won, and where that ties (Camelot, where wins are rare), by their mean score; the player told the stock's order
    named as no fair player. Below, the fair player (and the player told the stock's order) compared on the same
    deals (:func:`_paired_sentences`), since the table's shares are over different deals."""
    def render(language: str = "en") -> str:
        tables = _tables()
        lines = [TEXTS[language]["players head"], "|---|---|---|"]
        rows = [table for (name, _), table in tables.items() if name == setting]
        rows.sort(key=lambda table: (table.player != "solver", -table.share, -(table.mean_score or 0.0),
                                     table.player))
        for table in rows:
            score = "" if table.mean_score is None else _one_decimal(table.mean_score, language)
            lines.append(f"| {_player_row(table.player, language)} | {_cell(table, language)} | {score} |")
        if not rows:
            lines.append(TEXTS[language]["players none"])
        return "\n".join(lines) + "\n" + _paired_sentences(tables, setting, language)

    return render


#: The chooser each trial of docs/data/fair-trials.json is compared with, in its game setting: the chosen one,
#: unless the data names another for that setting (its "chosen").
TRIAL_REFERENCE = "bandit"


def fair_trials(language: str = "en") -> str:
    """The trials that chose the fair player (docs/data/fair-trials.json): each chooser's wins on the same deals,
    and how it compares with the chosen one deal by deal (McNemar's exact test). English only: the page it goes in
    (docs/fair-play.md) is written in English."""
    if language != "en":
        raise ValueError("the fair player's trials are written in English only")
    data = json.loads((DATA / "fair-trials.json").read_text(encoding="utf-8"))
    lines = [f"Trials of {data['date']}, on the same numbered deals (won: share with its 95% interval; against the "
             "chosen: the deals only this chooser won / only the chosen one won, on the deals both played, and "
             "McNemar's exact p):", "",
             "| game | chooser | deals | won | seconds a game | against the chosen |", "|---|---|---|---|---|---|"]
    for trial in data["trials"]:
        deals = range(trial["first_deal"], trial["last_deal"] + 1)
        chosen_name = data.get("chosen", {}).get(trial["setting"], TRIAL_REFERENCE)
        reference = next(t for t in data["trials"] if t["setting"] == trial["setting"] and t["chooser"] == chosen_name)
        won, chosen = set(trial["won"]), set(reference["won"])
        if trial is reference:
            against = "(the chosen one)"
        else:
            common = set(deals) & set(range(reference["first_deal"], reference["last_deal"] + 1))
            mine, theirs = len((won - chosen) & common), len((chosen - won) & common)
            against = f"{mine} / {theirs}, p = {mcnemar_p(mine, theirs):.3f}" + (
                "" if len(common) == len(deals) else f" (deals {min(common)}–{max(common)})")
        low, high = bounds(len(won), 0, len(deals))
        lines.append(f"| {_setting_title(trial['setting'], language)} | {trial['chooser']}: "
                     f"{data['choosers'][trial['chooser']]} | {deals.start}–{deals.stop - 1} | "
                     f"{len(won)} of {len(deals)}, {_pct(len(won) / len(deals), language)} "
                     f"({_pct(low, language)}–{_pct(high, language)}) | {trial['seconds_per_game']} | {against} |")
    return "\n".join(lines) + "\n"


def fair_curve(language: str = "en") -> str:
    """The fair player's cost curve (docs/data/fair-curve.json, written by ``benchmarks/fair_curve.py --json``): per
    setting and player, the games won on the same deals with each budget of samples, the time a game and a move, and
    each budget against the default deal by deal. English only: the page it goes in (docs/fair-play.md) is written
    in English. Raises ValueError when a curve's budgets count a deal outside its deals, or lack the default."""
    if language != "en":
        raise ValueError("the fair player's cost curve is written in English only")
    data = json.loads((DATA / "fair-curve.json").read_text(encoding="utf-8"))
    parts = []
    for curve in data["curves"]:
        first, last = curve["first_deal"], curve["last_deal"]
        count = last - first + 1
        points = sorted(curve["points"], key=lambda entry: entry["samples"])
        reference = next((entry for entry in points if entry["samples"] == curve["default_samples"]), None)
        if reference is None:
            raise ValueError(f"the fair player's curve of {curve['setting']} ({curve['player']}) has no run with the "
                             f"default budget, {curve['default_samples']} samples, to compare the others with")
        for entry in points:
            if not set(entry["won"]) <= set(range(first, last + 1)):
                raise ValueError(f"the fair player's curve of {curve['setting']} ({curve['player']}): its "
                                 f"{entry['samples']}-sample run counts wins outside deals {first}–{last}")
        earlier = "" if curve["code"] == player_for(curve["variant"], curve["player"], {}).code else (
            " It was played by an earlier version of the code.")
        who = ("the player told the stock's order (not a fair player)" if curve["player"] == KNOWS_STOCK
               else "the fair player")
        lines = [f"{_setting_title(curve['setting'], language)}, {who}: deals {first}–{last}, each played with every "
                 f"budget (`benchmarks/fair_curve.py`, {curve['date']}, {curve['cores']} cores, load average "
                 f"{curve['load_before']:.1f} at the start and {curve['load_after']:.1f} at the end).{earlier}", "",
                 "| samples for the plan played | won | seconds a game | seconds a move | against "
                 f"{curve['default_samples']} samples (only this / only {curve['default_samples']}, McNemar's p) |",
                 "|---|---|---|---|---|"]
        differing = []
        for entry in points:
            won = len(entry["won"])
            low, high = bounds(won, 0, count)
            if entry is reference:
                against = "(the default)"
            else:
                mine, theirs = set(entry["won"]), set(reference["won"])
                only, other = len(mine - theirs), len(theirs - mine)
                p = mcnemar_p(only, other)
                against = f"{only} / {other}, p = {p:.3f}"
                if p < 0.05:
                    differing.append(f"{entry['samples']} samples ({'more' if only > other else 'fewer'})")
            per_move = "—" if entry["seconds_per_move"] is None else f"{entry['seconds_per_move']:.2f}"
            lines.append(f"| {entry['samples']} | {won} of {count}, {_pct(won / count, language)} "
                         f"({_pct(low, language)}–{_pct(high, language)}) | {entry['seconds_per_game']:.1f} | "
                         f"{per_move} | {against} |")
        smallest, largest = points[0], points[-1]
        verdict = (f"On these deals the wins of {_english_list(differing)} differ from the default's beyond chance "
                   "(McNemar's p below 0.05)." if differing else "On these deals no budget's wins differ from the "
                   "default's beyond chance (McNemar's p of 0.05 or more for each).")
        parts.append("\n".join(lines) + f"\n\n{verdict} A game took {smallest['seconds_per_game']:.1f} s on average "
                     f"with the smallest budget ({smallest['samples']} samples) and "
                     f"{largest['seconds_per_game']:.1f} s with the largest ({largest['samples']}).\n")
    return "\n".join(parts)


#: What decided a hint, in words (the fair player's Choice.why).
HINT_WHY = {"weighed": "plans weighed", "resign": "every plan lost (the rule of thumb's move)", "safe": "a safe move",
            "line": "a line found to the end", "odds": "Camelot's odds", "only": "the only move", "look": "looking "
            "through the stock", "lost": "lost", "none": "no move"}


def hint_cost(language: str = "en") -> str:
    """What the fair hint costs (docs/data/hint-cost.json, written by ``benchmarks/hints.py --json``). English only:
    the page it goes in (docs/fair-play.md) is written in English."""
    if language != "en":
        raise ValueError("the hint's cost is written in English only")
    data = json.loads((DATA / "hint-cost.json").read_text(encoding="utf-8"))
    nodes = " or ".join(f"{count:,}" for count in data["nodes"].values()) + " nodes" + "".join(
        f", {count:,} in {_setting_title(variant, language)}" for variant, count in data["variant_nodes"].items())
    first, last = data["deals"]
    lines = [f"`benchmarks/hints.py` on {data['date']} ({data['cores']} cores, shared with other work; the "
             f"Klondike family's search in {'C' if data['engine'] == 'c' else 'Python'}): a position every "
             f"{data['every']} moves of deals {first}–{last} as the cautious strategy plays them (centre-first in "
             f"Camelot), the hint at the fair player's budgets ({data['samples']} samples at most, searches of "
             f"{nodes}) with no time limit, then again within the board's {data['board_limit']:g} s:", "",
             "| game | positions | median | 95th percentile | largest | complete within the board's limit | "
             "decided by |", "|---|---|---|---|---|---|---|"]
    for row in data["settings"]:
        why = ", ".join(f"{HINT_WHY.get(reason, reason)} {count}" for reason, count in row["why"].items())
        lines.append(f"| {_setting_title(row['setting'], language)} | {row['positions']} | {row['median']:.2f} s | "
                     f"{row['p95']:.2f} s | {row['max']:.2f} s | {_pct(row['complete'], language)} | {why} |")
    return "\n".join(lines) + "\n"


#: Published shares of the thoughtful game, to set ours beside: (setting, share, its source).
PUBLISHED_THOUGHTFUL = [
    ("klondike-unlimited", "90.480% ± 0.116%", "Blake and Gent's Solvitaire, JAIR 2026, one card at a time with "
                                               "unlimited redeals"),
    ("klondike-by-three-unlimited", "81.945% ± 0.084%", "Blake and Gent's Solvitaire, JAIR 2026, three cards at a "
                                                        "time with unlimited redeals"),
]
#: The same shares and sources in Greek and Russian.
PUBLISHED_THOUGHTFUL_WORDS = {
    "el": {"klondike-unlimited": ("90,480% ± 0,116%", ("Solvitaire των Blake και Gent, JAIR 2026, ένα φύλλο τη "
                                                       "φορά, με απεριόριστες επιπλέον μοιρασιές")),
           "klondike-by-three-unlimited": ("81,945% ± 0,084%", ("Solvitaire των Blake και Gent, JAIR 2026, τρία "
                                                                "φύλλα τη φορά, με απεριόριστες επιπλέον μοιρασιές"))},
    "ru": {"klondike-unlimited": ("90,480\xa0% ±\xa00,116\xa0%", ("Solvitaire Блейка и Гента, JAIR 2026, по одной "
                                                                  "карте, пересдачи без ограничений")),
           "klondike-by-three-unlimited": ("81,945\xa0% ±\xa00,084\xa0%", ("Solvitaire Блейка и Гента, JAIR 2026, "
                                                                           "по три карты, пересдачи без ограничений"))},
}


def solver_published(language: str = "en") -> str:
    """The thoughtful solver's shares on every setting, with the published ones beside Klondike's."""
    tables = _tables()
    lines = [TEXTS[language]["solver head"], "|---|---|---|---|---|---|"]
    for setting in SETTING_TITLES:
        title = _setting_title(setting, language)
        table = tables.get((setting, "solver"))
        if table is None:
            lines.append(_say(language, "solver none", title=title))
            continue
        outcomes = table.outcomes
        lines.append(f"| {title} | {_bare_played(table, language)} | "
                     f"{outcomes.get('winnable', 0)} | {outcomes.get('unwinnable', 0)} | {table.undecided} | "
                     f"{_pct(table.share, language)} ({_pct(table.low, language)}–{_pct(table.high, language)}) |")
    notes = []
    for setting, share, source in PUBLISHED_THOUGHTFUL:
        if language != "en":
            share, source = PUBLISHED_THOUGHTFUL_WORDS[language][setting]
        notes.append(_say(language, "solver note", title=_setting_title(setting, language), share=share,
                          source=source))
    return ("\n".join(lines) + "\n\n" + TEXTS[language]["solver notes"] + "\n\n" + "\n".join(notes) + "\n")


# --------------------------------------------------------------------------------------------------------------
# The solver's benchmark (docs/solver.md): docs/data/solver-benchmark.json and solver-python.json, written by
# benchmarks/solver.py --json. English only, as the page is.
# --------------------------------------------------------------------------------------------------------------

#: A setting's name inside the page's sentences, where the table's names, with their commas, would run together.
SOLVER_SETTING_WORDS = {
    "athena": "Athena", "athena-by-three": "Athena by three", "thumb-and-pouch": "Thumb and Pouch",
    "aunt-mary": "Aunt Mary", "camelot": "Camelot", "klondike": "Klondike with three passes",
    "klondike-unlimited": "Klondike with unlimited redeals", "klondike-by-three": "Klondike by three with three passes",
    "klondike-by-three-unlimited": "Klondike by three with unlimited redeals",
}


def _english_list(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _solver_seconds(value: float) -> str:
    """A time per deal as the benchmark's table gives it: three decimals below 0.1 s, two below 1 s, else one."""
    return f"{value:.3f} s" if value < 0.1 else f"{value:.2f} s" if value < 1 else f"{value:.1f} s"


def _nodes_per_second(value: float) -> str:
    """"4.5 million", "114,000", "850"."""
    if value >= 1e6:
        return f"{value / 1e6:.1f} million"
    return f"{round(value, -3):,.0f}" if value >= 10_000 else f"{value:,.0f}"


def _solver_run(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _solver_title(row: dict, run: dict) -> str:
    """A setting's name in the benchmark's table, with the engine when it is not the run's (Camelot's Python)."""
    title = _setting_title(row["setting"], "en")
    engines = row["engines"]
    if engines != [run["engine"]]:
        title += " (" + " and ".join("pure Python" if engine == "python" else "C" for engine in engines) + ")"
    return title


def _machine(run: dict) -> str:
    """Where and how a benchmark ran, from what it wrote down."""
    cpu = f", {run['cpu']}" if run.get("cpu") else ""
    shared = "shared with other work, " if run["load_before"] >= 1 else ""
    return (f"{run['cores']} cores{cpu} ({shared}load average {run['load_before']:.1f} at the start and "
            f"{run['load_after']:.1f} at the end, the benchmark at niceness {run['niceness']}); the header's "
            f"yardstick, a fixed pure-Python loop, took {run['yardstick_ms']} ms")


def solver_benchmark(language: str = "en") -> str:
    """The solver's benchmark: what ran, its table, and what the table says (docs/data/solver-benchmark.json)."""
    if language != "en":
        raise ValueError("the solver's benchmark is written in English only")
    run = _solver_run("solver-benchmark.json")
    first, last = run["deals"]
    rows = run["settings"]
    engine = "the compiled core (C)" if run["engine"] == "c" else "pure Python"
    took = f"{run['seconds']} s" if run["seconds"] < 120 else f"{run['seconds'] / 60:.0f} minutes"
    lines = [f"`benchmarks/solver.py --json docs/data/solver-benchmark.json` on {run['date']}: budget "
             f"{run['budget']:g} s per deal, deals {first} to {last} of every setting, one deal after another on one "
             f"core, each setting in a fresh process, the Klondike family searched by {engine}, on {_machine(run)}. "
             f"The run took {took}. \"By the relaxed game\" is the share of deals decided by the relaxed game or a "
             f"search it guided, \"by restarts\" the share the restarts decided, \"(none)\" where "
             f"the search has no such phase; \"share of a core\" is the process's CPU time over the wall-clock time "
             f"of its solves, below 100% where other work took the core from it:", "",
             "| game | deals | decided | winnable | median | 95th percentile | by the relaxed game | by restarts | "
             "nodes per second | peak table | peak memory | share of a core |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        relaxed, restarts = (_pct(row[phase], language) if row["phases"][phase] else "(none)"
                             for phase in ("relaxed", "restarts"))
        lines.append(f"| {_solver_title(row, run)} | {row['deals']} | {_pct(row['decided'], language)} | "
                     f"{_pct(row['winnable'], language)} | {_solver_seconds(row['median'])} | "
                     f"{_solver_seconds(row['p95'])} | {relaxed} | {restarts} | "
                     f"{_nodes_per_second(row['nodes_per_second'])} | {row['peak_table']:,} | "
                     f"{row['peak_mb']:.0f} MB | {row['core_share']:.0%} |")
    sentences = []
    published = {setting: share for setting, share, _ in PUBLISHED_THOUGHTFUL}
    compared = []
    for row in rows:
        if row["setting"] not in published or row["published"] is None:
            continue
        low, high = row["winnable"], row["winnable"] + 1 - row["decided"]
        where = ("within" if low <= row["published"] <= high else "above" if row["published"] > high else "below")
        undecided = len(row["undecided"])
        expected = min(undecided, max(0, round((row["published"] - row["winnable"]) * row["deals"])))
        if where == "within" and undecided:
            where = (f"within our {_pct(low, language)} to {_pct(high, language)} (at that share, about {expected} of "
                     f"the {undecided} deals left undecided can be won)")
        else:
            where = f"{where} our {_pct(low, language)} to {_pct(high, language)}"
        compared.append(f"{SOLVER_SETTING_WORDS[row['setting']]}, {published[row['setting']]}, {where}")
    if compared:
        sentences.append(f"The published winnable shares of the thoughtful game ({run['published_source']}), set "
                         f"beside our bounds on these {last - first + 1} deals, from the share proved winnable to that plus "
                         f"the share left undecided: " + "; ".join(compared) + ".")
    slowest = max(rows, key=lambda row: row["median"])
    sentences.append(f"Every median is {_solver_seconds(slowest['median'])} or less (the largest: "
                     f"{SOLVER_SETTING_WORDS[slowest['setting']]}).")
    done = [SOLVER_SETTING_WORDS[row["setting"]] for row in rows if row["decided"] >= 0.99]
    not_yet = [SOLVER_SETTING_WORDS[row["setting"]] for row in rows if row["decided"] < 0.99]
    if not not_yet:
        sentences.append("Every setting is decided on 99% of its deals or more.")
    else:
        sentences.append((f"{_english_list(done)} {'is' if len(done) == 1 else 'are'} decided on 99% of deals or "
                          f"more; " if done else "") + f"{_english_list(not_yet)} "
                         f"{'is' if len(not_yet) == 1 else 'are'} not yet.")
    sentences += _beside_the_tables(rows, language)
    undecided = [f"{SOLVER_SETTING_WORDS[row['setting']]} {', '.join(map(str, row['undecided']))}"
                 for row in rows if row["undecided"]]
    sentences.append(("The deals left undecided: " + "; ".join(undecided) + ".") if undecided
                     else "No deal is left undecided.")
    return "\n".join(lines) + "\n\n" + " ".join(sentences) + "\n"


def _beside_the_tables(rows: list[dict], language: str) -> list[str]:
    """The benchmark's winnable shares beside the published solver tables', each with its 95% interval, saying on
    which deals each was measured and whether the intervals overlap."""
    tables = _tables()
    beside, apart = [], []
    for row in rows:
        table = tables.get((row["setting"], "solver"))
        if table is None:
            continue
        count = row["deals"]
        low, high = bounds(round(row["winnable"] * count), len(row["undecided"]), count)
        name = SOLVER_SETTING_WORDS[row["setting"]]
        beside.append(f"{name} {_pct(row['winnable'], language)} ({_pct(low, language)}–{_pct(high, language)}) "
                      f"here, {_pct(table.share, language)} ({_pct(table.low, language)}–{_pct(table.high, language)}) "
                      f"on {_played(table, language)} there")
        if high < table.low or table.high < low:
            apart.append(name)
    if not beside:
        return []
    overlap = ("The two intervals overlap in every setting." if not apart else
               f"The two intervals overlap in every setting but {_english_list(apart)}.")
    return ["The project's published solver tables ([studies.md](studies.md)) are on other deals, each within a node "
            "budget rather than a time limit, so their shares are not these; side by side, each with its 95% interval "
            "(a deal left undecided counted both ways): " + "; ".join(beside) + ".", overlap]


def _node_count(nodes: int) -> str:
    """"120 million", "3.5 million", "82,000"."""
    if nodes >= 10_000_000:
        return f"{nodes / 1e6:,.0f} million"
    return f"{nodes / 1e6:.1f} million" if nodes >= 1_000_000 else f"{nodes:,}"


def _budget(seconds: float) -> str:
    """"1 s", "2.5 s"."""
    return f"{seconds:g} s"


def _curve_runs() -> list[dict]:
    """The runs of the solver's curve, by budget: those of docs/data/solver-curve.json and, for its own budget,
    the benchmark's run (docs/data/solver-benchmark.json), so that the table above and the curve quote one run.
    Raises ValueError when the runs are not of the same deals, settings and solver code."""
    main = _solver_run("solver-benchmark.json")
    runs = [run for run in _solver_run("solver-curve.json")["runs"] if run["budget"] != main["budget"]] + [main]
    runs.sort(key=lambda run: run["budget"])
    settings = [row["setting"] for row in main["settings"]]
    for run in runs:
        for what, mine, theirs in (("deals", run["deals"], main["deals"]),
                                   ("settings", [row["setting"] for row in run["settings"]], settings),
                                   ("solver code", run.get("code"), main.get("code"))):
            if mine != theirs:
                raise ValueError(f"the solver's curve: its {_budget(run['budget'])} run has other {what} than the "
                                 f"benchmark's run ({mine} against {theirs}); run it again with the same")
    return runs


def solver_curve(language: str = "en") -> str:
    """The share of deals the solver decides against the time per deal (docs/data/solver-curve.json, with the
    benchmark's own run for its budget), the 10 s target, and what the deals left undecided at the longest time
    searched."""
    if language != "en":
        raise ValueError("the solver's benchmark is written in English only")
    runs = _curve_runs()
    main = _solver_run("solver-benchmark.json")
    first, last = main["deals"]
    longest = runs[-1]
    when = "; ".join(f"{_budget(run['budget'])} on {run['date']}, load average {run['load_before']:.1f} at the start"
                     for run in runs)
    lines = [f"The share of deals decided against the time each deal is given: deals {first} to {last} of every "
             f"setting, one run for each time (`benchmarks/solver.py --budget SECONDS --curve "
             f"docs/data/solver-curve.json`; the {_budget(main['budget'])} run is the table's above), each as the "
             f"table's was run, with the same solver code ({when}):", "",
             "| game | " + " | ".join(_budget(run["budget"]) for run in runs)
             + f" | left undecided at {_budget(longest['budget'])} |",
             "|---|" + "---|" * (len(runs) + 1)]
    rows = {run["budget"]: {row["setting"]: row for row in run["settings"]} for run in runs}
    for index, row in enumerate(main["settings"]):
        setting = row["setting"]
        shares = " | ".join(_pct(rows[run["budget"]][setting]["decided"], language) for run in runs)
        left = rows[longest["budget"]][setting]["undecided"]
        lines.append(f"| {_solver_title(longest['settings'][index], longest)} | {shares} | "
                     f"{', '.join(map(str, left)) if left else 'none'} |")
    target = 0.995
    met = [SOLVER_SETTING_WORDS[row["setting"]] for row in main["settings"] if row["decided"] >= target]
    unmet = [SOLVER_SETTING_WORDS[row["setting"]] for row in main["settings"] if row["decided"] < target]
    sentences = [f"Within {_budget(main['budget'])} a deal, {_pct(target, language)} of the deals are decided in "
                 + (f"{_english_list(met)}" if met else "no setting")
                 + (f", not in {_english_list(unmet)}." if unmet else ", which is every setting.")]
    starved = [f"{SOLVER_SETTING_WORDS[row['setting']]} at {_budget(run['budget'])} ({row['core_share']:.0%})"
               for run in runs for row in run["settings"] if row["core_share"] < 0.9]
    if starved:
        sentences.append("Other work took part of the core from some runs, which then searched less than their time "
                         "allows: " + _english_list(starved) + " of a core.")
    counts = [sum(len(row["undecided"]) for row in run["settings"]) for run in runs]
    settings_count = len(main["settings"])
    sentences.append("Deals left undecided, of the " + f"{settings_count * (last - first + 1):,}"
                     + " in all: " + ", ".join(f"{count} at {_budget(run['budget'])}"
                                               for count, run in zip(counts, runs)) + ".")
    fields = longest["record_fields"]
    nodes = sorted(dict(zip(fields, record))["nodes"] for row in longest["settings"] for record in row["records"]
                   if record[1] == "unknown")
    if len(nodes) == 1:
        sentences.append(f"The deal left undecided at {_budget(longest['budget'])} had searched "
                         f"{_node_count(nodes[0])} nodes when its time ran out.")
    elif nodes:
        sentences.append(f"The {len(nodes)} deals left undecided at {_budget(longest['budget'])} had searched from "
                         f"{_node_count(nodes[0])} to {_node_count(nodes[-1])} nodes each (the median "
                         f"{_node_count(nodes[(len(nodes) - 1) // 2])}) when their time ran out.")
    published = {setting: share for setting, share, _ in PUBLISHED_THOUGHTFUL}
    guesses, expected_in_all, undecided_in_all = [], 0, 0
    for row in longest["settings"]:
        if row["setting"] in published and row["published"] is not None and row["undecided"]:
            undecided = len(row["undecided"])
            expected = min(undecided, max(0, round((row["published"] - row["winnable"]) * row["deals"])))
            guesses.append(f"{SOLVER_SETTING_WORDS[row['setting']]}, about {expected} of its {undecided}")
            expected_in_all += expected
            undecided_in_all += undecided
    if guesses:
        lost = ": most of those are lost deals, which only an exhausted search proves."
        sentences.append("Where a winnable share has been published, it says how many of them can be won ("
                         + "; ".join(guesses) + ")" + (lost if 2 * expected_in_all < undecided_in_all else "."))
    return "\n".join(lines) + "\n\n" + " ".join(sentences) + "\n"


def _engine_row(records: list[list], fields: list[str]) -> dict:
    """Decided and winnable shares, median and 95th percentile, and nodes per second of some deals' records, as
    benchmarks/solver.py works them out."""
    named = [dict(zip(fields, record)) for record in records]
    times = sorted(record["seconds"] for record in named)
    count = len(named)
    return {"decided": sum(r["verdict"] != "unknown" for r in named) / count,
            "winnable": sum(r["verdict"] == "winnable" for r in named) / count,
            "median": (times[(count - 1) // 2] + times[count // 2]) / 2,
            "p95": times[min(count - 1, int(0.95 * count))],
            "nodes_per_second": sum(r["nodes"] for r in named) / max(sum(times), 1e-9)}


def solver_engines(language: str = "en") -> str:
    """Pure Python against the compiled core on the same deals: docs/data/solver-python.json, a run with
    ``SOLITAIRE_SOLVER=python``, beside the same deals' records in docs/data/solver-benchmark.json."""
    if language != "en":
        raise ValueError("the solver's benchmark is written in English only")
    python, core = _solver_run("solver-python.json"), _solver_run("solver-benchmark.json")
    first, last = python["deals"]
    by_setting = {row["setting"]: row for row in core["settings"]}
    names = [row["setting"] for row in python["settings"]]
    lines = [f"Pure Python against the compiled core, on deals {first} to {last} (`SOLITAIRE_SOLVER=python "
             f"benchmarks/solver.py --deals {last - first + 1} --only {','.join(names)} --json "
             f"docs/data/solver-python.json` on {python['date']}, budget {python['budget']:g} s per deal, on "
             f"{_machine(python)}; the core's rows are the same deals of the run above, and the share of a core "
             f"is over the whole run of the setting):", "",
             "| game | engine | decided | winnable | median | 95th percentile | nodes per second | share of a core |",
             "|---|---|---|---|---|---|---|---|"]
    fields = core["record_fields"]
    ratios: list[float] = []
    differ: list[str] = []
    missed: list[str] = []
    for row in python["settings"]:
        deals = set(range(first, last + 1))
        core_records = [record for record in by_setting[row["setting"]]["records"] if record[0] in deals]
        if len(core_records) != len(deals) or core["budget"] != python["budget"]:
            raise ValueError(f"the solver's benchmark has not the deals {first}–{last} of {row['setting']} at "
                             f"{python['budget']:g} s")
        in_c, in_python = _engine_row(core_records, fields), _engine_row(row["records"], python["record_fields"])
        for title, label, figures, share in ((_setting_title(row["setting"], language), "C", in_c,
                                               by_setting[row["setting"]]["core_share"]),
                                              ("", "Python", in_python, row["core_share"])):
            lines.append(f"| {title} | {label} | {_pct(figures['decided'], language)} | "
                         f"{_pct(figures['winnable'], language)} | {_solver_seconds(figures['median'])} | "
                         f"{_solver_seconds(figures['p95'])} | {_nodes_per_second(figures['nodes_per_second'])} | "
                         f"{share:.0%} |")
        ratios.append(in_c["nodes_per_second"] / max(in_python["nodes_per_second"], 1e-9))
        core_verdicts = {record[0]: record[1] for record in core_records}
        for deal, verdict, *_ in row["records"]:
            if verdict != "unknown" and core_verdicts[deal] != verdict:
                (missed if core_verdicts[deal] == "unknown" else differ).append(
                    f"{SOLVER_SETTING_WORDS[row['setting']]} {deal} ({verdict} in Python, {core_verdicts[deal]} in C)")
    low, high = round(min(ratios)), round(max(ratios))
    sentences = [f"The core searched {low} to {high} times as many nodes a second as pure Python." if low != high
                 else f"The core searched about {low} times as many nodes a second as pure Python."]
    if differ:
        sentences.append("Decided one way by pure Python and the other by the core: " + "; ".join(differ) + ".")
    if missed:
        sentences.append("Decided by pure Python but left undecided by the core: " + "; ".join(missed) + ".")
    if not differ and not missed:
        sentences.append("Every deal pure Python decided, the core decided the same way.")
    return "\n".join(lines) + "\n\n" + " ".join(sentences) + "\n"


def _kb(size: float) -> str:
    """Bytes as kilobytes with one decimal: "1.3 KB"."""
    return f"{size / 1024:.1f} KB"


def solvitaire_check(language: str = "en") -> str:
    """Our solver's verdicts beside Solvitaire's on the same deals, where the two games' rules coincide
    (docs/data/solvitaire-check.json, from ``tools/solvitaire_check.py``). English only, as the page is."""
    if language != "en":
        raise ValueError("the cross-check with Solvitaire is written in English only")
    run = json.loads((DATA / "solvitaire-check.json").read_text(encoding="utf-8"))
    lines = [f"Checked on {run['date']} with {run['solvitaire']}: {run['about'].split(';')[0]}.", "",
             "| game | deals | both: winnable | both: unwinnable | they disagree | decided by us only | "
             "decided by Solvitaire only | decided by neither | our winning lines that replay to a win |",
             "|---|---|---|---|---|---|---|---|---|"]
    disagreements = 0
    for setting in run["settings"]:
        rows = setting["rows"]
        decided = [(ours != "unknown", theirs != "unknown") for _, ours, theirs, _, _ in rows]
        both = [(ours, theirs) for (_, ours, theirs, _, _), (a, b) in zip(rows, decided) if a and b]
        wins = [replayed for _, ours, _, _, replayed in rows if ours == "winnable"]
        disagreements += sum(ours != theirs for ours, theirs in both)
        lines.append(
            f"| {setting['title']} | 1–{len(rows)} | {sum(pair == ('winnable', 'winnable') for pair in both)} | "
            f"{sum(pair == ('unwinnable', 'unwinnable') for pair in both)} | "
            f"{sum(ours != theirs for ours, theirs in both)} | {decided.count((True, False))} | "
            f"{decided.count((False, True))} | {decided.count((False, False))} | {sum(wins)} of {len(wins)} |")
    total = sum(len(setting["rows"]) for setting in run["settings"])
    contradict = (f"{disagreements} of our verdicts contradict{'s' if disagreements == 1 else ''}" if disagreements
                  else "no verdict of ours contradicts")
    lines += ["", f"On {total:,} deals, {contradict} one of Solvitaire's where both decided."]
    return "\n".join(lines) + "\n"


def board_latency(language: str = "en") -> str:
    """How fast the board answers a move, and what a move costs on the wire (docs/data/board-latency.json, written
    by ``benchmarks/latency.py --json``). English only, as the page is."""
    if language != "en":
        raise ValueError("the board's latency is written in English only")
    run = json.loads((DATA / "board-latency.json").read_text(encoding="utf-8"))
    latency, targets, aim = run["latency_ms"], run["targets"], run["aim_no_turn"]
    games = _english_list([variant_rules(variant).title for variant in run["variants"]])
    shared = "shared with other work, " if run["load_before"] >= 1 else ""
    lines = [f"`benchmarks/latency.py --json docs/data/board-latency.json` on {run['date']}, on {run['cores']} cores"
             f"{', ' + run['cpu'] if run.get('cpu') else ''} ({shared}load average {run['load_before']:.1f} at the "
             f"start and {run['load_after']:.1f} at the end, the benchmark at niceness {run['niceness']}), Chromium "
             f"{run['chromium']} and JupyterLab {run['jupyterlab']}: {run['moves']} moves in {games}, each timed "
             f"from the pointer's release to the first frame that shows the new position, and the first draw of "
             f"each game's board:", "",
             "| what | how many | median | 95th percentile | largest |", "|---|---|---|---|---|"]
    rows = [("every move", latency), *((f"{kind}s", figures) for kind, figures in run["by_gesture"].items()),
            ("moves that turn no card", run["turns_no_card"]),
            ("moves that turn a card face up (deals included)", run["turns_a_card"]),
            ("every move, to the DOM update alone", run["dom_latency_ms"]),
            ("first draw: running the board's cell to the first frame showing the deal", run["first_draw_ms"]),
            ("first draw: from the deal in the page to that frame", run["first_paint_ms"])]
    for what, figures in rows:
        if figures is not None:  # a 95th percentile of fewer than 20 values (the games' first draws) would say nothing
            p95 = f"{figures['p95']:.1f} ms" if figures["count"] >= 20 else "—"
            lines.append(f"| {what} | {figures['count']} | {figures['median']:.1f} ms | {p95} | "
                         f"{figures['max']:.1f} ms |")
    missed = []
    if latency["median"] > targets["median_ms"]:
        missed.append(f"the median is over {targets['median_ms']:g} ms")
    if latency["p95"] > targets["p95_ms"]:
        missed.append(f"the 95th percentile is over {targets['p95_ms']:g} ms")
    if run["comm_sent"]["max"] > targets["bytes"]:
        missed.append(f"a move sent over {_kb(targets['bytes'])}")
    if run["moves"] < targets["moves"]:
        missed.append(f"fewer than {targets['moves']} moves were measured")
    flicker = run["flicker_moves"]
    fewest, most = run["comm_sent"]["messages"]
    messages = f"{fewest} to {most} messages" if fewest != most else f"{most} message" + ("s" if most != 1 else "")
    sentences = [
        ("The board never showed another position between the new one and Python's view of the move."
         if flicker == 0 else f"On {flicker} of the {run['moves']} moves the board showed another position between "
                              f"the new one and Python's view of the move."),
        f"Each move sent a median of {_kb(run['comm_sent']['median'])} of comm data to the browser (at most "
        f"{_kb(run['comm_sent']['max'])}, in {messages}) and {_kb(run['comm_received']['median'])} back (at most "
        f"{_kb(run['comm_received']['max'])}); "
        f"on the wire, both ways and with Jupyter's envelopes, a median of {_kb(run['wire']['median'])} a move (at "
        f"most {_kb(run['wire']['max'])}).",
        f"The targets (issue 3: a median of {targets['median_ms']:g} ms at most, a 95th percentile of "
        f"{targets['p95_ms']:g} ms, {_kb(targets['bytes'])} a move) were "
        + ("met" if not missed else "missed: " + "; ".join(missed)) + f"; issue 33's aim for the moves that turn "
        f"no card (a median of {aim['median_ms']:g} ms, a 95th percentile of {aim['p95_ms']:g} ms) was "
        + ("met." if aim["met"] else "not."),
    ]
    if run["console_errors"]:
        sentences.append(f"The browser's console showed {run['console_errors']} errors.")
    sentences.append("The front end the run loaded, as `npm run build` makes it: " + _english_list(
        [f"`{name}` {_kb(size)}" + (" (minified)" if name.endswith(".js") else "")
         for name, size in run["front_end_bytes"].items()]) + ".")
    return "\n".join(lines) + "\n\n" + " ".join(sentences) + "\n"


# --------------------------------------------------------------------------------------------------------------
# Sentences
# --------------------------------------------------------------------------------------------------------------

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

#: A share in words, per language, as the object of "won" (Greek: accusative; Russian: accusative, after «выиграл»
#: and «выиграть можно»; "none" is for sentences that need no negation of their own, as English's "won no deal":
#: Greek and Russian say it with «δεν» / «не», in the "... none" sentences). "tenths" takes TENTHS[n], "one in"
#: ONE_IN[n] (or the number itself when above ten).
SHARE_WORDS = {
    "en": {"none": "no deal", "all": "every deal", "nearly all": "nearly every deal", "half": "about half the deals",
           "tenths": "about {tenths} in ten", "one in": "about one deal in {one_in}"},
    "el": {"none": "καμία μοιρασιά", "all": "κάθε μοιρασιά", "nearly all": "σχεδόν κάθε μοιρασιά",
           "half": "περίπου τις μισές μοιρασιές",
           "tenths": "περίπου {tenths} στις δέκα", "one in": "περίπου μία μοιρασιά στις {one_in}"},
    "ru": {"none": "ни одной раздачи", "all": "каждую раздачу", "nearly all": "почти каждую раздачу",
           "half": "примерно половину раздач",
           "tenths": "примерно {tenths} из десяти", "one in": "примерно одну раздачу из {one_in}"},
}
#: "seven deals" in "about seven deals in ten" (Greek feminine, after «μοιρασιά»; Russian with the noun's form that
#: the number takes).
TENTHS = {
    "en": {n: f"{_WORDS[n]} deals" for n in range(2, 10)},
    "el": {2: "δύο μοιρασιές", 3: "τρεις μοιρασιές", 4: "τέσσερις μοιρασιές", 6: "έξι μοιρασιές",
           7: "εφτά μοιρασιές", 8: "οχτώ μοιρασιές", 9: "εννιά μοιρασιές"},
    "ru": {2: "две раздачи", 3: "три раздачи", 4: "четыре раздачи", 6: "шесть раздач", 7: "семь раздач",
           8: "восемь раздач", 9: "девять раздач"},
}
#: "five" in "about one deal in five" (Greek feminine accusative, after «στις»; Russian genitive, after «из»).
ONE_IN = {
    "en": {n: _WORDS[n] for n in range(2, 11)},
    "el": {2: "δύο", 3: "τρεις", 4: "τέσσερις", 5: "πέντε", 6: "έξι", 7: "εφτά", 8: "οχτώ", 9: "εννιά", 10: "δέκα"},
    "ru": {2: "двух", 3: "трёх", 4: "четырёх", 5: "пяти", 6: "шести", 7: "семи", 8: "восьми", 9: "девяти",
           10: "десяти"},
}


def _figures_of(table: PublishedTable, language: str = "en") -> str:
    """'20.9% (95% interval 19.2%–22.8%; 419 of deals 1–2000)', with the undecided deals and the deals still to
    play."""
    undecided = _say(language, "figures undecided", count=table.undecided) if table.undecided else ""
    total = table.last_deal - table.first_deal + 1
    # Deals counted among all those planned already say how far the table has got.
    counted = table.listed_runs() is None and table.span() == (table.first_deal, table.last_deal)
    so_far = "" if table.complete or counted else _say(language, "figures so far", deals=table.deals, total=total)
    return _say(language, "figures", share=_pct(table.share, language), low=_pct(table.low, language),
                high=_pct(table.high, language), successes=table.successes, played=_of_played(table, language),
                undecided=undecided, so_far=so_far)


def _share_words(table: PublishedTable, language: str = "en") -> str:
    """A share in words: 'nearly every deal', 'about seven deals in ten', 'about one deal in five', 'no deal'."""
    words = SHARE_WORDS[language]
    if table.successes == 0:
        return words["none"]
    if table.successes == table.deals:
        return words["all"]
    tenths = int(table.share * 10 + 0.5)
    if table.share >= 0.95 or tenths >= 10:
        return words["nearly all"]
    if table.share >= 0.25:
        return words["half"] if tenths == 5 else words["tenths"].format(tenths=TENTHS[language][tenths])
    one_in = int(1 / table.share + 0.5)
    if one_in <= 10:
        return words["one in"].format(one_in=ONE_IN[language][one_in])
    if one_in > 20:
        one_in = int(float(f"{one_in:.1g}"))
    return words["one in"].format(one_in=_grouped(one_in, language))


#: A ratio of at least one in words, ending where the player it is compared with follows, per language and unit
#: ("often": wins; "much": scores): about as ... as; a little more; about 1.5, 2, 2.5 times; about N times (N from
#: TIMES_N); more than ten times. Greek: the player follows in the accusative; Russian: in the nominative.
TIMES = {
    "en": {unit: (f"about as {unit} as", "a little more often than" if unit == "often" else "a little more than",
                  f"about one and a half times as {unit} as", f"about twice as {unit} as",
                  f"about two and a half times as {unit} as", "about {n} times as " + unit + " as",
                  f"more than ten times as {unit} as") for unit in ("often", "much")},
    "el": {"often": ("περίπου το ίδιο συχνά με", "λίγο συχνότερα από", "περίπου μιάμιση φορά συχνότερα από",
                     "περίπου δύο φορές συχνότερα από", "περίπου δυόμισι φορές συχνότερα από",
                     "περίπου {n} φορές συχνότερα από", "πάνω από δέκα φορές συχνότερα από"),
           "much": ("περίπου τους ίδιους βαθμούς με", "λίγο περισσότερους βαθμούς από",
                    "περίπου μιάμιση φορά περισσότερους βαθμούς από", "περίπου διπλάσιους βαθμούς από",
                    "περίπου δυόμισι φορές περισσότερους βαθμούς από", "περίπου {n} φορές περισσότερους βαθμούς από",
                    "πάνω από δέκα φορές περισσότερους βαθμούς από")},
    "ru": {"often": ("примерно так же часто, как", "немного чаще, чем", "примерно в полтора раза чаще, чем",
                     "примерно вдвое чаще, чем", "примерно в два с половиной раза чаще, чем",
                     "примерно {n} чаще, чем", "более чем в десять раз чаще, чем"),
           "much": ("примерно столько же очков, сколько", "немного больше очков, чем",
                    "примерно в полтора раза больше очков, чем", "примерно вдвое больше очков, чем",
                    "примерно в два с половиной раза больше очков, чем", "примерно {n} больше очков, чем",
                    "более чем в десять раз больше очков, чем")},
}
TIMES_N = {
    "en": {n: _WORDS[n] for n in range(3, 11)},
    "el": {3: "τρεις", 4: "τέσσερις", 5: "πέντε", 6: "έξι", 7: "εφτά", 8: "οχτώ", 9: "εννιά", 10: "δέκα"},
    "ru": {3: "в три раза", 4: "в четыре раза", 5: "в пять раз", 6: "в шесть раз", 7: "в семь раз",
           8: "в восемь раз", 9: "в девять раз", 10: "в десять раз"},
}


def _times(ratio: float, unit: str, language: str = "en") -> str:
    """A ratio of at least one in words, for 'often' or 'much': 'about twice as often as'."""
    same, little, one_and_half, twice, two_and_half, times_n, over_ten = TIMES[language][unit]
    if ratio < 1.1:
        return same
    if ratio < 1.35:
        return little
    if ratio < 1.75:
        return one_and_half
    if ratio < 2.25:
        return twice
    if ratio < 2.75:
        return two_and_half
    times = int(ratio + 0.5)
    return times_n.format(n=TIMES_N[language][times]) if times <= 10 else over_ten


def share_sentence(setting: str, player: str) -> Callable[..., str]:
    """One player's share on one setting, in words and in figures: 'The bold player won about one deal in ten:
    9.6% (95% interval 8.3%–10.9%; 191 of deals 1–2000).' For the solver: 'proved ... winnable'."""
    def render(language: str = "en") -> str:
        table = _tables().get((setting, player))
        on_setting = _setting_in_sentence(setting, language)
        if table is None:
            return _say(language, "share missing", players={"name": player}, on_setting=on_setting)
        kind = "share solver" if player == "solver" else "share player"
        if table.successes == 0:
            kind += " none"
        return _say(language, kind, players={"name": player}, words=_share_words(table, language),
                    figures=_figures_of(table, language))

    return render


def comparison(setting: str, first: str, second: str, measure: str = "wins") -> Callable[..., str]:
    """Two players of one setting compared in one sentence, the larger first, with the ratio in words worked out
    from the same tables as the figures beside it: 'The undo-search player won about twice as often as the bold
    player: ...'. ``measure="score"`` compares the mean scores instead of the shares won."""
    def render(language: str = "en") -> str:
        tables = _tables()
        found = [(player, tables.get((setting, player))) for player in (first, second)]
        missing = [player for player, table in found if table is None]
        if missing:
            return _say(language, "compare missing", players={"first": first, "second": second, "missing": missing},
                        on_setting=_setting_in_sentence(setting, language))
        if measure == "score":
            return _compare_scores(found, language)  # type: ignore[arg-type]
        return _compare_shares(found, language)  # type: ignore[arg-type]

    return render


def _compare_shares(found: list[tuple[str, PublishedTable]], language: str = "en") -> str:
    (high_player, high), (low_player, low) = sorted(found, key=lambda item: -item[1].share)
    names = {"high": high_player, "low": low_player}
    figures = _say(language, "against", high=_figures_of(high, language), low=_figures_of(low, language))
    if high.successes == 0:
        return _say(language, "neither succeeded", players=names, figures=figures)
    if low.successes == 0:
        kind = ("solver some, other none" if high_player == "solver" else
                "some, solver none" if low_player == "solver" else "some, other none")
        return _say(language, kind, players=names, figures=figures)
    times = _times(high.share / low.share, "often", language)
    kind = ("solver more often" if high_player == "solver" else
            "more often than solver" if low_player == "solver" else "more often")
    overlap = TEXTS[language]["overlap"] if low.high >= high.low else ""
    return _say(language, kind, players=names, times=times, figures=figures, overlap=overlap)


def _compare_scores(found: list[tuple[str, PublishedTable]], language: str = "en") -> str:
    if any(table.mean_score is None for _, table in found):
        return TEXTS[language]["no mean score"]
    (high_player, high), (low_player, low) = sorted(found, key=lambda item: -(item[1].mean_score or 0.0))
    names = {"high": high_player, "low": low_player}
    ranges = sorted({_bare_played(table, language) for table in (high, low)})
    # One run each joins with "and"; lists of runs, which have their own "and", are set apart.
    single = all(table.played is not None and len(table.played) == 1 for table in (high, low))
    figures = _say(language, "scores", high=_one_decimal(high.mean_score, language),  # type: ignore[arg-type]
                   low=_one_decimal(low.mean_score, language),  # type: ignore[arg-type]
                   ranges=(TEXTS[language]["ranges and"] if single else "; ").join(ranges))
    if not high.mean_score:
        return _say(language, "neither scored", players=names, figures=figures)
    if not low.mean_score:
        return _say(language, "one scored", players=names, figures=figures)
    times = _times(high.mean_score / low.mean_score, "much", language)  # type: ignore[operator]
    return _say(language, "scored more", players=names, times=times, figures=figures)


# --------------------------------------------------------------------------------------------------------------
# Pictures: the fair player beside the solver's ceiling and the best simple strategy that plays fair
# --------------------------------------------------------------------------------------------------------------

#: Where the pictures go: ``players-NAME.svg`` in English, ``players-NAME.LANGUAGE.svg`` in another language.
IMAGES = ROOT / "docs" / "images"
#: The pictures a document can show (``<!-- figures:picture:NAME -->``), by name: the settings each draws. One setting
#: is three bars (the thoughtful solver's winnable share, the fair player's share, the best simple strategy that plays
#: fair); several are a group of those three bars each.
PICTURES: dict[str, tuple[str, ...]] = {
    **{setting: (setting,) for setting in ("athena", "athena-by-three", "thumb-and-pouch", "aunt-mary", "camelot")},
    "klondike": ("klondike", "klondike-unlimited", "klondike-by-three", "klondike-by-three-unlimited"),
}
#: The colours of the three bars.
BAR_COLOURS = {"solver": "#9e9e9e", "fair": "#2e7d32", "best": "#1f5fa8"}
_FINGERPRINT = re.compile(r"solitaire-widget figure ([0-9a-f]{64})")


class _Bar(NamedTuple):
    """One bar: a player's share with its 95% interval, its successes and the deals they are of (``played``, as it
    follows "{successes} of", in the picture's language)."""

    player: str
    share: float
    low: float
    high: float
    successes: int
    played: str


class _Group(NamedTuple):
    """The three bars of one setting (None where no table is published), how they stand to each other's deals
    (``same``: "all" when all three are shares of the fair player's deals, "pair" when the best simple strategy's is
    and the solver's is of its own deals, "apart" when the fair player has no comparison on the same deals), and
    whether the fair player's table was played with other settings than today's player (``earlier``)."""

    setting: str
    solver: _Bar | None
    fair: _Bar | None
    best: _Bar | None
    same: str
    earlier: bool


def _own_bar(table: PublishedTable, language: str) -> _Bar:
    return _Bar(table.player, table.share, table.low, table.high, table.successes, _of_played(table, language))


def _best_fair_table(tables: dict[tuple[str, str], PublishedTable], setting: str) -> PublishedTable | None:
    """The simple strategy that plays fair with the highest share over its own deals (on a tie, as
    :meth:`SameDeals.best_strategy` breaks one: the higher mean score, then the first by name)."""
    found = []
    for (name, player), table in tables.items():
        strategy = strategies_for(table.variant).get(player) if name == setting else None
        if strategy is not None and strategy.fair:
            found.append(table)
    return min(found, key=lambda table: (-table.share, -(table.mean_score or 0.0), table.player), default=None)


def _group(tables: dict[tuple[str, str], PublishedTable], setting: str, language: str) -> _Group:
    """A setting's three bars, from the published tables: the fair player's own table; where that table records
    comparisons on the same deals, the best simple strategy that plays fair there (its wins on the fair player's
    deals, with their Wilson interval) and the solver's share of those deals; otherwise each one's own table."""
    fair = tables.get((setting, "fair"))
    paired = None if fair is None else fair.paired
    best_pair = None if paired is None else paired.best_strategy()
    if best_pair is not None:
        low, high = bounds(best_pair.other_wins, 0, best_pair.deals)
        best: _Bar | None = _Bar(best_pair.player, best_pair.other_share, low, high, best_pair.other_wins,
                                 _of_played(best_pair, language))  # type: ignore[arg-type]
    else:
        best_table = _best_fair_table(tables, setting)
        best = None if best_table is None else _own_bar(best_table, language)
    solver_pair = None if paired is None else paired.solver
    if solver_pair is not None:
        solver: _Bar | None = _Bar("solver", solver_pair.share, solver_pair.low, solver_pair.high,
                                   solver_pair.successes, _of_played(solver_pair, language))  # type: ignore[arg-type]
    else:
        solver_table = tables.get((setting, "solver"))
        solver = None if solver_table is None else _own_bar(solver_table, language)
    same = ("apart" if best_pair is None else
            "all" if solver_pair is not None and solver_pair.played == best_pair.played else "pair")
    today = FairPlayer().settings
    earlier = fair is not None and any(fair.settings.get(key, value) != value for key, value in today.items())
    return _Group(setting, solver, None if fair is None else _own_bar(fair, language), best, same, earlier)


def _plain(text: str) -> str:
    """A table's words for a picture: without the markdown of code names ("`bold`" is "bold")."""
    return text.replace("`", "")


def _group_caption(group: _Group, language: str) -> tuple[str, list[str]]:
    """A setting's caption: the sentence of its bars, with the setting's name in bold before it, and the sentences
    that say how the bars stand (the same deals or not, an earlier fair player, a table missing), apart, so that a
    picture of several settings can say once what holds for all."""
    clauses = []
    for bar, key in ((group.solver, "picture bar solver"), (group.fair, "picture bar fair"),
                     (group.best, "picture bar best same" if group.same != "apart" else "picture bar best")):
        if bar is not None:
            clauses.append(_say(language, key, players={"best": bar.player}, share=_pct(bar.share, language),
                                successes=bar.successes, played=bar.played))
    title = f"**{_setting_title(group.setting, language)}.**"
    sentence = f"{title} {_capital(TEXTS[language]['picture clauses'].join(clauses))}." if clauses else title
    notes = []
    if group.fair is not None and group.best is not None:
        if group.same == "all":
            notes.append(TEXTS[language]["picture same all"])
        elif group.same == "pair":
            notes.append(_say(language, "picture same pair", players={"best": group.best.player}))
        else:
            notes.append(TEXTS[language]["picture apart"])
    if group.earlier:
        notes.append(TEXTS[language]["picture earlier"])
    missing = [player for player, bar in (("solver", group.solver), ("fair", group.fair)) if bar is None]
    if missing:
        notes.append(_say(language, "picture missing", players={"missing": missing}))
    if group.best is None:
        notes.append(TEXTS[language]["picture no strategy"])
    return sentence, notes


def _picture_file(name: str, language: str, folder: Path | None = None) -> Path:
    """Where a picture is kept (in ``folder``, by default :data:`IMAGES`)."""
    return (IMAGES if folder is None else folder) / (
        f"players-{name}.svg" if language == "en" else f"players-{name}.{language}.svg")


def _picture_title(name: str, language: str) -> str:
    """A picture's title: its setting's name, or, for several settings, their game's."""
    settings = PICTURES[name]
    if len(settings) == 1:
        return _setting_title(settings[0], language)
    return SETTING_TITLES[settings[0]].split(",")[0] if language == "en" else SETTING_NAMES[language][settings[0]][0]


def _short_setting(setting: str, language: str) -> str:
    """What sets a setting apart from the others of its game, for a group's label: "one card, three passes"."""
    if language == "en":
        return SETTING_TITLES[setting].partition(", ")[2] or SETTING_TITLES[setting]
    name, apart = SETTING_NAMES[language][setting]
    return apart or name


def _picture_spec(name: str, language: str) -> dict[str, object]:
    """Everything a picture shows, as plain values: what :func:`_draw` draws, and what its fingerprint is of."""
    tables = _tables()
    groups = [_group(tables, setting, language) for setting in PICTURES[name]]
    bars = []
    for group in groups:
        for kind, bar in (("solver", group.solver), ("fair", group.fair), ("best", group.best)):
            if kind == "best":
                label = "" if bar is None else _say(language, "picture best",
                                                    player=_plain(_player_row(bar.player, language)))
            else:
                label = _plain(_player_row(kind, language))
            bars.append({"group": _short_setting(group.setting, language), "kind": kind, "label": label,
                         "strategy": "" if bar is None or kind != "best" else _plain(_player_row(bar.player, language)),
                         "values": None if bar is None else [round(bar.share * 100, 3), round(bar.low * 100, 3),
                                                             round(bar.high * 100, 3)],
                         "text": TEXTS[language]["not measured"] if bar is None else _pct(bar.share, language)})
    legend = {kind: _plain(_player_row(kind, language)) for kind in ("solver", "fair")}
    legend["best"] = TEXTS[language]["picture best legend"]
    return {"title": _picture_title(name, language), "axis": TEXTS[language]["picture axis"], "bars": bars,
            "legend": legend, "grouped": len(groups) > 1}


def _draw(spec: dict[str, object]) -> bytes:
    """The picture of ``spec`` as SVG, the same bytes on every run with the same Matplotlib: the file's ids come
    from a fixed salt, and it carries no date."""
    import io
    import textwrap

    import matplotlib
    from matplotlib.figure import Figure

    bars: list[dict[str, object]] = spec["bars"]  # type: ignore[assignment]
    with matplotlib.rc_context({"svg.hashsalt": "solitaire-widget", "svg.fonttype": "path", "font.size": 8,
                                "font.family": "DejaVu Sans", "axes.spines.top": False,
                                "axes.spines.right": False}):
        if spec["grouped"]:
            figure = Figure(figsize=(6.4, 3.4))
            axes = figure.add_subplot()
            names = list(dict.fromkeys(str(bar["group"]) for bar in bars))
            for number, bar in enumerate(bars):
                place = names.index(str(bar["group"])) + (number % 3 - 1) * 0.27
                label = spec["legend"][bar["kind"]] if number < 3 else None  # type: ignore[index]
                if bar["values"] is None:
                    axes.bar(place, 0, 0.25, color=BAR_COLOURS[str(bar["kind"])], label=label)
                    axes.text(place, 1, "—", ha="center", va="bottom", fontsize=7)
                    continue
                share, low, high = bar["values"]  # type: ignore[misc]
                axes.bar(place, share, 0.25, yerr=[[share - low], [high - share]], capsize=2,
                         color=BAR_COLOURS[str(bar["kind"])], ecolor="#333333", label=label)
                text = str(bar["text"]) + (f"\n{bar['strategy']}" if bar["strategy"] else "")
                axes.text(place, high + 1.5, text, ha="center", va="bottom", fontsize=6)
            axes.set_xticks(range(len(names)), [textwrap.fill(name, 18) for name in names])
            axes.set_ylim(0, 118)
            axes.set_yticks(range(0, 101, 25))
            axes.set_ylabel(textwrap.fill(str(spec["axis"]), 26))
            axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=1, frameon=False, fontsize=7)
            axes.set_title(str(spec["title"]), fontsize=9)
        else:
            figure = Figure(figsize=(6.4, 2.6))
            axes = figure.add_subplot()
            for row, bar in enumerate(bars):
                if bar["values"] is None:
                    axes.text(1, row, str(bar["text"]), va="center", fontsize=7)
                else:
                    share, low, high = bar["values"]  # type: ignore[misc]
                    axes.barh(row, share, 0.6, xerr=[[share - low], [high - share]], capsize=3,
                              color=BAR_COLOURS[str(bar["kind"])], ecolor="#333333")
                axes.text(1.02, row, str(bar["text"]) if bar["values"] is not None else "—",
                          transform=axes.get_yaxis_transform(), va="center", fontsize=8)
            axes.set_yticks(range(len(bars)), [textwrap.fill(str(bar["label"]), 30) for bar in bars])
            axes.invert_yaxis()
            axes.set_xlim(0, 100)
            axes.set_xlabel(str(spec["axis"]))
            axes.set_title(str(spec["title"]), fontsize=9)
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": "tools/figures.py",
                                                    "Description": f"solitaire-widget figure {_fingerprint(spec)}"})
    return out.getvalue()


def _fingerprint(spec: dict[str, object]) -> str:
    """What a picture is drawn from: its values and words, and the code that draws them. A picture whose file
    carries another fingerprint is out of date (:func:`stale_pictures`); a newer Matplotlib, which may write other
    bytes for the same picture, does not make it so."""
    import inspect

    source = inspect.getsource(_draw)
    data = json.dumps(spec, ensure_ascii=False, sort_keys=True) + source + json.dumps(BAR_COLOURS, sort_keys=True)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def picture(name: str) -> Callable[..., str]:
    """A picture region: the picture (its file written by :func:`write_pictures`, linked from the document's folder)
    and its caption, from the same numbers: for each setting, the sentence of its three bars, then what holds for
    the bars (the same deals or not, an earlier fair player, a table missing), said once where it holds for all."""
    def render(language: str = "en", folder: Path | None = None) -> str:
        where = ROOT / "notebooks" if folder is None else folder
        link = Path(os.path.relpath(_picture_file(name, language, ROOT / "docs" / "images"), where)).as_posix()
        alt = _say(language, "picture alt", title=_picture_title(name, language))
        tables = _tables()
        captions = [_group_caption(_group(tables, setting, language), language) for setting in PICTURES[name]]
        shared = [note for note in captions[0][1] if all(note in notes for _, notes in captions)]
        lines = [f"![{alt}]({link})", ""]
        if len(captions) == 1:
            sentence, notes = captions[0]
            lines.append(" ".join([sentence, *notes]))
        else:
            lines += [f"- {' '.join([sentence, *(note for note in notes if note not in shared)])}"
                      for sentence, notes in captions]
            if shared:
                lines += ["", " ".join(shared)]
        return "\n".join(lines) + "\n"

    return render


def wanted_pictures() -> dict[Path, tuple[str, str]]:
    """The picture files the documents show, each with its picture's name and language."""
    wanted = {}
    for path in DOCUMENTS:
        for text in _document_texts(path):
            for match in REGION.finditer(text):
                kind, _, name = match.group("name").partition(":")
                if kind == "picture" and name in PICTURES:
                    wanted[_picture_file(name, language_of(path))] = (name, language_of(path))
    return wanted


def stale_pictures() -> list[Path]:
    """The picture files that differ from their data (missing, or drawn from other numbers, words or code), and
    pictures no document shows any more."""
    stale = []
    for path, (name, language) in sorted(wanted_pictures().items()):
        found = _FINGERPRINT.search(path.read_text(encoding="utf-8")) if path.exists() else None
        if found is None or found.group(1) != _fingerprint(_picture_spec(name, language)):
            stale.append(path)
    wanted = wanted_pictures()
    stale += sorted(path for path in IMAGES.glob("players-*.svg") if path not in wanted)
    return stale


def write_pictures() -> list[Path]:
    """Draw every stale picture again, and remove those no document shows; the files changed."""
    wanted = wanted_pictures()
    changed = stale_pictures()
    for path in changed:
        if path in wanted:
            path.write_bytes(_draw(_picture_spec(*wanted[path])))
        else:
            path.unlink()
    return changed


# --------------------------------------------------------------------------------------------------------------
# Camelot's first filling, from the odds the fair player plays on
# --------------------------------------------------------------------------------------------------------------

def first_filling(language: str = "en") -> str:
    """The best odds of getting through Camelot's first filling of the grid without seeing the stock
    (:func:`~solitaire_widget.advice.camelot_odds.fill_odds` at the start of a game), and what they leave lost."""
    unseen = new_game("camelot", deal=1).knowledge().unseen_cards
    courts = [sum(rank_of(card) == rank for card in unseen) for rank in (13, 12, 11)]  # Kings, Queens, Jacks
    others = len(unseen) - sum(courts)
    odds = fill_odds(tuple(len(cells) for cells in CAMELOT_KINDS), tuple(courts), others)  # type: ignore[arg-type]
    one_in = int(1 / (1 - odds) + 0.5)
    words = ONE_IN[language][one_in] if one_in <= 10 else _grouped(one_in, language)
    return _say(language, "first filling", share=_pct(odds, language), one_in=words)


#: The sentences the notebooks quote (``share:SETTING:PLAYER``, ``compare:SETTING:FIRST:SECOND``,
#: ``compare-score:SETTING:FIRST:SECOND``); add a line here to quote another.
SHARES = [("athena", "solver"), ("thumb-and-pouch", "solver"), ("thumb-and-pouch", "bold"),
          ("thumb-and-pouch", "random"), ("aunt-mary", "solver"), ("aunt-mary", UNDO_SEARCH), ("camelot", "solver"),
          ("klondike", "solver"), ("klondike", "fair")]
COMPARISONS = [("athena", UNDO_SEARCH, "bold"), ("athena", "bold", "cautious"), ("athena", "fair", UNDO_SEARCH),
               ("athena", "solver", "fair"), ("athena", "solver", "bold"),
               ("thumb-and-pouch", "bold", "cautious"), ("thumb-and-pouch", "fair", "bold"),
               ("thumb-and-pouch", "solver", "fair"), ("aunt-mary", "fair", UNDO_SEARCH),
               ("aunt-mary", "solver", "fair"), ("camelot", "fair", "help-page"), ("camelot", "solver", "fair"),
               ("klondike", "fair", "bold"), ("klondike", "solver", "fair")]
SCORE_COMPARISONS = [("aunt-mary", UNDO_SEARCH, "bold"), ("aunt-mary", "fair", UNDO_SEARCH),
                     ("camelot", "centre-first", "edge-first"), ("camelot", "help-page", "centre-first"),
                     ("camelot", "centre-first", "random")]


#: Every region there is, by name: each renders in English when called with no argument, or in any of LANGUAGES.
RENDERERS: dict[str, Callable[..., str]] = {
    "solver-published": solver_published,
    "fair-player": fair_player,
    "fair-trials": fair_trials,
    "fair-curve": fair_curve,
    "hint-cost": hint_cost,
    "solver-benchmark": solver_benchmark,
    "solver-engines": solver_engines,
    "solver-curve": solver_curve,
    "board-latency": board_latency,
    "solvitaire-check": solvitaire_check,
    **{f"players:{setting}": players(setting) for setting in SETTING_TITLES},
    **{f"share:{setting}:{player}": share_sentence(setting, player) for setting, player in SHARES},
    **{f"compare:{setting}:{first}:{second}": comparison(setting, first, second)
       for setting, first, second in COMPARISONS},
    **{f"compare-score:{setting}:{first}:{second}": comparison(setting, first, second, "score")
       for setting, first, second in SCORE_COMPARISONS},
    **{f"picture:{name}": picture(name) for name in PICTURES},
    "camelot-first-filling": first_filling,
}


def _render(name: str, language: str = "en", folder: Path | None = None) -> str:
    """Region ``name`` in ``language``; a picture's region links its file from ``folder``, the document's."""
    if name not in RENDERERS:
        raise KeyError(f"no figures named {name!r}; known: {', '.join(RENDERERS)}")
    if language not in LANGUAGES:
        raise KeyError(f"no figures in {language!r}; the languages are {', '.join(LANGUAGES)}")
    if name.startswith("picture:"):
        return RENDERERS[name](language, folder)
    return RENDERERS[name]() if language == "en" else RENDERERS[name](language)


def _update_text(text: str, language: str = "en", folder: Path | None = None) -> str:
    return REGION.sub(lambda match: match.group(1) + _render(match.group("name"), language, folder)
                      + match.group(4), text)


def _document_texts(path: Path) -> list[str]:
    """The texts of a document that regions live in: the whole file, or a notebook's markdown cells."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return [text]
    return ["".join(cell["source"]) for cell in json.loads(text)["cells"] if cell["cell_type"] == "markdown"]


def update(path: Path) -> tuple[str, str]:
    """(the file's text now, its text with every region rendered from its data, in the document's language)."""
    text = path.read_text(encoding="utf-8")
    language = language_of(path)
    if path.suffix != ".ipynb":
        return text, _update_text(text, language, path.parent)
    notebook = json.loads(text)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            new = _update_text(source, language, path.parent)
            if new != source:
                cell["source"] = new.splitlines(keepends=True)
    return text, json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail if a document or a picture differs from its data")
    args = parser.parse_args(argv)
    stale = []
    for path in DOCUMENTS:
        old, new = update(path)
        if old != new:
            stale.append(path.relative_to(ROOT))
            if not args.check:
                path.write_text(new, encoding="utf-8")
    pictures = stale_pictures() if args.check else write_pictures()
    stale += [path.relative_to(ROOT) if path.is_relative_to(ROOT) else path for path in pictures]
    if args.check and stale:
        print("figures differ from their data in: " + ", ".join(map(str, stale))
              + "; run python tools/figures.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
