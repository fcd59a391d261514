"""Games a player cannot tell apart: the same play, over cards that differ only where the player never looked.

:func:`played` plays a scripted or random game, undos, redos and restarts included; :func:`twin` replays the same
script over a deal whose never-seen cards have been shuffled among themselves, under another deal number (or
none). The two games show the player the same cards at every step, so everything fair must treat them alike, while
their hidden cards and their deal numbers differ.
"""

from __future__ import annotations

import random
from typing import Any

import solitaire_widget as sw
from solitaire_widget import Game

#: Every game and setting the advice must handle.
SETTINGS = [("athena", {}), ("athena", {"draw": 3}), ("thumb-and-pouch", {}), ("aunt-mary", {}), ("camelot", {}),
            ("klondike", {}), ("klondike", {"draw": 3}), ("klondike", {"redeals": -1})]
SETTING_IDS = ["athena", "athena-by-three", "thumb-and-pouch", "aunt-mary", "camelot", "klondike",
               "klondike-by-three", "klondike-unlimited"]

Script = list[str]


def random_script(game: Game, rng: random.Random, steps: int) -> Script:
    """Play ``steps`` random actions on ``game`` (legal moves, mostly; undo, redo and restart now and then) and
    answer them as a script: move texts, "undo", "redo", "restart"."""
    script: Script = []
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.12 and game.can_undo:
            game.undo()
            script.append("undo")
        elif roll < 0.17 and game.can_redo:
            game.redo()
            script.append("redo")
        elif roll < 0.18:
            game.restart()
            script.append("restart")
        else:
            moves = game.legal_moves()
            if not moves:
                break
            # Deals and redeals a little more often than their share, to reach later passes.
            stock = [m for m in moves if m.kind in ("deal", "redeal")]
            move = stock[0] if stock and rng.random() < 0.3 else rng.choice(moves)
            game.play(move)
            script.append(str(move))
    return script


def replay(game: Game, script: Script) -> Game:
    for action in script:
        if action in ("undo", "redo", "restart"):
            getattr(game, action)()
        else:
            game.play(action)
    return game


def played(variant: str, options: dict[str, Any], deal: int, steps: int, seed: int) -> tuple[Game, Script]:
    game = sw.new_game(variant, deal=deal, **options)
    return game, random_script(game, random.Random(seed), steps)


def twin(game: Game, script: Script, seed: int, deal: int | None = None) -> Game:
    """The same script played over the same deal with its never-seen cards shuffled among themselves, under another
    deal number: ``deal`` (None, the default: a game set up from a position, with no number).

    The number must differ from the game's, or advice that peeked through ``game.deal`` (dealing that number
    afresh would show every hidden card) would treat the twins alike and pass unseen."""
    if deal == game.deal:
        raise ValueError(f"a twin needs a deal number other than its game's ({game.deal})")
    unseen = list(game.knowledge().unseen)
    shuffled = unseen[:]
    random.Random(seed).shuffle(shuffled)
    swap = dict(zip(unseen, shuffled, strict=True))
    start = sw.new_game(game.variant, deal=game.deal, **game.options).position()

    def relabel(code: Any) -> Any:
        if not isinstance(code, str) or code.upper() not in swap:
            return code
        new = swap[code.upper()]
        return new if code.isupper() else new.lower()

    def walk(value: Any) -> Any:
        return [walk(item) for item in value] if isinstance(value, list) else relabel(value)

    for key in ("stock", "waste", "foundations", "tableau", "grid", "removed"):
        if key in start:
            start[key] = walk(start[key])
    start["deal"] = deal
    return replay(Game.from_position(start), script)
