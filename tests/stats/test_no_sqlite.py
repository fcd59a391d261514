"""A Python built without SQLite (some browser builds of Pyodide, minimal containers) still plays.

The package imports, a board deals and plays, and statistics are off with a reason a player can read (one
:class:`StatisticsWarning`); only studies, which keep their results in SQLite, are unavailable, and saying so.
Run in a fresh interpreter whose import system refuses ``sqlite3`` and ``_sqlite3``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = r"""
import json, sys, warnings

class NoSqlite:
    def find_spec(self, name, path=None, target=None):
        if name in ("sqlite3", "_sqlite3"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, NoSqlite())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import solitaire_widget as sw
    from solitaire_widget.stats import StatisticsStore, StatisticsWarning

    board = sw.Solitaire("athena", deal=1, keep_statistics=True)
    board.play("deal")
    store = StatisticsStore()
    shown = sw.statistics("athena")
    try:
        sw.study
        study = "available"
    except ImportError as error:
        study = str(error)
print(json.dumps({
    "sqlite3": "sqlite3" in sys.modules,
    "moves": len(board.game.history),
    "enabled": store.enabled,
    "reason": store.reason,
    "shown": [shown.enabled, shown.reason],
    "warnings": sorted({str(w.message) for w in caught if issubclass(w.category, StatisticsWarning)}),
    "study": study,
}))
"""

REASON = "Statistics are not kept: this Python has no SQLite (the sqlite3 module). The game plays on without them."


def test_without_sqlite3_the_package_plays_with_statistics_off(tmp_path: Path) -> None:
    env = {**os.environ, "SOLITAIRE_WIDGET_DATA": str(tmp_path), "LC_ALL": "C.UTF-8", "LANGUAGE": "en"}
    env.pop("SOLITAIRE_WIDGET_STATISTICS", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["sqlite3"] is False, "the test's interpreter imported sqlite3 after all"
    assert seen["moves"] == 1
    assert seen["enabled"] is False and seen["reason"] == REASON
    assert seen["shown"] == [False, REASON]
    assert seen["warnings"] == [REASON], "the player is told once, in words, why statistics are off"
    assert "sqlite3" in seen["study"] and "study" in seen["study"]
    assert list(tmp_path.iterdir()) == [], "no statistics file may be made without SQLite"
