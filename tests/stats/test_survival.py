"""The statistics store survives: a writer killed mid-write, two writers at once, a damaged or foreign file (set
aside with a warning, a fresh store started), and a folder that cannot be written (one warning, then the game
plays on without statistics)."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import warnings
from contextlib import closing
from pathlib import Path

import pytest

import solitaire_widget as sw
from solitaire_widget import stats
from solitaire_widget.stats import StatisticsStore, StatisticsWarning

WRITER = Path(__file__).with_name("writer.py")


def writer(path: Path, *args: object) -> subprocess.Popen[str]:
    """A writer process (see writer.py); its errors go to a file beside the statistics, read by :func:`errors`."""
    with open(path.parent.parent / f"writer-{time.monotonic_ns()}.log", "w") as log:
        process = subprocess.Popen([sys.executable, str(WRITER), str(path), *map(str, args)], stdout=subprocess.PIPE,
                                   stderr=log, text=True)
    process.log = log.name  # type: ignore[attr-defined]
    return process


def errors(process: subprocess.Popen[str]) -> str:
    return Path(process.log).read_text()  # type: ignore[attr-defined]


def statistics_warnings(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, StatisticsWarning)]


def sound(path: Path) -> list[tuple]:
    """The file's rows, after checking it is whole and every row makes sense."""
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = db.execute("SELECT id, result, moves, finished_at, deal FROM games ORDER BY id").fetchall()
    for _id, result, moves, finished_at, _deal in rows:
        assert result in ("won", "lost", "open") and 0 <= moves <= 4
        assert (finished_at is None) == (result == "open")
        assert result == "open" or moves == 4  # a finish writes its totals with its result, in one transaction
    return rows


def test_a_writer_killed_mid_write_leaves_a_sound_file(data_folder):
    path = data_folder / "statistics.sqlite"
    rng = random.Random(26)
    begun: set[int] = set()
    finished: dict[int, str] = {}
    for kill in range(5):
        process = writer(path, "loop", 1 + 1000 * kill)
        try:
            lines = []
            target = rng.randint(1, 12)
            while sum(line.startswith("finished") for line in lines) < target:
                line = process.stdout.readline()
                assert line, f"the writer stopped: {errors(process)}"
                lines.append(line)
            time.sleep(rng.uniform(0, 0.03))  # somewhere in the middle of a game's writes
            process.send_signal(signal.SIGKILL)
            out = process.stdout.read()  # what it printed before it died (its pipe then closes)
            process.wait(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            process.stdout.close()
        assert process.returncode == -signal.SIGKILL
        for line in lines + out.splitlines(keepends=True):
            if not line.endswith("\n"):
                continue  # cut short by the kill: the row may be written or not, as the checks below allow
            words = line.split()
            if words[0] == "begun":
                begun.add(int(words[1]))
            else:
                finished[int(words[1])] = words[2]
        rows = sound(path)
        ids = {row[0] for row in rows}
        assert begun <= ids and len(ids - begun) <= kill + 1  # at most one begun per kill, just before the kill
        assert all(row[1] == finished[row[0]] for row in rows if row[0] in finished)
        assert sum(row[1] == "open" for row in rows) <= kill + 1  # only the games a kill interrupted
    # The next session opens it without a word, and counts the interrupted games as played and not won.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        store = StatisticsStore(path)
    assert store.enabled and not statistics_warnings(caught)
    [row] = store.summary()
    rows = sound(path)
    assert row.played == len(rows) and row.won == sum(result == "won" for _, result, *_ in rows)
    assert row.in_play == 0 and 0 < row.won < row.played
    assert any(result == "open" for _, result, *_ in rows)  # some kill did land in the middle of a game


def test_two_writers_at_once_lose_nothing(data_folder):
    path, go = data_folder / "statistics.sqlite", data_folder / "go"
    StatisticsStore(path).close()  # the folder and file exist; each writer opens them as a second notebook would
    games = 250
    processes = [writer(path, "count", first, games, go) for first in (1, 10_001)]
    try:
        for process in processes:
            assert process.stdout.readline() == "ready\n", errors(process)
        go.touch()  # both have the file open: from here on they write at the same time
        outputs = [process.communicate(timeout=240)[0].splitlines() for process in processes]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    for process in processes:
        assert process.returncode == 0, errors(process)
    rows = sound(path)
    assert len(rows) == 2 * games and all(result != "open" for _, result, *_ in rows)
    assert sorted(deal for *_, deal in rows) == [*range(1, 1 + games), *range(10_001, 10_001 + games)]
    # Both really wrote at the same time: each started before the other was done.
    started = [float(output[0].split()[1]) for output in outputs]
    done = [float(output[-1].split()[1]) for output in outputs]
    assert max(started) < min(done)
    [row] = StatisticsStore(path).summary()
    assert row.played == 2 * games and row.won == sum(deal % 3 == 0 for *_, deal in rows)


def damaged_garbage(path: Path) -> None:
    path.write_bytes(b"These are not the statistics you are looking for.\n" * 40 + bytes(range(256)) * 8)


def damaged_truncated(path: Path) -> None:
    store = StatisticsStore(path)
    for deal in range(1, 401):
        entry = store.begin(sw.new_game("athena", deal=deal))
        store.finish(entry, "won" if deal % 2 else "lost", seconds=deal)
    store.close()
    data = path.read_bytes()
    assert not Path(f"{path}-wal").exists() and len(data) > 16 * 4096
    path.write_bytes(data[:len(data) // 2])


def damaged_foreign(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        db.execute("INSERT INTO recipes VALUES ('soup', 30)")


def damaged_other_layout(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, won INTEGER)")
        db.execute(f"PRAGMA user_version = {stats.SCHEMA_VERSION}")


@pytest.mark.parametrize("damage", [damaged_garbage, damaged_truncated, damaged_foreign, damaged_other_layout])
def test_a_damaged_or_foreign_file_is_set_aside_with_a_warning(data_folder, damage):
    data_folder.mkdir(parents=True, exist_ok=True)
    path = data_folder / "statistics.sqlite"
    damage(path)
    stale = b"a stale journal that must never meet a fresh file" * 20
    Path(f"{path}-wal").write_bytes(stale)
    before = path.read_bytes()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        store = stats.default_store()
        [message] = statistics_warnings(caught)
    [aside] = data_folder.glob("statistics.sqlite.corrupt-*[0-9]")
    assert aside.name[len("statistics.sqlite.corrupt-"):].replace("-", "").isdigit()
    assert aside.read_bytes() == before
    # The stale journal went with it (or SQLite dropped it as the empty log it is): never beside the fresh file.
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").read_bytes() != stale
    assert str(path) in message and str(aside) in message and "set aside" in message
    assert store.enabled and store.reason is None
    entry = store.begin(sw.new_game("aunt-mary", deal=7))
    assert store.finish(entry, "won", seconds=42)
    assert [(row.played, row.won) for row in sw.statistics().rows] == [(1, 1)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert StatisticsStore(path).enabled and not statistics_warnings(caught)  # the fresh file is sound


def test_a_file_of_a_newer_version_is_left_alone():
    path = stats.default_path()
    path.parent.mkdir(parents=True)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, everything TEXT)")
        db.execute("PRAGMA user_version = 99")
    before = path.read_bytes()
    with pytest.warns(StatisticsWarning, match="newer version"):
        store = StatisticsStore(path)
    assert not store.enabled and "newer version" in store.reason and path.read_bytes() == before
    assert not list(path.parent.glob("*.corrupt-*"))


def unwritable(data_folder: Path) -> Path:
    """A data folder that cannot be written, really, whoever runs the tests: read-only for a user, and for root
    (whom permissions do not stop, as in CI) a folder under a regular file, which no one can create."""
    if os.geteuid() != 0:
        data_folder.mkdir(parents=True)
        data_folder.chmod(0o500)
        return data_folder
    blocker = data_folder.parent / "a-file"
    blocker.write_text("not a folder")
    return blocker / "data"


def test_an_unwritable_folder_switches_statistics_off_with_one_warning(data_folder, monkeypatch):
    folder = unwritable(data_folder)
    monkeypatch.setenv("SOLITAIRE_WIDGET_DATA", str(folder))
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            store = stats.default_store()
            game = sw.new_game("athena", deal=3)
            game.play(game.legal_moves()[0])
            entry = store.begin(game)
            assert not store.update(entry, moves=1, seconds=2.0)
            assert not store.finish(entry, "won")
            result = sw.statistics()
            assert stats.default_store() is store
        [message] = statistics_warnings(caught)
        assert not store.enabled and store.reason == message and str(folder) in message
        assert "Statistics are not kept" in message and "plays on without them" in message
        assert entry.id is None and result.rows == () and not result.enabled
        assert message in repr(result) and "plays on without them" in result._repr_html_()
        assert not (folder / "statistics.sqlite").exists()
    finally:
        if data_folder.exists():
            data_folder.chmod(0o700)


def test_a_file_that_stops_taking_writes_mid_game_switches_off_once():
    store = StatisticsStore()
    entry = store.begin(sw.new_game("klondike", deal=5))
    store.update(entry, moves=3)
    # From here on the file refuses writes, as on a folder made read-only or a full disk mid-session.
    store._db.close()
    store._db = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True, isolation_level=None,
                                check_same_thread=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert not store.update(entry, moves=4)
        assert not store.finish(entry, "won")
        later = store.begin(sw.new_game("klondike", deal=6))
        assert not store.finish(later, "lost")
    [message] = statistics_warnings(caught)
    assert not store.enabled and store.reason == message and "no longer kept" in message
    assert later.id is None and store.summary() == []
    [game] = StatisticsStore(store.path).games()
    assert (game.result, game.moves) == ("open", 3)  # what was written before stays; the open game counts
