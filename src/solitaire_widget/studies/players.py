"""Who plays the deals of a study: the thoughtful solver, the fair player, or a strategy, named and set up as plain
data so that a batch of deals can be sent to another process or another machine.

A :class:`Player` is a small frozen value (its kind, its name and its settings); :meth:`Player.run` plays one deal
and answers a :class:`Row`. Every player's outcome depends only on the deal and the settings, except where a time
limit cuts a search short (a node limit never depends on the machine), so a study gives the same rows, deal by
deal, however it is spread over processes. What decides them all, the code included, is the study's key
(:meth:`Player.study_key`), which its store keeps.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..advice import FairPlayer
from ..checks import number, whole
from ..game import new_game
from ..solver import compiled, solve
from ..solver.api import MAX_NODES
from ..strategies import STRATEGIES, Strategy, play_out, strategies_for
from ..variants import variant_rules
from .code import code_hash

__all__ = ["KNOWS_STOCK", "PLAYER_KINDS", "PLAYS_WITH", "Player", "Row", "player_for", "solver_engine"]

#: The kinds of player, and the settings each takes with their defaults (the fair player's are FairPlayer's own, so
#: that a setting it gains is part of every study's key).
PLAYER_KINDS: dict[str, dict[str, Any]] = {
    "solver": {"time_limit": 10.0, "node_limit": None},
    "fair": dict(FairPlayer().settings),
    "strategy": {"seed": 0, "max_moves": 1000},
}
#: Where each kind's play begins in this package (what :meth:`Player.run` calls for it, and the rules model): its
#: code's hash follows their imports from there (see :mod:`~solitaire_widget.studies.code`).
#: The fair player's play begins at its own module, not at the advice package, whose ``__init__`` also imports the
#: hints, the coach and the chooser's sentences: rewording a hint must not make the fair player's tables stale.
PLAYS_WITH: dict[str, tuple[str, ...]] = {"solver": ("game", "solver"), "fair": ("game", "advice.player"),
                                          "strategy": ("game", "strategies")}
#: The fair player told the order of the stock (FairPlayer(knows_stock=True)), for comparing with published
#: Klondike players, which all know it: a study names it so, never "fair".
KNOWS_STOCK = "knows-stock"
_THIS_MODULE = __name__.split(".", 1)[1]  # "studies.players": it calls the player, so its code counts too


@dataclass(frozen=True)
class Row:
    """One deal of a study: how it came out, and what it cost.

    ``outcome`` is the solver's verdict (``winnable``, ``unwinnable``, ``unknown``) or how a player's game ended
    (``won``, ``stuck``, ``lost``, ``resigned`` when the fair player gave up, or ``playing`` when it ran out of
    moves). ``score`` is the score reached (the
    solver: None), ``moves`` the moves played (the solver: the winning line's length), ``nodes`` the solver's
    search nodes (players: None), ``seconds`` the time taken and ``engine`` the solver engine used ("c" or
    "python"; a strategy: "python").
    """

    deal: int
    outcome: str
    score: int | None
    moves: int
    nodes: int | None
    seconds: float
    engine: str

    @property
    def success(self) -> bool:
        """Won, or proved winnable."""
        return self.outcome in ("won", "winnable")

    @property
    def decided(self) -> bool:
        return self.outcome != "unknown"


@dataclass(frozen=True)
class Player:
    """Who plays: ``kind`` is "solver", "fair" or "strategy"; ``name`` the strategy's name (else the kind);
    ``settings`` its settings, complete (see :data:`PLAYER_KINDS`)."""

    kind: str
    name: str
    settings: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def label(self) -> str:
        """How tables and the command line name it: "solver", "fair", "bold"..."""
        return self.name

    @property
    def code(self) -> str:
        """The hash of the code this kind of player runs (see :mod:`~solitaire_widget.studies.code`)."""
        return code_hash(PLAYS_WITH[self.kind], alone=(_THIS_MODULE,))

    def study_key(self, variant: str, options: dict[str, int]) -> dict[str, Any]:
        """What decides the rows of a study of this player on ``variant`` with ``options`` (resolved), as plain
        data: its store keeps it and serves no other study, and the published tables record it.

        Besides the game, the player and its settings: the hash of its code; for the solver and the fair player,
        the solver's engine, whose table of seen states has a size of its own (``TABLE_LIMIT``), so that a node
        budget may end otherwise on the hardest deals; for a strategy, its search budget (``Strategy.search``).
        """
        key: dict[str, Any] = {"variant": variant, "options": options, "player": self.label, "kind": self.kind,
               "settings": self.settings, "code": self.code}
        if self.kind == "strategy":
            key["search"] = self._strategy(variant).search
        else:
            key["engine"] = solver_engine(variant)
        return key

    def run(self, variant: str, options: dict[str, int], deal: int) -> Row:
        """Play (or solve) deal ``deal`` of ``variant`` with ``options``."""
        started = time.perf_counter()
        game = new_game(variant, deal=deal, **options)
        if self.kind == "solver":
            result = solve(game, time_limit=self.settings["time_limit"], node_limit=self.settings["node_limit"])
            return Row(deal, result.verdict, None, len(result.line), result.stats.get("nodes"),
                       round(time.perf_counter() - started, 4), result.stats.get("engine", ""))
        if self.kind == "fair":
            outcome = FairPlayer(**self.settings).play(game)
            engine = solver_engine(variant)
        else:
            outcome = play_out(game, self._strategy(variant), seed=self.settings["seed"] + deal,
                               max_moves=self.settings["max_moves"])
            engine = "python"
        return Row(deal, outcome.status, outcome.score, outcome.moves, None, round(time.perf_counter() - started, 4),
                   engine)

    def _strategy(self, variant: str) -> Strategy:
        return strategies_for(variant)[self.name]


def solver_engine(variant: str) -> str:
    """The engine the solver searches ``variant`` with here: "c" (the compiled core) or "python"."""
    return "python" if variant == "camelot" else compiled.klondike_engine()


def player_for(variant: str, player: object, settings: dict[str, Any]) -> Player:
    """The :class:`Player` for a study of ``variant``: ``player`` is "solver", "fair", a strategy's name, or a
    :class:`~solitaire_widget.FairPlayer` or :class:`~solitaire_widget.strategies.Strategy` (whose settings are
    taken from it); ``settings`` override the defaults. ValueError names what is accepted."""
    rules = variant_rules(variant)
    if isinstance(player, FairPlayer):
        if settings:
            raise ValueError("a FairPlayer carries its own settings; pass them to FairPlayer(), not to study()")
        return Player("fair", player.name, dict(player.settings))
    if isinstance(player, Strategy):
        player = player.name if player in STRATEGIES else player
        if isinstance(player, Strategy):
            raise ValueError(f"study() runs the strategies of solitaire_widget.strategies by name; {player.name!r} "
                             "is not one of them")
    if not isinstance(player, str):
        raise ValueError(f"player must be 'solver', 'fair', '{KNOWS_STOCK}' or a strategy's name, not "
                         f"{type(player).__name__}")
    strategies = strategies_for(rules.name)
    if player in ("solver", "fair"):
        kind = player
    elif player == KNOWS_STOCK:
        # The fair player told the stock's order (the "K+" model of the literature): not fair, and named so.
        if settings.get("knows_stock", True) is not True:
            raise ValueError(f"the {KNOWS_STOCK} player knows the stock: its knows_stock setting is always True")
        kind, settings = "fair", {**settings, "knows_stock": True}
    elif player in strategies:
        kind = "strategy"
    else:
        raise ValueError(f"no player {player!r} for {rules.title}; choose from solver, fair, {KNOWS_STOCK}, "
                         f"{', '.join(strategies)}")
    defaults = PLAYER_KINDS[kind]
    unknown = sorted(set(settings) - set(defaults))
    if unknown:
        raise ValueError(f"the {player} player has no setting {', '.join(map(repr, unknown))}; its settings are "
                         f"{', '.join(defaults)}")
    chosen = {**defaults, **settings}
    _check_settings(kind, chosen)
    return Player(kind, player, chosen)


def _check_settings(kind: str, settings: dict[str, Any]) -> None:
    """ValueError for a setting of the wrong type or out of range, before any work starts."""
    if kind == "fair":
        FairPlayer(**settings)  # checks them all
        return
    if kind == "solver":
        limit, nodes = settings["time_limit"], settings["node_limit"]
        number(limit, "time_limit", above=0, allow_none=True)
        if nodes is not None:
            whole(nodes, "node_limit", 1, MAX_NODES)
        if limit is None and nodes is None:
            raise ValueError("the solver needs a time_limit or a node_limit per deal, or both")
        return
    for name in ("seed", "max_moves"):
        whole(settings[name], name, 1 if name == "max_moves" else 0)
