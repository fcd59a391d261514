"""Helpers for the Python-side widget tests: talk to a Solitaire exactly as a front end does, minus the browser.

:class:`FakeFrontEnd` hands messages straight to the widget's message handler (the function the comm calls) and
records the answers the widget sends back, so a test sees both halves of the conversation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import solitaire_widget as sw
from solitaire_widget.widget import Solitaire


class FakeFrontEnd:
    """One view of ``widget``, identified as ``view_id``, numbering its intents as the real one does."""

    def __init__(self, widget: Solitaire, view_id: str = "test-view") -> None:
        self.widget = widget
        self.view_id = view_id
        self.seq = 0
        self.answers: list[dict[str, Any]] = []
        widget.send = self._record  # type: ignore[method-assign]

    def _record(self, content: dict[str, Any], buffers: Any = None) -> None:
        self.answers.append(content)

    def raw(self, content: Any) -> dict[str, Any] | None:
        """Deliver ``content`` as it stands (it may be garbage); the answer, if the widget sent one."""
        before = len(self.answers)
        self.widget._on_board_message(self.widget, content, [])
        return self.answers[-1] if len(self.answers) > before else None

    def intent(self, action: str, *, rev: int | None = None, **fields: Any) -> dict[str, Any]:
        """Send an intent stamped with the current revision (or ``rev``); the widget's answer."""
        self.seq += 1
        content = {"type": "intent", "action": action, "rev": self.widget.view["rev"] if rev is None else rev,
                   "seq": self.seq, "view": self.view_id, **fields}
        answer = self.raw(content)
        assert answer is not None and answer["seq"] == self.seq and answer["view"] == self.view_id
        return answer

    def play(self, move: dict[str, Any], **kw: Any) -> dict[str, Any]:
        return self.intent("play", move=move, **kw)


def snapshot(widget: Solitaire) -> tuple[Any, ...]:
    """Everything a refused message must leave alone: the game, its history, and the synced board."""
    game = widget.game
    return (game.position(), game.history, game.redo_stack, dict(widget.view), widget.status_line,
            widget.lesson_state)


def won_in_one() -> sw.Game:
    """Thumb and Pouch with every card home but the King of Spades, alone in column 1: ``t1-f4`` wins it."""
    position = sw.new_game("thumb-and-pouch", deal=1).position()
    cards = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"]
    position.update(stock=[], waste=[], tableau=[["KS"], [], [], [], [], [], []],
                    foundations=[cards[0:13], cards[13:26], cards[26:39], cards[39:51]], score=51)
    return sw.Game.from_position(position)


@pytest.fixture
def board() -> Iterator[tuple[Solitaire, FakeFrontEnd]]:
    widget = Solitaire("athena", deal=1)
    yield widget, FakeFrontEnd(widget)
    widget.close()
