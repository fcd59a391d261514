"""The fair player compared with the others on the same deals: McNemar's exact test, the paired records that
tools/tables.py publishes from the stores' rows, deal by deal, and the figures that tools/figures.py writes from them
(the player told the stock's order never among the fair players)."""

from __future__ import annotations

import importlib.util
import json
import math
import re
import sqlite3
from pathlib import Path
from types import ModuleType

import pytest

import solitaire_widget as sw
from solitaire_widget.studies import Row, StoreError, StudyResult, study
from solitaire_widget.studies.players import KNOWS_STOCK, player_for
from solitaire_widget.studies.published import (
    PairedRecord,
    PublishedTable,
    SameDeals,
    SameDealsShare,
    _table,
)
from solitaire_widget.studies.result import mcnemar_p

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------------------------------------------
# McNemar's exact test
# --------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("only_first", "only_second", "p"), [
    (10, 0, 2 * 0.5**10), (0, 10, 2 * 0.5**10), (5, 5, 1.0), (0, 0, 1.0), (0, 1, 1.0), (1, 0, 1.0),
    (7, 3, 2 * (1 + 10 + 45 + 120) / 2**10), (6, 1, 2 * (1 + 7) / 2**7),
])
def test_mcnemar_on_known_cases(only_first: int, only_second: int, p: float) -> None:
    assert mcnemar_p(only_first, only_second) == pytest.approx(p, rel=1e-12)


def test_mcnemar_agrees_with_scipy() -> None:
    binomtest = pytest.importorskip("scipy.stats").binomtest
    for first, second in ((3, 17), (120, 50), (600, 540), (49, 51), (1, 30), (250, 1)):
        assert mcnemar_p(first, second) == pytest.approx(binomtest(first, first + second, 0.5).pvalue, rel=1e-9)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3"])
def test_mcnemar_counts_whole_deals(bad: object) -> None:
    with pytest.raises(ValueError, match="whole numbers"):
        mcnemar_p(bad, 2)  # type: ignore[arg-type]


def _row(deal: int, outcome: str, score: int | None = 0) -> Row:
    return Row(deal, outcome, score, 0, None, 0.0, "python")


def test_paired_counts_only_the_deals_both_played() -> None:
    fair = StudyResult({}, [_row(1, "won", 52), _row(2, "won", 52), _row(3, "lost", 10), _row(4, "won", 52),
                            _row(9, "won", 52)])
    bold = StudyResult({}, [_row(1, "won", 52), _row(2, "stuck", 20), _row(3, "won", 52), _row(4, "stuck", 30),
                            _row(5, "won", 52)])
    paired = fair.paired(bold)
    assert paired.deals == (1, 2, 3, 4)
    assert (paired.wins, paired.other_wins, paired.only_this, paired.only_other) == (3, 2, 2, 1)
    assert paired.difference == pytest.approx(0.25) and paired.p_value == mcnemar_p(2, 1) == 1.0
    assert (paired.mean_score, paired.other_mean_score) == (41.5, 38.5)
    backwards = bold.paired(fair)
    assert (backwards.only_this, backwards.only_other, backwards.difference) == (1, 2, -0.25)
    assert StudyResult({}, []).paired(bold).deals == ()


# --------------------------------------------------------------------------------------------------------------
# The plan: deal ranges, the player told the stock's order, the cheap studies first
# --------------------------------------------------------------------------------------------------------------

@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/tables.py with its stores and its output in a temporary folder."""
    monkeypatch.setenv("SOLITAIRE_TABLES_STORES", str(tmp_path / "stores"))
    module = _load("tables_for_pairs", ROOT / "tools" / "tables.py")
    monkeypatch.setattr(module, "OUT", tmp_path / "published.json")
    (tmp_path / "stores").mkdir()
    return module


def test_the_plan(tables: ModuleType, tmp_path: Path) -> None:
    assert tables.STORES == tmp_path / "stores" and tables.PROGRESS == tmp_path / "stores" / "summary.json"
    plan = tables.studies()
    fair = {setting: deals for setting, player, _, deals in plan if player == "fair"}
    assert fair == {setting: range(1, 1001) if setting in tables.HEADLINE else range(1, 501)
                    for setting in tables.SETTINGS}
    assert [setting for setting, deals in fair.items() if len(deals) == 500] == ["athena-by-three", "klondike",
                                                                                "klondike-by-three"]
    knowing = [(setting, settings, deals) for setting, player, settings, deals in plan if player == KNOWS_STOCK]
    assert knowing == [(setting, sw.FairPlayer(knows_stock=True).settings, range(1, 1001))
                       for setting in ("klondike-unlimited", "klondike-by-three-unlimited")]
    assert all(settings == sw.FairPlayer().settings for _, player, settings, _ in plan if player == "fair")
    others = [deals for _, player, _, deals in plan if player not in ("fair", KNOWS_STOCK)]
    assert all(deals == range(1, 2001) for deals in others)
    # The cheap ones first: every simple strategy that plays fair, then Camelot's fair player, then the rest.
    kinds = []
    for setting, player, _, _ in plan:
        strategy = sw.strategies.strategies_for(tables.SETTINGS[setting][0]).get(player)
        kind = ("fair strategy" if strategy is not None and strategy.fair else "camelot fair"
                if (setting, player) == ("camelot", "fair") else "dear")
        if not kinds or kinds[-1] != kind:
            kinds.append(kind)
    assert kinds == ["fair strategy", "camelot fair", "dear"]
    assert len(plan) == len({(setting, player) for setting, player, _, _ in plan})


def test_rounds_advance_every_study_evenly(tables: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = [("thumb-and-pouch", "bold", {}, range(1, 8)), ("thumb-and-pouch", "cautious", {}, range(1, 4)),
            ("thumb-and-pouch", "random", {}, range(1, 6))]
    monkeypatch.setattr(tables, "studies", lambda: plan)
    calls = []
    real = tables.study

    def recording(variant, player, deals, **keywords):
        calls.append((player, max(deals)))
        return real(variant, player, deals, **keywords)

    monkeypatch.setattr(tables, "study", recording)
    assert tables.main(["--rounds", "2", "--workers", "1"]) == 0
    assert calls == [("bold", 2), ("cautious", 2), ("random", 2), ("bold", 4), ("cautious", 3), ("random", 4),
                     ("bold", 6), ("random", 5), ("bold", 7)]


def test_stores_and_output_go_where_they_are_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLITAIRE_TABLES_STORES", raising=False)
    module = _load("tables_for_options", ROOT / "tools" / "tables.py")
    assert module.STORES == ROOT / ".studies"
    stores, out = tmp_path / "trial", tmp_path / "trial.json"
    assert module.main(["--stores", str(stores), "--only", "bold", "--settings", "thumb-and-pouch", "--first", "3",
                        "--workers", "1"]) == 0
    assert sorted(path.name for path in stores.iterdir()) == ["summary.json", "thumb-and-pouch.bold.sqlite"]
    assert module.main(["--stores", str(stores), "--publish", "--out", str(out)]) == 0
    (table,) = json.loads(out.read_text())["tables"]
    assert table["played"] == [[1, 3]] and not table["complete"] and "paired" not in table


# --------------------------------------------------------------------------------------------------------------
# The paired records, from two small real studies
# --------------------------------------------------------------------------------------------------------------

FAIR_DEALS = range(81, 201)
SOLVER = {"time_limit": None, "node_limit": 3000}


def _camelot_plan(tables: ModuleType) -> list[tuple[str, str, dict, range]]:
    return [("camelot", "centre-first", {}, range(81, 201)), ("camelot", "random", {}, range(81, 151)),
            ("camelot", "fair", tables.FAIR, FAIR_DEALS), ("camelot", "solver", SOLVER, range(81, 91))]


def test_a_fair_table_records_its_comparisons_on_the_same_deals(tables: ModuleType,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    plan = _camelot_plan(tables)
    monkeypatch.setattr(tables, "studies", lambda: plan)
    assert tables.main(["--workers", "1"]) == 0
    assert tables.main(["--publish"]) == 0
    published = {table["player"]: table for table in json.loads(tables.OUT.read_text())["tables"]}
    assert all("paired" not in published[name] for name in ("centre-first", "random", "solver"))
    paired = published["fair"]["paired"]

    def rows(player: str, settings: dict, deals: range) -> StudyResult:
        """The study's rows, read back through sw.study from its store (nothing is played again)."""
        return study("camelot", player, deals, store=tables.store_path("camelot", player), workers=1, progress=False,
                     **settings)

    fair = rows("fair", tables.FAIR, FAIR_DEALS)
    expected = []
    for name, deals in (("random", range(81, 151)), ("centre-first", range(81, 201))):
        other = rows(name, {}, deals)
        both = sorted(set(deals) & set(FAIR_DEALS))
        mine = {row.deal: row.success for row in fair.rows}
        theirs = {row.deal: row.success for row in other.rows}
        only_this = sum(mine[deal] and not theirs[deal] for deal in both)
        only_other = sum(theirs[deal] and not mine[deal] for deal in both)
        scores = [row.score for row in other.rows if row.deal in both]
        record = {"player": name, "deals": len(both), "played": [[both[0], both[-1]]],
                  "wins": sum(mine[deal] for deal in both), "other_wins": sum(theirs[deal] for deal in both),
                  "only_this": only_this, "only_other": only_other}
        found = next(entry for entry in paired["strategies"] if entry["player"] == name)
        assert {key: found[key] for key in record} == record
        assert found["p_value"] == pytest.approx(mcnemar_p(only_this, only_other), rel=1e-3)
        assert found["other_mean_score"] == pytest.approx(sum(scores) / len(scores), abs=0.01)
        expected.append(name)
    assert sorted(entry["player"] for entry in paired["strategies"]) == sorted(expected)
    assert paired["undo_search"] is None and "fair" not in paired  # Camelot has no undo-search
    solved = rows("solver", SOLVER, range(81, 91)).rows
    solver = paired["solver"]
    assert solver["deals"] == 10 and solver["played"] == [[81, 90]]
    assert solver["successes"] == sum(row.success for row in solved)
    assert solver["undecided"] == sum(row.outcome == "unknown" for row in solved)
    assert solver["low"] <= solver["share"] <= solver["high"]

    table = _table(published["fair"])  # as the package reads it back
    assert isinstance(table.paired, SameDeals) and table.paired.solver.deals == 10
    best = table.paired.best_strategy()
    assert best is not None and best.other_wins == max(entry["other_wins"] for entry in paired["strategies"])
    assert best.difference == pytest.approx((best.wins - best.other_wins) / best.deals)


def test_a_missing_store_leaves_its_comparison_out(tables: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = _camelot_plan(tables)
    monkeypatch.setattr(tables, "studies", lambda: plan)
    study("camelot", "fair", range(81, 101), store=tables.store_path("camelot", "fair"),
          workers=1, progress=False, **tables.FAIR)
    (table,) = tables.summarise()["tables"]
    assert table["paired"] == {"strategies": [], "undo_search": None, "solver": None}
    study("camelot", "random", range(81, 91), store=tables.store_path("camelot", "random"), workers=1,
          progress=False)
    paired = next(table for table in tables.summarise()["tables"] if table["player"] == "fair")["paired"]
    assert [(entry["player"], entry["deals"]) for entry in paired["strategies"]] == [("random", 10)]


def test_a_store_that_cannot_serve_its_study_is_still_an_error(tables: ModuleType,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    plan = _camelot_plan(tables)
    monkeypatch.setattr(tables, "studies", lambda: plan)
    study("camelot", "fair", range(81, 86), store=tables.store_path("camelot", "fair"),
          workers=1, progress=False, **tables.FAIR)
    path = tables.store_path("camelot", "centre-first")
    result = study("camelot", "centre-first", range(81, 86), store=path, workers=1, progress=False)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'study'", (json.dumps({**result.study, "code": "0" * 16}),))
    with pytest.raises(StoreError, match="camelot.centre-first.sqlite"):
        tables.summarise()


# --------------------------------------------------------------------------------------------------------------
# The figures
# --------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def figures() -> ModuleType:
    return _load("figures_for_pairs", ROOT / "tools" / "figures.py")


def _record(player: str, wins: int, other_wins: int, deals: int = 1000, *, only_this: int | None = None,
            only_other: int | None = None, mean: float = 20.0) -> PairedRecord:
    only_this = max(0, wins - other_wins) if only_this is None else only_this
    only_other = max(0, other_wins - wins) if only_other is None else only_other
    return PairedRecord(player=player, deals=deals, played=((1, deals),), wins=wins, other_wins=other_wins,
                        only_this=only_this, only_other=only_other, p_value=mcnemar_p(only_this, only_other),
                        mean_score=30.0, other_mean_score=mean)


def _made_up(player: str, successes: int, deals: int, paired: SameDeals | None = None,
             setting: str = "klondike-unlimited") -> PublishedTable:
    share = successes / deals
    return PublishedTable(
        setting=setting, variant="klondike", options={"draw": 1, "redeals": -1}, player=player, settings={},
        first_deal=1, last_deal=deals, deals=deals, complete=True, successes=successes, undecided=0, outcomes={},
        mean_score=25.0, share=share, low=max(0.0, share - 0.03), high=min(1.0, share + 0.03), seconds=0.0,
        engines=[], code=player_for("klondike", player, {}).code, played=((1, deals),), samples=(), paired=paired)


#: The fair player (586 of 1,000), bold and cautious (2,000 deals each, their wins on the fair player's 1,000 in the
#: records), undo-search, the solver, and the player told the stock's order (700 of 1,000) against the fair player.
FAIR_PAIRS = SameDeals(strategies=(_record("bold", 586, 480, only_this=150, only_other=44),
                                   _record("cautious", 586, 502, only_this=120, only_other=36)),
                       undo_search=_record("undo-search", 586, 570, only_this=60, only_other=44),
                       solver=SameDealsShare(deals=1000, played=((1, 1000),), successes=898, undecided=40,
                                             share=0.898, low=0.878, high=0.95))
KNOWS_PAIRS = SameDeals(strategies=(_record("cautious", 700, 502),), fair=_record("fair", 700, 586, only_this=130,
                                                                                   only_other=16))
TABLES = [_made_up("fair", 586, 1000, FAIR_PAIRS), _made_up("bold", 1010, 2000), _made_up("cautious", 1005, 2000),
          _made_up("undo-search", 1135, 2000), _made_up("solver", 1796, 2000),
          _made_up(KNOWS_STOCK, 700, 1000, KNOWS_PAIRS)]


def _tables_of(tables: list[PublishedTable]):
    return lambda: {(table.setting, table.player): table for table in tables}


def _markdown_tables(text: str) -> list[list[list[str]]]:
    """The markdown tables of a text, each as rows of cells (the header first, the rule left out)."""
    found, current = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            if not set(line) <= set("|-"):
                current.append([cell.strip() for cell in line.strip("|").split("|")])
        elif current:
            found.append(current)
            current = []
    return found


def test_the_fair_player_table_compares_on_the_same_deals(figures: ModuleType,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "_tables", _tables_of(TABLES))
    first, knowing = _markdown_tables(figures.fair_player())
    row = next(cells for cells in first if cells[0] == "Klondike, one card, unlimited redeals")
    assert row[1] == "58.6% (55.6%–61.6%), 586 of 1000"
    # The best fair strategy there is cautious, by its 502 wins on the same 1,000 deals (not bold's 2,000-deal share).
    assert row[2] == "cautious: 50.2%, 502 of the same 1000"
    p = mcnemar_p(120, 36)
    assert p < 0.001 and row[3] == "+8.4 points (586 against 502; p < 0.001)"
    assert row[4] == "89.8% (87.8%–95.0%), 898 of the same 1000, 40 undecided"
    assert row[5] == f"57.0%, 570 of the same 1000; the fair player +1.6 points (p = {mcnemar_p(60, 44):.2f})"
    assert first[0][5].startswith("undo-search"), "undo-search in the last column, as the prose says"
    assert "2000" not in " ".join(row[2:])
    assert knowing[0][1] == "player told the stock's order (not a fair player)"
    assert knowing[1][1:] == ["70.0% (67.0%–73.0%), 700 of 1000", "58.6%, 586 of the same 1000",
                              "+11.4 points (700 against 586; p < 0.001)"]


@pytest.mark.parametrize(("language", "not_fair"), [("en", "not a fair player"), ("el", "δεν είναι τίμιος παίκτης"),
                                                    ("ru", "не честный игрок")])
def test_the_player_told_the_stock_is_never_labelled_fair(figures: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                          language: str, not_fair: str) -> None:
    monkeypatch.setattr(figures, "_tables", _tables_of(TABLES))
    knows_cell = figures._cell(TABLES[-1], language)
    first, knowing = _markdown_tables(figures.fair_player(language))
    assert all(knows_cell not in cell for cells in first for cell in cells), "never in the fair players' table"
    assert not_fair in knowing[0][1] and knowing[1][1] == knows_cell
    players = figures.players("klondike-unlimited")(language)
    (listed,) = _markdown_tables(players)
    (label,) = [cells[0] for cells in listed if cells[1] == knows_cell]
    assert not_fair in label and "knows-stock" in label
    sentences = players.split("\n\n")[1:]
    assert len(sentences) == 2 and not_fair in sentences[1]
    # Without its comparison with the fair player, it says so, still named as no fair player.
    alone = [*TABLES[:-1], _made_up(KNOWS_STOCK, 700, 1000)]
    monkeypatch.setattr(figures, "_tables", _tables_of(alone))
    assert not_fair in figures.players("klondike-unlimited")(language).split("\n\n")[-1]
    assert figures._player_name(KNOWS_STOCK, language) != figures._player_name("fair", language)


def test_the_players_sentences_in_every_language(figures: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "_tables", _tables_of(TABLES))
    render = figures.players("klondike-unlimited")
    assert render().endswith(
        "\nOn the 1000 deals both played, the fair player won 586 and the cautious player, the best there of the "
        "simple strategies that play fair, won 502: a difference of +8.4 points (McNemar's exact test: p < 0.001).\n"
        "\nOn the 1000 deals both played, the player told the stock's order, which is not a fair player, won 700 and "
        "the fair player won 586: a difference of +11.4 points (McNemar's exact test: p < 0.001).\n")
    assert ("Στις 1000 μοιρασιές που έπαιξαν και οι δύο, ο τίμιος παίκτης κέρδισε 586 και ο προσεκτικός παίκτης"
            in render("el"))
    assert "διαφορά +8,4 μονάδες (ακριβής έλεγχος του McNemar: p < 0,001)" in render("el")
    assert "На 1000 раздачах, которые сыграли оба, честный игрок выиграл 586, а осторожный игрок" in render("ru")
    assert "разница +8,4\xa0п.\xa0п. (точный тест Мак-Немара: p < 0,001)" in render("ru")
    one = [_made_up("fair", 1, 21, SameDeals(strategies=(_record("bold", 1, 0, deals=21),)))]
    monkeypatch.setattr(figures, "_tables", _tables_of(one))
    assert "На 21 раздаче, которую сыграли оба," in figures.players("klondike-unlimited")("ru")


@pytest.mark.parametrize("language", ["en", "el", "ru"])
def test_without_a_paired_record_the_figures_say_so(figures: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                    language: str) -> None:
    unpaired = [_made_up("fair", 586, 1000), *TABLES[1:5]]
    monkeypatch.setattr(figures, "_tables", _tables_of(unpaired))
    text = figures.fair_player(language)
    (first,) = _markdown_tables(text)
    row = next(cells for cells in first if cells[1] == figures._cell(unpaired[0], language))
    assert row[2:] == ["—"] * 4, "no shares of other deals beside the fair player's"
    assert text.rstrip().endswith(figures.TEXTS[language]["no pair note"])
    sentence = figures.players("klondike-unlimited")(language).split("\n\n")[-1]
    assert sentence == figures._say(language, "no pair sentence", players={"fair": "fair"})
    assert re.search(r"\d", sentence) is None


@pytest.mark.parametrize(("p", "text"), [(0.0004, "p < 0.001"), (0.0042, "p = 0.004"), (0.2149, "p = 0.21"),
                                         (0.996, "p = 1"), (1.0, "p = 1")])
def test_p_values_as_written(figures: ModuleType, p: float, text: str) -> None:
    assert figures._p_value(p, "en") == text
    assert figures._p_value(p, "el") == text.replace(".", ",")


def test_differences_as_written(figures: ModuleType) -> None:
    assert figures._points(0.0843, "en") == "+8.4 points"
    assert figures._points(-0.02, "en") == "\u22122.0 points"
    assert figures._points(0.0, "en") == figures._points(-0.0004, "en") == "0.0 points"
    assert figures._points(-0.02, "ru") == "\u22122,0\xa0п.\xa0п."
    assert math.isclose(FAIR_PAIRS.best_strategy().other_share, 0.502)
