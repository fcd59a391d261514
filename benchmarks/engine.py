"""How fast the rules model plays: random games through the public API, one step at a time, beside OpenSpiel.

Each step is what any client of the rules model does: ``legal_moves()``, then ``play()`` of one of them. Games start
from fixed deal numbers and a fixed random seed, so a run is repeatable; a game ends when it is won, stuck or lost,
or after ``--max-moves`` moves (random play in the Klondike family can shuffle cards back and forth forever).

The baseline, measured in the same run: OpenSpiel's C++ Klondike (``pyspiel``, game "solitaire") driven from
Python the same way (``legal_actions()``, then ``apply_action()``; a chance node, a card turned up, counts as a step
too, with a random outcome). Machines differ, so what compares across machines is the ratio to that baseline
(issue 24's target: the slowest game at 0.63 of OpenSpiel's rate or better, 120,000 against 191,000 where it was
set). ``pip install open_spiel`` (``make bench`` does) to measure it.

    python benchmarks/engine.py [--seconds 3] [--max-moves 300] [--python]

Prints steps per second per variant, on one core, and the ratio to OpenSpiel. ``--python`` switches off the rules
model's compiled fast path (``SOLITAIRE_RULES=python``) to time the pure-Python reference. Time is the process's CPU
time, so that other work on the machine does not skew the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import solitaire_widget as sw
from solitaire_widget.games import compiled


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


def run_open_spiel(seconds: float, max_moves: int) -> tuple[int, int, float] | None:
    """OpenSpiel's solitaire played at random for about ``seconds``: (steps, decisions, elapsed), or None when
    pyspiel is not installed."""
    try:
        import pyspiel  # the baseline, not a dependency: pip install open_spiel
    except ImportError:
        return None
    game = pyspiel.load_game("solitaire")
    rng = random.Random(2026)
    steps = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal() and moves < max_moves:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.random() * len(outcomes))][0]
            else:
                actions = state.legal_actions()
                action = actions[int(rng.random() * len(actions))]
                decisions += 1
                moves += 1
            state.apply_action(action)
            steps += 1
    return steps, decisions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per variant (default 3)")
    parser.add_argument("--max-moves", type=int, default=300, help="moves per game at most (default 300)")
    parser.add_argument("--python", action="store_true", help="time the pure-Python reference (no compiled path)")
    args = parser.parse_args()
    if args.python:
        os.environ[compiled.ENV_VAR] = "python"
    path = "compiled fast path" if compiled.core() is not None else "pure Python"
    print(f"rules model: {path}")
    baseline = run_open_spiel(args.seconds, args.max_moves)
    if baseline is None:
        print("OpenSpiel: not installed (pip install open_spiel), so no baseline in this run")
        reference = None
    else:
        steps, decisions, elapsed = baseline
        reference = steps / elapsed
        print(f"OpenSpiel solitaire: {reference:,.0f} steps/s ({decisions / elapsed:,.0f} of them decisions, the "
              f"rest cards turned up by chance nodes)")
    cases = [(variant, {}) for variant in sw.VARIANTS] + [("athena", {"draw": 3}), ("klondike", {"draw": 3})]
    print(f"{'game':<28}{'steps/s':>12}{'steps':>10}{'games':>8}{'vs OpenSpiel':>14}")
    rates = []
    for variant, options in cases:
        steps, elapsed, games = run(variant, args.seconds, args.max_moves, **options)
        name = variant + "".join(f" {k}={v}" for k, v in options.items())
        rate = steps / elapsed
        rates.append(rate)
        ratio = "" if reference is None else f"{rate / reference:.2f}"
        print(f"{name:<28}{rate:>12,.0f}{steps:>10}{games:>8}{ratio:>14}")
    slowest = min(rates)
    if reference is not None:
        print(f"slowest game: {slowest:,.0f} steps/s, {slowest / reference:.2f} of OpenSpiel's rate (target 0.63)")


if __name__ == "__main__":
    main()
