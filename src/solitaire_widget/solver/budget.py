"""The search budget: a time limit, a node limit and a cancel flag, checked cheaply.

Reading the clock and a ``threading.Event`` on every node would cost more than the node itself in pure Python,
so the searches count nodes and call :meth:`Budget.exhausted` only every :data:`CHECK_EVERY` nodes. That keeps
the reaction to a cancel or a deadline within a few milliseconds.
"""

from __future__ import annotations

import time
from typing import Protocol

#: Nodes between two looks at the clock and the cancel flag (a power of two: the test is a bit mask).
CHECK_EVERY = 512


class CancelFlag(Protocol):
    """Anything with ``is_set()``, such as a :class:`threading.Event`."""

    def is_set(self) -> bool: ...


class Budget:
    """Decides when a search must stop and answer "unknown"."""

    __slots__ = ("cancel", "deadline", "final", "node_limit", "started", "stopped")

    #: Why the search stopped early: "time", "nodes" or "cancelled" (None while it runs or if it finished).
    stopped: str | None

    def __init__(self, time_limit: float | None, node_limit: int | None, cancel: CancelFlag | None) -> None:
        self.started = time.perf_counter()
        self.deadline = None if time_limit is None else self.started + time_limit
        #: The deadline of the whole solve this budget is part of (see :meth:`within`): a search may run a step
        #: that cannot look at the clock, such as thinning its table, past its own deadline but not past this one.
        self.final = self.deadline
        self.node_limit = node_limit
        self.cancel = cancel
        self.stopped = None

    def exhausted(self, nodes: int) -> bool:
        """True once the time or node limit is reached or the cancel flag is set (and from then on)."""
        if self.stopped is None:
            if self.cancel is not None and self.cancel.is_set():
                self.stopped = "cancelled"
            elif self.node_limit is not None and nodes >= self.node_limit:
                self.stopped = "nodes"
            elif self.deadline is not None and time.perf_counter() >= self.deadline:
                self.stopped = "time"
        return self.stopped is not None

    def within(self, seconds: float | None, nodes: int | None) -> Budget:
        """A budget for a search run inside this one: at most ``seconds`` from now and ``nodes`` nodes (None: no
        limit of its own), and never past this one's deadline; the same cancel flag."""
        inner = Budget(None, nodes, self.cancel)
        if seconds is not None:
            inner.deadline = inner.started + seconds
        if self.deadline is not None and (inner.deadline is None or self.deadline < inner.deadline):
            inner.deadline = self.deadline
        inner.final = self.final
        return inner

    def elapsed(self) -> float:
        """Seconds since the search started."""
        return time.perf_counter() - self.started
