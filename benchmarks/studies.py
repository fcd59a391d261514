"""How fast studies run, and how they scale: deals per second on 1, 2 and all cores, and on a Dask LocalCluster.

The same study runs each way: the thoughtful solver on Athena deals with a fixed node limit per deal (so every way
does exactly the same work), and the "undo-search" strategy (a search of its own) on Klondike deals. The script prints deals per second, deals
per second per core, and the speed-up over one core. Near-linear scaling means a speed-up close to the number of
cores; what is lost goes to starting the worker processes and to batches that end unevenly.

    python benchmarks/studies.py [--deals 400] [--nodes 200000]

Run it with nothing else heavy on the machine: it measures wall-clock time.
"""

from __future__ import annotations

import argparse
import os
import time

import solitaire_widget as sw

STUDIES = {
    "solver (Athena)": ("athena", "solver", {"time_limit": None}),
    "undo-search (Klondike)": ("klondike", "undo-search", {}),
}


def timed(variant: str, player: str, settings: dict, deals: range, **how: object) -> float:
    started = time.perf_counter()
    sw.study(variant, player, deals, progress=False, **settings, **how)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--nodes", type=int, default=200_000, help="solver nodes per deal")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    counts = sorted({1, min(2, cores), cores})
    print(f"{cores} cores; {args.deals} deals per run; the solver at {args.nodes:,} nodes a deal")
    print(f"{'study':<23}{'on':<22}{'seconds':>9}{'deals/s':>10}{'per core':>10}{'speed-up':>10}")
    for name, (variant, player, settings) in STUDIES.items():
        if player == "solver":
            settings = {**settings, "node_limit": args.nodes}
        deals = range(1, args.deals + 1)
        base = None
        for workers in counts:
            seconds = timed(variant, player, settings, deals, workers=workers)
            base = base or seconds
            rate = args.deals / seconds
            print(f"{name:<23}{f'{workers} process(es)':<22}{seconds:>9.1f}{rate:>10.1f}{rate / workers:>10.1f}"
                  f"{base / seconds:>10.2f}", flush=True)
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            print(f"{name:<23}{'Dask LocalCluster':<22}  (dask.distributed is not installed)")
            continue
        with LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            seconds = timed(variant, player, settings, deals, executor=client.get_executor(), workers=cores)
        rate = args.deals / seconds
        print(f"{name:<23}{f'Dask, {cores} workers':<22}{seconds:>9.1f}{rate:>10.1f}{rate / cores:>10.1f}"
              f"{base / seconds:>10.2f}", flush=True)


if __name__ == "__main__":
    main()
