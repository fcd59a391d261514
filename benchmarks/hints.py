"""How long the fair hint takes, and how much of its estimate it completes, on positions from real play.

Positions come from whole games played by the "cautious" strategy (a player that does not peek) on deals
``first .. first + deals - 1``, one position every ``--every`` moves. On each, ``game.hint()`` runs with its
defaults (the default sample count and time limit, as the board's Hint button), and the script prints per game:
the median, 95th percentile and largest time, the share of the samples whose solves stayed undecided (the price
of the time limit: an undecided sample is counted both ways in the interval), and the share of hints the chances
decided (the rest tie, and the rule of thumb chooses).

    python benchmarks/hints.py [--deals 10] [--every 10] [--first 1] [--only athena,camelot]

Targets (issue 22): median at most 1 s and 95th percentile at most 3 s, with the compiled core. Camelot is always
searched in pure Python. Run it with nothing else heavy on the machine: the time limit is wall-clock time, so how
much of each estimate completes depends on the machine's speed.
"""

from __future__ import annotations

import argparse
import statistics
import time

import solitaire_widget as sw
from solitaire_widget.advice.win_chances import DEFAULT_SAMPLES, DEFAULT_TIME_LIMIT
from solitaire_widget.solver import compiled
from solitaire_widget.strategies import play_out

SETTINGS: dict[str, tuple[str, dict[str, int]]] = {
    "athena": ("athena", {"draw": 1}),
    "athena-by-three": ("athena", {"draw": 3}),
    "thumb-and-pouch": ("thumb-and-pouch", {}),
    "aunt-mary": ("aunt-mary", {}),
    "camelot": ("camelot", {}),
    "klondike": ("klondike", {"draw": 1, "redeals": 2}),
    "klondike-by-three": ("klondike", {"draw": 3, "redeals": -1}),
    "klondike-unlimited": ("klondike", {"draw": 1, "redeals": -1}),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--only", help="settings, comma-separated")
    args = parser.parse_args()
    print(f"fair hint with its defaults: {DEFAULT_SAMPLES} samples, {DEFAULT_TIME_LIMIT} s; Klondike-family engine: "
          f"{compiled.klondike_engine()}")
    print(f"{'game':<20}{'positions':>10}{'median s':>10}{'p95 s':>8}{'max s':>8}{'undecided':>11}{'by chance':>11}")
    chosen = args.only.split(",") if args.only else list(SETTINGS)
    for name in chosen:
        variant, options = SETTINGS[name]
        games = positions(variant, options, range(args.first, args.first + args.deals), args.every)
        times, undecided, decided = [], [], 0
        for game in games:
            started = time.perf_counter()
            found = game.hint()
            times.append(time.perf_counter() - started)
            if found.chances is not None:
                table = found.chances
                cells = [table.now, *table.moves.values()]
                undecided.append(sum(c.undecided for c in cells) / max(1, sum(c.samples for c in cells)))
            decided += found.kind == "fair"
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{name:<20}{len(games):>10}{statistics.median(times):>10.2f}{p95:>8.2f}{times[-1]:>8.2f}"
              f"{statistics.mean(undecided or [0]):>11.1%}{decided / len(games):>11.1%}", flush=True)


if __name__ == "__main__":
    main()
