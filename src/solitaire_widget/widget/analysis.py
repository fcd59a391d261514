"""The solver, seen from the board: hints, and "Still winnable?" checked off the kernel's main thread.

The solver is imported only when first asked for (``widget -> solver`` is allowed, but a board that never asks
should not pay for loading it), and a missing or failing solver becomes a sentence on the board, never an error in
the kernel.

The winnability check runs :func:`solitaire_widget.solver.solve` in a worker thread on a *copy* of the game, so the
notebook stays responsive and the live game is never touched from two threads. The widget cancels it (through the
``cancel`` event the solver polls) as soon as the position changes, since the verdict would be about a position
that no longer exists.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import card_label, parse_card

if TYPE_CHECKING:
    from ..game import Game

log = logging.getLogger(__name__)

IDLE: dict[str, Any] = {"state": "idle", "verdict": "", "text": ""}


def find_hint(game: Game, time_limit: float) -> Any:
    """The solver's hint for ``game`` (a ``Hint``); ``LookupError`` with a sentence when there is no solver."""
    try:
        from ..solver.hints import hint
    except ImportError as error:
        raise LookupError(f"Hints come from the solver, which cannot be loaded here ({error}).") from None
    return hint(game, time_limit=time_limit)


def lock_reason(game: Game) -> str:
    """Why ``game`` is lost when locked cards prove it, as the end of a sentence ("" when none do).

    Cards the player can see (face up in the columns, or in the waste) are named, so the board can teach why the
    game is over; the others are only counted, because a face-down card's name must never reach the browser.
    """
    if game.variant == "camelot":
        return ""
    from ..solver import locked_cards

    cards = locked_cards(game)
    if not cards:
        return ""
    position = game.position()
    seen = {code for column in position["tableau"] for code in column if code.isupper()} | set(position["waste"])
    parts = ["the " + card_label(parse_card(code)) for code in cards if code in seen]
    hidden = len(cards) - len(parts)
    if hidden:
        parts.append(f"{'a card' if hidden == 1 else f'{hidden} cards'} you cannot see yet")
    named = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return named + (" can never leave its place" if len(cards) == 1 else " can never leave their places")


def verdict_text(result: Any, lock: str = "") -> dict[str, Any]:
    """The ``winnable`` trait for a finished :class:`SolveResult`; ``lock`` is :func:`lock_reason`'s answer."""
    verdict = getattr(result, "verdict", "unknown")
    seconds = getattr(result, "stats", {}).get("seconds")
    took = f" ({seconds:.1f} s)" if isinstance(seconds, (int, float)) else ""
    if verdict == "winnable":
        text = f"Still winnable: knowing every card, the solver found a win in {len(result.line)} moves{took}."
    elif verdict == "unwinnable" and lock:
        text = f"Not winnable any more: {lock}."
    elif verdict == "unwinnable":
        text = f"Not winnable any more: the solver tried every line{took}."
    else:
        text = f"Undecided: the solver ran out of time{took}."
    return {"state": "done", "verdict": verdict, "text": text}


class WinnableCheck:
    """One background search at a time; ``report`` is called (from the worker thread) with the finished trait."""

    def __init__(self, report: Callable[[int, dict[str, Any]], None]) -> None:
        self._report = report
        self._cancel: threading.Event | None = None
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and not self._cancelled

    @property
    def _cancelled(self) -> bool:
        return self._cancel is None or self._cancel.is_set()

    def start(self, game: Game, rev: int, time_limit: float) -> dict[str, Any]:
        """Start checking ``game`` (as it is at revision ``rev``); answers the trait to show meanwhile."""
        self.cancel()
        try:
            from ..solver import solve
        except ImportError as error:
            return {"state": "done", "verdict": "unavailable",
                    "text": f"The solver cannot be loaded here ({error}), so winnability cannot be checked."}
        cancel = threading.Event()
        copy = game.copy()
        self._cancel = cancel
        self._thread = threading.Thread(target=self._run, args=(solve, copy, rev, time_limit, cancel),
                                        name="solitaire-winnable", daemon=True)
        self._thread.start()
        return {"state": "running", "verdict": "", "text": "Checking whether this position can still be won…"}

    def cancel(self) -> None:
        """Stop the search in progress, if any; its result, should it still arrive, is dropped."""
        if self._cancel is not None:
            self._cancel.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker to finish (tests, and shutting down tidily)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, solve: Callable[..., Any], game: Game, rev: int, time_limit: float,
             cancel: threading.Event) -> None:
        try:
            result = solve(game, time_limit=time_limit, cancel=cancel)
            state = verdict_text(result, lock_reason(game) if result.verdict == "unwinnable" else "")
        except Exception as error:  # a solver bug must not kill the thread silently or reach the kernel
            log.exception("the winnability check failed")
            state = {"state": "done", "verdict": "unknown", "text": f"The solver failed: {error}"}
        if not cancel.is_set():
            self._report(rev, state)
