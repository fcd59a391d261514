"""Fair win chances: :func:`chances`, computed from what the player knows and nothing else.

The method is *determinization* (also called hindsight optimisation, or Perfect Information Monte Carlo): draw
complete positions consistent with the player's :class:`~solitaire_widget.knowledge.Knowledge` (the unseen cards
shuffled into the unseen places), solve each exactly with the thoughtful solver, and count the share that can be
won. For each legal move the same samples are solved after that move, so every move is compared on the same
hidden cards (common random numbers): a difference between two moves is the moves', not the luck of the draw.

What the number means: the chance that the game can still be won by a player who from now on plays perfectly *as
if the hidden cards were known*. A real player does not know them, so it is an upper bound on what a real player
can reach. Its known weakness is *strategy fusion* (Frank and Basin, "Search in games with incomplete
information", 1998; Long, Sturtevant, Buro and Furtak, "Understanding the success of Perfect Information Monte
Carlo sampling in game tree search", AAAI 2010): each sample is solved with a line made for its own hidden
cards, where a real player must choose one move for all of them. So a move that keeps every option open and a
move that gambles on one guess can score alike; the estimate favours gambles a little. For patience games, where
most of the information arrives by turning cards up, the method is still a strong guide (Bjarnason, Fern and
Tadepalli, "Lower bounding Klondike solitaire with Monte-Carlo planning", ICAPS 2009, built their player on it).

Cost: each sample costs one solve, plus one per legal move when the sample can be won (a sample proved lost is lost
after every move, and the first move of a winning line is known to win). Most solves take about a millisecond
with the compiled core; ``time_limit`` (or ``node_limit``) caps each one, and a solve that reaches it leaves that
sample *undecided* for that move, which the interval then covers both ways.
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..checks import number, whole
from ..game import Game
from ..intervals import bounds
from ..knowledge import MAX_SAMPLES, Knowledge
from ..moves import Move
from ..solver import compiled
from ..solver.api import MAX_NODES, canonical, check_cancel, decide
from ..solver.budget import CancelFlag

__all__ = ["DEFAULT_SAMPLES", "DEFAULT_TIME_LIMIT", "Chance", "Chances", "chances", "knowledge_of"]

#: Samples drawn when the caller does not say: enough to rank the moves of most positions (with common random
#: numbers, two moves that differ on a few samples are told apart), few enough for a hint within a second.
DEFAULT_SAMPLES = 24
#: Seconds the whole estimate may take when the caller does not say.
DEFAULT_TIME_LIMIT = 1.0
#: Nodes each solve may take in the first round when only time limits the work (some 4 ms in the compiled core);
#: each round after it, four times as many, for the solves still undecided.
FIRST_ROUND_NODES = 20_000
#: The smallest round worth running under a node limit.
MIN_ROUND_NODES = 2_000


def node_rounds(node_limit: int | None) -> Iterator[int]:
    """The node budgets of the rounds a solve may get: under a node limit N, N/16, N/4 and N (most samples are
    settled by the first, cheap round, and a hard one costs at most a third more than one solve at N); with no
    node limit, 20,000 and four times more each round, for as long as the time limit allows."""
    if node_limit is None:
        nodes = FIRST_ROUND_NODES
        while True:
            yield nodes
            nodes *= 4
    rounds = sorted({max(min(MIN_ROUND_NODES, node_limit), node_limit // 16), max(1, node_limit // 4), node_limit})
    yield from (nodes for nodes in rounds if nodes >= min(MIN_ROUND_NODES, node_limit))
_VERDICT_MARK = {"winnable": "W", "unwinnable": "L", "unknown": "?"}


@dataclass(frozen=True)
class Chance:
    """How many of the samples can be won, in a position or after one move: ``winnable`` of ``samples``, with
    ``undecided`` samples whose solve ran out of budget."""

    winnable: int
    undecided: int
    samples: int

    @property
    def share(self) -> float:
        """Winnable samples over all samples (an undecided sample counts as not winnable; see :attr:`interval`)."""
        return self.winnable / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval for the chance: Wilson's, widened to cover the undecided samples either way
        (:func:`solitaire_widget.intervals.bounds`)."""
        return bounds(self.winnable, self.undecided, self.samples)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.share:.0%} (95% CI {low:.0%}–{high:.0%})"


@dataclass(frozen=True)
class Chances:
    """What :func:`chances` answers: the chance now (:attr:`now`) and after each legal move (:attr:`moves`), all
    on the same samples.

    ``verdicts`` gives, for the position (key ``None``) and for each move, one letter per sample: ``W`` winnable,
    ``L`` lost, ``?`` undecided, so that two moves can be compared sample by sample. ``stats`` holds ``seconds``,
    ``solves`` (how many solves ran), ``engine``, the budgets used, and ``stopped_by`` when ``cancel`` cut the
    work short (then ``samples`` counts only the samples finished).
    """

    now: Chance
    moves: Mapping[Move, Chance]
    verdicts: Mapping[Move | None, str]
    seed: int
    stats: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def share(self) -> float:
        return self.now.share

    @property
    def interval(self) -> tuple[float, float]:
        return self.now.interval

    @property
    def samples(self) -> int:
        return self.now.samples

    @property
    def undecided(self) -> int:
        return self.now.undecided

    def ranked(self) -> list[tuple[Move, Chance]]:
        """The moves, best first: by winnable samples with each undecided one counted as half (it may go either
        way), then by winnable samples; ties keep the legal moves' order."""
        order = {move: i for i, move in enumerate(self.moves)}
        return sorted(self.moves.items(), key=lambda item: (-2 * item[1].winnable - item[1].undecided,
                                                            -item[1].winnable, order[item[0]]))

    def _rows(self) -> Iterator[tuple[str, Chance]]:
        yield "now", self.now
        for move, chance in self.ranked():
            yield str(move), chance

    def __repr__(self) -> str:
        lines = [f"<Chances: {self.now} on {self.samples} samples, seed {self.seed}"]
        width = max(len(name) for name, _ in self._rows())
        for name, chance in self._rows():
            undecided = f", {chance.undecided} undecided" if chance.undecided else ""
            lines.append(f"  {name:<{width}}  {chance}{undecided}")
        return "\n".join(lines) + ">"

    def _repr_html_(self) -> str:
        rows = []
        for name, chance in self._rows():
            low, high = chance.interval
            bar = f"<div style='background:#2f6f9f;height:.7em;width:{100 * chance.share:.0f}%'></div>"
            rows.append(f"<tr><td><code>{html.escape(name)}</code></td><td>{chance.share:.0%}</td>"
                        f"<td>{low:.0%}–{high:.0%}</td><td>{chance.undecided}</td>"
                        f"<td style='width:8em'>{bar}</td></tr>")
        head = ("<tr><th>after</th><th>chance</th><th>95% CI</th><th>undecided</th><th></th></tr>")
        return (f"<table class='sw-chances'><caption>Fair win chances on {self.samples} samples "
                f"(seed {self.seed})</caption>{head}{''.join(rows)}</table>")


def knowledge_of(game_or_knowledge: object, caller: str = "chances") -> Knowledge:
    """The player's knowledge: ``game.knowledge()`` for a Game, a Knowledge value as it is; ValueError else."""
    if isinstance(game_or_knowledge, Knowledge):
        return game_or_knowledge
    if isinstance(game_or_knowledge, Game):
        return game_or_knowledge.knowledge()
    raise ValueError(f"{caller}() takes a Game or the Knowledge value of one (game.knowledge()), not "
                     f"{type(game_or_knowledge).__name__}")


def check_budget(samples: object, time_limit: object, node_limit: object) -> None:
    """ValueError unless ``samples`` is a whole number in range and the limits are sound (time_limit: None or
    seconds above zero; node_limit: None or a whole number, at least one; not both None)."""
    whole(samples, "samples", 1, MAX_SAMPLES)
    number(time_limit, "time_limit", above=0, allow_none=True)
    if time_limit is None and node_limit is None:
        raise ValueError("give a time_limit (seconds for the whole estimate) or a node_limit (nodes per solve), "
                         "or both: without either, a hard sample could be searched for hours")
    if node_limit is not None:
        whole(node_limit, "node_limit", 1, MAX_NODES)


def chances(game_or_knowledge: Game | Knowledge, *, samples: int = DEFAULT_SAMPLES,
            time_limit: float | None = DEFAULT_TIME_LIMIT, node_limit: int | None = None, seed: int | None = None,
            cancel: CancelFlag | None = None) -> Chances:
    """The fair chance of winning from here, and after each legal move, for a player who sees what this player
    has seen (see the module docs for what the number means, and its limits).

    ``game_or_knowledge`` is a :class:`~solitaire_widget.Game` (only its :meth:`~solitaire_widget.Game.knowledge`
    is used) or a :class:`~solitaire_widget.knowledge.Knowledge` value. ``samples`` positions are drawn from it,
    reproducibly from ``seed`` (None: a seed drawn from the knowledge itself, so the same position always gets the
    same answer).

    The solves run in rounds (:func:`node_rounds`): each round solves again, with four times the nodes, those
    still undecided. ``time_limit`` is the whole call's budget in
    seconds (None: no limit); ``node_limit`` caps the nodes of any one solve (None: no cap), and with
    ``time_limit=None`` makes the answer the same on every machine. One of the two must be given. ``cancel`` (a
    :class:`threading.Event`) stops the work at once; what was decided so far is answered, the rest undecided.

    >>> import solitaire_widget as sw
    >>> answer = sw.chances(sw.new_game("thumb-and-pouch", deal=1), samples=8, time_limit=None, node_limit=200_000)
    >>> answer.samples, sorted(str(m) for m in answer.moves)
    (8, ['deal', 't5-f1'])
    """
    known = knowledge_of(game_or_knowledge)
    check_budget(samples, time_limit, node_limit)
    check_cancel(cancel)
    seed = known.default_seed if seed is None else known._seed(seed)
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    legal = known.legal_moves()
    rng = random.Random(seed)
    work = [_Sample(Game.from_position(known.sample(rng)), legal) for _ in range(samples)]
    solves, stopped_by = 0, None
    engine = "python" if known.variant == "camelot" else compiled.klondike_engine()
    nodes = 0
    for nodes in node_rounds(node_limit):
        for sample in work:
            for game, key in sample.pending():
                if cancel is not None and cancel.is_set():
                    stopped_by = "cancelled"
                    break
                left = None if deadline is None else deadline - time.perf_counter()
                if left is not None and left <= 0:
                    stopped_by = "time"
                    break
                verdict, first = decide(game, time_limit=left, node_limit=nodes, cancel=cancel)
                solves += 1
                sample.learn(key, verdict, first)
            if stopped_by:
                break
        if stopped_by or not any(sample.open() for sample in work):
            break

    def chance(key: Move | None) -> tuple[Chance, str]:
        letters = "".join(_VERDICT_MARK[sample.verdicts[key]] for sample in work)
        return Chance(letters.count("W"), letters.count("?"), samples), letters

    table = {key: chance(key) for key in (None, *legal)}
    stats: dict[str, Any] = {"seconds": round(time.perf_counter() - started, 4), "solves": solves,
                             "engine": engine, "time_limit": time_limit, "node_limit": node_limit,
                             "last_round_nodes": nodes}
    if stopped_by:
        stats["stopped_by"] = stopped_by
    return Chances(now=table[None][0], moves=MappingProxyType({move: table[move][0] for move in legal}),
                   verdicts=MappingProxyType({key: letters for key, (_, letters) in table.items()}), seed=seed,
                   stats=MappingProxyType(stats))


class _Sample:
    """One sampled position and what is known of it so far: its verdict, and the verdict after each move.

    A sample proved lost is lost after every move; a winning line's first move wins. The moves of a sample whose
    own verdict is still open wait until it is decided: they are as hard to solve, and would cost a whole round's
    budget each for little.
    """

    def __init__(self, game: Game, legal: list[Move]) -> None:
        self.game = game
        self.legal = legal
        won = game.status == "won"
        self.verdicts: dict[Move | None, str] = {key: "winnable" if won else "unknown" for key in (None, *legal)}
        # Moves that lead to the same position as far as the solver is concerned (a card into either of two
        # alike Camelot cells, a King into either of two empty columns) share one solve: the first of them.
        self.same: dict[Move, list[Move]] = {}
        if not won:
            first: dict[tuple[bytes, tuple[int, int]], Move] = {}
            for move in legal:
                game.play(move)
                name = canonical(game)
                game.undo()
                if name in first:
                    self.same[first[name]].append(move)
                else:
                    first[name] = move
                    self.same[move] = []

    def open(self) -> bool:
        root = self.verdicts[None]
        return root == "unknown" or (root == "winnable" and "unknown" in self.verdicts.values())

    def pending(self) -> Iterator[tuple[Game, Move | None]]:
        """(a game at the position to solve, its key) for each verdict still open, the sample's own first."""
        game = self.game
        if self.verdicts[None] == "unknown":
            yield game, None
        if self.verdicts[None] != "winnable":
            return
        for move in self.legal:
            if self.verdicts[move] == "unknown" and move in self.same:
                game.play(move)
                try:
                    if game.status == "won":
                        self.verdicts[move] = "winnable"
                    else:
                        yield game, move
                finally:
                    game.undo()

    def learn(self, key: Move | None, verdict: str, first: Move | None) -> None:
        """Note the verdict of the sample (key None) or of a move; ``first`` is the first move of the winning line
        the solver found, if any."""
        self.verdicts[key] = verdict
        if key is not None:
            self.verdicts.update((twin, verdict) for twin in self.same.get(key, ()))
        elif verdict == "unwinnable":  # no move can win a sample that cannot be won
            self.verdicts.update((move, "unwinnable") for move in self.legal)
        elif verdict == "winnable" and first in self.verdicts:
            for move, twins in self.same.items():
                if move == first or first in twins:
                    self.verdicts.update((other, "winnable") for other in (move, *twins))
