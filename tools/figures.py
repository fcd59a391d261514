"""Write the measured figures into the README, the docs and the notebooks, from the data they come from.

A figure in a document lives between two markers, ``<!-- figures:NAME -->`` and ``<!-- /figures:NAME -->`` (in a
notebook, inside a markdown cell). This script renders each NAME from its data (the published study tables,
``src/solitaire_widget/studies/published.json``, and the measured trials in ``docs/data/``) and writes it between
the markers. ``--check`` writes nothing and fails when a document differs from its data: ``tests/docs`` runs it, so
no figure can go stale or be typed by hand.

    python tools/figures.py            # rewrite every region
    python tools/figures.py --check    # exit 1, naming the regions that differ
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from solitaire_widget.studies.published import PublishedTable, published_tables  # noqa: E402

DATA = ROOT / "docs" / "data"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "notebooks").rglob("*.ipynb"))]
REGION = re.compile(r"(<!-- figures:(?P<name>[a-z0-9:-]+) -->\n)(?P<body>.*?)(<!-- /figures:(?P=name) -->)", re.S)

#: How the tables name the game settings, for people.
SETTING_TITLES = {
    "athena": "Athena", "athena-by-three": "Athena, three at a time", "thumb-and-pouch": "Thumb and Pouch",
    "aunt-mary": "Aunt Mary", "camelot": "Camelot", "klondike": "Klondike, one card, three passes",
    "klondike-unlimited": "Klondike, one card, unlimited redeals",
    "klondike-by-three": "Klondike, three cards, three passes",
    "klondike-by-three-unlimited": "Klondike, three cards, unlimited redeals",
}
SIMPLE = ("bold", "cautious", "persistent", "random", "centre-first", "edge-first", "help-page")


def _tables() -> dict[tuple[str, str], PublishedTable]:
    return {(table.setting, table.player): table for table in published_tables()}


def _cell(table: PublishedTable | None) -> str:
    if table is None:
        return "not measured yet"
    undecided = f", {table.undecided} undecided" if table.undecided else ""
    partial = "" if table.complete else f" (so far: deals {table.first_deal}–{table.first_deal + table.deals - 1})"
    return (f"{table.share:.1%} ({table.low:.1%}–{table.high:.1%}), {table.successes} of "
            f"{table.deals}{undecided}{partial}")


def _best_simple(tables: dict[tuple[str, str], PublishedTable], setting: str) -> PublishedTable | None:
    simple = [table for (name, player), table in tables.items() if name == setting and player in SIMPLE]
    return max(simple, key=lambda table: (table.share, -len(table.player)), default=None)


def fair_player() -> str:
    """The fair player against the thoughtful solver and the best simple strategy, per setting."""
    tables = _tables()
    lines = ["| game | fair player | thoughtful solver (winnable) | best simple strategy |", "|---|---|---|---|"]
    for setting, title in SETTING_TITLES.items():
        best = _best_simple(tables, setting)
        simple = "not measured yet" if best is None else f"{best.player}: {_cell(best)}"
        lines.append(f"| {title} | {_cell(tables.get((setting, 'fair')))} | "
                     f"{_cell(tables.get((setting, 'solver')))} | {simple} |")
    return "\n".join(lines) + "\n"


PLAYER_WORDS = {
    "solver": "thoughtful solver (sees every card: deals winnable)",
    "fair": "fair player (sees what you see)",
}


def players(setting: str) -> Callable[[], str]:
    """Every player of one setting, best first: the solver's ceiling, the fair player, the simple strategies."""
    def render() -> str:
        tables = _tables()
        lines = ["| player | games won (95% CI) | mean score |", "|---|---|---|"]
        rows = [table for (name, _), table in tables.items() if name == setting]
        rows.sort(key=lambda table: (table.player != "solver", -table.share, table.player))
        for table in rows:
            score = "" if table.mean_score is None else f"{table.mean_score:.1f}"
            lines.append(f"| {PLAYER_WORDS.get(table.player, table.player)} | {_cell(table)} | {score} |")
        if not rows:
            lines.append("| not measured yet | | |")
        return "\n".join(lines) + "\n"

    return render


def fair_trials() -> str:
    """The trials that chose the fair player's settings (docs/data/fair-trials.json)."""
    data = json.loads((DATA / "fair-trials.json").read_text(encoding="utf-8"))
    lines = [f"Trials on {data['game']} ({data['date']}):", "",
             "| deals | samples | nodes per solve | margin | won | seconds | code |", "|---|---|---|---|---|---|---|"]
    for trial in data["trials"]:
        played = trial["last_deal"] - trial["first_deal"] + 1
        lines.append(f"| {trial['first_deal']}–{trial['last_deal']} | {trial['samples']} | {trial['node_limit']:,} | "
                     f"{trial['margin']} | {len(trial['won'])} of {played} | {trial['seconds']:,.0f} | "
                     f"{trial['code']} |")
    return "\n".join(lines) + "\n"


#: Published shares of the thoughtful game, to set ours beside: (setting, share, its source).
PUBLISHED_THOUGHTFUL = [
    ("klondike-unlimited", "91.9%", "the share quoted for the thoughtful game dealt one card at a time with "
                                    "unlimited redeals"),
    ("klondike-by-three-unlimited", "81.945% ± 0.084%", "Blake and Gent's Solvitaire, 2019, three cards at a time "
                                                        "with unlimited redeals"),
]


def solver_published() -> str:
    """The thoughtful solver's shares on every setting, with the published ones beside Klondike's."""
    tables = _tables()
    lines = ["| game | deals | winnable | unwinnable | undecided | winnable share (95% CI) |", "|---|---|---|---|---|---|"]
    for setting, title in SETTING_TITLES.items():
        table = tables.get((setting, "solver"))
        if table is None:
            lines.append(f"| {title} | not measured yet | | | | |")
            continue
        outcomes = table.outcomes
        lines.append(f"| {title} | {table.first_deal}–{table.first_deal + table.deals - 1} | "
                     f"{outcomes.get('winnable', 0)} | {outcomes.get('unwinnable', 0)} | {table.undecided} | "
                     f"{table.share:.1%} ({table.low:.1%}–{table.high:.1%}) |")
    notes = [f"- {SETTING_TITLES[setting]}: published {share} ({source})." for setting, share, source in
             PUBLISHED_THOUGHTFUL]
    return "\n".join(lines) + "\n\nPublished shares of the thoughtful game, for comparison:\n\n" + "\n".join(notes) + "\n"


RENDERERS: dict[str, Callable[[], str]] = {
    "solver-published": solver_published,
    "fair-player": fair_player,
    "fair-trials": fair_trials,
    **{f"players:{setting}": players(setting) for setting in SETTING_TITLES},
}


def _render(name: str) -> str:
    if name not in RENDERERS:
        raise KeyError(f"no figures named {name!r}; known: {', '.join(RENDERERS)}")
    return RENDERERS[name]()


def _update_text(text: str) -> str:
    return REGION.sub(lambda match: match.group(1) + _render(match.group("name")) + match.group(4), text)


def update(path: Path) -> tuple[str, str]:
    """(the file's text now, its text with every region rendered from its data)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return text, _update_text(text)
    notebook = json.loads(text)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            new = _update_text(source)
            if new != source:
                cell["source"] = new.splitlines(keepends=True)
    return text, json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if a document differs")
    args = parser.parse_args(argv)
    stale = []
    for path in DOCUMENTS:
        old, new = update(path)
        if old != new:
            stale.append(path.relative_to(ROOT))
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print("figures differ from their data in: " + ", ".join(map(str, stale))
              + "; run python tools/figures.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
