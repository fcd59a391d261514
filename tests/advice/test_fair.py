"""The fair advice cannot be fooled: two games a player cannot tell apart get the same chances, the same hint and the
same computer move; and the advice answers with what a player could know."""

from __future__ import annotations

import threading

import pytest

import solitaire_widget as sw
from solitaire_widget import Game
from solitaire_widget.advice.player import _safe_moves

from ..fake_clock import FakeClock
from .helpers import SETTING_IDS, SETTINGS, played, twin

#: Small, machine-independent budgets: node limits and no time limit make every answer the same on every run.
FAST = {"samples": 4, "time_limit": None, "node_limit": 20_000}


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_games_a_player_cannot_tell_apart_get_the_same_advice(variant, options):
    player = sw.FairPlayer(samples=4, node_limit=20_000)
    for case in range(3):
        game, script = played(variant, options, deal=200 + case, steps=25 + 45 * case, seed=10 + case)
        if game.is_over:
            continue
        other = twin(game, script, seed=case, deal=None if case == 0 else game.deal + 1000)
        assert other.knowledge() == game.knowledge()
        first, second = sw.chances(game, seed=case, **FAST), sw.chances(other, seed=case, **FAST)
        assert dict(first.verdicts) == dict(second.verdicts)
        assert first.now == second.now and dict(first.moves) == dict(second.moves)
        assert sw.hint(game, seed=case, **FAST) == sw.hint(other, seed=case, **FAST)
        assert game.hint(**FAST) == other.hint(**FAST)
        assert player.choose(game) == player.choose(other)


def test_chances_depend_on_the_seed_and_the_knowledge_only():
    game = sw.new_game("athena", deal=5)
    answer = sw.chances(game, seed=1, **FAST)
    assert sw.chances(game.knowledge(), seed=1, **FAST) == answer
    assert answer.seed == 1 and answer.samples == 4
    assert set(answer.moves) == set(game.legal_moves())
    assert all(len(letters) == 4 and set(letters) <= set("WL?") for letters in answer.verdicts.values())
    # With no seed given, the seed comes from the knowledge: asking twice gives the same answer.
    assert sw.chances(game, **FAST) == sw.chances(game, **FAST)


def test_a_sample_proved_lost_is_lost_after_every_move_and_a_win_survives_its_first_move():
    game = sw.new_game("klondike", deal=5)  # lost whatever the hidden cards? no: only this deal's are locked
    answer = sw.chances(game, samples=12, seed=3, time_limit=None, node_limit=200_000)
    for index, letter in enumerate(answer.verdicts[None]):
        after = [answer.verdicts[move][index] for move in answer.moves]
        if letter == "L":
            assert set(after) == {"L"}
        if letter == "W":
            assert "W" in after, "a winnable sample has a move that keeps it winnable"
        if set(after) == {"L"}:
            assert letter != "W"


def test_the_only_legal_move_keeps_every_sample_the_position_wins():
    game = sw.new_game("athena", deal=2)  # at the start, dealing is the only move
    assert [str(move) for move in game.legal_moves()] == ["deal"]
    answer = sw.chances(game, samples=12, seed=3, time_limit=None, node_limit=50_000)
    (move,) = answer.moves
    assert answer.verdicts[move] == answer.verdicts[None], "a forced move is exactly as good as the position"


def test_the_chance_of_a_won_and_of_a_fully_known_position():
    won = sw.Game.from_position({**_won_position()})
    assert sw.chances(won, **FAST).share == 1.0
    game = sw.new_game("klondike", deal=2)
    line = sw.solve(game, time_limit=10).line
    for move in line[:-3]:
        game.play(move)
    answer = sw.chances(game, samples=3, time_limit=None, node_limit=500_000)
    assert answer.share == 1.0 and answer.undecided == 0


def _won_position():
    from tests.rules.helpers import klondike_position

    return klondike_position("athena", [], foundations=tuple(
        " ".join(rank + suit for rank in "A23456789TJQK") for suit in "CDHS"))


def test_the_interval_covers_the_undecided_both_ways():
    chance = sw.Chance(winnable=10, undecided=4, samples=20)
    low, high = chance.interval
    assert chance.share == 0.5
    assert low < 0.5 and high > 0.7
    assert str(chance).startswith("50% (95% CI ")


def test_cancel_stops_at_once_with_what_was_decided():
    stop = threading.Event()
    stop.set()
    answer = sw.chances(sw.new_game("athena", deal=3), samples=10, cancel=stop)
    assert answer.stats["stopped_by"] == "cancelled" and answer.undecided == 10


def test_a_time_limit_bounds_the_whole_estimate(monkeypatch):
    # On a clock that moves 10 ms a look, whatever the machine's speed: the estimate stops by time within a few
    # looks past its 0.3 s, leaving samples undecided, rather than giving each of its 40 solves 0.3 s.
    from solitaire_widget.advice import win_chances
    from solitaire_widget.solver import budget, search

    clock = FakeClock.install(monkeypatch, [win_chances, budget, search], tick=0.01)
    answer = sw.chances(sw.new_game("klondike", deal=1), samples=40, time_limit=0.3)
    assert answer.stats["stopped_by"] == "time" and answer.stats["engine"] == "python"
    # A solve reads the clock a few times as it starts and stops: the one running at the deadline, and the look
    # that finds it passed, come to a handful of ticks.
    assert 0.3 <= answer.stats["seconds"] <= 0.3 + 8 * clock.tick
    assert 1 <= answer.stats["solves"] < 40 * 2


@pytest.mark.parametrize(("keywords", "message"), [
    ({"samples": 0}, "samples must be"), ({"samples": 10**6}, "samples must be"), ({"samples": 2.0}, "samples"),
    ({"time_limit": -1}, "time_limit"), ({"time_limit": "x"}, "time_limit"), ({"time_limit": float("nan")}, "time"),
    ({"node_limit": 0}, "node_limit"), ({"node_limit": 1.5}, "node_limit"),
    ({"time_limit": None, "node_limit": None}, "give a time_limit"), ({"seed": "s"}, "seed"),
    ({"cancel": threading.Event}, "is_set"),
])
def test_chances_refuse_bad_arguments(keywords, message):
    with pytest.raises(ValueError, match=message):
        sw.chances(sw.new_game("athena", deal=1), **keywords)


@pytest.mark.parametrize("thing", [None, "athena", 3, {"variant": "athena"}])
def test_chances_and_hints_take_a_game_or_its_knowledge(thing):
    with pytest.raises(ValueError, match="takes a Game or the Knowledge"):
        sw.chances(thing)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="takes a Game or the Knowledge"):
        sw.hint(thing)  # type: ignore[arg-type]


# The fair hint ------------------------------------------------------------------------------------------------

def test_the_fair_hint_is_the_players_move_and_names_only_visible_cards():
    game = sw.new_game("klondike", deal=9)
    for move in ["deal"] * 3:
        game.play(move)
    found = game.hint(samples=8, time_limit=None, node_limit=2_000)
    assert not found.peeked and found.kind in ("fair", "heuristic")
    player = sw.FairPlayer(samples=8, node_limit=2_000)
    assert found.move == player.choose(game) and found.choice == player.choice(game)
    hidden = {code.upper() for column in game.position()["tableau"] for code in column if code.islower()}
    hidden |= set(game.position()["stock"])
    from solitaire_widget.cards import card_label, parse_card

    for code in hidden:
        assert card_label(parse_card(code)) not in found.reason, f"the reason names a hidden card: {found.reason}"


def test_a_weighed_hint_says_how_often_its_plan_won():
    game = sw.new_game("klondike", deal=2)
    found = game.hint(samples=16, time_limit=None, node_limit=2_000)
    choice = found.choice
    assert choice.why == "weighed" and found.kind == "fair"
    wins, tried = choice.weighing.wins[choice.plan], choice.weighing.tried[choice.plan]
    assert wins and f"in {wins} of the {tried} deals sampled" in found.reason
    assert choice.moves[0] == found.move and choice.weighing.plans[choice.plan].moves == choice.moves


def test_a_hint_with_nothing_to_weigh_falls_back_on_the_rule_of_thumb_and_says_so():
    game = sw.new_game("klondike", deal=2)
    found = game.hint(samples=8, time_limit=None, node_limit=1)  # searches far too small to find any win
    assert found.kind == "heuristic" and "rule of thumb decides" in found.reason


def test_hints_say_what_decided_them():
    camelot = sw.new_game("camelot", deal=4)
    camelot.play("deal")
    placing = camelot.hint()
    assert placing.choice.why == "odds" and "best odds of filling the grid" in placing.reason
    unlimited = sw.new_game("klondike", deal=4, draw=3, redeals=-1)
    assert "looking through the whole stock" in unlimited.hint().reason
    assert unlimited.hint().choice.moves[-1].kind == "redeal"
    lost = sw.Knowledge.from_dict({**_fully_seen(sw.new_game("klondike", deal=5))})
    given_up = sw.hint(lost)
    assert given_up.kind == "heuristic" and "can no longer be won" in given_up.reason


def _fully_seen(game: Game) -> dict:
    """The knowledge dict of a player who has seen every card of ``game``."""
    data = game.knowledge().to_dict()
    data["stock"], data["tableau"] = game.position()["stock"], game.position()["tableau"]
    return data


def test_the_only_move_is_said_to_be_so():
    found = sw.new_game("camelot", deal=1).hint()
    assert str(found.move) == "deal" and found.reason == "Dealing is the only move."


def test_no_hint_when_the_game_is_over():
    won = Game.from_position(_won_position())
    assert won.hint().move is None and "won" in won.hint().reason


def test_the_peeking_hint_says_it_looked():
    game = sw.new_game("klondike", deal=2)
    found = game.hint(peek=True, time_limit=5)
    assert found.peeked and found.kind == "winning" and found.reason.startswith("Looking at the hidden cards")
    lost = sw.new_game("klondike", deal=5)
    assert lost.hint(peek=True, time_limit=5).reason.startswith(
        "Looking at the hidden cards, the solver proved that this position can no longer be won.")
    with pytest.raises(ValueError, match="takes a Game"):
        sw.hint(game.knowledge(), peek=True)
    with pytest.raises(ValueError, match="peek must be"):
        game.hint(peek="yes")


# The fair player ----------------------------------------------------------------------------------------------

def test_the_fair_player_wins_a_deal_and_leaves_a_replayable_game():
    game = sw.new_game("thumb-and-pouch", deal=2)
    result = sw.FairPlayer(samples=6, node_limit=50_000).play(game)
    assert result.won and result.strategy == "fair" and result.moves == len(game.history)
    again = Game.from_record(game.record())
    assert again.status == "won"


def test_the_fair_player_is_repeatable():
    player = sw.FairPlayer(samples=4, node_limit=20_000)
    first, second = sw.new_game("camelot", deal=4), sw.new_game("camelot", deal=4)
    assert player.play(first) == player.play(second)
    assert first.history == second.history


def test_safe_moves_need_every_possible_partner_up():
    game = sw.new_game("klondike", deal=2)
    game.play("t1-f1") if game.is_legal("t1-f1") else None
    for move in _safe_moves(game.knowledge(), game.legal_moves()):
        assert move.dst.startswith("f")


@pytest.mark.parametrize(("keywords", "message"), [
    ({"samples": 0}, "samples"), ({"node_limit": -5}, "node_limit"), ({"seed": -1}, "seed"),
    ({"max_moves": 0}, "max_moves"), ({"node_limit": 0}, "node_limit"), ({"knows_stock": "yes"}, "knows_stock"),
])
def test_the_fair_player_refuses_bad_settings(keywords, message):
    with pytest.raises(ValueError, match=message):
        sw.FairPlayer(**keywords)
    with pytest.raises(ValueError, match="takes a Game"):
        sw.FairPlayer().play("athena")  # type: ignore[arg-type]


def test_a_pass_through_an_unlimited_stock_brings_back_the_same_layout():
    """With unlimited redeals the fair player counts layouts without the number of passes, so a pass that changed
    nothing is a repeat and the player stops instead of dealing round and round (it used to reach its move cap)."""
    from solitaire_widget.advice.player import _layout

    for draw in (1, 3):
        game = sw.new_game("klondike", deal=4, draw=draw, redeals=-1)
        start = _layout(game.knowledge())
        while game.stock_count:
            game.play("deal")
        assert _layout(game.knowledge()) != start
        game.play("redeal")
        assert _layout(game.knowledge()) == start
        limited = sw.new_game("klondike", deal=4, draw=draw, redeals=2)
        first = _layout(limited.knowledge())
        while limited.stock_count:
            limited.play("deal")
        limited.play("redeal")
        assert _layout(limited.knowledge()) != first, "with passes counted, a pass uses one up"

