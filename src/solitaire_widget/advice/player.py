"""The fair computer player: plays whole games on the real deal, choosing every move from what it has seen.

At each turn :class:`FairPlayer` reads the game's :meth:`~solitaire_widget.Game.knowledge` and nothing else, and
plays:

1. the only legal move, when there is one;
2. a *safe* move to a foundation, when there is one: a card whose every possible tableau partner is already up,
   so that sending it up can never cost a win (the thoughtful solver's own rule, read from the foundations);
3. once no card is unseen, the next move of a winning line the solver finds for the position, which is then
   fully known;
4. otherwise the move with the best fair win chance (:func:`~solitaire_widget.advice.chances`: sample the hidden
   cards, solve each sample after each move), the rule of thumb choosing among moves the chances cannot tell
   apart. This is hindsight optimisation, the planner at the heart of Bjarnason, Fern and Tadepalli's Klondike
   player (ICAPS 2009), without their UCT layer on top.

It never plays a move that brings back a layout it has already been in (with face-down cards counted, not named),
so a game always ends: won, stuck or lost, or when no new layout can be reached.

With ``time_limit=None`` (the default) its every choice depends only on the knowledge, the settings and ``seed``:
the same games come out on every machine, in any order, on any number of processes.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any

from ..cards import RANK, RED, SUIT, parse_card
from ..game import Game
from ..knowledge import Knowledge
from ..moves import Move
from ..solver import solve
from ..solver.api import decide
from ..strategies import Result
from .heuristic import rank_moves
from .win_chances import check_budget, knowledge_of, node_rounds

__all__ = ["FairPlayer"]

#: How many samples more (an undecided one counting half) a move must win than the rule of thumb's choice, on the
#: same samples, for the player to prefer it.
MARGIN = 2.0
_VALUE = {"W": 2, "?": 1, "L": 0}
_MARK = {"winnable": "W", "unknown": "?", "unwinnable": "L"}


@dataclass(frozen=True)
class FairPlayer:
    """A computer player that sees only what a player sees (see the module docs).

    ``samples``, ``node_limit`` and ``time_limit`` are passed to :func:`~solitaire_widget.advice.chances` at every
    turn that needs them (``node_limit`` caps each solve; ``time_limit`` caps each turn, in seconds, and makes the
    play depend on the machine's speed). ``seed`` varies the samples drawn; ``max_moves`` ends a game that runs
    longer.

    >>> import solitaire_widget as sw
    >>> result = sw.FairPlayer(samples=8, node_limit=50_000).play(sw.new_game("thumb-and-pouch", deal=2))
    >>> result.strategy, result.status
    ('fair', 'won')
    """

    samples: int = 16
    node_limit: int | None = 50_000
    time_limit: float | None = None
    seed: int = 0
    max_moves: int = 1000

    def __post_init__(self) -> None:
        check_budget(self.samples, self.time_limit, self.node_limit)
        for name in ("seed", "max_moves"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name == "max_moves" else 0):
                raise ValueError(f"{name} must be a whole number{' above zero' if name == 'max_moves' else ''}, "
                                 f"not {value!r:.60}")

    @property
    def name(self) -> str:
        return "fair"

    @property
    def settings(self) -> dict[str, Any]:
        """What decides how it plays, for a study's records."""
        return {"samples": self.samples, "node_limit": self.node_limit, "time_limit": self.time_limit,
                "seed": self.seed, "max_moves": self.max_moves}

    # Choosing ----------------------------------------------------------------------------------------------------

    def ranked(self, game_or_knowledge: Game | Knowledge) -> list[Move]:
        """The legal moves, best first, as the player sees them (it plays the first that leads somewhere new)."""
        return self._ranked(knowledge_of(game_or_knowledge, "FairPlayer.ranked"), {})

    def _ranked(self, known: Knowledge, memo: dict[str, tuple[str, Move | None]]) -> list[Move]:
        """:meth:`ranked`, remembering solves in ``memo`` (see :func:`_decide`) for the turns still to come."""
        legal = known.legal_moves()
        if len(legal) <= 1 or known.status != "playing":
            return legal
        safe = _safe_moves(known, legal)
        if safe:
            return safe + [move for move in legal if move not in safe]
        if known.complete:
            line = _winning_line(known, self.node_limit, self.time_limit)
            if line:
                return [line[0]] + [move for move in legal if move != line[0]]
        return self._compare(known, legal, memo)

    def _compare(self, known: Knowledge, legal: list[Move], memo: dict[str, tuple[str, Move | None]]) -> list[Move]:
        """The legal moves ranked by what they win over the rule of thumb's favourite, on the same samples.

        Samples that cannot be won (or stay undecided) are alike after every move, so only the winnable ones count.
        On those, a move can gain over the favourite only where the favourite fails: the other moves are solved
        there first, which bounds their gain from above; only a move whose bound reaches :data:`MARGIN` is then
        solved on the other winnable samples too, where it may lose what it gained. So a turn usually costs two
        solves a sample, not one per legal move, and the choice is the one solving every move would make.
        """
        by_thumb = [move for move, _ in rank_moves(known, legal)]
        favourite = by_thumb[0]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        games = [Game.from_position(position) for position in known.samples(self.samples, self._turn_seed(known))]
        memo = memo if deadline is None else {}  # a time limit makes a verdict depend on the moment: no memory
        holds, fails = [], []  # winnable samples where the favourite keeps them winnable, and where it does not
        for game in games:
            root, first = _decide(game, None, self.node_limit, deadline, memo)
            if root != "winnable":
                continue
            kept = "winnable" if first == favourite else _decide(game, favourite, self.node_limit, deadline, memo)[0]
            if kept == "winnable":
                holds.append(game)
            else:
                fails.append((game, _VALUE[_MARK[kept]]))

        def value(game: Game, move: Move) -> int:
            return _VALUE[_MARK[_decide(game, move, self.node_limit, deadline, memo)[0]]]

        gains = dict.fromkeys(legal, 0.0)
        if len(fails) >= MARGIN:  # else no move could gain MARGIN over the favourite
            for move in by_thumb[1:]:
                gains[move] = sum(value(game, move) - base for game, base in fails) / 2
            for move in sorted(by_thumb[1:], key=lambda m: -gains[m]):
                if gains[move] < MARGIN:
                    break
                for game in holds:  # where the favourite wins, this move can only lose ground
                    gains[move] -= (_VALUE["W"] - value(game, move)) / 2
                    if gains[move] < MARGIN:
                        break
        order = {move: i for i, move in enumerate(by_thumb)}
        ranked = sorted(legal, key=lambda m: (-gains[m], order[m]))
        if gains[ranked[0]] < MARGIN:  # no move is clearly better than the rule of thumb's
            ranked.remove(favourite)
            ranked.insert(0, favourite)
        return ranked

    def choose(self, game_or_knowledge: Game | Knowledge) -> Move | None:
        """The move the player would make now (None when there is none), from the knowledge alone."""
        ranked = self.ranked(game_or_knowledge)
        return ranked[0] if ranked else None

    def _turn_seed(self, known: Knowledge) -> int:
        """The seed of a turn's samples: drawn from what is hidden and where (:attr:`Knowledge.hidden_seed`), so a
        move that turns no card over keeps the very same samples, and the last turn's solves serve again."""
        if self.seed == 0:
            return known.hidden_seed
        digest = hashlib.sha256(f"{self.seed}:{known.hidden_seed}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    # Playing -----------------------------------------------------------------------------------------------------

    def play(self, game: Game) -> Result:
        """Play ``game`` (in place, from where it stands) to its end; the Result says how it ended."""
        if not isinstance(game, Game):
            raise ValueError(f"FairPlayer.play() takes a Game, not {type(game).__name__}")
        visited = {_layout(game.knowledge())}
        memo: dict[str, tuple[str, Move | None]] = {}
        played = 0
        while game.status == "playing" and played < self.max_moves:
            known = game.knowledge()
            for move in self._ranked(known, memo):
                after = _layout_after(known, move)
                if after not in visited:
                    break
            else:
                break  # every move brings back a layout already played through
            game.play(move)
            visited.add(_layout(game.knowledge()))
            played += 1
        return Result(variant=game.variant, deal=-1 if game.deal is None else game.deal, strategy=self.name,
                      score=game.score, status=game.status, moves=played)


# --------------------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------------------

def _safe_moves(known: Knowledge, legal: list[Move]) -> list[Move]:
    """The legal moves to a foundation that can never cost a win (Klondike family; none in Camelot).

    A card of rank r is safe on its foundation once every card that could ever be built on it in the tableau is
    up already: with alternating colours, the other colour up to r - 1 and the other suit of its own colour up to
    r - 2; building in any other suit, the three other suits up to r - 1. Then nothing still in play needs it.
    From the waste this holds only when dealing one card at a time: with three, taking a card off the waste shifts
    which cards later deals reach.
    """
    data = known.to_dict()
    if data["variant"] == "camelot":
        return []
    up = {SUIT[parse_card(pile[-1])]: RANK[parse_card(pile[-1])] for pile in data["foundations"] if pile}
    other_suit = known.variant == "thumb-and-pouch"
    safe = []
    for move in legal:
        if move.kind != "move" or not (move.dst or "").startswith("f"):
            continue
        if move.src == "waste":
            if data["options"]["draw"] != 1:
                continue
            card = parse_card(data["waste"][-1])
        else:
            card = parse_card(data["tableau"][int((move.src or "t0")[1:]) - 1][-1])
        rank = RANK[card]
        if other_suit:
            needed = {suit: rank - 1 for suit in range(4) if suit != SUIT[card]}
        else:
            needed = {suit: rank - 1 if RED[suit * 13] != RED[card] else rank - 2
                      for suit in range(4) if suit != SUIT[card]}
        if all(up.get(suit, 0) >= need for suit, need in needed.items()):
            safe.append(move)
    return safe


def _decide(game: Game, move: Move | None, node_limit: int | None, deadline: float | None,
            memo: dict[str, tuple[str, Move | None]]) -> tuple[str, Move | None]:
    """The verdict of ``game`` after ``move`` (None: as it stands), with the first move of a winning line, solved
    with the budgets of :func:`~solitaire_widget.advice.win_chances.node_rounds` (those
    :func:`~solitaire_widget.advice.chances` gives each solve, round by round), and never past ``deadline``.

    ``memo`` remembers the answers by position: with node limits only, the same position always gets the same
    answer, and the samples of a turn that turned no card over are those of the turn before, one move on."""
    if move is not None:
        game.play(move)
    try:
        if game.status == "won":
            return "winnable", None
        key = _position_key(game)
        if key in memo:
            return memo[key]
        memo[key] = answer = _solve_growing(game, node_limit, deadline)
        return answer
    finally:
        if move is not None:
            game.undo()


def _position_key(game: Game) -> str:
    """The position as text, without what the solver never reads (the move count, score and status)."""
    position = game.position()
    for key in ("moves", "score", "status", "deal"):
        position.pop(key, None)
    return json.dumps(position, sort_keys=True, separators=(",", ":"))


def _solve_growing(game: Game, node_limit: int | None, deadline: float | None) -> tuple[str, Move | None]:
    """:func:`decide` with the growing budgets of :func:`node_rounds`, until one decides or the last is spent."""
    verdict, first = "unknown", None
    for nodes in node_rounds(node_limit):
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return "unknown", None
        verdict, first = decide(game, time_limit=left, node_limit=nodes)
        if verdict != "unknown":
            break
    return verdict, first


def _winning_line(known: Knowledge, node_limit: int | None, time_limit: float | None) -> list[Move]:
    """A winning line of a fully known position, or [] when none is found within the budget."""
    result = solve(known.sample(seed=0), time_limit=time_limit, node_limit=None if node_limit is None
                   else node_limit * 16)
    return result.line if result.verdict == "winnable" else []


def _layout(known: Knowledge) -> str:
    """The layout as a player sees it, with face-down cards counted, not named, and the move count left out."""
    data = known.to_dict()
    del data["moves"]
    if data["options"].get("redeals") == -1:
        # With unlimited redeals the count of passes changes nothing that can be played: counting it would make
        # every pass through the stock a new layout, and a player who has nothing better to do would deal for ever.
        data.pop("redeals_used", None)
    if "tableau" in data:
        data["tableau"] = [[code if code is not None and code.isupper() else "?" for code in column]
                           for column in data["tableau"]]
    data["stock"] = len(data["stock"])
    return repr(sorted(data.items()))


def _layout_after(known: Knowledge, move: Move) -> str:
    """The layout after ``move``, worked out on a position sampled from the knowledge. A move that turns a card
    over leaves fewer face-down cards than any layout before it, so which card a sample shows cannot matter."""
    game = Game.from_position(known.sample(seed=0))
    game.play(move)
    return _layout(game.knowledge())
