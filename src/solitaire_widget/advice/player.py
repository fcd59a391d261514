"""The fair computer player: plays whole games on the real deal, choosing every move from what it has seen.

At each turn :class:`FairPlayer` reads the game's :meth:`~solitaire_widget.Game.knowledge` and nothing else, and:

In the Klondike family (Athena, Thumb and Pouch, Aunt Mary, Klondike):

1. with unlimited redeals, at the start, it looks through the stock once (deals it all, then redeals): that costs
   nothing, and from then on it knows the stock's order, as a player who did the same would;
2. it plays the only legal move, or a *safe* move to a foundation (a card whose every possible tableau partner is
   already up, so that sending it up can never cost a win: the thoughtful solver's own rule);
3. once no card is unseen, it follows a winning line the solver finds for the position, which is then known;
4. otherwise it lists its *plans* (:mod:`~solitaire_widget.advice.plans`: rearrangements of the face-up cards,
   then one move that cannot be taken back) and plays the one whose sampled positions a small search wins most
   often (:mod:`~solitaire_widget.advice.lookahead`), the rule of thumb breaking ties.

In Camelot, whose only hidden thing is the order of the stock, it places each card where the exact odds of
filling the grid without a court card finding its cells taken are best, and removes what gives the next filling
the best odds (:mod:`~solitaire_widget.advice.camelot_odds`).

Every game ends well before any move limit. Every plan it plays gets somewhere: it turns a card over, plays the
waste card, sends more cards up than it took down, or deals; with unlimited redeals, a whole pass of plans that
only deal must be followed by one that does something else. It never plays into a layout it has been in before
(face-down cards counted, not named; with unlimited redeals, without counting the passes). And it **resigns** when
its samples show that nothing it can do wins (every sample of every plan proved lost), or when no plan is left.

``knows_stock=True`` makes a different player, for comparison with published Klondike results only: it is also
told the order of the stock from the start (the "K+" model of Bjarnason, Fern and Tadepalli, and of lonelybot),
so it is *not* fair and is named "knows-stock", never "fair". The hint never uses it.

With ``time_limit=None`` (the default) its every choice depends only on the knowledge, the settings and ``seed``:
the same games come out on every machine, in any order, on any number of processes.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any, Literal

from ..cards import RANK, RED, SUIT, parse_card
from ..game import Game
from ..knowledge import Knowledge
from ..moves import Move
from ..solver import solve
from ..solver.budget import CancelFlag
from ..strategies import Result
from .camelot_odds import camelot_plan
from .heuristic import rule_of_thumb
from .lookahead import DEFAULT_NODES, VARIANT_NODES, Weighing, weigh
from .plans import Plan, plans
from .win_chances import check_budget, knowledge_of

__all__ = ["Choice", "FairPlayer"]

#: Samples the plan played gets at most (:func:`~solitaire_widget.advice.lookahead.weigh` spends them where they tell
#: most): on one-card Klondike with unlimited redeals, 300 won more games than the 64 of the successive halving before
#: (docs/fair-play.md).
DEFAULT_SAMPLES = 300
#: Nodes of the solve that settles a position with no card unseen: far more than a plan's small searches, since
#: it is run once a turn and a won position should be won.
COMPLETE_SOLVE_NODES = 2_000_000
#: How a game that the player gave up ends, in its Result.
RESIGNED = "resigned"

#: Why a :class:`Choice` was made (see :attr:`Choice.why`).
Why = Literal["none", "only", "look", "safe", "line", "lost", "weighed", "odds", "resign"]


@dataclass(frozen=True)
class Choice:
    """What :class:`FairPlayer` chose at one position, and why; what the fair hint explains.

    ``moves`` are the moves it would play next (empty when it resigns or there is no move). ``why`` says what
    decided them: "none" (no move), "only" (the only legal move), "look" (looking through an unlimited stock at the
    start), "safe" (a safe move to a foundation), "line" (a winning line of a position with nothing unseen), "lost"
    (such a position proved lost: it resigns), "weighed" (the plan its sampled searches won most often, see
    ``weighing`` and ``plan``), "odds" (Camelot, with ``odds``), "resign" (every plan lost every sample, or no
    plan is left).
    """

    moves: tuple[Move, ...]
    why: Why
    weighing: Weighing | None = None
    plan: int | None = None
    odds: float | None = None

    @property
    def move(self) -> Move | None:
        """The first move, the one to play now (None when there is none)."""
        return self.moves[0] if self.moves else None


@dataclass(frozen=True)
class FairPlayer:
    """A computer player that sees only what a player sees (see the module docs).

    ``samples`` is the most positions the best plans are weighed on, ``node_limit`` the nodes of each small search
    (:mod:`~solitaire_widget.advice.lookahead`; None: by the game and how many cards a deal turns, see
    :meth:`nodes_for`); ``time_limit`` (seconds, or None) caps each choice and makes the play depend on the
    machine's speed; ``seed`` varies the samples drawn; ``max_moves`` is a safety limit no game
    should reach. ``knows_stock=True`` is the player told the stock's order (not fair; see the module docs).

    >>> import solitaire_widget as sw
    >>> result = sw.FairPlayer(samples=8).play(sw.new_game("thumb-and-pouch", deal=2))
    >>> result.strategy, result.status
    ('fair', 'won')
    """

    samples: int = DEFAULT_SAMPLES
    node_limit: int | None = None
    time_limit: float | None = None
    seed: int = 0
    max_moves: int = 2000
    knows_stock: bool = False

    def __post_init__(self) -> None:
        check_budget(self.samples, self.time_limit, DEFAULT_NODES[1] if self.node_limit is None else self.node_limit)
        for name in ("seed", "max_moves"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name == "max_moves" else 0):
                raise ValueError(f"{name} must be a whole number{' above zero' if name == 'max_moves' else ''}, "
                                 f"not {value!r:.60}")
        if not isinstance(self.knows_stock, bool):
            raise ValueError(f"knows_stock must be True or False, not {self.knows_stock!r:.60}")

    @property
    def name(self) -> str:
        """"fair", or "knows-stock" for the player told the stock's order."""
        return "knows-stock" if self.knows_stock else "fair"

    @property
    def settings(self) -> dict[str, Any]:
        """What decides how it plays, for a study's records."""
        return {"samples": self.samples, "node_limit": self.node_limit, "time_limit": self.time_limit,
                "seed": self.seed, "max_moves": self.max_moves, "knows_stock": self.knows_stock}

    # Choosing ----------------------------------------------------------------------------------------------------

    def choice(self, game_or_knowledge: Game | Knowledge, *, cancel: CancelFlag | None = None) -> Choice:
        """What the player would do next, and why (a :class:`Choice`), from the knowledge alone. A Game is read
        through its :meth:`~solitaire_widget.Game.knowledge` (with the stock's order too for ``knows_stock``);
        ``cancel`` (a :class:`threading.Event`) cuts the weighing short, which then decides on what it has."""
        if isinstance(game_or_knowledge, Game):
            known = self._knowledge(game_or_knowledge)
        else:
            known = knowledge_of(game_or_knowledge, "FairPlayer.choice")
        return self._choice(known, {_layout(known)}, cancel=cancel)

    def plan(self, game_or_knowledge: Game | Knowledge) -> list[Move]:
        """The moves the player would make next: one move, or a plan of several (a rearrangement and the move it
        prepares, the removals and deal of Camelot's removing phase, a winning line once nothing is hidden); []
        when it would resign or there is no move."""
        return list(self.choice(game_or_knowledge).moves)

    def choose(self, game_or_knowledge: Game | Knowledge) -> Move | None:
        """The move the player would make now (None when it would resign, or there is none)."""
        return self.choice(game_or_knowledge).move

    def _knowledge(self, game: Game) -> Knowledge:
        return game.knowledge(stock_known=self.knows_stock)

    def _choice(self, known: Knowledge, visited: set[str], may_deal: bool = True,
                cancel: CancelFlag | None = None) -> Choice:
        legal = known.legal_moves()
        if not legal or known.status != "playing":
            return Choice((), "none")
        game = Game.from_knowledge(known, 0)
        if known.variant == "camelot":
            moves, odds = camelot_plan(game, known)
            return Choice(tuple(moves), "odds" if odds is not None else "only", odds=odds)
        look = _look_through(known)
        if look:
            return Choice(tuple(look), "look")
        if len(legal) == 1:
            fresh = _layout_after(game, (legal[0],)) not in visited
            return Choice((legal[0],), "only") if fresh else Choice((), "resign")
        for move in _safe_moves(known, legal):
            if _layout_after(game, (move,)) not in visited:
                return Choice((move,), "safe")
        if known.complete:
            result = solve(game, time_limit=self.time_limit, node_limit=COMPLETE_SOLVE_NODES, cancel=cancel)
            if result.verdict == "winnable":
                return Choice(tuple(result.line), "line")
            if result.verdict == "unwinnable":
                return Choice((), "lost")
        data = known.to_dict()
        score = data["score"]
        # With unlimited redeals and every stock card seen, dealing commits to nothing: see advice.plans.
        stock_known = data["options"].get("redeals") == -1 and all(data.get("stock", []))
        options = [plan for plan in plans(game, stock_known) if _progresses(game, plan, score, may_deal)
                   and _layout_after(game, plan.moves) not in visited]
        if not options:
            return Choice((), "resign")
        winning = [plan for plan in options if plan.wins]
        if winning:
            return Choice(winning[0].moves, "line")
        if len(options) == 1:
            return Choice(options[0].moves, "only")
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        options.sort(key=lambda plan: _preference(game, plan))
        weighing = weigh(known, options, samples=self.samples, node_limit=self.nodes_for(known),
                         seed=self._turn_seed(known), deadline=deadline, cancel=cancel)
        if weighing.hopeless:
            return Choice((), "resign", weighing)
        best = weighing.finalists()[0]
        return Choice(weighing.plans[best].moves, "weighed", weighing, best)

    def nodes_for(self, known: Knowledge) -> int:
        """The nodes of each small search in the game of ``known``: ``node_limit``, or by default the game's own
        (:data:`~solitaire_widget.advice.lookahead.VARIANT_NODES`) or those for the cards a deal turns
        (:data:`~solitaire_widget.advice.lookahead.DEFAULT_NODES`)."""
        if self.node_limit is not None:
            return self.node_limit
        return VARIANT_NODES.get(known.variant, DEFAULT_NODES[known.options.get("draw", 1)])

    def _turn_seed(self, known: Knowledge) -> int:
        """The seed of a turn's samples: drawn from what is hidden and where (:attr:`Knowledge.hidden_seed`), so a
        move that turns no card over keeps the very same samples, and a choice stays the same from one turn to the
        next until something new is seen."""
        if self.seed == 0:
            return known.hidden_seed
        digest = hashlib.sha256(f"{self.seed}:{known.hidden_seed}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    # Playing -----------------------------------------------------------------------------------------------------

    def play(self, game: Game) -> Result:
        """Play ``game`` (in place, from where it stands) to its end; the Result says how it ended: "won",
        "stuck", "lost" (Camelot), or "resigned" when the player gave up (see the module docs)."""
        if not isinstance(game, Game):
            raise ValueError(f"FairPlayer.play() takes a Game, not {type(game).__name__}")
        visited = {_layout(self._knowledge(game))}
        played = 0
        status = game.status
        # With unlimited redeals, dealing alone could go round the stock for ever: after a whole pass of plans that
        # only deal (or redeal), the next plan must do something else.
        dealt = 0
        while status == "playing" and played < self.max_moves:
            round_trip = -(-(game.stock_count + len(game.cards_in("waste"))) // game.options.get("draw", 1)) + 1
            moves = self._choice(self._knowledge(game), visited, may_deal=dealt <= round_trip).moves
            if not moves:
                status = RESIGNED
                break
            for move in moves:
                game.play(move)
                played += 1
                visited.add(_layout(self._knowledge(game)))
            dealt = dealt + 1 if moves[-1].kind in ("deal", "redeal") else 0
            status = game.status
        return Result(variant=game.variant, deal=-1 if game.deal is None else game.deal, strategy=self.name,
                      score=game.score, status=status, moves=played)


# --------------------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------------------

def _preference(game: Game, plan: Plan) -> tuple[object, ...]:
    """How much the player likes ``plan`` before weighing it: by the rule of thumb's rank of its first move, then
    the fewer moves (so a plan that commits at once comes before one that rearranges first). Weighing breaks its
    ties this way. (Ranking by the committing move instead was measured, and did worse: docs/fair-play.md.)"""
    key, _ = rule_of_thumb(game.knowledge(), plan.moves[0])
    return key, len(plan.moves)


def _progresses(game: Game, plan: Plan, score: int, may_deal: bool) -> bool:
    """Whether ``plan`` gets the game anywhere: it turns a card over, plays the waste card, deals (when
    ``may_deal``), or leaves more cards on the foundations than ``score``. A plan that takes a card down from a
    foundation, rearranges and sends it back up only rearranges, and a player who chose such plans could go on
    for ever."""
    if plan.step.kind in ("deal", "redeal"):
        return may_deal
    if plan.step.src == "waste" or not (plan.step.dst or "").startswith("f"):
        return True
    for move in plan.moves:
        game.play(move)
    try:
        return game.score > score
    finally:
        for _ in plan.moves:
            game.undo()


def _look_through(known: Knowledge) -> list[Move]:
    """With unlimited redeals, at the start of the first pass (the waste empty, the whole stock unseen): deal the
    stock out and redeal, which changes nothing but what the player has seen; [] otherwise."""
    data = known.to_dict()
    stock = data.get("stock", [])
    if data["options"].get("redeals") != -1 or data.get("waste") or not stock or any(code for code in stock):
        return []
    draw = data["options"]["draw"]
    return [Move.deal()] * -(-len(stock) // draw) + [Move.redeal()]


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


def _layout_after(game: Game, moves: tuple[Move, ...]) -> str:
    """The layout after ``moves`` on ``game`` (a position drawn from the knowledge; left as it was). A move that
    turns a card over leaves fewer face-down cards than any layout before it, so which card the sample shows cannot
    matter."""
    for move in moves:
        game.play(move)
    try:
        return _layout(game.knowledge())
    finally:
        for _ in moves:
            game.undo()

