"""The masked view: what reaches the browser, and that face-down cards never do."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import solitaire_widget as sw
from solitaire_widget.widget import Solitaire
from solitaire_widget.widget.view import masked_view, status_line


def _face_down(position: dict) -> int:
    return sum(card.islower() for column in position.get("tableau", []) for card in column)


def _played(variant: str, deal: int, steps: int, seed: int) -> sw.Game:
    game = sw.new_game(variant, deal=deal)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("variant", sw.VARIANTS)
def test_no_face_down_identity_reaches_the_view(variant: str) -> None:
    for seed in range(5):
        game = _played(variant, deal=seed + 11, steps=seed * 15, seed=seed)
        position = game.position()
        view = masked_view(game, rev=3)
        text = json.dumps(view)
        hidden = [card.upper() for column in position.get("tableau", []) for card in column if card.islower()]
        hidden += position["stock"]
        shown = json.dumps({k: v for k, v in view.items() if k != "legal"})
        for card in hidden:
            assert f'"{card}"' not in shown, f"{card} is face down but appears in the view"
        assert view["stock"] == len(position["stock"])
        if variant != "camelot":
            assert sum(card is None for column in view["tableau"] for card in column) == _face_down(position)
        assert text == text.encode("ascii", "ignore").decode()  # codes only, nothing exotic


def _promised_kb() -> float:
    """The bound docs/PROTOCOL.md promises for a move's update, read from the page itself."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    return float(re.search(r"is under \*\*([\d.]+) KB\*\*", text).group(1))


@pytest.mark.parametrize(("variant", "games"), [("thumb-and-pouch", 60), ("athena", 15), ("aunt-mary", 15),
                                                ("camelot", 15), ("klondike", 15)])
def test_a_move_s_update_stays_within_the_promised_size(variant: str, games: int) -> None:
    """What crosses the comm on each move: every trait the move changes, in one message, as the kernel's JSON
    (default separators). Thumb and Pouch, with the most legal moves, is played longest."""
    bound = _promised_kb() * 1024
    rng = random.Random(5)
    largest = 0
    for _ in range(games):
        widget = Solitaire(variant, deal=rng.randrange(2**32))
        for _ in range(300):
            moves = widget.game.legal_moves()
            if not moves:
                break
            widget.play(rng.choice(moves))
            state = {name: getattr(widget, name) for name in ("view", "status_line", "message", "suggestion",
                                                               "winnable", "coach_note", "lesson_state", "meter")}
            largest = max(largest, len(json.dumps({"method": "update", "state": state, "buffer_paths": []})))
        widget.close()
    assert largest < bound, f"an update of {largest} bytes, over the {bound:.0f} docs/PROTOCOL.md promises"


def test_the_view_mirrors_the_game() -> None:
    game = sw.new_game("athena", deal=1)
    view = masked_view(game, rev=0)
    assert view["tableau"][0] == [None, "KS", None, "JH"]
    assert view["legal"] == [str(m) for m in game.legal_moves()]
    assert (view["variant"], view["deal"], view["redeals_left"], view["status"]) == ("athena", 1, 2, "playing")
    camelot = masked_view(sw.new_game("camelot", deal=1), rev=0)
    assert camelot["grid"] == [[None] * 4] * 4 and camelot["phase"] == "fill" and camelot["removed"] == 0


def test_status_line() -> None:
    assert status_line(sw.new_game("athena", deal=1)) == (
        "Athena · deal 1 · score 0/52 · moves 0 · stock 24 · redeals left 2")
    assert status_line(sw.new_game("klondike", deal=1, draw=3)).endswith("redeals: unlimited")
    assert status_line(sw.new_game("camelot", deal=4)) == (
        "Camelot · deal 4 · score 0/40 · moves 0 · stock 52 · phase: filling")


def _said(game: sw.Game, move: str) -> str:
    from solitaire_widget.widget.view import describe

    before = game.position()
    played = game.play(move)
    return describe(played, before, game.position())


def test_moves_are_described_in_words_for_screen_readers() -> None:
    game = sw.new_game("athena", deal=1, draw=3)
    assert _said(game, "deal") == "Dealt 3 cards; the five of clubs is on top."
    assert _said(game, "t2-f1") == "Moved the ace of spades to foundation 1. The five of spades turned face up."
    klondike = sw.new_game("klondike", deal=1)
    for _ in range(24):
        klondike.play("deal")
    assert _said(klondike, "redeal") == "Turned the waste over onto the stock (24 cards)."
    camelot = sw.new_game("camelot", deal=1)
    camelot.play("deal")
    assert _said(camelot, "place r2c2") == "Placed the nine of clubs in row 2, column 2."
