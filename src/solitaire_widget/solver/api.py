"""``solve`` and ``locked_cards``: the public entry points of the solver."""

from __future__ import annotations

from typing import Any

from ..cards import CODE
from ..checks import number, short, whole
from ..game import Game
from ..moves import Move
from . import compiled
from .budget import Budget, CancelFlag
from .camelot import CamelotState
from .klondike import KlondikeState
from .restarts import search_in_phases
from .result import SolveResult
from .search import depth_first

#: Most states kept in the table of seen states, by engine, when ``solve`` is not given ``table_limit``: some 200
#: bytes a state in Python and 65 in the compiled core, so a full table takes about 400 MB in either. A
#: Klondike-family search keeps two, the real game's and its relaxed game's (see
#: :mod:`~solitaire_widget.solver.restarts`); in ``benchmarks/solver.py`` the process that solved 200 Athena deals
#: peaked at 509 MB. The core fills the table some forty times faster, and a cap it reached within a 10-second search
#: would cost it repeated work. At the cap the table is thinned to the proofs that took the most nodes, in half the
#: cap (see :mod:`~solitaire_widget.solver.search`), and the search goes on, still exact, only repeating the work
#: it forgot. Pass a smaller ``table_limit`` where memory is tight.
TABLE_LIMIT = {"python": 2_000_000, "c": 6_000_000}
#: The largest node budget taken: 2**53, the last whole number a float holds exactly (the restarts' schedule works
#: in floats), and more steps than any search could take.
MAX_NODES = 2**53


def solve(game_or_position: Game | dict[str, Any], *, time_limit: float | None = 10.0,
          node_limit: int | None = None, cancel: CancelFlag | None = None,
          table_limit: int | None = None) -> SolveResult:
    """Decide whether a position can still be won, and how.

    The solver plays the *thoughtful* game: it sees every card, face-down cards and the stock's order included,
    as if the cards were open. So "winnable" means "some sequence of moves wins", which a player who cannot see
    the hidden cards may well miss; "unwinnable" means that no sequence wins, so no player can.

    ``game_or_position`` is a :class:`~solitaire_widget.Game` or a FORMAT.md position dict (checked as
    ``Game.from_position`` checks it). The answer is exact: "winnable" comes with ``line``, public moves that
    ``Game.play`` replays to a win from that position; "unwinnable" is proved by searching every possibility.
    When ``time_limit`` seconds (``None``: no limit) or ``node_limit`` moves of search run out first, or when
    ``cancel.is_set()`` turns true (``cancel`` is any object with ``is_set()``, such as a
    :class:`threading.Event`; it is looked at every few milliseconds), the verdict is "unknown".
    ``table_limit`` caps how many states each table of the search holds, which bounds its memory (``None``: the
    engine's own cap, :data:`TABLE_LIMIT`).

    All five games are solved with their real rules: Klondike-family pass limits (two redeals, none, or
    unlimited), one- and three-card deals, and Camelot's filling and removing phases.

    A Klondike-family search is run in phases: a first search; short restarts in perturbed move orders; when the
    game limits the redeals or deals three cards at a time, its relaxed game (one card, unlimited redeals),
    whose proof of a loss proves the real game lost and whose win guides searches of the real game; and a last
    search with the rest of the budget (see :mod:`solitaire_widget.solver.restarts`). Each search skips the
    states that earlier ones proved lost, however they were cut off. ``stats`` sums them, and
    says how many restarts ran and in which phase the verdict was found (``decided_in``). Those
    positions are searched by the compiled core when it is built, else in Python; both run the same search to
    the same answer. The environment variable ``SOLITAIRE_SOLVER=python`` forces Python (see
    :mod:`solitaire_widget.solver.compiled`); ``stats["engine"]`` says which ran, "c" or "python".
    """
    budget = Budget(_check_limit("time_limit", time_limit, float), _check_limit("node_limit", node_limit, int),
                    check_cancel(cancel))
    if table_limit is not None and (isinstance(table_limit, bool) or not isinstance(table_limit, int)
                                    or table_limit < 1):
        raise ValueError(f"table_limit must be a whole number of states, at least 1, not {short(table_limit)}")
    position = _position_of(game_or_position)
    verdict, internal, stats = _search(position, budget, table_limit)
    return SolveResult(verdict, _public_line(position, internal), stats)  # type: ignore[arg-type]  # a Verdict: the searches type it str


def decide(game: Game, *, time_limit: float | None = None, node_limit: int | None = None,
           cancel: CancelFlag | None = None) -> tuple[str, Move | None]:
    """The verdict on ``game`` and, when it is winnable, only the first move of the line found: what the advice
    needs of each of its many solves. It skips building the whole line, which costs as much as a short search.
    The budget is checked by the caller (see :func:`solve` for what it means)."""
    position = game.position()
    verdict, internal, _ = _search(position, Budget(time_limit, node_limit, cancel), None)
    line = _public_line(position, internal[:1])
    return verdict, line[0] if line else None


def quick_verdict(game: Game, node_limit: int) -> tuple[str, int]:
    """The verdict of one plain depth-first search of the position of ``game``, of at most ``node_limit`` nodes
    (no restarts, no relaxed game, no proofs kept between calls), and the nodes it took.

    "winnable" and "unwinnable" are as exact as :func:`solve`'s, but most hard positions stay "unknown". It is what
    the fair player asks of the thousands of positions it samples at each choice: not whether a sample can be won
    at all (nearly every one can, by someone who sees its hidden cards), but whether a win is *easy to find* from
    it, which a player who cannot see them may hope to find too; the nodes say how easy. The budget is the
    caller's to check.
    """
    if game.variant == "camelot":
        budget = Budget(None, node_limit, None)
        verdict, _, stats = depth_first(CamelotState(game.position(), budget), budget, max(1_000, node_limit))
        return verdict, stats["nodes"]
    # The state is read straight from the rules engine's piles (the advice made the game itself, from a sample):
    # writing the position out as card codes and reading it back would cost more than a small search.
    engine = game._engine
    state = KlondikeState.of_piles(game.variant, game.options, engine.piles, engine.redeals_used)  # type: ignore[union-attr]
    search = compiled.search if compiled.klondike_engine() == "c" else depth_first
    verdict, _, stats = search(state, Budget(None, node_limit, None), max(1_000, node_limit))
    return verdict, stats["nodes"]


def canonical(game: Game) -> tuple[bytes, tuple[int, int]]:
    """The solver's name for the position of ``game``: its table key and cost. Two positions *of the same deal*
    with the same name are the same to the solver (the key leaves out what cannot matter: the order of the columns,
    of the foundations, of Camelot's interchangeable cells), so they have the same verdict."""
    position = game.position()
    state = CamelotState(position) if position["variant"] == "camelot" else KlondikeState(position)
    return state.key(), state.cost()


def _search(position: dict[str, Any], budget: Budget,
            table_limit: int | None) -> tuple[str, list[tuple[Any, ...]], dict[str, Any]]:
    """Search a checked position with the right engine; the internal line, and the stats with the engine."""
    if position["variant"] == "camelot":
        engine = "python"
        state = CamelotState(position, budget)
        verdict, internal, stats = depth_first(state, budget, table_limit or TABLE_LIMIT[engine])
        stats["relaxed_nodes"] = state.relaxed_nodes
    else:
        # The compiled core when it is built (and SOLITAIRE_SOLVER does not say python): the same search.
        engine = compiled.klondike_engine()
        search = compiled.search if engine == "c" else depth_first
        verdict, internal, stats = search_in_phases(position, search, budget, table_limit or TABLE_LIMIT[engine])
    stats["seconds"] = round(budget.elapsed(), 4)
    stats["engine"] = engine
    return verdict, internal if verdict == "winnable" else [], stats


def _public_line(position: dict[str, Any], internal: list[tuple[Any, ...]]) -> list[Move]:
    """The internal moves as public ones, replayed from a fresh state (the search leaves its own where it
    stopped)."""
    if not internal:
        return []
    fresh = CamelotState(position) if position["variant"] == "camelot" else KlondikeState(position)
    return [Move.from_dict(d) for d in fresh.public_moves(internal)]


def locked_cards(game_or_position: Game | dict[str, Any]) -> list[str]:
    """The cards of a Klondike-family position that can never leave their place, each lying on top of the cards
    it keeps buried with it (columns in order, then the waste at the last pass), as card codes.

    Any card at all proves the position lost, and ``solve`` says "unwinnable" at once; an empty list proves
    nothing. The check sees every card, as the solver does, and is the one the solver makes before it searches
    (see :meth:`solitaire_widget.solver.klondike.KlondikeState.stuck_cards` for how it works and why it is
    sound). In Klondike deal 5 the Queen of spades lies face down on both red Kings it could be built on and on
    the Ace of spades, which must go up before it can:

    >>> import solitaire_widget as sw
    >>> sw.locked_cards(sw.new_game("klondike", deal=5))
    ['QS']
    >>> sw.locked_cards(sw.new_game("klondike", deal=1))
    []

    Camelot has no columns to be locked in: asking about a Camelot position is a ValueError.
    """
    position = _position_of(game_or_position, "locked_cards")
    if position["variant"] == "camelot":
        raise ValueError("locked_cards() looks into Klondike-family columns; a Camelot position has none")
    return [CODE[card] for card in KlondikeState(position).stuck_cards()]


def _position_of(game_or_position: object, caller: str = "solve") -> dict[str, Any]:
    """The FORMAT.md position to look at, validated by the rules model."""
    if isinstance(game_or_position, Game):
        return game_or_position.position()
    if isinstance(game_or_position, dict):
        return Game.from_position(game_or_position).position()
    raise ValueError(f"{caller}() takes a Game or a position dict (FORMAT.md), "
                     f"not {type(game_or_position).__name__}")


def _check_limit(name: str, value: object, kind: type) -> Any:
    """``value`` if it is None or a finite number, zero or more, of the right kind (a whole one for ``int``, at most
    :data:`MAX_NODES`); ValueError otherwise, also for a number too large for a float."""
    if kind is float:
        return number(value, name, at_least=0, allow_none=True)
    return None if value is None else whole(value, name, 0, MAX_NODES)


def check_cancel(cancel: object) -> CancelFlag | None:
    """``cancel`` if it is None or an object with an ``is_set()`` method (an instance, not a class); ValueError
    otherwise."""
    if cancel is not None and (isinstance(cancel, type) or not callable(getattr(cancel, "is_set", None))):
        raise ValueError(f"cancel must be an object with an is_set() method, such as threading.Event(); got "
                         f"{short(cancel)}")
    return cancel  # type: ignore[return-value]
