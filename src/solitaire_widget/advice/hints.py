"""Hints: the fair hint by default, and the all-seeing one only when asked for by name.

The **fair hint** (``hint(game)``, what ``Game.hint()`` and the board's Hint give) is the move the fair computer
player would make (:meth:`FairPlayer.choice <solitaire_widget.advice.FairPlayer.choice>`), with a reason that names
only cards the player can see and says what decided it: the plan that short searches won most often on deals
sampled for the hidden cards, a card that can safely go up, Camelot's odds of filling the grid, or the rule of
thumb (:mod:`~solitaire_widget.advice.heuristic`) where the samples cannot tell the plans apart.

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
from ..solver.api import _check_limit, check_cancel
from ..solver.budget import CancelFlag
from .heuristic import move_parts, move_words, rank_moves
from .player import Choice, FairPlayer
from .win_chances import DEFAULT_TIME_LIMIT, knowledge_of

__all__ = ["Hint", "advice_words", "hint"]

HintKind = Literal["fair", "heuristic", "winning"]


@dataclass(frozen=True)
class Hint:
    """A suggested move, and why.

    ``kind`` says what chose it: ``"fair"``, the fair player's reasoning from what the player has seen;
    ``"heuristic"``, the rule of thumb (where the samples cannot tell the plans apart, or without them);
    ``"winning"``, the first move of a winning line the solver found by looking at the hidden cards. ``peeked`` is
    True when the hint rests on the hidden cards (``hint(peek=True)``). ``advice`` says what to do in one short
    sentence, in a card game's words ("Move the 2♠ to a foundation."), for the board to show; ``reason`` says why,
    in a sentence a learner understands (behind the board's "Why?"). A fair hint also holds the fair player's
    ``choice`` (the whole plan, and what was weighed). ``move`` is None when there is no move to suggest, and
    ``advice`` then says why there is none.
    """

    move: Move | None
    kind: HintKind
    reason: str
    peeked: bool = False
    choice: Choice | None = field(default=None, compare=False, repr=False)
    advice: str = ""

    def __repr__(self) -> str:
        move = self.move if self.move is not None else "(none)"
        return f"<Hint {move} ({self.kind}{', peeked' if self.peeked else ''}): {self.reason}>"


def hint(game: Game | Knowledge, *, peek: bool = False, samples: int | None = None,
         time_limit: float | None = DEFAULT_TIME_LIMIT, node_limit: int | None = None, seed: int | None = None,
         cancel: CancelFlag | None = None) -> Hint:
    """The move to suggest: the fair hint, or with ``peek=True`` the all-seeing one (see the module docs).

    A fair hint takes a Game (of which it reads only :meth:`~solitaire_widget.Game.knowledge`) or a Knowledge
    value. ``samples`` (the most deals sampled for the hidden cards), ``node_limit`` (the nodes of each short
    search), ``time_limit`` (seconds for the whole choice) and ``seed`` (None: drawn from what is hidden) are the
    fair player's (:class:`~solitaire_widget.advice.FairPlayer`; None: its defaults). A peeking hint takes a Game,
    and searches for up to ``time_limit`` seconds or ``node_limit`` nodes. Neither changes the game. ``cancel`` cuts
    the search short; the hint then rests on what was found.
    """
    if not isinstance(peek, bool):
        raise ValueError(f"peek must be True or False, not {peek!r:.60}")
    if peek:
        if not isinstance(game, Game):
            raise ValueError(f"hint(peek=True) looks at the hidden cards, so it takes a Game, not "
                             f"{type(game).__name__}")
        return _peeking_hint(game, time_limit, node_limit, cancel)
    known = knowledge_of(game, "hint")
    settings: dict[str, object] = {"time_limit": time_limit, "seed": 0 if seed is None else seed}
    if samples is not None:
        settings["samples"] = samples
    if node_limit is not None:
        settings["node_limit"] = node_limit
    player = FairPlayer(**settings)  # type: ignore[arg-type]
    check_cancel(cancel)
    ending = _no_move(known.status, known.legal_moves())
    if ending is not None:
        return ending
    return explain(known, player.choice(known, cancel=cancel))


def explain(known: Knowledge, choice: Choice) -> Hint:
    """The fair hint for ``known`` from the fair player's ``choice`` there: its first move and why."""
    if choice.move is None:
        move, why = rank_moves(known, known.legal_moves())[0]
        return Hint(move, "heuristic", _given_up(choice, why), choice=choice, advice=advice_words(known, move))
    kind, reason = _reason(known, choice, choice.move)
    return Hint(choice.move, kind, _capital(reason), choice=choice, advice=advice_words(known, choice.move))


def advice_words(known: Knowledge, move: Move) -> str:
    """A legal move as what a player is told to do, in one short sentence naming only cards the player sees:
    "Move the 7♥ to column 5.", "Deal from the stock." Each form of move (:func:`move_parts`) is a whole sentence
    in the catalogue."""
    form, parts = move_parts(known, move)
    if form == "group":
        return ngettext("Move the {count} cards from the {card} up to column {number}.",
                        "Move the {count} cards from the {card} up to column {number}.", parts["count"]).format(
            **parts)
    sentences = {"deal": _("Deal from the stock."), "redeal": _("Turn the waste over to deal the stock again."),
                 "place": _("Place the {card} in row {row}, column {column}."), "remove": _("Remove the {card}."),
                 "remove pair": _("Remove the {first} and the {second}."),
                 "waste up": _("Move the {card} from the waste to a foundation."),
                 "waste": _("Move the {card} from the waste to column {number}."),
                 "down": _("Take the {card} back down to column {number}."),
                 "up": _("Move the {card} to a foundation."), "column": _("Move the {card} to column {number}.")}
    return sentences[form].format(**parts)


def _given_up(choice: Choice, why: str) -> str:
    """Why the player would resign, and the rule of thumb's move instead."""
    if choice.why == "lost":
        return _("Every card has been seen, and this position can no longer be won. Rule of thumb: {why}").format(
            why=why)
    if choice.weighing is not None:
        count = max(choice.weighing.tried)
        return ngettext("Every plan loses in the one deal sampled for the hidden cards, so the game is very likely "
                        "lost. Rule of thumb: {why}",
                        "Every plan loses in all {count} deals sampled for the hidden cards, so the game is very "
                        "likely lost. Rule of thumb: {why}", count).format(count=count, why=why)
    return _("Nothing new can be reached from here. Rule of thumb: {why}").format(why=why)


def _reason(known: Knowledge, choice: Choice, move: Move) -> tuple[HintKind, str]:
    """(kind, reason) of a choice that has a move. A plan of several moves is named by its first move, how many
    follow, and the last one (the move it prepares), each sentence whole in the catalogue."""
    words = move_words(known, move)
    more, last = _rest_of_plan(known, choice.moves)
    if choice.why == "only":
        if len(known.legal_moves()) == 1:
            return "fair", _("{move} is the only move.").format(move=words)
        if not more:
            return "fair", _("{move} is the only way forward that does not undo earlier work.").format(move=words)
        return "fair", ngettext(
            "{move}, then {last}, is the only way forward that does not undo earlier work.",
            "{move}, then {count} more moves ending with {last}, is the only way forward that does not undo earlier "
            "work.", more).format(move=words, count=more, last=last)
    if choice.why == "look":
        return "fair", _("With unlimited redeals, looking through the whole stock once costs nothing and shows every "
                         "card in it: deal it out, then redeal.")
    if choice.why == "safe":
        return "fair", _("{move}: no card that could be built on it is still in play, so it can safely go up.").format(
            move=words)
    if choice.why == "line":
        return "fair", ngettext("{move} starts a way to win that needs no more luck: {count} move to a win.",
                                "{move} starts a way to win that needs no more luck: {count} moves to a win.",
                                len(choice.moves)).format(move=words, count=len(choice.moves))
    if choice.why == "odds":
        share = percent(choice.odds or 0.0)
        if move.kind == "place":
            return "fair", _("{move} leaves the best odds of filling the grid before a court card finds every cell of "
                             "its kind taken: {share}.").format(move=words, share=share)
        return "fair", _("{move}, and what can be removed after it: of every way to remove cards now, this leaves the "
                         "next filling of the grid the best odds that every court card finds a cell of its kind: "
                         "{share}.").format(move=words, share=share)
    weighing = choice.weighing
    assert weighing is not None and choice.plan is not None
    wins, tried = weighing.wins[choice.plan], weighing.tried[choice.plan]
    if wins == 0:
        why = rank_moves(known, [move])[0][1]
        return "heuristic", ngettext(
            "No plan could be shown to win in the one deal sampled for the hidden cards, so the rule of thumb "
            "decides: {why}",
            "No plan could be shown to win in any of the {count} deals sampled for the hidden cards, so the rule of "
            "thumb decides: {why}", tried).format(count=tried, why=why)
    if not more:
        return "fair", ngettext(
            "{move} wins most often when the hidden cards are dealt at random: a short search found a win after it "
            "in {wins} of the {count} deal sampled.",
            "{move} wins most often when the hidden cards are dealt at random: a short search found a win after it "
            "in {wins} of the {count} deals sampled.", tried).format(move=words, wins=wins, count=tried)
    return "fair", ngettext(
        "{move}, then {last}: this plan wins most often when the hidden cards are dealt at random, a short search "
        "finding a win after it in {wins} of the {count} deals sampled.",
        "{move}, then {more} more moves ending with {last}: this plan wins most often when the hidden cards are "
        "dealt at random, a short search finding a win after it in {wins} of the {count} deals sampled.",
        more).format(move=words, more=more, last=last, wins=wins, count=tried)


def _rest_of_plan(known: Knowledge, moves: tuple[Move, ...]) -> tuple[int, str]:
    """How many moves follow the first of a plan, and its last move in words (read where it is played)."""
    if len(moves) == 1:
        return 0, ""
    game = Game.from_knowledge(known, 0)
    for move in moves[:-1]:
        game.play(move)
    return len(moves) - 1, move_words(game.knowledge(), moves[-1])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _no_move(status: str, legal: list[Move]) -> Hint | None:
    if status == "won":
        said = _("The game is won: there is nothing left to do.")
        return Hint(None, "heuristic", said, advice=said)
    if not legal:
        said = _("No move is left: the game cannot go on.")
        return Hint(None, "heuristic", said, advice=said)
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
        return Hint(result.line[0], "winning", advice=advice_words(game.knowledge(), result.line[0]), reason=ngettext(
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
    return Hint(move, "heuristic", reason, peeked=True, advice=advice_words(game.knowledge(), move))
