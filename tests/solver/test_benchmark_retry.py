"""``benchmarks/solver.py --retry``: which deals an earlier run left undecided."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "solver.py"


@pytest.fixture(scope="module")
def benchmark():
    spec = importlib.util.spec_from_file_location("solver_benchmark", _SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _runs(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "runs.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _record(setting: str, deal: int, verdict: str) -> str:
    return json.dumps({"setting": setting, "deal": deal, "verdict": verdict, "seconds": 1.0, "nodes": 5,
                       "peak_table": 1, "moves": 0, "engine": "c", "decided_in": None})


def test_the_undecided_deals_by_setting_in_order_each_once(benchmark, tmp_path):
    path = _runs(tmp_path, _record("athena", 145, "unknown"), _record("athena", 3, "winnable"),
                 _record("klondike", 34, "unknown"), "", _record("athena", 17, "unknown"),
                 _record("camelot", 2, "unwinnable"), _record("athena", 145, "unknown"))
    assert benchmark.undecided_deals(path) == {"athena": [145, 17], "klondike": [34]}


@pytest.mark.parametrize("line", [
    "not json",
    json.dumps(["athena", 1, "unknown"]),
    json.dumps({"setting": "athena", "deal": 1}),
    json.dumps({"setting": "chess", "deal": 1, "verdict": "unknown"}),
    json.dumps({"setting": "athena", "deal": "1", "verdict": "unknown"}),
    json.dumps({"setting": "athena", "deal": True, "verdict": "unknown"}),
    json.dumps({"setting": "athena", "deal": 1, "verdict": "lost"}),
])
def test_a_line_that_is_no_record_is_named(benchmark, tmp_path, line):
    path = _runs(tmp_path, _record("athena", 1, "unknown"), line)
    with pytest.raises(ValueError, match=r"runs\.jsonl, line 2: not a record of benchmarks/solver\.py --out"):
        benchmark.undecided_deals(path)


def test_an_older_runs_names_are_read_as_the_tables_names(benchmark, tmp_path):
    path = _runs(tmp_path, _record("athena-draw3", 88, "unknown"), _record("klondike-draw1-unlimited", 1, "unknown"),
                 _record("klondike-draw3-unlimited", 17, "unknown"), _record("athena-by-three", 98, "unknown"))
    assert benchmark.undecided_deals(path) == {"athena-by-three": [88, 98], "klondike-unlimited": [1],
                                               "klondike-by-three-unlimited": [17]}
