"""One round of Athena that every host plays the same way: keyboard, drag, stock, double-click, click-click, keys.

The deal and its moves come from the rules model, like :mod:`.scenarios`: the first deal (from 1) where the round
can be played as planned, so nothing depends on a look at a particular deal.

The round, from the opening position:

1. the keyboard plays a column-to-column move (arrows, Enter, arrows, Enter), and U takes it back;
2. a drag plays the same move;
3. a click on the stock deals;
4. a double-click sends a card to its foundation;
5. a click on a card, then on a pile, plays another move;
6. D, pressed on the board, deals again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import solitaire_widget as sw
from solitaire_widget import Game, Move

from .scenarios import find_deal, is_tableau

VARIANT = "athena"


@dataclass(frozen=True)
class Step:
    how: str  # "keys", "undo key", "drag", "stock", "double-click", "click-click", "deal key"
    move: str  # the move in text form (what the game's history records)
    src: str | None
    dst: str | None
    count: int
    keys: tuple[str, ...]  # the keys pressed, for the keyboard steps
    after: dict[str, Any]  # the game's position after the step


@dataclass(frozen=True)
class Tour:
    variant: str
    deal: int
    start: dict[str, Any]
    steps: tuple[Step, ...]

    @property
    def history(self) -> list[str]:
        """The moves the game holds at the end (the undone one is gone)."""
        return [str(m) for m in _replay(self.deal, self.steps).history]


def keyboard_route(move: Move) -> tuple[str, ...]:
    """The keys that play a column-to-column ``move`` with the board's cursor, which starts on the stock."""
    src, dst = int(move.src[1:]), int(move.dst[1:])
    keys = ["ArrowDown"] + ["ArrowRight"] * (src - 1) + ["ArrowUp"] * (move.count - 1) + ["Enter"]
    keys += ["ArrowRight" if dst > src else "ArrowLeft"] * abs(dst - src)
    return tuple(keys + ["Enter"])


def _replay(deal: int, steps: tuple[Step, ...]) -> Game:
    game = sw.new_game(VARIANT, deal=deal)
    for step in steps:
        if step.how == "undo key":
            game.undo()
        else:
            game.play(step.move)
    return game


def _plan(game: Game) -> tuple[Step, ...] | None:
    first = next((m for m in game.legal_moves() if m.kind == "move" and is_tableau(m.src) and is_tableau(m.dst)),
                 None)
    if first is None:
        return None
    steps: list[Step] = []

    def add(how: str, move: Move, keys: tuple[str, ...] = ()) -> None:
        if how == "undo key":
            game.undo()
        else:
            game.play(move)
        count = move.count if move.kind == "move" else 1
        steps.append(Step(how, str(move), move.src, move.dst, count, keys, game.position()))

    add("keys", first, keyboard_route(first))
    add("undo key", first, ("u",))
    add("drag", first)
    if not game.is_legal(Move.deal()):
        return None
    add("stock", Move.deal())
    home = next((m for pile in game.pile_names if is_tableau(pile) or pile == "waste"
                 if (m := game.foundation_move(pile)) is not None), None)
    if home is None:
        return None
    add("double-click", home)
    other = next((m for m in game.legal_moves()
                  if m.kind == "move" and (is_tableau(m.src) or m.src == "waste") and is_tableau(m.dst)), None)
    if other is None or not game.is_legal(Move.deal()):
        return None
    add("click-click", other)
    add("deal key", Move.deal(), ("d",))
    return tuple(steps)


@cache
def athena_tour() -> Tour:
    deal, steps = find_deal(VARIANT, _plan, "a round of keyboard, drag, deal, double-click and click-click")
    return Tour(VARIANT, deal, sw.new_game(VARIANT, deal=deal).position(), steps)


def play(board: Any, tour: Tour) -> None:
    """Play ``tour`` on ``board`` (a :class:`~.board.Board` in any host), checking after every step that the board
    shows the new position and that the game in the kernel has it too."""
    keyboard = board.page.keyboard
    for number, step in enumerate(tour.steps, start=1):
        what = f"step {number} ({step.how} {step.move})"
        # Reading the game may have scrolled the page (marimo's probe cell) or taken the focus (its run button).
        board.root.scroll_into_view_if_needed()
        if step.keys:
            board.focus()
            for key in step.keys:
                keyboard.press(key)
        elif step.how == "drag":
            board.drag(step.src, step.dst, step.count)
        elif step.how == "stock":
            board.click_pile("stock")
        elif step.how == "double-click":
            board.double_click_top(step.src)
        elif step.how == "click-click":
            board.click_card(step.src, step.count)
            board.click_pile(step.dst)
        else:
            raise ValueError(f"unknown step {step.how!r}")
        board.wait_for_position(step.after, what=f"the board after {what}")
        board.wait_for_game(step.after, what=f"the game after {what}")
        board.wait_until_settled()
