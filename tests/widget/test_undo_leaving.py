"""A game is hard to lose (issue 33, item 5): one Undo after New deal or Restart mid-game brings the game back as it
was, and takes off the statistics the loss that leaving it recorded."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.widget import Solitaire

from .conftest import FakeFrontEnd


def _play(widget: Solitaire, front: FakeFrontEnd, count: int) -> None:
    for _ in range(count):
        front.play(widget.game.legal_moves()[0].to_dict())


@pytest.mark.parametrize("leave", [{"action": "new_deal"}, {"action": "new_deal", "deal": 9},
                                   {"action": "new_deal", "variant": "camelot"}, {"action": "restart"}])
def test_one_undo_brings_back_the_game_left_and_takes_its_loss_off_the_record(leave) -> None:
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    _play(widget, front, 5)
    front.intent("hint")
    widget._hinting.join(10)
    position, history, hints = widget.game.position(), widget.game.history, widget._keeper.hints
    assert front.intent(**leave)["ok"]
    assert widget.game.history == ()
    assert [g.result for g in sw.statistics().games] == ["lost"]
    assert widget.view["left_game"] and not widget.view["can_undo"]
    assert "Undo brings" in widget.message["text"]

    answer = front.intent("undo")
    assert answer["ok"] and "taken back" in answer["text"]
    assert widget.game.variant == "athena" and widget.game.position() == position
    assert widget.game.history == history
    assert widget.view["can_undo"] and not widget.view["left_game"]
    assert widget.words["rules_title"] == "The rules of Athena"
    [game] = sw.statistics().games
    assert game.result == "open" and game.in_play and game.moves == 5
    assert widget._keeper.hints == hints and widget.record["running"]

    # The game plays on, as one game: won or left again, it is recorded once.
    _play(widget, front, 1)
    front.intent("new_deal", deal=3)
    [game] = sw.statistics().games
    assert game.result == "lost" and game.moves == 6 and game.undos == 1


def test_a_move_in_the_new_game_puts_the_game_left_out_of_undo_s_reach() -> None:
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    _play(widget, front, 3)
    front.intent("new_deal", deal=2)
    _play(widget, front, 1)
    assert not widget.view["left_game"]
    assert front.intent("undo")["ok"] and widget.game.deal == 2 and widget.game.history == ()
    assert not front.intent("undo")["ok"] and widget.message["text"] == "Nothing to undo."
    assert widget.game.deal == 2


def test_flicking_through_deals_keeps_the_game_left_within_reach() -> None:
    """Deals dealt and left untouched cost nothing to leave: Undo still brings back the game that had moves."""
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    _play(widget, front, 2)
    front.intent("new_deal", deal=2)
    front.intent("new_deal", deal=3)
    front.intent("restart")
    assert widget.view["left_game"]
    front.intent("undo")
    assert widget.game.deal == 1 and len(widget.game.history) == 2


def test_a_won_game_or_one_with_no_move_is_not_kept() -> None:
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    front.intent("new_deal", deal=2)
    assert not widget.view["left_game"] and "Undo" not in widget.message["text"]
    assert not front.intent("undo")["ok"]


def test_undo_from_python_too_and_a_restart_keeps_the_lesson() -> None:
    widget = Solitaire("athena", deal=1)
    steps = [(move, f"step {n}") for n, move in enumerate(widget.game.legal_moves()[:1])]
    widget.lesson(steps)
    widget.lesson_next()
    widget.play(widget.game.legal_moves()[0])
    before = widget.game.position()
    events: list[tuple[str, object]] = []
    widget.on_move(lambda event: events.append((event.kind, event.move)))
    widget.restart()
    assert widget.undo() is None
    assert widget.game.position() == before and widget.lesson_state["active"]
    assert events == [("restart", None), ("undo", None)]
    widget.undo()  # an ordinary undo again
    assert len(widget.game.history) == 1
    # A script's games stay off the record (keep_statistics="board"): leaving and coming back writes nothing.
    assert sw.statistics().games == ()
