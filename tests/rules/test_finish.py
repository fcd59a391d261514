"""Finishing a game won in all but the moving (solitaire_widget.finish): offered exactly when every card is face
up, the stock is spent and the foundations take the rest in order; never from what the player cannot see."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.finish import finishing_moves


def _played_to_the_end(variant: str, deal: int, **options: int) -> tuple[sw.Game, list[sw.Move]]:
    game = sw.new_game(variant, deal, **options)
    line = sw.solve(game, time_limit=None, node_limit=5_000_000).line
    assert line, f"{variant} #{deal} should be winnable for this test"
    return game, line


@pytest.mark.parametrize(("variant", "deal"), [("klondike", 2), ("athena", 1), ("thumb-and-pouch", 1)])
def test_a_finish_is_offered_once_nothing_is_hidden_and_it_wins(variant, deal):
    game, line = _played_to_the_end(variant, deal)
    offered = False
    for move in line:
        found = finishing_moves(game)
        position = game.position()
        hidden = position["stock"] or any(code.islower() for column in position["tableau"] for code in column)
        if hidden:
            assert found is None, "a finish was offered while cards were still hidden"
        if found is not None:
            offered = True
            trial = game.copy()
            for step in found:
                assert (step.dst or "").startswith("f"), f"a finish only sends cards home, not {step}"
                trial.play(step)
            assert trial.status == "won"
            assert [str(m) for m in trial.history[-len(found):]] == [str(m) for m in found]
        game.play(move)
    assert offered, "the end of a won game is a finish"
    assert finishing_moves(game) is None, "a won game has nothing left to finish"


def test_no_finish_when_the_foundations_cannot_take_the_cards_in_order():
    # Every card face up and the stock spent, but the A♠ lies under the 2♠: sending cards home alone cannot win.
    ranks = "A23456789TJQK"
    foundations = [[r + suit for r in ranks] for suit in "CDH"] + [[]]
    tableau = [["AS", "2S"], [r + "S" for r in reversed(ranks[2:])]] + [[] for _ in range(5)]
    position = {**sw.new_game("thumb-and-pouch", 1).position(), "stock": [], "waste": [], "foundations": foundations,
                "tableau": tableau, "deal": None, "score": 39, "moves": 0}
    game = sw.Game.from_position(position)
    assert game.status == "playing"
    assert finishing_moves(game) is None
    # The 2♠ out of the way (any card may fill an empty column in Thumb and Pouch): now the cards go home.
    game.play("t1-t3")
    assert finishing_moves(game) is not None


def test_camelot_has_no_finish():
    game = sw.new_game("camelot", 1)
    assert finishing_moves(game) is None
