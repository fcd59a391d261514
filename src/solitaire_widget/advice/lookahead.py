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

Where the time goes. Most plans are clearly worse than the best few after a handful of samples. So the samples
are spent in rounds (*successive halving*): every plan gets :data:`FIRST_ROUND` samples, then the better half (and
every plan that won as many as the last of it) twice as many, and so on up to ``samples``. A round in which no
plan wins a sample ends the weighing (more samples of searches that find nothing tell nothing either), as does one
in which every plan left won them all, or a round that would pass the choice's budget (:data:`DEFAULT_BUDGET`).
Searches that start bigger, or grow when nothing is won, were measured too and did worse (docs/fair-play.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..game import Game
from ..knowledge import Knowledge
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
FIRST_ROUND = 4
#: The nodes one choice may search in all, the searches' own and :data:`SEARCH_OVERHEAD` for each: some
#: three quarters of a second in the compiled core, the cost of lonelybot's choices (3,000 searches of 1,000).
DEFAULT_BUDGET = 3_000_000
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
    to ``samples`` positions drawn from ``known`` with ``seed``, each plan's positions searched within
    ``node_limit`` nodes (see the module docs), ``budget`` nodes in all.

    The rounds stop early when one plan is left, when no plan won a sample in a round, when every plan left won
    every sample (nothing more to tell them apart), or when the next round would pass the budget. ``deadline`` (a
    ``time.perf_counter()`` value) and ``cancel`` (set: stop) end them too; ``sample`` draws one position
    (default: :meth:`Game.from_knowledge`). ``halve=False`` weighs every plan on every sample, budget allowing, to
    compare a few plans closely, as the coach does."""
    draw = sample or Game.from_knowledge
    rng = random.Random(seed)
    games: list[Game] = []
    count = len(plans)
    wins, lost, tried = [0] * count, [0] * count, [0] * count
    alive = list(range(count))
    target = min(samples, FIRST_ROUND)
    stopped_by = None
    spent = 0
    while True:
        while len(games) < target:
            games.append(draw(known, rng))
        for i in alive:
            plan = plans[i]
            for game in games[tried[i]:target]:
                for move in plan.moves:
                    game.play(move)
                verdict, used = ("winnable", 0) if game.score == 52 else quick_verdict(game, node_limit)
                for _ in plan.moves:
                    game.undo()
                wins[i] += verdict == "winnable"
                lost[i] += verdict == "unwinnable"
                spent += used + SEARCH_OVERHEAD
            tried[i] = target
            if deadline is not None and time.perf_counter() > deadline:
                stopped_by = "time"
                break
            if cancel is not None and cancel.is_set():
                stopped_by = "cancelled"
                break
        if stopped_by or len(alive) == 1:
            break
        best = max(wins[i] for i in alive)
        if not best and target < min(samples, RESIGN_SAMPLES) and all(
                lost[i] == tried[i] for i in range(count) if tried[i]):
            # Every sample so far proved lost after every plan: before the player gives up, make sure on more
            # samples (a position a few samples lose may still be won with other hidden cards).
            target = min(samples, RESIGN_SAMPLES, target * 2)
        elif target >= samples or halve and (not best or all(wins[i] == target for i in alive)):
            break
        else:
            if halve:
                order = sorted(alive, key=lambda i: (-wins[i], lost[i]))  # stable: equals keep the order given
                keep = (len(order) + 1) // 2
                while keep < len(order) and wins[order[keep]] == wins[order[keep - 1]]:
                    keep += 1  # a plan that won as many as one kept is kept too: a cut between equals is the draw's
                alive = order[:keep]
            target = min(samples, target * 2)
        if spent + sum(target - tried[i] for i in alive) * (node_limit + SEARCH_OVERHEAD) > budget:
            stopped_by = "budget"
            break
    return Weighing(tuple(plans), tuple(wins), tuple(lost), tuple(tried), spent, stopped_by)
