"""Produce the published study tables: every figure the README, the docs and the notebooks quote comes from them.

Each table is one study (``sw.study``): a game setting, a player with its settings, and a range of deals. The
studies keep their rows in SQLite stores under ``.studies/`` (not committed), so this script can be stopped and
run again, across sessions, and picks up where it stopped. After each study it writes the summaries so far to
``.studies/summary.json``; ``--publish`` writes them to ``src/solitaire_widget/studies/published.json``
(committed), which :func:`solitaire_widget.studies.published` reads and from which ``tools/figures.py`` writes the
documents' figures, so the published tables change only when someone chooses to publish.

    python tools/tables.py                          # every study not yet complete
    python tools/tables.py --only solver --workers 1
    python tools/tables.py --publish                # only write published.json from the stores

The deals are 1 to 2,000 for the solver and the strategies, and 1 to 500 for the fair player, which takes far
longer (see docs/fair-play.md for its cost); how many of them a study has played so far is in its table (``deals``),
and a table is marked ``complete`` only when all have been.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import solitaire_widget as sw
from solitaire_widget.studies import Store, StoreError, StudyResult, study
from solitaire_widget.studies.players import player_for

ROOT = Path(__file__).resolve().parent.parent
STORES = ROOT / ".studies"
OUT = ROOT / "src" / "solitaire_widget" / "studies" / "published.json"
PROGRESS = STORES / "summary.json"

#: The game settings, by the name the tables use.
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
SOLVER_DEALS = range(1, 2001)
STRATEGY_DEALS = range(1, 2001)
FAIR_DEALS = range(1, 501)
#: The fair player's settings in the tables: FairPlayer's defaults.
FAIR = sw.FairPlayer().settings
#: The solver's budget per deal, in search nodes rather than seconds, so that the tables come out the same on any
#: machine however busy: for the compiled core, about ten seconds' worth on the development machine (the benchmark's
#: budget, benchmarks/solver.py); for Camelot, searched in Python, as much time in fewer nodes.
SOLVER = {"time_limit": None, "node_limit": 40_000_000}
SOLVER_CAMELOT = {"time_limit": None, "node_limit": 1_200_000}


def studies() -> list[tuple[str, str, dict[str, Any], range]]:
    """(setting, player, settings, deals) for every table, the quick ones first."""
    plan = []
    for setting, (variant, _) in SETTINGS.items():
        for name in sw.strategies.strategies_for(variant):
            plan.append((setting, name, {}, STRATEGY_DEALS))
    plan += [(setting, "solver", SOLVER_CAMELOT if setting == "camelot" else SOLVER, SOLVER_DEALS)
             for setting in SETTINGS]
    plan += [(setting, "fair", FAIR, FAIR_DEALS) for setting in SETTINGS]
    return plan


def store_path(setting: str, player: str) -> Path:
    return STORES / f"{setting}.{player}.sqlite"


def summarise() -> dict[str, Any]:
    """Every table that has rows, from the stores, as the data published.json holds."""
    tables = []
    for setting, player, settings, deals in studies():
        path = store_path(setting, player)
        if not path.exists():
            continue
        variant, options = SETTINGS[setting]
        chosen = player_for(variant, player, settings)
        rules = sw.variants.variant_rules(variant)
        key = {"variant": variant, "options": rules.resolve_options(options), "player": chosen.label,
               "kind": chosen.kind, "settings": chosen.settings, "version": sw.__version__}
        try:
            with Store.open(path, key) as store:
                rows = store.rows(deals)
        except StoreError as error:  # a store of other settings (an older run): not this table's
            print(f"skipped {path.name}: {error}", file=sys.stderr)
            continue
        if not rows:
            continue
        result = StudyResult(key, rows)
        summary = result.summary
        low, high = summary.interval
        tables.append({
            "setting": setting, "variant": variant, "options": key["options"], "player": chosen.label,
            "settings": chosen.settings, "first_deal": deals.start, "last_deal": deals.stop - 1,
            "deals": summary.deals, "complete": summary.deals == len(deals), "successes": summary.successes,
            "undecided": summary.undecided, "outcomes": summary.outcomes,
            "mean_score": None if summary.mean_score is None else round(summary.mean_score, 2),
            "share": round(summary.share, 5), "low": round(low, 5), "high": round(high, 5),
            "seconds": summary.seconds, "engines": sorted({row.engine for row in rows}), "version": sw.__version__,
        })
    return {"about": "Summaries of sw.study runs over numbered deals, made by tools/tables.py; see "
                     "docs/studies.md for how.", "tables": tables}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="players to run, comma-separated: solver, fair, or strategy names")
    parser.add_argument("--settings", help="settings to run, comma-separated (default: all)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--publish", action="store_true", help="only write published.json from the stores")
    parser.add_argument("--rounds", type=int, metavar="N",
                        help="play the chosen studies N deals at a time, in turn, so that a run stopped early has "
                             "measured every one of them on as many deals")
    args = parser.parse_args(argv)
    STORES.mkdir(exist_ok=True)
    only = set(args.only.split(",")) if args.only else None
    chosen_settings = set(args.settings.split(",")) if args.settings else None
    if not args.publish:
        plan = [entry for entry in studies() if not (only and entry[1] not in only)
                and not (chosen_settings and entry[0] not in chosen_settings)]
        longest = max((len(deals) for *_, deals in plan), default=0)
        step = args.rounds or longest
        for start in range(0, longest, step):
            for setting, player, settings, deals in plan:
                part = deals[: start + step]  # the deals so far: the store skips those already played
                if start >= len(deals):
                    continue
                variant, options = SETTINGS[setting]
                started = time.perf_counter()
                result = study(variant, player, part, store=store_path(setting, player), workers=args.workers,
                               progress=sys.stderr.isatty(), **settings, **options)
                print(f"{setting:<28} {player:<13} {result.summary}  ({time.perf_counter() - started:.0f} s)",
                      flush=True)
                PROGRESS.write_text(json.dumps(summarise(), indent=1, ensure_ascii=False) + "\n")
        return 0
    OUT.write_text(json.dumps(summarise(), indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
