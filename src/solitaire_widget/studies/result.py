"""What a study answers: its rows, deal by deal, and their summary with 95% Wilson intervals; and two studies
compared deal by deal, on the deals both played (:meth:`StudyResult.paired`), with McNemar's exact test
(:func:`mcnemar_p`)."""

from __future__ import annotations

import html
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import NP_, decimal, ngettext, percent, pgettext, translate
from ..checks import short
from ..intervals import bounds
from ..variants import VARIANT_RULES
from .players import Row

__all__ = ["OUTCOME_WORDS", "Paired", "StudyResult", "Summary", "mcnemar_p", "outcome_words", "summary_words"]

#: How a deal of a study ended, as a report says it: a player's game, or the solver's verdict (marked for the
#: catalogues; :func:`outcome_words` says them in the language in force).
OUTCOME_WORDS = {
    "won": NP_("the outcome of a deal in a study", "won"),
    "lost": NP_("the outcome of a deal in a study", "lost"),
    "stuck": NP_("the outcome of a deal in a study", "stuck"),
    "playing": NP_("the outcome of a deal in a study", "unfinished"),
    "winnable": NP_("the outcome of a deal in a study", "winnable"),
    "unwinnable": NP_("the outcome of a deal in a study", "unwinnable"),
    "unknown": NP_("the outcome of a deal in a study", "undecided"),
}


def outcome_words(outcome: str) -> str:
    """An outcome of :data:`OUTCOME_WORDS` in the language in force (one it does not know, as it is)."""
    marked = OUTCOME_WORDS.get(outcome)
    return translate(marked) if marked else outcome


def summary_words(successes: int, deals: int, low: float, high: float, undecided: int = 0) -> str:
    """A study's result in one line, in the language in force: "48 of 1000 (4.8%, 95% CI 3.6%–6.3%)", with the
    deals left undecided when there are any. The percentages are written as the language writes them ("4,8%"),
    rounded once, the same in every language (:func:`~solitaire_widget.i18n.percent`)."""
    figures = {"successes": successes, "deals": deals, "share": percent(successes / deals if deals else 0.0, 1,
                                                                         fixed=True),
               "low": percent(low, 1, fixed=True), "high": percent(high, 1, fixed=True), "undecided": undecided}
    if not undecided:
        return pgettext("a study's result", "{successes} of {deals} ({share}, 95% CI {low}–{high})").format(**figures)
    return ngettext("{successes} of {deals} ({share}, 95% CI {low}–{high}, {undecided} undecided)",
                    "{successes} of {deals} ({share}, 95% CI {low}–{high}, {undecided} undecided)",
                    undecided).format(**figures)


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
        return summary_words(self.successes, self.deals, *self.interval, self.undecided)


def mcnemar_p(only_first: int, only_second: int) -> float:
    """McNemar's exact two-sided p-value for two players on the same deals: ``only_first`` deals won by the first
    and lost by the second, ``only_second`` the other way round (the deals both won, or both lost, say nothing of
    which is better). Under no difference each discordant deal is a fair coin's toss, so this is the two-sided
    binomial test of ``only_first`` in ``only_first + only_second`` tosses at one half: twice the smaller tail, at
    most 1. Exact, in whole numbers (``math.comb``), rather than SciPy's ``binomtest``, which would be a heavy
    dependency for one sum; the tests check the two agree.

    >>> mcnemar_p(10, 0) == 2 * 0.5 ** 10
    True
    >>> mcnemar_p(5, 5), mcnemar_p(0, 0)
    (1.0, 1.0)
    """
    for count in (only_first, only_second):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"the discordant deals are counted in whole numbers from 0, not {short(count)}")
    tosses, fewer = only_first + only_second, min(only_first, only_second)
    tail = sum(math.comb(tosses, k) for k in range(fewer + 1))
    p: float = 2 * tail / 2**tosses
    return min(1.0, p)


@dataclass(frozen=True)
class Paired:
    """Two studies' players on the deals both played, deal by deal: ``deals`` (those deals, in order), the wins
    (or deals proved winnable) of each on them, and the discordant deals: ``only_this`` won by this study's player
    and not by the other, ``only_other`` the other way round. ``p_value`` is McNemar's exact two-sided test of
    those (:func:`mcnemar_p`); ``difference`` this player's share on those deals less the other's. ``mean_score``
    and ``other_mean_score`` are each one's mean score on those deals (None for the solver, which scores none): where
    wins are rare (Camelot), they say more."""

    deals: tuple[int, ...]
    wins: int
    other_wins: int
    only_this: int
    only_other: int
    mean_score: float | None = None
    other_mean_score: float | None = None

    @property
    def p_value(self) -> float:
        return mcnemar_p(self.only_this, self.only_other)

    @property
    def difference(self) -> float:
        return (self.wins - self.other_wins) / len(self.deals) if self.deals else 0.0


def _mean_score(rows: Iterable[Row]) -> float | None:
    scores = [row.score for row in rows if row.score is not None]
    return sum(scores) / len(scores) if scores else None


@dataclass(frozen=True)
class StudyResult:
    """A study's rows (:class:`~solitaire_widget.studies.players.Row`, one per deal, in deal order) and what produced
    them (``study``: game, options, player, settings, package version). ``played`` are the deals this run of the
    study played, in deal order: those its store did not hold yet (all of them without a store)."""

    study: dict[str, Any]
    rows: Sequence[Row] = field(default_factory=tuple)
    played: tuple[int, ...] = field(default=(), compare=False)

    @property
    def summary(self) -> Summary:
        rows = self.rows
        scores = [row.score for row in rows if row.score is not None]
        return Summary(deals=len(rows), successes=sum(row.success for row in rows),
                       undecided=sum(row.outcome == "unknown" for row in rows),
                       outcomes=dict(Counter(row.outcome for row in rows).most_common()),
                       mean_score=sum(scores) / len(scores) if scores else None,
                       seconds=round(sum(row.seconds for row in rows), 3))

    def on_deals(self, deals: Sequence[int] | set[int]) -> StudyResult:
        """The same study, with only its rows of ``deals`` (those it has not played are simply not there)."""
        wanted = set(deals)
        return StudyResult(self.study, tuple(row for row in self.rows if row.deal in wanted))

    def paired(self, other: StudyResult) -> Paired:
        """This study's player against ``other``'s, deal by deal, on the deals both have played (and only those):
        each one's wins there, and the deals one won and the other did not (see :class:`Paired`)."""
        mine = {row.deal: row for row in self.rows}
        theirs = {row.deal: row for row in other.rows}
        both = tuple(sorted(mine.keys() & theirs.keys()))
        return Paired(deals=both, wins=sum(mine[deal].success for deal in both),
                      other_wins=sum(theirs[deal].success for deal in both),
                      only_this=sum(mine[deal].success and not theirs[deal].success for deal in both),
                      only_other=sum(theirs[deal].success and not mine[deal].success for deal in both),
                      mean_score=_mean_score(mine[deal] for deal in both),
                      other_mean_score=_mean_score(theirs[deal] for deal in both))

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
        """The game (by its name in the language in force), its options as given, and the player."""
        study = self.study
        variant = study.get("variant")
        rules = VARIANT_RULES.get(variant) if isinstance(variant, str) else None
        game = rules.local_title if rules is not None else str(variant)
        options = ", ".join(f"{k}={v}" for k, v in study.get("options", {}).items())
        return f"{game}{f' ({options})' if options else ''}, {study.get('player')}"

    def _lines(self) -> list[tuple[str, str]]:
        """The report's lines below its title: each outcome and its count, then the mean score if there is one."""
        summary = self.summary
        lines = [(outcome_words(outcome), str(count)) for outcome, count in summary.outcomes.items()]
        if summary.mean_score is not None:
            lines.append((pgettext("a study's report", "mean score"), decimal(summary.mean_score)))
        return lines

    def __repr__(self) -> str:
        body = self._lines()
        width = max((len(words) for words, _ in body), default=0)
        lines = [f"<StudyResult {self._title()}: {self.summary}"]
        lines += [f"  {words:<{width}} {figure:>6}" for words, figure in body]
        return "\n".join(lines) + ">"

    def _repr_html_(self) -> str:
        cells = "".join(f"<tr><td>{html.escape(words)}</td><td>{html.escape(figure)}</td></tr>"
                        for words, figure in self._lines())
        return (f"<table class='sw-study'><caption>{html.escape(self._title())}: {html.escape(str(self.summary))}"
                f"</caption>{cells}</table>")
