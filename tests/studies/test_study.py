"""study(): the same rows however the deals are spread (one process, a pool, a Dask cluster, a Pool adapter), a store
that survives interruptions, kills and two writers, and clear errors before any work starts."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

import solitaire_widget as sw
from solitaire_widget.__main__ import main
from solitaire_widget.i18n import using
from solitaire_widget.studies import PoolExecutor, Store, StoreError, study

#: Studies whose rows depend only on the deals: node limits, no time limits.
SOLVER = {"time_limit": None, "node_limit": 60_000}
FAIR = {"samples": 4, "node_limit": 20_000}


def same(rows):
    """The rows without their timings, which are the only thing that may differ from run to run."""
    return [replace(row, seconds=0.0) for row in rows]


@pytest.fixture(scope="module")
def serial():
    """Each study of these tests, played deal by deal in this process: what every other way must give."""
    return {
        "solver": study("athena", "solver", range(1, 25), workers=1, progress=False, **SOLVER).rows,
        "bold": study("klondike", "bold", range(1, 25), workers=1, progress=False, draw=3).rows,
        "fair": study("thumb-and-pouch", "fair", range(1, 7), workers=1, progress=False, **FAIR).rows,
        "undo-search": study("athena", "undo-search", range(1, 31), workers=1, progress=False).rows,
    }


def test_a_process_pool_gives_the_serial_rows(serial):
    assert same(study("athena", "solver", range(1, 25), workers=2, batch=5, progress=False, **SOLVER).rows) == \
        same(serial["solver"])
    assert same(study("klondike", "bold", range(1, 25), workers=2, progress=False, draw=3).rows) == \
        same(serial["bold"])
    assert same(study("thumb-and-pouch", "fair", range(1, 7), workers=2, batch=2, progress=False, **FAIR).rows) == \
        same(serial["fair"])


def test_a_dask_cluster_gives_the_serial_rows(serial):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as client:
        executor = client.get_executor()
        solved = study("athena", "solver", range(1, 25), executor=executor, batch=6, progress=False, **SOLVER)
        played = study("thumb-and-pouch", "fair", range(1, 7), executor=executor, batch=3, progress=False, **FAIR)
    assert same(solved.rows) == same(serial["solver"])
    assert same(played.rows) == same(serial["fair"])


def test_a_pool_adapter_gives_the_serial_rows(serial):
    with PoolExecutor(multiprocessing.get_context("spawn").Pool(2)) as executor:
        rows = study("klondike", "bold", range(1, 25), executor=executor, batch=4, progress=False, draw=3).rows
    assert same(rows) == same(serial["bold"])
    with pytest.raises(ValueError, match="apply_async"):
        PoolExecutor(object())


def test_the_summary_and_the_table(serial):
    result = study("athena", "solver", range(1, 25), workers=1, progress=False, **SOLVER)
    summary = result.summary
    assert summary.deals == 24 and summary.successes == sum(row.outcome == "winnable" for row in result.rows)
    low, high = summary.interval
    assert low <= summary.share <= high
    assert "95% CI" in str(summary) and "Athena" in repr(result) and "<table" in result._repr_html_()
    assert str(summary).endswith(f", {summary.undecided} undecided)") and "  undecided " in repr(result)
    # A report in the reader's language: its words, the game's name and the decimal comma.
    with using("el"):
        assert str(summary).startswith(f"{summary.successes} από 24 (") and "," in str(summary)
        assert "Αθηνά" in repr(result) and "βγαίνει" in result._repr_html_()
    with using("ru"):
        assert str(summary).startswith(f"{summary.successes} из 24 (") and "Афина" in repr(result)
    frame = result.to_pandas()
    assert list(frame.index) == list(range(1, 25)) and set(frame["outcome"]) <= {"winnable", "unwinnable", "unknown"}
    assert frame.attrs["study"]["player"] == "solver"


def test_a_store_resumes_where_an_interrupted_study_stopped(tmp_path, serial, monkeypatch):
    path = tmp_path / "athena.sqlite"
    real_add = Store.add
    calls = []

    def add_then_stop(self, rows):
        calls.append(len(rows))
        written = real_add(self, rows)
        if len(calls) == 2:
            raise KeyboardInterrupt  # Ctrl+C, just after the second batch was kept
        return written

    monkeypatch.setattr(Store, "add", add_then_stop)
    with pytest.raises(KeyboardInterrupt):
        study("athena", "undo-search", range(1, 31), workers=1, batch=4, store=path, progress=False)
    monkeypatch.setattr(Store, "add", real_add)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM rows").fetchone() == (8,)
    played = []
    monkeypatch.setattr(sw.studies.run, "run_batch", _counting(played))
    resumed = study("athena", "undo-search", range(1, 31), workers=1, batch=4, store=path, progress=False)
    assert sorted(played) == list(range(9, 31)), "only the deals not in the store are played"
    assert resumed.played == tuple(range(9, 31)), "and the result says which"
    assert same(resumed.rows) == same(serial["undo-search"])
    again = study("athena", "undo-search", range(1, 31), workers=1, store=path, progress=False)
    assert again.played == () and len(again.rows) == 30


def _counting(played):
    from solitaire_widget.studies.run import run_batch

    def run(player, variant, options, deals):
        played.extend(deals)
        return run_batch(player, variant, options, deals)

    return run


def test_a_killed_worker_is_replaced_and_nothing_is_lost_or_counted_twice(tmp_path, serial):
    path = tmp_path / "athena.sqlite"
    outcome = {}

    def run():
        outcome["result"] = study("athena", "undo-search", range(1, 31), workers=2, batch=1, store=path,
                                  progress=False)

    worker = threading.Thread(target=run)
    worker.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _rows(path) < 3:
        time.sleep(0.05)
    children = multiprocessing.active_children()
    assert children, "the study's pool has no worker to kill"
    os.kill(children[0].pid, signal.SIGKILL)
    worker.join(300)
    assert not worker.is_alive()
    assert same(outcome["result"].rows) == same(serial["undo-search"])
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*), COUNT(DISTINCT deal) FROM rows").fetchone() == (30, 30)


def _rows(path: Path) -> int:
    try:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT COUNT(*) FROM rows").fetchone()[0]
    except sqlite3.Error:
        return 0


def _cli(store: Path, deals: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "solitaire_widget", "study", "athena", "--player", "undo-search",
                             "--deals", deals, "--workers", "1", "--batch", "2", "--store", str(store), "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_works)


def _ctrl_c_works() -> None:
    """In the child, before it starts Python: Ctrl+C (SIGINT) as in a terminal. A suite started in the background
    (``make test &``) has SIGINT ignored, and an ignored signal stays ignored across exec, so Python would never
    raise KeyboardInterrupt and the interrupted study would play on to the end."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_and_two_writers_at_once_lose_nothing(tmp_path, serial):
    path = tmp_path / "athena.sqlite"
    first = _cli(path, "1-30")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _rows(path) < 4:
        time.sleep(0.05)
    first.send_signal(signal.SIGINT)  # Ctrl+C
    out, err = first.communicate(timeout=60)
    kept = _rows(path)
    assert 4 <= kept < 30, f"kept {kept} rows; the study exited with {first.returncode}: {out[-300:]} {err[-600:]}"
    assert first.returncode != 0, "an interrupted study must not exit as if it had finished"
    # Two studies of the same deals at once, from the two ends, on the one store.
    both = [_cli(path, "1-30"), _cli(path, ",".join(map(str, range(30, 0, -1))))]
    for process in both:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        assert "30 of 30" in out or "of 30" in out
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*), COUNT(DISTINCT deal) FROM rows").fetchone() == (30, 30)
    resumed = study("athena", "undo-search", range(1, 31), workers=1, store=path, progress=False)
    assert same(resumed.rows) == same(serial["undo-search"])


def test_a_store_serves_its_own_study_only(tmp_path):
    path = tmp_path / "s.sqlite"
    study("thumb-and-pouch", "bold", range(1, 4), workers=1, store=path, progress=False)
    with pytest.raises(StoreError, match="differs in player 'bold' \\(asked: 'cautious'\\)"):
        study("thumb-and-pouch", "cautious", range(1, 4), workers=1, store=path, progress=False)
    with pytest.raises(StoreError, match="differs in settings: seed 0 \\(asked: 4\\)"):
        study("thumb-and-pouch", "bold", range(1, 4), workers=1, store=path, progress=False, seed=4)
    with sqlite3.connect(path) as db:  # a store from before keys held the code: the package's version instead
        key = json.loads(db.execute("SELECT value FROM meta WHERE key = 'study'").fetchone()[0])
        del key["code"]
        db.execute("UPDATE meta SET value = ? WHERE key = 'study'", (json.dumps({**key, "version": "0.1.0"}),))
    with pytest.raises(StoreError, match="code not recorded .*; version '0.1.0' \\(asked: not recorded\\)"):
        study("thumb-and-pouch", "bold", range(1, 4), workers=1, store=path, progress=False)
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database " * 100)
    with pytest.raises(StoreError, match="not a study store"):
        study("thumb-and-pouch", "bold", range(1, 4), workers=1, store=junk, progress=False)
    with pytest.raises(StoreError, match="is a folder"):
        study("thumb-and-pouch", "bold", range(1, 4), workers=1, store=tmp_path, progress=False)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE people (name TEXT)")
    with pytest.raises(StoreError, match="tables people"):
        study("thumb-and-pouch", "bold", range(1, 4), workers=1, store=other, progress=False)


@pytest.mark.parametrize(("arguments", "keywords", "message"), [
    (("freecell",), {}, "unknown game"),
    (("athena", "magic"), {}, "no player 'magic'"),
    (("athena", "centre-first"), {}, "no player 'centre-first'"),
    (("athena", 42), {}, "player must be"),
    (("athena", "solver", range(0)), {}, "deals is empty"),
    (("athena", "solver", range(-5, 3)), {}, "from 0 to"),
    (("athena", "solver", [1, 1]), {}, "more than once"),
    (("athena", "solver", "1-10"), {}, "range or a list"),
    (("athena", "solver", [1.5]), {}, "whole number"),
    (("athena", "solver", range(1, 3)), {"executor": "pool"}, "concurrent.futures.Executor"),
    (("athena", "solver", range(1, 3)), {"executor": multiprocessing.Pool}, "concurrent.futures.Executor"),
    (("athena", "solver", range(1, 3)), {"workers": 0}, "workers must be"),
    (("athena", "solver", range(1, 3)), {"batch": 2.5}, "batch must be"),
    (("athena", "solver", range(1, 3)), {"samples": 4}, "no setting 'samples'"),
    (("athena", "solver", range(1, 3)), {"time_limit": None, "node_limit": None}, "time_limit or a node_limit"),
    (("athena", "solver", range(1, 3)), {"time_limit": -1}, "time_limit must be"),
    (("athena", "fair", range(1, 3)), {"samples": 0}, "samples must be"),
    (("athena", "bold", range(1, 3)), {"seed": "x"}, "seed must be"),
    (("athena", "bold", range(1, 3)), {"draw": 2}, "option draw"),
    (("athena", "bold", range(1, 3)), {"progress": "yes"}, "progress must be"),
    (("athena", "bold", range(1, 3)), {"store": 3}, "file name"),
])
def test_bad_input_is_refused_before_any_work(arguments, keywords, message, tmp_path, monkeypatch):
    monkeypatch.setattr(sw.studies.run, "run_batch", _fail_if_called)
    with pytest.raises(ValueError, match=message):
        study(*arguments, **keywords)


def _fail_if_called(*args):
    raise AssertionError("work started before the arguments were checked")


def test_the_command_line(tmp_path, capsys):
    assert main(["study", "thumb-and-pouch", "--deals", "1-10", "--player", "bold", "--workers", "1",
                 "--store", str(tmp_path / "t.sqlite"), "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "Thumb and Pouch" in printed and "bold" in printed and "of 10" in printed
    assert main(["study", "athena", "--deals", "1-4", "--node-limit", "20000", "--time-limit", "none",
                 "--workers", "1"]) == 0
    assert "Athena · solver" in capsys.readouterr().err  # the progress bar, on the terminal
    assert main(["study", "athena", "--deals", "5-1", "--workers", "1", "--quiet"]) == 2
    assert "deals is empty" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["study", "athena", "--deals", "one"])
