"""Executors for pools that are not one: :class:`PoolExecutor` runs a study on a ``multiprocessing.Pool`` or on
a Ray cluster through ``ray.util.multiprocessing.Pool``, which has the same interface.

A study takes any :class:`concurrent.futures.Executor`. Dask's ``client.get_executor()`` is one already; a
``Pool`` is not (it has ``apply_async`` with callbacks instead of ``submit`` with futures), so this small adapter
turns the one into the other. With Ray::

    import ray
    from ray.util.multiprocessing import Pool
    ray.init(address="auto")
    with PoolExecutor(Pool()) as executor:
        sw.study("athena", "solver", deals=range(1, 10_001), executor=executor, store="athena.sqlite")
"""

from __future__ import annotations

import concurrent.futures as cf
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["PoolExecutor"]


class PoolExecutor(cf.Executor):
    """A :class:`concurrent.futures.Executor` that runs its tasks on ``pool`` (anything with
    ``apply_async(func, args, kwds, callback, error_callback)``: ``multiprocessing.Pool``, Ray's ``Pool``).

    Shutting the executor down closes the pool, and with ``cancel_futures=True`` terminates it; a task already
    running on a worker cannot be cancelled any other way.
    """

    def __init__(self, pool: Any) -> None:
        if not callable(getattr(pool, "apply_async", None)):
            raise ValueError(f"PoolExecutor needs a pool with apply_async() (multiprocessing.Pool, "
                             f"ray.util.multiprocessing.Pool), not {type(pool).__name__}")
        self._pool = pool
        self._lock = threading.Lock()
        self._shut = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        with self._lock:
            if self._shut:
                raise RuntimeError("cannot submit to a PoolExecutor after shutdown")
            future: cf.Future[Any] = cf.Future()
            future.set_running_or_notify_cancel()
            self._pool.apply_async(fn, args, kwargs, callback=future.set_result,
                                   error_callback=future.set_exception)
            return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            if self._shut:
                return
            self._shut = True
        if cancel_futures:
            self._pool.terminate()
        else:
            self._pool.close()
            if wait:
                self._pool.join()
