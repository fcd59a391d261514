"""Moves: constructors, text and dict forms that round-trip, immutability, and malformed input."""

import copy
import pickle

import pytest

from solitaire_widget import Move


@pytest.mark.parametrize("text, data", [
    ("deal", {"kind": "deal"}),
    ("redeal", {"kind": "redeal"}),
    ("t3-t5", {"kind": "move", "from": "t3", "to": "t5", "count": 1}),
    ("t3-t5x2", {"kind": "move", "from": "t3", "to": "t5", "count": 2}),
    ("waste-f1", {"kind": "move", "from": "waste", "to": "f1", "count": 1}),
    ("f2-t4", {"kind": "move", "from": "f2", "to": "t4", "count": 1}),
    ("place r2c3", {"kind": "place", "to": "r2c3"}),
    ("remove r1c2", {"kind": "remove", "cells": ["r1c2"]}),
    ("remove r1c2 r3c3", {"kind": "remove", "cells": ["r1c2", "r3c3"]}),
])
def test_text_and_dict_forms_round_trip(text, data):
    move = Move.parse(text)
    assert str(move) == text
    assert move.to_dict() == data
    assert Move.from_dict(data) is move
    assert Move.parse(str(move)) is move
    assert eval(repr(move)) is move  # noqa: S307 - the repr is Python that rebuilds the move


@pytest.mark.parametrize("text, canonical", [
    ("  DEAL ", "deal"), ("T3 - T5 X 2", "t3-t5x2"), ("Waste-F1", "waste-f1"), ("remove r3c3 r1c2", "remove r1c2 r3c3"),
    ("t3-t5x1", "t3-t5"), ("PLACE   r4c4", "place r4c4"),
])
def test_parsing_forgives_case_and_spaces(text, canonical):
    assert str(Move.parse(text)) == canonical


def test_moves_are_interned_immutable_and_hashable():
    assert Move.move("t1", "t2", 3) is Move.parse("t1-t2x3")
    move = Move.deal()
    with pytest.raises(AttributeError):
        move.kind = "redeal"
    assert {Move.deal(), Move.parse("deal")} == {move}
    assert pickle.loads(pickle.dumps(move)) is move and copy.deepcopy(move) is move


@pytest.mark.parametrize("text", ["", "deal deal", "t3", "t3-", "t3-t9", "x1-t2", "t3-t5x0", "t3-t5x", "place",
                                  "place r5c1", "place r1c1 r2c2", "remove", "remove r1c1 r1c2 r1c3", "flip t3",
                                  "t1-t2x53"])
def test_malformed_text_is_refused_with_a_clear_message(text):
    with pytest.raises(ValueError) as caught:
        Move.parse(text)
    assert str(caught.value)  # says something
    assert type(caught.value) is ValueError  # malformed, not merely illegal


@pytest.mark.parametrize("data, message", [
    ([], "must be a dict"),
    ({}, "needs 'kind'"),
    ({"kind": "jump"}, "needs 'kind'"),
    ({"kind": "move", "from": "t1"}, "needs 'to'"),
    ({"kind": "move", "from": "t1", "to": "t2", "count": "2"}, "whole number"),
    ({"kind": "move", "from": "t1", "to": "t2", "count": True}, "whole number"),
    ({"kind": "move", "from": ["t1"], "to": "t2"}, "not a pile name"),
    ({"kind": "deal", "to": "t2"}, "has no key 'to'"),
    ({"kind": "place", "to": 3}, "not a Camelot cell"),
    ({"kind": "remove", "cells": "r1c1"}, "list of one or two"),
    ({"kind": "remove", "cells": [[1]]}, "not a Camelot cell"),
])
def test_malformed_dicts_are_refused(data, message):
    with pytest.raises(ValueError, match=message):
        Move.from_dict(data)


@pytest.mark.parametrize("value", [3, None, 1.5, ("t1", "t2"), object()])
def test_values_that_are_no_form_of_move(value):
    with pytest.raises(ValueError, match="a move is a Move, a move dict or a move's text"):
        Move.coerce(value)
