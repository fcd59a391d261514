"""Choosing deals (solitaire_widget.advice.deals): winnable ones proved by the solver, difficulty from the fair
chance at the start, and an honest answer when the time runs out."""

from __future__ import annotations

import random
import threading

import pytest

import solitaire_widget as sw
from solitaire_widget.advice.deals import EASY_FROM, HARD_BELOW, level_of, pick_deal


def test_a_winnable_deal_is_proved_winnable():
    picked = pick_deal("athena", "winnable", rng=random.Random(5))
    assert picked.found and picked.winnable and picked.kind == "winnable"
    assert sw.solve(sw.new_game("athena", picked.deal), time_limit=None, node_limit=5_000_000).verdict == "winnable"
    assert "winnable deal" in picked.text


def test_a_deal_of_a_difficulty_has_that_difficulty():
    picked = pick_deal("klondike", "medium", rng=random.Random(2), time_limit=60)
    assert picked.found and picked.difficulty is not None and picked.difficulty.level == "medium"
    again = sw.difficulty(sw.new_game("klondike", picked.deal))
    assert again == picked.difficulty, "the grade is the same every time: a node budget, not a clock"
    assert HARD_BELOW <= again.chance.share < EASY_FROM
    assert "Difficulty: medium" in picked.text


def test_levels_are_fixed_shares_of_the_fair_chance():
    assert [level_of(share) for share in (0.0, HARD_BELOW - 0.01, HARD_BELOW, EASY_FROM - 0.01, EASY_FROM, 1.0)] == [
        "hard", "hard", "medium", "medium", "easy", "easy"]


def test_the_grade_of_a_deal_ignores_the_moves_played_since():
    game = sw.new_game("thumb-and-pouch", 1)
    before = sw.difficulty(game)
    game.play(game.legal_moves()[0])
    assert sw.difficulty(game) == before


def test_when_no_deal_of_the_kind_turns_up_it_says_so_and_gives_the_nearest():
    # Thumb and Pouch deals are easy: a hard one does not turn up in a second.
    picked = pick_deal("thumb-and-pouch", "hard", rng=random.Random(1), time_limit=1.0)
    assert not picked.found and picked.tried >= 1
    assert picked.winnable and picked.difficulty is not None and picked.difficulty.level != "hard"
    assert f"among the {picked.tried} deals tried" in picked.text and "the nearest" in picked.text


def test_cancel_stops_the_search():
    cancel = threading.Event()
    cancel.set()
    picked = pick_deal("aunt-mary", "easy", rng=random.Random(1), time_limit=60, cancel=cancel)
    assert not picked.found and picked.seconds < 5


def test_any_deal_is_just_drawn():
    picked = pick_deal("camelot", "any", rng=random.Random(3))
    assert picked.found and picked.tried == 1 and picked.text == ""


@pytest.mark.parametrize(("arguments", "message"), [
    ({"variant": "chess"}, "unknown game"),
    ({"kind": "lucky"}, "deals must be one of any, winnable, easy, medium, hard"),
    ({"time_limit": 0}, "time_limit must be a number of seconds"),
    ({"time_limit": True}, "time_limit must be a number of seconds"),
    ({"options": {"draw": 2}}, "option draw must be one of 1, 3"),
])
def test_bad_requests_are_refused_with_a_reason(arguments, message):
    keywords = {"variant": "athena", "kind": "winnable", **arguments}
    with pytest.raises(ValueError, match=message):
        pick_deal(keywords.pop("variant"), keywords.pop("kind"), **keywords)


def test_difficulty_needs_a_deal():
    position = sw.new_game("athena", 1).position()
    with pytest.raises(ValueError, match="grades a deal"):
        sw.difficulty(sw.Game.from_position({**position, "deal": None}))
    with pytest.raises(ValueError, match="takes a solitaire_widget.Game"):
        sw.difficulty("athena")
