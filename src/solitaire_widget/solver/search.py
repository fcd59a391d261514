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
are totally ordered, so the table keeps one per key, the smallest seen. When the table
reaches its size cap it is emptied except for the states on the current path; that costs repeated work but
never correctness, and the path states alone keep every line simple, so the search still ends.
"""

from __future__ import annotations

from typing import Any, Protocol

from .budget import CHECK_EVERY, Budget


class EngineState(Protocol):
    def key(self) -> bytes: ...
    def cost(self) -> tuple[int, int]: ...
    def won(self) -> bool: ...
    def moves(self) -> list[tuple]: ...
    def make(self, move: tuple) -> Any: ...
    def unmake(self, move: tuple, undo: Any) -> None: ...
    def settle(self, after: tuple | None = None) -> list[tuple[tuple, Any]]: ...
    def takeback(self, made: list[tuple[tuple, Any]]) -> None: ...


def depth_first(state: EngineState, budget: Budget, table_limit: int) -> tuple[str, list[tuple], dict[str, Any]]:
    """Search ``state`` for a win: ("winnable", internal line, stats), ("unwinnable", [], stats) or "unknown".

    The state is left wherever the search stopped; callers build a fresh one per search.
    """
    settled = [move for move, _ in state.settle()]
    stats: dict[str, Any] = {"nodes": 0, "peak_table": 1, "table_clears": 0}
    if state.won():
        return "winnable", settled, stats
    if budget.exhausted(0):
        stats["stopped_by"] = budget.stopped
        return "unknown", [], stats

    root = (state.key(), state.cost())
    # Key -> the smallest cost it was seen at.
    seen: dict[bytes, tuple[int, int]] = {root[0]: root[1]}
    path_keys = [root]
    path: list[tuple[tuple, Any, list[tuple[tuple, Any]]]] = []
    frames = [state.moves()]
    cursor = [0]
    nodes = 0
    peak = 1
    node_limit = budget.node_limit
    next_check = CHECK_EVERY if node_limit is None else min(CHECK_EVERY, node_limit)
    make, unmake, settle, takeback, key, cost, won = (
        state.make, state.unmake, state.settle, state.takeback, state.key, state.cost, state.won)

    verdict = "unwinnable"
    line: list[tuple] = []
    while frames:
        moves = frames[-1]
        i = cursor[-1]
        if i == len(moves):
            frames.pop()
            cursor.pop()
            if path:
                move, undo, made = path.pop()
                path_keys.pop()
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
        c0 = seen.get(k)
        if c0 is not None:
            if c0 <= c:  # seen at no greater cost: nothing new down here
                takeback(made)
                unmake(move, undo)
                continue
            seen[k] = c
        else:
            if len(seen) >= table_limit:
                seen = {}
                for pk, pc in path_keys:
                    if pk not in seen or pc < seen[pk]:
                        seen[pk] = pc
                stats["table_clears"] += 1
            seen[k] = c
            if len(seen) > peak:
                peak = len(seen)
        path.append((move, undo, made))
        path_keys.append((k, c))
        frames.append(state.moves())
        cursor.append(0)

    stats["nodes"] = nodes
    stats["peak_table"] = peak
    return verdict, line, stats
