"""The coach: after a move, was it a blunder? Judged the way the fair player chooses, so it never peeks either.

The fair player (:class:`~solitaire_widget.advice.FairPlayer`) weighs its *plans* (rearrangements of the face-up
cards, then one move that cannot be taken back) on deals sampled for the hidden cards, by how often a short search
finds a win after each. :func:`review` asks the same of the move played: it weighs the player's best plan and the
move played on the same samples (:data:`SAMPLES` of them), and counts the samples each keeps within reach: those
won, and half of those the short search could neither win nor prove lost. The move is a **blunder** when it keeps
at least :data:`BLUNDER_DROP` (15 percentage points) fewer within reach than the best plan, and at least
:data:`APART` samples fewer: a gap of one or two samples is as likely luck as judgement.

A move that only rearranges face-up cards can be taken back at once, so it is never a blunder; nor is a move in
Camelot, which the fair player judges by the odds of filling the grid rather than by samples (the coach says
nothing there). In the Klondike family, what remains are moves that shut a door for good, such as covering the
only card that can free a column (Aunt Mary deal 23, below).

The coach used to judge moves on the fair win chance (:func:`~solitaire_widget.advice.chances`), which credits
the player with perfect play on each sample from then on; from most positions that recovers from nearly any move,
so it saw fewer blunders, and those it saw were not the ones the fair player avoids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..i18n import gettext as _
from ..i18n import percent
from ..knowledge import Knowledge
from ..moves import Move
from .heuristic import move_words
from .lookahead import Weighing, weigh
from .plans import Plan, rearranges
from .player import Choice, FairPlayer
from .win_chances import DEFAULT_TIME_LIMIT, Chance, knowledge_of

__all__ = ["APART", "BLUNDER_DROP", "SAMPLES", "Review", "review"]

#: How far (a share, 0 to 1) below the best plan's the move played must fall to count as a blunder.
BLUNDER_DROP = 0.15
#: And by how many samples at least.
APART = 3
#: Samples on which the best plan and the move played are weighed against each other.
SAMPLES = 32


@dataclass(frozen=True)
class Review:
    """What the coach says of ``move``: how often a short search found a win after it (``after``) and after the
    player's ``best`` plan (its first move, and its count), on the same samples; ``blunder`` and ``text`` say
    whether and what to tell the player. ``after`` and ``best`` are None where the move is not weighed (a
    rearrangement, Camelot, the best plan itself)."""

    move: Move
    after: Chance | None
    best: tuple[Move, Chance] | None
    blunder: bool
    text: str

    @classmethod
    def of(cls, known: Knowledge, choice: Choice, move: Move, player: FairPlayer | None = None) -> Review:
        """The review of ``move`` played from ``known``, where the fair player's ``choice`` was made (by ``player``,
        whose budgets the weighing of the move takes; None: the defaults)."""
        legal = known.legal_moves()
        if move not in legal:
            raise ValueError(f"{move} is not a legal move here; the legal moves are "
                             f"{', '.join(map(str, legal[:12]))}")
        best = choice.moves
        game = Game.from_knowledge(known, 0)
        if (known.variant == "camelot" or not best or move == best[0] or rearranges(game, move)
                or choice.why not in ("weighed", "safe", "line")):
            return cls(move, None, None, False, _("A sound move: it gives nothing away that another would keep."))
        player = player or FairPlayer()
        weighing = weigh(known, [Plan(best), Plan((move,))], samples=SAMPLES, node_limit=player.nodes_for(known),
                         seed=player._turn_seed(known), halve=False)
        kept, after = _chance(weighing, 0), _chance(weighing, 1)
        drop = (_reach(kept) - _reach(after)) / 2
        blunder = drop >= APART and drop >= BLUNDER_DROP * kept.samples
        if blunder:
            text = _("That move gave ground away: about {after} of the deals sampled for the hidden cards are still "
                     "within reach after it, against {kept} after {best}.").format(
                after=percent(_reach(after) / 2 / after.samples), kept=percent(_reach(kept) / 2 / kept.samples),
                best=move_words(known, best[0]))
        else:
            text = _("A sound move: about {after} of the deals sampled for the hidden cards are still within reach "
                     "after it.").format(after=percent(_reach(after) / 2 / after.samples))
        return cls(move, after, (best[0], kept), blunder, text)


def review(game_or_knowledge: Game | Knowledge, move: Move | str | dict[str, Any], *, samples: int | None = None,
           time_limit: float | None = DEFAULT_TIME_LIMIT, node_limit: int | None = None, seed: int = 0) -> Review:
    """What the coach would say of playing ``move`` from this position (the game is not changed).

    ``samples``, ``time_limit``, ``node_limit`` and ``seed`` are the fair player's (None: its defaults), for its
    choice. A move that is not legal here is a ValueError.

    >>> import solitaire_widget as sw
    >>> game = sw.new_game("aunt-mary", deal=23)
    >>> for move in ["deal", "waste-f1", "deal", "deal"]:
    ...     _ = game.play(move)
    >>> said = review(game, "waste-t5", time_limit=None)
    >>> said.blunder
    True
    >>> said.text
    'That move gave ground away: about 0% of the deals sampled for the hidden cards are still within reach after it, against 34% after dealing.'
    """
    known = knowledge_of(game_or_knowledge, "review")
    chosen = Move.coerce(move)
    settings: dict[str, object] = {"time_limit": time_limit, "seed": seed}
    if samples is not None:
        settings["samples"] = samples
    if node_limit is not None:
        settings["node_limit"] = node_limit
    player = FairPlayer(**settings)  # type: ignore[arg-type]
    if chosen not in known.legal_moves():
        raise ValueError(f"{chosen} is not a legal move here; the legal moves are "
                         f"{', '.join(map(str, known.legal_moves()[:12]))}")
    return Review.of(known, player.choice(known), chosen, player)


def _reach(chance: Chance) -> int:
    """Twice the samples a weighed plan keeps within reach: its wins, and half its undecided samples."""
    return 2 * chance.winnable + chance.undecided


def _chance(weighing: Weighing, index: int) -> Chance:
    tried, wins, lost = weighing.tried[index], weighing.wins[index], weighing.lost[index]
    return Chance(wins, tried - wins - lost, tried)
