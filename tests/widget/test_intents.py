"""Intents from the board: legal ones are played, and illegal, stale and malformed ones change nothing."""

from __future__ import annotations

from typing import Any

import pytest

import solitaire_widget as sw
from solitaire_widget.widget import Solitaire

from .conftest import FakeFrontEnd, snapshot


def test_a_legal_move_is_played_synced_and_answered(board) -> None:
    widget, front = board
    answer = front.play({"kind": "move", "from": "t2", "to": "f1", "count": 1})
    assert answer["ok"] and answer["text"] == "Moved the ace of spades to foundation 1. The five of spades turned face up."
    assert [str(m) for m in widget.game.history] == ["t2-f1"]
    assert widget.view["rev"] == 1 and widget.view["foundations"][0] == ["AS"]
    assert widget.view["tableau"][1] == [None, "TD", "5S"]
    assert widget.message["kind"] == "info" and widget.message["text"] == answer["text"]
    assert "score 1/52" in widget.status_line


def test_an_illegal_move_changes_nothing_and_says_which_rule(board) -> None:
    widget, front = board
    before = snapshot(widget)
    move = {"kind": "move", "from": "t1", "to": "t2", "count": 1}
    answer = front.play(move)
    assert not answer["ok"]
    assert answer["text"] == widget.game.explain(move) == widget.message["text"]
    assert widget.message["kind"] == "error"
    assert snapshot(widget) == before


def test_the_same_refusal_twice_is_announced_twice(board) -> None:
    widget, front = board
    move = {"kind": "move", "from": "t1", "to": "t2", "count": 1}
    front.play(move)
    first = widget.message["id"]
    front.play(move)
    assert widget.message["id"] == first + 1


def test_a_stale_intent_changes_nothing(board) -> None:
    widget, front = board
    widget.play("deal")  # Python moves first: the board's revision 0 is now out of date
    before = snapshot(widget)
    answer = front.play({"kind": "move", "from": "t2", "to": "f1", "count": 1}, rev=0)
    assert not answer["ok"] and "out of date" in answer["text"]
    assert snapshot(widget) == before


@pytest.mark.parametrize("action, fields", [
    ("page_language", {"language": "en-GB"}), ("hint", {}), ("winnable", {}), ("review", {}), ("coach_close", {}),
    ("lesson_close", {}),
])
def test_an_intent_that_moves_no_card_is_never_stale(action: str, fields: dict[str, Any]) -> None:
    """Run All: the board renders and sends the page's language stamped with revision 0 while the next cell has
    already played a move in Python. Such an intent (and a hint, a check, a review, a bar closed) means the same on
    any revision: it is carried out, and no error is said."""
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    try:
        widget.play("deal")  # Python moves first: the board's revision 0 is now out of date
        position = widget.game.position()
        answer = front.intent(action, rev=0, **fields)
        assert answer["ok"], answer["text"]
        assert widget.message["kind"] != "error", widget.message
        assert "out of date" not in widget.message["text"]
        assert widget.game.position() == position
    finally:
        widget.close()


@pytest.mark.parametrize("action, fields", [
    ("play", {"move": {"kind": "deal"}}), ("foundation", {"pile": "t2"}), ("undo", {}), ("restart", {}),
    ("new_deal", {}), ("finish", {}),
])
def test_an_intent_that_moves_cards_is_stale_on_an_old_revision(board, action: str, fields: dict[str, Any]) -> None:
    widget, front = board
    widget.play("deal")
    before = snapshot(widget)
    answer = front.intent(action, rev=0, **fields)
    assert not answer["ok"] and "out of date" in answer["text"]
    assert snapshot(widget) == before


def test_an_error_is_addressed_to_the_view_whose_request_caused_it(board) -> None:
    """Every view shows the shared ``message`` trait; an error names the view that caused it, so that only that
    view shows it (the others, and a notebook opened later, do not say what their player did not do)."""
    widget, front = board
    front.view_id = "the-player"
    front.play({"kind": "move", "from": "t1", "to": "t2", "count": 1})
    assert widget.message["kind"] == "error" and widget.message["view"] == "the-player"
    front.play({"kind": "deal"})
    assert widget.message["kind"] == "info"
    widget.undo()  # from Python: no view asked
    assert widget.message["view"] == ""
    with pytest.raises(ValueError):
        widget.undo()


def test_two_views_race_and_only_the_first_wins() -> None:
    widget = Solitaire("athena", deal=1)
    one, two = FakeFrontEnd(widget, "one"), FakeFrontEnd(widget, "two")
    widget.send = lambda content, buffers=None: (one.answers.append(content), two.answers.append(content))
    rev = widget.view["rev"]
    assert one.play({"kind": "deal"}, rev=rev)["ok"]
    assert not two.play({"kind": "deal"}, rev=rev)["ok"]
    assert [str(m) for m in widget.game.history] == ["deal"]


MALFORMED: list[Any] = [
    None, 3, "deal", [1, 2], {},
    {"type": "hello"},
    {"type": "intent", "action": "fly", "rev": 0, "seq": 1, "view": "v"},
    {"type": "intent", "action": "undo", "rev": "0", "seq": 1, "view": "v"},
    {"type": "intent", "action": "undo", "rev": True, "seq": 1, "view": "v"},
    {"type": "intent", "action": "undo", "rev": -1, "seq": 1, "view": "v"},
    {"type": "intent", "action": "undo", "rev": 0, "seq": 1.5, "view": "v"},
    {"type": "intent", "action": "undo", "rev": 0, "seq": 1, "view": 7},
    {"type": "intent", "action": "undo", "rev": 0, "seq": 1, "view": "v", "extra": 1},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v"},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": "deal"},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": {"kind": "jump"}},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": {"kind": "move", "from": "t9",
                                                                                     "to": "t1", "count": 1}},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": {"kind": "move", "from": "t1",
                                                                                     "to": "t2", "count": "2"}},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": {"kind": "move", "from": "t1",
                                                                                     "to": "t2", "count": 0}},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": {"kind": "remove", "cells": 5}},
    {"type": "intent", "action": "foundation", "rev": 0, "seq": 1, "view": "v", "pile": ["t1"]},
]


@pytest.mark.parametrize("content", MALFORMED)
def test_a_malformed_message_is_refused_with_a_message(board, content: Any) -> None:
    widget, front = board
    before = snapshot(widget)
    answer = front.raw(content)
    assert snapshot(widget) == before
    assert widget.message["kind"] == "error"
    assert widget.message["text"].startswith("The board sent a message that makes no sense")
    if isinstance(content, dict) and isinstance(content.get("view"), str) and type(content.get("seq")) is int:
        assert answer is not None and not answer["ok"]
    else:
        assert answer is None  # nowhere to send an answer


def test_moves_naming_piles_the_game_lacks_are_refused() -> None:
    widget = Solitaire("aunt-mary", deal=1)
    front = FakeFrontEnd(widget)
    before = snapshot(widget)
    answer = front.play({"kind": "move", "from": "t7", "to": "t1", "count": 1})
    assert not answer["ok"] and "t7" in answer["text"]
    answer = front.play({"kind": "place", "to": "r1c1"})
    assert not answer["ok"] and "Camelot" in answer["text"]
    assert snapshot(widget) == before


def test_double_click_sends_a_card_to_its_foundation(board) -> None:
    widget, front = board
    answer = front.intent("foundation", pile="t2")
    assert answer["ok"] and widget.game.cards_in("f1") == ["AS"]


def test_double_click_on_a_card_that_cannot_go_up_explains_why(board) -> None:
    widget, front = board
    before = snapshot(widget)
    answer = front.intent("foundation", pile="t1")
    assert not answer["ok"]
    assert answer["text"].startswith("The J♥ cannot go up to a foundation now. ")
    for pile, words in (("t9", "a pile this game does not have"), ("stock", "not from the stock"),
                        ("f1", "on a foundation already"), ("waste", "no card on the waste")):
        answer = front.intent("foundation", pile=pile)
        assert not answer["ok"] and words in answer["text"]
    assert snapshot(widget) == before


def test_undo_redo_restart_and_new_deal_from_the_board(board) -> None:
    widget, front = board
    assert not front.intent("undo")["ok"] and widget.message["text"] == "Nothing to undo."
    front.play({"kind": "deal"})
    front.play({"kind": "deal"})
    assert front.intent("undo")["ok"] and len(widget.game.history) == 1 and widget.view["can_redo"]
    assert front.intent("redo")["ok"] and len(widget.game.history) == 2
    assert not front.intent("redo")["ok"]
    assert front.intent("restart")["ok"] and widget.game.history == () and widget.view["stock"] == 24
    rev = widget.view["rev"]
    assert front.intent("new_deal")["ok"]
    assert widget.game.variant == "athena" and widget.view["rev"] == rev + 1
    assert widget.view["deal"] == widget.game.deal


def test_camelot_place_and_remove_from_the_board() -> None:
    widget = Solitaire("camelot", deal=1)
    front = FakeFrontEnd(widget)
    assert front.play({"kind": "deal"})["ok"]
    card = widget.view["waste"][-1]
    assert front.play({"kind": "place", "to": "r2c2"})["ok"]
    assert widget.view["grid"][1][1] == card and widget.view["waste"] == []
    answer = front.play({"kind": "remove", "cells": ["r2c2"]})
    assert not answer["ok"] and answer["text"] == widget.message["text"]


def test_every_answer_goes_to_the_view_that_asked(board) -> None:
    _, front = board
    front.view_id = "another-view"
    answer = front.play({"kind": "deal"})
    assert answer["view"] == "another-view" and answer["type"] == "answer"


def test_a_game_that_ends_says_so() -> None:
    position = sw.new_game("thumb-and-pouch", deal=1).position()
    cards = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"]
    position.update(stock=[], waste=[], tableau=[["KS"], [], [], [], [], [], []],
                    foundations=[cards[0:13], cards[13:26], cards[26:39], cards[39:51]], score=51)
    widget = Solitaire(game=sw.Game.from_position(position))
    front = FakeFrontEnd(widget)
    answer = front.intent("foundation", pile="t1")
    assert answer["ok"] and "You won! Time played: 0:00; hints used: 0; moves undone: 0." in answer["text"]
    assert widget.view["status"] == "won"
