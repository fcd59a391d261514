"""Produce the published study tables: every figure the README, the docs and the notebooks quote comes from them.

Each table is one study (``sw.study``): a game setting, a player with its settings, and a range of deals. The
studies keep their rows in SQLite stores under ``.studies/`` (not committed; ``--stores DIR`` or the environment
variable ``SOLITAIRE_TABLES_STORES`` puts them elsewhere, for a trial), so this script can be stopped and run again,
across sessions, and picks up where it stopped. After each study it writes the summaries so far to
``summary.json`` beside the stores; ``--publish`` writes them to ``src/solitaire_widget/studies/published.json``
(committed; ``--out FILE`` writes them elsewhere; a published table with no store here is kept as it was, see
:func:`carry_over`), which :func:`solitaire_widget.studies.published` reads and from
which ``tools/figures.py`` writes the documents' figures, so the published tables change only when someone chooses
to publish.

    python tools/tables.py                          # every study not yet complete
    python tools/tables.py --only solver --workers 1
    python tools/tables.py --rounds 50              # every study 50 deals at a time, in turn
    python tools/tables.py --publish                # only write published.json from the stores
    python tools/tables.py --retire-stale           # first move aside the stores that cannot serve their study
    python tools/tables.py --stores /tmp/trial --only fair --settings camelot --first 20   # a trial

The deals are 1 to 2,000 for the solver and the strategies. The fair player, which takes far longer (see
docs/fair-play.md for its cost), plays deals 1 to 1,000 of the headline settings (:data:`HEADLINE`) and 1 to 500 of
the others; and on Klondike with unlimited redeals, by one and by three, the fair player told the stock's order
(``knows-stock``: not fair, the "K+" model of the published Klondike players, for comparison with them) plays deals
1 to 1,000. How many of them a study has played so far is in its table (``deals``), which of them too (``played``,
as runs of deals in a row), and a table is marked ``complete`` only when all have been. Each table records the hash
of the code that played it (``code``: the study's key holds it, see ``solitaire_widget/studies/code.py``) and a few
of its rows (``samples``: its first three deals, its first success and its first loss), which ``tests/studies``
plays again with the same code and settings.

**Same deals.** The fair player's tables, and those of the player told the stock's order, also record how it did
against the others on the deals both played (``paired``): against every simple strategy that plays fair, against
undo-search on its own (it takes moves back, so it is no fair yardstick), against the fair player (the player told
the stock's order only), the wins of each, the deals one won and the other lost, and McNemar's exact two-sided
p-value on those; and the thoughtful solver's share of the same deals. They are worked out at ``--publish`` time from
the stores' rows, deal by deal, over the deals both studies have played. A comparison whose other store does not
exist yet is simply not there.

**Order.** The cheap studies come first (the simple strategies that play fair, then Camelot's fair player), then
undo-search, the solver, the fair player and the player told the stock's order. With ``--rounds N`` every chosen
study advances N deals at a time, in turn, so that a run stopped early has measured them all on as many deals.

**Stale stores.** A store is kept for one study: its game setting, player, settings and code. After the code that
plays changes, or a setting here does, the old store cannot serve the study any more, and this script stops before
any work with a message naming the store and what differs, rather than leaving its table out of published.json.
``--retire-stale`` moves every such store aside, renamed ``NAME.stale-DATE.sqlite`` (its rows kept for whoever wants
to compare), so that its study starts afresh.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import solitaire_widget as sw
from solitaire_widget.studies import Row, Store, StoreError, StudyResult, study
from solitaire_widget.studies.players import KNOWS_STOCK, player_for
from solitaire_widget.studies.result import Paired

ROOT = Path(__file__).resolve().parent.parent
#: Where the stores are kept: .studies/, or the folder the environment variable (or --stores) names.
STORES = Path(os.environ.get("SOLITAIRE_TABLES_STORES") or ROOT / ".studies")
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
#: The settings whose fair player plays more deals, for the figures the README leads with.
HEADLINE = ("athena", "thumb-and-pouch", "aunt-mary", "camelot", "klondike-unlimited", "klondike-by-three-unlimited")
#: The fair player's deals, per setting: 1 to 1,000 in the headline settings, 1 to 500 in the others.
FAIR_DEALS = {setting: range(1, 1001) if setting in HEADLINE else range(1, 501) for setting in SETTINGS}
#: The fair player's settings in the tables: FairPlayer's defaults.
FAIR = sw.FairPlayer().settings
#: The fair player told the stock's order (not fair: the "K+" model of the published Klondike players, to compare
#: with them), on these settings and deals, with FairPlayer's defaults otherwise.
KNOWS_STOCK_SETTINGS = ("klondike-unlimited", "klondike-by-three-unlimited")
KNOWS_STOCK_DEALS = range(1, 1001)
KNOWS = sw.FairPlayer(knows_stock=True).settings
#: The players whose tables record how they did on the same deals as the others (``paired``).
PAIRED_PLAYERS = ("fair", KNOWS_STOCK)
#: The strategy that tries moves and takes them back: compared with on its own, never among the fair ones.
UNDO_SEARCH = "undo-search"
#: The solver's budget per deal, in search nodes rather than seconds, so that the tables come out the same on any
#: machine however busy: for the compiled core, about ten seconds' worth on the development machine (the benchmark's
#: budget, benchmarks/solver.py); for Camelot, searched in Python, as much time in fewer nodes.
SOLVER = {"time_limit": None, "node_limit": 40_000_000}
SOLVER_CAMELOT = {"time_limit": None, "node_limit": 1_200_000}
#: How many of a table's first rows it records as samples, besides its first success and its first loss.
FIRST_SAMPLES = 3


def studies() -> list[tuple[str, str, dict[str, Any], range]]:
    """(setting, player, settings, deals) for every table, the cheap ones first: the simple strategies that play
    fair, Camelot's fair player; then undo-search, the solver, the other fair players and the player told the
    stock's order."""
    fair_strategies, searching = [], []
    for setting, (variant, _) in SETTINGS.items():
        for name, strategy in sw.strategies.strategies_for(variant).items():
            (fair_strategies if strategy.fair else searching).append((setting, name, {}, STRATEGY_DEALS))
    cheap_fair = [setting for setting in SETTINGS if SETTINGS[setting][0] == "camelot"]
    plan = fair_strategies
    plan += [(setting, "fair", FAIR, FAIR_DEALS[setting]) for setting in cheap_fair]
    plan += searching
    plan += [(setting, "solver", SOLVER_CAMELOT if setting == "camelot" else SOLVER, SOLVER_DEALS)
             for setting in SETTINGS]
    plan += [(setting, "fair", FAIR, FAIR_DEALS[setting]) for setting in SETTINGS if setting not in cheap_fair]
    plan += [(setting, KNOWS_STOCK, KNOWS, KNOWS_STOCK_DEALS) for setting in KNOWS_STOCK_SETTINGS]
    return plan


def store_path(setting: str, player: str) -> Path:
    return STORES / f"{setting}.{player}.sqlite"


def study_key(setting: str, player: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The key of a table's study, as ``sw.study`` makes it (the code's hash included)."""
    variant, options = SETTINGS[setting]
    rules = sw.variants.variant_rules(variant)
    return player_for(variant, player, settings).study_key(rules.name, rules.resolve_options(options))


def check_stores(plan: Iterable[tuple[str, str, dict[str, Any], range]], retire: bool = False) -> list[Path]:
    """Open every store of ``plan`` that exists for its study. One that cannot serve it (another study's: other
    settings, other code; or no store at all) is a StoreError naming the file and the reason, unless ``retire``:
    then it is moved aside (:func:`retire_store`). Answers where the retired stores went."""
    retired = []
    for setting, player, settings, _ in plan:
        path = store_path(setting, player)
        if not path.exists():
            continue
        try:
            with Store.open(path, study_key(setting, player, settings)):
                pass
        except StoreError as error:
            if not retire:
                raise StoreError(f"{error}. Move the stores that cannot serve their study aside with "
                                 "python tools/tables.py --retire-stale (their tables start afresh)") from None
            retired.append(retire_store(path))
    return retired


def retire_store(path: Path, today: datetime.date | None = None) -> Path:
    """Rename a stale store ``NAME.stale-DATE.sqlite`` beside it (``-2``, ``-3``... when retired twice a day), with
    the files SQLite may keep beside it; answers its new path."""
    stem = path.name.removesuffix(".sqlite")
    date = (today or datetime.date.today()).isoformat()
    number = 1
    while (new := path.with_name(f"{stem}.stale-{date}{'' if number == 1 else f'-{number}'}.sqlite")).exists():
        number += 1
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(new.with_name(new.name + suffix))
    path.rename(new)
    return new


#: The outcomes that count as a loss among the samples: a game lost or stuck, a deal proved unwinnable. Not a game
#: cut short at max_moves ("playing"), which is no loss and the slowest of all to play again, nor an undecided one.
LOSSES = ("lost", "stuck", "unwinnable")


def pick_samples(rows: Sequence[Row]) -> list[Row]:
    """The rows a table records for the tests to play again, chosen the same way every time: its first
    :data:`FIRST_SAMPLES` deals, its first success (won, or proved winnable) and its first loss (see
    :data:`LOSSES`), by deal."""
    ordered = sorted(rows, key=lambda row: row.deal)
    chosen = {row.deal: row for row in ordered[:FIRST_SAMPLES]}
    for first in (next((row for row in ordered if row.success), None),
                  next((row for row in ordered if row.outcome in LOSSES), None)):
        if first is not None:
            chosen[first.deal] = first
    return [chosen[deal] for deal in sorted(chosen)]


def played_runs(deals: Iterable[int]) -> list[list[int]]:
    """Deals as runs of deals in a row, ``[first, last]`` each: 1, 2, 3, 7 give ``[[1, 3], [7, 7]]``."""
    runs: list[list[int]] = []
    for deal in sorted(deals):
        if runs and deal == runs[-1][1] + 1:
            runs[-1][1] = deal
        else:
            runs.append([deal, deal])
    return runs


def summarise() -> dict[str, Any]:
    """Every table that has rows, from the stores, as the data published.json holds; the fair player's tables and
    those of the player told the stock's order with their comparisons on the same deals (:func:`same_deals`). A
    store that cannot serve its table is a StoreError (see :func:`check_stores`), never a table left out."""
    plan = studies()
    results: dict[tuple[str, str], StudyResult] = {}
    for setting, player, settings, deals in plan:
        path = store_path(setting, player)
        if not path.exists():
            continue
        key = study_key(setting, player, settings)
        try:
            with Store.open(path, key) as store:
                rows = store.rows(deals)
        except StoreError as error:
            raise StoreError(f"{error}. Move the stores that cannot serve their study aside with "
                             "python tools/tables.py --retire-stale (their tables start afresh)") from None
        if rows:
            results[setting, player] = StudyResult(key, rows)
    tables = []
    for setting, player, _, deals in plan:
        result = results.get((setting, player))
        if result is None:
            continue
        table = _table(setting, result.study, deals, list(result.rows))
        if player in PAIRED_PLAYERS:
            table["paired"] = same_deals(setting, player, results)
        tables.append(table)
    return {"about": "Summaries of sw.study runs over numbered deals, made by tools/tables.py; see "
                     "docs/studies.md for how.", "tables": tables}


def carry_over(tables: dict[str, Any], previous: dict[str, Any]) -> list[dict[str, Any]]:
    """Put into ``tables`` (:func:`summarise`'s answer) every table of ``previous`` (the published tables so far)
    that the stores here have no rows for, in the order of :func:`studies`, and answer those. A study can take days
    and its store may be on another machine, so publishing from the stores at hand never drops a table that was
    published: it stays as it was, with the hash of the code that made it, until its own store replaces it (the
    tests and the figures tell a table of older code by that hash)."""
    have = {(table["setting"], table["player"]) for table in tables["tables"]}
    kept = [table for table in previous.get("tables", []) if (table["setting"], table["player"]) not in have]
    order = {(setting, player): number for number, (setting, player, *_) in enumerate(studies())}
    known = [table for table in kept if (table["setting"], table["player"]) in order]
    tables["tables"] = sorted(tables["tables"] + known, key=lambda table: order[table["setting"], table["player"]])
    return known


def same_deals(setting: str, player: str, results: dict[tuple[str, str], StudyResult]) -> dict[str, Any]:
    """How ``player``'s study of ``setting`` did against the others of the setting, on the deals both played, deal by
    deal: every simple strategy that plays fair (``strategies``), undo-search on its own (``undo_search``), the fair
    player (``fair``: for the player told the stock's order), and the thoughtful solver's share of the same deals
    (``solver``). A study with no rows, or none on those deals, gives no comparison (an empty list, or None)."""
    this = results[setting, player]
    record: dict[str, Any] = {"strategies": [], "undo_search": None}
    for name, strategy in sw.strategies.strategies_for(SETTINGS[setting][0]).items():
        other = results.get((setting, name))
        paired = None if other is None else this.paired(other)
        if paired is None or not paired.deals:
            continue
        if strategy.fair:
            record["strategies"].append(_paired(name, paired))
        elif name == UNDO_SEARCH:
            record["undo_search"] = _paired(name, paired)
    if player != "fair":
        fair = results.get((setting, "fair"))
        paired = None if fair is None else this.paired(fair)
        record["fair"] = _paired("fair", paired) if paired is not None and paired.deals else None
    solver = results.get((setting, "solver"))
    solved = None if solver is None else solver.on_deals({row.deal for row in this.rows})
    record["solver"] = None
    if solved is not None and solved.rows:
        summary = solved.summary
        low, high = summary.interval
        record["solver"] = {"deals": summary.deals, "played": played_runs(row.deal for row in solved.rows),
                            "successes": summary.successes, "undecided": summary.undecided,
                            "share": round(summary.share, 5), "low": round(low, 5), "high": round(high, 5)}
    return record


def _paired(other: str, paired: Paired) -> dict[str, Any]:
    """One comparison on the same deals, as published.json holds it (the p-value to four significant digits)."""
    return {"player": other, "deals": len(paired.deals), "played": played_runs(paired.deals), "wins": paired.wins,
            "other_wins": paired.other_wins, "only_this": paired.only_this, "only_other": paired.only_other,
            "p_value": float(f"{paired.p_value:.4g}"), "mean_score": _rounded(paired.mean_score),
            "other_mean_score": _rounded(paired.other_mean_score)}


def _rounded(score: float | None) -> float | None:
    return None if score is None else round(score, 2)


def _table(setting: str, key: dict[str, Any], deals: range, rows: list[Row]) -> dict[str, Any]:
    """One table of published.json: a study's summary, which deals it played, its code and its sample rows."""
    summary = StudyResult(key, rows).summary
    low, high = summary.interval
    return {
        "setting": setting, "variant": key["variant"], "options": key["options"], "player": key["player"],
        "settings": key["settings"], "first_deal": deals.start, "last_deal": deals.stop - 1,
        "deals": summary.deals, "complete": summary.deals == len(deals), "successes": summary.successes,
        "undecided": summary.undecided, "outcomes": summary.outcomes,
        "mean_score": _rounded(summary.mean_score),
        "share": round(summary.share, 5), "low": round(low, 5), "high": round(high, 5),
        "seconds": summary.seconds, "engines": sorted({row.engine for row in rows}), "code": key["code"],
        "played": played_runs(row.deal for row in rows), "samples": [asdict(row) for row in pick_samples(rows)],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="players to run, comma-separated: solver, fair, or strategy names")
    parser.add_argument("--settings", help="settings to run, comma-separated (default: all)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--publish", action="store_true", help="only write published.json from the stores")
    parser.add_argument("--retire-stale", action="store_true",
                        help="first move the stores that cannot serve their study (other settings, other code) "
                             "aside, renamed NAME.stale-DATE.sqlite, so that their studies start afresh")
    parser.add_argument("--rounds", type=int, metavar="N",
                        help="play the chosen studies N deals at a time, in turn, so that a run stopped early has "
                             "measured every one of them on as many deals")
    parser.add_argument("--first", type=int, metavar="N",
                        help="play only the first N deals of each chosen study (a trial: its tables stay incomplete)")
    parser.add_argument("--stores", type=Path, metavar="DIR",
                        help="keep the stores (and summary.json) in DIR rather than .studies/ (default: the "
                             "environment variable SOLITAIRE_TABLES_STORES, else .studies/)")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="with --publish, write the tables to FILE rather than the package's published.json")
    args = parser.parse_args(argv)
    global STORES, PROGRESS, OUT
    if args.stores is not None:
        STORES, PROGRESS = args.stores, args.stores / "summary.json"
    if args.out is not None:
        OUT = args.out
    for number, name in ((args.rounds, "--rounds"), (args.first, "--first")):
        if number is not None and number < 1:
            parser.error(f"{name} takes a number of deals above zero, not {number}")
    STORES.mkdir(parents=True, exist_ok=True)
    only = set(args.only.split(",")) if args.only else None
    chosen_settings = set(args.settings.split(",")) if args.settings else None
    plan = [entry for entry in studies() if not (only and entry[1] not in only)
            and not (chosen_settings and entry[0] not in chosen_settings)]
    if args.first is not None:
        plan = [(setting, player, settings, deals[: args.first]) for setting, player, settings, deals in plan]
    try:
        for moved in check_stores(studies(), retire=args.retire_stale):
            print(f"moved aside {moved.name}: it could not serve its study", file=sys.stderr)
        if args.publish:
            tables = summarise()
            previous = json.loads(OUT.read_text(encoding="utf-8")) if OUT.exists() else {"tables": []}
            for kept in carry_over(tables, previous):
                print(f"kept the published {kept['setting']} table of {kept['player']} (code {kept.get('code')}): "
                      "there is no store for it here", file=sys.stderr)
            OUT.write_text(json.dumps(tables, indent=1, ensure_ascii=False) + "\n")
        else:
            play(plan, args.rounds, args.workers)
    except StoreError as error:
        print(f"tables.py: {error}", file=sys.stderr)
        return 1
    return 0


def play(plan: list[tuple[str, str, dict[str, Any], range]], rounds: int | None, workers: int | None) -> None:
    """Play the studies of ``plan`` (``rounds`` deals at a time, in turn, if given), writing the summaries so far
    after each."""
    longest = max((len(deals) for *_, deals in plan), default=0)
    step = rounds or longest
    for start in range(0, longest, step):
        for setting, player, settings, deals in plan:
            part = deals[: start + step]  # the deals so far: the store skips those already played
            if start >= len(deals):
                continue
            variant, options = SETTINGS[setting]
            started = time.perf_counter()
            result = study(variant, player, part, store=store_path(setting, player), workers=workers,
                           progress=sys.stderr.isatty(), **settings, **options)
            print(f"{setting:<28} {player:<13} {result.summary}  ({time.perf_counter() - started:.0f} s)",
                  flush=True)
            PROGRESS.write_text(json.dumps(summarise(), indent=1, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    sys.exit(main())
