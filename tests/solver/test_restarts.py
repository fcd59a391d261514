"""The three phases of a Klondike-family search: first search, restarts in perturbed orders, last search."""

from __future__ import annotations

import random
import threading
import time

import pytest

import solitaire_widget as sw
from solitaire_widget.solver import compiled, solve
from solitaire_widget.solver.budget import Budget
from solitaire_widget.solver.klondike import KlondikeState
from solitaire_widget.solver.restarts import FIRST_SHARE, RESTART_SHARE, luby, search_in_phases, streamlined
from solitaire_widget.solver.search import depth_first

from .helpers import brute_force, random_family_endgame, replays_to_win

# Won at once in a perturbed order, while the plain order searches for minutes without deciding.
STUCK = sw.new_game("athena", deal=94)
# Not decided in minutes in any order.
HARD = sw.new_game("klondike", deal=1, draw=1, redeals=-1)


def engine_search():
    return compiled.search if compiled.klondike_engine() == "c" else depth_first


def test_the_luby_sequence():
    assert [luby(n) for n in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    assert luby(2**20 - 1) == 2**19


def test_a_restart_wins_where_the_plain_order_is_stuck():
    position = STUCK.position()
    plain = engine_search()(KlondikeState(position), Budget(None, 400_000, None), 2_000_000)
    assert plain[0] == "unknown"
    result = solve(STUCK, time_limit=None, node_limit=400_000)
    assert result.verdict == "winnable" and result.stats["decided_in"] == "restarts"
    assert result.stats["restarts"] >= 1 and result.stats["nodes"] < 400_000
    assert replays_to_win(STUCK, result)


def test_each_phase_can_decide():
    easy = solve(sw.new_game("thumb-and-pouch", deal=3), time_limit=None, node_limit=100_000)
    assert easy.verdict == "winnable" and easy.stats["decided_in"] == "first" and easy.stats["restarts"] == 0
    # Aunt Mary's deal 19 takes some 57,000 nodes to prove unwinnable in the plain order: more than the first
    # search's 5% of 200,000, and more than any one restart gets; the last search proves it.
    last = solve(sw.new_game("aunt-mary", deal=19), time_limit=None, node_limit=200_000)
    assert last.verdict == "unwinnable" and last.stats["decided_in"] == "last" and last.stats["restarts"] > 1


def test_the_node_limit_is_shared_out_and_kept():
    result = solve(HARD, time_limit=None, node_limit=300_000)
    assert result.verdict == "unknown" and result.stats["stopped_by"] == "nodes"
    assert result.stats["nodes"] == 300_000
    # Restarts of 10,000, 10,000, 20,000, 10,000, ... nodes until they have had their 45,000.
    assert result.stats["restarts"] == 4
    assert "decided_in" not in result.stats


def test_the_phases_follow_the_clock():
    started = time.perf_counter()
    result = solve(HARD, time_limit=1.0)
    seconds = time.perf_counter() - started
    assert result.verdict == "unknown" and result.stats["stopped_by"] == "time"
    assert 0.95 < seconds < 1.6 and result.stats["restarts"] >= 1


@pytest.mark.parametrize("after", [0.05, 0.3, 1.0])
def test_a_cancel_in_any_phase_stops_everything(after):
    # Of a 3 s budget the first search has up to 0.15 s, the restarts up to 0.6 s, and the last search the rest:
    # a cancel in the first two phases must also keep the next ones from starting.
    cancel = threading.Event()
    timer = threading.Timer(after, cancel.set)
    timer.start()
    started = time.perf_counter()
    result = solve(HARD, time_limit=3.0, cancel=cancel)
    timer.join()
    assert time.perf_counter() - started < after + 0.3
    assert result.verdict == "unknown" and result.stats["stopped_by"] == "cancelled"


def test_without_limits_the_first_phases_are_timed_and_the_last_runs_on(monkeypatch):
    seen: list[tuple[int, float | None, int | None]] = []

    def fake_search(state, budget, table_limit):
        seconds = None if budget.deadline is None else budget.deadline - budget.started
        seen.append((state.perturb, seconds, budget.node_limit))
        return ("winnable" if len(seen) == 3 else "unknown"), [], {"nodes": 1, "peak_table": 1, "table_clears": 0}

    monkeypatch.setattr("solitaire_widget.solver.restarts.RESTART_UNIT", 1)
    budget = Budget(None, None, None)
    verdict, _, stats = search_in_phases(STUCK.position(), fake_search, budget, 100)
    assert verdict == "winnable" and stats["decided_in"] == "restarts" and stats["nodes"] == 3
    (p0, s0, n0), (p1, s1, n1), (p2, _, n2) = seen
    assert (p0, n0) == (0, None) and s0 == pytest.approx(10.0 * FIRST_SHARE, abs=0.01)
    assert (p1, n1, p2, n2) == (1, 1, 2, 1) and s1 == pytest.approx(10.0 * RESTART_SHARE, abs=0.01)


@pytest.mark.parametrize(("variant", "options"), [("athena", {"draw": 1}), ("klondike", {"draw": 3, "redeals": 0}),
                                                  ("aunt-mary", {}), ("klondike", {"draw": 1, "redeals": -1})])
def test_perturbed_searches_are_exact(variant, options):
    # Every order must reach the same verdict as a brute force: a perturbed search is still a whole search.
    rng = random.Random(f"perturbed{variant}{options}")
    checked = 0
    for attempt in range(40):
        if checked == 5:
            break
        position = random_family_endgame(rng, variant, rng.randint(3, 7), spread=1 + attempt % 3, **options)
        try:
            expected = brute_force(position, max_states=5_000)
        except OverflowError:
            continue
        for perturb in (1, 2, 3):
            verdict = depth_first(KlondikeState(position, perturb), Budget(None, None, None), 100_000)[0]
            assert verdict == ("winnable" if expected else "unwinnable"), (position, perturb)
        checked += 1
    assert checked == 5


def test_perturbing_changes_the_order_only():
    position = sw.new_game("klondike", deal=7, draw=1, redeals=2).position()
    plain, other = KlondikeState(position), KlondikeState(position, 12)
    assert sorted(plain.moves()) == sorted(other.moves())
    orders = {tuple(KlondikeState(position, seed).moves()) for seed in range(1, 30)}
    assert len(orders) > 5


def test_a_sub_budget_never_outlives_its_parent():
    parent = Budget(1.0, None, None)
    assert parent.within(5.0, None).deadline == parent.deadline
    assert parent.within(0.5, 10).deadline < parent.deadline and parent.within(0.5, 10).node_limit == 10
    assert Budget(None, None, None).within(None, None).deadline is None


def test_the_streamlined_game_has_two_redeals_left():
    game = sw.new_game("klondike", deal=3, draw=1, redeals=-1)
    game.play("deal")
    position = game.position()
    smaller = streamlined(position)
    assert smaller is not None and smaller["options"] == {**position["options"], "redeals": 2}
    assert {k: v for k, v in smaller.items() if k != "options"} == {k: v for k, v in position.items() if k != "options"}
    assert streamlined(sw.new_game("klondike", deal=3, draw=1, redeals=2).position()) is None
    assert streamlined(sw.new_game("klondike", deal=3, draw=3, redeals=-1).position()) is None
    assert streamlined(STUCK.position()) is None


def test_only_the_wins_of_the_streamlined_game_count(monkeypatch):
    # Its "unwinnable" says nothing of the real game: the restarts go on, and only a real proof decides.
    games: list[int] = []

    def fake_search(state, budget, table_limit):
        games.append(state.redeals)
        verdict = "unwinnable" if state.redeals >= 0 else "unknown"
        return verdict, [], {"nodes": budget.node_limit, "peak_table": 1, "table_clears": 0}

    monkeypatch.setattr("solitaire_widget.solver.restarts.RESTART_UNIT", 10)
    position = HARD.position()
    verdict, _, stats = search_in_phases(position, fake_search, Budget(None, 1_000, None), 100)
    assert verdict == "unknown" and stats["nodes"] == 1_000
    assert games[0] == games[-1] == -1 and 2 in games
    assert games[1:-1] == [2 if n % 2 == 0 else -1 for n in range(1, stats["restarts"] + 1)]


@pytest.mark.skipif(compiled.klondike_engine() != "c", reason="millions of nodes: too slow in pure Python")
def test_a_win_of_the_streamlined_game_replays_in_the_real_one():
    # Klondike 170, one card at a time with unlimited redeals: the plain order is stuck, a restart of the game
    # with two redeals left wins it.
    game = sw.new_game("klondike", deal=170, draw=1, redeals=-1)
    result = solve(game, time_limit=None, node_limit=20_000_000)
    assert result.verdict == "winnable" and result.stats["decided_in"] == "restarts"
    assert replays_to_win(game, result)
