"""How well and how fast the solver decides real deals.

For each game setting, the solver runs on deals ``first .. first + deals - 1`` with a fixed budget per deal, one
deal after another on one core, and the script prints per setting: the share of deals decided (winnable or
proved unwinnable) within the budget, the share proved winnable, the median and 95th-percentile time per deal
(deals left undecided count with their full budget), the shares decided by the relaxed game and the searches it
guides, and by the restarts in perturbed move orders (Klondike family: see ``solitaire_widget.solver.restarts``),
the search's speed in nodes per second over all its deals,
the largest table of seen states, and the peak memory of the process that ran the setting (each setting runs in
a fresh process, so the figures do not mix).

Two settings have published winnable shares for the thoughtful game (all cards visible), which this solver also
plays: Klondike, one card at a time with unlimited redeals (91.9%), and three at a time with unlimited redeals
(81.9%). For those the script prints the interval the true share must lie in given our results: from the share
proved winnable up to that plus the share left undecided.

    python benchmarks/solver.py [--deals 200] [--budget 10] [--first 1] [--only athena,camelot] [--out runs.jsonl]
    python benchmarks/solver.py --retry runs.jsonl --budget 60 [--only ...] [--out longer.jsonl]

``--retry`` runs again, with the budget given, only the deals that an earlier run's ``--out`` file left undecided,
and names each deal that gets a verdict: how many of the hard deals more time decides, and which.

Run it with nothing else heavy on the machine: the budget is wall-clock time, so the shares decided depend on the
machine's speed. The header gives a yardstick for that speed (the time of a fixed pure-Python loop) so that runs
on different machines can be compared, and says which engine searches the Klondike-family settings: the
compiled core when it is built, else pure Python; set ``SOLITAIRE_SOLVER=python`` to time pure Python (Camelot
is always pure Python).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import statistics
import sys
import time
from typing import Any

import solitaire_widget as sw
from solitaire_widget.solver import compiled, solve

#: name -> (variant, options, published winnable share or None)
SETTINGS: dict[str, tuple[str, dict[str, int], float | None]] = {
    "athena": ("athena", {"draw": 1}, None),
    "athena-draw3": ("athena", {"draw": 3}, None),
    "thumb-and-pouch": ("thumb-and-pouch", {}, None),
    "aunt-mary": ("aunt-mary", {}, None),
    "klondike": ("klondike", {"draw": 1, "redeals": 2}, None),
    "camelot": ("camelot", {}, None),
    "klondike-draw1-unlimited": ("klondike", {"draw": 1, "redeals": -1}, 0.919),
    "klondike-draw3-unlimited": ("klondike", {"draw": 3, "redeals": -1}, 0.819),
}


def run_setting(name: str, deals: list[int], budget: float, out: Any) -> None:
    """Solve ``deals`` of one setting; send their records, one per deal, and the process's peak memory."""
    variant, options, _ = SETTINGS[name]
    records = []
    for deal in deals:
        game = sw.new_game(variant, deal=deal, **options)
        started = time.perf_counter()
        result = solve(game, time_limit=budget)
        seconds = time.perf_counter() - started
        records.append({"setting": name, "deal": deal, "verdict": result.verdict, "seconds": round(seconds, 4),
                        "nodes": result.stats["nodes"], "peak_table": result.stats["peak_table"],
                        "moves": len(result.line), "engine": result.stats.get("engine"),
                        "decided_in": result.stats.get("decided_in")})
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.send((records, peak_mb))


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per setting (default 200)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--only", default=",".join(SETTINGS), help="comma-separated settings: " + ", ".join(SETTINGS))
    parser.add_argument("--out", help="also write one JSON line per deal to this file")
    parser.add_argument("--retry", metavar="RUNS", help="run only the deals this --out file left undecided")
    args = parser.parse_args()
    names = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in names if name not in SETTINGS]
    if unknown:
        parser.error(f"unknown setting(s) {', '.join(unknown)}; choose from {', '.join(SETTINGS)}")
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

    print(f"solver benchmark: {which}, budget {args.budget:g} s per deal, one core, Python {sys.version.split()[0]}")
    print(f"Klondike-family engine: {engine_name()}; machine yardstick: sum(range(10**7)) in {yardstick_ms():.0f} ms")
    header = (f"{'setting':<26} {'deals':>5} {'decided':>8} {'winnable':>9} {'median s':>9} {'p95 s':>7} "
              f"{'relaxed':>8} {'restarts':>8} {'nodes/s':>9} {'peak table':>10} {'peak MB':>8}")
    print(header)
    print("-" * len(header))
    published_lines = []
    sink = open(args.out, "w") if args.out else None  # noqa: SIM115 - closed below
    context = multiprocessing.get_context("spawn")
    decided_lines = []
    for name, setting_deals in deals.items():
        receiver, sender = context.Pipe(duplex=False)
        worker = context.Process(target=run_setting, args=(name, setting_deals, args.budget, sender))
        worker.start()
        records, peak_mb = receiver.recv()
        worker.join()
        if sink:
            for record in records:
                sink.write(json.dumps(record) + "\n")
            sink.flush()
        count = len(records)
        decided = sum(r["verdict"] != "unknown" for r in records) / count
        winnable = sum(r["verdict"] == "winnable" for r in records) / count
        times = [r["seconds"] for r in records]
        speed = sum(r["nodes"] for r in records) / max(sum(times), 1e-9)
        relaxed = sum(r["decided_in"] in ("relaxed", "guided") for r in records) / count
        restarts = sum(r["decided_in"] == "restarts" for r in records) / count
        print(f"{name:<26} {count:>5} {decided:>8.1%} {winnable:>9.1%} {statistics.median(times):>9.3f} "
              f"{percentile(times, 0.95):>7.2f} {relaxed:>8.1%} {restarts:>8.1%} {speed:>9,.0f} "
              f"{max(r['peak_table'] for r in records):>10,} {peak_mb:>8.0f}", flush=True)
        if args.retry:
            verdicts = [f"{r['deal']} ({r['verdict']}, {r['seconds']:.1f} s)" for r in records
                        if r["verdict"] != "unknown"]
            decided_lines.append(f"{name}: {len(verdicts)} of {count} decided" + (": " if verdicts else "")
                                 + ", ".join(verdicts))
        published = SETTINGS[name][2]
        if published is not None and not args.retry:
            published_lines.append(f"{name}: winnable share between {winnable:.1%} and {winnable + 1 - decided:.1%} "
                                   f"by our runs; published {published:.1%}")
    if sink:
        sink.close()
    for line in published_lines + decided_lines:
        print(line)


if __name__ == "__main__":
    main()
