"""solve(): its inputs, budgets, cancelling, and what it answers."""

from __future__ import annotations

import threading

import pytest

import solitaire_widget as sw
from solitaire_widget.solver import SolveResult, solve
from solitaire_widget.solver.budget import CHECK_EVERY

from ..fake_clock import CountingFlag, FakeClock

from .helpers import family_position, replays_to_win

# At most this many searches of a solve start after the one that saw a cancel (see solver/restarts.py).
PHASES = 8
# A deal the solver cannot decide in a minute.
HARD = sw.new_game("klondike", deal=1, draw=1, redeals=-1)


def test_exported_from_the_package():
    assert sw.solve is solve
    assert sw.SolveResult is SolveResult


def test_a_position_dict_and_a_game_give_the_same_answer():
    game = sw.new_game("klondike", deal=3, draw=1, redeals=-1)
    from_game = solve(game, time_limit=None, node_limit=50_000)
    from_dict = solve(game.position(), time_limit=None, node_limit=50_000)
    assert from_game.verdict == from_dict.verdict == "winnable"
    assert from_game.line == from_dict.line
    assert all(isinstance(move, sw.Move) for move in from_game.line)


def test_a_won_game_is_winnable_with_nothing_left_to_play():
    position = family_position("klondike", [], foundations={s: "K" for s in "CDHS"})
    result = solve(position)
    assert result.verdict == "winnable" and result.line == []


def test_safe_moves_alone_can_win():
    position = family_position("athena", ["KH", "QH", "JH"], foundations={"C": "K", "D": "K", "S": "K", "H": "T"})
    result = solve(position)
    assert result.verdict == "winnable" and replays_to_win(position, result)
    assert [str(m) for m in result.line] == ["t3-f3", "t2-f3", "t1-f3"]


@pytest.mark.parametrize("budget", [{"node_limit": 0}, {"node_limit": 5}, {"time_limit": 0}])
def test_an_exhausted_budget_answers_unknown(budget):
    game = sw.new_game("klondike", deal=1, draw=1, redeals=-1)
    result = solve(game, **{"time_limit": None, **budget})
    assert result.verdict == "unknown" and result.line == [] and not result.decided
    assert result.stats["stopped_by"] == ("nodes" if "node_limit" in budget else "time")
    assert result.stats["nodes"] <= budget.get("node_limit", 0) + 1


def test_the_time_limit_is_kept(monkeypatch):
    # On a clock that moves 10 ms a look, a 0.3 s limit ends the search within a few looks past it, whatever the
    # machine's speed: the search stops by time, at the first look past the deadline, having searched at most
    # CHECK_EVERY nodes a look.
    from solitaire_widget.solver import budget, search

    clock = FakeClock.install(monkeypatch, [budget, search], tick=0.01)
    result = solve(HARD, time_limit=0.3)
    assert result.verdict == "unknown" and result.stats["stopped_by"] == "time"
    assert 0.3 <= result.stats["seconds"] <= 0.3 + 3 * clock.tick
    assert result.stats["nodes"] <= clock.reads * budget.CHECK_EVERY


def test_cancelling_stops_the_search_promptly():
    # Set from another thread while the search runs: the search stops at its first look at the flag set.
    cancel = threading.Event()
    flag = CountingFlag(event=cancel)
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    result = solve(HARD, time_limit=None, node_limit=10**9, cancel=flag)
    timer.join()
    assert result.verdict == "unknown" and result.stats["stopped_by"] == "cancelled"
    # The phases still to come stop at their first look, which sees the flag set.
    assert flag.looks_after() == flag.seen_set - 1 <= PHASES
    assert result.stats["nodes"] <= flag.looks * CHECK_EVERY


@pytest.mark.parametrize("after", [1, 5, 40])
def test_a_cancel_stops_the_search_at_the_look_that_sees_it(after):
    flag = CountingFlag(after=after)
    result = solve(HARD, time_limit=None, node_limit=10**9, cancel=flag)
    assert result.verdict == "unknown" and result.stats["stopped_by"] == "cancelled"
    assert flag.first_seen == after and flag.looks_after() == flag.seen_set - 1 <= PHASES
    assert result.stats["nodes"] <= after * CHECK_EVERY


def test_a_cancel_flag_already_set_searches_nothing():
    cancel = threading.Event()
    cancel.set()
    result = solve(sw.new_game("athena", deal=5), cancel=cancel)
    assert result.verdict == "unknown" and result.stats["nodes"] == 0


@pytest.mark.parametrize(("variant", "options", "deal"), [
    ("klondike", {"draw": 3, "redeals": 0}, 1),
    ("aunt-mary", {}, 3),
    ("athena", {"draw": 3}, 3),
    ("klondike", {"draw": 1, "redeals": 2}, 2),
    ("camelot", {}, 9),
])
def test_the_verdict_does_not_depend_on_the_budget(variant, options, deal):
    game = sw.new_game(variant, deal=deal, **options)
    budgets = [{"node_limit": 20_000}, {"node_limit": 100_000}, {"node_limit": 100_000, "table_limit": 5_000}]
    verdicts = {solve(game, time_limit=None, **budget).verdict for budget in budgets}
    assert len(verdicts) == 1 and verdicts != {"unknown"}


def test_a_small_table_still_gives_exact_answers():
    game = sw.new_game("aunt-mary", deal=17)
    small = solve(game, time_limit=None, node_limit=100_000, table_limit=100)
    assert small.stats["table_clears"] > 0
    assert small.verdict == solve(game, time_limit=None, node_limit=100_000).verdict == "unwinnable"


def test_stats_and_reprs():
    result = solve(sw.new_game("klondike", deal=2, draw=1), time_limit=None, node_limit=50_000)
    assert {"nodes", "seconds", "peak_table", "table_clears"} <= set(result.stats)
    assert repr(result).startswith("<SolveResult: winnable, in ")
    html = result._repr_html_()
    assert "winnable" in html and str(result.line[0]) in html
    with pytest.raises(AttributeError):
        result.verdict = "unknown"  # type: ignore[misc]


@pytest.mark.parametrize("thing", [None, 42, "athena", ["klondike"], sw.Move.deal()])
def test_refuses_what_is_not_a_game_or_a_position(thing):
    with pytest.raises(ValueError, match="Game or a position"):
        solve(thing)


@pytest.mark.parametrize("damage", ["missing", "twice", "variant", "format"])
def test_refuses_a_malformed_position(damage):
    position = sw.new_game("athena", deal=1).position()
    if damage == "missing":
        del position["tableau"]
    elif damage == "twice":
        position["stock"][0] = position["stock"][1]
    elif damage == "variant":
        position["variant"] = "spider"
    else:
        position["format"] = 99
    with pytest.raises(ValueError):
        solve(position)


@pytest.mark.parametrize(("keyword", "value"), [
    ("time_limit", -1), ("time_limit", float("nan")), ("time_limit", float("inf")), ("time_limit", "10"),
    ("time_limit", True), ("node_limit", -5), ("node_limit", 2.5), ("cancel", "stop"), ("table_limit", 0),
])
def test_refuses_bad_limits(keyword, value):
    with pytest.raises(ValueError, match=keyword):
        solve(sw.new_game("athena", deal=1), **{keyword: value})
