"""The coach: after a move, was it a blunder? Judged on the fair win chances, so it never peeks either.

:func:`review` compares a move's fair chance with the chance of the position it was played from, on the same
samples (:func:`~solitaire_widget.advice.chances` computes both at once), and with the best move's. A move is a
**blunder** when it drops the chance by at least :data:`BLUNDER_DROP` (15 percentage points) *and* the best move
would have kept at least :data:`BETTER_BY` (10 points) more: a move that loses ground where every move does (a
forced deal, a position where all lines are risky) is not the player's fault. Both thresholds count undecided
samples as half, as the ranking of moves does.

The thresholds are wide enough that one or two samples of a default estimate of 24 (4 and 8 points) never trigger
it. Blunders are rarer than one might think: the estimate credits the player with perfect play on each sample, and
from most positions that recovers from a weak move. What remains are moves that shut a door for good, such as
covering the only card that can free a column (Aunt Mary deal 23, below).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game
from ..i18n import gettext as _
from ..i18n import percent
from ..knowledge import Knowledge
from ..moves import Move
from .heuristic import move_words
from .win_chances import DEFAULT_SAMPLES, DEFAULT_TIME_LIMIT, Chance, Chances, chances, knowledge_of

__all__ = ["BETTER_BY", "BLUNDER_DROP", "Review", "review"]

#: How far (a share, 0 to 1) a move must drop the chance to count as a blunder.
BLUNDER_DROP = 0.15
#: How much better (a share) the best move must be than the move played.
BETTER_BY = 0.10


@dataclass(frozen=True)
class Review:
    """What the coach says of ``move``: the chance ``before`` it, ``after`` it, and the ``best`` move with its
    chance, all on the same samples. ``blunder`` and ``text`` say whether and what to tell the player."""

    move: Move
    before: Chance
    after: Chance
    best: tuple[Move, Chance]
    blunder: bool
    text: str

    @classmethod
    def of(cls, table: Chances, move: Move, known: Knowledge) -> Review:
        """The review of ``move`` from the chances ``table`` of the position it is played from (``known``)."""
        if move not in table.moves:
            raise ValueError(f"{move} is not a legal move in the position these chances are about")
        before, after = table.now, table.moves[move]
        best = table.ranked()[0]
        drop = _middle(before) - _middle(after)
        behind = _middle(best[1]) - _middle(after)
        blunder = drop >= BLUNDER_DROP and behind >= BETTER_BY and best[0] != move
        if blunder:
            text = _("That move dropped your chances from {before} to {after}; {best} would have kept {kept}.").format(
                before=percent(before.share), after=percent(after.share), best=move_words(known, best[0]),
                kept=percent(best[1].share))
        elif best[0] == move or behind <= 0:
            text = _("A good move: it keeps your chances at {share}.").format(share=percent(after.share))
        else:
            text = _("That move keeps your chances at {share}.").format(share=percent(after.share))
        return cls(move, before, after, best, blunder, text)


def review(game_or_knowledge: Game | Knowledge, move: Move | str | dict, *, samples: int = DEFAULT_SAMPLES,
           time_limit: float | None = DEFAULT_TIME_LIMIT, node_limit: int | None = None, seed: int | None = None,
           ) -> Review:
    """What the coach would say of playing ``move`` from this position (the game is not changed).

    The budget keywords are those of :func:`~solitaire_widget.advice.chances`. A move that is not legal here is a
    ValueError.

    >>> import solitaire_widget as sw
    >>> game = sw.new_game("aunt-mary", deal=23)
    >>> for move in ["deal", "waste-f1", "deal", "deal"]:
    ...     _ = game.play(move)
    >>> said = review(game, "waste-t5", samples=8, time_limit=None, node_limit=300_000)
    >>> said.blunder
    True
    >>> said.text
    'That move dropped your chances from 25% to 0%; moving the 3♣ to column 4 would have kept 25%.'
    """
    known = knowledge_of(game_or_knowledge, "review")
    chosen = Move.coerce(move)
    if chosen not in known.legal_moves():
        raise ValueError(f"{chosen} is not a legal move here; the legal moves are "
                         f"{', '.join(map(str, known.legal_moves()[:12]))}")
    table = chances(known, samples=samples, time_limit=time_limit, node_limit=node_limit, seed=seed)
    return Review.of(table, chosen, known)


def _middle(chance: Chance) -> float:
    """The share with each undecided sample counted as half."""
    return (chance.winnable + chance.undecided / 2) / chance.samples if chance.samples else 0.0
