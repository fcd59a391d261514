"""Cross-check the solver's verdicts against an independent solver, Blake and Gent's Solvitaire.

Why this exists: some of our settings (Klondike with three passes among them) have no published figure to
compare with, so our own figures are the reference, and the only outside check of a verdict is a second, unrelated
solver run on the same deal under the same rules. Solvitaire (https://github.com/thecharlesblake/Solvitaire, GPL)
is such a solver: a C++ depth-first search with its own rules engine, written without any knowledge of ours. This
script runs it as a separate program, never as a library, and copies nothing from it; it only writes its deal and
rules files (JSON) and reads its one-line ``--classify`` verdict.

For each chosen setting and each deal number, the script

1. deals the game with ``solitaire_widget.new_game(variant, deal=N, **options)`` and converts ``game.position()``
   (docs/FORMAT.md) into Solvitaire's deal file: every list bottom to top in both formats, so the stock keeps its
   order (our ``stock[-1]``, the next card dealt, is the last card of Solvitaire's list, which Solvitaire deals
   first); a face-down tableau card keeps its face-down state (Solvitaire reads a lower-case suit letter as face
   down when the rules say only top cards are face up); ``T`` becomes ``10``;
2. writes a Solvitaire rules file that states every Klondike rule explicitly (below, :data:`SETTINGS`);
3. runs Solvitaire with a time limit and no streamliners (its streamliners may call a winnable deal unsolvable);
4. runs ``sw.solve(game, time_limit=...)`` and, when it says winnable, replays its line through ``Game.play`` on a
   fresh deal to check that it ends in a won game;
5. prints one JSON line per deal, then a summary: deals where both decided and agree (winnable / unwinnable),
   disagreements (both decided, different verdicts: a serious finding), and deals left undecided by either.

Before a run, :func:`probe_conventions` checks the conventions above on the binary itself, with six tiny
positions whose verdict flips when the stock order, the tableau order or the face-down flag is read the wrong way.

Only settings whose rules coincide exactly with a Solvitaire rules file are offered; ``--list`` prints them, and
the settings left out with the reason. Solvitaire's stock knows only "redeal: true or false", so no limited number
of passes (Klondike's three passes, and every Athena, Thumb and Pouch and Aunt Mary setting) can be stated;
Klondike with one pass (``redeals=0``) is run instead, as the same engine code handles pass limits.

    python tools/solvitaire_check.py --solvitaire PATH --list
    python tools/solvitaire_check.py --solvitaire PATH --setting klondike-1-unlimited --deals 1-100 \\
        --time-limit 10 --json record.json
    python tools/solvitaire_check.py --solvitaire PATH --show 1 --setting klondike-3-one-pass   # files for deal 1

The binary is taken from ``--solvitaire``, else the environment variable ``SOLVITAIRE``, else ``solvitaire`` on
the PATH. Run it niced on a shared machine: it starts one solver process at a time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import solitaire_widget as sw


@dataclass(frozen=True)
class Setting:
    """One of our game settings and the Solvitaire rules that state the same game."""

    name: str
    title: str
    variant: str
    options: dict[str, int]
    rules: dict[str, Any]


def klondike_rules(draw: int, redeal: bool) -> dict[str, Any]:
    """Solvitaire's rules for our Klondike (docs/RULES.md), every relevant key given rather than left to defaults.

    - 7 columns, built down in alternating colours; a face-up run built that way moves as a group, any part of it
      ("move built group": "yes", by the same alternating-colour rule; not Solvitaire's own Klondike preset, which
      prunes partial-run moves);
    - an empty column takes only a King, or a run headed by a King ("kings");
    - only the top card of each column face up at the deal; the deal file marks every face-down card;
    - four foundations from the Ace up in suit; their top cards may come back to the tableau ("removable");
    - a 24-card stock dealt ``draw`` at a time onto a waste whose top card plays, the rest when fewer remain;
      ``redeal`` true: the waste turns back over as often as wanted (unlimited redeals), false: one pass.
    """
    return {
        "tableau piles": {
            "count": 7,
            "build policy": "red-black",
            "spaces policy": "kings",
            "move built group": "yes",
            "move built group policy": "same-as-build",
            "diagonal deal": True,
            "face up cards": "top",
        },
        "foundations": {"present": True, "initial cards": "none", "base card": "A", "removable": True},
        "hole": {"present": False},
        "cells": {"count": 0, "pre-filled": 0},
        "stock": {"size": 24, "deal type": "waste", "deal count": draw, "redeal": redeal},
        "reserve": {"size": 0, "stacked": False},
        "accordion": {"size": 0},
        "sequences": {"count": 0},
        "max rank": 13,
        "two decks": False,
    }


SETTINGS: dict[str, Setting] = {
    s.name: s
    for s in (
        Setting("klondike-1-unlimited", "Klondike, one card, unlimited redeals", "klondike",
                {"draw": 1, "redeals": -1}, klondike_rules(1, True)),
        Setting("klondike-3-unlimited", "Klondike, three cards, unlimited redeals", "klondike",
                {"draw": 3, "redeals": -1}, klondike_rules(3, True)),
        Setting("klondike-1-one-pass", "Klondike, one card, one pass (no redeal)", "klondike",
                {"draw": 1, "redeals": 0}, klondike_rules(1, False)),
        Setting("klondike-3-one-pass", "Klondike, three cards, one pass (no redeal)", "klondike",
                {"draw": 3, "redeals": 0}, klondike_rules(3, False)),
    )
}

#: Our settings that Solvitaire's rules files cannot state exactly, and why.
LEFT_OUT: dict[str, str] = {
    "klondike, three passes (redeals=2), one or three cards": (
        "Solvitaire's stock has only 'redeal': true (unlimited) or false (one pass); no number of passes"),
    "athena (one or three cards)": (
        "three passes only (see above); also Solvitaire's engine assumes face-down cards lie below face-up ones "
        "(a debug-build assertion), which Athena's alternating layout breaks"),
    "thumb-and-pouch": (
        "three passes only; and Solvitaire's build policies are any-suit, red-black, same-suit or none: "
        "'any suit but its own' cannot be stated"),
    "aunt-mary": "three passes only",
    "camelot": "no Solvitaire game has Camelot's grid, phases and pairs adding to ten",
}


# Conversion ---------------------------------------------------------------------------------------------------

def solvitaire_card(card: str) -> str:
    """Our card (``"TD"``, or ``"td"`` face down) in Solvitaire's form (``"10D"``, ``"10d"``): the rank in upper
    case, ``T`` as ``10``; the suit letter in lower case for a face-down card, upper case otherwise."""
    if len(card) != 2:
        raise ValueError(f"not a card: {card!r}")
    rank, suit = card[0].upper(), card[1]
    return ("10" if rank == "T" else rank) + (suit.lower() if card.islower() else suit.upper())


def solvitaire_deal(position: dict[str, Any]) -> dict[str, Any]:
    """Solvitaire's deal file for a Klondike position of ours (FORMAT.md): same piles, same orders.

    Both formats list every pile bottom to top, and Solvitaire deals the last card of its stock list first, as we
    deal ``stock[-1]`` first (checked on the binary by :func:`probe_conventions`). Foundations are given as one
    list, each suit's cards from the Ace up (Solvitaire files each card under its own suit)."""
    if position.get("variant") != "klondike":
        raise ValueError("only Klondike positions have a Solvitaire setting with the same rules")
    if position["options"]["redeals"] not in (-1, 0):
        raise ValueError("Solvitaire's stock is either one pass or unlimited redeals")
    cards = [c for pile in position["tableau"] for c in pile] + position["stock"] + position["waste"]
    cards += [c for pile in position["foundations"] for c in pile]
    if len({c.upper() for c in cards}) != 52 or len(cards) != 52:
        raise ValueError("a position must hold each of the 52 cards once")
    for pile in position["tableau"]:
        if pile and pile[-1].islower():
            raise ValueError("a column's top card must be face up")
    return {
        "tableau piles": [[solvitaire_card(c) for c in pile] for pile in position["tableau"]],
        "foundations": [solvitaire_card(c) for pile in position["foundations"] for c in pile],
        "stock": [solvitaire_card(c) for c in position["stock"]],
        "waste": [solvitaire_card(c) for c in position["waste"]],
    }


# Running Solvitaire --------------------------------------------------------------------------------------------

SOLVITAIRE_VERDICTS = {"solved": "winnable", "unsolvable": "unwinnable", "timed-out": "unknown",
                       "memory-limit-reached": "unknown", "terminated": "unknown"}


@dataclass
class Solvitaire:
    """The Solvitaire binary, run once per deal with ``--classify``."""

    binary: str
    cache_capacity: int | None = None
    workdir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="solvitaire-check-")))

    def run(self, rules: dict[str, Any], deal: dict[str, Any], time_limit: float) -> dict[str, Any]:
        """Solve ``deal`` under ``rules`` within ``time_limit`` seconds: the verdict ("winnable", "unwinnable" or
        "unknown"), Solvitaire's own word for it, its time (ms) and states searched."""
        rules_file, deal_file = self.workdir / "rules.json", self.workdir / "deal.json"
        rules_file.write_text(json.dumps(rules))
        deal_file.write_text(json.dumps(deal))
        command = [self.binary, "--custom-rules", str(rules_file), "--classify", "--streamliners", "none",
                   "--timeout", str(int(time_limit * 1000))]
        if self.cache_capacity is not None:
            command += ["--cache-capacity", str(self.cache_capacity)]
        command.append(str(deal_file))
        start = time.monotonic()
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=time_limit + 60, check=False)
        except subprocess.TimeoutExpired:  # subprocess.run kills the child it started
            return {"verdict": "unknown", "said": "killed", "seconds": round(time.monotonic() - start, 3)}
        seconds = round(time.monotonic() - start, 3)
        lines = [line for line in done.stdout.splitlines() if line.startswith(",")]
        if done.returncode != 0 or len(lines) != 1:
            raise RuntimeError(f"Solvitaire failed (exit {done.returncode}): {done.stdout[-500:]} "
                               f"{done.stderr[-500:]}")
        fields = [f.strip() for f in lines[0].split(",")]
        said = fields[-1]
        if said not in SOLVITAIRE_VERDICTS:
            raise RuntimeError(f"unexpected Solvitaire verdict {said!r} in {lines[0]!r}")
        return {"verdict": SOLVITAIRE_VERDICTS[said], "said": said, "seconds": seconds,
                "ms": int(fields[2]), "states": int(fields[3])}


def probe_conventions(solvitaire: Solvitaire) -> list[str]:
    """Check on the binary how it reads a deal file; the list of failures (empty: all as assumed).

    Six endgames, in pairs (one card at a time, no redeal, foundations fixed), each pair's verdicts flipping if an
    order is reversed: the stock (our bottom-to-top list, last card dealt first), a column (bottom to top), and the
    face-down flag (a run 'KH QS' over a buried 2C can go to an empty column only when the King is face up)."""
    rules = klondike_rules(1, False)
    rules["foundations"]["removable"] = False
    ranks = "A23456789TJQK"
    clubs = [r + "C" for r in ranks]

    def full(suit: str, up_to: str = "K") -> list[str]:
        return [r + suit for r in ranks[: ranks.index(up_to) + 1]]

    def position(tableau: list[list[str]], stock: list[str], foundations: list[list[str]]) -> dict[str, Any]:
        return {"variant": "klondike", "options": {"draw": 1, "redeals": 0}, "tableau": tableau + [[]] * (
            7 - len(tableau)), "stock": stock, "waste": [], "foundations": foundations}

    cases: list[tuple[str, dict[str, Any], str]] = []
    stock = ["3C", "4C", "2C"] + clubs[4:]  # KC dealt first when the list's last card is dealt first
    others = [full("D"), full("H"), full("S")]
    cases.append(("stock, last card dealt first", position([], stock, [["AC"]] + others), "winnable"))
    cases.append(("stock, first card dealt first", position([], stock[::-1], [["AC"]] + others), "unwinnable"))
    rest = clubs[2:][::-1]  # 3C dealt first
    cases.append(("column, last card on top", position([["2C", "AC"]], rest, [[]] + others), "winnable"))
    cases.append(("column, first card on top", position([["AC", "2C"]], rest, [[]] + others), "unwinnable"))
    stock = ["KS", "JS"] + clubs[2:][::-1]
    found = [["AC"], full("D"), full("H", "Q"), full("S", "T")]
    cases.append(("face-up King under the Queen", position([["2c", "KH", "QS"]], stock, found), "winnable"))
    cases.append(("face-down King under the Queen", position([["2c", "kh", "QS"]], stock, found), "unwinnable"))
    failures = []
    for what, pos, expected in cases:
        got = solvitaire.run(rules, solvitaire_deal(pos), 10.0)["verdict"]
        if got != expected:
            failures.append(f"{what}: Solvitaire says {got}, expected {expected}")
    return failures


# Our solver and the comparison ---------------------------------------------------------------------------------

def ours(setting: Setting, deal: int, time_limit: float) -> dict[str, Any]:
    """Our verdict on ``deal``; a winning line is replayed through ``Game.play`` on a fresh deal."""
    game = sw.new_game(setting.variant, deal=deal, **setting.options)
    start = time.monotonic()
    result = sw.solve(game, time_limit=time_limit)
    record: dict[str, Any] = {"verdict": result.verdict, "seconds": round(time.monotonic() - start, 3),
                              "nodes": result.stats.get("nodes"), "decided_in": result.stats.get("decided_in")}
    if result.verdict == "winnable":
        replay = sw.new_game(setting.variant, deal=deal, **setting.options)
        for move in result.line:
            replay.play(move.to_dict())
        record["line_moves"] = len(result.line)
        record["line_replays"] = replay.status == "won"
    return record


def outcome(our: str, their: str) -> str:
    """How the two verdicts on one deal compare."""
    if our == "unknown" or their == "unknown":
        return {("unknown", "unknown"): "undecided-by-both"}.get(
            (our, their), "undecided-by-us" if our == "unknown" else "undecided-by-solvitaire")
    if our == their:
        return f"agree-{our}"
    return "disagree"


def check_deal(setting: Setting, deal: int, solvitaire: Solvitaire, time_limit: float,
               their_limit: float | None = None) -> dict[str, Any]:
    """Both verdicts on one deal, as one record (Solvitaire's time limit is ``time_limit`` unless given)."""
    game = sw.new_game(setting.variant, deal=deal, **setting.options)
    theirs = solvitaire.run(setting.rules, solvitaire_deal(game.position()),
                            time_limit if their_limit is None else their_limit)
    our = ours(setting, deal, time_limit)
    return {"setting": setting.name, "deal": deal, "outcome": outcome(our["verdict"], theirs["verdict"]),
            "ours": our, "solvitaire": theirs}


OUTCOMES = ("agree-winnable", "agree-unwinnable", "disagree", "undecided-by-us", "undecided-by-solvitaire",
            "undecided-by-both")


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts of each outcome, the deals of each kind that is not an agreement, and replay failures."""
    counts = {key: sum(r["outcome"] == key for r in rows) for key in OUTCOMES}
    return {
        "deals": len(rows),
        "counts": counts,
        "disagreements": [r["deal"] for r in rows if r["outcome"] == "disagree"],
        "undecided_by_us": [r["deal"] for r in rows if r["ours"]["verdict"] == "unknown"],
        "undecided_by_solvitaire": [r["deal"] for r in rows if r["solvitaire"]["verdict"] == "unknown"],
        "lines_not_replaying": [r["deal"] for r in rows if r["ours"].get("line_replays") is False],
    }


def deal_list(text: str) -> list[int]:
    """``"1-100"``, ``"7"`` or ``"4,9-12"`` as a list of deal numbers."""
    deals: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        deals += range(int(first), int(last or first) + 1)
    return deals


def runs(deals: list[int]) -> str:
    """Deal numbers as runs: ``[1, 2, 3, 7]`` is ``"1-3,7"``."""
    parts: list[str] = []
    for deal in sorted(deals):
        if parts and parts[-1].split("-")[-1] == str(deal - 1):
            parts[-1] = f"{parts[-1].split('-')[0]}-{deal}"
        else:
            parts.append(str(deal))
    return ",".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solvitaire", default=os.environ.get("SOLVITAIRE") or shutil.which("solvitaire"),
                        help="the Solvitaire binary")
    parser.add_argument("--setting", action="append", choices=sorted(SETTINGS), help="repeat for several; "
                        "default: all")
    parser.add_argument("--deals", type=deal_list, default=deal_list("1-100"), help="e.g. 1-100 or 4,9-12")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal, for each solver")
    parser.add_argument("--solvitaire-time-limit", type=float, help="seconds per deal for Solvitaire, if not "
                        "--time-limit")
    parser.add_argument("--cache-capacity", type=int, help="Solvitaire's cap on cached states")
    parser.add_argument("--json", type=Path, help="write the whole record (every deal and the summaries) here")
    parser.add_argument("--list", action="store_true", help="list the settings, and those left out and why")
    parser.add_argument("--show", type=int, metavar="DEAL", help="print our position and the Solvitaire files")
    parser.add_argument("--skip-probe", action="store_true", help="skip the check of the binary's conventions")
    args = parser.parse_args(argv)
    settings = [SETTINGS[name] for name in (args.setting or SETTINGS)]

    if args.list:
        for s in SETTINGS.values():
            print(f"{s.name}: {s.title} (new_game({s.variant!r}, **{s.options}))")
        print("left out:")
        for what, why in LEFT_OUT.items():
            print(f"  {what}: {why}")
        return 0
    if args.show is not None:
        for s in settings:
            position = sw.new_game(s.variant, deal=args.show, **s.options).position()
            print(json.dumps({"setting": s.name, "position": position, "solvitaire_rules": s.rules,
                              "solvitaire_deal": solvitaire_deal(position)}, indent=1))
        return 0
    if not args.solvitaire:
        parser.error("no Solvitaire binary: pass --solvitaire or set SOLVITAIRE")

    solvitaire = Solvitaire(args.solvitaire, args.cache_capacity)
    if not args.skip_probe:
        failures = probe_conventions(solvitaire)
        if failures:
            print("Solvitaire does not read deal files as assumed:\n  " + "\n  ".join(failures), file=sys.stderr)
            return 2
        print("probe: the binary reads stock order, column order and face-down cards as assumed", file=sys.stderr)

    their_limit = args.time_limit if args.solvitaire_time_limit is None else args.solvitaire_time_limit
    record: dict[str, Any] = {"solvitaire": args.solvitaire, "time_limit": args.time_limit,
                              "solvitaire_time_limit": their_limit, "deals": runs(args.deals), "settings": {}}
    for s in settings:
        rows = []
        for deal in args.deals:
            row = check_deal(s, deal, solvitaire, args.time_limit, their_limit)
            rows.append(row)
            print(json.dumps(row), flush=True)
        summary = summarise(rows)
        record["settings"][s.name] = {"title": s.title, "variant": s.variant, "options": s.options,
                                      "solvitaire_rules": s.rules, "summary": summary, "rows": rows}
        print(f"{s.title}, deals {runs(args.deals)}: {summary['counts']}; disagreements "
              f"{summary['disagreements']}; undecided by us {summary['undecided_by_us']}; by Solvitaire "
              f"{summary['undecided_by_solvitaire']}; lines not replaying {summary['lines_not_replaying']}",
              file=sys.stderr)
        if args.json:
            args.json.write_text(json.dumps(record, indent=1))
    shutil.rmtree(solvitaire.workdir, ignore_errors=True)
    return 1 if any(r["summary"]["disagreements"] or r["summary"]["lines_not_replaying"]
                    for r in record["settings"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
