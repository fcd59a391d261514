"""The published study tables: the one source of every share the README, the docs and the notebooks quote.

``tools/tables.py`` runs the studies (the thoughtful solver, the fair player and every simple strategy, on numbered
deals of every game setting) and writes their summaries to ``published.json`` beside this module; :func:`published`
reads them back. A notebook that quotes "how many Camelot deals can be won" reads it here, so two places can never
disagree, and a test checks every figure in the README and the docs against these tables.

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

from ..variants import variant_rules

__all__ = ["PublishedTable", "published", "published_tables"]

_DATA = Path(__file__).with_name("published.json")


@dataclass(frozen=True)
class PublishedTable:
    """One study's summary: ``successes`` of ``deals`` (wins, or deals proved winnable), ``undecided`` deals,
    ``share`` with its 95% interval (``low``, ``high``: Wilson's, widened over the undecided deals), on deals
    ``first_deal`` to ``last_deal`` (``complete`` when all of them have been played)."""

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
    version: str

    def __str__(self) -> str:
        undecided = f", {self.undecided} undecided" if self.undecided else ""
        return (f"{self.successes} of {self.deals} ({self.share:.1%}, 95% CI {self.low:.1%}–{self.high:.1%}"
                f"{undecided})")


@cache
def published_tables() -> tuple[PublishedTable, ...]:
    """Every published table."""
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    return tuple(PublishedTable(**table) for table in data["tables"])


def published(variant: str, player: str, **options: int) -> PublishedTable:
    """The published table of ``player`` ("solver", "fair" or a strategy's name) on ``variant`` with ``options``
    (the game's defaults for those not given); LookupError when there is none yet."""
    rules = variant_rules(variant)
    wanted = rules.resolve_options(options)
    for table in published_tables():
        if table.variant == rules.name and table.player == player and table.options == wanted:
            return table
    raise LookupError(f"no published table of {player!r} for {rules.title} with {wanted}")
