"""``study()``: play or solve many deals, on a process pool, a Dask cluster or any executor, with results that last.

Deals go out in *batches*, one task per batch: Dask makes one task per item and ignores ``chunksize``, so a study of
ten thousand deals sent deal by deal would cost more in scheduling than in play. Each finished batch is written to
the store (when there is one) in a single transaction before it counts as done, so a study that is interrupted
(Ctrl+C, a killed worker, a lost cluster node, a closed laptop) resumes where it stopped and never counts a deal
twice. A worker of the study's own process pool that dies is replaced, and its batch run again; a deal that kills
a worker twice (a crash in the player, not a killed process) ends the study with an error that names it. On a
process pool given as ``executor`` a dead worker ends the study at once, with an error naming the deal it played.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import multiprocessing
import os
import signal
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from ..checks import short
from ..deals import MAX_DEAL
from ..variants import variant_rules
from .players import Player, Row, player_for
from .result import StudyResult
from .store import Store

__all__ = ["study"]

#: The most deals in one batch, and how many batches each worker should get at least (for an even spread).
MAX_BATCH = 1000
BATCHES_PER_WORKER = 8
#: How many times a broken process pool of the study's own is replaced before the study gives up.
POOL_RESTARTS = 3
#: How many deals an error lists at most.
_DEALS_SHOWN = 10
_UNSET: Any = object()


def study(variant: str, player: Any = "solver", deals: Iterable[int] = range(1, 101), *,
          store: str | Path | None = None, executor: cf.Executor | None = None, workers: int | None = None,
          batch: int | None = None, progress: bool = True, time_limit: Any = _UNSET, node_limit: Any = _UNSET,
          samples: Any = _UNSET, seed: Any = _UNSET, max_moves: Any = _UNSET, knows_stock: Any = _UNSET,
          **options: int) -> StudyResult:
    """Play (or solve) every deal in ``deals`` of ``variant`` with ``player``, and answer the rows and summary.

    ``player`` is "solver" (the thoughtful solver: is the deal winnable?), "fair" (the fair computer player,
    :class:`~solitaire_widget.FairPlayer`), "knows-stock" (the same player told the stock's order, for comparing
    with published Klondike players; not fair), or a strategy of :mod:`solitaire_widget.strategies` by name
    ("bold", "centre-first", ...). Its settings are keywords: ``time_limit`` and ``node_limit`` per deal for the
    solver (default 10 seconds, no node limit), ``samples``, ``node_limit``, ``time_limit``, ``seed``,
    ``max_moves`` and ``knows_stock`` for the fair player, ``seed`` and ``max_moves`` for a strategy. Other keywords are the game's options
    (``draw=3``, ``redeals=-1``).

    It runs on ``executor`` (any :class:`concurrent.futures.Executor`: ``client.get_executor()`` for a Dask
    cluster, :class:`~solitaire_widget.studies.PoolExecutor` around a Ray pool), or on a process pool of its own with
    ``workers`` processes (default: one per CPU; ``workers=1`` plays in this process). ``batch`` deals go in one
    task (default: enough batches for each worker to get :data:`BATCHES_PER_WORKER`, at most :data:`MAX_BATCH`
    deals each). ``store`` is a SQLite file that keeps every finished batch: run the same study again with it and
    only the deals not yet there are played. ``progress`` shows a progress bar (a widget in a notebook, text in a
    terminal) with the running share and its interval.

    Every argument is checked before any work starts; a bad one is a ValueError that says what is accepted.
    """
    rules = variant_rules(variant)
    game_options = rules.resolve_options(options)
    given = {name: value for name, value in (("time_limit", time_limit), ("node_limit", node_limit),
                                              ("samples", samples), ("seed", seed), ("max_moves", max_moves),
                                              ("knows_stock", knows_stock))
             if value is not _UNSET}
    chosen = player_for(rules.name, player, given)
    wanted = _check_deals(deals)
    _check_flag("progress", progress)
    if executor is not None and not isinstance(executor, cf.Executor):
        raise ValueError(f"executor must be a concurrent.futures.Executor (such as client.get_executor() for Dask), "
                         f"not {short(executor)}")
    workers = _check_count("workers", workers, os.cpu_count() or 1)
    key = chosen.study_key(rules.name, game_options)
    opened = Store.open(store, key) if store is not None else None
    try:
        done = opened.done() & set(wanted) if opened is not None else set()
        todo = [deal for deal in wanted if deal not in done]
        size = _check_count("batch", batch, max(1, min(MAX_BATCH, math.ceil(len(todo) / (workers *
                                                                                            BATCHES_PER_WORKER)))))
        batches = [todo[i:i + size] for i in range(0, len(todo), size)]
        rows = opened.rows(wanted) if opened is not None else []
        bar = tqdm(total=len(wanted), initial=len(rows), unit="deal", disable=not progress,
                   desc=f"{rules.title} · {chosen.label}")
        try:
            def finished(batch_rows: list[Row]) -> None:
                if opened is not None:
                    opened.add(batch_rows)
                rows.extend(batch_rows)
                bar.update(len(batch_rows))
                summary = StudyResult(key, rows).summary
                low, high = summary.interval
                bar.set_postfix_str(f"{summary.share:.1%} [{low:.1%}, {high:.1%}]", refresh=False)

            if executor is None and workers == 1:
                for deals_batch in batches:
                    finished(run_batch(chosen, rules.name, game_options, deals_batch))
            else:
                _spread(chosen, rules.name, game_options, batches, executor, workers, finished)
        finally:
            bar.close()
        if opened is not None:
            rows = opened.rows(wanted)
    finally:
        if opened is not None:
            opened.close()
    return StudyResult(key, tuple(sorted(rows, key=lambda row: row.deal)), played=tuple(sorted(todo)))


def run_batch(player: Player, variant: str, options: dict[str, int], deals: list[int],
              trace: str | None = None) -> list[Row]:
    """Play one batch of deals (what each task of a study runs, in whatever process it lands). ``trace``: a folder
    where the process notes the deal it is playing (in a file named by its process id), so that the study can say
    which deal a worker that died was playing."""
    rows = []
    for deal in deals:
        if trace is not None:
            with open(os.path.join(trace, str(os.getpid())), "w") as note:
                note.write(str(deal))
        rows.append(player.run(variant, options, deal))
    return rows


def _spread(player: Player, variant: str, options: dict[str, int], batches: list[list[int]],
            executor: cf.Executor | None, workers: int, finished: Any) -> None:
    """Run the batches on ``executor`` (or a process pool of our own), handing each result to ``finished`` as it
    comes. A pool of our own that breaks (a worker killed) is replaced and the unfinished batches run again, unless
    the same deal was being played at two breaks; a process pool given as ``executor`` that breaks ends the study.
    Either way the error names the deal (or deals) the dead workers were playing."""
    own = executor is None
    pending = list(batches)
    restarts = 0
    fatal: dict[int, int] = {}  # deal -> how many dead workers were playing it
    with tempfile.TemporaryDirectory(prefix="solitaire-study-") as trace:
        while pending:
            pool = _new_pool(workers) if own else executor
            assert pool is not None
            traced = trace if isinstance(pool, cf.ProcessPoolExecutor) else None
            futures = {pool.submit(run_batch, player, variant, options, deals, traced): index
                       for index, deals in enumerate(pending)}
            processes = dict(getattr(pool, "_processes", None) or {})  # no public handle on a pool's processes
            left = dict(enumerate(pending))
            try:
                for future in cf.as_completed(futures):
                    try:
                        result = future.result()
                    except cf.process.BrokenProcessPool:
                        processes.update(getattr(pool, "_processes", None) or {})
                        dead = _dead_workers(processes, trace)
                        for deal in {deal for deal, _code in dead}:
                            fatal[deal] = fatal.get(deal, 0) + 1
                        if not own or restarts >= POOL_RESTARTS or any(count > 1 for count in fatal.values()):
                            raise RuntimeError(_died(dead, fatal, left, own)) from None
                        break
                    finished(result)
                    del left[futures[future]]
            except BaseException:
                for future in futures:
                    future.cancel()
                if own:
                    _stop(pool)
                raise
            for future, index in futures.items():  # batches that finished while the pool was breaking down
                if index in left and future.done() and not future.cancelled() and future.exception() is None:
                    finished(future.result())
                    del left[index]
            if own:
                _stop(pool)
            pending = list(left.values())
            restarts += 1 if pending else 0


def _dead_workers(processes: dict[int, Any], trace: str) -> list[tuple[int, int]]:
    """The deals that the workers that died (not those the broken pool then stopped) were playing, with their exit
    codes, read from the trace."""
    # A worker's death is seen when its end of the pipes closes, a moment before the system has its exit code;
    # the broken pool then stops the others. Wait (a few seconds at most) until all have an exit code.
    deadline = time.monotonic() + 5
    while any(process.exitcode is None for process in processes.values()) and time.monotonic() < deadline:
        time.sleep(0.02)
    dead = []
    for pid, process in processes.items():
        code = process.exitcode
        if code is None or code in (0, -signal.SIGTERM):
            continue
        try:
            with open(os.path.join(trace, str(pid))) as note:
                dead.append((int(note.read()), code))
        except (OSError, ValueError):
            continue
    return dead


def _died(dead: list[tuple[int, int]], fatal: dict[int, int], left: dict[int, list[int]], own: bool) -> str:
    def listed(deals: list[int]) -> str:
        shown = ", ".join(map(str, deals[:_DEALS_SHOWN]))
        return shown + (f" and {len(deals) - _DEALS_SHOWN} more" if len(deals) > _DEALS_SHOWN else "")

    if dead:
        how = "; ".join(f"exit code {code}" if code >= 0 else f"signal {-code}" for _deal, code in dead)
        what = (f"a worker process of the study died ({how}) while playing deal "
                f"{listed(sorted({deal for deal, _code in dead}))}")
        again = [deal for deal, count in fatal.items() if count > 1]
        if again:
            what += f"; deal {listed(sorted(again))} killed a worker twice"
    else:
        unfinished = sorted(deal for deals in left.values() for deal in deals)
        what = f"a worker process of the study died, with deals {listed(unfinished)} not finished"
    where = ("the study stopped after replacing its process pool" if own
             else "the process pool given as executor is broken")
    return (f"{what}; {where}. The batches finished so far are kept in the store (if one was given): run the "
            "study again to resume")


def _new_pool(workers: int) -> cf.ProcessPoolExecutor:
    # "spawn": fresh processes, safe where the parent runs threads (a notebook kernel, the widget's searches).
    return cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def _stop(pool: cf.Executor) -> None:
    """Shut our pool down at once: queued batches cancelled, running ones ended (Ctrl+C must not leave workers
    playing on in the background)."""
    processes = list(getattr(pool, "_processes", {}).values())  # no public handle on a pool's processes
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()


def _check_deals(deals: object) -> list[int]:
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Iterable):
        raise ValueError(f"deals must be a range or a list of deal numbers, not {short(deals)}")
    wanted = []
    for deal in deals:
        if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal <= MAX_DEAL:
            raise ValueError(f"every deal must be a whole number from 0 to {MAX_DEAL}, not {short(deal)}")
        wanted.append(deal)
        if len(wanted) > 10_000_000:
            raise ValueError("a study takes at most ten million deals")
    if not wanted:
        raise ValueError("deals is empty: give at least one deal, such as range(1, 101)")
    if len(set(wanted)) != len(wanted):
        raise ValueError("deals names a deal more than once")
    return wanted


def _check_count(name: str, value: object, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
        raise ValueError(f"{name} must be a whole number from 1 to 100000, or None, not {short(value)}")
    return value


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r:.60}")
