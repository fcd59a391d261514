"""Results that last: a study's rows in a SQLite file, so that a study can stop and resume, and two can share it.

SQLite, through the standard library, rather than Parquet: a study adds a few rows at a time, from one process or
several at once, and must never lose or double a row when one of them is killed. SQLite's transactions give
exactly that (each batch of rows commits whole, or not at all), its write-ahead log lets readers and writers
work side by side, and a ``(deal)`` primary key with ``INSERT OR IGNORE`` makes a row written twice count once.
Parquet files are written whole, so appending a batch means rewriting or adding a file per batch, with no lock
between two writers. For the published tables the rows are read back and summarised; that is a few thousand rows,
which SQLite reads at once.

A store holds one study: the file records the study's key (game, options, player, settings, the hash of the code that
plays: see :meth:`~solitaire_widget.studies.Player.study_key`) and refuses to serve another, saying which parts of
the key differ, so that a changed setting or changed code never mixes its rows with old ones silently.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .players import Row

__all__ = ["SCHEMA_VERSION", "Store", "StoreError"]

#: The layout of the tables; a store of another layout is refused.
SCHEMA_VERSION = 1
_BUSY_MS = 60_000
_COLUMNS = ("deal", "outcome", "score", "moves", "nodes", "seconds", "engine")
_MISSING = object()


class StoreError(ValueError):
    """A store that cannot serve this study: not a store, another layout, or another study's."""


class Store:
    """One study's rows in a SQLite file (see the module docs). Open with :meth:`open`; use as a context manager
    or call :meth:`close`."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection

    @classmethod
    def open(cls, path: str | Path, study: dict[str, Any]) -> Store:
        """The store at ``path`` for ``study`` (its key, as plain data), created if it does not exist.

        StoreError when the file is not a study store, has another layout, or belongs to another study (the
        message names the settings that differ)."""
        if isinstance(path, bool) or not isinstance(path, (str, Path)) or not str(path):
            raise StoreError(f"store must be a file name, not {path!r:.60}")
        path = Path(path)
        if path.exists() and path.is_dir():
            raise StoreError(f"the store {str(path)!r} is a folder; give a file name such as 'athena.sqlite'")
        db = None
        try:
            db = sqlite3.connect(path, timeout=_BUSY_MS / 1000, isolation_level=None)
            db.execute(f"PRAGMA busy_timeout = {_BUSY_MS}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("BEGIN IMMEDIATE")
            try:
                cls._set_up(db, study)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as error:
            if db is not None:
                db.close()
            raise StoreError(f"the store {str(path)!r} is not a study store ({error})") from None
        except StoreError as error:
            db.close()  # type: ignore[union-attr]
            raise StoreError(f"the store {str(path)!r} cannot serve this study: {error}") from None
        return cls(path, db)

    @staticmethod
    def _set_up(db: sqlite3.Connection, study: dict[str, Any]) -> None:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("CREATE TABLE rows (deal INTEGER PRIMARY KEY, outcome TEXT NOT NULL, score INTEGER, "
                       "moves INTEGER NOT NULL, nodes INTEGER, seconds REAL NOT NULL, engine TEXT NOT NULL)")
            db.executemany("INSERT INTO meta VALUES (?, ?)",
                           [("schema", str(SCHEMA_VERSION)), ("study", json.dumps(study, sort_keys=True))])
            return
        if tables != {"meta", "rows"}:
            raise StoreError(f"it holds the tables {', '.join(sorted(tables))}, not a study's")
        meta = dict(db.execute("SELECT key, value FROM meta"))
        if meta.get("schema") != str(SCHEMA_VERSION):
            raise StoreError(f"it has layout {meta.get('schema')!r}; this version reads layout {SCHEMA_VERSION}")
        theirs = json.loads(meta.get("study", "{}"))
        if theirs != study:
            raise StoreError(_differences(theirs, study))

    def done(self) -> set[int]:
        """The deals already in the store."""
        return {deal for (deal,) in self._db.execute("SELECT deal FROM rows")}

    def add(self, rows: Iterable[Row]) -> int:
        """Add a batch of rows in one transaction (all or none); a deal already there is kept as it was.
        Answers how many rows were new."""
        values = [tuple(getattr(row, name) for name in _COLUMNS) for row in rows]
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            before = self._db.total_changes
            self._db.executemany(f"INSERT OR IGNORE INTO rows VALUES ({', '.join('?' * len(_COLUMNS))})", values)
            return self._db.total_changes - before

    def rows(self, deals: Iterable[int] | None = None) -> list[Row]:
        """The rows of ``deals`` (None: all), by deal."""
        found = [Row(*record) for record in self._db.execute(f"SELECT {', '.join(_COLUMNS)} FROM rows ORDER BY deal")]
        if deals is None:
            return found
        wanted = set(deals)
        return [row for row in found if row.deal in wanted]

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _differences(theirs: dict[str, Any], asked: dict[str, Any]) -> str:
    """Why a store's key is not this study's, part by part (the store's value, then the one asked for), with what to
    do; a part made of settings names the settings that differ."""
    parts = []
    for key in sorted(theirs.keys() | asked.keys()):
        old, new = theirs.get(key, _MISSING), asked.get(key, _MISSING)
        if old == new:
            continue
        if isinstance(old, dict) and isinstance(new, dict):
            inner = [f"{name} {_said(old.get(name, _MISSING))} (asked: {_said(new.get(name, _MISSING))})"
                     for name in sorted(old.keys() | new.keys()) if old.get(name, _MISSING) != new.get(name, _MISSING)]
            parts.append(f"{key}: {', '.join(inner)}")
        else:
            parts.append(f"{key} {_said(old)} (asked: {_said(new)})")
    text = "it holds another study's results, which differs in " + "; ".join(parts) + "."
    if theirs.get("code") != asked.get("code"):
        text += (" Its rows were made by other code of the player or the rules than this code (the key's code is a "
                 "hash of it: solitaire_widget.studies.code), and rows of other code are never mixed in.")
    return text + " Use another file for this study, or move this one aside"


def _said(value: object) -> str:
    return "not recorded" if value is _MISSING else repr(value)
