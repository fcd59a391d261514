"""Statistics: what a game counts for and when, the summary's arithmetic (streaks, best score and time, the win
rate and its interval), where the file is, how they show in a notebook, and bad arguments refused."""

from __future__ import annotations

import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import astuple

import platformdirs
import pytest

import solitaire_widget as sw
from solitaire_widget import stats
from solitaire_widget.i18n import using
from solitaire_widget.intervals import wilson
from solitaire_widget.stats import GameEntry, Statistics, StatisticsStore, SummaryRow


def played(store: StatisticsStore, result: str | None, *, variant: str = "athena", deal: int = 1,
           seconds: float = 100.0, score: int = 10, **options: int) -> GameEntry:
    """One game begun on ``store`` and finished ``result`` (None: left open, at ``score``)."""
    entry = store.begin(sw.new_game(variant, deal=deal, **options))
    if result is None:
        store.update(entry, score=score)
    else:
        assert store.finish(entry, result, seconds=seconds, score=score)
    return entry


def test_a_game_counts_once_it_is_begun_not_when_it_is_dealt(data_folder):
    store = stats.default_store()
    game = sw.new_game("thumb-and-pouch", deal=1)
    game.play("t5-f1")
    assert store.summary() == [] and store.games() == []
    entry = store.begin(game)
    assert entry.id is not None and entry.variant == "thumb-and-pouch" and entry.options == "draw=1,redeals=2"
    [row] = store.summary()
    assert (row.played, row.won, row.in_play, row.win_rate) == (1, 0, 1, 0.0)
    [kept] = store.games()
    assert (kept.result, kept.moves, kept.score, kept.deal, kept.in_play) == ("open", 1, 1, 1, True)
    assert (kept.seconds, kept.hints, kept.undos, kept.finished_at) == (0.0, 0, 0, None)
    assert kept.started_at is not None and kept.started_at.utcoffset().total_seconds() == 0
    # Another process (here: another store on the same file) sees an open game it is not playing: played, not won.
    [elsewhere] = StatisticsStore(store.path).games()
    assert elsewhere.result == "open" and not elsewhere.in_play


def test_updates_keep_the_latest_totals_and_a_finished_game_never_changes():
    store = StatisticsStore()
    entry = played(store, None)
    assert store.update(entry, moves=5, seconds=12.5, hints=1)
    assert store.update(entry, moves=9, undos=2)
    assert not store.update(entry)  # nothing given, nothing written
    assert store.finish(entry, "won", moves=12, score=52, seconds=30.25)
    assert not store.finish(entry, "lost")  # a won game stays won
    assert not store.update(entry, moves=99)
    [game] = store.games()
    assert (game.result, game.moves, game.score, game.seconds, game.hints, game.undos) == ("won", 12, 52, 30.25, 1, 2)
    assert game.finished_at is not None and game.finished_at >= game.started_at and game.won


def test_a_lost_game_reopened_counts_as_in_play_again_and_a_won_one_stays_won():
    store = StatisticsStore()
    won = played(store, "won")
    lost = played(store, "lost", score=7)
    [row] = store.summary()
    assert (row.played, row.won, row.current_streak, row.in_play) == (2, 1, 0, 0)
    assert store.reopen(lost)  # the player undid the new deal that left it
    [row] = store.summary()
    assert (row.played, row.won, row.current_streak, row.in_play) == (2, 1, 1, 1)
    [_, again] = store.games()
    assert (again.result, again.finished_at, again.in_play, again.score) == ("open", None, True, 7)
    assert not store.reopen(lost)  # open already
    assert not store.reopen(won)
    assert store.games()[0].result == "won"
    assert store.update(lost, moves=3) and store.finish(lost, "won", score=52)
    [row] = store.summary()
    assert (row.played, row.won, row.current_streak) == (2, 2, 2)


def test_the_summary_s_arithmetic():
    store = StatisticsStore()
    killed = StatisticsStore(store.path)  # a session that will be killed: its open game is played and not won
    for result, seconds, score in [("won", 100, 52), ("won", 80, 52), ("lost", 300, 20), ("won", 120, 52),
                                   ("won", 50, 52), ("won", 70, 52)]:
        played(store, result, seconds=seconds, score=score)
    played(killed, None, score=53)  # a score above any other: the best score counts every game played
    played(store, "won", seconds=90, score=52)
    played(store, "won", seconds=65, score=52)
    played(store, "won", seconds=20, score=52, draw=3)  # another option set: a row of its own
    played(store, "lost", variant="camelot", seconds=10, score=4)
    rows = {(row.variant, row.options): row for row in store.summary()}
    assert list(rows) == [("athena", "draw=1,redeals=2"), ("athena", "draw=3,redeals=2"), ("camelot", "")]
    one = rows["athena", "draw=1,redeals=2"]
    assert one == SummaryRow("athena", "draw=1,redeals=2", played=9, won=7, current_streak=2, best_streak=3,
                             best_score=53, best_seconds=50.0, in_play=0)
    assert one.win_rate == pytest.approx(7 / 9) and one.interval == wilson(7, 9)
    low, high = one.interval
    assert 0.4 < low < 7 / 9 < high < 0.98
    assert astuple(rows["athena", "draw=3,redeals=2"])[2:] == (1, 1, 1, 1, 52, 20.0, 0)
    assert astuple(rows["camelot", ""])[2:] == (1, 0, 0, 0, 4, None, 0)
    assert rows["camelot", ""].interval == wilson(0, 1)
    # A game being played here counts as played, but ends no streak until it is finished.
    live = played(store, None)
    one = {row.variant: row for row in store.summary("athena") if row.options == "draw=1,redeals=2"}["athena"]
    assert (one.played, one.won, one.current_streak, one.in_play) == (10, 7, 2, 1)
    del killed
    seen_elsewhere = next(row for row in StatisticsStore(store.path).summary("athena")
                          if row.options == "draw=1,redeals=2")
    assert (seen_elsewhere.current_streak, seen_elsewhere.in_play) == (0, 0)
    store.finish(live, "won", seconds=45)
    one = next(row for row in store.summary("athena") if row.options == "draw=1,redeals=2")
    assert (one.played, one.won, one.current_streak, one.best_streak, one.best_seconds) == (10, 8, 3, 3, 45.0)
    assert [row.variant for row in store.summary("camelot")] == ["camelot"]
    assert len(store.games("athena", limit=3)) == 3 and len(store.games(limit=None)) == 12
    assert [game.id for game in store.games(limit=None)] == sorted(game.id for game in store.games(limit=None))


def test_no_game_no_rows_and_no_interval_claim():
    assert StatisticsStore().summary() == []
    row = SummaryRow("athena", "", 0, 0, 0, 0, None, None)
    assert row.win_rate is None and row.interval == (0.0, 1.0)


def test_one_store_shared_by_threads_loses_nothing():
    store = StatisticsStore()

    def games(first: int) -> None:
        for deal in range(first, first + 25):
            entry = played(store, None, deal=deal)
            store.update(entry, moves=3)
            store.finish(entry, "won" if deal % 2 else "lost")

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(games, [1, 101, 201, 301]))
    assert sorted(game.deal for game in store.games(limit=None)) == [d for f in (1, 101, 201, 301)
                                                                      for d in range(f, f + 25)]
    [row] = store.summary()
    assert (row.played, row.won) == (100, sum(deal % 2 for game in store.games(limit=None) for deal in [game.deal]))


def test_the_data_folder_comes_from_the_environment(data_folder, monkeypatch, tmp_path):
    assert stats.data_folder() == data_folder and stats.default_path() == data_folder / "statistics.sqlite"
    played(stats.default_store(), "won")
    assert (data_folder / "statistics.sqlite").is_file()
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("SOLITAIRE_WIDGET_DATA", str(elsewhere))
    assert stats.default_store().path == elsewhere / "statistics.sqlite"
    assert sw.statistics().rows == ()
    played(stats.default_store(), "lost")
    assert [row.won for row in sw.statistics().rows] == [0]
    # Unset, it is the user's data folder (only worked out here: no file is made there by a test).
    monkeypatch.delenv("SOLITAIRE_WIDGET_DATA")
    assert stats.default_path() == platformdirs.user_data_path("solitaire-widget", appauthor=False) / \
        "statistics.sqlite"


def test_statistics_can_be_switched_off(data_folder, monkeypatch, recwarn):
    monkeypatch.setenv("SOLITAIRE_WIDGET_STATISTICS", "off")
    store = stats.default_store()
    assert not store.enabled and store.reason == "Keeping statistics is switched off."
    entry = played(store, None)
    assert entry.id is None and not store.update(entry, moves=3) and not store.finish(entry, "won")
    assert not (data_folder / "statistics.sqlite").exists()
    off = StatisticsStore(enabled=False)
    assert not off.enabled and off.summary() == [] and sw.statistics(store=off).enabled is False
    assert not [w for w in recwarn if issubclass(w.category, stats.StatisticsWarning)]  # asked for: no warning


def test_bad_arguments_are_refused_with_a_sentence(tmp_path):
    store = StatisticsStore()
    entry = played(store, None)
    off = StatisticsStore(enabled=False)
    for call, words in [
        (lambda: store.begin("athena"), "takes the Game"),
        (lambda: off.begin(None), "takes the Game"),
        (lambda: store.update("entry", moves=1), "GameEntry"),
        (lambda: store.update(entry, moves=-1), "moves must be a whole number"),
        (lambda: store.update(entry, moves=1.5), "moves must be a whole number"),
        (lambda: store.update(entry, hints=True), "hints must be a whole number"),
        (lambda: store.update(entry, undos="2"), "undos must be a whole number"),
        (lambda: store.update(entry, seconds=-1.0), "seconds must be a number"),
        (lambda: store.update(entry, seconds=float("nan")), "seconds must be a number"),
        (lambda: store.update(entry, score=3.0), "score must be a whole number"),
        (lambda: store.finish(entry, "open"), "'won' or 'lost'"),
        (lambda: store.finish(entry, "WON"), "'won' or 'lost'"),
        (lambda: store.finish(entry, None), "'won' or 'lost'"),
        (lambda: off.finish(entry, "draw"), "'won' or 'lost'"),
        (lambda: StatisticsStore(tmp_path / "other.sqlite").finish(entry, "won"), "update and finish it through"),
        (lambda: StatisticsStore(3), "path must be a file name"),
        (lambda: StatisticsStore(""), "path must be a file name"),
        (lambda: StatisticsStore(tmp_path), "not the folder"),
        (lambda: StatisticsStore(enabled=1), "enabled must be True or False"),
        (lambda: store.summary("chess"), "unknown game"),
        (lambda: store.games(limit=-1), "limit must be a whole number"),
        (lambda: sw.statistics("chess"), "unknown game"),
        (lambda: sw.statistics(recent=2.5), "recent must be a whole number"),
        (lambda: sw.statistics(store="file.sqlite"), "store must be a StatisticsStore"),
        (lambda: sw.statistics().to_pandas("players"), "'games' or 'summary'"),
        (lambda: stats.options_key([("draw", 1)]), "options must be a dict"),
        (lambda: stats.options_key({"draw": "1"}), "option draw must be a whole number"),
    ]:
        with pytest.raises(ValueError, match=words):
            call()
    [game] = store.games()
    assert (game.result, game.moves, game.hints, game.score) == ("open", 0, 0, 10)  # nothing refused was written


def test_the_options_key_is_stable_text():
    assert stats.options_key({"redeals": -1, "draw": 3}) == stats.options_key({"draw": 3, "redeals": -1}) \
        == "draw=3,redeals=-1"
    assert stats.options_key(sw.new_game("camelot", deal=1).options) == ""


def test_a_notebook_shows_a_table_and_a_plot():
    store = stats.default_store()
    empty = sw.statistics()
    assert isinstance(empty, Statistics) and "No game has been played yet" in repr(empty)
    assert "<table" not in empty._repr_html_() and "No game of Athena" in repr(sw.statistics("athena"))
    for deal, result in enumerate(["won", "lost", "won", "won"], 1):
        played(store, result, deal=deal, seconds=61 + deal, draw=3)
    played(store, "lost", variant="klondike", deal=9, redeals=-1)
    played(store, None, variant="camelot")
    result = sw.statistics()
    assert [row.variant for row in result.rows] == ["athena", "camelot", "klondike"] and len(result.games) == 6
    page = result._repr_html_()
    for words in ("<table", "<svg", "</svg>", "Win rate", "Best streak", "Best time", "1:02",
                  "three cards at a time, three passes", "one card at a time, unlimited passes", "in play",
                  "Results of the last 5 games", "6 games played; games won: 3."):
        assert words in page, words
    assert page.count("<circle") == 5 + 2  # a dot per finished game, and two in the legend
    text = repr(result)
    assert "Played" in text and "Athena" in text and "75%" in text and "<" not in text
    games = result.to_pandas()
    assert len(games) == 6 and list(games.columns)[:3] == ["variant", "options", "deal"]
    summary = result.to_pandas("summary")
    assert summary["played"].tolist() == [4, 1, 1] and summary["won"].tolist() == [3, 0, 0]
    assert len(sw.statistics("athena", recent=2).games) == 2


def test_to_pandas_without_pandas_says_what_to_install(monkeypatch):
    played(stats.default_store(), "won")
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        sw.statistics().to_pandas()


def test_the_file_has_its_layout_version_and_a_wal_journal():
    store = StatisticsStore()
    played(store, "won")
    with closing(sqlite3.connect(store.path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == stats.SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_bad_call_leaves_no_file_behind(data_folder):
    with pytest.raises(ValueError, match="unknown game"):
        sw.statistics("chess")
    assert not data_folder.exists()


@pytest.mark.parametrize("language", ["el", "ru"])
def test_the_words_come_through_the_catalogue_in_every_language(language):
    played(stats.default_store(), "won", draw=3)
    with using(language):
        page = sw.statistics()._repr_html_()
        text = repr(sw.statistics())
        title = sw.new_game("athena", deal=1).rules.local_title
    assert "<svg" in page and title in page and title in text
