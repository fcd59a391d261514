"""The lesson player's bookkeeping: a prepared line of moves with captions, stepped through on the live game.

A lesson does not own the game: the player may try a move of their own in the middle of it, and the teacher's
Back brings the board back to the lesson's line. So the lesson never keeps a step counter that could drift; it
reads where it is from the game's history each time: the lesson is *on its line* while the history is a prefix
of (the history when the lesson began) + (the lesson's moves), and the step is how far along that line it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..checks import short
from ..moves import Move
from .view import move_marks

if TYPE_CHECKING:
    from ..game import Game


#: The most steps a lesson may have, and the longest caption: a lesson is shown on a board, one caption at a time.
MAX_STEPS = 1000
MAX_CAPTION = 2000


class Lesson:
    """Steps ``(move, caption)`` to be played from the position the game is in when the lesson begins."""

    def __init__(self, game: Game, steps: Iterable[Sequence[Any]]) -> None:
        moves: list[Move] = []
        captions: list[str] = []
        trial = game.copy()
        if isinstance(steps, (str, bytes, dict)) or not isinstance(steps, Iterable):
            raise ValueError(f"a lesson is a list of steps (move, caption), not {short(steps)}")
        for number, step in enumerate(steps, 1):
            if number > MAX_STEPS:
                raise ValueError(f"a lesson has at most {MAX_STEPS} steps")
            if isinstance(step, (str, bytes)) or not isinstance(step, Sequence) or len(step) != 2:
                raise ValueError(f"lesson step {number} must be a pair (move, caption), not {short(step)}")
            move, caption = step
            if not isinstance(caption, str) or len(caption) > MAX_CAPTION:
                raise ValueError(f"lesson step {number}'s caption must be a string of at most {MAX_CAPTION} "
                                 f"characters, not {short(caption)}")
            try:
                played = trial.play(move)
            except ValueError as error:
                raise ValueError(f"lesson step {number} ({short(move)}) cannot be played there: {error}") from None
            moves.append(played)
            captions.append(caption)
        if not moves:
            raise ValueError("a lesson needs at least one step (move, caption)")
        self.base = game.history
        self.line = self.base + tuple(moves)
        self.captions = captions

    @property
    def total(self) -> int:
        return len(self.captions)

    def on_line(self, game: Game) -> bool:
        history = game.history
        return len(history) <= len(self.line) and history == self.line[:len(history)]

    def step(self, game: Game) -> int:
        """How many of the lesson's moves the board has played (0 before the first; clamped at 0)."""
        return max(0, len(game.history) - len(self.base))

    def next_move(self, game: Game) -> Move | None:
        """The lesson's next move, when the board is on the line and the lesson is not over."""
        history = game.history
        if not self.on_line(game) or len(history) >= len(self.line):
            return None
        return self.line[len(history)]

    def can_back(self, game: Game) -> bool:
        return not self.on_line(game) or self.step(game) > 0

    def state(self, game: Game) -> dict[str, Any]:
        """The synced ``lesson_state`` trait (see docs/PROTOCOL.md)."""
        step = self.step(game)
        marks = None
        if not self.on_line(game):
            caption = "The board has left the lesson's line. Back returns to it."
        elif step == 0:
            caption = f"A lesson in {self.total} steps. Press Next to play the first move."
        else:
            caption = self.captions[step - 1]
            src, dst = move_marks(self.line[len(self.base) + step - 1])
            marks = {"from": src, "to": dst, "text": caption}
        return {
            "active": True,
            "step": min(step, self.total),
            "total": self.total,
            "caption": caption,
            "can_back": self.can_back(game),
            "can_next": self.next_move(game) is not None,
            "marks": marks,
        }


#: The ``lesson_state`` trait when no lesson is running.
NO_LESSON: dict[str, Any] = {
    "active": False, "step": 0, "total": 0, "caption": "", "can_back": False, "can_next": False, "marks": None,
}
