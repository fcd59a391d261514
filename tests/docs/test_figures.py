"""Every measured figure in the README, the docs and the notebooks is the one its data gives (tools/figures.py)."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import importlib.util
import json
import re
from pathlib import Path

import pytest

from solitaire_widget.studies.players import player_for
from solitaire_widget.studies.published import (PairedRecord, PublishedTable, SameDeals, SameDealsShare,
                                                published, published_tables)

ROOT = Path(__file__).resolve().parents[2]


def _figures():
    spec = importlib.util.spec_from_file_location("figures", ROOT / "tools" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_figure_region_matches_its_data():
    figures = _figures()
    stale = []
    for path in figures.DOCUMENTS:
        old, new = figures.update(path)
        if old != new:
            stale.append(str(path.relative_to(ROOT)))
    assert not stale, f"figures differ from their data in {stale}: run python tools/figures.py"


def test_every_region_names_a_known_figure():
    figures = _figures()
    for path in figures.DOCUMENTS:
        for match in figures.REGION.finditer(path.read_text(encoding="utf-8")):
            assert match.group("name") in figures.RENDERERS, f"{path.name}: unknown figures {match.group('name')}"


def test_the_published_tables_hold_together():
    for table in published_tables():
        assert 0 <= table.low <= table.share <= table.high <= 1
        assert table.successes + table.undecided <= table.deals <= table.last_deal - table.first_deal + 1
        assert sum(table.outcomes.values()) == table.deals
        assert table.complete == (table.deals == table.last_deal - table.first_deal + 1)


def test_published_finds_a_table_or_says_there_is_none():
    table = published_tables()[0]
    assert published(table.variant, table.player, **table.options) == table
    with pytest.raises(LookupError, match="no published table"):
        published("athena", "nobody")


def test_docstring_examples():
    result = doctest.testmod(importlib.import_module("solitaire_widget.studies.published"))
    assert result.attempted > 0 and result.failed == 0


# --------------------------------------------------------------------------------------------------------------
# The pictures: the fair player beside the solver's ceiling and the best simple strategy that plays fair
# --------------------------------------------------------------------------------------------------------------

#: Each game notebook, English or translated, and the picture it shows in its strategy section.
GAME_PICTURES = {"01-athena": "athena", "02-thumb-and-pouch": "thumb-and-pouch", "03-aunt-mary": "aunt-mary",
                 "04-camelot": "camelot", "07-klondike": "klondike"}


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


@pytest.mark.parametrize("path", sorted(path for path in (ROOT / "notebooks").rglob("*.ipynb")
                                        if path.stem in GAME_PICTURES),
                         ids=lambda path: path.relative_to(ROOT / "notebooks").as_posix())
def test_every_game_notebook_shows_its_picture(path: Path):
    figures = _figures()
    name = GAME_PICTURES[path.stem]
    text = _markdown(path)
    regions = [match for match in figures.REGION.finditer(text) if match.group("name") == f"picture:{name}"]
    assert len(regions) == 1, f"{path.name}: no picture region picture:{name}"
    (link,) = re.findall(r"!\[[^\]]*\]\(([^)]+\.svg)\)", regions[0].group("body"))
    language = figures.language_of(path)
    assert (path.parent / link).resolve() == figures._picture_file(name, language, ROOT / "docs" / "images")
    assert (path.parent / link).exists(), f"{path.name}: the picture {link} is missing"


def test_every_picture_matches_its_data():
    figures = _figures()
    stale = [str(path.relative_to(ROOT)) for path in figures.stale_pictures()]
    assert not stale, f"pictures differ from their data: {stale}: run python tools/figures.py"


def test_a_picture_is_redrawn_the_same_and_goes_stale_with_its_data(tmp_path, monkeypatch):
    figures = _figures()
    monkeypatch.setattr(figures, "IMAGES", tmp_path)
    wanted = figures.wanted_pictures()
    assert {path.name for path in wanted} >= {"players-athena.svg", "players-athena.el.svg",
                                              "players-camelot.ru.svg", "players-klondike.svg"}
    (tmp_path / "players-gone.svg").write_text("<svg/>", encoding="utf-8")
    figures.write_pictures()
    assert figures.stale_pictures() == [] and not (tmp_path / "players-gone.svg").exists()
    drawn = (tmp_path / "players-athena.svg").read_bytes()
    assert drawn == figures._draw(figures._picture_spec("athena", "en")), "the same bytes on every run"
    assert b"<dc:date>" not in drawn
    tables = figures._tables()
    fair = tables["athena", "fair"]
    changed = {**tables, ("athena", "fair"): dataclasses.replace(fair, successes=fair.successes + 1,
                                                                  share=(fair.successes + 1) / fair.deals)}
    monkeypatch.setattr(figures, "_tables", lambda: changed)
    assert {path.name for path in figures.stale_pictures()} == {"players-athena.svg", "players-athena.el.svg"}
    assert figures.main(["--check"]) == 1


def test_the_check_fails_on_a_missing_picture(tmp_path, monkeypatch):
    figures = _figures()
    monkeypatch.setattr(figures, "IMAGES", tmp_path)
    assert figures.main(["--check"]) == 1
    assert not list(tmp_path.iterdir()), "--check writes nothing"


def _made_up(player, successes, deals, *, setting="athena", paired=None, settings=None):
    share = successes / deals
    return PublishedTable(
        setting=setting, variant="athena", options={"draw": 1, "redeals": 2}, player=player,
        settings={} if settings is None else settings, first_deal=1, last_deal=deals, deals=deals, complete=True,
        successes=successes, undecided=0, outcomes={}, mean_score=10.0, share=share, low=max(0.0, share - 0.03),
        high=min(1.0, share + 0.03), seconds=0.0, engines=[], code=player_for("athena", player, {}).code,
        played=((1, deals),), samples=(),
        paired=paired)


def _record(player, wins, other_wins, deals=1000):
    return PairedRecord(player=player, deals=deals, played=((1, deals),), wins=wins, other_wins=other_wins,
                        only_this=max(0, wins - other_wins), only_other=max(0, other_wins - wins), p_value=0.5)


def test_a_caption_says_the_bars_are_on_the_same_deals(monkeypatch):
    figures = _figures()
    today = figures.FairPlayer().settings
    paired = SameDeals(strategies=(_record("bold", 500, 200), _record("cautious", 500, 150)),
                       solver=SameDealsShare(deals=1000, played=((1, 1000),), successes=950, undecided=0, share=0.95,
                                             low=0.93, high=0.96))
    tables = [_made_up("fair", 500, 1000, paired=paired, settings=today), _made_up("bold", 190, 2000),
              _made_up("solver", 1900, 2000)]
    monkeypatch.setattr(figures, "_tables", lambda: {(t.setting, t.player): t for t in tables})
    caption = figures.picture("athena")()
    assert "![Athena: " in caption and "(../docs/images/players-athena.svg)" in caption
    assert ("**Athena.** The thoughtful solver proved 95.0% of the deals winnable (950 of deals 1–1000); the fair "
            "player won 50.0% (500 of deals 1–1000); the bold player, the best of the simple strategies that play "
            "fair on those deals, won 20.0% (200 of deals 1–1000). All three shares are of the same deals.") in caption
    assert "earlier version" not in caption
    spec = figures._picture_spec("athena", "en")
    assert [bar["text"] for bar in spec["bars"]] == ["95.0%", "50.0%", "20.0%"]
    assert spec["bars"][2]["label"] == "best simple strategy that plays fair: bold"
    greek = figures.picture("athena")("el", ROOT / "notebooks" / "el")
    assert "(../../docs/images/players-athena.el.svg)" in greek
    assert "(950 από τις μοιρασιές 1–1000)· ο τίμιος παίκτης κέρδισε το 50,0%" in greek


def test_a_caption_says_what_is_missing_and_when_the_fair_player_is_an_earlier_one(monkeypatch):
    figures = _figures()
    tables = [_made_up("fair", 40, 75, settings={"samples": 16, "node_limit": 50000}), _made_up("bold", 190, 2000),
              _made_up("cautious", 130, 2000), _made_up("undo-search", 400, 2000)]
    monkeypatch.setattr(figures, "_tables", lambda: {(t.setting, t.player): t for t in tables})
    caption = figures.picture("athena")()
    assert "**Athena.** The fair player won 53.3% (40 of deals 1–75); the bold player, the best of the simple " \
           "strategies that play fair, won 9.5% (190 of deals 1–2000)." in caption, "undo-search is never the best"
    assert "not yet been compared with the others on the same deals" in caption
    assert "earlier version of the player" in caption
    assert "No table is published yet for the thoughtful solver." in caption
    spec = figures._picture_spec("athena", "ru")
    assert spec["bars"][0]["values"] is None and spec["bars"][0]["text"] == "пока не измерено"
    assert spec["bars"][2]["text"] == "9,5\xa0%"


@pytest.mark.parametrize("older", [False, True])
def test_the_stock_knowing_table_says_whose_fair_games_it_was_paired_with(monkeypatch, older):
    """A table of the player told the stock's order carries its pairing with the fair player's games of its own
    code: when that code is older than today's, the fair player's cell says so too, since today's fair row above it
    may hold other games of the same deals."""
    figures = _figures()
    paired = SameDeals(fair=_record("fair", 82, 75, 150))
    knows = dataclasses.replace(
        _made_up("knows-stock", 82, 150, setting="klondike-unlimited", paired=paired),
        variant="klondike", options={"draw": 1, "redeals": -1},
        code="0" * 16 if older else player_for("klondike", "knows-stock", {}).code)
    monkeypatch.setattr(figures, "_tables", lambda: {(knows.setting, knows.player): knows})
    row = next(line for line in figures.fair_player().splitlines()
               if line.startswith("| Klondike, one card, unlimited redeals | 54.7%"))
    fair_cell = row.split(" | ")[2]
    assert fair_cell.startswith("50.0%, 75 of the same 150")
    assert fair_cell.endswith(" (played by an earlier version of the code)") is older


def test_the_solvitaire_check_counts_each_kind_of_deal(tmp_path, monkeypatch):
    figures = _figures()
    rows = [[1, "winnable", "winnable", 0.1, True], [2, "unwinnable", "winnable", 0.2, None],
            [3, "unknown", "unwinnable", 10.0, None], [4, "winnable", "unknown", 0.3, False]]
    (tmp_path / "solvitaire-check.json").write_text(json.dumps(
        {"date": "2026-12-07", "solvitaire": "Solvitaire", "time_limit": 10.0, "about": "a run; rows are ...",
         "settings": [{"setting": "klondike-1-unlimited", "title": "Klondike", "options": {}, "rows": rows}]}))
    monkeypatch.setattr(figures, "DATA", tmp_path)
    text = figures.solvitaire_check()
    assert "| Klondike | 1–4 | 1 | 0 | 1 | 1 | 1 | 0 | 1 of 2 |" in text
    assert "On 4 deals, 1 of our verdicts contradicts one of Solvitaire's where both decided." in text
    with pytest.raises(ValueError, match="English only"):
        figures.solvitaire_check("el")
