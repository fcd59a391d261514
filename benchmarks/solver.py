"""How well and how fast the solver decides real deals.

For each game setting, the solver runs on deals ``first .. first + deals - 1`` with a fixed budget per deal, one
deal after another on one core, and the script prints per setting: the share of deals decided (winnable or
proved unwinnable) within the budget, the share proved winnable, the median and 95th-percentile time per deal
(deals left undecided count with their full budget), the shares decided by the relaxed game and the searches it
guides, and by the restarts in perturbed move orders (Klondike family: see ``solitaire_widget.solver.restarts``),
the search's speed in nodes per second over all its deals,
the largest table of seen states, the peak memory of the process that ran the setting (each setting runs in
a fresh process, so the figures do not mix), and the share of a core that process had (its CPU time over the
wall-clock time of its solves: below 100% when other work took the core from it, which the budget, wall-clock
time, does not allow for).

The settings have the names of the published tables (``athena-by-three``, ``klondike-unlimited``, ...); an
``--out`` file of an older run, which called three of them ``athena-draw3``, ``klondike-draw1-unlimited`` and
``klondike-draw3-unlimited``, is read with those names too.

Two settings have published winnable shares for the thoughtful game (all cards visible), which this solver also
plays: Klondike, one card at a time with unlimited redeals (90.480% ± 0.116%), and three at a time with unlimited
redeals (81.945% ± 0.084%), both from Blake and Gent's Solvitaire (JAIR 2026). For those the script prints the
interval the true share must lie in given our results: from the share proved winnable up to that plus the share
left undecided.

    python benchmarks/solver.py [--deals 200] [--budget 10] [--first 1] [--only athena,camelot] [--out runs.jsonl]
                                [--json docs/data/solver-benchmark.json]
    python benchmarks/solver.py --retry runs.jsonl --budget 60 [--only ...] [--out longer.jsonl]
    python benchmarks/solver.py --budget 3 --curve docs/data/solver-curve.json

``--retry`` runs again, with the budget given, only the deals that an earlier run's ``--out`` file left undecided,
and names each deal that gets a verdict: how many of the hard deals more time decides, and which.

``--json FILE`` also writes the run's figures there: when and where it ran (the date, the cores, the load average
before and after, the yardstick, the engine, the hash of the solver's code), each setting's row as printed, the
deals it left undecided, and every deal's record (verdict, seconds, nodes, the largest table, the phase that decided
it). ``tools/figures.py`` reads ``docs/data/solver-benchmark.json`` for the benchmark's table in docs/solver.md, and
``docs/data/solver-python.json`` (the same with ``SOLITAIRE_SOLVER=python``) for the engines' comparison there, so
that the page's figures have these runs as their one source.

``--curve FILE`` keeps the same figures in a file of several runs, one per budget: the run replaces the one of
its budget there, if any, and leaves the others. Runs of the same deals with budgets of 1, 3 and 30 s, say, set
beside the 10 s run of ``--json``, give the share decided against the time per deal (``tools/figures.py`` reads
``docs/data/solver-curve.json``, written so). Each run is a whole run of its own, so the budgets can be run on
different days, but the page sets side by side only runs of the same solver code and the same deals.

Run it with nothing else heavy on the machine: the budget is wall-clock time, so the shares decided depend on the
machine's speed. The header gives a yardstick for that speed (the time of a fixed pure-Python loop) so that runs
on different machines can be compared, and says which engine searches the Klondike-family settings: the
compiled core when it is built, else pure Python; set ``SOLITAIRE_SOLVER=python`` to time pure Python (Camelot
is always pure Python).
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import re
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import solitaire_widget as sw  # noqa: E402
from solitaire_widget.solver import compiled, solve  # noqa: E402
from solitaire_widget.solver.restarts import relaxed  # noqa: E402
from solitaire_widget.studies.players import player_for  # noqa: E402

from benchmarks.machine import cpu_model  # noqa: E402

#: Where the published shares of the thoughtful game come from.
SOLVITAIRE = "Blake and Gent's Solvitaire, JAIR 2026"

#: name (the published tables' name of the setting) -> (variant, options, published winnable share or None)
SETTINGS: dict[str, tuple[str, dict[str, int], float | None]] = {
    "athena": ("athena", {"draw": 1}, None),
    "athena-by-three": ("athena", {"draw": 3}, None),
    "thumb-and-pouch": ("thumb-and-pouch", {}, None),
    "aunt-mary": ("aunt-mary", {}, None),
    "klondike": ("klondike", {"draw": 1, "redeals": 2}, None),
    "klondike-by-three": ("klondike", {"draw": 3, "redeals": 2}, None),
    "camelot": ("camelot", {}, None),
    "klondike-unlimited": ("klondike", {"draw": 1, "redeals": -1}, 0.90480),
    "klondike-by-three-unlimited": ("klondike", {"draw": 3, "redeals": -1}, 0.81945),
}
#: The names an older run gave three settings, as they stand in its ``--out`` file.
OLD_NAMES = {"athena-draw3": "athena-by-three", "klondike-draw1-unlimited": "klondike-unlimited",
             "klondike-draw3-unlimited": "klondike-by-three-unlimited"}


def run_setting(name: str, deals: list[int], budget: float, out: Any) -> None:
    """Solve ``deals`` of one setting; send their records, one per deal, the process's peak memory, and the share
    of a core the solves had (their CPU time over their wall-clock time: below 1 when other work took the core)."""
    variant, options, _ = SETTINGS[name]
    records = []
    wall, cpu = time.perf_counter(), time.process_time()
    for deal in deals:
        game = sw.new_game(variant, deal=deal, **options)
        started = time.perf_counter()
        result = solve(game, time_limit=budget)
        seconds = time.perf_counter() - started
        records.append({"setting": name, "deal": deal, "verdict": result.verdict, "seconds": round(seconds, 4),
                        "nodes": result.stats["nodes"], "peak_table": result.stats["peak_table"],
                        "moves": len(result.line), "engine": result.stats.get("engine"),
                        "decided_in": result.stats.get("decided_in")})
    core_share = (time.process_time() - cpu) / max(time.perf_counter() - wall, 1e-9)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.send((records, peak_mb, core_share))


def engine_name() -> str:
    """Which engine searches the Klondike family in this run, in words."""
    if compiled.klondike_engine() == "c":
        return "compiled core (C)"
    why = f"{compiled.ENV_VAR}=python" if compiled.available() else "the compiled core is not built"
    return f"pure Python ({why})"


def yardstick_ms() -> float:
    """Milliseconds this machine takes for a fixed pure-Python loop, best of five: a figure to compare machines by."""
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        sum(range(10_000_000))
        best = min(best, time.perf_counter() - started)
    return 1000 * best


def undecided_deals(path: str) -> dict[str, list[int]]:
    """The deals an earlier run's ``--out`` file left undecided, by setting, in the file's order, each once.

    Raises ValueError, naming the line, for anything that is not such a record."""
    undecided: dict[str, list[int]] = {}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                name, deal, verdict = record["setting"], record["deal"], record["verdict"]
                name = OLD_NAMES.get(name, name)
            except (ValueError, TypeError, KeyError):
                raise ValueError(f"{path}, line {number}: not a record of benchmarks/solver.py --out") from None
            if name not in SETTINGS or isinstance(deal, bool) or not isinstance(deal, int) or deal < 0 \
                    or verdict not in ("winnable", "unwinnable", "unknown"):
                raise ValueError(f"{path}, line {number}: not a record of benchmarks/solver.py --out")
            if verdict == "unknown":
                deals = undecided.setdefault(name, [])
                if deal not in deals:
                    deals.append(deal)
    return undecided


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def phases(name: str) -> dict[str, bool]:
    """Which of the phases the table counts a setting's search has: restarts (the Klondike family, not Camelot),
    and a relaxed game (the Klondike family, but for one card at a time with unlimited redeals, its own)."""
    variant, options, _ = SETTINGS[name]
    if variant == "camelot":
        return {"relaxed": False, "restarts": False}
    return {"relaxed": relaxed(sw.new_game(variant, deal=1, **options).position()) is not None, "restarts": True}


def summary(name: str, records: list[dict[str, Any]], peak_mb: float) -> dict[str, Any]:
    """A setting's row of the table, from its deals' records."""
    count = len(records)
    times = [r["seconds"] for r in records]
    return {
        "setting": name, "deals": count,
        "decided": sum(r["verdict"] != "unknown" for r in records) / count,
        "winnable": sum(r["verdict"] == "winnable" for r in records) / count,
        "median": statistics.median(times), "p95": percentile(times, 0.95),
        "relaxed": sum(r["decided_in"] in ("relaxed", "guided") for r in records) / count,
        "restarts": sum(r["decided_in"] == "restarts" for r in records) / count,
        "nodes_per_second": sum(r["nodes"] for r in records) / max(sum(times), 1e-9),
        "peak_table": max(r["peak_table"] for r in records), "peak_mb": peak_mb,
    }


def solver_code() -> str:
    """The hash of the solver's code, as the study tables record it: which runs searched with the same code."""
    return player_for("klondike", "solver", {}).code


def read_curve(path: Path) -> list[dict[str, Any]]:
    """The runs of the curve file at ``path`` ([] when there is none yet). Raises ValueError, naming the file, for
    a file that is no such curve, so that a run is not spent before its figures find nowhere to go."""
    if not path.exists():
        return []
    try:
        runs = json.loads(path.read_text(encoding="utf-8"))["runs"]
        if not isinstance(runs, list) or not all(isinstance(run, dict) and float(run["budget"]) > 0 for run in runs):
            raise TypeError("its runs are not a list of runs with a budget")
    except (OSError, ValueError, TypeError, KeyError) as error:
        raise ValueError(f"{path}: not a curve of benchmarks/solver.py --curve ({error})") from None
    return runs


def add_to_curve(path: Path, run: dict[str, Any]) -> None:
    """Put ``run`` into the curve file at ``path`` (made if missing) in place of the run of its budget, the runs
    in the order of their budgets."""
    runs = [old for old in read_curve(path) if float(old["budget"]) != run["budget"]] + [run]
    path.write_text(dump({"runs": sorted(runs, key=lambda old: float(old["budget"]))}), encoding="utf-8")


def dump(data: dict[str, Any]) -> str:
    """``data`` as JSON, indented, with every list of plain values (a deal's record) on one line."""
    text = json.dumps(data, indent=1)
    return re.sub(r"\[\n\s*([^\[\]{}]*?)\n\s*\]",
                  lambda match: "[" + re.sub(r",\n\s*", ", ", match.group(1)) + "]", text) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per setting (default 200)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--only", default=",".join(SETTINGS), help="comma-separated settings: " + ", ".join(SETTINGS))
    parser.add_argument("--out", help="also write one JSON line per deal to this file")
    parser.add_argument("--retry", metavar="RUNS", help="run only the deals this --out file left undecided")
    parser.add_argument("--json", help="also write the run's figures and every deal's record to this file (JSON)")
    parser.add_argument("--curve", help="also put the run's figures into this file of runs, one per budget (JSON)")
    args = parser.parse_args()
    names = [OLD_NAMES.get(name.strip(), name.strip()) for name in args.only.split(",") if name.strip()]
    unknown = [name for name in names if name not in SETTINGS]
    if unknown:
        parser.error(f"unknown setting(s) {', '.join(unknown)}; choose from {', '.join(SETTINGS)}")
    if args.retry and (args.json or args.curve):
        parser.error("--json and --curve write the figures of a run of whole ranges of deals, not of --retry")
    if args.budget <= 0:
        parser.error(f"--budget must be a positive number of seconds, not {args.budget:g}")
    if args.curve:
        try:
            read_curve(Path(args.curve))
        except ValueError as error:
            parser.error(str(error))
    if args.retry:
        try:
            retried = undecided_deals(args.retry)
        except (OSError, ValueError) as error:
            parser.error(str(error))
        deals = {name: retried[name] for name in names if name in retried}
        which = f"the deals {args.retry} left undecided"
        if not deals:
            print(f"{args.retry} leaves no deal of {', '.join(names)} undecided: nothing to run")
            return
    else:
        deals = {name: list(range(args.first, args.first + args.deals)) for name in names}
        which = f"deals {args.first}..{args.first + args.deals - 1}"

    started = time.time()
    load_before = os.getloadavg()
    yardstick = yardstick_ms()
    print(f"solver benchmark: {which}, budget {args.budget:g} s per deal, one core, Python {sys.version.split()[0]}")
    print(f"Klondike-family engine: {engine_name()}; machine yardstick: sum(range(10**7)) in {yardstick:.0f} ms; "
          f"load average {load_before[0]:.2f}")
    header = (f"{'setting':<28} {'deals':>5} {'decided':>8} {'winnable':>9} {'median s':>9} {'p95 s':>7} "
              f"{'relaxed':>8} {'restarts':>8} {'nodes/s':>9} {'peak table':>10} {'peak MB':>8} {'core':>5}")
    print(header)
    print("-" * len(header))
    published_lines = []
    sink = open(args.out, "w") if args.out else None  # noqa: SIM115 - closed below
    context = multiprocessing.get_context("spawn")
    decided_lines = []
    rows = []
    for name, setting_deals in deals.items():
        receiver, sender = context.Pipe(duplex=False)
        worker = context.Process(target=run_setting, args=(name, setting_deals, args.budget, sender))
        worker.start()
        records, peak_mb, core_share = receiver.recv()
        worker.join()
        if sink:
            for record in records:
                sink.write(json.dumps(record) + "\n")
            sink.flush()
        row = summary(name, records, peak_mb)
        count, decided, winnable = row["deals"], row["decided"], row["winnable"]
        print(f"{name:<28} {count:>5} {decided:>8.1%} {winnable:>9.1%} {row['median']:>9.3f} {row['p95']:>7.2f} "
              f"{row['relaxed']:>8.1%} {row['restarts']:>8.1%} {row['nodes_per_second']:>9,.0f} "
              f"{row['peak_table']:>10,} {peak_mb:>8.0f} {core_share:>5.0%}", flush=True)
        if args.retry:
            verdicts = [f"{r['deal']} ({r['verdict']}, {r['seconds']:.1f} s)" for r in records
                        if r["verdict"] != "unknown"]
            decided_lines.append(f"{name}: {len(verdicts)} of {count} decided" + (": " if verdicts else "")
                                 + ", ".join(verdicts))
        published = SETTINGS[name][2]
        if published is not None and not args.retry:
            published_lines.append(f"{name}: winnable share between {winnable:.1%} and {winnable + 1 - decided:.1%} "
                                   f"by our runs; published {published:.3%} ({SOLVITAIRE})")
        variant, options, _ = SETTINGS[name]
        rows.append({**row, "median": round(row["median"], 4), "p95": round(row["p95"], 4),
                     "nodes_per_second": round(row["nodes_per_second"]), "peak_mb": round(peak_mb, 1),
                     "core_share": round(core_share, 3),
                     "variant": variant, "options": options, "published": published,
                     "phases": phases(name), "engines": sorted({r["engine"] for r in records}),
                     "undecided": [r["deal"] for r in records if r["verdict"] == "unknown"],
                     "records": [[r["deal"], r["verdict"], r["seconds"], r["nodes"], r["peak_table"], r["decided_in"]]
                                 for r in records]})
    if sink:
        sink.close()
    for line in published_lines + decided_lines:
        print(line)
    seconds = time.time() - started
    print(f"{seconds:.0f} s in all")
    if args.json or args.curve:
        found = {"date": datetime.date.today().isoformat(), "seconds": round(seconds), "budget": args.budget,
                 "deals": [args.first, args.first + args.deals - 1], "python": sys.version.split()[0],
                 "engine": compiled.klondike_engine(), "cpu": cpu_model(), "cores": os.cpu_count(),
                 "yardstick_ms": round(yardstick), "load_before": round(load_before[0], 2),
                 "load_after": round(os.getloadavg()[0], 2), "niceness": os.nice(0), "code": solver_code(),
                 "published_source": SOLVITAIRE,
                 "record_fields": ["deal", "verdict", "seconds", "nodes", "peak_table", "decided_in"],
                 "settings": rows}
        if args.json:
            Path(args.json).write_text(dump(found), encoding="utf-8")
        if args.curve:
            add_to_curve(Path(args.curve), found)


if __name__ == "__main__":
    main()
