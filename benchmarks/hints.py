"""How long the fair hint takes, and how often the board's time limit lets it finish, on positions from real play.

Positions come from whole games played by the "cautious" strategy (the "centre-first" one in Camelot: players that
do not peek) on deals ``first .. first + deals - 1``, one position every ``--every`` moves. On each, the script
asks for the fair hint twice:

* with the fair player's fixed budgets and no time limit (``hint(game, time_limit=None)``), so that the time is
  *measured*, not capped: the median, 95th percentile and largest time;
* as the board's Hint button does, within ``hint_time`` (1 s): the share of hints whose weighing of plans
  finished within it ("complete"), rather than deciding on the samples weighed when the time ran out.

It also prints what decided the hints (the fair player's :attr:`Choice.why`): "weighed" (plans weighed on samples),
"odds" (Camelot), "safe", "only", and the rest.

    python benchmarks/hints.py [--deals 10] [--every 10] [--first 1] [--only athena,camelot] [--json FILE]

``--json docs/data/hint-cost.json`` also writes the figures there, where ``tools/figures.py`` reads them for
docs/fair-play.md ("What a hint costs"): the page's numbers have this run as their one source.

Targets (issue 32): median at most 1 s and 95th percentile at most 3 s at the fixed budget; at least 95% of hints
complete within the board's 1 s. Run it with nothing else heavy on the machine: the second figure is wall-clock.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import inspect
import json
import os
import statistics
import time

import solitaire_widget as sw
from solitaire_widget.advice.lookahead import DEFAULT_NODES, VARIANT_NODES
from solitaire_widget.advice.player import DEFAULT_SAMPLES
from solitaire_widget.solver import compiled
from solitaire_widget.strategies import play_out
from solitaire_widget.widget.solitaire import Solitaire

#: The settings of the published tables, by the same names.
SETTINGS: dict[str, tuple[str, dict[str, int]]] = {
    "athena": ("athena", {"draw": 1}),
    "athena-by-three": ("athena", {"draw": 3}),
    "thumb-and-pouch": ("thumb-and-pouch", {}),
    "aunt-mary": ("aunt-mary", {}),
    "camelot": ("camelot", {}),
    "klondike": ("klondike", {"draw": 1, "redeals": 2}),
    "klondike-unlimited": ("klondike", {"draw": 1, "redeals": -1}),
    "klondike-by-three": ("klondike", {"draw": 3, "redeals": 2}),
    "klondike-by-three-unlimited": ("klondike", {"draw": 3, "redeals": -1}),
}


def positions(variant: str, options: dict[str, int], deals: range, every: int) -> list[sw.Game]:
    """Games at every ``every``-th move of the cautious (or centre-first) player's games, still being played."""
    found = []
    strategy = "centre-first" if variant == "camelot" else "cautious"
    for deal in deals:
        game = sw.new_game(variant, deal=deal, **options)
        play_out(game, strategy, seed=deal)
        line = game.history
        game.restart()
        for number, move in enumerate(line):
            if number % every == 0 and game.status == "playing" and len(game.legal_moves()) > 1:
                found.append(game.copy())
            game.play(move)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--only", help="settings, comma-separated")
    parser.add_argument("--json", help="also write the figures to this file (JSON)")
    args = parser.parse_args()
    board_limit = inspect.signature(Solitaire).parameters["hint_time"].default
    nodes = " or ".join(f"{count:,}" for count in DEFAULT_NODES.values()) + " nodes" + "".join(
        f" ({count:,} in {variant})" for variant, count in VARIANT_NODES.items())
    print(f"fair hint: {DEFAULT_SAMPLES} samples at most, searches of {nodes}; board limit "
          f"{board_limit} s; Klondike-family engine: {compiled.klondike_engine()}")
    print(f"{'game':<20}{'positions':>10}{'median s':>10}{'p95 s':>8}{'max s':>8}{'complete':>10}  decided by")
    chosen = args.only.split(",") if args.only else list(SETTINGS)
    rows = []
    for name in chosen:
        variant, options = SETTINGS[name]
        games = positions(variant, options, range(args.first, args.first + args.deals), args.every)
        times, complete, why = [], 0, collections.Counter()
        for game in games:
            started = time.perf_counter()
            found = sw.hint(game, time_limit=None)
            times.append(time.perf_counter() - started)
            why[found.choice.why if found.choice is not None else "none"] += 1
            capped = sw.hint(game, time_limit=board_limit)
            weighing = capped.choice.weighing if capped.choice is not None else None
            complete += weighing is None or weighing.stopped_by != "time"
        print(f"{name:<20}{len(games):>10}{statistics.median(times):>10.2f}{percentile(times, 0.95):>8.2f}"
              f"{max(times):>8.2f}{complete / len(games):>10.1%}  "
              + ", ".join(f"{reason} {count}" for reason, count in why.most_common()), flush=True)
        rows.append({"setting": name, "positions": len(games), "median": round(statistics.median(times), 3),
                     "p95": round(percentile(times, 0.95), 3), "max": round(max(times), 3),
                     "complete": complete / len(games), "why": dict(why.most_common())})
    if args.json:
        found = {"date": datetime.date.today().isoformat(), "samples": DEFAULT_SAMPLES, "nodes": DEFAULT_NODES,
                 "variant_nodes": VARIANT_NODES,
                 "board_limit": board_limit, "engine": compiled.klondike_engine(), "cores": os.cpu_count(),
                 "deals": [args.first, args.first + args.deals - 1], "every": args.every, "settings": rows}
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(found, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
