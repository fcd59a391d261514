"""The fair player's win rate against the time it thinks: its cost curve.

Where a target of the fair player is out of reach (issue 32: three-card Klondike told the stock's order, 48%), the
question is whether more thinking would reach it. The player's budget is its ``samples``: how many sampled deals
the bandit spends on the plan it plays (300 by default; the other plans get fewer). This script has one setting's
player play the same deals with several budgets and prints, per budget, the games won (with the 95% interval), the
mean seconds a game and a move, and the deals only this budget or only the default won (McNemar's exact p).

Each budget is a study of its own, kept in a store, so a curve stopped half way resumes where it stopped: the
default budget's is the published table's own store (``.studies/SETTING.PLAYER.sqlite``: the same study, so its
games are not played twice), the others' are ``.studies/curve/SETTING.PLAYER.samples-N.sqlite``. ``--stores DIR``
keeps them elsewhere, as for ``tools/tables.py``.

    python benchmarks/fair_curve.py --setting klondike-by-three-unlimited --player knows-stock --deals 60 \\
        --samples 75,150,300,600 [--workers 2] [--json docs/data/fair-curve.json]

``--json FILE`` also writes the curve there, replacing the one of the same setting and player (a file holds one
curve per setting and player): the code's hash, the deals, and per budget the deals won and the mean times, which
``tools/figures.py`` turns into docs/fair-play.md's table. The seconds are wall-clock time on one process each,
rough where other work shared the machine (the load averages before and after the run are written down too).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import solitaire_widget as sw  # noqa: E402
from solitaire_widget.intervals import bounds  # noqa: E402
from solitaire_widget.studies import StoreError, StudyResult, study  # noqa: E402
from solitaire_widget.studies.players import KNOWS_STOCK, player_for  # noqa: E402
from solitaire_widget.studies.result import mcnemar_p  # noqa: E402

from benchmarks.machine import cpu_model  # noqa: E402
from benchmarks.solver import dump  # noqa: E402
from tools.tables import SETTINGS, STORES, store_path  # noqa: E402

#: The budget the published tables play with: FairPlayer's default.
DEFAULT_SAMPLES: int = sw.FairPlayer().settings["samples"]
#: The players a curve can be drawn for: the fair one, and the one told the stock's order (not fair).
PLAYERS = ("fair", KNOWS_STOCK)


def curve_store(stores: Path, setting: str, player: str, samples: int) -> Path:
    """Where a budget's games are kept: the published table's store for the default budget, else one of its own."""
    if samples == DEFAULT_SAMPLES:
        return stores / store_path(setting, player).name
    return stores / "curve" / f"{setting}.{player}.samples-{samples}.sqlite"


def point(result: StudyResult, samples: int) -> dict[str, Any]:
    """A budget's figures from its study's rows: the deals won and the mean times."""
    rows = result.rows
    moves = sum(row.moves for row in rows)
    seconds = sum(row.seconds for row in rows)
    return {"samples": samples, "won": [row.deal for row in rows if row.success],
            "seconds_per_game": round(seconds / len(rows), 2),
            "seconds_per_move": round(seconds / moves, 3) if moves else None,
            "moves_per_game": round(moves / len(rows), 1)}


def run_curve(setting: str, player: str, deals: range, budgets: list[int], workers: int | None,
              stores: Path) -> dict[str, Any]:
    """Play ``deals`` with every budget, resuming each from its store, and answer the curve as ``--json`` writes it."""
    variant, options = SETTINGS[setting]
    load_before = os.getloadavg()[0]
    points = []
    for samples in budgets:
        path = curve_store(stores, setting, player, samples)
        path.parent.mkdir(parents=True, exist_ok=True)
        result = study(variant, player, deals, store=path, workers=workers, progress=sys.stderr.isatty(),
                       samples=samples, **options)
        points.append(point(result, samples))
        print(f"{samples:>6} samples  {result.summary}  {points[-1]['seconds_per_game']} s a game", flush=True)
    code = player_for(variant, player, {}).code
    return {"setting": setting, "variant": variant, "player": player, "code": code, "first_deal": deals.start,
            "last_deal": deals.stop - 1, "default_samples": DEFAULT_SAMPLES, "date": datetime.date.today().isoformat(),
            "cores": os.cpu_count(), "cpu": cpu_model(), "load_before": round(load_before, 2),
            "load_after": round(os.getloadavg()[0], 2), "points": points}


def report(curve: dict[str, Any]) -> str:
    """The curve as a plain table: each budget's wins, interval, times and the deals only it or the default won."""
    deals = curve["last_deal"] - curve["first_deal"] + 1
    reference = next((p for p in curve["points"] if p["samples"] == curve["default_samples"]), None)
    lines = [f"{curve['setting']}, {curve['player']}, deals {curve['first_deal']}-{curve['last_deal']}, "
             f"code {curve['code']}", "samples  won          95% interval    s/game  s/move  against the default"]
    for entry in curve["points"]:
        won = len(entry["won"])
        low, high = bounds(won, 0, deals)
        against = ""
        if reference is not None and entry is not reference:
            mine, theirs = set(entry["won"]), set(reference["won"])
            only, other = len(mine - theirs), len(theirs - mine)
            against = f"{only} / {other}, p = {mcnemar_p(only, other):.3f}"
        lines.append(f"{entry['samples']:>7}  {won:>3} ({won / deals:5.1%})  {low:5.1%}-{high:5.1%}  "
                     f"{entry['seconds_per_game']:>6}  {entry['seconds_per_move']!s:>6}  {against}")
    return "\n".join(lines)


def read_curves(path: Path) -> list[dict[str, Any]]:
    """The curves of the file at ``path`` ([] when there is none yet). Raises ValueError, naming the file, for a
    file that is no such file of curves, so that a run is not spent before its figures find nowhere to go."""
    if not path.exists():
        return []
    try:
        curves = json.loads(path.read_text(encoding="utf-8"))["curves"]
        if not isinstance(curves, list) or not all(isinstance(curve, dict) and isinstance(curve["setting"], str)
                                                   and isinstance(curve["player"], str) for curve in curves):
            raise TypeError("its curves are not a list of curves, each of a setting and a player")
    except (OSError, ValueError, TypeError, KeyError) as error:
        raise ValueError(f"{path}: not a file of curves of benchmarks/fair_curve.py --json ({error})") from None
    return curves


def write(path: Path, curve: dict[str, Any]) -> None:
    """Put ``curve`` into the file of curves at ``path`` (made if missing), in place of the one of the same setting
    and player."""
    mine = (curve["setting"], curve["player"])
    curves = [old for old in read_curves(path) if (old["setting"], old["player"]) != mine]
    path.write_text(dump({"curves": [*curves, curve]}), encoding="utf-8")


def budgets_of(text: str) -> list[int]:
    """"75,150,300" -> [75, 150, 300]: whole numbers of samples from 1, each once, in rising order."""
    try:
        values = sorted({int(part) for part in text.split(",")})
    except ValueError:
        raise argparse.ArgumentTypeError(f"--samples takes whole numbers separated by commas, not {text!r}") from None
    if not values or values[0] < 1:
        raise argparse.ArgumentTypeError(f"--samples takes budgets of 1 sample or more, not {text!r}")
    return values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--setting", required=True, choices=sorted(SETTINGS))
    parser.add_argument("--player", default="fair", choices=PLAYERS)
    parser.add_argument("--deals", type=int, default=60, help="play deals 1 to N (default 60)")
    parser.add_argument("--samples", type=budgets_of, default=budgets_of(f"75,150,{DEFAULT_SAMPLES},600"))
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--stores", type=Path, default=STORES)
    parser.add_argument("--json", type=Path, help="write the curve into this file of curves")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error(f"--deals takes 1 or more, not {args.deals}")
    if args.json:
        try:
            read_curves(args.json)
        except ValueError as error:
            parser.error(str(error))
    try:
        curve = run_curve(args.setting, args.player, range(1, args.deals + 1), args.samples, args.workers,
                          args.stores)
    except StoreError as error:
        print(f"fair_curve.py: {error}", file=sys.stderr)
        return 1
    print(report(curve))
    if args.json:
        write(args.json, curve)
    return 0


if __name__ == "__main__":
    sys.exit(main())
