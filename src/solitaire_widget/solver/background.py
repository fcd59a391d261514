"""Solving without blocking: a search in a background thread that can be cancelled at any moment.

This is what a board needs for "Still winnable?": start the search when asked, keep taking the player's moves
meanwhile, and cancel it as soon as the position changes.

>>> import solitaire_widget as sw
>>> task = BackgroundSolve(sw.new_game("klondike", deal=2), time_limit=5)
>>> task.wait(10).verdict
'winnable'

The position is copied when the task starts, so the game may go on being played while it runs. The search is
pure Python, so it shares the interpreter with the caller; Python switches threads every few milliseconds, which
keeps a notebook responsive.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ..game import Game
from .api import _position_of, solve
from .result import SolveResult


class BackgroundSolve:
    """``solve(game_or_position, time_limit=...)`` running in a daemon thread.

    ``on_done(result)``, if given, is called from that thread when the search ends, cancelled or not.
    """

    def __init__(self, game_or_position: Game | dict[str, Any], *, time_limit: float | None = 10.0,
                 on_done: Callable[[SolveResult], None] | None = None) -> None:
        position = _position_of(game_or_position)
        self._cancel = threading.Event()
        self._result: SolveResult | None = None
        self._finished = threading.Event()

        def run() -> None:
            try:
                self._result = solve(position, time_limit=time_limit, cancel=self._cancel)
            finally:
                self._finished.set()
            if on_done is not None:
                on_done(self._result)

        # Check the limit here, where a bad one can still raise in the caller's thread.
        solve(position, time_limit=time_limit, node_limit=0)
        self._thread = threading.Thread(target=run, name="solitaire-solver", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Ask the search to stop; it answers "unknown" within a few milliseconds."""
        self._cancel.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    @property
    def result(self) -> SolveResult | None:
        """The answer once :attr:`done`, else None."""
        return self._result

    def wait(self, timeout: float | None = None) -> SolveResult | None:
        """Block until the search ends (or ``timeout`` seconds pass); answers :attr:`result`."""
        self._finished.wait(timeout)
        return self._result
