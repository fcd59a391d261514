"""The benchmarks' figures in the docs come from the data files the benchmarks write (``--json``), and those files
hold together: the solver's table and its engines' comparison in docs/solver.md (``benchmarks/solver.py``), the
board's latency in docs/performance.md (``benchmarks/latency.py``), the hint's cost in docs/fair-play.md
(``benchmarks/hints.py``). ``test_figures.py`` checks that each region is what its data renders; this checks that
the regions are there, that the data is a whole run, and that what a benchmark writes is what the page reads."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import solitaire_widget as sw

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "data"


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def figures():
    return _load("figures", ROOT / "tools" / "figures.py")


@pytest.fixture(scope="module")
def solver_benchmark():
    return _load("solver_benchmark", ROOT / "benchmarks" / "solver.py")


@pytest.mark.parametrize("page, names", [
    ("solver.md", ["solver-benchmark", "solver-curve", "solver-engines"]),
    ("performance.md", ["board-latency"]),
    ("fair-play.md", ["hint-cost", "fair-curve"]),
])
def test_each_page_has_its_benchmark_regions(figures, page, names):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    found = [match.group("name") for match in figures.REGION.finditer(text)]
    for name in names:
        assert found.count(name) == 1, f"docs/{page}: no region {name}"


# --------------------------------------------------------------------------------------------------------------
# The solver's benchmark
# --------------------------------------------------------------------------------------------------------------

def _run_solver_benchmark(folder: Path, name: str, *options: str, python: bool = False) -> dict[str, Any]:
    env = {**os.environ, **({"SOLITAIRE_SOLVER": "python"} if python else {})}
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "solver.py"), *options, "--json", str(folder / name)],
                   check=True, env=env, capture_output=True, timeout=300)
    return json.loads((folder / name).read_text(encoding="utf-8"))


def test_what_the_solver_benchmark_writes_is_what_the_page_reads(figures, tmp_path, monkeypatch):
    run = _run_solver_benchmark(tmp_path, "solver-benchmark.json", "--deals", "2", "--only", "thumb-and-pouch,camelot")
    assert [row["setting"] for row in run["settings"]] == ["thumb-and-pouch", "camelot"]
    assert run["deals"] == [1, 2] and run["budget"] == 10
    for row in run["settings"]:
        assert [record[0] for record in row["records"]] == [1, 2]
        assert row["undecided"] == [record[0] for record in row["records"] if record[1] == "unknown"]
    _run_solver_benchmark(tmp_path, "solver-python.json", "--deals", "2", "--only", "thumb-and-pouch", python=True)
    monkeypatch.setattr(figures, "DATA", tmp_path)
    table = figures.solver_benchmark()
    assert "| Thumb and Pouch | 2 | 100.0% | 100.0% |" in table
    assert re.search(r"\| Camelot \(pure Python\) \| 2 \| 100\.0% \| .* \| \(none\) \| \(none\) \|", table)
    assert "Every setting is decided on 99% of its deals or more." in table
    assert table.endswith(" No deal is left undecided.\n")
    assert "Solvitaire" not in table, "neither setting has a published share of the thoughtful game"
    published = figures._tables()["camelot", "solver"]
    assert (f", {published.share:.1%} ({published.low:.1%}–{published.high:.1%}) on "
            f"{published.deals_played()} there") in table, "beside the published table, on its deals"
    assert "The two intervals overlap in every setting" in table
    engines = figures.solver_engines()
    assert "| Thumb and Pouch | C | 100.0% | 100.0% |" in engines and "|  | Python | 100.0% | 100.0% |" in engines
    assert "Every deal pure Python decided, the core decided the same way." in engines


def _made_up_run(settings: list[dict[str, Any]]) -> dict[str, Any]:
    return {"date": "2026-01-01", "seconds": 600, "budget": 10.0, "deals": [1, 4], "python": "3.11", "engine": "c",
            "cpu": None, "cores": 2, "yardstick_ms": 100, "load_before": 0.2, "load_after": 1.1, "niceness": 0,
            "published_source": "Blake and Gent's Solvitaire, JAIR 2026",
            "record_fields": ["deal", "verdict", "seconds", "nodes", "peak_table", "decided_in"], "settings": settings}


def _made_up_row(solver_benchmark, setting: str, verdicts: list[str], engine: str = "c") -> dict[str, Any]:
    records = [{"deal": deal, "verdict": verdict, "seconds": 10.0 if verdict == "unknown" else 0.5, "nodes": 1000,
                "peak_table": 10, "decided_in": "restarts" if verdict == "winnable" else "first"}
               for deal, verdict in enumerate(verdicts, 1)]
    row = solver_benchmark.summary(setting, records, 40.0)
    return {**row, "published": solver_benchmark.SETTINGS[setting][2], "phases": solver_benchmark.phases(setting),
            "engines": [engine], "core_share": 0.5,
            "undecided": [r["deal"] for r in records if r["verdict"] == "unknown"],
            "records": [[r["deal"], r["verdict"], r["seconds"], r["nodes"], r["peak_table"], r["decided_in"]]
                        for r in records]}


def test_the_solver_table_says_where_a_published_share_lies_and_which_deals_are_undecided(
        figures, solver_benchmark, tmp_path, monkeypatch):
    rows = [_made_up_row(solver_benchmark, "klondike-unlimited", ["winnable", "unknown", "unwinnable", "unwinnable"]),
            _made_up_row(solver_benchmark, "klondike-by-three-unlimited", ["winnable"] * 4),
            _made_up_row(solver_benchmark, "athena", ["winnable", "unknown", "unknown", "winnable"])]
    (tmp_path / "solver-benchmark.json").write_text(json.dumps(_made_up_run(rows)), encoding="utf-8")
    monkeypatch.setattr(figures, "DATA", tmp_path)
    text = figures.solver_benchmark()
    assert "(load average 0.2 at the start and 1.1 at the end, the benchmark at niceness 0)" in text, \
        "a machine idle at the start is not said to be shared"
    assert "Klondike with unlimited redeals, 90.480% ± 0.116%, above our 25.0% to 50.0%" in text
    assert "Klondike by three with unlimited redeals, 81.945% ± 0.084%, below our 100.0% to 100.0%" in text
    assert "| Klondike, one card, unlimited redeals | 4 | 75.0% | 25.0% | 0.50 s | 10.0 s | (none) | 25.0% |" in text
    assert "Klondike by three with unlimited redeals is decided on 99% of deals or more; Klondike with unlimited " \
           "redeals and Athena are not yet." in text
    assert "The deals left undecided: Klondike with unlimited redeals 2; Athena 2, 3." in text
    assert "The run took 10 minutes." in text


def test_the_engines_comparison_names_a_deal_decided_differently(figures, solver_benchmark, tmp_path, monkeypatch):
    core = _made_up_run([_made_up_row(solver_benchmark, "athena", ["winnable", "unknown", "unwinnable", "winnable"])])
    python = _made_up_run([_made_up_row(solver_benchmark, "athena", ["winnable", "winnable", "winnable", "unknown"],
                                        engine="python")])
    python["deals"] = [1, 4]
    (tmp_path / "solver-benchmark.json").write_text(json.dumps(core), encoding="utf-8")
    (tmp_path / "solver-python.json").write_text(json.dumps(python), encoding="utf-8")
    monkeypatch.setattr(figures, "DATA", tmp_path)
    text = figures.solver_engines()
    assert "Decided one way by pure Python and the other by the core: Athena 3 (winnable in Python, unwinnable in " \
           "C)." in text
    assert "Decided by pure Python but left undecided by the core: Athena 2 (winnable in Python, unknown in C)." in text
    assert "Every deal pure Python decided" not in text


def test_the_committed_solver_runs_are_whole_and_their_rows_are_their_records(solver_benchmark):
    core = json.loads((DATA / "solver-benchmark.json").read_text(encoding="utf-8"))
    assert core["deals"] == [1, 200] and core["budget"] == 10 and core["engine"] == "c"
    assert [row["setting"] for row in core["settings"]] == list(solver_benchmark.SETTINGS)
    python = json.loads((DATA / "solver-python.json").read_text(encoding="utf-8"))
    assert python["engine"] == "python" and python["budget"] == core["budget"]
    for run in (core, python):
        first, last = run["deals"]
        for row in run["settings"]:
            records = [dict(zip(run["record_fields"], record)) for record in row["records"]]
            assert [record["deal"] for record in records] == list(range(first, last + 1)), row["setting"]
            again = solver_benchmark.summary(row["setting"], records, row["peak_mb"])
            for key in ("deals", "decided", "winnable", "relaxed", "restarts", "peak_table"):
                assert row[key] == again[key], (row["setting"], key)
            assert row["median"] == pytest.approx(again["median"], abs=1e-4)
            assert row["p95"] == pytest.approx(again["p95"], abs=1e-4)
            assert row["undecided"] == [record["deal"] for record in records if record["verdict"] == "unknown"]
            assert row["published"] == solver_benchmark.SETTINGS[row["setting"]][2]


def test_the_benchmark_and_the_pages_quote_the_same_published_shares(figures, solver_benchmark):
    quoted = {setting: text for setting, text, _ in figures.PUBLISHED_THOUGHTFUL}
    published = {name: share for name, (_, _, share) in solver_benchmark.SETTINGS.items() if share is not None}
    assert published.keys() == quoted.keys()
    for setting, share in published.items():
        assert quoted[setting].startswith(f"{share:.3%} ± "), setting
    assert solver_benchmark.SOLVITAIRE in figures.PUBLISHED_THOUGHTFUL[0][2]


def _made_up_curve(solver_benchmark, budget: float, verdicts: dict[str, list[str]], code: str = "abc") -> dict:
    run = _made_up_run([_made_up_row(solver_benchmark, setting, given) for setting, given in verdicts.items()])
    return {**run, "budget": budget, "code": code}


def test_the_curve_sets_the_benchmarks_run_beside_the_other_budgets(figures, solver_benchmark, tmp_path, monkeypatch):
    monkeypatch.setattr(figures, "DATA", tmp_path)
    verdicts = {1.0: {"klondike-unlimited": ["winnable", "unknown", "unknown", "unknown"],
                      "camelot": ["winnable", "unknown", "unwinnable", "winnable"]},
                10.0: {"klondike-unlimited": ["winnable", "unknown", "unwinnable", "unknown"],
                       "camelot": ["winnable", "unwinnable", "unwinnable", "winnable"]},
                30.0: {"klondike-unlimited": ["winnable", "winnable", "unwinnable", "unknown"],
                       "camelot": ["winnable", "unwinnable", "unwinnable", "winnable"]}}
    runs = {budget: _made_up_curve(solver_benchmark, budget, given) for budget, given in verdicts.items()}
    (tmp_path / "solver-benchmark.json").write_text(json.dumps(runs[10.0]), encoding="utf-8")
    stale = _made_up_curve(solver_benchmark, 10.0, verdicts[1.0])
    solver_benchmark.add_to_curve(tmp_path / "solver-curve.json", runs[30.0])
    solver_benchmark.add_to_curve(tmp_path / "solver-curve.json", stale)
    solver_benchmark.add_to_curve(tmp_path / "solver-curve.json", runs[1.0])
    kept = json.loads((tmp_path / "solver-curve.json").read_text(encoding="utf-8"))["runs"]
    assert [run["budget"] for run in kept] == [1.0, 10.0, 30.0], "one run a budget, in order"
    text = figures.solver_curve()
    assert "| game | 1 s | 10 s | 30 s | left undecided at 30 s |" in text
    assert "| Klondike, one card, unlimited redeals | 25.0% | 50.0% | 75.0% | 4 |" in text, \
        "the 10 s column is the benchmark's own run, not the curve file's"
    assert "| Camelot | 75.0% | 100.0% | 100.0% | none |" in text
    assert "Within 10 s a deal, 99.5% of the deals are decided in Camelot, not in Klondike with unlimited " \
           "redeals." in text
    assert "Deals left undecided, of the 8 in all: 4 at 1 s, 2 at 10 s, 1 at 30 s." in text
    assert "The deal left undecided at 30 s had searched 1,000 nodes when its time ran out." in text
    assert "it says how many of them can be won (Klondike with unlimited redeals, about 1 of its 1)." in text, \
        "90.48% of 4 deals is about 4 wins, where 2 are proved: the deal left can be won"
    (tmp_path / "solver-curve.json").write_text(json.dumps({"runs": [{**runs[1.0], "code": "other"}]}),
                                                 encoding="utf-8")
    with pytest.raises(ValueError, match="its 1 s run has other solver code"):
        figures.solver_curve()


def test_the_curve_file_is_checked_before_a_run_is_spent(tmp_path):
    (tmp_path / "curve.json").write_text(json.dumps({"runs": [{"budget": -1}]}), encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "solver.py"), "--deals", "1", "--only", "camelot",
                           "--curve", str(tmp_path / "curve.json")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a curve of benchmarks/solver.py --curve" in done.stderr
    assert json.loads((tmp_path / "curve.json").read_text(encoding="utf-8")) == {"runs": [{"budget": -1}]}


def test_the_committed_curve_is_of_the_benchmarks_deals_and_code(figures, solver_benchmark):
    runs = figures._curve_runs()
    assert len(runs) >= 3 and [run["budget"] for run in runs] == sorted({run["budget"] for run in runs})
    for run in runs:
        assert run["code"], "each run says which solver code searched"
        for row in run["settings"]:
            records = [dict(zip(run["record_fields"], record)) for record in row["records"]]
            assert row["undecided"] == [record["deal"] for record in records if record["verdict"] == "unknown"]
            assert row["decided"] == solver_benchmark.summary(row["setting"], records, row["peak_mb"])["decided"]


def test_the_solver_benchmark_writes_no_json_for_a_retry(tmp_path):
    (tmp_path / "runs.jsonl").write_text("", encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "solver.py"), "--retry",
                           str(tmp_path / "runs.jsonl"), "--json", str(tmp_path / "out.json")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not of --retry" in done.stderr
    assert not (tmp_path / "out.json").exists()


def test_the_solver_benchmark_puts_each_record_on_a_line(solver_benchmark):
    data = {"settings": [{"records": [[1, "winnable", 0.5, 10, 3, None], [2, "unknown", 10.0, 99, 4, "last"]]}],
            "deals": [1, 2]}
    text = solver_benchmark.dump(data)
    assert json.loads(text) == data
    assert '    [1, "winnable", 0.5, 10, 3, null],\n' in text and '"deals": [1, 2]' in text


# --------------------------------------------------------------------------------------------------------------
# The board's latency
# --------------------------------------------------------------------------------------------------------------

class _Wire:
    undecoded = 0


class _Bench:
    """What benchmarks/latency.py's Bench holds after a run, made up."""

    def __init__(self, latencies: list[float], turns: list[bool], sent: int) -> None:
        self.latencies = latencies
        self.dom_latencies = [t - 2 for t in latencies]
        self.turns = turns
        self.flickers = [0] * (len(latencies) - 1) + [1]
        self.gestures = {"drop": len(latencies) - 2, "click": 2}
        self.by_gesture = {"click": latencies[:2], "drop": latencies[2:]}
        self.first_draws = [900.0, 1100.0]
        self.first_paints = [40.0, 60.0]
        self.sent = [sent] * len(latencies)
        self.received = [100] * len(latencies)
        self.messages = [1] * len(latencies)
        self.wire = _Wire()


def _latency_run(latency, bench: _Bench) -> dict[str, Any]:
    return {"date": "2026-01-01", "seconds": 100, "variants": ["athena", "camelot"], "cpu": "a CPU", "cores": 2,
            "load_before": 3.5, "load_after": 3.9, "niceness": 5, "python": "3.11", "chromium": "140.0",
            "jupyterlab": "4.6.0", "console_errors": 0, "front_end_bytes": {"widget.css": 2048, "widget.js": 51200},
            **latency.summary(bench, [3072] * len(bench.latencies))}


def test_what_the_latency_benchmark_writes_is_what_the_page_reads(figures, tmp_path, monkeypatch):
    pytest.importorskip("playwright")
    latency = _load("latency_benchmark", ROOT / "benchmarks" / "latency.py")
    times = [float(10 + move % 60 + move // 60 * 5) for move in range(120)]  # 10 to 69 ms, then 15 to 74 ms
    bench = _Bench(times, [move >= 60 for move in range(120)], sent=1331)
    (tmp_path / "board-latency.json").write_text(json.dumps(_latency_run(latency, bench)), encoding="utf-8")
    monkeypatch.setattr(figures, "DATA", tmp_path)
    text = figures.board_latency()
    assert "on 2 cores, a CPU (shared with other work, load average 3.5 at the start and 3.9 at the end" in text
    assert "120 moves in Athena and Camelot" in text
    median, p95 = statistics.median(times), latency.percentile(times, 0.95)
    assert f"| every move | 120 | {median:.1f} ms | {p95:.1f} ms | 74.0 ms |" in text
    assert "| moves that turn no card | 60 | 39.5 ms |" in text
    assert "| moves that turn a card face up (deals included) | 60 | 44.5 ms |" in text
    assert "| clicks | 2 | 10.5 ms |" in text and "| drops | 118 |" in text
    assert "| first draw: running the board's cell to the first frame showing the deal | 2 | 1000.0 ms | — | " \
           "1100.0 ms |" in text
    assert "On 1 of the 120 moves the board showed another position" in text
    assert "a median of 1.3 KB of comm data to the browser (at most 1.3 KB, in 1 message)" in text
    assert "were met; issue 33's aim for the moves that turn no card (a median of 17 ms, a 95th percentile of " \
           "25 ms) was not." in text
    assert "`widget.css` 2.0 KB and `widget.js` 50.0 KB (minified)." in text

    slow = _Bench([t * 2 for t in times], [False] * len(times), sent=4096)
    (tmp_path / "board-latency.json").write_text(json.dumps(_latency_run(latency, slow)), encoding="utf-8")
    assert "were missed: the median is over 50 ms; the 95th percentile is over 100 ms; a move sent over 2.0 KB" \
           in figures.board_latency()


def test_the_committed_latency_run_is_whole():
    run = json.loads((DATA / "board-latency.json").read_text(encoding="utf-8"))
    raw = run["raw"]
    assert run["moves"] == len(raw["latency_ms"]) >= 100
    assert sum(run["gestures"].values()) == run["moves"] == sum(g["count"] for g in run["by_gesture"].values())
    assert run["latency_ms"]["median"] == round(statistics.median(raw["latency_ms"]), 1)
    assert run["latency_ms"]["max"] == max(raw["latency_ms"])
    assert run["flicker_moves"] == sum(1 for f in raw["flicker"] if f)
    assert run["comm_sent"]["max"] == max(raw["bytes_sent"])


# --------------------------------------------------------------------------------------------------------------
# The fair player's cost curve
# --------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def fair_curve():
    return _load("fair_curve_benchmark", ROOT / "benchmarks" / "fair_curve.py")


def test_what_the_fair_curve_writes_is_what_the_page_reads(figures, fair_curve, tmp_path, monkeypatch):
    """Two budgets on two deals (the default made 16 samples, so that the test is quick): each budget a study kept
    in a store, the default's in the published table's store, and the page's table from the file written."""
    monkeypatch.setattr(fair_curve, "DEFAULT_SAMPLES", 16)
    curve = fair_curve.run_curve("thumb-and-pouch", "fair", range(1, 3), [8, 16], 1, tmp_path)
    assert (tmp_path / "thumb-and-pouch.fair.sqlite").exists(), "the default budget plays into the table's store"
    assert (tmp_path / "curve" / "thumb-and-pouch.fair.samples-8.sqlite").exists()
    assert [entry["samples"] for entry in curve["points"]] == [8, 16] and curve["default_samples"] == 16
    rows = {samples: sw.study("thumb-and-pouch", "fair", range(1, 3), samples=samples, workers=1, progress=False,
                              store=fair_curve.curve_store(tmp_path, "thumb-and-pouch", "fair", samples)).rows
            for samples in (8, 16)}
    for entry in curve["points"]:
        played = rows[entry["samples"]]
        assert entry["won"] == [row.deal for row in played if row.success]
        assert entry["moves_per_game"] == round(sum(row.moves for row in played) / 2, 1)
    fair_curve.write(tmp_path / "fair-curve.json", curve)
    fair_curve.write(tmp_path / "fair-curve.json", {**curve, "date": "2026-01-02"})
    kept = json.loads((tmp_path / "fair-curve.json").read_text(encoding="utf-8"))["curves"]
    assert [c["date"] for c in kept] == ["2026-01-02"], "one curve a setting and player, the newest"
    monkeypatch.setattr(figures, "DATA", tmp_path)
    text = figures.fair_curve()
    assert text.startswith("Thumb and Pouch, the fair player: deals 1–2, each played with every budget")
    assert "earlier version" not in text, "played by today's code"
    eight = len(curve["points"][0]["won"])
    assert f"| 8 | {eight} of 2, " in text and "| 16 | " in text and "(the default) |" in text
    for entry in curve["points"]:
        assert f"| {entry['seconds_per_game']:.1f} |" in text


def test_the_fair_curve_names_a_curve_that_cannot_be_read(figures, tmp_path, monkeypatch):
    monkeypatch.setattr(figures, "DATA", tmp_path)
    point = {"samples": 8, "won": [1], "seconds_per_game": 1.0, "seconds_per_move": 0.1, "moves_per_game": 10.0}
    curve = {"setting": "athena", "variant": "athena", "player": "fair", "code": "0" * 16, "first_deal": 1,
             "last_deal": 2, "default_samples": 300, "date": "2026-01-01", "cores": 2, "load_before": 0.1,
             "load_after": 2.0, "points": [point]}
    (tmp_path / "fair-curve.json").write_text(json.dumps({"curves": [curve]}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"curve of athena \(fair\) has no run with the default budget, 300"):
        figures.fair_curve()
    other = {**point, "samples": 300, "won": [3]}
    (tmp_path / "fair-curve.json").write_text(json.dumps({"curves": [{**curve, "points": [point, other]}]}),
                                              encoding="utf-8")
    with pytest.raises(ValueError, match="its 300-sample run counts wins outside deals 1–2"):
        figures.fair_curve()
    other["won"] = [2]
    (tmp_path / "fair-curve.json").write_text(json.dumps({"curves": [{**curve, "points": [point, other]}]}),
                                              encoding="utf-8")
    text = figures.fair_curve()
    assert "It was played by an earlier version of the code." in text
    assert "| 8 | 1 of 2, 50.0% " in text and "| 1 / 1, p = 1.000 |" in text
    assert "no budget's wins differ from the default's beyond chance" in text
    assert "A game took 1.0 s on average with the smallest budget (8 samples) and 1.0 s with the largest (300)." in text
    many = {**curve, "last_deal": 10, "points": [{**point, "won": list(range(1, 11))}, {**other, "won": []}]}
    (tmp_path / "fair-curve.json").write_text(json.dumps({"curves": [many]}), encoding="utf-8")
    assert "the wins of 8 samples (more) differ from the default's beyond chance" in figures.fair_curve()


def test_the_fair_curve_file_is_checked_before_a_run_is_spent(tmp_path):
    (tmp_path / "curve.json").write_text(json.dumps({"curves": [{"setting": 3}]}), encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "fair_curve.py"), "--setting", "camelot",
                           "--deals", "1", "--samples", "8", "--stores", str(tmp_path), "--json",
                           str(tmp_path / "curve.json")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a file of curves of benchmarks/fair_curve.py --json" in done.stderr
    assert json.loads((tmp_path / "curve.json").read_text(encoding="utf-8")) == {"curves": [{"setting": 3}]}
    assert not (tmp_path / "curve").exists(), "nothing played"


@pytest.mark.parametrize("given", ["", "0,8", "8,x"])
def test_the_fair_curve_takes_whole_budgets_only(fair_curve, given):
    with pytest.raises(Exception, match="--samples takes"):
        fair_curve.budgets_of(given)
    assert fair_curve.budgets_of("300,75,75,150") == [75, 150, 300]


def test_the_committed_fair_curves_are_whole(figures):
    curves = json.loads((DATA / "fair-curve.json").read_text(encoding="utf-8"))["curves"]
    assert curves, "at least one curve"
    for curve in curves:
        budgets = [entry["samples"] for entry in curve["points"]]
        assert curve["default_samples"] in budgets and len(budgets) >= 3 and len(set(budgets)) == len(budgets)
        for entry in curve["points"]:
            assert entry["seconds_per_game"] > 0 and entry["moves_per_game"] > 0
    figures.fair_curve()
