"""Statistics that last: every game played, in a small SQLite file in the user's data folder.

A player wants to know how often they win, their streaks and their best games, across sessions, kernels and
notebooks; so each game played is one row of a SQLite file (``statistics.sqlite`` in
``platformdirs.user_data_path("solitaire-widget")``, or in the folder the environment variable
``SOLITAIRE_WIDGET_DATA`` names). The board writes the rows; :func:`statistics` (``sw.statistics()``) reads them
back as a table and a small plot.

A game counts once its first move is made: the board calls :meth:`StatisticsStore.begin` then, not when it deals,
so flicking through deals costs nothing, while a game given up (or left for a new deal) still counts. By default a
board counts only the games played on it, not those a script plays from Python (its ``keep_statistics``, in
:mod:`solitaire_widget.widget.scorekeeper`), and it opens the store only when it has a game to count or a file to
read: a script's boards leave the data folder as they found it. Until it is finished a row says ``"open"``; a row
left open by a session that was killed counts as played and not won, so that closing the notebook on a bad game does
not hide it.

Why SQLite, and how it survives (this file must never cost a player a game, nor lose their history):

* **Kills.** Every write is one transaction: a kernel killed in the middle of one leaves the file as it was before
  it. The write-ahead log (WAL) journal keeps that true without an ``fsync`` per move.
* **Two notebooks at once.** Two processes writing at the same time take turns: writes start with ``BEGIN
  IMMEDIATE`` and wait up to :data:`BUSY_SECONDS` for the other one, so neither loses a row.
* **A damaged or foreign file** (not a database, another program's tables, a truncated file) is renamed aside as
  ``statistics.sqlite.corrupt-YYYYmmdd-HHMMSS``, with a warning naming both files, and a fresh file is started: the
  old one is kept for whoever wants to look at it, and the game goes on.
* **A folder that cannot be written** (read-only, full, missing) switches the store off with one warning:
  ``store.enabled`` is False and ``store.reason`` says why. The game plays on without statistics; nothing the board
  calls here ever raises, except ``ValueError`` for a call that is wrong in itself (a programming error).
* **A newer layout.** The layout's version is in ``PRAGMA user_version``; a file written by a newer version of the
  package is left alone (statistics are off for this session, and the reason says to update), never set aside.

Keeping statistics is switched off for a store made with ``enabled=False``, or for the default store when the
environment variable ``SOLITAIRE_WIDGET_STATISTICS`` is ``off``.
"""

from __future__ import annotations

import atexit
import html
import os
import threading
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal, TypeVar

import platformdirs

try:
    import sqlite3
except ImportError:  # a Python built without SQLite (some browser or minimal builds): statistics are off, with a reason
    _HAVE_SQLITE = False
else:
    _HAVE_SQLITE = True

from .checks import number, short, whole
from .game import Game
from .i18n import NP_, ngettext, percent, pgettext, translate
from .i18n import gettext as _
from .intervals import wilson
from .variants import VARIANT_RULES, VARIANTS, variant_rules

__all__ = ["BUSY_SECONDS", "DATA_VARIABLE", "FILE_NAME", "RESULTS", "SCHEMA_VERSION", "SWITCH_VARIABLE", "GameEntry",
           "PlayedGame", "Statistics", "StatisticsStore", "StatisticsWarning", "SummaryRow", "data_folder",
           "default_path", "default_store", "default_store_exists", "options_key", "statistics"]

#: The layout of the file, kept in ``PRAGMA user_version``; 0 is a file this package has not set up yet.
SCHEMA_VERSION = 1
#: The statistics file's name in the data folder.
FILE_NAME = "statistics.sqlite"
#: The environment variable naming the folder for the statistics file (tests point it at a temporary folder).
DATA_VARIABLE = "SOLITAIRE_WIDGET_DATA"
#: The environment variable that switches the default store off when it is ``off`` (or ``0``, ``no``, ``false``).
SWITCH_VARIABLE = "SOLITAIRE_WIDGET_STATISTICS"
#: How long a write waits for another process's write to finish before giving up (a write takes milliseconds).
BUSY_SECONDS = 30.0
#: What a row's result can be: ``"open"`` while the game is played (or when its session was killed).
RESULTS = ("won", "lost", "open")
#: How many recent games :func:`statistics` reads by default, and how many its HTML table lists.
RECENT = 200
_TABLE_GAMES = 10

_COLUMNS = ("id", "variant", "options", "deal", "started_at", "finished_at", "result", "moves", "score", "seconds",
            "hints", "undos")
_COUNTERS = ("moves", "score", "seconds", "hints", "undos")
_SCHEMA = f"""
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    deal INTEGER,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    result TEXT NOT NULL DEFAULT 'open' CHECK (result IN ('won', 'lost', 'open')),
    moves INTEGER NOT NULL DEFAULT 0 CHECK (moves >= 0),
    score INTEGER NOT NULL DEFAULT 0,
    seconds REAL NOT NULL DEFAULT 0 CHECK (seconds >= 0),
    hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    undos INTEGER NOT NULL DEFAULT 0 CHECK (undos >= 0)
);
CREATE INDEX games_by_kind ON games (variant, options, id);
PRAGMA user_version = {SCHEMA_VERSION};
"""
# SQLite's primary result codes for a file that is damaged or not a database at all (as opposed to one that cannot
# be opened or written, which switches the store off instead).
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26

T = TypeVar("T")


class StatisticsWarning(UserWarning):
    """Said when statistics cannot be kept as usual: a file set aside, or the store switched off. Filter it with
    ``warnings.filterwarnings("ignore", category=StatisticsWarning)``."""


# Where -----------------------------------------------------------------------------------------------------------

def data_folder() -> Path:
    """The folder for the statistics: ``$SOLITAIRE_WIDGET_DATA`` when it is set, else the user's data folder for
    solitaire-widget (``~/.local/share/solitaire-widget`` on Linux). Read on every call, so that a test or a
    notebook may point it elsewhere at any time."""
    named = os.environ.get(DATA_VARIABLE, "")
    if named:
        return Path(named).expanduser()
    return platformdirs.user_data_path("solitaire-widget", appauthor=False)


def default_path() -> Path:
    """The statistics file: :data:`FILE_NAME` in :func:`data_folder`."""
    return data_folder() / FILE_NAME


def _switched_on() -> bool:
    return os.environ.get(SWITCH_VARIABLE, "").strip().lower() not in {"off", "0", "no", "false"}


def options_key(options: Mapping[str, int]) -> str:
    """A game's option set as stable text, the same however the dict is ordered: ``"draw=1,redeals=2"``; ``""``
    for a game without options (Camelot). Statistics are kept per game and per option set, because a game's
    options change how often it can be won."""
    if not isinstance(options, Mapping):
        raise ValueError(f"options must be a dict of option names to whole numbers, not {short(options)}")
    parts = []
    for key in sorted(options, key=str):
        if not isinstance(key, str) or not key.isidentifier():
            raise ValueError(f"an option's name is a word such as 'draw', not {short(key)}")
        parts.append(f"{key}={whole(options[key], f'option {key}')}")
    return ",".join(parts)


# What is kept ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameEntry:
    """The handle :meth:`StatisticsStore.begin` gives for a game being played: pass it to ``update`` and ``finish``.

    ``id`` is the game's row, or None when the store is switched off (then ``update`` and ``finish`` do nothing,
    so the board needs no special case). ``path`` is the file the row is in."""

    id: int | None
    variant: str
    options: str
    deal: int | None
    started_at: str
    path: Path | None = field(default=None, repr=False)


@dataclass(frozen=True)
class PlayedGame:
    """One game as the file keeps it. ``result`` is ``"won"``, ``"lost"`` (given up, or left for a new deal) or
    ``"open"``; ``in_play`` says an open game is being played in this process right now (an open game that is not
    in play was left by a session that ended without finishing it, or is being played in another notebook).
    ``seconds`` is the time played; ``hints`` and ``undos`` how many were used. Times are in UTC."""

    id: int
    variant: str
    options: str
    deal: int | None
    started_at: datetime | None
    finished_at: datetime | None
    result: str
    moves: int
    score: int
    seconds: float
    hints: int
    undos: int
    in_play: bool = False

    @property
    def won(self) -> bool:
        return self.result == "won"


@dataclass(frozen=True)
class SummaryRow:
    """The statistics of one game and option set.

    ``played`` counts every game begun (open ones too: a game counts once its first move is made), ``won`` those
    won. The current streak is the run of wins up to the latest game, the best streak the longest run ever; a game
    lost or left open ends a run, but a game still being played in this process does not (it has not ended yet,
    and it is counted in ``in_play``). ``best_score`` is the highest score of any game, ``best_seconds`` the
    fastest win (None before the first win)."""

    variant: str
    options: str
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_score: int | None
    best_seconds: float | None
    in_play: int = 0

    @property
    def win_rate(self) -> float | None:
        """Games won over games played; None before the first game."""
        return self.won / self.played if self.played else None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate: how sure the rate is after this many games
        (:func:`~solitaire_widget.intervals.wilson`)."""
        return wilson(self.won, self.played)


# The store ---------------------------------------------------------------------------------------------------------

class _Foreign(Exception):
    """The file is a database, but not a statistics file (another layout, or damaged)."""


class _Newer(Exception):
    """The file is a statistics file of a newer layout than this version reads."""


def _is_damage(error: BaseException) -> bool:
    """Whether a SQLite error says the file is damaged or not a database (rather than that it cannot be reached)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    return isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _check_counters(counters: Mapping[str, object]) -> dict[str, int | float]:
    """The counters given (None: not given), checked: whole numbers of 0 or more (the score may be any whole
    number), seconds a finite number of 0 or more."""
    checked: dict[str, int | float] = {}
    for name, value in counters.items():
        if value is None:
            continue
        if name == "seconds":
            checked[name] = number(value, "seconds", at_least=0)  # type: ignore[assignment]
        elif name == "score":
            checked[name] = whole(value, "score")
        else:
            checked[name] = whole(value, name, low=0)
    return checked


class StatisticsStore:
    """The games played, in the SQLite file at ``path`` (None: :func:`default_path`); see the module's docs.

    Made at once (the folder and the file are created, a damaged file is set aside); when the file cannot be
    written the store switches itself off, with one :class:`StatisticsWarning`, and every call after that does
    nothing. ``enabled=False`` makes a store that is off from the start, without a warning.

    Safe to share between threads (one lock around the connection) and to use from several processes at once (each
    its own store). Use one store for a game from ``begin`` to ``finish``; :func:`default_store` is the one the
    board and :func:`statistics` share, which lets a summary tell games still being played from abandoned ones.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, enabled: bool = True) -> None:
        given = path is not None
        if path is None:
            path = default_path()
        if isinstance(path, bool) or not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
            raise ValueError(f"path must be a file name (a str or a Path), or None for the default, not {short(path)}")
        if not isinstance(enabled, bool):
            raise ValueError(f"enabled must be True or False, not {short(enabled)}")
        self.path = Path(os.path.abspath(Path(os.fspath(path)).expanduser()))
        if given and self.path.is_dir():  # a mistake in the call; at the default place, it only switches them off
            raise ValueError(f"path must be a file name, not the folder {str(self.path)!r}: the default is "
                             f"{FILE_NAME!r} in that folder")
        self.enabled = enabled
        #: Why the store is off, as a sentence for the player; None while it is on.
        self.reason: str | None = None if enabled else _("Keeping statistics is switched off.")
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None
        self._pid = os.getpid()
        self._live: set[int] = set()
        if enabled and not _HAVE_SQLITE:
            self._switch_off(_("Statistics are not kept: this Python has no SQLite (the sqlite3 module). The game "
                               "plays on without them."))
        elif enabled:
            with self._lock:
                self._open()

    # Opening, checking, setting aside ------------------------------------------------------------------------------

    def _open(self) -> None:
        """Connect, set up or check the file; set a damaged one aside (once), or switch off when it cannot serve."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._switch_off(_("Statistics are not kept: the folder {folder} cannot be created ({error}). The game "
                               "plays on without them.").format(folder=self.path.parent, error=_why(error)))
            return
        for attempt in range(3):
            identity = _identity(self.path)
            try:
                self._db = self._connect()
                self._pid = os.getpid()
                return
            except _Newer as error:
                self._switch_off(_("Statistics are not kept: the file {path} was written by a newer version of "
                                   "solitaire-widget (layout {layout}). Update the package to keep them; the file "
                                   "is left as it is.").format(path=self.path, layout=error.args[0]))
                return
            except (_Foreign, sqlite3.Error) as error:
                if isinstance(error, sqlite3.Error) and not _is_damage(error):
                    self._switch_off(_("Statistics are not kept: the file {path} cannot be opened for writing "
                                       "({error}). The game plays on without them.").format(path=self.path,
                                                                                            error=_why(error)))
                    return
                if attempt == 2:
                    break
                if _identity(self.path) != identity:
                    continue  # another process has just set it aside and started afresh: look again
                try:
                    aside = self._set_aside()
                except OSError as problem:
                    self._switch_off(_("Statistics are not kept: the file {path} cannot be read ({error}), and it "
                                       "cannot be set aside ({problem}).").format(path=self.path, error=_why(error),
                                                                                  problem=_why(problem)))
                    return
                _warn(_("The statistics file {path} could not be read ({error}). It has been set aside as {aside}, "
                        "and a fresh one has been started.").format(path=self.path, error=_why(error), aside=aside))
        self._switch_off(_("Statistics are not kept: a fresh file {path} cannot be started.").format(path=self.path))

    def _connect(self) -> sqlite3.Connection:
        """A connection to a checked statistics file: WAL journal, busy timeout, the layout set up or verified.

        Raises _Foreign or a damage error for a file to set aside, _Newer for a newer layout, any other sqlite3
        error for a file that cannot be reached or written."""
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        try:
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            self._check(db)  # before anything is written: a file set aside or left alone is kept as it was
            db.execute("PRAGMA journal_mode = WAL").fetchone()
            db.execute("PRAGMA synchronous = NORMAL")  # with WAL: safe against kills, one fsync per checkpoint
            db.execute("BEGIN IMMEDIATE")
            try:
                if self._check(db, thorough=False) == "empty":  # again: another process may have set it up since
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            db.execute(statement)
                db.execute("COMMIT")
            except BaseException:
                _rollback(db)
                raise
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _check(db: sqlite3.Connection, *, thorough: bool = True) -> Literal["empty", "ready"]:
        """"empty" for a new file, "ready" for a statistics file of this layout (``thorough``: checked page by page,
        which takes milliseconds for years of games); _Newer or _Foreign else."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        if version == 0 and not tables:
            return "empty"
        if version > SCHEMA_VERSION:
            raise _Newer(version)
        columns = tuple(row[1] for row in db.execute("PRAGMA table_info(games)"))
        if version != SCHEMA_VERSION or columns != _COLUMNS:
            raise _Foreign(_("it is a database of another kind"))
        problems = [str(row[0]) for row in db.execute("PRAGMA quick_check")] if thorough else ["ok"]
        if problems != ["ok"]:
            raise _Foreign(_("it is damaged: {details}").format(details="; ".join(problems[:3])))
        return "ready"

    def _set_aside(self) -> Path:
        """Rename the file (and its journal files, which must never meet a fresh file) to a name with the time."""
        if self._db is not None:
            self._db.close()
            self._db = None
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        count = 1
        while any(Path(f"{aside}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
            count += 1
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{count}")
        self.path.rename(aside)
        for suffix in ("-wal", "-shm"):
            companion = Path(f"{self.path}{suffix}")
            if companion.exists():
                companion.rename(f"{aside}{suffix}")
        return aside

    def _switch_off(self, reason: str) -> None:
        """Stop keeping statistics, and say why once."""
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None
        already = not self.enabled
        self.enabled = False
        self.reason = reason
        if not already:
            _warn(reason)

    def _connection(self) -> sqlite3.Connection | None:
        """The connection, opened again in a child process (a SQLite connection must not cross a fork)."""
        if self.enabled and (self._db is None or self._pid != os.getpid()):
            self._db = None
            self._open()
        return self._db

    def _run(self, work: Callable[[sqlite3.Connection], T], *, write: bool) -> T | None:
        """``work`` in one transaction (a write: ``BEGIN IMMEDIATE``, waiting for other writers); None when the
        store is off, or when this call switched it off."""
        with self._lock:
            db = self._connection()
            if db is None:
                return None
            try:
                db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    answer = work(db)
                    db.execute("COMMIT")
                except BaseException:
                    _rollback(db)
                    raise
                return answer
            except (sqlite3.Error, OSError) as error:
                if write:
                    message = _("Statistics are no longer kept: the file {path} cannot be written ({error}). The "
                                "game plays on without them.")
                else:
                    message = _("Statistics are no longer kept: the file {path} cannot be read ({error}).")
                self._switch_off(message.format(path=self.path, error=_why(error)))
                return None

    # Writing -------------------------------------------------------------------------------------------------------

    def begin(self, game: Game) -> GameEntry:
        """Count ``game`` as played, from now: call it when the game's first move is made (not when it is dealt).
        The row stays ``"open"`` until :meth:`finish`; the handle goes to :meth:`update` and :meth:`finish`."""
        if not isinstance(game, Game):
            raise ValueError(f"begin() takes the Game being played, not {short(game)}")
        variant, options, deal, started = game.variant, options_key(game.options), game.deal, _now()
        moves, score = game.moves, game.score

        def insert(db: sqlite3.Connection) -> int:
            cursor = db.execute("INSERT INTO games (variant, options, deal, started_at, moves, score) "
                                "VALUES (?, ?, ?, ?, ?, ?)", (variant, options, deal, started, moves, score))
            return int(cursor.lastrowid)  # type: ignore[arg-type]

        row = self._run(insert, write=True)
        if row is not None:
            self._live.add(row)
        return GameEntry(row, variant, options, deal, started, self.path)

    def update(self, entry: GameEntry, *, moves: int | None = None, score: int | None = None,
               seconds: float | None = None, hints: int | None = None, undos: int | None = None) -> bool:
        """Record the game's totals so far (each one given replaces the last; None leaves it): call it as the game
        goes, so that a session killed mid-game leaves the row as it was at the last call. True when written; False
        when the store is off or the game already finished (a finished game is never changed)."""
        self._own(entry)
        values = _check_counters({"moves": moves, "score": score, "seconds": seconds, "hints": hints,
                                  "undos": undos})
        if not values or entry.id is None:
            return False
        return self._set(entry.id, values)

    def finish(self, entry: GameEntry, result: str, *, moves: int | None = None, score: int | None = None,
               seconds: float | None = None, hints: int | None = None, undos: int | None = None) -> bool:
        """End the game as ``"won"`` or ``"lost"`` (given up, or left for a new deal, a restart or another game),
        with its final totals. Only the first finish counts: a won game finished again stays won, and False says
        nothing was written (also when the store is off)."""
        self._own(entry)
        if not isinstance(result, str) or result not in ("won", "lost"):
            raise ValueError(f"a game finishes 'won' or 'lost', not {short(result)}")
        values: dict[str, object] = dict(_check_counters({"moves": moves, "score": score, "seconds": seconds,
                                                          "hints": hints, "undos": undos}))
        if entry.id is None:
            return False
        self._live.discard(entry.id)
        values.update(result=result, finished_at=_now())
        return self._set(entry.id, values)

    def reopen(self, entry: GameEntry) -> bool:
        """Take back the finish of a game the player left (for a new deal or a restart) when they undo leaving it:
        its row is ``"open"`` again, with no finish time, and in play here, so that the loss it recorded is gone
        from the totals and the streaks. Only a game finished ``"lost"`` is reopened (a won game stays won); True
        when the row was reopened, False otherwise (also when the store is off)."""
        self._own(entry)
        if entry.id is None:
            return False
        changed = self._run(lambda db: db.execute("UPDATE games SET result = 'open', finished_at = NULL "
                                                  "WHERE id = ? AND result = 'lost'", (entry.id,)).rowcount,
                            write=True)
        if changed:
            self._live.add(entry.id)
        return bool(changed)

    def _own(self, entry: object) -> None:
        if not isinstance(entry, GameEntry):
            raise ValueError(f"expected the GameEntry that begin() gave, not {short(entry)}")
        if entry.id is not None and entry.path != self.path:
            raise ValueError(f"this game is kept in {str(entry.path)!r}; update and finish it through that file's "
                             f"store, not {str(self.path)!r}'s")

    def _set(self, row: int, values: Mapping[str, object]) -> bool:
        assignments = ", ".join(f"{name} = ?" for name in values)
        changed = self._run(lambda db: db.execute(f"UPDATE games SET {assignments} WHERE id = ? AND result = 'open'",
                                                  (*values.values(), row)).rowcount, write=True)
        return bool(changed)

    # Reading -------------------------------------------------------------------------------------------------------

    def games(self, variant: str | None = None, *, limit: int | None = RECENT) -> list[PlayedGame]:
        """The latest ``limit`` games (None: all) of ``variant`` (None: every game), oldest first."""
        variant = _check_variant(variant)
        if limit is not None:
            limit = whole(limit, "limit", low=0)
        where = "WHERE variant = ?" if variant else ""
        query = (f"SELECT * FROM (SELECT {', '.join(_COLUMNS)} FROM games {where} ORDER BY id DESC LIMIT ?) "
                 "ORDER BY id")
        rows = self._run(lambda db: db.execute(query, (*([variant] if variant else []), -1 if limit is None
                                                       else limit)).fetchall(), write=False) or []
        live = set(self._live)
        return [_played(row, live) for row in rows]

    def summary(self, variant: str | None = None) -> list[SummaryRow]:
        """One :class:`SummaryRow` per game and option set played (of ``variant``, or all), in the order of
        :data:`~solitaire_widget.variants.VARIANTS`."""
        variant = _check_variant(variant)
        where = "WHERE variant = ?" if variant else ""
        rows = self._run(lambda db: db.execute(f"SELECT id, variant, options, result, score, seconds FROM games "
                                               f"{where} ORDER BY id", [variant] if variant else []).fetchall(),
                         write=False) or []
        live = set(self._live)
        groups: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
        for row in rows:
            groups.setdefault((row[1], row[2]), []).append(row)
        order = {name: index for index, name in enumerate(VARIANTS)}
        return [_summarise(kind, games, live)
                for kind, games in sorted(groups.items(), key=lambda item: (order.get(item[0][0], len(order)),
                                                                             item[0]))]

    def close(self) -> None:
        """Close the file (the store is off afterwards, quietly)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
            if self.enabled:
                self.enabled = False
                self.reason = _("Keeping statistics is switched off.")

    def __enter__(self) -> StatisticsStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "on" if self.enabled else f"off: {self.reason}"
        return f"<StatisticsStore {str(self.path)!r} ({state})>"


def _rollback(db: sqlite3.Connection) -> None:
    try:
        if db.in_transaction:
            db.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _why(error: BaseException) -> str:
    """An error's own words, without the exception's type: for a sentence shown to a player."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def _warn(message: str) -> None:
    warnings.warn(message, StatisticsWarning, stacklevel=4)


def _check_variant(variant: object) -> str | None:
    return None if variant is None else variant_rules(variant).name


def _parse_time(text: object) -> datetime | None:
    try:
        return datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def _played(row: Sequence[Any], live: set[int]) -> PlayedGame:
    values = dict(zip(_COLUMNS, row))
    return PlayedGame(id=values["id"], variant=values["variant"], options=values["options"], deal=values["deal"],
                      started_at=_parse_time(values["started_at"]), finished_at=_parse_time(values["finished_at"]),
                      result=values["result"], moves=values["moves"], score=values["score"],
                      seconds=float(values["seconds"]), hints=values["hints"], undos=values["undos"],
                      in_play=values["result"] == "open" and values["id"] in live)


def _summarise(kind: tuple[str, str], rows: Iterable[Sequence[Any]], live: set[int]) -> SummaryRow:
    """Totals and streaks of one game and option set, from its rows in the order they were begun."""
    played = won = run = best_run = in_play = 0
    best_score: int | None = None
    best_seconds: float | None = None
    for row_id, _variant, _options, result, score, seconds in rows:
        played += 1
        best_score = score if best_score is None else max(best_score, score)
        if result == "open" and row_id in live:
            in_play += 1  # still being played here: it has not ended a run, nor added to one
        elif result == "won":
            won += 1
            run += 1
            best_run = max(best_run, run)
            best_seconds = seconds if best_seconds is None else min(best_seconds, seconds)
        else:
            run = 0
    return SummaryRow(kind[0], kind[1], played, won, run, best_run, best_score, best_seconds, in_play)


# The default store, and sw.statistics() -----------------------------------------------------------------------------

_DEFAULTS: dict[tuple[Path, bool], StatisticsStore] = {}
_DEFAULTS_LOCK = threading.Lock()


def default_store() -> StatisticsStore:
    """The store of :func:`default_path`, one per file and process: the board and :func:`statistics` share it, so
    that a summary knows which open games are being played right now. Switched off when
    ``$SOLITAIRE_WIDGET_STATISTICS`` is ``off``."""
    key = (default_path(), _switched_on())
    with _DEFAULTS_LOCK:
        store = _DEFAULTS.get(key)
        if store is None:
            store = _DEFAULTS[key] = StatisticsStore(key[0], enabled=key[1])
        return store


def default_store_exists() -> bool:
    """Whether :func:`default_store` can be had without making anything on disk: it is open already, its file is
    there, or statistics are switched off (a store that is off makes no file). A reader that must not make the file
    (the board's Statistics panel, before any game of it has counted) asks this first."""
    key = (default_path(), _switched_on())
    with _DEFAULTS_LOCK:
        return not key[1] or key in _DEFAULTS or key[0].exists()


def _forget_default_stores() -> None:
    """Close and forget the default stores: at exit (a closed file leaves no journal behind), and in tests, which
    point the data folder somewhere new each time."""
    with _DEFAULTS_LOCK:
        for store in _DEFAULTS.values():
            store.close()
        _DEFAULTS.clear()


atexit.register(_forget_default_stores)


def statistics(variant: str | None = None, *, recent: int = RECENT, store: StatisticsStore | None = None) -> Statistics:
    """The statistics of the games played (of ``variant``, or all): a summary per game and option set, and the
    ``recent`` latest games, from ``store`` (None: :func:`default_store`, the one the board writes). Shows as a
    table and a plot of results in a notebook; ``rows`` and ``games`` hold the figures, ``to_pandas()`` a
    DataFrame: ``sw.statistics("athena").rows[0].best_streak``."""
    variant = _check_variant(variant)  # checked before the store is opened: a bad call leaves no file behind
    recent = whole(recent, "recent", low=0)
    if store is None:
        store = default_store()
    elif not isinstance(store, StatisticsStore):
        raise ValueError(f"store must be a StatisticsStore or None, not {short(store)}")
    rows = store.summary(variant)
    games = store.games(variant, limit=recent)
    return Statistics(tuple(rows), tuple(games), variant=variant, path=store.path, enabled=store.enabled,
                      reason=store.reason)


# Showing them ------------------------------------------------------------------------------------------------------

# The option sets with a choice, in words (a game with one set of options shows none).
_OPTION_WORDS = {
    "draw=1,redeals=2": NP_("a game's options", "one card at a time, three passes"),
    "draw=3,redeals=2": NP_("a game's options", "three cards at a time, three passes"),
    "draw=1,redeals=0": NP_("a game's options", "one card at a time, one pass"),
    "draw=3,redeals=0": NP_("a game's options", "three cards at a time, one pass"),
    "draw=1,redeals=-1": NP_("a game's options", "one card at a time, unlimited passes"),
    "draw=3,redeals=-1": NP_("a game's options", "three cards at a time, unlimited passes"),
}
_HEADINGS = {
    "variant": NP_("statistics table heading", "Game"),
    "options": NP_("statistics table heading", "Options"),
    "played": NP_("statistics table heading", "Played"),
    "won": NP_("statistics table heading", "Won"),
    "win_rate": NP_("statistics table heading", "Win rate"),
    "interval": NP_("statistics table heading", "Interval (95%)"),
    "current_streak": NP_("statistics table heading", "Current streak"),
    "best_streak": NP_("statistics table heading", "Best streak"),
    "best_score": NP_("statistics table heading", "Best score"),
    "best_seconds": NP_("statistics table heading", "Best time"),
    "started_at": NP_("statistics table heading", "Started"),
    "deal": NP_("statistics table heading", "Deal"),
    "result": NP_("statistics table heading", "Result"),
    "moves": NP_("statistics table heading", "Moves"),
    "score": NP_("statistics table heading", "Score"),
    "seconds": NP_("statistics table heading", "Time"),
    "hints": NP_("statistics table heading", "Hints"),
    "undos": NP_("statistics table heading", "Undos"),
}
_RESULT_WORDS = {
    "won": NP_("the result of a game", "won"),
    "lost": NP_("the result of a game", "lost"),
    "open": NP_("the result of a game", "unfinished"),
    "in play": NP_("the result of a game", "in play"),
}
_SUMMARY_COLUMNS = ("variant", "options", "played", "won", "win_rate", "interval", "current_streak", "best_streak",
                    "best_score", "best_seconds")
_GAME_COLUMNS = ("started_at", "variant", "options", "deal", "result", "moves", "score", "seconds", "hints", "undos")
_NONE = "–"


def _game_words(variant: str) -> str:
    rules = VARIANT_RULES.get(variant)
    return rules.local_title if rules is not None else variant


def option_words(variant: str, options: str) -> str:
    rules = VARIANT_RULES.get(variant)
    if rules is not None and all(len(choices) < 2 for choices in rules.options.values()):
        return _NONE  # nothing to choose in this game: no words needed
    marked = _OPTION_WORDS.get(options)
    return translate(marked) if marked else (options or _NONE)


def _percent(share: float) -> str:
    return percent(share, digits=1)


def clock_text(seconds: float) -> str:
    """``3:07`` or ``1:02:09``: a time played, in minutes and seconds, with hours when there are any."""
    hours, rest = divmod(round(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _duration(seconds: float | None) -> str:
    return _NONE if seconds is None else clock_text(seconds)


def _local_time(moment: datetime | None) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M") if moment is not None else _NONE


def _summary_cells(row: SummaryRow) -> list[str]:
    rate = row.win_rate
    low, high = row.interval
    interval = _NONE if rate is None else pgettext("an interval between two percentages", "{low}–{high}").format(
        low=_percent(low), high=_percent(high))
    return [_game_words(row.variant), option_words(row.variant, row.options), str(row.played), str(row.won),
            _NONE if rate is None else _percent(rate), interval, str(row.current_streak), str(row.best_streak),
            _NONE if row.best_score is None else str(row.best_score), _duration(row.best_seconds)]


def _game_cells(game: PlayedGame) -> list[str]:
    result = "in play" if game.in_play else game.result
    words = translate(_RESULT_WORDS[result]) if result in _RESULT_WORDS else result
    return [_local_time(game.started_at), _game_words(game.variant), option_words(game.variant, game.options),
            _NONE if game.deal is None else str(game.deal), words, str(game.moves), str(game.score),
            _duration(game.seconds), str(game.hints), str(game.undos)]


def _text_table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(cell) for cell in column) for column in zip(headings, *rows)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in [headings, *rows]]
    return "\n".join(lines)


def _html_table(css: str, caption: str, headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in headings)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return (f"<table class='{css}'><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _plot(games: Sequence[PlayedGame]) -> str:
    """An SVG plot of ``games``' results, oldest on the left: a dot per game (filled when won) and the win rate
    so far as a line. Drawn here in a few lines rather than with a plotting library, a heavy dependency for one
    small picture; its colours follow the notebook's text colour, so it reads in light and dark themes."""
    counted = [game for game in games if not game.in_play]
    width, height = 520, 178
    left, right, top, bottom = 46, 510, 30, 136
    title = ngettext("Results of the last game", "Results of the last {count} games", len(counted)).format(
        count=len(counted))
    parts = [(f"<svg xmlns='http://www.w3.org/2000/svg' class='sw-statistics-plot' width='{width}' "
              f"height='{height}' viewBox='0 0 {width} {height}' role='img' aria-label='{html.escape(title)}' "
              "font-family='sans-serif' font-size='11' fill='currentColor'>"),
             f"<title>{html.escape(title)}</title>",
             f"<text x='{left}' y='16' font-size='13'>{html.escape(title)}</text>"]
    for share in (0.0, 0.5, 1.0):
        y = bottom - share * (bottom - top)
        parts.append(f"<line x1='{left}' x2='{right}' y1='{y:.1f}' y2='{y:.1f}' stroke='currentColor' "
                     f"stroke-opacity='{0.5 if share == 0 else 0.15}'/>")
        parts.append(f"<text x='{left - 6}' y='{y + 4:.1f}' text-anchor='end'>{html.escape(_percent(share))}</text>")
    if counted:
        step = (right - left) / len(counted)
        radius = max(1.5, min(4.0, step / 2.5))
        points, won = [], 0
        for index, game in enumerate(counted):
            x = left + (index + 0.5) * step
            won += game.won
            points.append(f"{x:.1f},{bottom - won / (index + 1) * (bottom - top):.1f}")
            if game.won:
                parts.append(f"<circle cx='{x:.1f}' cy='{top:.1f}' r='{radius:.1f}' fill='#2e7d32'/>")
            else:
                parts.append(f"<circle cx='{x:.1f}' cy='{bottom:.1f}' r='{radius:.1f}' fill='none' "
                             "stroke='#9e9e9e' stroke-width='1.2'/>")
        parts.append(f"<polyline points='{' '.join(points)}' fill='none' stroke='#1565c0' stroke-width='2'/>")
    axis = _("Oldest game on the left, newest on the right.")
    parts.append(f"<text x='{(left + right) / 2:.0f}' y='{bottom + 16}' text-anchor='middle' fill-opacity='0.7'>"
                 f"{html.escape(axis)}</text>")
    legend = [("<circle cx='5' cy='-4' r='4' fill='#2e7d32'/>", pgettext("plot legend", "won")),
              ("<circle cx='5' cy='-4' r='4' fill='none' stroke='#9e9e9e' stroke-width='1.2'/>",
               pgettext("plot legend", "not won")),
              ("<line x1='0' x2='12' y1='-4' y2='-4' stroke='#1565c0' stroke-width='2'/>",
               pgettext("plot legend", "win rate so far"))]
    x = left
    for mark, words in legend:
        parts.append(f"<g transform='translate({x},{height - 8})'>{mark}<text x='16' y='0'>{html.escape(words)}</text>"
                     "</g>")
        x += 30 + 7 * len(words)
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True)
class Statistics:
    """What :func:`statistics` answers: ``rows``, one :class:`SummaryRow` per game and option set played, and
    ``games``, the latest :class:`PlayedGame` rows, oldest first. ``enabled`` and ``reason`` say whether statistics
    are being kept (and why not); ``path`` is the file they are kept in."""

    rows: tuple[SummaryRow, ...]
    games: tuple[PlayedGame, ...]
    variant: str | None = None
    path: Path | None = None
    enabled: bool = True
    reason: str | None = None

    def _empty(self) -> str | None:
        """The sentence shown instead of a table, when there is nothing to show."""
        if self.rows:
            return None
        if not self.enabled and self.reason:
            return self.reason
        if self.variant is not None:
            return _("No game of {game} has been played yet: a game counts once its first move is made.").format(
                game=_game_words(self.variant))
        return _("No game has been played yet: a game counts once its first move is made.")

    def _caption(self) -> str:
        played = sum(row.played for row in self.rows)
        won = sum(row.won for row in self.rows)
        return ngettext("{count} game played; games won: {won}.", "{count} games played; games won: {won}.",
                        played).format(count=played, won=won)

    def __repr__(self) -> str:
        empty = self._empty()
        if empty is not None:
            return empty
        text = [self._caption(), "",
                _text_table([translate(_HEADINGS[name]) for name in _SUMMARY_COLUMNS],
                            [_summary_cells(row) for row in self.rows])]
        if not self.enabled and self.reason:
            text += ["", self.reason]
        return "\n".join(text)

    def _repr_html_(self) -> str:
        empty = self._empty()
        if empty is not None:
            return f"<p class='sw-statistics'>{html.escape(empty)}</p>"
        summary = _html_table("sw-statistics-summary", self._caption(),
                              [translate(_HEADINGS[name]) for name in _SUMMARY_COLUMNS],
                              [_summary_cells(row) for row in self.rows])
        latest = list(reversed(self.games[-_TABLE_GAMES:]))
        recent = _html_table("sw-statistics-games",
                             ngettext("The last game", "The last {count} games", len(latest)).format(
                                 count=len(latest)),
                             [translate(_HEADINGS[name]) for name in _GAME_COLUMNS],
                             [_game_cells(game) for game in latest]) if latest else ""
        note = f"<p>{html.escape(self.reason)}</p>" if not self.enabled and self.reason else ""
        return f"<div class='sw-statistics'>{summary}{_plot(self.games)}{recent}{note}</div>"

    def to_pandas(self, table: Literal["games", "summary"] = "games") -> Any:
        """``games`` (one row per game, the default) or the ``summary`` as a pandas DataFrame (pandas must be
        installed: ``pip install pandas``)."""
        if table not in ("games", "summary"):
            raise ValueError(f"table must be 'games' or 'summary', not {short(table)}")
        try:
            import pandas as pd  # an optional dependency, only for those who ask for a DataFrame
        except ImportError:
            raise ImportError("to_pandas() needs pandas, which is not installed: pip install pandas") from None
        if table == "games":
            columns = [*_COLUMNS, "in_play"]
            frame = pd.DataFrame([[getattr(game, name) for name in columns] for game in self.games], columns=columns)
            return frame.set_index("id")
        columns = ["variant", "options", "played", "won", "win_rate", "low", "high", "current_streak", "best_streak",
                   "best_score", "best_seconds", "in_play"]
        return pd.DataFrame([[row.variant, row.options, row.played, row.won, row.win_rate, *row.interval,
                              row.current_streak, row.best_streak, row.best_score, row.best_seconds, row.in_play]
                             for row in self.rows], columns=columns)
