"""Advice and the solver, seen from the board: the fair hint, the win-chance meter, the coach and "Still
winnable?", all worked out off the kernel's main thread.

The fair ones (hint, meter, coach) are given only the player's :class:`~solitaire_widget.knowledge.Knowledge`,
an immutable value, so a worker thread can read it while the game moves on. "Still winnable?" is the one look at
the hidden cards, and says so: it searches a *copy* of the game, so the live game is never touched from two
threads.

Each runs in a worker thread (:class:`BackgroundSearch`); the widget cancels it (through the ``cancel`` event the
searches poll) as soon as the position changes, since its answer would be about a position that no longer exists.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..advice import Chances
from ..cards import card_label, parse_card
from ..i18n import gettext as _
from ..i18n import ngettext, percent
from ..solver import locked_cards, solve

if TYPE_CHECKING:
    from ..game import Game

log = logging.getLogger(__name__)

IDLE: dict[str, Any] = {"state": "idle", "verdict": "", "text": ""}
#: The win-chance meter when it is off.
METER_OFF: dict[str, Any] = {"state": "off", "share": None, "low": None, "high": None, "samples": 0, "short": "",
                             "undecided": 0, "text": ""}


def running_state() -> dict[str, Any]:
    """The ``winnable`` trait while "Still winnable?" searches, in the language in force."""
    return {"state": "running", "verdict": "",
            "text": _("Peeking at the hidden cards: checking whether this position can still be won…")}


def meter_running() -> dict[str, Any]:
    """The ``meter`` trait while the chances are worked out."""
    return {**METER_OFF, "state": "running", "text": _("Win chance: working it out…")}


def meter_state(table: Chances) -> dict[str, Any]:
    """The ``meter`` trait for a finished estimate of the chances."""
    now = table.now
    low, high = now.interval
    words = {"share": percent(now.share), "low": percent(low), "high": percent(high), "samples": now.samples,
             "undecided": now.undecided}
    # "likely between": the 95% interval, in words a player reads (see solitaire_widget.intervals).
    if now.undecided:
        text = ngettext("Win chance: about {share}, likely between {low} and {high}, from {samples} sampled deal of "
                        "the hidden cards (undecided: {undecided}).",
                        "Win chance: about {share}, likely between {low} and {high}, from {samples} sampled deals of "
                        "the hidden cards (undecided: {undecided}).", now.samples).format(**words)
    else:
        text = ngettext("Win chance: about {share}, likely between {low} and {high}, from {samples} sampled deal of "
                        "the hidden cards.",
                        "Win chance: about {share}, likely between {low} and {high}, from {samples} sampled deals of "
                        "the hidden cards.", now.samples).format(**words)
    return {"state": "done", "share": round(now.share, 4), "low": round(low, 4), "high": round(high, 4),
            "short": _("Win chance ≈ {share}").format(share=words["share"]),
            "samples": now.samples, "undecided": now.undecided, "text": text}


def lock_reason(game: Game) -> str:
    """Why ``game`` is lost when locked cards prove it, as a sentence ("" when none do).

    Cards the player can see (face up in the columns, or in the waste) are named, so the board can teach why the
    game is over; the others are only counted, because a face-down card's name must never reach the browser.
    """
    if game.variant == "camelot":
        return ""
    cards = locked_cards(game)
    if not cards:
        return ""
    position = game.position()
    seen = {code for column in position["tableau"] for code in column if code.isupper()} | set(position["waste"])
    shown = [card_label(parse_card(code)) for code in cards if code in seen]
    hidden = len(cards) - len(shown)
    if not shown:
        return ngettext("A card you cannot see yet can never leave its place.",
                        "{count} cards you cannot see yet can never leave their places.", hidden).format(count=hidden)
    named = ", ".join(shown)
    if hidden:
        return ngettext("These cards can never leave their places: {cards}, and a card you cannot see yet.",
                        "These cards can never leave their places: {cards}, and {count} cards you cannot see yet.",
                        hidden).format(cards=named, count=hidden)
    if len(shown) == 1:
        return _("The {card} can never leave its place.").format(card=shown[0])
    return _("These cards can never leave their places: {cards}.").format(cards=named)


def verdict_text(result: Any, lock: str = "") -> dict[str, Any]:
    """The ``winnable`` trait for a finished :class:`SolveResult`; ``lock`` is :func:`lock_reason`'s answer."""
    verdict = getattr(result, "verdict", "unknown")
    if verdict == "winnable":
        text = ngettext("Peeking at the hidden cards: still winnable, the solver found a win in {moves} move.",
                        "Peeking at the hidden cards: still winnable, the solver found a win in {moves} moves.",
                        len(result.line)).format(moves=len(result.line))
    elif verdict == "unwinnable" and lock:
        text = _("Peeking at the hidden cards: not winnable any more. {reason}").format(reason=lock)
    elif verdict == "unwinnable":
        text = _("Peeking at the hidden cards: not winnable any more, the solver tried every line.")
    else:
        text = _("Peeking at the hidden cards: undecided, the solver ran out of time.")
    return {"state": "done", "verdict": verdict, "text": text}


def winnable_state(game: Game, time_limit: float, cancel: threading.Event) -> dict[str, Any]:
    """Search ``game`` (a copy the caller owns) and answer the finished ``winnable`` trait."""
    result = solve(game, time_limit=time_limit, cancel=cancel)
    return verdict_text(result, lock_reason(game) if result.verdict == "unwinnable" else "")


class BackgroundSearch:
    """One search at a time in a daemon thread; starting another, or :meth:`cancel`, cancels the one running.

    ``report`` is called from the worker thread with the search's answer, or with the exception it raised (a
    solver bug must not kill the thread silently or reach the kernel), and never once the search was cancelled.
    """

    def __init__(self, name: str) -> None:
        self._name = name
        self._cancel: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._deferred: threading.Event | None = None  # the search waiting for the event loop (no threads here)

    @property
    def running(self) -> bool:
        if self._cancel is None or self._cancel.is_set():
            return False
        return (self._thread is not None and self._thread.is_alive()) or self._deferred is self._cancel

    def start(self, search: Callable[[threading.Event], Any], report: Callable[[Any], None]) -> None:
        """Run ``search(cancel)`` in a new worker thread and give its answer to ``report``.

        Where no thread can be started (Python in the browser: Pyodide has none), the search runs on the kernel's
        event loop as soon as the request that started it has been answered: the board says it is searching, then
        shows the answer, and the kernel is busy meanwhile (for at most the search's time limit)."""
        self.cancel()
        cancel = threading.Event()
        self._cancel = cancel
        thread = threading.Thread(target=self._run, args=(search, report, cancel), name=self._name, daemon=True)
        try:
            thread.start()
        except RuntimeError:  # "can't start new thread"
            self._thread = None
            self._deferred = cancel
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:  # no event loop either: search now, before the request is answered
                self._run_deferred(search, report, cancel)
            else:
                loop.call_soon(self._run_deferred, search, report, cancel)
            return
        self._thread = thread

    def cancel(self) -> None:
        """Stop the search in progress, if any; its answer, should it still arrive, is dropped."""
        if self._cancel is not None:
            self._cancel.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker to finish (tests, and shutting down tidily)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run_deferred(self, search: Callable[[threading.Event], Any], report: Callable[[Any], None],
                      cancel: threading.Event) -> None:
        try:
            if not cancel.is_set():
                self._run(search, report, cancel)
        finally:
            if self._deferred is cancel:
                self._deferred = None

    def _run(self, search: Callable[[threading.Event], Any], report: Callable[[Any], None],
             cancel: threading.Event) -> None:
        try:
            answer = search(cancel)
        except Exception as error:
            log.exception("the %s search failed", self._name)
            answer = error
        if not cancel.is_set():
            report(answer)
