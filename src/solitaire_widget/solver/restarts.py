"""How a Klondike-family search spends its budget: a first search, restarts in perturbed orders, a relaxed game
and the searches it guides, a last search.

One depth-first search in the move order of :meth:`KlondikeState.moves` decides most deals in milliseconds. On a
few it makes an early choice that leads into a huge losing subtree, and a win that a slightly different order
would find at once goes unseen for minutes. Measured on the deals ``benchmarks/solver.py`` left undecided in 10
seconds, short searches in perturbed orders (with this module's schedule, two seconds a deal) won 9 of 16 Athena
deals, 19 of 36 Klondike (three passes) and 15 of 40 Klondike (by three, unlimited), most within half a second.
Restarting is the classic cure for such heavy-tailed searches, so a search runs in phases:

1. the plain order, for :data:`FIRST_SHARE` of the budget: most deals are decided here, at once;
2. restarts, for :data:`RESTART_SHARE` of it: searches in perturbed orders (``KlondikeState(position, n)`` for
   n = 1, 2, ...), the n-th cut off after ``RESTART_UNIT * luby(n)`` nodes, the universal schedule of Luby,
   Sinclair and Zuckerman (1993) for restarting a search whose running time is unknown;
3. when the game limits the redeals or deals three cards at a time, its *relaxed* game (:func:`relaxed`: one
   card at a time, unlimited redeals), in the plain order for :data:`RELAXED_SHARE` of the budget and, if that
   does not decide, in restarts for as much again. A proof that it is lost proves the real game lost. A win
   gives a *guide* (:meth:`KlondikeState.guide_of`): which card went where;
4. with a guide, the real game searched with the moves the guide holds tried first: in the plain order for
   :data:`GUIDED_SHARE` of the budget, then for as much again in restarts that follow the guide in perturbed
   orders, taking turns with perturbed searches of the relaxed game whose wins give new guides;
5. the plain order again, with everything that is left.

All the searches of the real game share one memory of the states they proved lost (:class:`Memory`), and those
of the relaxed game another: a search skips whatever an earlier one proved, however it was cut off. So no phase
starts from nothing. The restarts together prove what none of them could alone, each taking up where the
proofs of the others end, and the last search redoes none of the first one's proofs. Measured deal by deal
against the same phases without a memory (``benchmarks/solver.py``, the 1,400 Klondike-family deals, both runs
side by side): no verdict changed, the searches took 14% less time in all, 52 deals were decided at least half a
second sooner and one later, three more were decided and one was lost. Proofs gain most: Aunt Mary's 95th
percentile, nearly all proofs, fell from 3.2 to 0.7 s, and Klondike's from 4.7 to 3.0 s. The price is up to 15%
fewer nodes a second (the bookkeeping that tells proofs from loops) and a bigger table. The lost deal, Klondike
by three 193, is a win of the guided restarts that turns on which win of the relaxed game comes first, which the
relaxed game's memory changes. Without that memory (measured too) 193 is won but Athena 198 is lost, for the same
reason, and the times are alike: so the relaxed game keeps its memory. The streamlined game's searches, which
prove nothing of the real game, have none: a memory of their own won none of the ten deals of Klondike with
unlimited redeals that stay undecided without one.

The relaxed game's wins show where the real game's wins may lie. The real game's search is stuck on deals whose
win needs each pass rationed, or the three-card deals' order respected; the relaxed game has no such limit, and
its search often wins at once. The real win then tends to put most cards where the relaxed one does, only in
another order, and a search that tries those placements first finds it; when it does not, another win of the
relaxed game may. In the benchmark (200 deals a game, 10 seconds each) these searches won 11 deals that nothing
else had won within 10 seconds: Athena 136 and 198, Athena by three 60, Klondike (three passes) 17, 100 and 158,
Klondike by three with unlimited redeals 93, 98, 176, 193 and 196, each within 2.9 s. Athena by three gains
least: the relaxed game deals one card at a time, and its wins are far from the real game's. The relaxed game's
proofs are a bonus: Athena 89 is proved lost in it in 490,000 nodes, against 2.1 million in the real game. These
phases come after the restarts, so what the restarts decide they decide as before; the price is that the last
search starts up to 1.4 s (the shares of phases 3 and 4) later.

With one-card deals and unlimited redeals, every other restart plays a *streamlined* game instead: the same
position with only two more redeals (:func:`streamlined`). Any line that wins it wins the real game too, move
for move, and its search is another kind (with every stock card at hand, the real game's search plays stock
cards early; with passes to spare, they wait), which finds some wins the real one misses: on the deals the
benchmark left undecided, restarts won 12 of 25 in the streamlined game against 10 of 25 in the real one, three
of them different. A streamlined search that finds no win proves nothing about the real game, so only its wins
count. With three-card deals both searches are alike, and streamlining lost more wins than it found (13 of 40
against 15 of 40), so it is not done.

Each search of the real game searches it whole and exactly, only in another order and skipping what was proved
lost, so any of them can decide: a win comes with its line, and a search that runs out of moves before its
cut-off proves the position unwinnable.

The shares apply to the time limit and to the node limit, whichever are given; with neither, the phases before
the last are timed as for :data:`UNLIMITED_SPAN` seconds and the last one runs until it decides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .budget import Budget
from .klondike import KlondikeState
from .search import Memory

#: Share of the budget for the first search in the plain order.
FIRST_SHARE = 0.05
#: Share of the budget for the restarts.
RESTART_SHARE = 0.15
#: Share of the budget for the relaxed game's plain search, and again for its restarts (see :func:`relaxed`).
RELAXED_SHARE = 0.03
#: Share of the budget for the search guided by the relaxed game's win, and again for guided restarts.
GUIDED_SHARE = 0.04
#: Nodes of a restart whose Luby factor is 1 (some 4 ms in the compiled core).
RESTART_UNIT = 10_000
#: With no time limit and no node limit, the phases before the last get their shares of this many seconds.
UNLIMITED_SPAN = 10.0

Search = Callable[[KlondikeState, Budget, int, Memory | None], tuple[str, list[tuple], dict[str, Any]]]  # type: ignore[type-arg]  # a runtime alias: its text is hashed


def luby(n: int) -> int:
    """The n-th term (n >= 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    while True:
        k = n.bit_length()
        if n == (1 << k) - 1:
            return 1 << (k - 1)
        n -= (1 << (k - 1)) - 1


def streamlined(position: dict[str, Any]) -> dict[str, Any] | None:
    """``position`` with two redeals left instead of unlimited ones, when it deals one card at a time with
    unlimited redeals; None otherwise.

    Its wins are wins of ``position`` (every move of the smaller game is a legal move of the real one), but
    not the other way round, so a search of it can only ever find wins."""
    options = position["options"]
    if options["redeals"] >= 0 or options["draw"] != 1:
        return None
    return {**position, "options": {**position["options"], "redeals": position["redeals_used"] + 2}}


def relaxed(position: dict[str, Any]) -> dict[str, Any] | None:
    """``position`` dealing one card at a time with unlimited redeals, when it deals three or limits the redeals;
    None when it already deals one with unlimited redeals.

    Every play of ``position`` is a play of the relaxed game too (three cards dealt at once come out as three
    dealt one by one, and a redeal within the limit is a redeal), so the relaxed game wins whenever the real one
    does: when it is proved unwinnable, so is the real one. Its search is usually the easier: every stock card is
    at hand, and the table merges what the real game's passes keep apart."""
    options = position["options"]
    if options["draw"] == 1 and options["redeals"] < 0:
        return None
    return {**position, "options": {**options, "draw": 1, "redeals": -1}}


def search_in_phases(position: dict[str, Any], search: Search, budget: Budget,
                     table_limit: int) -> tuple[str, list[tuple[int, ...]], dict[str, Any]]:
    """Decide ``position`` with ``search`` (an engine's depth-first search) in the phases of the module doc.

    Returns what ``search`` does, with stats summed over the searches made (the relaxed game's included), plus
    ``restarts`` (how many perturbed searches ran) and, once decided, ``decided_in``: "first", "relaxed",
    "guided", "restarts" or "last".
    """
    span = None if budget.deadline is None else budget.deadline - budget.started
    if span is None and budget.node_limit is None:
        span = UNLIMITED_SPAN
    totals: dict[str, Any] = {"nodes": 0, "peak_table": 1, "table_clears": 0, "restarts": 0}

    def share(fraction: float) -> Budget:
        return budget.within(None if span is None else span * fraction,
                             None if budget.node_limit is None else int(budget.node_limit * fraction))

    def absorb(stats: dict[str, Any]) -> None:
        totals["nodes"] += stats["nodes"]
        totals["peak_table"] = max(totals["peak_table"], stats["peak_table"])
        totals["table_clears"] += stats["table_clears"]
        totals.pop("stopped_by", None)
        if "stopped_by" in stats:
            totals["stopped_by"] = stats["stopped_by"]

    easier = relaxed(position)
    # The real game's searches share one memory of the states proved lost, the relaxed game's another; the
    # streamlined game's searches, which prove nothing of the real game, keep to themselves.
    memories = {id(game): Memory(KlondikeState(game).game()) for game in (position, easier) if game is not None}

    def run(game: dict[str, Any], perturb: int, limits: Budget,
            guide: tuple[int, ...] | None = None) -> tuple[str, list[tuple[int, ...]]]:
        verdict, line, stats = search(KlondikeState(game, perturb, guide), limits, table_limit,
                                      memories.get(id(game)))
        absorb(stats)
        return verdict, line

    def cuts(phase: Budget) -> Iterator[tuple[int, int]]:
        """(n, the n-th restart's cut in nodes) for n = 1, 2, ... on the Luby schedule, until ``phase`` is over
        (its node limit counts the nodes searched since the first)."""
        start = totals["nodes"]
        number = 0
        while not phase.exhausted(totals["nodes"] - start):
            number += 1
            totals["restarts"] += 1
            cut = RESTART_UNIT * luby(number)
            if phase.node_limit is not None:
                cut = min(cut, phase.node_limit - (totals["nodes"] - start))
            yield number, cut

    def restart(game: dict[str, Any], phase: Budget) -> tuple[str, list[tuple[int, ...]]]:
        """Searches of ``game`` in perturbed orders until one decides or ``phase`` ends."""
        smaller = streamlined(game)
        for number, cut in cuts(phase):
            if smaller is not None and number % 2 == 0:
                verdict, line = run(smaller, number, phase.within(None, cut))
                if verdict == "unwinnable":  # of the smaller game only
                    verdict = "unknown"
            else:
                verdict, line = run(game, number, phase.within(None, cut))
            if verdict != "unknown":
                return verdict, line
        return "unknown", []

    def guided_restarts(easier: dict[str, Any], phase: Budget,
                        guide: tuple[int, ...]) -> tuple[str, list[tuple[int, ...]], str]:
        """Restarts that follow a guide: the odd ones follow the latest guide in a perturbed order; the even ones
        search the relaxed game in a perturbed order and, when that wins, follow the new guide in the plain
        order, each search within the cut. Returns the verdict, the line and the phase to credit."""
        start = totals["nodes"]
        for number, cut in cuts(phase):
            if number % 2:
                verdict, line = run(position, number, phase.within(None, cut), guide)
            else:
                verdict, line = run(easier, number, phase.within(None, cut))
                if verdict == "unwinnable":  # a whole search of the relaxed game: the real one is lost too
                    return verdict, [], "relaxed"
                if verdict == "winnable":
                    guide = KlondikeState(easier).guide_of(line)
                    follow = cut
                    if phase.node_limit is not None:
                        follow = min(cut, phase.node_limit - (totals["nodes"] - start))
                    verdict, line = run(position, 0, phase.within(None, follow), guide)
            if verdict != "unknown":
                return verdict, line, "guided"
        return "unknown", [], "guided"

    verdict, line = run(position, 0, share(FIRST_SHARE))
    if verdict != "unknown":
        return verdict, line, {**totals, "decided_in": "first"}

    # A cancel flag set or a deadline passed ends a phase at once, and the next ones at their first look.
    verdict, line = restart(position, share(RESTART_SHARE))
    if verdict != "unknown":
        return verdict, line, {**totals, "decided_in": "restarts"}

    if easier is not None:
        verdict, line = run(easier, 0, share(RELAXED_SHARE))
        if verdict == "unknown":
            verdict, line = restart(easier, share(RELAXED_SHARE))
        if verdict == "unwinnable":  # so is the real game
            return verdict, [], {**totals, "decided_in": "relaxed"}
        if verdict == "winnable":
            guide = KlondikeState(easier).guide_of(line)
            verdict, line = run(position, 0, share(GUIDED_SHARE), guide)
            decided_in = "guided"
            if verdict == "unknown":
                verdict, line, decided_in = guided_restarts(easier, share(GUIDED_SHARE), guide)
            if verdict != "unknown":
                return verdict, line, {**totals, "decided_in": decided_in}

    nodes_left = None if budget.node_limit is None else budget.node_limit - totals["nodes"]
    verdict, line = run(position, 0, budget.within(None, nodes_left))
    if verdict != "unknown":
        return verdict, line, {**totals, "decided_in": "last"}
    return verdict, [], totals
