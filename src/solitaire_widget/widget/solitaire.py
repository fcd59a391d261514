"""The board widget: :class:`Solitaire`, an anywidget window onto a live :class:`~solitaire_widget.Game`.

Python owns the game. The browser gets a masked view of it (see :mod:`.view`) and sends back *intents*, each
stamped with the revision of the view it was decided on; Python checks the intent (:mod:`.intents`), asks the
rules model, applies it, and syncs the new view. An intent that is stale, illegal or malformed changes nothing and
is answered with a sentence. Nothing a front end sends can raise inside the kernel. The protocol is written out in
docs/PROTOCOL.md.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..advice import Chances, Choice, FairPlayer, GameReview, Review, chances, hint, review_game
from ..advice.deals import DEAL_KINDS, PickedDeal, check_kind, pick_deal
from ..cards import card_label, parse_card
from ..checks import flag, number, short
from ..finish import finishing_moves
from ..game import Game, new_game
from ..i18n import check_language, default_language, get_language, using
from ..i18n import gettext as _
from ..knowledge import Knowledge
from ..moves import Move
from ..pictures import svg_picture
from . import dealing
from .analysis import IDLE, METER_OFF, BackgroundSearch, meter_running, meter_state, running_state, winnable_state
from .intents import Intent, parse_intent, reply_address
from .lesson import NO_LESSON, Lesson
from .reviewing import REVIEW_OFF, review_done, review_failed, review_running
from .scorekeeper import Departure, Scorekeeper
from .view import board_words, describe, lost_reason, masked_view, move_marks, status_line, undone

__all__ = ["MoveEvent", "Solitaire"]

log = logging.getLogger(__name__)
CARD_SIZES = ("auto", "small", "medium", "large")
CARD_BACKS = ("classic", "lattice", "plain")
_STATIC = Path(__file__).resolve().parent.parent / "static"

EventKind = Literal["play", "undo", "redo", "restart", "new_deal"]
#: Seconds between two moves of a finish on the board, so that each card is seen to fly home.
FINISH_STEP = 0.15
Source = Literal["board", "python"]


class _Flag(traitlets.Bool[bool, bool]):
    """A display option that is True or False; anything else is a ValueError that names the option."""

    def validate(self, obj: Any, value: Any) -> bool:
        return flag(value, str(self.name))


class _Choice(traitlets.Enum[Any]):
    """A display option from a fixed list; anything else is a ValueError that names the option and the list."""

    def validate(self, obj: Any, value: Any) -> Any:
        values = self.values or ()
        if not isinstance(value, str) or value not in values:
            raise ValueError(f"{self.name} must be one of {', '.join(map(repr, values))}, not {short(value)}")
        return value


class _Synced(traitlets.Dict):
    """A dict the board is synced from, handed out as a copy: ``w.view["piles"]["t1"].append(...)`` changes the copy,
    never the state the browser is sent (a view opened later, or the next update, would show the change, and the board
    would draw a game that is not the one in play). Python replaces these values whole, never edits them in place, so
    the copy costs one deep copy of a small dict per read."""

    def get(self, obj: Any, cls: Any = None) -> Any:
        return copy.deepcopy(super().get(obj, cls))


@dataclass(frozen=True)
class _Left:
    """A game the player left mid-game by New deal or Restart, kept so that one Undo brings it back as it was: the
    game (a copy, for a restart), its lesson and deal note, and what its statistics need (:class:`Departure`)."""

    game: Game
    lesson: Lesson | None
    note: dict[str, Any]
    departure: Departure
    kind: Literal["restart", "new_deal"]


@dataclass(frozen=True)
class MoveEvent:
    """What :meth:`Solitaire.on_move` callbacks receive, once for every change to the game.

    ``kind`` is ``"play"``, ``"undo"``, ``"redo"``, ``"restart"`` or ``"new_deal"``; ``move`` is the move played,
    undone or redone (``None`` for a restart or a new deal, and for an undo that brought back the game a restart or
    a new deal left); ``source`` says whether the player did it on the
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

    ``variant`` is one of :data:`solitaire_widget.VARIANTS` (a name that is not says which was likely meant);
    ``deal=None`` picks a fresh deal number from 1 to 1,000,000, short enough to read out and type again (the status
    line shows it; any number from 0 to 4294967295 may be asked for); game options are keywords (``draw=3``). Or pass ``game=`` to show a game you already have.
    Display options, all synced traits you may change later: ``highlight`` (mark the legal targets of a held
    card), ``animate`` (about 150 ms of motion; the browser's reduced-motion setting always wins),
    ``four_color`` (four suit colours), ``high_contrast`` (stronger colours and outlines), ``card_back``
    (``"classic"``, ``"lattice"`` or ``"plain"``) and ``card_size``: ``"auto"`` (the default) sizes the cards to
    the cell, from 70 to 140 CSS pixels wide, and follows it when it is resized; ``"small"``, ``"medium"`` and
    ``"large"`` fix them at 60, 84 and 112 pixels (the board still shrinks to fit a narrow cell).

    Help, none of which peeks but "Still winnable?": Hint shows the fair hint (the move with the best win chance
    for a player who sees what this player has seen); ``show_chances=True`` shows that win chance after every move,
    and ``coach=True`` says so when a move cut it by much and offers Undo (both off by default, both traits).
    Review draws the fair chance after every move played so far and names the costliest moves
    (``sw.review_game``). "Still winnable?" asks the solver, which looks at the face-down cards, and says so.
    ``hint_time``, ``chance_time`` and ``solve_time`` are their budgets in seconds; all of them work in a worker thread.

    Playing on the board changes :attr:`game` at once; calling :meth:`play`, :meth:`undo`, :meth:`redo`,
    :meth:`restart` or :meth:`new_deal` changes the board. :meth:`on_move` registers a callback for every change,
    whoever made it; ``observe(..., "view")`` works too.

    The player's statistics (:func:`solitaire_widget.statistics`) count only the games played on the board by
    default, ``keep_statistics="board"``: a board a script drives from Python leaves them alone. A script whose games
    should count says so with ``keep_statistics=True``; ``False`` counts none (see :attr:`keep_statistics`).
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    #: The masked position the board draws (no face-down card identities), with its revision and legal moves.
    view = _Synced().tag(sync=True)
    #: The status line: game, deal number, score, moves, stock, redeals left (Camelot: phase).
    status_line = traitlets.Unicode().tag(sync=True)
    #: The last message: ``{"text", "kind": "info" | "error", "id"}``; the board announces it.
    message = _Synced().tag(sync=True)
    #: The hint on show, as piles to mark (``{"from", "to", "text"}``), or None.
    suggestion = _Synced(allow_none=True, default_value=None).tag(sync=True)
    #: The "Still winnable?" check, the one look at the hidden cards: ``{"state", "verdict", "text"}``.
    winnable = _Synced().tag(sync=True)
    #: The win-chance meter: ``{"state": "off" | "running" | "done", "share", "low", "high", "samples",
    #: "undecided", "text"}`` (see :attr:`show_chances`).
    meter = _Synced().tag(sync=True)
    #: What the coach says of the last move (see :attr:`coach`): ``{"text", "blunder", "id"}``, or None.
    coach_note = _Synced(allow_none=True, default_value=None).tag(sync=True)
    #: The game review the board's Review button asks for (see :mod:`.reviewing`): ``{"state": "off" | "running" |
    #: "done" | "failed", "id", "text", "done", "total", "points", "heading", "costly", "note"}``.
    review = _Synced().tag(sync=True)
    #: The lesson player's bar (see :meth:`lesson`).
    lesson_state = _Synced().tag(sync=True)
    highlight = _Flag(True).tag(sync=True)
    animate = _Flag(True).tag(sync=True)
    four_color = _Flag(False).tag(sync=True)
    #: ``"auto"``: the cards fill the cell (70 to 140 px wide); or a fixed size, ``"small"``, ``"medium"``, ``"large"``.
    card_size = _Choice(CARD_SIZES, "auto").tag(sync=True)
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
    #: Which random deals New deal picks: ``"any"``, ``"winnable"`` (the solver proved a win exists before the
    #: game starts, and the board says so), or ``"easy"``, ``"medium"``, ``"hard"`` (winnable, and of that
    #: difficulty for a player: see :func:`solitaire_widget.difficulty`). A deal asked for by number is dealt as is.
    deals = _Choice(DEAL_KINDS, "any").tag(sync=True)
    #: What the board says of the deal on it: ``{"kind", "level", "text", "searching"}`` (see :attr:`deals`).
    deal_note = _Synced().tag(sync=True)
    #: Finish by itself: once the game is won in all but the moving, play the cards home (see :meth:`finish`).
    auto_finish = _Flag(False).tag(sync=True)
    #: Show a clock on the status line, running from the first move to the end of the game.
    clock = _Flag(False).tag(sync=True)
    #: What the board keeps of this game: ``{"seconds", "running"}`` for the clock, ``"result"`` (a sentence once
    #: the game is over), and the Statistics panel (``"rows"`` of [label, value], or a ``"note"`` saying why not).
    record = _Synced().tag(sync=True)
    #: The language the board speaks, as a code ("en", "el", "ru"): the one given, else ``sw.set_language()``'s,
    #: else JupyterLab's (as the page reports it), else the kernel's locale, else English (set it with
    #: :meth:`set_language`).
    language = traitlets.Unicode("en").tag(sync=True)
    #: The words the front end shows (toolbar, banners, labels, card names), in :attr:`language`.
    words = _Synced().tag(sync=True)

    def __init__(self, variant: str | None = None, deal: int | None = None, *, game: Game | None = None,
                 highlight: bool = True, animate: bool = True, four_color: bool = False,
                 card_size: str = "auto", card_back: str = "classic", high_contrast: bool = False,
                 show_chances: bool = False, coach: bool = False, hide_deal: bool = False, deals: str = "any",
                 auto_finish: bool = False, clock: bool = False, keep_statistics: bool | str = "board",
                 language: str | None = None, hint_time: float = 1.0, chance_time: float = 1.0,
                 solve_time: float = 10.0, **options: int) -> None:
        # Set before anything can fail: ipywidgets closes even a half-built widget when it is collected.
        self._lock = threading.RLock()
        self._check = BackgroundSearch("solitaire-winnable")
        self._hinting = BackgroundSearch("solitaire-hint")
        self._analysing = BackgroundSearch("solitaire-chances")
        self._dealing = BackgroundSearch("solitaire-deal")
        self._reviewing = BackgroundSearch("solitaire-review")
        #: The last review finished: on show while ``review`` is done, and lent to the next review.
        self._reviewed: GameReview | None = None
        self._review_request = 0
        self._finishing = threading.Event()  # set while a finish plays out on the board; cleared to stop it
        self._finisher: threading.Thread | None = None
        #: The fair chances of the position at a revision, once worked out: (rev, knowledge, chances).
        #: The last position worked out: (rev, knowledge, its chances, the fair player's choice there or None).
        self._analysis: tuple[int, Knowledge, Chances, Choice | None] | None = None
        # Every argument is checked before the widget opens its channel to the browser: nothing half-built stays.
        for name, value in (("highlight", highlight), ("animate", animate), ("four_color", four_color),
                            ("show_chances", show_chances), ("coach", coach), ("hide_deal", hide_deal),
                            ("card_size", card_size), ("card_back", card_back), ("high_contrast", high_contrast),
                            ("deals", deals), ("auto_finish", auto_finish), ("clock", clock)):
            self.class_traits()[name].validate(self, value)
        self._keeper = Scorekeeper(keep_statistics)
        self._chosen_language = None if language is None else check_language(language)
        self._page_language: str | None = None
        self._hint_time = _seconds("hint_time", hint_time)
        self._chance_time = _seconds("chance_time", chance_time)
        self._solve_time = _seconds("solve_time", solve_time)
        picked: PickedDeal | None = None
        if game is None:
            name = "athena" if variant is None else dealing.check_game(variant)
            if deal is None and deals != "any":
                picked = pick_deal(name, deals, options=options, rng=dealing.readable_draw())
                deal = picked.deal
            game = new_game(name, dealing.random_deal() if deal is None else deal, **options)
        elif not isinstance(game, Game):
            raise ValueError(f"game= takes a solitaire_widget.Game, not {type(game).__name__}")
        elif variant is not None or deal is not None or options:
            raise ValueError("pass either game= or variant/deal/options, not both")
        self._game = game
        self._note = dealing.note(deals, picked)
        self._rev = 0
        self._message_id = 0
        #: The view whose request is being answered ("" outside an answer): errors said meanwhile are its own.
        self._asking = ""
        self._lesson: Lesson | None = None
        #: The game left by New deal or Restart mid-game, until the next change: Undo brings it back.
        self._left: _Left | None = None
        self._callbacks = CallbackDispatcher()
        spoken = self._effective_language()
        with using(spoken):
            super().__init__(
                view=masked_view(game, 0, hide_deal), status_line=status_line(game, hide_deal),
                lesson_state=NO_LESSON, winnable=IDLE, meter=METER_OFF,
                message={"text": "", "kind": "", "id": 0, "view": "", "why": ""},
                review=REVIEW_OFF,
                highlight=highlight, animate=animate, four_color=four_color, card_size=card_size,
                card_back=card_back, high_contrast=high_contrast, show_chances=show_chances, coach=coach,
                hide_deal=hide_deal, deals=deals, deal_note=self._note, auto_finish=auto_finish, clock=clock,
                record=self._keeper.record(game), language=spoken, words=board_words(game),
            )
        self.on_msg(self._on_board_message)
        self.observe(self._deal_shown, names=["hide_deal"])
        self.observe(self._advice_switched, names=["show_chances", "coach"])
        self.observe(self._finish_switched, names=["auto_finish"])
        if show_chances or coach:
            self._analyse(None, None)

    @property
    def keep_statistics(self) -> bool | str:
        """Which of this board's games count in the lasting statistics (:func:`solitaire_widget.statistics`).

        ``"board"``, the default, counts the games the player plays on the board: a game counts once its first move
        is made and a view of the board has asked for something in it (a move, Undo, Hint...; not the page's
        language, which a view sends by itself). Moves made from Python alone (:meth:`play`, ``w.game.play``, a
        benchmark driving the board) count nothing, because a board made by a script is not the player playing, and
        the player's record must not fill with its games. A game a script began counts from the player's first
        request on the board, as a whole: its row holds all its moves, and the time since its first move.
        ``True`` counts every game once its first move is made, a script's too: the script's explicit choice.
        ``False`` counts none (the clock and the counts of hints and undos still show).

        Set it at any time: the game being played follows from its next change. Anything else is a ValueError that
        changes nothing."""
        return self._keeper.keep

    @keep_statistics.setter
    def keep_statistics(self, value: bool | str) -> None:
        with self._speaking():
            self._keeper.keep = value
            self.record = self._keeper.record(self._game)

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

    # What a notebook stores -------------------------------------------------------------------------------------

    def __repr__(self) -> str:
        game = getattr(self, "_game", None)
        if game is None:  # half-built
            return "<Solitaire>"
        deal = self._masked_position()["deal"]
        return (f"<Solitaire {game.variant}{'' if deal is None else f' #{deal}'}: {game.moves} moves, "
                f"score {game.score}, {game.status}>")

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live board for a front end that runs widgets, and beside it a picture of the board as it stands
        (``image/svg+xml``, drawn as :func:`solitaire_widget.picture` draws it, in the board's language and colours)
        and its ``repr``: what a notebook keeps of the cell, for GitHub, nbconvert and a reopened notebook."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        with self._speaking():
            data["image/svg+xml"] = svg_picture(self._masked_position(), four_colour=self.four_color)
        return data, metadata

    def _masked_position(self) -> dict[str, Any]:
        """The game's position with the deal number left out while the board hides it (the face-down cards are
        left out by the picture itself)."""
        position = self._game.position()
        if self.hide_deal and position["status"] == "playing":  # as masked_view hides it
            position["deal"] = None
        return position

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
        with self._speaking():
            self.view = self._masked()
            self.status_line = status_line(self._game, self.hide_deal)

    # Languages -------------------------------------------------------------------------------------------------

    def set_language(self, language: str | None) -> None:
        """Speak ``language`` ("en", "el", "ru"; None: choose by itself, see :attr:`language`); the board's words
        change at once. A wrong code is a ValueError naming the languages there are."""
        chosen = None if language is None else check_language(language)
        with self._lock:
            self._chosen_language = chosen
            self._speak(self._effective_language())

    def _effective_language(self) -> str:
        """The language the board speaks now (see :attr:`language`)."""
        if self._chosen_language is not None:
            return self._chosen_language
        default = default_language()
        if default is not None:
            return default
        return self._page_language or get_language()

    @contextmanager
    def _speaking(self) -> Iterator[None]:
        """Hold the board's lock, and speak its language, for a change and the words it shows."""
        with self._lock, using(self._effective_language()):
            yield

    def _speak(self, language: str) -> None:
        """Say everything on the board again in ``language`` (called with the lock held)."""
        with using(language):  # everything is worked out first, so that a failure changes nothing
            words = board_words(self._game)
            view = self._masked()
            line = status_line(self._game, self.hide_deal)
            lesson = self._lesson.state(self._game) if self._lesson is not None else self.lesson_state
            review = self._review_again()
        with self.hold_sync():
            self.language, self.words, self.view, self.status_line, self.lesson_state, self.review = (
                language, words, view, line, lesson, review)

    # The game --------------------------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The live game. Read it freely; change it through the widget's methods so the board follows.

        :meth:`new_deal` (and the board's New deal button) puts a new ``Game`` here, so read ``w.game`` afresh
        rather than keeping the old object."""
        return self._game

    def play(self, move: Move | dict[str, Any] | str) -> None:
        """Play ``move`` (a Move, its dict or its text) on the board; ``IllegalMove`` if the rules forbid it.

        Answers nothing, so that ``w.play("deal")`` as a cell's last line echoes nothing; the move played is
        ``w.game.history[-1]`` (and :meth:`on_move` callbacks get it)."""
        with self._speaking():
            self._play(move, "python")

    def undo(self) -> Move | None:
        """Take back the last move, and answer it. Right after :meth:`new_deal` or :meth:`restart` (or the board's
        buttons) left a game in play, bring that game back as it was instead, its loss taken off the statistics, and
        answer None. ``ValueError`` when there is nothing to undo."""
        with self._speaking():
            if self._can_come_back():
                self._come_back("python")
                return None
            return self._step("undo", "python")

    def redo(self) -> Move:
        """Play again the move last taken back; ``ValueError`` when there is none."""
        with self._speaking():
            return self._step("redo", "python")

    def restart(self) -> None:
        """Back to the start of this deal (the lesson, if any, stays)."""
        with self._speaking():
            self._restart("python")

    def new_deal(self, deal: int | str | None = None, *, variant: str | None = None, **options: int) -> None:
        """A new game: deal number ``deal``, ``"next"`` or ``"previous"`` (one on from this deal), or a fresh one
        of the kind :attr:`deals` asks for (None). ``variant`` switches to another game and ``options`` to other
        options (by default the same game; the same options when the game stays, its defaults when it changes).

        >>> w.new_deal(variant="klondike", draw=3)    # doctest: +SKIP
        >>> w.new_deal("next")                        # doctest: +SKIP

        A search for a winnable deal runs here, in the kernel, for up to 20 seconds (the board's buttons run it in
        a worker thread instead). ``ValueError`` names what is wrong with a request; the game then stays as it was.
        """
        with self._speaking():
            request = dealing.resolve(self._game, variant, options, deal)
            picked = None
            if request.deal is None and self.deals != "any":
                picked = pick_deal(request.variant, self.deals, options=request.options,
                                   rng=dealing.readable_draw())
            self._new_deal(request, picked, "python")

    def _play(self, move: Move | dict[str, Any] | str, source: Source) -> Move:
        before = self._game.position()
        known = self._game.knowledge() if self.coach else None
        played = self._game.play(move)
        said = describe(played, before, self._game.position(), ended=self._game.status != "playing")
        self._changed("play", played, source, said, known)
        return played

    def _step(self, action: Literal["undo", "redo"], source: Source) -> Move:
        before = self._game.position()
        move = self._game.undo() if action == "undo" else self._game.redo()
        after = self._game.position()
        text = (undone(move, before) if action == "undo" else
                _("Played the move again.") + " " + describe(move, before, after))
        self._changed(action, move, source, text)
        return move

    def _restart(self, source: Source) -> None:
        kept = self._game.copy() if self._worth_keeping() else None
        departure = self._keeper.leave(self._game)
        self._game.restart()
        text = _("Back to the start of the game.")
        if kept is not None:
            self._left = _Left(kept, self._lesson, self._note, departure, "restart")
            text += " " + _("Undo brings the game back as it was.")
        self._changed("restart", None, source, text)

    def _worth_keeping(self) -> bool:
        """Whether the game on the board would be lost by leaving it: moves played, and not won. Such a game, left
        by New deal or Restart, comes back with one Undo. A game with no move costs nothing to leave, and leaving it
        keeps the game left before it within the Undo's reach."""
        return bool(self._game.history) and self._game.status != "won"

    def _can_come_back(self) -> bool:
        return self._left is not None and not self._game.history

    def _come_back(self, source: Source) -> None:
        """Undo a New deal or a Restart: the game left comes back as it was, with its lesson, its deal note, its
        clock and counts, and its row in the statistics open again (the loss that leaving recorded is gone)."""
        left, self._left = self._left, None
        assert left is not None
        switched = left.game.variant != self._game.variant
        self._keeper.leave(self._game)  # no move was played in it: nothing on the record
        self._keeper.come_back(left.departure)
        self._game, self._lesson, self._note = left.game, left.lesson, left.note
        self._dealing.cancel()
        game, title = self._game, self._game.rules.local_title
        if left.kind == "restart":
            text = _("Restart taken back: the game is as it was.")
        elif self.hide_deal or game.deal is None:
            text = _("New deal taken back: {game} is back as it was.").format(game=title)
        else:
            text = _("New deal taken back: {game} #{number} is back as it was.").format(game=title,
                                                                                      number=game.deal)
        with self.hold_sync():
            self.deal_note = self._note
            if switched:
                self.words = board_words(game)
            self._changed("undo", None, source, text)

    def _masked(self) -> dict[str, Any]:
        """The ``view`` trait for the game on the board (``left_game``: Undo brings back a game left)."""
        return masked_view(self._game, self._rev, self.hide_deal, left_game=self._can_come_back())

    def _new_deal(self, request: dealing.Request, picked: PickedDeal | None, source: Source) -> None:
        """Put the game ``request`` asks for on the board; ``picked`` is the search that chose its deal, if any."""
        deal = picked.deal if picked is not None else request.deal
        if deal is None:
            deal = dealing.random_deal()
        switched = request.variant != self._game.variant
        game = new_game(request.variant, deal, **request.options)
        kept = self._worth_keeping()
        departure = self._keeper.leave(self._game)
        if kept:
            self._left = _Left(self._game, self._lesson, self._note, departure, "new_deal")
        self._game = game
        self._lesson = None
        self._dealing.cancel()
        title = self._game.rules.local_title
        text = (_("New deal: {game}.").format(game=title) if self.hide_deal else
                _("New deal: {game} #{number}.").format(game=title, number=self._game.deal))
        note = self._note = dealing.note(self.deals, picked)
        if note["text"]:
            text += " " + note["text"]
        if kept:
            text += " " + _("Undo brings back the game you left.")
        with self.hold_sync():
            self.deal_note = note
            if switched:
                self.words = board_words(self._game)
            self._changed("new_deal", None, source, text)

    def _board_new_deal(self, intent: Intent) -> tuple[bool, str]:
        """New deal, or the game chooser: a deal of the kind asked for, found in a worker thread when it must be
        proved winnable (the game on the board plays on meanwhile; a move on it calls the search off)."""
        try:
            kind = self.deals if intent.deals is None else check_kind(intent.deals)
            request = dealing.resolve(self._game, intent.variant, intent.options, intent.deal)
        except ValueError as error:
            return self._refuse(_("That game cannot be dealt: {error}.").format(error=error))
        self.deals = kind
        if request.deal is not None or kind == "any":
            self._new_deal(request, None, "board")
            return True, self.message["text"]
        rev, spoken = self._rev, self._effective_language()
        self._dealing.start(
            lambda cancel: _spoken(spoken, pick_deal, request.variant, kind, options=request.options,
                                   rng=dealing.readable_draw(), cancel=cancel),
            lambda picked: self._answer_arrived(rev, lambda answer: self._deal_found(request, answer), picked))
        with self.hold_sync():
            self.deal_note = dealing.note(kind, searching=True)
            self._say(self.deal_note["text"], "info")
        return True, self.message["text"]

    def _deal_found(self, request: dealing.Request, picked: Any) -> None:
        """The worker's answer to :meth:`_board_new_deal`: deal it (or say why not)."""
        if isinstance(picked, Exception):
            with self.hold_sync():
                self.deal_note = dealing.note("any")
                self._say(_("No deal could be found: {error}").format(error=short(picked)), "error")
            return
        self._new_deal(request, picked, "board")

    # Finishing ---------------------------------------------------------------------------------------------------

    def finish(self) -> list[Move]:
        """Play the cards home when the game is won in all but the moving: every card face up, the stock spent,
        and the foundations able to take the rest lowest first (see :func:`solitaire_widget.finish.finishing_moves`).
        Each is an ordinary move, in the history, that :meth:`undo` takes back. Answers the moves played;
        ``ValueError`` saying why when the game is not at that point."""
        with self._speaking():
            moves = finishing_moves(self._game)
            if moves is None:
                raise ValueError(self._no_finish())
            for move in moves:
                self._play(move, "python")
            return moves

    def _no_finish(self) -> str:
        game = self._game
        if game.is_over:
            return _("The game is over: there is nothing to finish.")
        if game.variant == "camelot":
            return _("Camelot has no foundations, so there is nothing to finish by itself.")
        if game.stock_count or any(code.islower() for column in game.position()["tableau"] for code in column):
            return _("Not yet: the game finishes by itself once every card is face up and the stock is spent.")
        return _("Not yet: the foundations cannot take the remaining cards in order without other moves first.")

    def _board_finish(self) -> tuple[bool, str]:
        if finishing_moves(self._game) is None:
            return self._refuse(self._no_finish())
        if not self._finishing.is_set():
            self._start_finish()
        return True, ""

    def _finish_switched(self, change: dict[str, Any]) -> None:
        if change["new"] and self.view.get("can_finish") and not self._finishing.is_set():
            self._start_finish()

    def _start_finish(self) -> None:
        self._finishing.set()
        with self._speaking():
            moves, rev = finishing_moves(self._game) or [], self._rev
        finisher = threading.Thread(target=self._finish_steps, args=(moves, rev), name="solitaire-finish", daemon=True)
        try:
            finisher.start()
        except RuntimeError:  # "can't start new thread": Python in the browser (Pyodide) has none
            self._finisher = None
            self._finish_on_loop(moves, 0, rev)
        else:
            self._finisher = finisher

    def _finish_step(self, moves: Sequence[Move], index: int, rev: int) -> int | None:
        """Play the finish's move ``index`` if the finish is still on and nothing else changed the game since
        revision ``rev``; answer the new revision, or None when the finish is over: stopped, or its last card home."""
        try:
            with self._speaking():
                if index >= len(moves) or not self._finishing.is_set() or self._rev != rev:
                    self._finishing.clear()
                    return None
                self._play(moves[index], "board")
                if index + 1 == len(moves):
                    self._finishing.clear()
                    return None
                return self._rev
        except Exception:  # a bug here must not kill the kernel's thread, or its event loop, silently
            log.exception("the finish failed")
            self._finishing.clear()
            return None

    def _finish_steps(self, moves: Sequence[Move], rev: int) -> None:
        """The board's finish, in a thread of its own: one move every :data:`FINISH_STEP` seconds (at once with
        ``animate`` off), so that each card is seen to fly home. Anything else that changes the game stops it."""
        index: int | None = 0
        while index is not None:
            if self.animate:
                time.sleep(FINISH_STEP)
            next_rev = self._finish_step(moves, index, rev)
            index, rev = (None, rev) if next_rev is None else (index + 1, next_rev)

    def _finish_on_loop(self, moves: Sequence[Move], index: int, rev: int) -> None:
        """The finish where no thread can start: each move is a call on the kernel's event loop, FINISH_STEP seconds
        after the last, so that the browser draws each card's flight in between (and the kernel stays free). With no
        event loop either, or ``animate`` off, the moves are played at once."""
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_event_loop()
        except RuntimeError:
            loop = None
        while True:
            next_rev = self._finish_step(moves, index, rev)
            if next_rev is None:
                return
            index, rev = index + 1, next_rev
            if loop is not None and self.animate:
                loop.call_later(FINISH_STEP, self._finish_on_loop, moves, index, rev)
                return

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
        with self._speaking():
            if not self._can_hint():
                return None
            found = hint(self._game, peek=peek, time_limit=self.hint_time)
            self._show_hint(found)
            return found

    def _can_hint(self) -> bool:
        if self._game.is_over:
            self._say(_("The game is over: there is no move to suggest."), "info")
            return False
        return True

    def _show_hint(self, found: Any) -> None:
        """Mark ``found`` (a ``Hint``) on the board and say it, or say that there is nothing to suggest."""
        move = getattr(found, "move", None)
        if move is None:
            self._say(_("There is no move to suggest here."), "info")
            return
        src, dst = move_marks(move)
        text = _("Hint: {advice}").format(advice=found.advice)
        self._keeper.hint_used()
        with self.hold_sync():
            self.suggestion = {"from": src, "to": dst, "text": text}
            self._say(text, "info", why=found.reason)

    def _board_hint(self) -> tuple[bool, str]:
        """The board's Hint button: the fair hint, worked out in a worker thread from the player's knowledge; it
        shows when found, unless a move came first."""
        if not self._can_hint():
            return False, self.message["text"]
        rev, known, limit = self._rev, self._game.knowledge(), self.hint_time
        spoken = self._effective_language()
        self._hinting.start(lambda cancel: _spoken(spoken, hint, known, time_limit=limit, cancel=cancel),
                            lambda found: self._answer_arrived(rev, self._hint_arrived, found))
        self._say(_("Looking for a good move…"), "info")
        return True, self.message["text"]

    def _hint_arrived(self, found: Any) -> None:
        """Show the board's hint (a ``Hint``, or the exception its search raised)."""
        if isinstance(found, Exception):
            self._say(_("The hint failed: {error}").format(error=short(found)), "error")
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
        with self._speaking():
            rev, game = self._rev, self._game.copy()
            spoken = self._effective_language()
            self._check.start(lambda cancel: _spoken(spoken, winnable_state, game, limit, cancel),
                              lambda answer: self._answer_arrived(rev, self._winnable_arrived, answer))
            self.winnable = running_state()  # the verdict has a place of its own on the board: said once, there

    def _winnable_arrived(self, answer: Any) -> None:
        """Show the verdict (the ``winnable`` trait :func:`winnable_state` built, or the exception it raised)."""
        if isinstance(answer, Exception):
            answer = {"state": "done", "verdict": "unknown",
                      "text": _("The solver failed: {error}").format(error=short(answer))}
        self.winnable = answer

    def _board_review(self) -> tuple[bool, str]:
        """The board's Review button: review the moves played so far (``sw.review_game`` with its budgets, on a
        copy of the game) in a worker thread, its progress on show; the last review lends the positions it worked
        out, so a review asked again after a few moves costs only those. While one runs, the button only opens its
        panel again."""
        if not self._game.history:
            return self._refuse(_("There is nothing to review yet: play a move first."))
        self._review_request += 1
        if self._reviewing.running:
            self.review = {**self.review, "id": self._review_request}
            return True, self.review["text"]
        rev, game, previous, spoken = self._rev, self._game.copy(), self._reviewed, self._effective_language()

        def progress(done: int, total: int) -> None:
            self._answer_arrived(rev, self._review_progress, (done, total))

        self._reviewing.start(
            lambda cancel: _spoken(spoken, review_game, game, previous=previous, progress=progress, cancel=cancel),
            lambda answer: self._answer_arrived(rev, self._review_arrived, answer))
        with self.hold_sync():
            self.review = review_running(self._review_request, 0, len(game.history))
            self._say(self.review["text"], "info")
        return True, self.message["text"]

    def _review_progress(self, progress: tuple[int, int]) -> None:
        if self.review["state"] == "running":
            self.review = review_running(self._review_request, *progress)

    def _review_arrived(self, answer: Any) -> None:
        """Show the finished review (a ``GameReview``, or the exception it raised) and say its summary."""
        kind: Literal["info", "error"]
        if isinstance(answer, Exception):
            state, kind = review_failed(answer, self._review_request), "error"
        else:
            self._reviewed = answer
            state, kind = review_done(answer, self._review_request), "info"
        with self.hold_sync():
            self.review = state
            self._say(state["text"], kind)

    def _review_again(self) -> dict[str, Any]:
        """The ``review`` trait in the language in force, for a change of language."""
        state = self.review
        if state["state"] == "done" and self._reviewed is not None:
            return review_done(self._reviewed, state["id"])
        if state["state"] == "running":
            return review_running(state["id"], state["done"], state["total"])
        return state

    def _answer_arrived(self, rev: int, show: Callable[[Any], None], answer: Any) -> None:
        """Called from a worker thread with a search's answer: shown, unless the game changed meanwhile."""
        with self._speaking():
            if rev == self._rev:
                show(answer)

    def _advice_switched(self, change: dict[str, Any]) -> None:
        """:attr:`show_chances` or :attr:`coach` changed: start working out the chances, or stop."""
        with self._speaking():
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
                self.coach_note = None  # type: ignore[assignment]  # allow_none=True: traitlets' types leave None out

    def _analyse(self, move: Move | None, before: Knowledge | None) -> None:
        """Work out, in a worker thread, the fair chances of the position now (for the meter) and, when the coach
        is on, the fair player's choice there (for judging the next move); and when the coach is on and ``move``
        was just played from ``before``, judge that move.

        The choice at ``before`` is usually at hand already, worked out while the player was thinking; if it is not,
        it is worked out first, so the coach's word comes before the meter's."""
        rev, now, limit = self._rev, self._game.knowledge(), self.chance_time
        coach = self.coach
        judge = coach and move is not None and before is not None
        earlier = self._analysis if self._analysis is not None and self._analysis[1] == before else None
        player = FairPlayer(time_limit=limit)

        spoken = self._effective_language()

        def work(cancel: threading.Event) -> tuple[Chances, Choice | None]:
            with using(spoken):
                return judge_and_estimate(cancel)

        def judge_and_estimate(cancel: threading.Event) -> tuple[Chances, Choice | None]:
            if judge:
                choice = earlier[3] if earlier is not None and earlier[3] is not None else player.choice(
                    before, cancel=cancel)  # type: ignore[arg-type]
                if not cancel.is_set():
                    review = Review.of(before, choice, move, player)  # type: ignore[arg-type]
                    self._answer_arrived(rev, self._coach_arrived, review)
            table = chances(now, time_limit=limit, cancel=cancel)
            return table, player.choice(now, cancel=cancel) if coach and not cancel.is_set() else None

        self._analysing.start(work, lambda found: self._answer_arrived(rev, self._chances_arrived, (now, found)))
        if self.show_chances:
            self.meter = meter_running()

    def _coach_arrived(self, review: Review) -> None:
        if isinstance(review, Review) and review.blunder:
            self._message_id += 1
            with self.hold_sync():
                self.coach_note = {"text": review.text, "blunder": True, "id": self._message_id}
                self._say(review.text, "info")

    def _chances_arrived(self, answer: Any) -> None:
        if isinstance(answer, Exception):
            if self.show_chances:
                self.meter = {**METER_OFF, "state": "done",
                              "text": _("The win chance failed: {error}").format(error=short(answer))}
            return
        known, (table, choice) = answer
        self._analysis = (self._rev, known, table, choice)
        if self.show_chances:
            self.meter = meter_state(table)

    # Lessons ---------------------------------------------------------------------------------------------------

    def lesson(self, steps: Iterable[Sequence[Any]]) -> None:
        """Start a lesson: ``steps`` is a list of ``(move, caption)`` played from the current position.

        Every step is checked first (``ValueError`` names the first that cannot be played). The board shows a
        lesson bar with the caption and Back / Next buttons; :meth:`lesson_next` and :meth:`lesson_back` do the
        same from Python. The player may try moves of their own meanwhile; Back returns to the lesson's line.
        """
        with self._speaking():
            self._lesson = Lesson(self._game, steps)
            self.lesson_state = self._lesson.state(self._game)

    def lesson_next(self) -> Move | None:
        """Play the lesson's next step and show its caption; ``None`` (and a message) when there is none."""
        with self._speaking():
            return self._lesson_next("python")

    def _running_lesson(self) -> Lesson | None:
        """The lesson in progress; with none, the message line says how to start one."""
        if self._lesson is None:
            self._say(_("No lesson is running: start one with lesson(steps)."), "error")
        return self._lesson

    def _lesson_next(self, source: Source) -> Move | None:
        lesson = self._running_lesson()
        if lesson is None:
            return None
        move = lesson.next_move(self._game)
        if move is None:
            done = lesson.on_line(self._game)
            self._say(_("That was the last step of the lesson.") if done else
                      _("The board has left the lesson's line: press Back to return to it."), "info")
            return None
        return self._play(move, source)

    def lesson_back(self) -> Move | None:
        """Take back the lesson's last step (or, off the line, the player's own moves back to the line)."""
        with self._speaking():
            return self._lesson_back("python")

    def _lesson_back(self, source: Source) -> Move | None:
        lesson = self._running_lesson()
        if lesson is None:
            return None
        if not lesson.can_back(self._game):
            self._say(_("This is the start of the lesson."), "info")
            return None
        undone = None
        while self._game.can_undo and (not lesson.on_line(self._game) or undone is None):
            undone = self._step("undo", source)
        return undone

    def end_lesson(self) -> None:
        """Close the lesson bar; the game stays as it is."""
        with self._speaking():
            self._lesson = None
            self.lesson_state = NO_LESSON

    # Keeping the board in step ---------------------------------------------------------------------------------

    def _changed(self, kind: EventKind, move: Move | None, source: Source, text: str,
                 before: Knowledge | None = None) -> None:
        """After any change to the game: new revision, fresh view, stale analysis dropped (and new analysis
        started, when the meter or the coach is on), callbacks told. ``before`` is the knowledge the move was
        played from, for the coach."""
        if kind not in ("restart", "new_deal"):
            self._left = None  # the game left by New deal or Restart is out of Undo's reach once this one moves
        self._rev += 1
        self._check.cancel()
        self._hinting.cancel()
        self._analysing.cancel()
        self._reviewing.cancel()
        if self._dealing.running:  # the player played on: the search for the next deal is called off
            self._dealing.cancel()
            self.deal_note = self._note
        game = self._game
        self._keeper.after(kind, game)
        record = self._keeper.record(game)
        if game.status == "won":
            text += " " + _("You won!")
        elif game.status == "stuck":
            text += " " + _("The game is stuck.")
        elif game.status == "lost":
            text += " " + lost_reason(game.position())
        with self.hold_sync():
            self.view = self._masked()
            self.status_line = status_line(game, self.hide_deal)
            self.suggestion = None  # type: ignore[assignment]  # allow_none=True: traitlets' types leave None out
            self.winnable = IDLE
            self.coach_note = None  # type: ignore[assignment]  # allow_none=True: traitlets' types leave None out
            self.review = REVIEW_OFF
            self.lesson_state = self._lesson.state(game) if self._lesson else NO_LESSON
            self.record = record
            self._say(" ".join(part for part in (text, record["result"]) if part), "info")
            if self.show_chances or self.coach:
                self._analyse(move if kind == "play" else None, before)
        self._callbacks(MoveEvent(self, kind, move, source))
        if self.auto_finish and not self._finishing.is_set() and self.view.get("can_finish"):
            self._start_finish()

    def _say(self, text: str, kind: Literal["info", "error"], why: str = "") -> None:
        """Put ``text`` on the message line, with ``why`` behind a "Why?" (a hint's reasons). An error said while
        answering a view's request names that view (``"view"``), so that only the view whose player caused it shows
        it; "" for everything else."""
        self._message_id += 1
        self.message = {"text": text, "kind": kind, "id": self._message_id,
                        "view": self._asking if kind == "error" else "", "why": why}

    # Intents from the board ------------------------------------------------------------------------------------

    def _on_board_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Handle one message from a front end. Whatever it holds, this never raises into the kernel."""
        address = reply_address(content)
        try:
            with self._speaking():
                self._asking = address[0] if address is not None else ""
                try:
                    ok, text = self._handle(content)
                finally:
                    self._asking = ""
        except Exception as error:  # the last guard: a bug here must show as a message, not a kernel traceback
            log.exception("the board's message %r could not be handled", content)
            ok, text = False, _("Internal error while handling the board's request: {error}").format(
                error=short(error))
            self._say(text, "error")
        if address is not None:
            self.send({"type": "answer", "view": address[0], "seq": address[1], "ok": ok, "text": text})

    def _handle(self, content: Any) -> tuple[bool, str]:
        try:
            intent = parse_intent(content)
        except ValueError as error:
            return self._refuse(_("The board sent a message that makes no sense, so nothing changed: {error}.").format(
                error=error))
        if intent.moves_cards and intent.rev != self._rev:
            return self._refuse(_("The board was out of date (another view or Python moved first), so nothing "
                                  "changed. Try again on the board as it is now."))
        if intent.from_player:
            self._keeper.claim()  # the player is playing this game on the board: it counts (see keep_statistics)
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
        if action == "undo" and self._can_come_back():
            self._come_back("board")
        elif action in ("undo", "redo"):
            if not (self._game.can_undo if action == "undo" else self._game.can_redo):
                return self._refuse(_("Nothing to undo.") if action == "undo" else _("Nothing to redo."))
            self._step("undo" if action == "undo" else "redo", "board")
        elif action == "restart":
            self._restart("board")
        elif action == "new_deal":
            return self._board_new_deal(intent)
        elif action == "finish":
            return self._board_finish()
        elif action == "hint":
            return self._board_hint()
        elif action == "winnable":
            self._toggle_winnable()
        elif action == "review":
            return self._board_review()
        elif action == "coach_close":
            self.coach_note = None  # type: ignore[assignment]  # allow_none=True: traitlets' types leave None out
            return True, ""
        elif action == "page_language":
            return self._page_spoke(intent.language or "")
        elif action == "lesson_next":
            return self._lesson_next("board") is not None, self.message["text"]
        elif action == "lesson_back":
            return self._lesson_back("board") is not None, self.message["text"]
        else:
            self.end_lesson()
            return True, _("Lesson closed.")
        return True, self.message["text"]

    def _page_spoke(self, page: str) -> tuple[bool, str]:
        """The page the board is drawn in says its language (JupyterLab's, ``<html lang>``): the board speaks it
        when nothing else was chosen and it is one of ours; another language leaves the board as it is."""
        try:
            self._page_language = check_language(page)
        except ValueError:
            return True, ""
        spoken = self._effective_language()
        if spoken != self.language:
            self._speak(spoken)
        return True, ""

    def _toggle_winnable(self) -> None:
        """The board's "Still winnable?" button: start a check, or stop the one running."""
        if not self._check.running:
            self.check_winnable()
            return
        self._check.cancel()
        with self.hold_sync():
            self.winnable = IDLE
            self._say(_("Stopped checking."), "info")

    def _board_play(self, move: Move) -> tuple[bool, str]:
        try:
            self._play(move, "board")
        except ValueError as error:  # IllegalMove, or a pile this game does not have
            return self._refuse(str(error))
        return True, self.message["text"]

    def _board_foundation(self, pile: str) -> tuple[bool, str]:
        """Double-click: the top card of ``pile`` up to a foundation, or the rule that keeps it down."""
        game = self._game
        if game.variant == "camelot":
            return self._refuse(_("Camelot has no foundations: a Ten leaves the grid on its own, and other cards "
                                  "leave it in pairs that add up to ten."))
        if pile == "stock":
            return self._refuse(_("Cards go up to a foundation from the waste or the tableau, not from the stock."))
        if pile not in game.pile_names:
            return self._refuse(_("The board asked to send up a card from a pile this game does not have."))
        if pile.startswith("f"):
            return self._refuse(_("That card is on a foundation already."))
        move = game.foundation_move(pile)
        if move is not None:
            return self._board_play(move)
        cards = game.cards_in(pile)
        if not cards:
            if pile == "waste":
                return self._refuse(_("There is no card on the waste to send up."))
            return self._refuse(_("There is no card in column {number} to send up.").format(number=pile[1:]))
        card = parse_card(cards[-1])
        return self._refuse(_("The {card} cannot go up to a foundation now.").format(card=card_label(card)) + " "
                            + self._foundation_reason(pile, cards[-1]))

    def _foundation_reason(self, pile: str, code: str) -> str:
        """The rules model's reason, asked about the foundation the card would belong to."""
        foundations = [f"f{i}" for i in range(1, 5)]
        same_suit = [f for f in foundations if self._game.cards_in(f) and self._game.cards_in(f)[-1][1] == code[1]]
        empty = [f for f in foundations if not self._game.cards_in(f)]
        target = (same_suit or empty or foundations)[0]
        return self._game.explain(Move.move(pile, target, 1))

    def close(self) -> None:
        """Close the widget (its views disappear) and stop any search it started."""
        self._check.cancel()
        self._hinting.cancel()
        self._analysing.cancel()
        self._dealing.cancel()
        self._reviewing.cancel()
        self._finishing.clear()
        game, keeper = getattr(self, "_game", None), getattr(self, "_keeper", None)
        if game is not None and keeper is not None:  # a widget that failed half-built has neither
            with self._lock:
                keeper.leave(game)
        super().close()


def _seconds(name: str, value: object) -> float:
    """A budget in seconds: a number above zero, at most a day."""
    seconds = number(value, name, above=0)
    assert seconds is not None
    if seconds > 86_400:
        raise ValueError(f"{name} must be at most 86400 seconds (a day), not {short(value)}")
    return seconds


def _spoken(language: str, function: Callable[..., Any], *args: Any, **keywords: Any) -> Any:
    """``function(*args, **keywords)`` with ``language`` in force: for the board's worker threads, which start
    with no language of their own."""
    with using(language):
        return function(*args, **keywords)
