"""What a study answers: its rows, deal by deal, and their summary with 95% Wilson intervals."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..intervals import bounds
from .players import Row

__all__ = ["StudyResult", "Summary"]


@dataclass(frozen=True)
class Summary:
    """A study's totals. ``successes`` are wins (a player) or deals proved winnable (the solver); ``share`` is
    successes over all deals, and ``interval`` its 95% Wilson interval, widened to cover the ``undecided`` deals
    either way (with none undecided it is Wilson's own)."""

    deals: int
    successes: int
    undecided: int
    outcomes: dict[str, int]
    mean_score: float | None
    seconds: float

    @property
    def share(self) -> float:
        return self.successes / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return bounds(self.successes, self.undecided, self.deals)

    def __str__(self) -> str:
        low, high = self.interval
        undecided = f", {self.undecided} undecided" if self.undecided else ""
        return f"{self.successes} of {self.deals} ({self.share:.1%}, 95% CI {low:.1%}–{high:.1%}{undecided})"


@dataclass(frozen=True)
class StudyResult:
    """A study's rows (:class:`~solitaire_widget.studies.players.Row`, one per deal, in deal order) and what produced
    them (``study``: game, options, player, settings, package version)."""

    study: dict[str, Any]
    rows: Sequence[Row] = field(default_factory=tuple)

    @property
    def summary(self) -> Summary:
        rows = self.rows
        scores = [row.score for row in rows if row.score is not None]
        return Summary(deals=len(rows), successes=sum(row.success for row in rows),
                       undecided=sum(row.outcome == "unknown" for row in rows),
                       outcomes=dict(Counter(row.outcome for row in rows).most_common()),
                       mean_score=sum(scores) / len(scores) if scores else None,
                       seconds=round(sum(row.seconds for row in rows), 3))

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (pandas must be installed: ``pip install pandas``)."""
        try:
            import pandas as pd  # an optional dependency, only for those who ask for a DataFrame
        except ImportError:
            raise ImportError("to_pandas() needs pandas: pip install pandas") from None
        frame = pd.DataFrame([row.__dict__ for row in self.rows],
                             columns=["deal", "outcome", "score", "moves", "nodes", "seconds", "engine"])
        frame.attrs["study"] = dict(self.study)
        return frame.set_index("deal")

    def _title(self) -> str:
        study = self.study
        options = ", ".join(f"{k}={v}" for k, v in study.get("options", {}).items())
        return f"{study.get('variant')}{f' ({options})' if options else ''}, {study.get('player')}"

    def __repr__(self) -> str:
        summary = self.summary
        lines = [f"<StudyResult {self._title()}: {summary}"]
        lines += [f"  {outcome:<11} {count:>6}" for outcome, count in summary.outcomes.items()]
        if summary.mean_score is not None:
            lines.append(f"  mean score {summary.mean_score:>6.1f}")
        return "\n".join(lines) + ">"

    def _repr_html_(self) -> str:
        summary = self.summary
        low, high = summary.interval
        cells = "".join(f"<tr><td>{html.escape(outcome)}</td><td>{count}</td></tr>"
                        for outcome, count in summary.outcomes.items())
        score = "" if summary.mean_score is None else f"<tr><td>mean score</td><td>{summary.mean_score:.1f}</td></tr>"
        return (f"<table class='sw-study'><caption>{html.escape(self._title())}: {summary.share:.1%} "
                f"(95% CI {low:.1%}–{high:.1%}) of {summary.deals} deals</caption>{cells}{score}</table>")
