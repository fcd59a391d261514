"""The sentences the notebooks quote from the study tables (tools/figures.py: share:, compare:, compare-score:).

Their words ("about twice as often", "about one deal in five") are worked out from the same tables as the figures
beside them, so the words can never disagree with the numbers; these tests pin the words on made-up tables.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from solitaire_widget.studies.players import player_for
from solitaire_widget.studies.published import PublishedTable

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def figures():
    spec = importlib.util.spec_from_file_location("figures_for_sentences", ROOT / "tools" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _today(player: str) -> str:
    """The hash of today's code for ``player`` (a Camelot strategy's where Athena has no such player)."""
    try:
        return player_for("athena", player, {}).code
    except ValueError:
        return player_for("camelot", player, {}).code


def table(player: str, successes: int, deals: int = 2000, *, low: float | None = None, high: float | None = None,
          mean_score: float | None = 5.0, undecided: int = 0, last_deal: int | None = None,
          played: tuple[tuple[int, int], ...] | None | str = "contiguous", code: str | None = None) -> PublishedTable:
    """A made-up table, of today's code unless ``code`` is given; ``played`` defaults to deals 1 to ``deals``, all in
    a row."""
    share = successes / deals
    last = deals if last_deal is None else last_deal
    return PublishedTable(
        setting="athena", variant="athena", options={"draw": 1, "redeals": 2}, player=player, settings={},
        first_deal=1, last_deal=last, deals=deals, complete=deals == last, successes=successes, undecided=undecided,
        outcomes={}, mean_score=mean_score, share=share,
        low=max(0.0, share - 0.02) if low is None else low, high=min(1.0, share + 0.02) if high is None else high,
        seconds=0.0, engines=[], code=_today(player) if code is None else code,
        played=((1, deals),) if played == "contiguous" else played,
        samples=())


def render(figures, monkeypatch, tables, name):
    monkeypatch.setattr(figures, "_tables", lambda: {(t.setting, t.player): t for t in tables})
    setting, *players = name.split(":")[1:]
    if name.startswith("share:"):
        return figures.share_sentence(setting, *players)()
    measure = "score" if name.startswith("compare-score:") else "wins"
    return figures.comparison(setting, *players, measure)()


@pytest.mark.parametrize(("share", "words"), [
    (0.0, "no deal"), (1 / 2000, "about one deal in 2,000"), (0.011, "about one deal in 90"),
    (0.069, "about one deal in 14"), (0.0955, "about one deal in ten"), (0.2095, "about one deal in five"),
    (0.3, "about three deals in ten"), (0.5, "about half the deals"), (0.72, "about seven deals in ten"),
    (0.96, "nearly every deal"), (1.0, "every deal"),
])
def test_a_share_in_words(figures, share, words):
    assert figures._share_words(table("bold", round(share * 2000))) == words


@pytest.mark.parametrize(("ratio", "often", "much"), [
    (1.0, "about as often as", "about as much as"), (1.2, "a little more often than", "a little more than"),
    (1.5, "about one and a half times as often as", "about one and a half times as much as"),
    (2.0, "about twice as often as", "about twice as much as"),
    (2.5, "about two and a half times as often as", "about two and a half times as much as"),
    (3.6, "about four times as often as", "about four times as much as"),
    (12, "more than ten times as often as", "more than ten times as much as"),
])
def test_a_ratio_in_words(figures, ratio, often, much):
    assert (figures._times(ratio, "often"), figures._times(ratio, "much")) == (often, much)


def test_the_larger_share_comes_first_whatever_the_order_asked(figures, monkeypatch):
    tables = [table("bold", 191, low=0.083, high=0.109), table("undo-search", 419, low=0.192, high=0.228)]
    for name in ("compare:athena:bold:undo-search", "compare:athena:undo-search:bold"):
        sentence = render(figures, monkeypatch, tables, name)
        assert sentence.startswith("The undo-search player won about twice as often as the bold player: 20.9%")
        assert "overlap" not in sentence


def test_overlapping_intervals_are_called_no_clear_difference(figures, monkeypatch):
    tables = [table("bold", 1968, low=0.978, high=0.989), table("cautious", 1969, low=0.978, high=0.989)]
    sentence = render(figures, monkeypatch, tables, "compare:athena:bold:cautious")
    assert "about as often as" in sentence and "no clear difference" in sentence


def test_the_solver_finds_deals_winnable(figures, monkeypatch):
    tables = [table("solver", 1950, undecided=3, mean_score=None), table("fair", 100, deals=500)]
    sentence = render(figures, monkeypatch, tables, "compare:athena:solver:fair")
    assert sentence.startswith("A deal is winnable about five times as often as the fair player wins one: 97.5%")
    assert "1950 of deals 1–2000, 3 undecided" in sentence and "100 of deals 1–500" in sentence
    assert render(figures, monkeypatch, tables, "share:athena:solver").startswith(
        "The thoughtful solver proved nearly every deal winnable: 97.5%")
    assert "does not play games out" in render(figures, monkeypatch, tables, "compare-score:athena:solver:fair")


def test_none_won_and_some_won(figures, monkeypatch):
    tables = [table("bold", 0, mean_score=0.0), table("random", 0, mean_score=0.0), table("undo-search", 2)]
    assert render(figures, monkeypatch, tables, "compare:athena:bold:random").startswith("Neither the bold player")
    assert render(figures, monkeypatch, tables, "compare:athena:bold:undo-search").startswith(
        "The undo-search player won some games, the bold player won none")
    assert render(figures, monkeypatch, tables, "compare-score:athena:bold:random").startswith(
        "Neither the bold player nor the random player scored a point")


def test_mean_scores(figures, monkeypatch):
    tables = [table("edge-first", 0, mean_score=2.9), table("centre-first", 1, mean_score=10.9)]
    assert render(figures, monkeypatch, tables, "compare-score:athena:edge-first:centre-first") == (
        "The centre-first player scored about four times as much as the edge-first player: 10.9 points a game on "
        "average, against 2.9 (deals 1–2000).\n")


def test_a_table_still_being_played_says_so(figures, monkeypatch):
    tables = [table("bold", 0, deals=1250, last_deal=2000)]
    assert "so far: 1250 of the 2000 to be played" in render(figures, monkeypatch, tables, "share:athena:bold")


def test_a_missing_table_says_not_measured_yet(figures, monkeypatch):
    tables = [table("bold", 191)]
    assert render(figures, monkeypatch, tables, "compare:athena:fair:bold") == (
        "The fair player compared with the bold player on Athena: not measured yet (no table is published for "
        "the fair player).\n")
    assert render(figures, monkeypatch, tables, "share:athena:solver") == (
        "The thoughtful solver on Athena: not measured yet.\n")


def test_every_sentence_named_in_the_tables_renders(figures):
    for name, render_one in figures.RENDERERS.items():
        if name.startswith(("share:", "compare:", "compare-score:")):
            assert render_one().endswith("\n")


#: Deals played with gaps: two runs (listed), five runs (counted), and not recorded (counted among those planned).
TWO_RUNS = ((1, 70), (75, 80))
FIVE_RUNS = ((1, 60), (62, 65), (70, 72), (80, 85), (95, 100))


@pytest.mark.parametrize(("played", "cell", "sentence"), [
    (((1, 76),), " (so far: deals 1–76)", "38 of deals 1–76, so far: 76 of the 500 to be played"),
    (TWO_RUNS, " (so far: deals 1–70 and 75–80)", "38 of deals 1–70 and 75–80, so far: 76 of the 500 to be played"),
    (FIVE_RUNS, " (so far: 76 of deals 1–100)",
     "38 of the 76 deals played among deals 1–100, so far: 76 of the 500 to be played"),
    (None, " (so far: 76 of deals 1–500)", "38 of the 76 deals played among deals 1–500)"),
])
def test_deals_are_said_to_run_from_first_to_last_only_when_all_were_played(figures, monkeypatch, played, cell,
                                                                              sentence):
    tables = [table("fair", 38, deals=76, last_deal=500, played=played)]
    assert figures._cell(tables[0]).endswith(cell)
    assert sentence in render(figures, monkeypatch, tables, "share:athena:fair")


@pytest.mark.parametrize(("language", "played", "cell", "sentence"), [
    ("el", TWO_RUNS, " (μέχρι στιγμής: μοιρασιές 1–70 και 75–80)", "38 από τις μοιρασιές 1–70 και 75–80, μέχρι"),
    ("el", FIVE_RUNS, " (μέχρι στιγμής: 76 από τις μοιρασιές 1–100)",
     "38 από τις 76 μοιρασιές που παίχτηκαν ανάμεσα στις μοιρασιές 1–100, μέχρι"),
    ("ru", ((1, 76),), " (пока сыграны раздачи 1–76)", "38 из раздач с 1 по 76, пока"),
    ("ru", TWO_RUNS, " (пока сыграны раздачи 1–70 и 75–80)", "38 из раздач 1–70 и 75–80, пока"),
    ("ru", FIVE_RUNS, " (пока сыграны 76 из раздач 1–100)", "38 из 76 сыгранных раздач среди раздач с 1 по 100, пока"),
])
def test_the_deals_played_in_greek_and_russian(figures, monkeypatch, language, played, cell, sentence):
    tables = [table("fair", 38, deals=76, last_deal=500, played=played)]
    assert figures._cell(tables[0], language).endswith(cell)
    monkeypatch.setattr(figures, "_tables", lambda: {(t.setting, t.player): t for t in tables})
    assert sentence in figures.share_sentence("athena", "fair")(language)


def test_the_solver_table_and_the_scores_name_the_deals_played(figures, monkeypatch):
    solver = table("solver", 60, deals=76, last_deal=2000, mean_score=None, played=TWO_RUNS)
    monkeypatch.setattr(figures, "_tables", lambda: {("athena", "solver"): solver})
    assert "| Athena | 1–70 and 75–80 | " in figures.solver_published()
    assert "| Αθηνά | 1–70 και 75–80 | " in figures.solver_published("el")
    tables = [table("bold", 10, mean_score=3.0), table("fair", 5, deals=76, last_deal=500, played=FIVE_RUNS)]
    assert render(figures, monkeypatch, tables, "compare-score:athena:fair:bold").endswith(
        "(deals 1–2000; 76 of 1–100).\n")
    tables[1] = table("fair", 5, deals=76, last_deal=500, mean_score=4.0)
    assert render(figures, monkeypatch, tables, "compare-score:athena:fair:bold").endswith("(deals 1–2000 and 1–76).\n")


@pytest.mark.parametrize(("language", "said"), [("en", " (played by an earlier version of the code)"),
                                                ("el", " (από προηγούμενη έκδοση του κώδικα)"),
                                                ("ru", " (сыграно предыдущей версией кода)")])
def test_a_table_of_earlier_code_says_so(figures, language, said):
    today = table("fair", 38, deals=76)
    assert not figures._cell(today, language).endswith(said)
    older = table("fair", 38, deals=76, code="0" * 16)
    assert figures._cell(older, language) == figures._cell(today, language) + said
