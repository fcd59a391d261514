"""How fast the rules model plays: random games through the public API, one step at a time.

Each step is what any client of the rules model does: ``legal_moves()``, then ``play()`` of one of them. Games
start from fixed deal numbers and a fixed random seed, so a run is repeatable; a game ends when it is won, stuck or
lost, or after ``--max-moves`` moves (random play in the Klondike family can shuffle cards back and forth forever).

    python benchmarks/engine.py [--seconds 3] [--max-moves 300]

Prints steps per second per variant, on one core. Time is the process's CPU time, so that other work on the
machine does not skew the figures.
"""

from __future__ import annotations

import argparse
import random
import time

import solitaire_widget as sw


def run(variant: str, seconds: float, max_moves: int, **options: int) -> tuple[int, float, int]:
    """Play random games of ``variant`` for about ``seconds``; answer (steps, elapsed, games)."""
    rng = random.Random(2026)
    steps = games = 0
    deal = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        game = sw.new_game(variant, deal=deal, **options)
        deal += 1
        games += 1
        for _ in range(max_moves):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[int(rng.random() * len(moves))])
            steps += 1
    return steps, time.process_time() - start, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per variant (default 3)")
    parser.add_argument("--max-moves", type=int, default=300, help="moves per game at most (default 300)")
    args = parser.parse_args()
    cases = [(variant, {}) for variant in sw.VARIANTS] + [("athena", {"draw": 3}), ("klondike", {"draw": 3})]
    print(f"{'game':<28}{'steps/s':>12}{'steps':>10}{'games':>8}")
    for variant, options in cases:
        steps, elapsed, games = run(variant, args.seconds, args.max_moves, **options)
        name = variant + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{name:<28}{steps / elapsed:>12,.0f}{steps:>10}{games:>8}")


if __name__ == "__main__":
    main()
