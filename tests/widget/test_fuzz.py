"""Hypothesis throws arbitrary and nearly-right messages at the widget: it never raises, and its state stays true.

After every message the synced view must be exactly the masked view of the live game at the current revision
(nothing half-applied), and a message that was refused must have left the game as it was.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.widget import Solitaire
from solitaire_widget.widget.intents import ACTIONS
from solitaire_widget.widget.view import masked_view

from .conftest import FakeFrontEnd, snapshot

PILES = ["stock", "waste", "f1", "f4", "t1", "t6", "t7", "t8", "r1c1", "r4c4", "r5c1", "", "T1"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(PILES),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)
move_dicts = st.one_of(
    st.fixed_dictionaries({"kind": st.sampled_from(["deal", "redeal"])}),
    st.fixed_dictionaries({"kind": st.just("move"), "from": st.sampled_from(PILES), "to": st.sampled_from(PILES),
                           "count": st.integers(-1, 14) | json_values}),
    st.fixed_dictionaries({"kind": st.just("place"), "to": st.sampled_from(PILES) | json_values}),
    st.fixed_dictionaries({"kind": st.just("remove"),
                           "cells": st.lists(st.sampled_from(PILES), max_size=3) | json_values}),
    st.dictionaries(st.sampled_from(["kind", "from", "to", "count", "cells", "x"]), json_values, max_size=5),
)


@st.composite
def messages(draw: st.DrawFn) -> Any:
    """Mostly intents shaped like the real thing, some slightly wrong, some pure garbage."""
    if draw(st.integers(0, 9)) == 0:
        return draw(json_values)
    content: dict[str, Any] = {
        "type": draw(st.sampled_from(["intent", "intent", "intent", "answer", 1])),
        "action": draw(st.sampled_from(sorted(ACTIONS - {"hint", "winnable"})) | json_values),
        "rev": draw(st.sampled_from(["current", "current", "current", 0, -1, True, "1", 10**6])),
        "seq": draw(st.integers(0, 5) | json_values),
        "view": draw(st.sampled_from(["v", "x" * 100]) | json_values),
    }
    if draw(st.booleans()):
        content["move"] = draw(move_dicts)
    if draw(st.integers(0, 3)) == 0:
        content["pile"] = draw(st.sampled_from(PILES) | json_values)
    if draw(st.integers(0, 8)) == 0:
        content[draw(st.text(max_size=5))] = draw(json_values)
    return content


def _check(widget: Solitaire) -> None:
    assert widget.view == masked_view(widget.game, widget.view["rev"])
    json.dumps(widget.view)  # the synced state is plain JSON
    assert sw.Game.from_position(widget.game.position()).position() == widget.game.position()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(sw.VARIANTS), batch=st.lists(messages(), min_size=1, max_size=12))
def test_no_message_raises_or_corrupts_the_game(variant: str, batch: list[Any]) -> None:
    widget = Solitaire(variant, deal=7)
    front = FakeFrontEnd(widget)
    for content in batch:
        if isinstance(content, dict) and content.get("rev") == "current":
            content["rev"] = widget.view["rev"]
        before = snapshot(widget)
        answer = front.raw(content)
        _check(widget)
        assert not widget.message["text"].startswith("Internal error"), widget.message["text"]
        if answer is not None and not answer["ok"]:
            assert snapshot(widget)[:3] == before[:3]
    widget.close()


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(sw.VARIANTS), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
def test_legal_moves_from_the_board_keep_game_and_view_in_step(variant: str, picks: list[int]) -> None:
    widget = Solitaire(variant, deal=3)
    front = FakeFrontEnd(widget)
    for pick in picks:
        legal = widget.game.legal_moves()
        if not legal:
            break
        move = legal[pick % len(legal)]
        rev = widget.view["rev"]
        assert front.play(move.to_dict())["ok"]
        assert widget.view["rev"] == rev + 1 and widget.game.history[-1] == move
        _check(widget)
    while widget.game.can_undo:
        assert front.intent("undo")["ok"]
    assert widget.game.position() == sw.new_game(variant, deal=3).position()
    widget.close()
