"""A statistics writer in a process of its own, for the tests that kill one or run two at once.

    python writer.py PATH loop FIRST_DEAL          plays games until killed
    python writer.py PATH count FIRST_DEAL N GO    says ready, waits for the file GO, plays N games and exits

Each game is begun, updated three times and finished, as the board does; after each write the writer prints
``begun ID`` or ``finished ID RESULT``, so the test knows what was committed before it killed the process.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from solitaire_widget import new_game
from solitaire_widget.stats import StatisticsStore


def say(line: str) -> None:
    """One line to the test, in one write (a kill may still cut it short: the test drops an unfinished line)."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def play(store: StatisticsStore, deal: int) -> None:
    game = new_game("athena", deal=deal)
    entry = store.begin(game)
    assert entry.id is not None, store.reason
    say(f"begun {entry.id}")
    for moves in (1, 2, 3):
        assert store.update(entry, moves=moves, seconds=moves * 1.5, hints=moves // 2, undos=moves // 3)
    result = "won" if deal % 3 == 0 else "lost"
    assert store.finish(entry, result, moves=4, seconds=6.0, score=deal % 53)
    say(f"finished {entry.id} {result}")


def main(path: str, mode: str, first: str, count: str = "0", go: str = "") -> None:
    store = StatisticsStore(path)
    if mode == "loop":
        deal = int(first)
        while True:
            play(store, deal)
            deal += 1
    say("ready")
    while not Path(go).exists():
        time.sleep(0.005)
    say(f"started {time.time()}")
    for deal in range(int(first), int(first) + int(count)):
        play(store, deal)
    say(f"done {time.time()}")
    store.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
