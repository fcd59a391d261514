"""Hints: the fair hint by default, and the all-seeing one only when asked for by name.

The **fair hint** (``hint(game)``, what ``Game.hint()`` and the board's Hint give) is the legal move with the best
fair win chance (:func:`~solitaire_widget.advice.chances`), with its chance and the next best move's, and a reason
that names only cards the player can see. Where the chances cannot tell the best moves apart, the rule of thumb
(:mod:`~solitaire_widget.advice.heuristic`) chooses among them, and the reason says so.

The **peeking hint** (``hint(game, peek=True)``) is the first move of a winning line that the thoughtful solver
found by looking at the face-down cards and the stock's order, or, where it finds none, the rule of thumb's move.
No player could know it; it is there for checking and teaching, never the default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..game import Game
from ..knowledge import Knowledge
from ..moves import Move
from ..solver import solve
from ..solver.api import _check_limit
from ..solver.budget import CancelFlag
from .heuristic import move_words, rank_moves
from .win_chances import DEFAULT_SAMPLES, DEFAULT_TIME_LIMIT, Chance, Chances, chances, knowledge_of

__all__ = ["Hint", "hint"]

HintKind = Literal["fair", "heuristic", "winning"]


@dataclass(frozen=True)
class Hint:
    """A suggested move, and why.

    ``kind`` says what chose it: ``"fair"``, the best fair win chance; ``"heuristic"``, the rule of thumb (where
    the chances tie, or without them); ``"winning"``, the first move of a winning line the solver found by looking
    at the hidden cards. ``peeked`` is True when the hint rests on the hidden cards (``hint(peek=True)``).
    ``reason`` says why in a sentence a learner understands. A fair hint also holds its ``chance``, the
    ``runner_up`` (the next best move and its chance) and the whole table of ``chances``. ``move`` is None when
    there is no move to suggest.
    """

    move: Move | None
    kind: HintKind
    reason: str
    peeked: bool = False
    chance: Chance | None = None
    runner_up: tuple[Move, Chance] | None = None
    chances: Chances | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        move = self.move if self.move is not None else "(none)"
        return f"<Hint {move} ({self.kind}{', peeked' if self.peeked else ''}): {self.reason}>"


def hint(game: Game | Knowledge, *, peek: bool = False, samples: int = DEFAULT_SAMPLES,
         time_limit: float | None = DEFAULT_TIME_LIMIT, node_limit: int | None = None, seed: int | None = None,
         cancel: CancelFlag | None = None) -> Hint:
    """The move to suggest: the fair hint, or with ``peek=True`` the all-seeing one (see the module docs).

    A fair hint takes a Game (of which it reads only :meth:`~solitaire_widget.Game.knowledge`) or a Knowledge
    value, and passes ``samples``, ``time_limit``, ``node_limit``, ``seed`` and ``cancel`` on to
    :func:`~solitaire_widget.advice.chances`. A peeking hint takes a Game, and searches for up to ``time_limit``
    seconds. Neither changes the game. ``cancel`` cuts the search short; the hint then rests on what was found.
    """
    if not isinstance(peek, bool):
        raise ValueError(f"peek must be True or False, not {peek!r:.60}")
    if peek:
        if not isinstance(game, Game):
            raise ValueError(f"hint(peek=True) looks at the hidden cards, so it takes a Game, not "
                             f"{type(game).__name__}")
        return _peeking_hint(game, time_limit, node_limit, cancel)
    known = knowledge_of(game, "hint")
    ending = _no_move(known.status, known.legal_moves())
    if ending is not None:
        return ending
    legal = known.legal_moves()
    if len(legal) == 1:
        words = move_words(known, legal[0])
        return Hint(legal[0], "fair", f"{_capital(words)} is the only move.")
    table = chances(known, samples=samples, time_limit=time_limit, node_limit=node_limit, seed=seed,
                    cancel=cancel)
    return fair_choice(known, table)


def fair_choice(known: Knowledge, table: Chances) -> Hint:
    """The fair hint for ``known`` from its chances ``table``: the best move, the rule of thumb among ties."""
    ranked = table.ranked()
    best_chance = ranked[0][1]
    tied = [move for move, chance in ranked if _same(chance, best_chance)]
    by_thumb = rank_moves(known, tied)
    move, why = by_thumb[0]
    others = [(m, c) for m, c in ranked if m != move]
    runner_up = others[0] if others else None
    words = _capital(move_words(known, move))
    share = f"{best_chance.share:.0%}"
    if len(tied) == len(ranked):
        if best_chance.winnable == 0 and best_chance.undecided == 0:
            reason = (f"No move keeps the game winnable in any of the {table.samples} deals the hidden cards could "
                      f"make, so the rule of thumb decides: {why}")
        elif best_chance.winnable == 0:
            reason = (f"No move could be shown to keep the game winnable in the time given ({best_chance.undecided} "
                      f"of {table.samples} sampled deals stayed undecided), so the rule of thumb decides: {why}")
        else:
            reason = f"Every move keeps about {share} of deals winnable, so the rule of thumb decides: {why}"
        kind: HintKind = "heuristic"
    elif len(tied) > 1:
        count = len(tied) - 1
        also = "as does another move" if count == 1 else f"as do {count} other moves"
        reason = (f"{words} keeps about {share} of deals winnable, {also}; among them the rule of thumb prefers it: "
                  f"{why}")
        kind = "fair"
    else:
        assert runner_up is not None  # a clear best among two or more moves
        reason = (f"{words} keeps about {share} of deals winnable; the next best, "
                  f"{move_words(known, runner_up[0])}, keeps {runner_up[1].share:.0%}.")
        kind = "fair"
    return Hint(move, kind, reason, chance=table.moves[move], runner_up=runner_up, chances=table)


def _same(a: Chance, b: Chance) -> bool:
    return a.winnable == b.winnable and a.undecided == b.undecided


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _no_move(status: str, legal: list[Move]) -> Hint | None:
    if status == "won":
        return Hint(None, "heuristic", "The game is won: there is nothing left to do.")
    if not legal:
        return Hint(None, "heuristic", "No move is left: the game cannot go on.")
    return None


def _peeking_hint(game: Game, time_limit: float | None, node_limit: int | None,
                  cancel: CancelFlag | None) -> Hint:
    """The first move of a winning line the solver finds by looking at every card; else the rule of thumb."""
    if _check_limit("time_limit", time_limit, float) is None and node_limit is None:
        raise ValueError("a hint needs a time_limit in seconds or a node_limit, not neither")
    ending = _no_move(game.status, game.legal_moves())
    if ending is not None:
        return ending
    result = solve(game, time_limit=time_limit, node_limit=node_limit, cancel=cancel)
    if result.verdict == "winnable" and result.line:
        return Hint(result.line[0], "winning", "Looking at the hidden cards, the solver found a winning line that "
                                               f"starts with this move ({len(result.line)} moves to a win).",
                    peeked=True)
    move, why = rank_moves(game.knowledge(), game.legal_moves())[0]
    prefix = ("Looking at the hidden cards, the solver proved that this position can no longer be won. "
              if result.verdict == "unwinnable" else "")
    return Hint(move, "heuristic", f"{prefix}Rule of thumb: {why}", peeked=True)
