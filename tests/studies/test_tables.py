"""tools/tables.py: a store that cannot serve its table is an error naming it, never a table quietly left out;
--retire-stale moves such stores aside; a table records which deals it played, its code and a few sample rows."""

from __future__ import annotations

import datetime
import importlib.util
import json
import sqlite3
from pathlib import Path
from types import ModuleType

import pytest

from solitaire_widget.studies import Row, Store, StoreError, study

ROOT = Path(__file__).resolve().parents[2]
PLAN = [("thumb-and-pouch", "bold", {}, range(1, 9))]


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/tables.py with its stores and its output in a temporary folder, and one small study to make."""
    spec = importlib.util.spec_from_file_location("tables_under_test", ROOT / "tools" / "tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "STORES", tmp_path / "stores")
    monkeypatch.setattr(module, "OUT", tmp_path / "published.json")
    monkeypatch.setattr(module, "PROGRESS", tmp_path / "stores" / "summary.json")
    monkeypatch.setattr(module, "studies", lambda: PLAN)
    (tmp_path / "stores").mkdir()
    return module


def _stale_store(tables: ModuleType) -> Path:
    """The table's store, written by the same study with another code hash."""
    path = tables.store_path("thumb-and-pouch", "bold")
    result = study("thumb-and-pouch", "bold", range(1, 4), workers=1, store=path, progress=False)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'study'", (json.dumps({**result.study, "code": "0" * 16}),))
    return path


def test_a_stale_store_stops_the_tables_naming_it(tables: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    path = _stale_store(tables)
    with pytest.raises(StoreError, match=f"{path.name}.*differs in code '0{{16}}'.*--retire-stale"):
        tables.summarise()
    assert tables.main(["--publish"]) == 1
    error = capsys.readouterr().err
    assert str(path) in error and "other code" in error and "--retire-stale" in error
    assert not tables.OUT.exists(), "nothing is published from stores that could not all be read"


def test_retire_stale_moves_the_store_aside_and_the_study_starts_afresh(tables: ModuleType,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = _stale_store(tables)
    assert tables.main(["--publish", "--retire-stale"]) == 0
    retired = path.with_name(f"thumb-and-pouch.bold.stale-{datetime.date.today().isoformat()}.sqlite")
    assert retired.exists() and not path.exists()
    assert retired.name in capsys.readouterr().err
    assert json.loads(tables.OUT.read_text())["tables"] == []
    assert tables.main(["--workers", "1"]) == 0
    (table,) = json.loads(tables.PROGRESS.read_text())["tables"]  # the summaries so far, after playing
    assert table["deals"] == 8 and table["played"] == [[1, 8]]


def test_retiring_twice_a_day_keeps_both(tables: ModuleType) -> None:
    day = datetime.date(2026, 1, 31)
    first = tables.STORES / "a.solver.sqlite"
    first.write_text("one")
    assert tables.retire_store(first, day).name == "a.solver.stale-2026-01-31.sqlite"
    first.write_text("two")
    (tables.STORES / "a.solver.sqlite-wal").write_text("log")
    again = tables.retire_store(first, day)
    assert again.name == "a.solver.stale-2026-01-31-2.sqlite" and again.read_text() == "two"
    assert (tables.STORES / "a.solver.stale-2026-01-31-2.sqlite-wal").read_text() == "log"


def test_a_table_records_its_deals_its_code_and_samples(tables: ModuleType) -> None:
    path = tables.store_path("thumb-and-pouch", "bold")
    played = study("thumb-and-pouch", "bold", [1, 2, 3, 5, 6, 8], workers=1, store=path, progress=False)
    (table,) = tables.summarise()["tables"]
    assert table["played"] == [[1, 3], [5, 6], [8, 8]] and table["deals"] == 6 and not table["complete"]
    assert table["code"] == played.study["code"] and "version" not in table
    assert [Row(**row) for row in table["samples"]] == tables.pick_samples(played.rows)
    with Store.open(path, played.study) as store:
        assert len(store.rows()) == 6


def _row(deal: int, outcome: str) -> Row:
    return Row(deal, outcome, None, 0, None, 0.0, "c")


def test_samples_are_the_first_deals_and_the_first_success_and_failure() -> None:
    spec = importlib.util.spec_from_file_location("tables_for_samples", ROOT / "tools" / "tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows = [_row(9, "unwinnable"), _row(1, "unknown"), _row(2, "unknown"), _row(4, "winnable"), _row(3, "unknown"),
            _row(7, "unwinnable")]
    assert [row.deal for row in module.pick_samples(rows)] == [1, 2, 3, 4, 7]
    assert [row.deal for row in module.pick_samples([_row(5, "won"), _row(6, "won")])] == [5, 6]
    cut_short = [_row(1, "won"), _row(2, "won"), _row(3, "won"), _row(4, "playing"), _row(5, "stuck")]
    assert [row.deal for row in module.pick_samples(cut_short)] == [1, 2, 3, 5]
    assert module.played_runs([8, 1, 2, 3, 5]) == [[1, 3], [5, 5], [8, 8]]


def test_publishing_keeps_a_published_table_that_has_no_store_here(tables: ModuleType,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # A study's store may be on another machine, or not begun again after the code changed: publishing from the
    # stores at hand keeps its published table as it was (with the hash of the code that made it), and says so.
    old = {"setting": "thumb-and-pouch", "player": "bold", "code": "0" * 16, "deals": 3, "played": [[1, 3]]}
    gone = {"setting": "spider", "player": "bold", "code": "0" * 16}
    tables.OUT.write_text(json.dumps({"about": "", "tables": [old, gone]}))
    assert tables.main(["--publish"]) == 0
    assert json.loads(tables.OUT.read_text())["tables"] == [old], "a table of no study in the plan is not kept"
    assert "kept the published thumb-and-pouch table of bold (code 0000000000000000)" in capsys.readouterr().err
    study("thumb-and-pouch", "bold", range(1, 5), workers=1, store=tables.store_path("thumb-and-pouch", "bold"),
          progress=False)
    assert tables.main(["--publish"]) == 0
    (table,) = json.loads(tables.OUT.read_text())["tables"]
    assert table["code"] != old["code"] and table["played"] == [[1, 4]], "the store's table replaces the old one"
