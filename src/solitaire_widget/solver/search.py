"""The depth-first search shared by both game engines of the solver.

An engine state offers ``key()``, ``cost()``, ``won()``, ``moves()`` (best first), ``make(move) -> undo``,
``unmake(move, undo)``, ``settle(after=None) -> made`` (moves it makes at once, without branching, after the move
``after``) and ``takeback(made)``.
The search is iterative, so long lines never meet Python's recursion limit.

The table of seen states makes the search exact and finite: a state seen before is either on the current path
(going there again would be a loop) or already searched without finding a win. It also prunes *dominated*
states: two states with the same ``key()`` differ only in their ``cost()``, a pair of small numbers compared as
a tuple, where less is never worse (the Klondike family's redeals used, then waste size): a state that costs
at least as much as one seen before can do nothing that one could not, so it is not searched again. The costs
are totally ordered, so the table keeps one per key, the smallest seen.

**The size cap.** When the table reaches its cap it is thinned (:func:`thin`): it keeps the states on the current
path and, in at most half the cap, the states proved lost whose proofs took the most nodes, and forgets the rest.
Forgetting costs repeated work but never correctness (a forgotten state is searched again if met again), and the
path states alone keep every line simple, so the search still ends. Keeping the heavy proofs is what keeps the
repeated work small: most proofs take a handful of nodes and are cheap to redo, while the few that took millions
are the search's real progress. Emptying the table instead, as this search first did, threw that progress away
at every cap: Athena 145, proved lost in 74 million nodes by a search whose table never fills (11.7 million
states), stayed undecided after 451 million nodes in 120 seconds under the compiled core's cap of 6 million. With
thinning, ``sw.solve`` proves it in 21 seconds (98 million nodes, three thinnings); of the 46 benchmark deals
undecided at 10 seconds, a 30-second budget decides eight, against five without thinning.
A thinning takes time (the compiled core about 0.13 s for its 6 million states, Python 0.5 s for its 2 million),
so when the whole solve's deadline is nearer than that the table is emptied instead (:func:`make_room`): the time limit is kept, and proofs
kept so late would hardly help.

**Memory shared between searches.** Searches of one position in other move orders (restarts, guided searches,
see :mod:`solitaire_widget.solver.restarts`) may share a :class:`Memory`: the table, kept from one search to the
next. A search cut off by its budget leaves states that are not known to be lost: those on its path, and those
whose search skipped a state on its path (a loop, not a proof). Only states *proved lost* may be skipped by the
next search, so the table tells them apart the way Tarjan's algorithm for strongly connected components does.
Each visit gets a number, in the order of visits; a state's search tracks the lowest number it met among states
not yet proved (``low``); when a state's search ends with ``low`` its own number, no state it depends on is still
open, so it and every state visited since, pending on a stack, are proved lost together. A state that another
search left unproved counts as unseen. Within one search this changes nothing: a seen state is skipped as
before, node for node.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from .budget import CHECK_EVERY, Budget


def proof_mark(work: int) -> int:
    """What the table keeps for a state proved lost instead of its visit number: a negative number, which also
    tells how much work the proof took (``-1 -`` the bit length of its nodes) for :func:`thin`."""
    return -1 - work.bit_length()


def thin(table: dict[bytes, tuple[tuple[int, int], int]], keep: int) -> None:
    """Keep only the states proved lost whose proofs took the most work, at most ``keep`` of them.

    The table is full: what it forgets is searched again if it is met again. A state left unproved may be
    forgotten (the search then treats it as unseen, which never costs exactness), and so may a proof, but a
    proof that took millions of nodes is worth keeping more than the many that took a handful, which the search
    redoes at once if it needs them. So the heaviest proofs stay, by the bit length of their nodes, as many
    whole weights as fit in ``keep``.
    """
    by_weight = [0] * 64
    for _, visit in table.values():
        if visit < 0:
            by_weight[-1 - visit] += 1
    lightest, kept = 64, 0
    while lightest > 0 and kept + by_weight[lightest - 1] <= keep:
        lightest -= 1
        kept += by_weight[lightest]
    mark = -1 - lightest  # kept: proof marks at or below this one
    survivors = {key: record for key, record in table.items() if record[1] <= mark}
    table.clear()
    table.update(survivors)


#: Before a search's first thinning, the seconds one is expected to take per state held: this engine's (measured:
#: 0.5 s for 2,000,000 states). The compiled core has its own (``THIN_NS_PER_STATE``).
THIN_SECONDS_PER_STATE = 3e-7


def make_room(table: dict[bytes, tuple[tuple[int, int], int]], table_limit: int, budget: Budget,
              last: float | None) -> float | None:
    """Thin the full table to half its cap; or, when the budget's final deadline (:attr:`Budget.final`, the whole
    solve's) is nearer than a thinning would take (``last``, the search's last one, or
    :data:`THIN_SECONDS_PER_STATE` a state before the first), empty it: the proofs would come too late to help,
    and the time limit is kept. A search that is one phase of a solve may thin past its phase's own deadline:
    its proofs serve the phases after it. Returns how long the thinning took, or ``last`` when the table was
    emptied."""
    start = time.perf_counter()
    expected = last if last is not None else len(table) * THIN_SECONDS_PER_STATE
    if budget.final is not None and start + expected >= budget.final:
        table.clear()
        return last
    thin(table, table_limit // 2)
    return time.perf_counter() - start


class EngineState(Protocol):
    def key(self) -> bytes: ...
    def cost(self) -> tuple[int, int]: ...
    def won(self) -> bool: ...
    def moves(self) -> list[tuple[Any, ...]]: ...
    def make(self, move: tuple[Any, ...]) -> Any: ...
    def unmake(self, move: tuple[Any, ...], undo: Any) -> None: ...
    def settle(self, after: tuple[Any, ...] | None = None) -> list[tuple[tuple[Any, ...], Any]]: ...
    def takeback(self, made: list[tuple[tuple[Any, ...], Any]]) -> None: ...


class Memory:
    """The table of one position's searches, kept from one to the next (see the module doc).

    ``game`` names the position and its rules (``KlondikeState.game()``): states of another game may be won or
    lost where these are not, so a search of another game given this memory is a ValueError. The compiled core
    keeps its own table here too (``core``), since a memory may serve both engines.
    """

    __slots__ = ("core", "game", "next_visit", "table")

    def __init__(self, game: bytes) -> None:
        self.game = game
        #: Key -> (smallest cost seen, visit number or :func:`proof_mark`).
        self.table: dict[bytes, tuple[tuple[int, int], int]] = {}
        #: The number of the next visit: every visit of every search gets its own.
        self.next_visit = 0
        self.core: Any = None

    def check(self, game: bytes) -> None:
        """ValueError unless ``game`` is the game this memory is for."""
        if game != self.game:
            raise ValueError("this search memory belongs to another position or other rules: a state lost there "
                             "may be won here, so the memory cannot be shared")

    def info(self) -> dict[str, int]:
        """How many states the table holds, how many of them are proved lost, and the next visit's number (the
        compiled core's ``memory_info`` says the same of its own table, and how many slots it has)."""
        proved = sum(1 for _, visit in self.table.values() if visit < 0)
        return {"states": len(self.table), "proved": proved, "next_visit": self.next_visit}


def depth_first(state: EngineState, budget: Budget, table_limit: int,
                memory: Memory | None = None) -> tuple[str, list[tuple[Any, ...]], dict[str, Any]]:
    """Search ``state`` for a win: ("winnable", internal line, stats), ("unwinnable", [], stats) or "unknown".

    ``memory``: what earlier searches of the same position proved (see :class:`Memory`), and where this one
    leaves what it proves; None for a search of its own. The state is left wherever the search stopped; callers
    build a fresh one per search.
    """
    if memory is None:
        memory = Memory(b"")
    else:
        memory.check(state.game())  # type: ignore[attr-defined]
    settled = [move for move, _ in state.settle()]
    seen = memory.table
    stats: dict[str, Any] = {"nodes": 0, "peak_table": max(1, len(seen)), "table_clears": 0}
    if state.won():
        return "winnable", settled, stats
    if budget.exhausted(0):
        stats["stopped_by"] = budget.stopped
        return "unknown", [], stats

    first = memory.next_visit  # visits numbered below this one are other searches'
    k, c = state.key(), state.cost()
    record = seen.get(k)
    if record is not None and record[1] < 0 and record[0] <= c:
        return "unwinnable", [], stats
    thinned: float | None = None  # how long the last thinning took (see make_room)
    if record is None and len(seen) >= table_limit:
        thinned = make_room(seen, table_limit, budget, thinned)
        stats["table_clears"] += 1
    seen[k] = (c, first)
    memory.next_visit = first + 1
    peak = max(stats["peak_table"], len(seen))
    # Per level of the path: its key, cost, visit number, low (the lowest open visit it met), the node count
    # when the search reached it.
    path_keys = [k]
    path_costs = [c]
    visits = [first]
    lows = [first]
    entered = [0]
    # Visits not yet proved, whose level has ended or not, in the order made, with the node count at each.
    pending: list[tuple[bytes, int, int]] = [(k, first, 0)]
    path: list[tuple[tuple[Any, ...], Any, list[tuple[tuple[Any, ...], Any]]]] = []
    frames = [state.moves()]
    cursor = [0]
    nodes = 0
    node_limit = budget.node_limit
    next_check = CHECK_EVERY if node_limit is None else min(CHECK_EVERY, node_limit)
    make, unmake, settle, takeback, key, cost, won = (
        state.make, state.unmake, state.settle, state.takeback, state.key, state.cost, state.won)

    verdict = "unwinnable"
    line: list[tuple[Any, ...]] = []
    while frames:
        moves = frames[-1]
        i = cursor[-1]
        if i == len(moves):
            frames.pop()
            cursor.pop()
            path_keys.pop()
            path_costs.pop()
            visit = visits.pop()
            low = lows.pop()
            entered.pop()
            if low == visit:  # nothing open below: this state and those visited since are lost
                while True:
                    pk, pv, pn = pending.pop()
                    record = seen.get(pk)
                    if record is not None and record[1] >= visit:
                        seen[pk] = (record[0], proof_mark(nodes - pn))
                    if pv == visit:
                        break
            elif low < lows[-1]:
                lows[-1] = low
            if path:
                move, undo, made = path.pop()
                takeback(made)
                unmake(move, undo)
            continue
        cursor[-1] = i + 1
        move = moves[i]
        undo = make(move)
        made = settle(move)
        nodes += 1
        if nodes >= next_check:
            if budget.exhausted(nodes):
                verdict = "unknown"
                stats["stopped_by"] = budget.stopped
                break
            next_check += CHECK_EVERY
            if node_limit is not None:
                next_check = min(next_check, node_limit)
        if won():
            verdict = "winnable"
            line = settled[:]
            for step, _, step_made in path:
                line.append(step)
                line.extend(m for m, _ in step_made)
            line.append(move)
            line.extend(m for m, _ in made)
            break
        k = key()
        c = cost()
        record = seen.get(k)
        if record is not None and record[0] <= c:
            visit = record[1]
            if visit < 0:  # proved lost, at no greater cost
                takeback(made)
                unmake(move, undo)
                continue
            if visit >= first:  # seen in this search at no greater cost: nothing new down here
                if visit < lows[-1]:
                    lows[-1] = visit
                takeback(made)
                unmake(move, undo)
                continue
            # Left unproved by an earlier search: as good as unseen.
        if record is None and len(seen) >= table_limit:
            thinned = make_room(seen, table_limit, budget, thinned)
            pending = list(zip(path_keys, visits, entered))
            for pk, pc, pv in zip(path_keys, path_costs, visits):
                seen[pk] = (pc, pv)
            stats["table_clears"] += 1
        visit = memory.next_visit
        memory.next_visit = visit + 1
        seen[k] = (c, visit)
        if len(seen) > peak:
            peak = len(seen)
        pending.append((k, visit, nodes))
        path.append((move, undo, made))
        path_keys.append(k)
        path_costs.append(c)
        visits.append(visit)
        lows.append(visit)
        entered.append(nodes)
        frames.append(state.moves())
        cursor.append(0)

    stats["nodes"] = nodes
    stats["peak_table"] = peak
    return verdict, line, stats
