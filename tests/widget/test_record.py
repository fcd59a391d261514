"""What the board keeps of a game: the clock, hints and undos, and the lasting statistics (issue 26)."""

from __future__ import annotations

import os
import random

import solitaire_widget as sw
from solitaire_widget import stats
from solitaire_widget.widget import Solitaire

from ..fake_clock import FakeClock
from .conftest import FakeFrontEnd, won_in_one


def test_a_game_counts_from_its_first_move_and_ends_lost_when_left():
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    assert sw.statistics("athena").rows == (), "dealing is not playing"
    front.intent("new_deal", deal=2)
    assert sw.statistics("athena").rows == (), "nor is leaving a deal untouched"
    front.play(widget.game.legal_moves()[0].to_dict())
    assert widget.record["running"]
    (row,) = sw.statistics("athena").rows
    assert (row.played, row.won, row.in_play) == (1, 0, 1)
    front.intent("undo")
    front.intent("new_deal", deal=3)
    (game,) = sw.statistics("athena").games
    assert (game.result, game.deal, game.undos) == ("lost", 2, 1)
    assert not widget.record["running"] and widget.record["seconds"] == 0


def test_a_win_is_kept_with_its_hints_and_undos_and_said_on_the_board():
    widget = Solitaire(game=won_in_one())
    front = FakeFrontEnd(widget)
    widget.hint()
    front.intent("foundation", pile="t1")
    (game,) = sw.statistics("thumb-and-pouch").games
    assert game.result == "won" and game.hints == 1 and game.moves == 1
    assert widget.record["result"] == "Time played: 0:00; hints used: 1; moves undone: 0."
    assert widget.record["result"] in widget.message["text"]
    labels = dict(widget.record["rows"])
    assert labels["Games played"] == "1" and labels["Games won"] == "1" and labels["Win rate"] == "100%"
    assert labels["Current streak of wins"] == "1"
    widget.undo()  # a won game stays won on the record
    widget.new_deal(5)
    assert [g.result for g in sw.statistics("thumb-and-pouch").games] == ["won"]


def test_a_restart_ends_the_attempt_and_a_closed_board_too():
    widget = Solitaire("klondike", deal=4, keep_statistics=True)  # a script's games count when it says so
    widget.play(widget.game.legal_moves()[0])
    widget.restart()
    widget.play(widget.game.legal_moves()[0])
    widget.close()
    assert [g.result for g in sw.statistics("klondike").games] == ["lost", "lost"]


def _lost_camelot() -> list[sw.Move]:
    """Moves that lose a Camelot deal 1, picked at random (seeded) until a line ends lost."""
    for seed in range(50):
        game, rng, moves = sw.new_game("camelot", deal=1), random.Random(seed), []
        while game.status == "playing" and len(moves) < 200:
            moves.append(game.play(rng.choice(game.legal_moves())))
        if game.status == "lost":
            return moves
    raise AssertionError("no line of random moves lost Camelot deal 1")


def test_a_game_over_and_not_won_is_lost_once_left():
    widget = Solitaire("camelot", deal=1, keep_statistics=True)
    for move in _lost_camelot():
        widget.play(move)
    assert widget.game.status == "lost" and not widget.record["running"]
    (game,) = sw.statistics("camelot").games
    assert (game.result, game.in_play) == ("open", True), "a lost game stays on the board until it is left"
    played = widget.game.moves
    widget.new_deal(2)
    (game,) = sw.statistics("camelot").games
    assert (game.result, game.in_play, game.moves) == ("lost", False, played)


def test_off_the_record():
    widget = Solitaire("athena", deal=1, keep_statistics=False)
    widget.play(widget.game.legal_moves()[0])
    widget.new_deal(2)
    assert sw.statistics().games == ()
    assert "not kept" in widget.record["note"] and widget.record["rows"] == []
    widget.keep_statistics = True
    widget.play(widget.game.legal_moves()[0])
    assert len(sw.statistics().games) == 1


def test_an_unwritable_data_folder_plays_on_and_says_why(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(stats.DATA_VARIABLE, os.fspath(blocker / "data"))
    stats._forget_default_stores()
    import warnings

    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        widget = Solitaire("athena", deal=1)
        FakeFrontEnd(widget).play(widget.game.legal_moves()[0].to_dict())
    assert widget.game.moves == 1
    assert widget.record["note"].startswith("Statistics are not kept:") and "cannot be created" in widget.record["note"]


def test_the_clock_runs_from_the_first_move_to_the_end(monkeypatch):
    # On a clock that moves 5 s a reading: it starts at the first move, stops at the end (here the same move), and
    # stands still after, however far the clock moves on.
    from solitaire_widget.widget import scorekeeper

    clock = FakeClock.install(monkeypatch, [scorekeeper], tick=5.0)
    widget = Solitaire(game=won_in_one(), clock=True)
    assert widget.clock and not widget.record["running"] and widget.record["seconds"] == 0
    FakeFrontEnd(widget).intent("foundation", pile="t1")
    seconds = widget.record["seconds"]
    assert not widget.record["running"] and seconds > 0 and seconds % 5 == 0
    clock.advance(3600)
    assert widget.record["seconds"] == seconds
