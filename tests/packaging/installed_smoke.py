"""Run by test_installed.py with a fresh virtual environment's Python, outside the checkout: the installed package
plays a game, solves a deal, gives a fair hint, prints the rules in Greek and makes a board.

    python installed_smoke.py SITE_PACKAGES CORES    (CORES: "compiled" or "pure")
"""

import pathlib
import sys

import solitaire_widget as sw
from solitaire_widget.games import compiled as rules_core
from solitaire_widget.solver import compiled as solver_core

site, cores = pathlib.Path(sys.argv[1]).resolve(), sys.argv[2]
package = pathlib.Path(sw.__file__).resolve().parent
assert package == site / "solitaire_widget", f"imported from {package}, not the installed {site}"
assert solver_core.available() == rules_core.available() == (cores == "compiled"), (cores, solver_core.available())

game = sw.new_game("thumb-and-pouch", deal=1)
game.play(game.legal_moves()[0])
game.undo()
game.redo()
assert sw.Game.from_json(game.to_json()).position() == game.position()

result = sw.solve(sw.new_game("thumb-and-pouch", deal=1), time_limit=60)
replay = sw.new_game("thumb-and-pouch", deal=1)
for move in result.line:
    replay.play(move)
assert result.verdict == "winnable" and replay.status == "won", (result.verdict, replay.status)

hint = sw.new_game("klondike", deal=9).hint()
assert "(fair)" in repr(hint) and hint.move in sw.new_game("klondike", deal=9).legal_moves(), repr(hint)

rules = str(sw.rules("athena", "el"))
assert rules.startswith("# Αθηνά") and "Διάταξη" in rules, rules[:200]

board = sw.Solitaire("athena", deal=1234)
board.play("deal")
assert len(board._esm) > 10_000 and len(board._css) > 1_000 and board.game.stock_count >= 0

print("SMOKE OK", cores, sw.__version__, package)
print(rules.splitlines()[0])
