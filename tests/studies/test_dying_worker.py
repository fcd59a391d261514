"""A study whose worker process dies (a crash in native code, an out-of-memory kill) ends with an error that names
the deal; it does not hang. Dask retries a task whose worker died by itself, so only process pools are tested."""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import sqlite3
import threading

import pytest

from solitaire_widget.studies import run

from .dying import FATAL_DEAL, DyingPlayer

# Only keeps a failing test from hanging the suite: each case takes a few seconds (spawning workers).
WATCHDOG = 300


@pytest.fixture
def dying(monkeypatch):
    monkeypatch.setattr(run, "player_for", lambda variant, player, settings: DyingPlayer("strategy", "bold", {}))


def _study_in_a_thread(**keywords):
    outcome: dict[str, BaseException | object] = {}

    def go() -> None:
        try:
            outcome["result"] = run.study("athena", "bold", range(1, 13), progress=False, batch=1, **keywords)
        except BaseException as error:  # noqa: BLE001 - what the test checks
            outcome["error"] = error

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    thread.join(WATCHDOG)
    assert not thread.is_alive(), "the study hangs on a dead worker"
    return outcome


def test_a_deal_that_kills_the_studys_own_workers_ends_the_study_naming_it(dying, tmp_path):
    store = tmp_path / "dying.sqlite"
    outcome = _study_in_a_thread(workers=2, store=store)
    error = outcome.get("error")
    assert isinstance(error, RuntimeError), outcome
    message = str(error)
    assert f"while playing deal {FATAL_DEAL}" in message and "exit code 1" in message
    assert f"deal {FATAL_DEAL} killed a worker twice" in message and "run the study again to resume" in message
    assert len(message) < 400
    # What finished is kept, and the deal that kills is not among it.
    with sqlite3.connect(store) as db:
        deals = {deal for (deal,) in db.execute("SELECT deal FROM rows")}
    assert deals and FATAL_DEAL not in deals and deals <= set(range(1, 13))
    assert not [child for child in multiprocessing.active_children() if child.is_alive()
                and child.name.startswith("SpawnProcess")], "workers are left running"


def test_a_given_process_pool_that_breaks_ends_the_study_at_once_naming_the_deal(dying):
    with cf.ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        outcome = _study_in_a_thread(executor=pool)
    error = outcome.get("error")
    assert isinstance(error, RuntimeError), outcome
    message = str(error)
    assert f"while playing deal {FATAL_DEAL}" in message and "exit code 1" in message
    assert "the process pool given as executor is broken" in message
