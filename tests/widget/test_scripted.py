"""Scripted games stay out of the player's statistics (issue 32): by default a board counts only the games played on
it, that is those a view of the board has asked for something in; a script says so when its games should count."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from ipywidgets.widgets.widget import _instances  # no public registry of open widgets

import solitaire_widget as sw
from solitaire_widget import stats
from solitaire_widget.stats import FILE_NAME
from solitaire_widget.widget import Solitaire
from solitaire_widget.widget.intents import ACTIONS, parse_intent

from .conftest import FakeFrontEnd, won_in_one

_LATENCY = Path(__file__).resolve().parents[2] / "benchmarks" / "latency.py"


def _first(widget: Solitaire) -> sw.Move:
    return widget.game.legal_moves()[0]


def test_a_board_driven_from_python_keeps_nothing_and_makes_no_file(data_folder):
    widget = Solitaire("athena", deal=1)
    assert widget.keep_statistics == "board"
    FakeFrontEnd(widget).intent("page_language", language="en")  # a view drawn: the page says its language
    widget.play(_first(widget))
    widget.game.play(_first(widget))  # behind the board's back, then seen at the next change
    widget.undo()
    widget.redo()
    widget.restart()
    widget.play(_first(widget))
    widget.new_deal(2, variant="klondike", draw=3)
    widget.play(_first(widget))
    widget.close()
    scripted_win = Solitaire(game=won_in_one())
    scripted_win.play("t1-f4")
    assert scripted_win.game.status == "won"
    scripted_win.close()
    assert not (data_folder / FILE_NAME).exists(), "a script's boards leave the data folder as they found it"
    assert sw.statistics().games == ()
    assert widget.record["note"] == ("No game with these options played yet: a game counts once you make a move on "
                                     "the board.")


def test_a_move_on_the_board_makes_the_game_count_with_the_scripts_moves_after_it():
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    front.play(_first(widget).to_dict())
    (game,) = sw.statistics("athena").games
    assert (game.result, game.moves, game.in_play) == ("open", 1, True)
    widget.play(_first(widget))  # the same game, carried on from Python: still the player's
    widget.undo()
    (game,) = sw.statistics("athena").games
    assert (game.moves, game.undos) == (1, 1)
    widget.new_deal(2)  # the player's game is left, so lost; the next one is the script's again
    widget.play(_first(widget))
    widget.close()
    assert [(g.deal, g.result) for g in sw.statistics("athena").games] == [(1, "lost")]
    labels = dict(widget.record["rows"])
    assert labels["Games played"] == "1"


def test_a_win_on_the_board_counts():
    widget = Solitaire(game=won_in_one())
    FakeFrontEnd(widget).intent("foundation", pile="t1")
    assert [(g.result, g.moves) for g in sw.statistics("thumb-and-pouch").games] == [("won", 1)]


def test_a_game_a_script_began_counts_whole_from_the_players_first_move_on_the_board():
    widget = Solitaire("athena", deal=1)
    widget.play(_first(widget))
    widget.play(_first(widget))
    time.sleep(0.2)
    assert sw.statistics().games == ()
    handed_over = datetime.now(timezone.utc)
    FakeFrontEnd(widget).play(_first(widget).to_dict())
    (game,) = sw.statistics("athena").games
    assert game.moves == 3, "the row holds the whole game, the script's moves too"
    assert game.started_at >= handed_over - timedelta(milliseconds=1), "it begins at the player's first move"
    assert game.seconds >= 0.2, "the time is the board's clock, from the game's first move"
    widget.close()


def test_a_request_that_is_not_a_move_makes_the_game_count_from_its_next_change():
    widget = Solitaire("athena", deal=1, hint_time=0.1)
    widget.play(_first(widget))
    front = FakeFrontEnd(widget)
    assert front.intent("hint")["ok"]
    assert sw.statistics().games == (), "asking is not a change to the game"
    widget.play(_first(widget))  # a change, even from Python, to a game the player asked for something in
    (game,) = sw.statistics("athena").games
    assert game.moves == 2 and game.result == "open"
    widget.close()


def test_an_undo_on_the_board_takes_over_a_scripted_game_and_counts_it():
    widget = Solitaire("athena", deal=1)
    widget.play(_first(widget))
    widget.play(_first(widget))
    FakeFrontEnd(widget).intent("undo")
    (game,) = sw.statistics("athena").games
    assert (game.moves, game.undos) == (1, 1)
    widget.close()


def test_a_new_deal_or_a_restart_from_the_board_leaves_the_next_game_to_its_own_first_request():
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    front.intent("new_deal", deal=2)
    widget.play(_first(widget))
    front.intent("restart")
    widget.play(_first(widget))
    widget.close()
    assert sw.statistics().games == ()


def test_a_stale_request_claims_nothing():
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    widget.play(_first(widget))  # the board's revision 0 is out of date now
    assert not front.intent("play", rev=0, move={"kind": "deal"})["ok"]
    widget.play(_first(widget))
    widget.close()
    assert sw.statistics().games == ()


def test_a_script_that_opts_in_counts_its_games():
    widget = Solitaire(game=won_in_one(), keep_statistics=True)
    widget.play("t1-f4")
    widget.new_deal(7, variant="athena")
    widget.play(_first(widget))
    widget.close()
    assert [(g.variant, g.result) for g in sw.statistics().games] == [("thumb-and-pouch", "won"), ("athena", "lost")]


def test_opting_in_mid_game_counts_the_game_from_its_next_change():
    widget = Solitaire("athena", deal=1)
    widget.play(_first(widget))
    widget.keep_statistics = True
    assert widget.keep_statistics is True and sw.statistics().games == ()
    widget.play(_first(widget))
    (game,) = sw.statistics("athena").games
    assert game.moves == 2
    widget.keep_statistics = "board"  # a game on the record stays on it
    widget.play(_first(widget))
    assert sw.statistics("athena").games[0].moves == 3
    widget.close()


@pytest.mark.parametrize("bad", ["yes", "Board", "all", "", 1, 0, None, 1.0, ["board"], b"board"])
def test_a_bad_keep_statistics_is_refused_saying_what_is_accepted(bad):
    before = len(_instances)
    with pytest.raises(ValueError) as caught:
        Solitaire("athena", deal=1, keep_statistics=bad)
    text = str(caught.value)
    assert text.startswith("keep_statistics must be 'board' (count the games played on the board), True (count "
                           "every game, scripted ones too) or False (count none), not ")
    assert text.endswith(repr(bad)) and len(text) <= 400
    assert len(_instances) == before, "a widget was left open"


def test_a_bad_keep_statistics_set_later_changes_nothing(data_folder):
    widget = Solitaire("athena", deal=1)
    record = widget.record
    with pytest.raises(ValueError, match="keep_statistics must be 'board'"):
        widget.keep_statistics = "always"
    assert widget.keep_statistics == "board" and widget.record == record
    widget.play(_first(widget))
    widget.close()
    assert not (data_folder / FILE_NAME).exists()


def test_only_the_page_language_is_sent_by_a_view_on_its_own():
    """The board's front end sends ``page_language`` when it is drawn (js/widget.ts); every other intent is the
    player's doing, so only that one must leave the game unclaimed."""
    common = {"type": "intent", "rev": 0, "seq": 1, "view": "v"}
    assert not parse_intent({**common, "action": "page_language", "language": "el-GR"}).from_player
    for action in sorted(ACTIONS - {"page_language", "play", "foundation"}):
        assert parse_intent({**common, "action": action}).from_player, action
    assert parse_intent({**common, "action": "play", "move": {"kind": "deal"}}).from_player
    assert parse_intent({**common, "action": "foundation", "pile": "t1"}).from_player


def test_switched_off_statistics_still_say_why_on_a_scripts_board(monkeypatch):
    monkeypatch.setenv(stats.SWITCH_VARIABLE, "off")
    widget = Solitaire("athena", deal=1)
    assert widget.record["note"] == "Keeping statistics is switched off."


# benchmarks/latency.py plays on the board through real views, so its games count: it keeps them in a scratch folder.

@pytest.fixture(scope="module")
def latency():
    spec = importlib.util.spec_from_file_location("latency_benchmark", _LATENCY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_latency_benchmark_keeps_its_games_in_a_scratch_folder(latency, data_folder):
    with latency.scratch_statistics() as scratch:
        assert scratch != data_folder and os.environ[stats.DATA_VARIABLE] == str(scratch)
        # What the benchmark's kernels see: the server and the kernels it starts inherit the environment.
        seen = subprocess.run([sys.executable, "-c", "from solitaire_widget import stats; print(stats.default_path())"],
                              capture_output=True, text=True, check=True).stdout.strip()
        assert Path(seen) == scratch / FILE_NAME
        stats._forget_default_stores()
        widget = Solitaire("athena", deal=1)  # as the benchmark's notebook makes it, played on the board
        FakeFrontEnd(widget).play(_first(widget).to_dict())
        widget.close()
        assert len(stats.StatisticsStore(scratch / FILE_NAME).games()) == 1
        stats._forget_default_stores()
    assert os.environ[stats.DATA_VARIABLE] == str(data_folder), "the variable is put back"
    assert not scratch.exists() and not (data_folder / FILE_NAME).exists()
