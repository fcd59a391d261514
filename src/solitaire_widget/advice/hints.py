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
from ..i18n import gettext as _
from ..i18n import ngettext, percent
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
        return Hint(legal[0], "fair", _capital(_("{move} is the only move.").format(move=words)))
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
    words = move_words(known, move)
    share = percent(best_chance.share)
    if len(tied) == len(ranked):
        if best_chance.winnable == 0 and best_chance.undecided == 0:
            reason = ngettext("No move keeps the game winnable in the one deal sampled for the hidden cards, so the "
                              "rule of thumb decides: {why}",
                              "No move keeps the game winnable in any of the {count} deals sampled for the hidden "
                              "cards, so the rule of thumb decides: {why}", table.samples).format(
                count=table.samples, why=why)
        elif best_chance.winnable == 0:
            reason = ngettext("No move could be shown to keep the game winnable in the time given ({undecided} of "
                              "{count} sampled deal stayed undecided), so the rule of thumb decides: {why}",
                              "No move could be shown to keep the game winnable in the time given ({undecided} of "
                              "{count} sampled deals stayed undecided), so the rule of thumb decides: {why}",
                              table.samples).format(undecided=best_chance.undecided, count=table.samples, why=why)
        else:
            reason = _("Every move keeps about {share} of deals winnable, so the rule of thumb decides: {why}").format(
                share=share, why=why)
        kind: HintKind = "heuristic"
    elif len(tied) > 1:
        count = len(tied) - 1
        reason = _capital(ngettext("{move} keeps about {share} of deals winnable, as does another move; among them "
                                   "the rule of thumb prefers it: {why}",
                                   "{move} keeps about {share} of deals winnable, as do {count} other moves; among "
                                   "them the rule of thumb prefers it: {why}", count).format(
            move=words, share=share, count=count, why=why))
        kind = "fair"
    else:
        assert runner_up is not None  # a clear best among two or more moves
        reason = _capital(_("{move} keeps about {share} of deals winnable; the next best, {other}, keeps "
                            "{other_share}.").format(move=words, share=share, other=move_words(known, runner_up[0]),
                                                     other_share=percent(runner_up[1].share)))
        kind = "fair"
    return Hint(move, kind, reason, chance=table.moves[move], runner_up=runner_up, chances=table)


def _same(a: Chance, b: Chance) -> bool:
    return a.winnable == b.winnable and a.undecided == b.undecided


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _no_move(status: str, legal: list[Move]) -> Hint | None:
    if status == "won":
        return Hint(None, "heuristic", _("The game is won: there is nothing left to do."))
    if not legal:
        return Hint(None, "heuristic", _("No move is left: the game cannot go on."))
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
        return Hint(result.line[0], "winning", ngettext(
            "Looking at the hidden cards, the solver found a winning line that starts with this move ({count} move "
            "to a win).",
            "Looking at the hidden cards, the solver found a winning line that starts with this move ({count} moves "
            "to a win).", len(result.line)).format(count=len(result.line)), peeked=True)
    move, why = rank_moves(game.knowledge(), game.legal_moves())[0]
    if result.verdict == "unwinnable":
        reason = _("Looking at the hidden cards, the solver proved that this position can no longer be won. Rule of "
                   "thumb: {why}").format(why=why)
    else:
        reason = _("Rule of thumb: {why}").format(why=why)
    return Hint(move, "heuristic", reason, peeked=True)
