"""The board's Review: the ``review`` trait worked out in a worker thread from the player's knowledge, opened again
by each press, called off by a move, said in the board's language, and holding no face-down card."""

from __future__ import annotations

import json
import threading
import time

import pytest

import solitaire_widget as sw
from solitaire_widget.cards import card_label, card_name, parse_card
from solitaire_widget.widget import Solitaire, solitaire

from .conftest import FakeFrontEnd, snapshot

BLUNDER = ["deal", "waste-f1", "deal", "deal", "waste-t5"]


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> list[sw.Game]:
    """The board's review with a small budget, the same on every machine; the games it was given."""
    given: list[sw.Game] = []

    def review_game(game, **keywords):
        given.append(game)
        return sw.review_game(game, samples=8, node_limit=300_000, **keywords)

    monkeypatch.setattr(solitaire, "review_game", review_game)
    return given


def _settle(widget: Solitaire, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while widget._reviewing.running and time.monotonic() < deadline:
        time.sleep(0.02)
    widget._reviewing.join(timeout)


def _blundered() -> tuple[Solitaire, FakeFrontEnd]:
    widget = Solitaire("aunt-mary", deal=23)
    for move in BLUNDER:
        widget.play(move)
    return widget, FakeFrontEnd(widget)


def test_review_draws_the_chance_after_every_move_and_names_the_costliest(small_budget) -> None:
    widget, front = _blundered()
    assert widget.review["state"] == "off"
    answer = front.intent("review")
    assert answer["ok"] and answer["text"] == "Reviewing the game: move 0 of 5…"
    assert widget.review["state"] == "running" and widget.review["id"] == 1
    _settle(widget)
    review = widget.review
    assert review["state"] == "done" and review["id"] == 1 and (review["done"], review["total"]) == (5, 5)
    assert [point["move"] for point in review["points"]] == [0, 1, 2, 3, 4, 5]
    assert all(0 <= point["low"] <= point["share"] <= point["high"] <= 1 for point in review["points"])
    assert [point["move"] for point in review["points"] if point["costly"]] == [5]
    assert review["heading"] == "The move that cost the most:"
    assert [item["move"] for item in review["costly"]] == [5]
    assert review["costly"][0]["text"].startswith("Move 5: moving the 8♠ from the waste to column 5 kept 0%")
    assert review["text"].startswith("The win chance went from") and widget.message["text"] == review["text"]
    assert review["note"].startswith("Each chance is the share of deals")
    assert small_budget[0] is not widget.game, "the worker reviews a copy, never the live game"
    assert widget.game.history == tuple(sw.Move.parse(move) for move in BLUNDER)


def test_the_review_holds_no_face_down_card(small_budget) -> None:
    widget, front = _blundered()
    front.intent("review")
    _settle(widget)
    text = json.dumps(widget.review, ensure_ascii=False)
    unseen = [parse_card(code) for code in widget.game.knowledge().unseen]
    assert len(unseen) > 20
    for card in unseen:
        for name in (card_label(card), card_name(card)):
            assert name not in text, f"the review names {name}, a card the player never saw"
    assert not any(code in text for code in widget.game.knowledge().unseen)


def test_pressing_review_again_reopens_it_and_reuses_the_positions(small_budget) -> None:
    widget, front = _blundered()
    front.intent("review")
    _settle(widget)
    points = widget.review["points"]
    front.intent("review")
    _settle(widget)
    assert widget.review["state"] == "done" and widget.review["id"] == 2 and widget.review["points"] == points
    assert widget._reviewed is not None and widget._reviewed.stats["reused"] == 5


def test_a_move_calls_the_review_off(monkeypatch: pytest.MonkeyPatch) -> None:
    started = threading.Event()

    def slow(game, *, previous, progress, cancel):
        started.set()
        cancel.wait(10)
        return sw.review_game(game, samples=2, node_limit=1_000)

    monkeypatch.setattr(solitaire, "review_game", slow)
    widget, front = _blundered()
    front.intent("review")
    assert started.wait(10) and widget.review["state"] == "running"
    widget.undo()
    assert widget.review["state"] == "off" and not widget._reviewing.running
    _settle(widget)
    assert widget.review["state"] == "off", "the cancelled review's answer is dropped"


def test_nothing_to_review_is_refused_and_changes_nothing() -> None:
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    before = snapshot(widget), dict(widget.review)
    answer = front.intent("review")
    assert not answer["ok"] and answer["text"] == "There is nothing to review yet: play a move first."
    assert (snapshot(widget), widget.review) == before and not widget._reviewing.running
    assert not front.intent("review", extra=1)["ok"], "a review intent carries nothing but its name"


def test_the_review_speaks_the_board_s_language(small_budget) -> None:
    widget, front = _blundered()
    front.intent("review")
    _settle(widget)
    english = widget.review
    widget.set_language("ru")
    russian = widget.review
    assert russian["points"] == english["points"] and russian["id"] == english["id"]
    for key in ("text", "heading", "note"):
        assert russian[key] != english[key] and not any("a" <= letter <= "z" for letter in russian[key].lower())
    assert widget.words["review"]["title"] != "Game review" and widget.words["buttons"]["review"] != "Review"
