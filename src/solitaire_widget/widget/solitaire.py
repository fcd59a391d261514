"""The board widget: :class:`Solitaire`, an anywidget window onto a live :class:`~solitaire_widget.Game`.

Python owns the game. The browser gets a masked view of it (see :mod:`.view`) and sends back *intents*, each
stamped with the revision of the view it was decided on; Python checks the intent (:mod:`.intents`), asks the
rules model, applies it, and syncs the new view. An intent that is stale, illegal or malformed changes nothing and
is answered with a sentence. Nothing a front end sends can raise inside the kernel. The protocol is written out in
docs/PROTOCOL.md.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..advice import Chances, Review, chances, hint
from ..cards import card_label, parse_card
from ..checks import flag, number, short
from ..deals import check_deal
from ..game import Game, new_game
from ..knowledge import Knowledge
from ..moves import Move
from .analysis import IDLE, METER_OFF, METER_RUNNING, RUNNING, BackgroundSearch, meter_state, winnable_state
from .intents import Intent, parse_intent, reply_address
from .lesson import NO_LESSON, Lesson
from .view import describe, masked_view, move_marks, move_words, pile_words, status_line

__all__ = ["MoveEvent", "Solitaire"]

log = logging.getLogger(__name__)
CARD_SIZES = ("small", "medium", "large")
CARD_BACKS = ("classic", "lattice", "plain")
_STATIC = Path(__file__).resolve().parent.parent / "static"

EventKind = Literal["play", "undo", "redo", "restart", "new_deal"]
Source = Literal["board", "python"]


class _Flag(traitlets.Bool):
    """A display option that is True or False; anything else is a ValueError that names the option."""

    def validate(self, obj: Any, value: Any) -> bool:
        return flag(value, self.name)


class _Choice(traitlets.Enum):
    """A display option from a fixed list; anything else is a ValueError that names the option and the list."""

    def validate(self, obj: Any, value: Any) -> Any:
        if not isinstance(value, str) or value not in self.values:
            raise ValueError(f"{self.name} must be one of {', '.join(map(repr, self.values))}, not {short(value)}")
        return value


@dataclass(frozen=True)
class MoveEvent:
    """What :meth:`Solitaire.on_move` callbacks receive, once for every change to the game.

    ``kind`` is ``"play"``, ``"undo"``, ``"redo"``, ``"restart"`` or ``"new_deal"``; ``move`` is the move played,
    undone or redone (``None`` for a restart or a new deal); ``source`` says whether the player did it on the
    board or Python did it through the widget's methods.
    """

    widget: Solitaire
    kind: EventKind
    move: Move | None
    source: Source


class Solitaire(anywidget.AnyWidget):
    """A patience game to play in a notebook cell, and to inspect and drive from Python.

    >>> w = Solitaire("thumb-and-pouch", deal=1)   # doctest: +SKIP
    >>> w                                             # shows the board          # doctest: +SKIP
    >>> w.play("t5-f1"); w.game.score                 # the board follows        # doctest: +SKIP
    1

    ``variant`` is one of :data:`solitaire_widget.VARIANTS`; ``deal=None`` picks a fresh deal number (the status
    line shows it); game options are keywords (``draw=3``). Or pass ``game=`` to show a game you already have.
    Display options, all synced traits you may change later: ``highlight`` (mark the legal targets of a held
    card), ``animate`` (about 150 ms of motion; the browser's reduced-motion setting always wins),
    ``four_color`` (four suit colours), ``high_contrast`` (stronger colours and outlines), ``card_back``
    (``"classic"``, ``"lattice"`` or ``"plain"``) and ``card_size`` (``"small"``, ``"medium"``, ``"large"``: the largest
    size; the board still shrinks to fit a narrow cell).

    Help, none of which peeks but "Still winnable?": Hint shows the fair hint (the move with the best win chance
    for a player who sees what this player has seen); ``show_chances=True`` shows that win chance after every move,
    and ``coach=True`` says so when a move cut it by much and offers Undo (both off by default, both traits).
    "Still winnable?" asks the solver, which looks at the face-down cards, and says so. ``hint_time``,
    ``chance_time`` and ``solve_time`` are their budgets in seconds; all of them work in a worker thread.

    Playing on the board changes :attr:`game` at once; calling :meth:`play`, :meth:`undo`, :meth:`redo`,
    :meth:`restart` or :meth:`new_deal` changes the board. :meth:`on_move` registers a callback for every change,
    whoever made it; ``observe(..., "view")`` works too.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    #: The masked position the board draws (no face-down card identities), with its revision and legal moves.
    view = traitlets.Dict().tag(sync=True)
    #: The status line: game, deal number, score, moves, stock, redeals left (Camelot: phase).
    status_line = traitlets.Unicode().tag(sync=True)
    #: The last message: ``{"text", "kind": "info" | "error", "id"}``; the board announces it.
    message = traitlets.Dict().tag(sync=True)
    #: The hint on show, as piles to mark (``{"from", "to", "text"}``), or None.
    suggestion = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    #: The "Still winnable?" check, the one look at the hidden cards: ``{"state", "verdict", "text"}``.
    winnable = traitlets.Dict().tag(sync=True)
    #: The win-chance meter: ``{"state": "off" | "running" | "done", "share", "low", "high", "samples",
    #: "undecided", "text"}`` (see :attr:`show_chances`).
    meter = traitlets.Dict().tag(sync=True)
    #: What the coach says of the last move (see :attr:`coach`): ``{"text", "blunder", "id"}``, or None.
    coach_note = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    #: The lesson player's bar (see :meth:`lesson`).
    lesson_state = traitlets.Dict().tag(sync=True)
    highlight = _Flag(True).tag(sync=True)
    animate = _Flag(True).tag(sync=True)
    four_color = _Flag(False).tag(sync=True)
    card_size = _Choice(CARD_SIZES, "medium").tag(sync=True)
    #: The design on the backs of the cards.
    card_back = _Choice(CARD_BACKS, "classic").tag(sync=True)
    #: Stronger colours and outlines, for low vision and bright rooms.
    high_contrast = _Flag(False).tag(sync=True)
    #: Show the fair win chance after every move (worked out in a worker thread; off by default).
    show_chances = _Flag(False).tag(sync=True)
    #: After a move that cut the fair win chance by much, say so and offer Undo (off by default).
    coach = _Flag(False).tag(sync=True)
    #: Keep the deal number off the board until the game ends (for a class, or a fair contest).
    hide_deal = _Flag(False).tag(sync=True)

    def __init__(self, variant: str | None = None, deal: int | None = None, *, game: Game | None = None,
                 highlight: bool = True, animate: bool = True, four_color: bool = False,
                 card_size: str = "medium", card_back: str = "classic", high_contrast: bool = False,
                 show_chances: bool = False, coach: bool = False, hide_deal: bool = False, hint_time: float = 1.0, chance_time: float = 1.0, solve_time: float = 10.0,
                 **options: int) -> None:
        # Set before anything can fail: ipywidgets closes even a half-built widget when it is collected.
        self._lock = threading.RLock()
        self._check = BackgroundSearch("solitaire-winnable")
        self._hinting = BackgroundSearch("solitaire-hint")
        self._analysing = BackgroundSearch("solitaire-chances")
        #: The fair chances of the position at a revision, once worked out: (rev, knowledge, chances).
        self._analysis: tuple[int, Knowledge, Chances] | None = None
        # Every argument is checked before the widget opens its channel to the browser: nothing half-built stays.
        for name, value in (("highlight", highlight), ("animate", animate), ("four_color", four_color),
                            ("show_chances", show_chances), ("coach", coach), ("hide_deal", hide_deal),
                            ("card_size", card_size), ("card_back", card_back), ("high_contrast", high_contrast)):
            self.class_traits()[name].validate(self, value)
        self._hint_time = _seconds("hint_time", hint_time)
        self._chance_time = _seconds("chance_time", chance_time)
        self._solve_time = _seconds("solve_time", solve_time)
        if game is None:
            game = new_game("athena" if variant is None else variant, deal, **options)
        elif not isinstance(game, Game):
            raise ValueError(f"game= takes a solitaire_widget.Game, not {type(game).__name__}")
        elif variant is not None or deal is not None or options:
            raise ValueError("pass either game= or variant/deal/options, not both")
        self._game = game
        self._rev = 0
        self._message_id = 0
        self._lesson: Lesson | None = None
        self._callbacks = CallbackDispatcher()
        super().__init__(
            view=masked_view(game, 0, hide_deal), status_line=status_line(game, hide_deal), lesson_state=NO_LESSON,
            winnable=IDLE, meter=METER_OFF, message={"text": "", "kind": "", "id": 0}, highlight=highlight,
            animate=animate, four_color=four_color, card_size=card_size, card_back=card_back,
            high_contrast=high_contrast, show_chances=show_chances, coach=coach, hide_deal=hide_deal,
        )
        self.on_msg(self._on_board_message)
        self.observe(self._deal_shown, names=["hide_deal"])
        self.observe(self._advice_switched, names=["show_chances", "coach"])
        if show_chances or coach:
            self._analyse(None, None)

    # Budgets, checked when set ----------------------------------------------------------------------------------

    @property
    def hint_time(self) -> float:
        """Seconds the fair hint may take (the board's Hint button and :meth:`hint`)."""
        return self._hint_time

    @hint_time.setter
    def hint_time(self, value: float) -> None:
        self._hint_time = _seconds("hint_time", value)

    @property
    def chance_time(self) -> float:
        """Seconds each estimate of the win-chance meter and the coach may take."""
        return self._chance_time

    @chance_time.setter
    def chance_time(self, value: float) -> None:
        self._chance_time = _seconds("chance_time", value)

    @property
    def solve_time(self) -> float:
        """Seconds "Still winnable?" may search."""
        return self._solve_time

    @solve_time.setter
    def solve_time(self, value: float) -> None:
        self._solve_time = _seconds("solve_time", value)

    # Python owns every synced trait ------------------------------------------------------------------------------

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A front end tried to write synced traits: Python owns them all, so the write is ignored, never echoed
        to the other views, and the front end is sent the true values back (docs/PROTOCOL.md)."""
        if not isinstance(sync_data, dict):
            return
        tried = [name for name in sync_data if isinstance(name, str) and name in self.keys]
        log.debug("ignored a front end's write to %s", short(tried))
        if tried:
            self.send_state(tried)

    def _deal_shown(self, change: dict[str, Any]) -> None:
        with self._lock:
            self.view = masked_view(self._game, self._rev, self.hide_deal)
            self.status_line = status_line(self._game, self.hide_deal)

    # The game --------------------------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The live game. Read it freely; change it through the widget's methods so the board follows.

        :meth:`new_deal` (and the board's New deal button) puts a new ``Game`` here, so read ``w.game`` afresh
        rather than keeping the old object."""
        return self._game

    def play(self, move: Move | dict | str) -> Move:
        """Play ``move`` (a Move, its dict or its text) on the board; ``IllegalMove`` if the rules forbid it."""
        with self._lock:
            return self._play(move, "python")

    def undo(self) -> Move:
        """Take back the last move; ``ValueError`` when there is none."""
        with self._lock:
            return self._step("undo", "python")

    def redo(self) -> Move:
        """Play again the move last taken back; ``ValueError`` when there is none."""
        with self._lock:
            return self._step("redo", "python")

    def restart(self) -> None:
        """Back to the start of this deal (the lesson, if any, stays)."""
        with self._lock:
            self._restart("python")

    def new_deal(self, deal: int | None = None) -> None:
        """A new game of the same variant and options: deal number ``deal``, or a fresh one."""
        if deal is not None:
            deal = check_deal(deal)
        with self._lock:
            self._new_deal(deal, "python")

    def _play(self, move: Move | dict | str, source: Source) -> Move:
        before = self._game.position()
        known = self._game.knowledge() if self.coach else None
        played = self._game.play(move)
        self._changed("play", played, source, describe(played, before, self._game.position()), known)
        return played

    def _step(self, action: Literal["undo", "redo"], source: Source) -> Move:
        move = self._game.undo() if action == "undo" else self._game.redo()
        words = "Took back" if action == "undo" else "Played again"
        self._changed(action, move, source, f"{words}: {move_words(move)}.")
        return move

    def _restart(self, source: Source) -> None:
        self._game.restart()
        self._changed("restart", None, source, "Back to the start of the game.")

    def _new_deal(self, deal: int | None, source: Source) -> None:
        self._game = new_game(self._game.variant, deal, **self._game.options)
        self._lesson = None
        number = "" if self.hide_deal else f" #{self._game.deal}"
        self._changed("new_deal", None, source, f"New deal: {self._game.title}{number}.")

    def on_move(self, callback: Callable[[MoveEvent], Any], remove: bool = False) -> None:
        """Call ``callback(event)`` (a :class:`MoveEvent`) after every change to the game, from the board or
        from Python; ``remove=True`` unregisters it. An exception in a callback is shown, not raised."""
        if not callable(callback):
            raise ValueError(f"on_move takes a function of one argument (a MoveEvent), not {short(callback)}")
        self._callbacks.register_callback(callback, remove=flag(remove, "remove"))

    # Advice ----------------------------------------------------------------------------------------------------

    def hint(self, peek: bool = False) -> Any:
        """Mark a good move on the board without playing it, and answer it as a ``Hint``.

        By default the fair hint: the move with the best win chance for a player who sees what this player has
        seen (searched for up to :attr:`hint_time` seconds). ``peek=True`` asks the solver instead, which looks at
        the face-down cards. Answers ``None`` when the game is over. The board's Hint button asks for the fair hint
        in a worker thread instead, so the kernel stays free.
        """
        flag(peek, "peek")
        with self._lock:
            if not self._can_hint():
                return None
            found = hint(self._game, peek=peek, time_limit=self.hint_time)
            self._show_hint(found)
            return found

    def _can_hint(self) -> bool:
        if self._game.is_over:
            self._say("The game is over: there is no move to suggest.", "info")
            return False
        return True

    def _show_hint(self, found: Any) -> None:
        """Mark ``found`` (a ``Hint``) on the board and say it, or say that there is nothing to suggest."""
        move = getattr(found, "move", None)
        if move is None:
            self._say("There is no move to suggest here.", "info")
            return
        src, dst = move_marks(move)
        text = f"Hint: {getattr(found, 'reason', '')}"
        with self.hold_sync():
            self.suggestion = {"from": src, "to": dst, "text": text}
            self._say(text, "info")

    def _board_hint(self) -> tuple[bool, str]:
        """The board's Hint button: the fair hint, worked out in a worker thread from the player's knowledge; it
        shows when found, unless a move came first."""
        if not self._can_hint():
            return False, self.message["text"]
        rev, known, limit = self._rev, self._game.knowledge(), self.hint_time
        self._hinting.start(lambda cancel: hint(known, time_limit=limit, cancel=cancel),
                            lambda found: self._answer_arrived(rev, self._hint_arrived, found))
        self._say("Looking for a good move…", "info")
        return True, self.message["text"]

    def _hint_arrived(self, found: Any) -> None:
        """Show the board's hint (a ``Hint``, or the exception its search raised)."""
        if isinstance(found, Exception):
            self._say(f"The hint failed: {found}", "error")
        else:
            self._show_hint(found)

    def check_winnable(self, time_limit: float | None = None) -> None:
        """"Still winnable?": ask the solver, in a worker thread, whether the position can still be won.

        This is the one piece of help that looks at the face-down cards and the stock's order (it says so on the
        board). Returns at once; the verdict appears on the board and in :attr:`winnable` when the search ends.
        Any change to the game cancels the search, since its answer would be about a position that no longer
        exists.
        """
        limit = self.solve_time if time_limit is None else _seconds("time_limit", time_limit)
        with self._lock:
            rev, game = self._rev, self._game.copy()
            self._check.start(lambda cancel: winnable_state(game, limit, cancel),
                              lambda answer: self._answer_arrived(rev, self._winnable_arrived, answer))
            with self.hold_sync():
                self.winnable = RUNNING
                self._say(RUNNING["text"], "info")

    def _winnable_arrived(self, answer: Any) -> None:
        """Show the verdict (the ``winnable`` trait :func:`winnable_state` built, or the exception it raised)."""
        if isinstance(answer, Exception):
            answer = {"state": "done", "verdict": "unknown", "text": f"The solver failed: {answer}"}
        with self.hold_sync():
            self.winnable = answer
            self._say(answer["text"], "info")

    def _answer_arrived(self, rev: int, show: Callable[[Any], None], answer: Any) -> None:
        """Called from a worker thread with a search's answer: shown, unless the game changed meanwhile."""
        with self._lock:
            if rev == self._rev:
                show(answer)

    def _advice_switched(self, change: dict[str, Any]) -> None:
        """:attr:`show_chances` or :attr:`coach` changed: start working out the chances, or stop."""
        with self._lock:
            if self.show_chances or self.coach:
                if self._analysis is None or self._analysis[0] != self._rev:
                    self._analyse(None, None)
                elif self.show_chances:
                    self.meter = meter_state(self._analysis[2])
            else:
                self._analysing.cancel()
            if not self.show_chances:
                self.meter = METER_OFF
            if not self.coach:
                self.coach_note = None

    def _analyse(self, move: Move | None, before: Knowledge | None) -> None:
        """Work out, in a worker thread, the fair chances of the position now (for the meter, and for judging
        the next move) and, when the coach is on and ``move`` was just played from ``before``, judge that move.

        The chances of ``before`` are usually at hand already, worked out while the player was thinking; if they
        are not, they are worked out first, so the coach's word comes before the meter's."""
        rev, now, limit = self._rev, self._game.knowledge(), self.chance_time
        judge = self.coach and move is not None and before is not None
        earlier = self._analysis if self._analysis is not None and self._analysis[1] == before else None

        def work(cancel: threading.Event) -> Chances:
            if judge:
                table = earlier[2] if earlier is not None else chances(before, time_limit=limit, cancel=cancel)
                if not cancel.is_set():
                    review = Review.of(table, move, before)  # type: ignore[arg-type]
                    self._answer_arrived(rev, self._coach_arrived, review)
            return chances(now, time_limit=limit, cancel=cancel)

        self._analysing.start(work, lambda table: self._answer_arrived(rev, self._chances_arrived, (now, table)))
        if self.show_chances:
            self.meter = METER_RUNNING

    def _coach_arrived(self, review: Review) -> None:
        if isinstance(review, Review) and review.blunder:
            self._message_id += 1
            with self.hold_sync():
                self.coach_note = {"text": review.text, "blunder": True, "id": self._message_id}
                self._say(review.text, "info")

    def _chances_arrived(self, answer: Any) -> None:
        if isinstance(answer, Exception):
            if self.show_chances:
                self.meter = {**METER_OFF, "state": "done", "text": f"The win chance failed: {answer}"}
            return
        known, table = answer
        self._analysis = (self._rev, known, table)
        if self.show_chances:
            self.meter = meter_state(table)

    # Lessons ---------------------------------------------------------------------------------------------------

    def lesson(self, steps: Iterable[Sequence[Any]]) -> None:
        """Start a lesson: ``steps`` is a list of ``(move, caption)`` played from the current position.

        Every step is checked first (``ValueError`` names the first that cannot be played). The board shows a
        lesson bar with the caption and Back / Next buttons; :meth:`lesson_next` and :meth:`lesson_back` do the
        same from Python. The player may try moves of their own meanwhile; Back returns to the lesson's line.
        """
        with self._lock:
            self._lesson = Lesson(self._game, steps)
            self.lesson_state = self._lesson.state(self._game)

    def lesson_next(self) -> Move | None:
        """Play the lesson's next step and show its caption; ``None`` (and a message) when there is none."""
        with self._lock:
            return self._lesson_next("python")

    def _running_lesson(self) -> Lesson | None:
        """The lesson in progress; with none, the message line says how to start one."""
        if self._lesson is None:
            self._say("No lesson is running: start one with lesson(steps).", "error")
        return self._lesson

    def _lesson_next(self, source: Source) -> Move | None:
        lesson = self._running_lesson()
        if lesson is None:
            return None
        move = lesson.next_move(self._game)
        if move is None:
            done = lesson.on_line(self._game)
            self._say("That was the last step of the lesson." if done else
                      "The board has left the lesson's line: press Back to return to it.", "info")
            return None
        return self._play(move, source)

    def lesson_back(self) -> Move | None:
        """Take back the lesson's last step (or, off the line, the player's own moves back to the line)."""
        with self._lock:
            return self._lesson_back("python")

    def _lesson_back(self, source: Source) -> Move | None:
        lesson = self._running_lesson()
        if lesson is None:
            return None
        if not lesson.can_back(self._game):
            self._say("This is the start of the lesson.", "info")
            return None
        undone = None
        while self._game.can_undo and (not lesson.on_line(self._game) or undone is None):
            undone = self._step("undo", source)
        return undone

    def end_lesson(self) -> None:
        """Close the lesson bar; the game stays as it is."""
        with self._lock:
            self._lesson = None
            self.lesson_state = NO_LESSON

    # Keeping the board in step ---------------------------------------------------------------------------------

    def _changed(self, kind: EventKind, move: Move | None, source: Source, text: str,
                 before: Knowledge | None = None) -> None:
        """After any change to the game: new revision, fresh view, stale analysis dropped (and new analysis
        started, when the meter or the coach is on), callbacks told. ``before`` is the knowledge the move was
        played from, for the coach."""
        self._rev += 1
        self._check.cancel()
        self._hinting.cancel()
        self._analysing.cancel()
        game = self._game
        if game.status == "won":
            text += " You won!"
        elif game.is_over:
            text += f" The game is {game.status}."
        with self.hold_sync():
            self.view = masked_view(game, self._rev, self.hide_deal)
            self.status_line = status_line(game, self.hide_deal)
            self.suggestion = None
            self.winnable = IDLE
            self.coach_note = None
            self.lesson_state = self._lesson.state(game) if self._lesson else NO_LESSON
            self._say(text, "info")
            if self.show_chances or self.coach:
                self._analyse(move if kind == "play" else None, before)
        self._callbacks(MoveEvent(self, kind, move, source))

    def _say(self, text: str, kind: Literal["info", "error"]) -> None:
        self._message_id += 1
        self.message = {"text": text, "kind": kind, "id": self._message_id}

    # Intents from the board ------------------------------------------------------------------------------------

    def _on_board_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Handle one message from a front end. Whatever it holds, this never raises into the kernel."""
        address = reply_address(content)
        try:
            with self._lock:
                ok, text = self._handle(content)
        except Exception as error:  # the last guard: a bug here must show as a message, not a kernel traceback
            log.exception("the board's message %r could not be handled", content)
            ok, text = False, f"Internal error while handling the board's request: {short(error)}"
            self._say(text, "error")
        if address is not None:
            self.send({"type": "answer", "view": address[0], "seq": address[1], "ok": ok, "text": text})

    def _handle(self, content: Any) -> tuple[bool, str]:
        try:
            intent = parse_intent(content)
        except ValueError as error:
            return self._refuse(f"The board sent a message that makes no sense, so nothing changed: {error}.")
        if intent.rev != self._rev:
            return self._refuse("The board was out of date (another view or Python moved first), so nothing "
                                "changed. Try again on the board as it is now.")
        return self._dispatch(intent)

    def _refuse(self, text: str) -> tuple[bool, str]:
        self._say(text, "error")
        return False, text

    def _dispatch(self, intent: Intent) -> tuple[bool, str]:
        action = intent.action
        if action == "play" and intent.move is not None:
            return self._board_play(intent.move)
        if action == "foundation":
            return self._board_foundation(intent.pile or "")
        if action in ("undo", "redo"):
            if not (self._game.can_undo if action == "undo" else self._game.can_redo):
                return self._refuse(f"Nothing to {action}.")
            self._step(action, "board")
        elif action == "restart":
            self._restart("board")
        elif action == "new_deal":
            self._new_deal(None, "board")
        elif action == "hint":
            return self._board_hint()
        elif action == "winnable":
            self._toggle_winnable()
        elif action == "coach_close":
            self.coach_note = None
            return True, ""
        elif action == "lesson_next":
            return self._lesson_next("board") is not None, self.message["text"]
        elif action == "lesson_back":
            return self._lesson_back("board") is not None, self.message["text"]
        else:
            self.end_lesson()
            return True, "Lesson closed."
        return True, self.message["text"]

    def _toggle_winnable(self) -> None:
        """The board's "Still winnable?" button: start a check, or stop the one running."""
        if not self._check.running:
            self.check_winnable()
            return
        self._check.cancel()
        with self.hold_sync():
            self.winnable = IDLE
            self._say("Stopped checking.", "info")

    def _board_play(self, move: Move) -> tuple[bool, str]:
        try:
            self._play(move, "board")
        except ValueError as error:  # IllegalMove, or a pile this game does not have
            return self._refuse(str(error))
        return True, self.message["text"]

    def _board_foundation(self, pile: str) -> tuple[bool, str]:
        """Double-click: the top card of ``pile`` up to a foundation, or the rule that keeps it down."""
        game = self._game
        if pile not in game.pile_names or pile == "stock" or game.variant == "camelot":
            return self._refuse(f"Only a card on the waste or the tableau can be sent up to a foundation in "
                                f"{game.title}, not {short(pile)}.")
        if pile.startswith("f"):
            return self._refuse("That card is on a foundation already.")
        move = game.foundation_move(pile)
        if move is not None:
            return self._board_play(move)
        cards = game.cards_in(pile)
        if not cards:
            return self._refuse(f"There is no card on {pile_words(pile)} to send up.")
        card = parse_card(cards[-1])
        return self._refuse(f"The {card_label(card)} cannot go up to a foundation now: "
                            f"{self._foundation_reason(pile, cards[-1])}")

    def _foundation_reason(self, pile: str, code: str) -> str:
        """The rules model's reason, asked about the foundation the card would belong to."""
        foundations = [f"f{i}" for i in range(1, 5)]
        same_suit = [f for f in foundations if self._game.cards_in(f) and self._game.cards_in(f)[-1][1] == code[1]]
        empty = [f for f in foundations if not self._game.cards_in(f)]
        target = (same_suit or empty or foundations)[0]
        reason = self._game.explain(Move.move(pile, target, 1))
        return reason[0].lower() + reason[1:] if reason else reason

    def close(self) -> None:
        """Close the widget (its views disappear) and stop any search it started."""
        self._check.cancel()
        self._hinting.cancel()
        self._analysing.cancel()
        super().close()


def _seconds(name: str, value: object) -> float:
    """A budget in seconds: a number above zero, at most a day."""
    seconds = number(value, name, above=0)
    assert seconds is not None
    if seconds > 86_400:
        raise ValueError(f"{name} must be at most 86400 seconds (a day), not {short(value)}")
    return seconds
