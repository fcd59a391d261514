"""The rules model's compiled fast path agrees with the Python rules, move for move.

``games/_rules_core.c`` lists legal moves and shuffles deals for speed; ``games/klondike.py``, ``games/camelot.py``
and ``deals.py`` are the rules. Random games of every variant and option, undos included, are played with both,
and at every step the two lists of legal moves must be the same moves, in the same order, the same objects. With
``SOLITAIRE_REQUIRE_CORE=1`` (``make test`` sets it) a fast path that did not build is a failure, not a skip.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.deals import MAX_DEAL, shuffled_deck
from solitaire_widget.games import compiled

SETTINGS = [("athena", {}), ("athena", {"draw": 3}), ("thumb-and-pouch", {}), ("aunt-mary", {}), ("camelot", {}),
            ("klondike", {}), ("klondike", {"draw": 3}), ("klondike", {"redeals": -1}), ("klondike", {"redeals": 0})]


@pytest.fixture(scope="module", autouse=True)
def fast_path():
    if not compiled.available():
        if os.environ.get("SOLITAIRE_REQUIRE_CORE") == "1":
            pytest.fail("SOLITAIRE_REQUIRE_CORE=1 but the rules model's compiled fast path did not build or import")
        pytest.skip("the rules model's compiled fast path is not built here")


@given(deal=st.integers(min_value=0, max_value=MAX_DEAL))
@settings(max_examples=3000, deadline=None)
def test_deals_are_shuffled_alike(deal):
    assert compiled.core().deal_order(deal) == shuffled_deck(deal)


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=lambda value: str(value))
def test_legal_moves_agree_move_for_move(variant, options):
    rng = random.Random(f"{variant}{options}")
    steps = 0
    for _ in range(60):
        game = sw.new_game(variant, deal=rng.randrange(MAX_DEAL + 1), **options)
        for _ in range(250):
            engine = game._engine
            fast, reference = engine.legal_moves(), engine.legal_moves_python()
            assert fast == reference, f"{variant} {options} at {game.position()}"
            assert all(a is b for a, b in zip(fast, reference, strict=True)), "the same interned Move objects"
            steps += 1
            if not fast:
                break
            if game.can_undo and rng.random() < 0.1:
                game.undo()
            else:
                game.play(rng.choice(fast))
    assert steps > 3000


@given(data=st.data())
@settings(max_examples=150, deadline=None)
def test_legal_moves_agree_on_positions_from_outside(data):
    """Positions loaded with from_position: any legal layout, face-down cards in the middle of Athena's columns."""
    variant, options = data.draw(st.sampled_from(SETTINGS))
    game = sw.new_game(variant, deal=data.draw(st.integers(0, MAX_DEAL)), **options)
    for choice in data.draw(st.lists(st.integers(0, 10**6), max_size=150)):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    loaded = sw.Game.from_position(game.position())
    assert loaded._engine.legal_moves() == loaded._engine.legal_moves_python()


def test_the_switch(monkeypatch):
    monkeypatch.setenv(compiled.ENV_VAR, "python")
    assert sw.new_game("athena", deal=1)._engine._core is None
    monkeypatch.setenv(compiled.ENV_VAR, "c")
    assert sw.new_game("camelot", deal=1)._engine._core is not None
    monkeypatch.setenv(compiled.ENV_VAR, "fast")
    with pytest.raises(ValueError, match="must be auto, c or python"):
        sw.new_game("athena", deal=1)
    monkeypatch.delenv(compiled.ENV_VAR)
    assert sw.new_game("athena", deal=1)._engine._core is compiled.core()
