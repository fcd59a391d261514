"""A clock for tests of time limits that does not depend on the machine's speed.

``FakeClock.install(monkeypatch, modules)`` replaces the ``time`` module the given modules see with one whose
``perf_counter()`` (and ``monotonic()``) moves on by ``tick`` seconds at each reading and not otherwise: a search with a time limit of
``limit`` seconds then stops after about ``limit / tick`` looks at the clock, whatever the machine's speed or load.
The other attributes of ``time`` are the real ones. The compiled solver core reads a clock of its own, so a test
that uses this clock runs the Python engine (``SOLITAIRE_SOLVER=python``).
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import Any

import pytest


class _Time:
    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock

    def perf_counter(self) -> float:
        return self._clock.read()

    def monotonic(self) -> float:
        return self._clock.read()

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


class FakeClock:
    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 1000.0
        self.reads = 0

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def read(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now

    @classmethod
    def install(cls, monkeypatch: pytest.MonkeyPatch, modules: list[ModuleType], tick: float) -> FakeClock:
        from solitaire_widget.solver import compiled

        clock = cls(tick)
        for module in modules:
            monkeypatch.setattr(module, "time", _Time(clock))
        monkeypatch.setenv(compiled.ENV_VAR, "python")
        return clock


class CountingFlag:
    """A cancel flag that is set from its ``after``-th look on (never, if None), or once ``event`` is set; it
    counts the looks, and those that saw it set.

    A solve runs in phases (see solver/restarts.py), each with a budget of its own: once a phase has seen the flag
    set, each phase still to come stops at its first look, which sees it set too. :meth:`looks_after` is how many
    looks came after the first that saw it set."""

    def __init__(self, after: int | None = None, event: Any = None) -> None:
        self.after = after
        self.event = event
        self.looks = 0
        self.seen_set = 0
        #: The look that first saw the flag set (None: none has).
        self.first_seen: int | None = None

    def is_set(self) -> bool:
        self.looks += 1
        answer = (self.after is not None and self.looks >= self.after) or (
            self.event is not None and self.event.is_set())
        self.seen_set += answer
        if answer and self.first_seen is None:
            self.first_seen = self.looks
        return answer

    def looks_after(self) -> int:
        assert self.first_seen is not None, "no look saw the flag set"
        return self.looks - self.first_seen
