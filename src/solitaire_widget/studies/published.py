"""The published study tables: the one source of every share the README, the docs and the notebooks quote.

``tools/tables.py`` runs the studies (the thoughtful solver, the fair player and every simple strategy, on numbered
deals of every game setting; and, on Klondike with unlimited redeals, the fair player told the stock's order, which is
not fair) and writes their summaries to ``published.json`` beside this module; :func:`published` reads them back. A
notebook that quotes "how many Camelot deals can be won" reads it here, so two places can never disagree, and a test
checks every figure in the README and the docs against these tables. Each table also records the hash of the code
that made it and a few of its rows, which ``tests/studies`` plays again: the figures are derived, not copied.

The fair player's tables (and those of the player told the stock's order) also record how it did against the other
players **on the same deals** (:class:`SameDeals`), deal by deal, with McNemar's exact test: the fair player plays
fewer deals than the simple strategies, and shares over different deals are no comparison.

>>> from solitaire_widget.studies import published_tables
>>> all(table.low <= table.share <= table.high for table in published_tables())
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..i18n import pgettext
from ..variants import variant_rules
from .players import Row
from .result import summary_words

__all__ = ["MAX_RUNS", "PairedRecord", "PublishedTable", "SameDeals", "SameDealsShare", "published",
           "published_tables"]

_DATA = Path(__file__).with_name("published.json")
#: At most this many runs of deals in a row are listed by name ("deals 1–70 and 75–80"); more are counted instead
#: ("74 of deals 1–100").
MAX_RUNS = 3

Runs = tuple[tuple[int, int], ...]


def _runs(data: list[list[int]] | None) -> Runs | None:
    return None if data is None else tuple((first, last) for first, last in data)


@dataclass(frozen=True)
class PairedRecord:
    """A table's player against another (``player``) on the deals both played, deal by deal: ``deals`` of them, in
    runs of deals in a row (``played``); the wins of each there (``wins``: the table's player; ``other_wins``); the
    discordant deals (``only_this``: the table's player won and the other did not; ``only_other``: the other way
    round), McNemar's exact two-sided p-value on them (``p_value``,
    :func:`~solitaire_widget.studies.result.mcnemar_p`), and the mean score of each there (None for the solver)."""

    player: str
    deals: int
    played: Runs
    wins: int
    other_wins: int
    only_this: int
    only_other: int
    p_value: float
    mean_score: float | None = None
    other_mean_score: float | None = None

    @property
    def share(self) -> float:
        """The table's player's share of these deals."""
        return self.wins / self.deals if self.deals else 0.0

    @property
    def other_share(self) -> float:
        return self.other_wins / self.deals if self.deals else 0.0

    @property
    def difference(self) -> float:
        """The table's player's share less the other's, on these deals."""
        return (self.wins - self.other_wins) / self.deals if self.deals else 0.0

    def listed_runs(self) -> Runs | None:
        """The runs of deals, when few enough to list (at most :data:`MAX_RUNS`), else None."""
        return self.played if len(self.played) <= MAX_RUNS else None

    def span(self) -> tuple[int, int]:
        return self.played[0][0], self.played[-1][1]


@dataclass(frozen=True)
class SameDealsShare:
    """The thoughtful solver on the deals a table's player played (those of them its store has): ``successes``
    (deals proved winnable) of ``deals``, in runs ``played``, ``undecided`` deals, and the share with its 95%
    interval (widened over the undecided deals, as a table's)."""

    deals: int
    played: Runs
    successes: int
    undecided: int
    share: float
    low: float
    high: float

    def listed_runs(self) -> Runs | None:
        return self.played if len(self.played) <= MAX_RUNS else None

    def span(self) -> tuple[int, int]:
        return self.played[0][0], self.played[-1][1]


@dataclass(frozen=True)
class SameDeals:
    """How a fair player's table (or the table of the player told the stock's order) compares with the others on the
    same deals: against every simple strategy that plays fair (``strategies``), against undo-search on its own
    (``undo_search``: it takes moves back, so it is no fair yardstick), against the fair player (``fair``: only in
    the table of the player told the stock's order), and the thoughtful solver's share of the same deals
    (``solver``). A comparison whose other table had no store when the table was published is not there (None, or
    missing from ``strategies``)."""

    strategies: tuple[PairedRecord, ...] = ()
    undo_search: PairedRecord | None = None
    fair: PairedRecord | None = None
    solver: SameDealsShare | None = None

    def best_strategy(self) -> PairedRecord | None:
        """The simple strategy that plays fair which won most of the same deals; on a tie (Camelot, where wins are
        rare), the one that scored most there, then the first by name. None when there is none."""
        return min(self.strategies, key=lambda record: (-record.other_wins, -(record.other_mean_score or 0.0),
                                                        record.player), default=None)


def _paired_record(data: dict[str, Any] | None) -> PairedRecord | None:
    return None if data is None else PairedRecord(**{**data, "played": _runs(data["played"])})


def _same_deals(data: dict[str, Any] | None) -> SameDeals | None:
    if data is None:
        return None
    solver = data.get("solver")
    return SameDeals(
        strategies=tuple(_paired_record(record) for record in data.get("strategies", ())),  # type: ignore[misc]
        undo_search=_paired_record(data.get("undo_search")), fair=_paired_record(data.get("fair")),
        solver=None if solver is None else SameDealsShare(**{**solver, "played": _runs(solver["played"])}))


@dataclass(frozen=True)
class PublishedTable:
    """One study's summary: ``successes`` of ``deals`` (wins, or deals proved winnable), ``undecided`` deals,
    ``share`` with its 95% interval (``low``, ``high``: Wilson's, widened over the undecided deals), of the deals
    ``first_deal`` to ``last_deal`` it is to play (``complete`` when all of them have been played).

    ``played`` lists the deals played as runs of deals in a row, ``(first, last)`` each (None for a table published
    before they were recorded: which of the planned deals it played is not known). ``code`` is the hash of the code
    that played them (:mod:`~solitaire_widget.studies.code`), and ``samples`` a few of its rows, chosen by
    ``tools/tables.py``, for the tests to play again.

    ``paired``, in the fair player's tables and those of the player told the stock's order (``knows-stock``, which
    is not fair), is how it compares with the others on the same deals (:class:`SameDeals`); None in the other
    tables, and in one published before such comparisons were recorded.
    """

    setting: str
    variant: str
    options: dict[str, int]
    player: str
    settings: dict[str, Any]
    first_deal: int
    last_deal: int
    deals: int
    complete: bool
    successes: int
    undecided: int
    outcomes: dict[str, int]
    mean_score: float | None
    share: float
    low: float
    high: float
    seconds: float
    engines: list[str]
    code: str
    played: tuple[tuple[int, int], ...] | None
    samples: tuple[Row, ...]
    paired: SameDeals | None = None

    def __str__(self) -> str:
        return summary_words(self.successes, self.deals, self.low, self.high, self.undecided)

    def listed_runs(self) -> tuple[tuple[int, int], ...] | None:
        """The runs of deals played, when they are few enough to list (at most :data:`MAX_RUNS`); None when the
        deals played are to be counted instead: in more runs, or not recorded."""
        return self.played if self.played is not None and len(self.played) <= MAX_RUNS else None

    def span(self) -> tuple[int, int]:
        """The first and the last deal played (those planned, when which were played was not recorded)."""
        if self.played is None:
            return self.first_deal, self.last_deal
        return self.played[0][0], self.played[-1][1]

    def deals_played(self) -> str:
        """Which deals the table played, in the language in force: "deals 1–2000", "deals 1–70 and 75–80", or,
        when they are too many runs to list or were not recorded, how many of which: "74 of deals 1–100".
        Never "deals 1–74" for deals that were not all played."""
        runs = self.listed_runs()
        if runs is None:
            first, last = self.span()
            return pgettext("deals played", "{count} of deals {first}–{last}").format(count=self.deals,
                                                                                       first=first, last=last)
        names = [f"{first}–{last}" if last > first else str(first) for first, last in runs]
        if len(names) == 1:
            if runs[0][0] == runs[0][1]:
                return pgettext("deals played", "deal {deal}").format(deal=names[0])
            return pgettext("deals played", "deals {deals}").format(deals=names[0])
        if len(names) == 2:
            return pgettext("deals played", "deals {first} and {second}").format(first=names[0], second=names[1])
        return pgettext("deals played", "deals {first}, {second} and {third}").format(first=names[0],
                                                                                      second=names[1], third=names[2])


@cache
def published_tables() -> tuple[PublishedTable, ...]:
    """Every published table."""
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    return tuple(_table(table) for table in data["tables"])


def _table(data: dict[str, Any]) -> PublishedTable:
    """A table from its JSON form (lists for the runs, objects for the sample rows)."""
    played = data["played"]
    return PublishedTable(**{**data, "played": _runs(played), "samples": tuple(Row(**row) for row in data["samples"]),
                             "paired": _same_deals(data.get("paired"))})


def published(variant: str, player: str, **options: int) -> PublishedTable:
    """The published table of ``player`` ("solver", "fair", "knows-stock" or a strategy's name) on ``variant`` with
    ``options`` (the game's defaults for those not given); LookupError when there is none yet."""
    rules = variant_rules(variant)
    wanted = rules.resolve_options(options)
    for table in published_tables():
        if table.variant == rules.name and table.player == player and table.options == wanted:
            return table
    raise LookupError(f"no published table of {player!r} for {rules.title} with {wanted}")
