"""Weighing plans on sampled positions: how the fair player chooses in the Klondike family.

Each :class:`~solitaire_widget.advice.plans.Plan` (a few rearranging moves, then one move that cannot be taken
back) is played on positions drawn from the player's knowledge, the same positions for every plan (common random
numbers: two plans are compared on the same hidden cards), and each position reached is given a small search
(:func:`~solitaire_widget.solver.api.quick_verdict`, of :data:`DEFAULT_NODES` nodes by default). A plan's worth is
how many of its positions that search wins; between plans that win as many, the one with fewer positions proved
lost, then the one the player prefers anyway (the rule of thumb's order).

Why a *small* search. Solving each sample to the end (the fair win chance's method) credits every plan with
play as if the hidden cards were known, and from most positions a player who knew them could recover from
nearly anything, so the plans score alike and the estimate cannot choose; this is the strategy fusion the
fair-play page describes. A search that stops after a few thousand nodes wins only where the win is easy to find,
and a position from which wins are easy to find is one where a player who cannot see the hidden cards can hope to
find one too. vuonghy2442's lonelybot Klondike player scores its candidate moves the same way (capped
determinized solves), with 47.6% of three-card Klondike games won knowing the stock's order; the trials in
docs/fair-play.md chose this module's budgets.

Where the samples go. A choice is a search for the best of a few plans, each a coin of unknown bias, so the
samples are spent as a bandit would (UCB1, as lonelybot spends its own): every plan gets :data:`FIRST_ROUND`
samples, then, :data:`BATCH` at a time, the plan whose share of wins could still be the highest (its share plus
:data:`EXPLORATION` times the square root of the log of all samples over its own) gets more, until that plan has had
``samples``. So the plans that look best are weighed on hundreds of samples, and a plan that loses early is
sampled again only while it could still be the best. The plan played is the one sampled most. Three things end
the weighing sooner: a first round in which no plan wins a sample (more samples of searches that find nothing tell
nothing either), a plan that has won every one of :data:`ALL_WON` samples or more (no plan can do better), and the
budget (:data:`DEFAULT_BUDGET`). Two plans that did the same on every one of their first :data:`ALL_WON` common
samples are *twins* (they commit to the same thing in different orders, or to things the hidden cards never tell
apart): only the one the player prefers is weighed on. Before this, the samples were spent by successive halving
from 4 samples a plan, up to 64; docs/fair-play.md compares the two on the same deals.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..game import Game
from ..knowledge import Knowledge
from ..moves import Move
from ..solver.api import quick_verdict
from ..solver.budget import CancelFlag
from .plans import Plan

__all__ = ["DEFAULT_BUDGET", "DEFAULT_NODES", "VARIANT_NODES", "Weighing", "weigh"]

#: Nodes of each small search, by the cards a deal turns (Camelot: none): measured on Klondike's first deals, see
#: docs/fair-play.md. Dealing three at a time, a few thousand nodes rarely find a win early in a game, so nothing
#: tells the plans apart; bigger searches win more games, at a few seconds a game.
DEFAULT_NODES = {1: 2_000, 3: 8_000}
#: Games whose small searches need more nodes than their draw gives: in Aunt Mary, six unrelated face-up cards bury
#: column 1 and a win is seldom found in 2,000 nodes, so the player resigned too soon. On deals 1–171, searches of
#: 16,000 nodes won 5 games and those of 2,000 won 1 (another deal), at 4 s a game (see docs/fair-play.md).
VARIANT_NODES = {"aunt-mary": 16_000}
#: Samples every plan gets in the first round.
FIRST_ROUND = 8
#: Samples a plan gets at a time after the first round.
BATCH = 8
#: How much an uncertain share of wins counts in choosing the plan to sample next (UCB1's constant).
EXPLORATION = 1.0
#: Samples after which a plan that won them all ends the weighing, and after which two plans that did the same on
#: every common sample are taken for twins.
ALL_WON = 32
#: The nodes one choice may search in all, the searches' own and :data:`SEARCH_OVERHEAD` for each: some six seconds
#: in the compiled core, reached only by a few positions with dozens of plans alike (lonelybot allows its choices up
#: to 3,000 samples of the best move, of searches of 1,000 moves each).
DEFAULT_BUDGET = 30_000_000
#: What starting one small search costs, counted in nodes of search (reading the position, the call): measured,
#: about a tenth of a millisecond.
SEARCH_OVERHEAD = 300
#: Samples on which every plan must be proved lost before the player gives up: if a fifth of the positions the
#: player cannot tell apart could still be won, 32 samples all lost happen once in a thousand.
RESIGN_SAMPLES = 32


@dataclass(frozen=True)
class Weighing:
    """What :func:`weigh` found: for each plan (in the order given), the samples its small searches won and
    proved lost, out of those tried. ``spent`` is what the weighing cost in all, in nodes (as its budget counts them);
    ``stopped_by`` is "time", "budget" or "cancelled" when the deadline, the node budget or a cancel flag cut the
    rounds short."""

    plans: tuple[Plan, ...]
    wins: tuple[int, ...]
    lost: tuple[int, ...]
    tried: tuple[int, ...]
    spent: int = 0
    stopped_by: str | None = None

    def finalists(self) -> list[int]:
        """The indices of the plans that reached the most samples, best first: the most wins, then the fewest
        samples proved lost, then the order given."""
        most = max(self.tried)
        return sorted((i for i, n in enumerate(self.tried) if n == most), key=lambda i: (-self.wins[i], self.lost[i]))

    @property
    def hopeless(self) -> bool:
        """True when every sample of every plan was proved lost, on :data:`RESIGN_SAMPLES` samples at least: then
        nothing this player could do is likely to win."""
        return all(RESIGN_SAMPLES <= tried == lost for lost, tried in zip(self.lost, self.tried))


def weigh(known: Knowledge, plans: list[Plan], *, samples: int, node_limit: int, seed: int,
          budget: int = DEFAULT_BUDGET, deadline: float | None = None, cancel: CancelFlag | None = None,
          halve: bool = True, sample: Callable[[Knowledge, random.Random], Game] | None = None) -> Weighing:
    """Weigh ``plans`` (from a position of ``known``, the player's preferred first: equals keep that order) on up
    to ``samples`` positions each, drawn from ``known`` with ``seed``, each plan's positions searched within
    ``node_limit`` nodes (see the module docs), ``budget`` nodes in all.

    After a first round for every plan, the samples go to the plan that could still be best, until it has had
    ``samples`` (see the module docs for when the weighing ends sooner). ``deadline`` (a ``time.perf_counter()``
    value) and ``cancel`` (set: stop) end it too; ``sample`` draws one position (default:
    :meth:`Game.from_knowledge`). ``halve=False`` weighs every plan on every sample, budget allowing, to compare a
    few plans closely, as the coach does."""
    draw = sample or Game.from_knowledge
    rng = random.Random(seed)
    games: list[Game] = []
    count = len(plans)
    outcomes: list[list[str]] = [[] for _ in range(count)]
    wins, lost = [0] * count, [0] * count
    spent = 0

    def run(i: int, more: int) -> None:
        nonlocal spent
        target = len(outcomes[i]) + more
        while len(games) < target:
            games.append(draw(known, rng))
        for game in games[len(outcomes[i]):target]:
            verdict, used = _verdict_after(game, plans[i].moves, node_limit)
            outcomes[i].append(verdict)
            wins[i] += verdict == "winnable"
            lost[i] += verdict == "unwinnable"
            spent += used + SEARCH_OVERHEAD

    def weighing(stopped_by: str | None) -> Weighing:
        return Weighing(tuple(plans), tuple(wins), tuple(lost), tuple(len(done) for done in outcomes), spent,
                        stopped_by)

    def interrupted() -> str | None:
        if deadline is not None and time.perf_counter() > deadline:
            return "time"
        if cancel is not None and cancel.is_set():
            return "cancelled"
        return None

    first = samples if not halve else min(samples, FIRST_ROUND)
    for i in range(count):
        run(i, first)
        if halve and wins[i] == first < min(samples, ALL_WON):
            # It may be a plan no other can beat: make sure at once. (So a plan that won every sample has had
            # them all by the end of the first round, and no later one can win them all.)
            run(i, min(samples, ALL_WON) - first)
        if stopped_by := interrupted():
            return weighing(stopped_by)
        if halve and wins[i] == len(outcomes[i]) >= min(samples, ALL_WON):
            return weighing(None)
    if not halve or count == 1:
        return weighing(None)
    if not any(wins):
        if all(n == len(done) for n, done in zip(lost, outcomes)):
            # Every sample so far proved lost after every plan: before the player gives up, make sure on more
            # samples (a position a few samples lose may still be won with other hidden cards).
            for i in range(count):
                run(i, max(0, min(samples, RESIGN_SAMPLES) - first))
        return weighing(None)
    alive = list(range(count))
    while True:
        alive = _without_twins(alive, outcomes)
        total = sum(len(outcomes[i]) for i in alive)
        best = max(alive, key=lambda i: (wins[i] / len(outcomes[i])
                                         + EXPLORATION * math.sqrt(math.log(total) / len(outcomes[i])), -i))
        tried = len(outcomes[best])
        if tried >= samples:
            return weighing(None)
        if spent + BATCH * (node_limit + SEARCH_OVERHEAD) > budget:
            return weighing("budget")
        run(best, min(BATCH, samples - tried))
        if stopped_by := interrupted():
            return weighing(stopped_by)


def _without_twins(alive: list[int], outcomes: list[list[str]]) -> list[int]:
    """``alive`` less every plan that did the same, sample by sample, as one before it on at least
    :data:`ALL_WON` samples both have had: twins tell nothing apart, and weighing both would spend the samples
    twice."""
    kept: list[int] = []
    seasoned: list[int] = []  # the kept plans with samples enough to have a twin
    for i in alive:
        if len(outcomes[i]) < ALL_WON:
            kept.append(i)
        elif not any(_twins(outcomes[j], outcomes[i]) for j in seasoned):
            kept.append(i)
            seasoned.append(i)
    return kept


def _twins(first: list[str], second: list[str]) -> bool:
    common = min(len(first), len(second))
    return common >= ALL_WON and first[:common] == second[:common]


def _verdict_after(game: Game, moves: tuple[Move, ...], node_limit: int) -> tuple[str, int]:
    """The small search's verdict of ``game`` (a sample the weighing made) after ``moves``, and the nodes it took;
    the sample is left as it was. A plan's moves touch only cards the player sees, so they are legal in every
    sample: they go straight to the rules engine, without the checks and the history of :meth:`Game.play`, which
    took a third of a choice's time."""
    engine = game._engine
    tokens = [engine.apply(move) for move in moves]
    try:
        return ("winnable", 0) if engine.score == 52 else quick_verdict(game, node_limit)
    finally:
        for move, token in zip(reversed(moves), reversed(tokens)):
            engine.unapply(move, token)
