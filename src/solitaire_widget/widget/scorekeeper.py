"""The board's record of the game being played: its clock, the hints and undos used, and the lasting statistics.

Which games count is the board's ``keep_statistics`` (see :func:`check_keep`). By default only the games the player
plays on the board: a game counts once its first move is made *and* a view of the board has asked for something in
it (a move, Undo, Hint...: :meth:`Scorekeeper.claim`). Boards made by a script, a benchmark or another program are
driven from Python, and their games are not the player's: they must not fill the player's statistics (or even make
the file) unless the script says so with ``keep_statistics=True``.

Once a game counts, :class:`Scorekeeper` begins a row in the statistics store (:mod:`solitaire_widget.stats`), keeps
it up to date after every change (so a kernel killed mid-game leaves it as it was at the last move), and finishes it
as won when the game is won, or as lost when the player leaves it for a new deal, a restart or another game. A game a
script began and the player carries on on the board counts from the board's first request: its row begins with the
next change to the game (the request's own, for a move or an undo) and holds the whole game, every move, the score,
the hints and undos and the time since the first move, because it is one game and the board shows it as one. The
clock runs from the first move to the end of the game.

The ``record`` trait it builds is what the board shows: the clock, the statistics of this game and option set
(the Statistics panel), and, once a game is over, a sentence with its result.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Literal

from ..checks import short
from ..game import Game
from ..i18n import gettext as _
from ..i18n import percent, pgettext
from ..stats import (GameEntry, StatisticsStore, SummaryRow, clock_text, default_store, default_store_exists,
                     option_words, options_key)

#: What ``keep_statistics`` may be: ``"board"``, True or False (see :func:`check_keep`).
Keep = Literal["board", True, False]


def check_keep(value: object) -> Keep:
    """``value`` when it is a setting of ``keep_statistics``; ValueError saying what is accepted otherwise.

    ``"board"`` (the board's default) counts the games played on the board, ``True`` every game, moves made from
    Python too (the script's explicit choice), ``False`` none. Not 1, "yes" or None: a setting that is not one of
    these is a mistake, and guessing which was meant could put a script's games on the player's record."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value == "board":
        return "board"
    raise ValueError(f"keep_statistics must be 'board' (count the games played on the board), True (count every "
                     f"game, scripted ones too) or False (count none), not {short(value)}")


@dataclass(frozen=True)
class Departure:
    """What :meth:`Scorekeeper.leave` left behind, for :meth:`Scorekeeper.come_back`: the game's row (and whether
    leaving finished it as lost), its claim, its clock (seconds played, None before the first move; whether it was
    running) and its counts."""

    entry: GameEntry | None
    finished: bool
    begun: bool
    claimed: bool
    seconds: float | None
    running: bool
    hints: int
    undos: int


class Scorekeeper:
    """Keeps one board's game on the record (see the module docs). ``keep`` says which games count
    (:func:`check_keep`); False keeps nothing on disk. The clock and the counts still work for a game that does not
    count, as the board shows them either way."""

    def __init__(self, keep: object) -> None:
        self._keep = check_keep(keep)
        self._store: StatisticsStore | None = None
        self._entry: GameEntry | None = None
        self._begun = False  # this game's row has been begun (it may be finished, or no longer kept, since)
        self._claimed = False  # a view of the board has asked for something in this game
        self._started: float | None = None  # time.monotonic() of the first move
        self._stopped: float | None = None  # seconds played, once the game ended
        self.hints = 0
        self.undos = 0
        # The Statistics panel as last read from the store, for (variant, options): read again only when a game
        # of the record begins or ends, not after every move.
        self._panel: tuple[tuple[str, str], list[list[str]], str] | None = None

    @property
    def keep(self) -> Keep:
        return self._keep

    @keep.setter
    def keep(self, value: object) -> None:
        """Checked first (a bad value changes nothing). Switching keeping off leaves the game being played
        unrecorded from then on (its row stays open, as for a session that ended); a setting under which the game
        being played counts and is not on the record yet begins its row at the game's next change."""
        keep = check_keep(value)
        self._keep = keep
        self._panel = None
        if keep is False:
            self._entry = None

    def claim(self) -> None:
        """A view of the board asked for something in this game (a move, Undo, Hint...: not what a view sends by
        itself): it is the player's game. With ``keep`` "board" it counts from its next change, whoever makes it,
        until the player leaves it."""
        self._claimed = True

    def _counts(self) -> bool:
        """Whether the game on the board counts in the statistics, under ``keep``."""
        return self._keep is True or (self._keep == "board" and self._claimed)

    def store(self) -> StatisticsStore | None:
        """The statistics store in use (opened on first need, which makes its file), or None when statistics are
        not kept."""
        if not self._keep:
            return None
        if self._store is None:
            self._store = default_store()
        return self._store

    @property
    def seconds(self) -> float:
        """Seconds played since the first move (frozen once the game ended; 0 before the first move)."""
        if self._stopped is not None:
            return self._stopped
        return 0.0 if self._started is None else time.monotonic() - self._started

    def hint_used(self) -> None:
        self.hints += 1

    def after(self, kind: str, game: Game) -> None:
        """Called after every change to ``game`` (``kind`` as in a MoveEvent): start the clock on the first move,
        begin the row once the game counts, count undos, keep the row up to date, and finish it when the game is
        won."""
        if kind == "undo":
            self.undos += 1
        if self._stopped is not None and game.status == "playing" and kind != "new_deal":
            # Taken back from the end (an undo after a loss or a win): the clock runs on from where it stopped.
            self._started, self._stopped = time.monotonic() - self._stopped, None
        if kind == "play" and self._started is None:
            self._started = time.monotonic()
        if self._started is not None and not self._begun and self._counts():
            self._begin(game)
        if self._stopped is None and game.status != "playing" and self._started is not None:
            self._stopped = time.monotonic() - self._started  # the clock stops at the end of the game
            if game.status == "won":
                self._finish(game, "won")
        elif self._entry is not None:
            store = self.store()
            if store is not None:
                store.update(self._entry, **self._totals(game))

    def _begin(self, game: Game) -> None:
        """Begin ``game``'s row, with its moves and score so far (the caller brings the other totals up to date)."""
        self._begun = True
        store = self.store()
        self._entry = store.begin(game) if store is not None else None
        self._panel = None

    def leave(self, game: Game) -> Departure:
        """The player leaves ``game`` (a new deal, a restart, another game, the board closed): a game begun and not
        won is lost, a stuck one too (a won one is finished already). The counts, the clock and the claim start
        again for the next game, which counts on its own terms: a view's request for this game says nothing about
        the next one. Answers what :meth:`come_back` needs to take the leaving back."""
        departure = Departure(entry=self._entry, finished=self._entry is not None, begun=self._begun,
                              claimed=self._claimed, seconds=self.seconds if self._started is not None else None,
                              running=self._started is not None and self._stopped is None, hints=self.hints,
                              undos=self.undos)
        if self._entry is not None:
            self._finish(game, "lost")
        self._entry = None
        self._begun = self._claimed = False
        self._started = self._stopped = None
        self.hints = self.undos = 0
        return departure

    def come_back(self, departure: Departure) -> None:
        """The player undid leaving a game (Undo after a new deal or a restart): its row is open again, so the loss
        :meth:`leave` recorded is gone, and its counts, clock and claim are as they were. Call it in place of the
        game left since (which has no move, so nothing on the record)."""
        entry = departure.entry
        if entry is not None and departure.finished and self._keep is not False:
            store = self.store()
            if store is not None:
                store.reopen(entry)
        self._entry = entry if self._keep is not False else None
        self._begun, self._claimed = departure.begun, departure.claimed
        seconds = departure.seconds
        if seconds is None:
            self._started = self._stopped = None
        else:
            self._started = time.monotonic() - seconds
            self._stopped = None if departure.running else seconds
        self.hints, self.undos = departure.hints, departure.undos
        self._panel = None

    def _finish(self, game: Game, result: str) -> None:
        if self._entry is not None:  # a game not on the record opens no store
            store = self.store()
            if store is not None:
                store.finish(self._entry, result, **self._totals(game))
        self._entry = None
        self._panel = None

    def _totals(self, game: Game) -> dict[str, Any]:
        return {"moves": game.moves, "score": game.score, "seconds": round(self.seconds, 1), "hints": self.hints,
                "undos": self.undos}

    # What the board shows ----------------------------------------------------------------------------------------

    def record(self, game: Game) -> dict[str, Any]:
        """The ``record`` trait: the clock (``seconds`` so far and whether it runs), the result of a game that is
        over, and the Statistics panel for this game and option set."""
        key = (game.variant, options_key(game.options))
        if self._panel is None or self._panel[0] != key:
            self._panel = (key, *self._read_panel(game))
        rows, note = self._panel[1:]
        options = option_words(game.variant, key[1])
        title = (_("Your statistics: {game}, {options}").format(game=game.rules.local_title, options=options)
                 if game.rules.options and any(len(values) > 1 for values in game.rules.options.values()) else
                 _("Your statistics: {game}").format(game=game.rules.local_title))
        return {
            "title": title,
            "seconds": round(self.seconds, 1),
            "running": self._started is not None and self._stopped is None,
            "result": self._result(game),
            "rows": rows,
            "note": note,
        }

    def _read_panel(self, game: Game) -> tuple[list[list[str]], str]:
        if self._keep is False:
            return [], _("Statistics are not kept for this board (keep_statistics=False).")
        store = self._store_to_read()
        if store is not None and not store.enabled:
            return [], store.reason or _("Statistics are off.")
        summary = store.summary(game.variant) if store is not None else []
        mine = [row for row in summary if row.options == options_key(game.options)]
        if not mine:
            if self._keep == "board":
                return [], _("No game with these options played yet: a game counts once you make a move on the "
                             "board.")
            return [], _("No game with these options played yet: a game counts once its first move is made.")
        return _panel_rows(mine[0]), ""

    def _store_to_read(self) -> StatisticsStore | None:
        """The store for the Statistics panel; None while there is none to read. Opening the store makes its file,
        and a board none of whose games has counted (a script's) must leave the data folder as it found it."""
        if self._store is None and not default_store_exists():
            return None
        return self.store()

    def _result(self, game: Game) -> str:
        if game.status == "playing" or self._started is None:
            return ""
        return _("Time played: {time}; hints used: {hints}; moves undone: {undos}.").format(
            time=clock_text(self.seconds), hints=self.hints, undos=self.undos)


def _panel_rows(row: SummaryRow) -> list[list[str]]:
    """The Statistics panel: [label, value] pairs in the language in force."""
    none = pgettext("no figure yet", "–")
    rate = none if row.win_rate is None else percent(row.win_rate)
    return [
        [_("Games played"), str(row.played)],
        [_("Games won"), str(row.won)],
        [_("Win rate"), rate],
        [_("Current streak of wins"), str(row.current_streak)],
        [_("Best streak of wins"), str(row.best_streak)],
        [_("Best score"), none if row.best_score is None else str(row.best_score)],
        [_("Fastest win"), none if row.best_seconds is None else clock_text(row.best_seconds)],
    ]
