"""The published study tables: the one source of every share the README, the docs and the notebooks quote.

``tools/tables.py`` runs the studies (the thoughtful solver, the fair player and every simple strategy, on numbered
deals of every game setting) and writes their summaries to ``published.json`` beside this module; :func:`published`
reads them back. A notebook that quotes "how many Camelot deals can be won" reads it here, so two places can never
disagree, and a test checks every figure in the README and the docs against these tables. Each table also records
the hash of the code that made it and a few of its rows, which ``tests/studies`` plays again: the figures are
derived, not copied.

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

__all__ = ["MAX_RUNS", "PublishedTable", "published", "published_tables"]

_DATA = Path(__file__).with_name("published.json")
#: At most this many runs of deals in a row are listed by name ("deals 1–70 and 75–80"); more are counted instead
#: ("74 of deals 1–100").
MAX_RUNS = 3


@dataclass(frozen=True)
class PublishedTable:
    """One study's summary: ``successes`` of ``deals`` (wins, or deals proved winnable), ``undecided`` deals,
    ``share`` with its 95% interval (``low``, ``high``: Wilson's, widened over the undecided deals), of the deals
    ``first_deal`` to ``last_deal`` it is to play (``complete`` when all of them have been played).

    ``played`` lists the deals played as runs of deals in a row, ``(first, last)`` each (None for a table published
    before they were recorded: which of the planned deals it played is not known). ``code`` is the hash of the code
    that played them (:mod:`~solitaire_widget.studies.code`), and ``samples`` a few of its rows, chosen by
    ``tools/tables.py``, for the tests to play again.
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

    def __str__(self) -> str:
        undecided = f", {self.undecided} undecided" if self.undecided else ""
        return (f"{self.successes} of {self.deals} ({self.share:.1%}, 95% CI {self.low:.1%}–{self.high:.1%}"
                f"{undecided})")

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
    return PublishedTable(**{**data, "played": None if played is None else tuple((a, b) for a, b in played),
                             "samples": tuple(Row(**row) for row in data["samples"])})


def published(variant: str, player: str, **options: int) -> PublishedTable:
    """The published table of ``player`` ("solver", "fair" or a strategy's name) on ``variant`` with ``options``
    (the game's defaults for those not given); LookupError when there is none yet."""
    rules = variant_rules(variant)
    wanted = rules.resolve_options(options)
    for table in published_tables():
        if table.variant == rules.name and table.player == player and table.options == wanted:
            return table
    raise LookupError(f"no published table of {player!r} for {rules.title} with {wanted}")
