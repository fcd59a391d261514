"""A game review: the fair win chance after every move, the best move at each point, and the moves that cost most.

:func:`review_game` goes through the moves of a game, finished or not, and at each one asks
:func:`~solitaire_widget.advice.chances` about the position it was played from: the chance there, after the move
played and after every other legal move, all on the same samples. The best move is the one the chances rank first
(the move played when it ties for first, else the rule of thumb's among the tied ones, as the fair hint chooses),
and a move's **cost** is what the best move would have kept beyond it: the best move's chance minus the move's, on
the same samples, an undecided sample counting half (as the ranking counts it).

**What the player knew.** The review replays the game's record (its start, and the moves of ``game.history``) and
gives the chances, before each move, the knowledge a player who had played exactly those moves would have: every
card those moves had shown, and nothing else. A card that only an undone move showed, or one seen before a restart,
is not in the record and does not count; so every move is judged on what the recorded line had shown, and a game
and the same game saved and loaded (:meth:`Game.record <solitaire_widget.Game.record>`) get the same review. Only
that knowledge reaches the chances: the review never reads a hidden card, and two games that differ only in cards
the player never saw (a different deal number included) get the same review.

**What the numbers mean.** Each chance is :mod:`~solitaire_widget.advice.win_chances`'s fair chance: the share of
deals consistent with what the player had seen that perfect play could still win, an *upper bound* on a real
player's chance (see there, and docs/fair-play.md). A cost is the player's choice, not luck: between two moves the
chance also moves when a card turns over, and that is no move's cost.

A move is **costly** when its cost is beyond the noise of the samples: the best move kept at least
:data:`BETTER_BY` (10 points) more, and at least :data:`MIN_SAMPLES_APART` samples more, since with few samples one
sample is worth more than 10 points and a difference of one sample is as likely the draw's as the move's. A cost
is measured against the best move, so a move that loses ground where every move does is not costly.

**Budgets.** A node limit per solve and no time limit by default, so that a review is the same on every machine.
The samples of each position are drawn from :attr:`Knowledge.hidden_seed
<solitaire_widget.knowledge.Knowledge.hidden_seed>`: after a move that turns no card over they are the very same
deals, one move on, so the graph moves where a move or a card turned over moves it, not with a fresh draw at every
move. An earlier review passed as ``previous`` lends the positions it worked out: a review asked again after a few
more moves works out only the new ones.

>>> import solitaire_widget as sw
>>> game = sw.new_game("aunt-mary", deal=23)
>>> for move in ["deal", "waste-f1", "deal", "deal", "waste-t5"]:
...     _ = game.play(move)
>>> review = review_game(game, samples=8, node_limit=300_000)
>>> [str(step.move) for step in review.costly]
['waste-t5']
>>> missed = review.best_missed
>>> str(missed.best), percent(missed.after.share), percent(missed.best_chance.share), percent(missed.cost)
('deal', '0%', '38%', '38%')
"""

from __future__ import annotations

import hashlib
import html
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tqdm.auto import tqdm

from ..game import Game
from ..i18n import gettext as _
from ..i18n import ngettext, percent, pgettext
from ..knowledge import Knowledge
from ..moves import Move
from ..solver.api import check_cancel
from ..solver.budget import CancelFlag
from .heuristic import move_words, rank_moves
from .win_chances import DEFAULT_SAMPLES, Chance, Chances, chances, check_budget

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["DEFAULT_NODE_LIMIT", "GameReview", "MIN_SAMPLES_APART", "ReviewedMove", "review_game"]

#: Nodes each solve may take when the caller does not say: the fair player's budget, some 0.1 s a move of a
#: Klondike-family game with the compiled core and the default 24 samples (Camelot's pure-Python solver: seconds).
DEFAULT_NODE_LIMIT = 50_000
#: How much more (a share, 0 to 1) the best move must keep for a move to be costly.
BETTER_BY = 0.10
#: The fewest samples (an undecided one counting half) by which the best move must beat the move played for the
#: move to count as costly, whatever the share they make.
MIN_SAMPLES_APART = 2
#: How many of the costly moves :attr:`GameReview.costliest` names.
COSTLIEST = 3

Progress = Callable[[int, int], object]


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a reviewed game: its ``number`` in the game (1 for the first), the chance ``before`` it and
    ``after`` it, and the ``best`` move there with its chance (``best_chance``), all on the same samples.

    ``knowledge`` is what the player knew when choosing it (it names the cards the words may use), and ``chances``
    the whole table of that position, every legal move included."""

    number: int
    move: Move
    before: Chance
    after: Chance
    best: Move
    best_chance: Chance
    knowledge: Knowledge = field(repr=False)
    chances: Chances = field(repr=False, compare=False)

    @property
    def _apart(self) -> int:
        """How many samples the best move kept beyond this one, in halves (an undecided sample is one half)."""
        return (2 * (self.best_chance.winnable - self.after.winnable)
                + self.best_chance.undecided - self.after.undecided)

    @property
    def cost(self) -> float:
        """The share of deals the best move would have kept beyond this one (0 when this one was the best)."""
        return self._apart / (2 * self.after.samples) if self.after.samples else 0.0

    @property
    def costly(self) -> bool:
        """Whether the cost is beyond the samples' noise (see the module docs)."""
        return self._apart >= 2 * MIN_SAMPLES_APART and self.cost >= BETTER_BY

    @property
    def played_words(self) -> str:
        """The move played, in words that name only cards the player saw (in the language in force)."""
        return move_words(self.knowledge, self.move)

    @property
    def best_words(self) -> str:
        """The best move, in words that name only cards the player saw."""
        return move_words(self.knowledge, self.best)

    @property
    def text(self) -> str:
        """What the review says of this move, in a sentence."""
        if self.best == self.move or self._apart <= 0:
            return _("Move {number}: {move} kept {after} of deals winnable, as much as any move.").format(
                number=self.number, move=self.played_words, after=percent(self.after.share))
        return _("Move {number}: {move} kept {after} of deals winnable; {best} would have kept {kept}.").format(
            number=self.number, move=self.played_words, after=percent(self.after.share), best=self.best_words,
            kept=percent(self.best_chance.share))


@dataclass(frozen=True)
class GameReview:
    """What :func:`review_game` answers: every move reviewed, in the order played (:attr:`moves`), and the settings
    it was worked out with. ``stats`` holds ``seconds``, ``solves``, ``reused`` (positions lent by ``previous``) and,
    when ``cancel`` stopped the work, ``stopped_by`` (then only the moves finished are in :attr:`moves`).

    In a notebook it shows as a small table of the costliest moves; :meth:`plot` draws the chance graph."""

    moves: tuple[ReviewedMove, ...]
    samples: int
    node_limit: int | None
    time_limit: float | None
    seed: int | None
    stats: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def costly(self) -> tuple[ReviewedMove, ...]:
        """Every costly move, in the order played."""
        return tuple(step for step in self.moves if step.costly)

    @property
    def costliest(self) -> tuple[ReviewedMove, ...]:
        """The costly moves that cost the most (at most three), the costliest first; earlier first among equals."""
        return tuple(sorted(self.costly, key=lambda step: (-step.cost, step.number))[:COSTLIEST])

    @property
    def best_missed(self) -> ReviewedMove | None:
        """The costliest move, whose :attr:`~ReviewedMove.best` is the best move the player missed (None when no
        move was costly)."""
        costliest = self.costliest
        return costliest[0] if costliest else None

    def summary(self) -> str:
        """Where the chance started and where it ended, in a sentence."""
        if not self.moves:
            return _("No move was reviewed.")
        first, last = self.moves[0], self.moves[-1]
        return _("The win chance went from {start} before move {first} to {end} after move {last}.").format(
            start=percent(first.before.share), first=first.number, end=percent(last.after.share), last=last.number)

    def heading(self) -> str:
        """What comes before the list of the costliest moves: its title, or that no move was costly."""
        count = len(self.costliest)
        if not count:
            return _("No move was costly: no other move would have kept clearly more deals winnable.")
        return ngettext("The move that cost the most:", "The {count} moves that cost the most:", count).format(
            count=count)

    @staticmethod
    def note() -> str:
        """What the figures mean, for whoever reads them."""
        return _("Each chance is the share of deals, consistent with the cards seen so far, that perfect play could "
                 "still win: an upper bound on a real player's chance.")

    def __repr__(self) -> str:
        lines = [self.summary(), self.heading(), *(step.text for step in self.costliest)]
        return "<GameReview: " + "\n  ".join(lines) + ">"

    def _repr_html_(self) -> str:
        def cell(tag: str, text: str) -> str:
            return f"<{tag}>{html.escape(text)}</{tag}>"

        head = "".join(cell("th", text) for text in (
            pgettext("a game review's column", "Move"), pgettext("a game review's column", "Played"),
            pgettext("a game review's column", "Chance after it"), pgettext("a game review's column", "Best move"),
            pgettext("a game review's column", "Its chance"), pgettext("a game review's column", "Cost")))
        rows = []
        for step in self.costliest:
            low, high = step.after.interval
            after = _("{share} (likely between {low} and {high})").format(share=percent(step.after.share),
                                                                    low=percent(low), high=percent(high))
            rows.append("<tr>" + "".join(cell("td", text) for text in (
                str(step.number), step.played_words, after, step.best_words, percent(step.best_chance.share),
                percent(step.cost))) + "</tr>")
        body = "".join(rows) if rows else f"<tr><td colspan='6'>{html.escape(self.heading())}</td></tr>"
        return (f"<table class='sw-review'><caption>{html.escape(self.summary())}</caption><tr>{head}</tr>{body}"
                f"</table><p style='font-size:smaller'>{html.escape(self.note())}</p>")

    def plot(self, ax: Axes | None = None) -> Axes:
        """The chance graph: the fair chance before the first move and after each move, its 95% interval as a band,
        and the costly moves marked with their numbers. Needs matplotlib; answers the Axes."""
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter, MaxNLocator

        if ax is None:
            _figure, ax = plt.subplots(figsize=(7, 3.2), layout="constrained")
        points = [(self.moves[0].number - 1, self.moves[0].before)] if self.moves else []
        points += [(step.number, step.after) for step in self.moves]
        xs = [number for number, _chance in points]
        shares = [chance.share for _number, chance in points]
        intervals = [chance.interval for _number, chance in points]
        ax.fill_between(xs, [low for low, _high in intervals], [high for _low, high in intervals], color="#2f6f9f",
                        alpha=0.18, linewidth=0, label=_("likely range (95%)"))
        ax.plot(xs, shares, color="#2f6f9f", marker=".", label=_("win chance"))
        costly = self.costly
        if costly:
            ax.scatter([step.number for step in costly], [step.after.share for step in costly], color="#c62828",
                       zorder=3, label=_("costly move"))
            for step in costly:
                ax.annotate(str(step.number), (step.number, step.after.share), xytext=(0, 6),
                            textcoords="offset points", ha="center", fontsize=8, color="#c62828")
        ax.set_ylim(-0.02, 1.02)
        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _position: percent(value)))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(pgettext("a graph's axis", "move"))
        ax.set_ylabel(_("win chance"))
        ax.set_title(_("The win chance after each move"))
        ax.legend(loc="best", fontsize=8)
        ax.spines[["top", "right"]].set_visible(False)
        return ax


def review_game(game: Game, *, samples: int = DEFAULT_SAMPLES, node_limit: int | None = DEFAULT_NODE_LIMIT,
                time_limit: float | None = None, seed: int | None = None, progress: bool | Progress = False,
                previous: GameReview | None = None, cancel: CancelFlag | None = None) -> GameReview:
    """Review the moves played in ``game`` so far (see the module docs): a :class:`GameReview`.

    ``samples``, ``node_limit`` and ``time_limit`` are :func:`~solitaire_widget.advice.chances`'s, for each
    position (``time_limit``: seconds for each position, None for none); ``seed`` varies the samples (None: drawn
    from what is hidden in each position). ``progress=True`` shows a progress bar (``tqdm.auto``); a function is
    called with (moves done, moves in all) after each move instead. ``previous``, an earlier review made with the
    same settings, lends the positions it worked out. ``cancel`` (a :class:`threading.Event`) stops the work; the
    review then holds the moves finished. The game is not changed; a bad argument is a ValueError, before any work.
    """
    if not isinstance(game, Game):
        raise ValueError(f"review_game() takes a Game, not {type(game).__name__}")
    if not game.history:
        raise ValueError("review_game() reviews the moves played, and this game has none yet (a restart or undoing "
                         "every move clears them): play a move first")
    check_budget(samples, time_limit, node_limit)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed must be None or a whole number, zero or more, not {seed!r:.60}")
    if not isinstance(progress, bool) and not callable(progress):
        raise ValueError(f"progress must be True, False or a function of (moves done, moves in all), not "
                         f"{progress!r:.60}")
    settings = {"samples": samples, "node_limit": node_limit, "time_limit": time_limit, "seed": seed}
    lent: dict[Knowledge, Chances] = {}
    if previous is not None:
        if not isinstance(previous, GameReview):
            raise ValueError(f"previous must be an earlier GameReview, not {type(previous).__name__}")
        earlier = {name: getattr(previous, name) for name in settings}
        if earlier != settings:
            raise ValueError(f"previous was made with other settings ({earlier}) than these ({settings})")
        lent = {step.knowledge: step.chances for step in previous.moves}
    check_cancel(cancel)
    started = time.perf_counter()
    history = game.history
    replay = Game.from_record({**game.record(), "moves": []})
    reviewed: list[ReviewedMove] = []
    solves = reused = 0
    stopped_by = None
    bar = tqdm(total=len(history), unit=pgettext("a progress bar's unit", "move"), disable=progress is not True,
               desc=_("Reviewing the game"))
    try:
        for move in history:
            known = replay.knowledge()
            table = lent.get(known)
            if table is not None:
                reused += 1
            else:
                table = chances(known, samples=samples, time_limit=time_limit, node_limit=node_limit,
                                seed=_position_seed(known, seed), cancel=cancel)
                solves += table.stats["solves"]
            if cancel is not None and cancel.is_set():
                stopped_by = "cancelled"
                break
            reviewed.append(_reviewed(known, move, table))
            replay.play(move)
            bar.update(1)
            if callable(progress):
                progress(len(reviewed), len(history))
    finally:
        bar.close()
    stats: dict[str, Any] = {"seconds": round(time.perf_counter() - started, 4), "solves": solves, "reused": reused}
    if stopped_by:
        stats["stopped_by"] = stopped_by
    return GameReview(tuple(reviewed), samples=samples, node_limit=node_limit, time_limit=time_limit, seed=seed,
                      stats=MappingProxyType(stats))


def _position_seed(known: Knowledge, seed: int | None) -> int:
    """The seed of a position's samples: from what is hidden and where (the same after a move that turns no card
    over), varied by ``seed`` when one is given."""
    if seed is None:
        return known.hidden_seed
    return int.from_bytes(hashlib.sha256(f"{seed}:{known.hidden_seed}".encode()).digest()[:8], "big")


def _reviewed(known: Knowledge, move: Move, table: Chances) -> ReviewedMove:
    """The review of ``move``, played from ``known``, whose chances are ``table``."""
    ranked = table.ranked()
    tied = [candidate for candidate, chance in ranked if chance == ranked[0][1]]
    best = move if move in tied else rank_moves(known, tied)[0][0]
    return ReviewedMove(number=known.moves + 1, move=move, before=table.now, after=table.moves[move], best=best,
                        best_chance=table.moves[best], knowledge=known, chances=table)
