"""The rule of thumb, and the peeking hint: the next move of a winning line the solver finds by looking at the
hidden cards, otherwise the rule of thumb's move."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.advice import Hint, hint
from solitaire_widget.solver import solve

from ..solver.helpers import family_position


def test_exported_and_used_by_the_game():
    assert sw.Hint is Hint and sw.hint is hint
    game = sw.new_game("klondike", deal=2, draw=1)
    assert game.hint(peek=True, time_limit=2.0) == hint(game, peek=True, time_limit=2.0)


@pytest.mark.parametrize(("variant", "options", "deal"), [
    ("klondike", {"draw": 1}, 2), ("thumb-and-pouch", {}, 2), ("camelot", {}, 7)])
def test_a_winning_hint_keeps_the_game_winnable(variant, options, deal):
    game = sw.new_game(variant, deal=deal, **options)
    before = game.position()
    suggestion = hint(game, peek=True, time_limit=5.0)
    assert game.position() == before, "a hint must not change the game"
    assert suggestion.kind == "winning" and suggestion.peeked
    assert suggestion.move in game.legal_moves()
    assert "the solver found a winning line" in suggestion.reason
    game.play(suggestion.move)
    assert solve(game, time_limit=5.0).verdict == "winnable"


def test_an_unwinnable_position_gets_a_heuristic_hint_that_says_so():
    game = sw.new_game("klondike", deal=1, draw=3, redeals=0)
    suggestion = hint(game, peek=True, time_limit=5.0)
    assert suggestion.kind == "heuristic"
    assert suggestion.reason.startswith("Looking at the hidden cards, the solver proved that this position can no "
                                        "longer be won. Rule of thumb:")
    assert suggestion.move in game.legal_moves()


def test_the_heuristic_prefers_a_foundation_move():
    # Without time to search, the 2H going up beats turning the 9c over.
    position = family_position("klondike", ["9c 2H", "TH"], foundations={"C": "8", "D": "K", "S": "K", "H": "A"},
                               stock="TC JC QC KC JH QH KH 3H 4H 5H 6H 7H 8H 9H")
    suggestion = hint(sw.Game.from_position(position), peek=True, time_limit=0)
    assert suggestion.kind == "heuristic"
    assert str(suggestion.move) == "t1-f3"
    assert suggestion.reason == "Rule of thumb: moving the 2♥ to a foundation scores a point."


def test_the_heuristic_turns_over_a_face_down_card():
    position = family_position("klondike", ["8h 7h 6S", "9h 6H", "7S"], foundations={"C": "K", "D": "K", "S": "4",
                               "H": "4"}, stock="5S 5H 8S 9S TS JS QS KS TH JH QH KH")
    suggestion = hint(sw.Game.from_position(position), peek=True, time_limit=0)
    assert str(suggestion.move) == "t2-t3"
    assert suggestion.reason == "Rule of thumb: moving the 6♥ turns over a face-down card in t2."


def test_camelot_heuristic_puts_a_plain_card_in_the_centre():
    game = sw.new_game("camelot", deal=1)
    game.play("deal")
    assert game.cards_in("waste") == ["9C"]
    suggestion = hint(game, peek=True, time_limit=0)
    assert suggestion.kind == "heuristic" and suggestion.move.kind == "place"
    assert suggestion.move.dst in {"r2c2", "r2c3", "r3c2", "r3c3"}
    assert suggestion.reason == "Rule of thumb: placing the 9♣ in the centre keeps the border free for court cards."


def test_no_hint_when_the_game_is_won_or_has_no_move():
    won = sw.Game.from_position(family_position("athena", [], foundations={s: "K" for s in "CDHS"}))
    said = "The game is won: there is nothing left to do."
    assert hint(won) == Hint(None, "heuristic", said, advice=said)
    assert hint(won, peek=True) == hint(won)
    stuck = sw.Game.from_position(family_position(
        "athena", ["2s 3S", "KS", "QS", "JS", "TS 9S", "8S 7S 6S", "5S 4S"],
        foundations={"C": "K", "D": "K", "H": "K", "S": "A"}))
    assert hint(stuck).move is None and hint(stuck, peek=True).move is None


@pytest.mark.parametrize(("thing", "keywords"), [
    ("athena", {}), (None, {}), ("game", {"time_limit": -1}), ("game", {"time_limit": None})])
def test_refuses_bad_input(thing, keywords):
    game = sw.new_game("athena", deal=1) if thing == "game" else thing
    with pytest.raises(ValueError):
        hint(game, peek=True, **keywords)
