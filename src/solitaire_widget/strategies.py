"""Simple ways to play, for testing the help pages' advice by experiment.

The help pages give advice ("fill the centre first", "do not give up easily"). The notebooks test it the way a
scientist would: write the advice down as a strategy, let the rules model play the same few hundred deals with it
and with a few alternatives, and compare win rates and scores. This module holds those strategies and the small
amount of machinery to run and summarise such an experiment, so that a notebook cell stays a one-liner.

>>> results = compare("camelot", ["random", "centre-first"], deals=range(1, 6))
>>> [(r.strategy, r.deal) for r in results[:3]]
[('random', 1), ('random', 2), ('random', 3)]
>>> table = summary(results)
>>> sorted(table), table["centre-first"].games
(['centre-first', 'random'], 5)

A strategy ranks the legal moves of a position, best first (and may leave out moves it would never play). The
player (:func:`play_out`) plays the best-ranked move that does not bring back a position seen before in the game,
and stops when the game is won, when every ranked move would repeat a position (or there is none), or after
``max_moves``. A strategy with a search budget plays differently: it "tries every possible move in turn", as the
Athena page advises, going back (undo) when a line leads nowhere, and ends on the best position it reached. A
person can do that too, since the games allow unlimited undo, but it is far more patient than a person.

**Fair or not.** A strategy is *fair* (``Strategy.fair``) when it plays without undo, from what a player sees: two
games that show the same cards get the same moves, whatever lies face down (``tests/strategies`` checks it on
games that differ only in their hidden cards and their deal number). The search is not fair: it learns a
face-down card when a move it tries turns it up, then takes that move back and plays on knowing it. That is why
it is named ``undo-search``, and why only fair strategies count where the documents pick "the best simple
strategy": undo-search is shown beside them, as a strategy that tries moves and takes them back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import RANK, SUIT, is_red, parse_card
from .checks import short, whole
from .i18n import N_, decimal, ngettext, percent, pgettext
from .i18n import gettext as _
from .game import Game, new_game
from .moves import Move
from .variants import VARIANTS as _VARIANTS

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["STRATEGIES", "Result", "Strategy", "Summary", "compare", "play_out", "plot", "report",
           "strategies_for", "summary"]

Ranking = Callable[[Game, random.Random], list[Move]]


@dataclass(frozen=True)
class Strategy:
    """A named way of playing one family of games (``"klondike"``: Athena, Thumb and Pouch, Aunt Mary, Klondike;
    or ``"camelot"``).

    ``english`` is what it does, in English as written here (the catalogues' source); :attr:`description` says it
    in the language in force. ``rank`` orders the legal moves of a position, best first. ``search`` > 0 makes the
    player try every ranked move in turn, with undo, visiting at most that many positions (see :func:`play_out`).
    ``fair`` says that it plays without undo, from what a player sees (see the module docs); a strategy that searches
    cannot be fair.
    """

    name: str
    family: str
    english: str
    rank: Ranking
    search: int = 0
    fair: bool = True

    @property
    def description(self) -> str:
        """What the strategy does, in the language in force."""
        return _(self.english)

    def __post_init__(self) -> None:
        if self.search and self.fair:
            raise ValueError(f"the strategy {self.name!r} searches with undo, so it sees the cards the moves it takes "
                             "back turned up: it cannot be fair; give it fair=False")


@dataclass(frozen=True)
class Result:
    """How one game played by one strategy ended."""

    variant: str
    deal: int
    strategy: str
    score: int
    status: str
    moves: int

    @property
    def won(self) -> bool:
        return self.status == "won"


@dataclass(frozen=True)
class Summary:
    """One strategy's results over a set of deals."""

    strategy: str
    games: int
    wins: int
    mean_score: float

    @property
    def win_rate(self) -> float:
        """Share of the games won, from 0 to 1."""
        return self.wins / self.games if self.games else 0.0


# --------------------------------------------------------------------------------------------------------------
# Klondike family: what a move does
# --------------------------------------------------------------------------------------------------------------

_TO_FOUNDATION, _TURNS_A_CARD, _CLEARS_A_COLUMN, _FROM_WASTE, _DEAL, _REDEAL, _SHUFFLE, _TAKE_BACK = range(8)


def _turns_a_card(game: Game, move: Move) -> int:
    """How many face-down cards lie under the group a tableau move takes away, if the top one gets turned up."""
    if move.kind != "move" or not move.src.startswith("t"):  # type: ignore[union-attr]
        return 0
    column = game.cards_in(move.src)  # type: ignore[arg-type]
    below = column[: len(column) - move.count]
    return sum(code.islower() for code in below) if below and below[-1].islower() else 0


def _kind(game: Game, move: Move) -> int:
    """Which of the kinds above a legal Klondike-family move is (the first that applies)."""
    if move.kind == "deal":
        return _DEAL
    if move.kind == "redeal":
        return _REDEAL
    src, dst = move.src or "", move.dst or ""
    if dst.startswith("f"):
        return _TO_FOUNDATION
    if src.startswith("f"):
        return _TAKE_BACK
    if src == "waste":
        return _FROM_WASTE
    if _turns_a_card(game, move):
        return _TURNS_A_CARD
    if move.count == len(game.cards_in(src)) and game.cards_in(dst):
        return _CLEARS_A_COLUMN
    return _SHUFFLE


def _is_safe_to_send_up(game: Game, move: Move) -> bool:
    """Whether the card a move sends to a foundation is no longer needed on the tableau.

    A card is needed while a card that could be built on it (one rank lower, of a suit the game's building rule
    allows) is still in play. Aces and Twos are always safe.
    """
    source = game.cards_in(move.src)  # type: ignore[arg-type]
    card = parse_card(source[-1])
    rank = RANK[card]
    if rank <= 2:
        return True
    up = {SUIT[parse_card(pile[-1])]: RANK[parse_card(pile[-1])]
          for pile in (game.cards_in(f"f{i}") for i in range(1, 5)) if pile}
    if game.rules.build == "other-suit":
        builders = [suit for suit in range(4) if suit != SUIT[card]]
    else:
        builders = [suit for suit in range(4) if is_red(suit * 13) != is_red(card)]
    return all(up.get(suit, 0) >= rank - 1 for suit in builders)


def _ordered(game: Game, order: Sequence[int], *, turn_most_first: bool = True) -> list[Move]:
    """The legal moves of kinds in ``order``, in that order; moves of other kinds are left out.

    Within a kind, moves that turn up a card from the deepest column come first: uncovering the longest column
    frees the most cards (the usual advice for Klondike).
    """
    priority = {kind: i for i, kind in enumerate(order)}
    keyed = []
    for index, move in enumerate(game.legal_moves()):
        kind = _kind(game, move)
        if kind in priority:
            depth = _turns_a_card(game, move) if turn_most_first else 0
            keyed.append((priority[kind], -depth, index, move))
    return [move for *_, move in sorted(keyed, key=lambda item: item[:3])]


def _random_moves(game: Game, rng: random.Random) -> list[Move]:
    moves = game.legal_moves()
    rng.shuffle(moves)
    return moves


def _bold(game: Game, rng: random.Random) -> list[Move]:
    return _ordered(game, (_TO_FOUNDATION, _TURNS_A_CARD, _CLEARS_A_COLUMN, _FROM_WASTE, _DEAL, _REDEAL, _SHUFFLE))


def _cautious(game: Game, rng: random.Random) -> list[Move]:
    moves = _ordered(game, (_TO_FOUNDATION, _TURNS_A_CARD, _CLEARS_A_COLUMN, _FROM_WASTE, _DEAL, _REDEAL,
                            _SHUFFLE))
    safe = [m for m in moves if m.dst and m.dst.startswith("f") and _is_safe_to_send_up(game, m)]
    unsafe = [m for m in moves if m.dst and m.dst.startswith("f") and m not in safe]
    rest = [m for m in moves if not (m.dst and m.dst.startswith("f"))]
    # An unsafe card still goes up when nothing but shuffling is left: a card up beats no progress at all.
    shuffles = [m for m in rest if _kind(game, m) == _SHUFFLE]
    return safe + [m for m in rest if m not in shuffles] + unsafe + shuffles


def _undo_search(game: Game, rng: random.Random) -> list[Move]:
    return _ordered(game, (_TO_FOUNDATION, _TURNS_A_CARD, _CLEARS_A_COLUMN, _FROM_WASTE, _DEAL, _REDEAL, _SHUFFLE,
                           _TAKE_BACK))


# --------------------------------------------------------------------------------------------------------------
# Camelot: where a card goes
# --------------------------------------------------------------------------------------------------------------

_CENTRE = ("r2c2", "r2c3", "r3c2", "r3c3")


def _camelot_ranked(game: Game, rng: random.Random, place: Callable[[Game, list[Move], random.Random],
                                                                     list[Move]]) -> list[Move]:
    """Remove whatever can be removed, then place the waste card as ``place`` prefers, then deal.

    Removing first is always right in phase two: a removal frees cells, and dealing again would forbid removing
    until the grid is full once more.
    """
    moves = game.legal_moves()
    removals = [m for m in moves if m.kind == "remove"]
    placements = [m for m in moves if m.kind == "place"]
    deals = [m for m in moves if m.kind == "deal"]
    return removals + (place(game, placements, rng) if placements else []) + deals


def _partner_on_grid(game: Game, code: str) -> bool:
    """Whether a card would leave the grid in phase two: a ten, or a card whose partner to ten is on the grid."""
    value = RANK[parse_card(code)]
    if value == 10:
        return True
    if value > 10:
        return False
    on_grid = [game.cards_in(cell) for cell in game.pile_names if cell.startswith("r")]
    return any(cards and RANK[parse_card(cards[-1])] == 10 - value for cards in on_grid)


def _random_cell(game: Game, rng: random.Random) -> list[Move]:
    return _camelot_ranked(game, rng, lambda g, placements, r: r.sample(placements, len(placements)))


def _centre_first(game: Game, rng: random.Random) -> list[Move]:
    def place(g: Game, placements: list[Move], r: random.Random) -> list[Move]:
        shuffled = r.sample(placements, len(placements))
        return sorted(shuffled, key=lambda m: m.dst not in _CENTRE)

    return _camelot_ranked(game, rng, place)


def _edge_first(game: Game, rng: random.Random) -> list[Move]:
    def place(g: Game, placements: list[Move], r: random.Random) -> list[Move]:
        shuffled = r.sample(placements, len(placements))
        return sorted(shuffled, key=lambda m: m.dst in _CENTRE)

    return _camelot_ranked(game, rng, place)


def _help_page(game: Game, rng: random.Random) -> list[Move]:
    def place(g: Game, placements: list[Move], r: random.Random) -> list[Move]:
        shuffled = r.sample(placements, len(placements))
        leaving = _partner_on_grid(g, g.cards_in("waste")[-1])
        return sorted(shuffled, key=lambda m: (m.dst in _CENTRE) == leaving)

    return _camelot_ranked(game, rng, place)


# --------------------------------------------------------------------------------------------------------------
# The strategies
# --------------------------------------------------------------------------------------------------------------

#: Every strategy, Klondike family first. The two families each have a "random" baseline; look strategies up by
#: game with :func:`strategies_for`.
STRATEGIES: tuple[Strategy, ...] = (
    Strategy("random", "klondike", N_("any legal move, chosen at random"), _random_moves),
    Strategy("bold", "klondike", N_("every card to the foundations as soon as it can go; then turn up face-down cards; "
             "then play from the waste; deal when nothing else helps"), _bold),
    Strategy("cautious", "klondike", N_("like bold, but a card goes up only once no card that could be built on it is "
             "left in play (Aces and Twos at once)"), _cautious),
    Strategy("undo-search", "klondike", N_("tries moves and takes them back: the bold order, but when a line leads "
             "nowhere, undo and try every other move in turn, taking cards back down from the foundations too; it "
             "sees what every move it tries turns up, so it is not fair"), _undo_search, search=3000, fair=False),
    Strategy("random", "camelot", N_("each card into a random cell that takes it"), _random_cell),
    Strategy("centre-first", "camelot", N_("fill the four centre cells first, then the edges"), _centre_first),
    Strategy("edge-first", "camelot", N_("fill the edges first, then the centre"), _edge_first),
    Strategy("help-page", "camelot", N_("the centre first, but a card that will pair off (a ten, or a card whose "
             "partner is on the grid) goes to an edge"), _help_page),
)


def strategies_for(variant: str) -> dict[str, Strategy]:
    """The strategies that play ``variant``, by name."""
    family = "camelot" if variant == "camelot" else "klondike"
    if not isinstance(variant, str) or variant not in _VARIANTS:
        raise ValueError(f"unknown game {short(variant)}; the games are {', '.join(_VARIANTS)}")
    return {strategy.name: strategy for strategy in STRATEGIES if strategy.family == family}


def _strategy(variant: str, strategy: str | Strategy) -> Strategy:
    if not isinstance(strategy, (str, Strategy)):
        raise ValueError(f"a strategy is a Strategy or a strategy's name, not {short(strategy)}")
    if isinstance(strategy, Strategy):
        family = "camelot" if variant == "camelot" else "klondike"
        if strategy.family != family:
            raise ValueError(f"the strategy {strategy.name!r} plays the {strategy.family} family, not {variant}")
        return strategy
    choices = strategies_for(variant)
    if strategy not in choices:
        raise ValueError(f"no strategy {short(strategy)} for {variant}; choose from {', '.join(choices)}")
    return choices[strategy]


# --------------------------------------------------------------------------------------------------------------
# Playing
# --------------------------------------------------------------------------------------------------------------

def _key(game: Game) -> tuple[object, ...]:
    """Equal keys mean the same position: the cards of every pile but the stock and the waste, the stock's size,
    the score, the redeals left and Camelot's phase.

    The stock and the waste need not be read: together they always hold the cards not elsewhere, in the order of
    the deal (a redeal turns the waste back in the same order), so the stock's size says where they split. Reading
    the piles one by one is also much cheaper than ``position()``, which works out the status as well: a search for
    a way out, far too slow to run on every move the player considers.
    """
    piles = tuple(tuple(game.cards_in(pile)) for pile in game.pile_names if pile not in ("stock", "waste"))
    return piles + (game.stock_count, game.score, game.redeals_left, game.phase)


# The score of a won game: every card on the foundations, or Camelot's 40 cards removed. Checking it is much
# cheaper than asking for the status, which for an unfinished game searches for a way out.
_WINNING_SCORE = {"klondike": 52, "camelot": 40}


def play_out(game: Game, strategy: str | Strategy, *, seed: int = 0, max_moves: int = 1000) -> Result:
    """Play ``game`` (in place, from where it stands) with ``strategy`` until it stops, and say how it ended.

    ``seed`` makes the random choices repeatable. The game keeps its history, so the line can be replayed or
    undone afterwards. Raises ValueError for a strategy that does not play this game.
    """
    if not isinstance(game, Game):
        raise ValueError(f"play_out() plays a Game, not {type(game).__name__}")
    chosen = _strategy(game.variant, strategy)
    rng = random.Random(whole(seed, "seed"))
    max_moves = whole(max_moves, "max_moves", 1, 1_000_000)
    if chosen.search:
        played = _search(game, chosen, rng, max_moves)
    else:
        seen = {_key(game)}
        target = _WINNING_SCORE[chosen.family]
        played = 0
        while game.score < target and played < max_moves:
            for move in chosen.rank(game, rng):
                game.play(move)
                key = _key(game)
                if key not in seen:
                    seen.add(key)
                    played += 1
                    break
                game.undo()
            else:
                break  # every move the strategy would play brings back a position already seen
    return Result(variant=game.variant, deal=-1 if game.deal is None else game.deal, strategy=chosen.name,
                  score=game.score, status=game.status, moves=played)


def _search(game: Game, strategy: Strategy, rng: random.Random, max_moves: int) -> int:
    """Depth-first search in the strategy's order, ending on the best position found (highest score, then
    fewest moves); answers how many moves that is from where the search began.

    Each position is entered once; the search stops at a win, or after ``strategy.search`` positions.
    """
    target = _WINNING_SCORE[strategy.family]
    seen = {_key(game)}
    line: list[Move] = []  # the moves from where the search began to the position in hand
    best = (game.score, 0, list(line))
    stack = [iter(strategy.rank(game, rng))]
    budget = strategy.search
    while stack and budget > 0:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if line:
                game.undo()
                line.pop()
            continue
        game.play(move)
        key = _key(game)
        if key in seen or len(line) >= max_moves:
            game.undo()
            continue
        seen.add(key)
        budget -= 1
        line.append(move)
        if (game.score, -len(line)) > best[:2]:
            best = (game.score, -len(line), list(line))
        if game.score == target:
            break
        stack.append(iter(strategy.rank(game, rng)))
    for _ in line:
        game.undo()
    for move in best[2]:
        game.play(move)
    return len(best[2])


def compare(variant: str, strategies: Iterable[str | Strategy], deals: Iterable[int], *, seed: int = 0,
            max_moves: int = 1000, **options: int) -> list[Result]:
    """Play each deal with each strategy (from the deal's start), strategy by strategy; one Result per game.

    The same deals for every strategy make the comparison fair: a difference in wins is the strategy's, not luck
    in the deals. ``options`` are the game's options (``draw=3``).
    """
    deals = list(deals)
    results = []
    for strategy in strategies:
        for deal in deals:
            results.append(play_out(new_game(variant, deal=deal, **options), strategy, seed=seed + deal,
                                    max_moves=max_moves))
    return results


def summary(results: Iterable[Result]) -> dict[str, Summary]:
    """Games, wins, win rate and mean score per strategy, in the order the strategies first appear."""
    grouped: dict[str, list[Result]] = {}
    for result in results:
        grouped.setdefault(result.strategy, []).append(result)
    return {name: Summary(strategy=name, games=len(games), wins=sum(r.won for r in games),
                          mean_score=sum(r.score for r in games) / len(games))
            for name, games in grouped.items()}


def report(results: Iterable[Result]) -> str:
    """The summary as a small text table, one line per strategy: games won, win rate, mean score, in the language in
    force (its words, and its decimal comma).

    >>> print(report([Result("camelot", 1, "centre-first", 40, "won", 126),
    ...               Result("camelot", 2, "centre-first", 12, "lost", 50)]))
    strategy       won    of    rate  mean score
    centre-first     1     2   50.0%        26.0
    """
    headings = [pgettext("a column of a strategies' report", "strategy"),
                pgettext("a column of a strategies' report", "won"),
                pgettext("a column of a strategies' report", "of"),
                pgettext("a column of a strategies' report", "rate"),
                pgettext("a column of a strategies' report", "mean score")]
    rows = [[row.strategy, str(row.wins), str(row.games), percent(row.win_rate, 1, fixed=True),
             decimal(row.mean_score)] for row in summary(results).values()]
    # The first column to the left, the figures to the right, each at least as wide as the English table's.
    widths = [max([least, *(len(line[i]) for line in [headings, *rows])])
              for i, least in enumerate((0, 4, 5, 6, 10))]
    gaps = ("", "  ", " ", "  ", "  ")

    def line(cells: Sequence[str]) -> str:
        return "".join(gap + (cell.ljust(width) if i == 0 else cell.rjust(width))
                       for i, (gap, cell, width) in enumerate(zip(gaps, cells, widths, strict=True))).rstrip()

    return "\n".join(line(cells) for cells in [headings, *rows])


def plot(results: Iterable[Result], *, measure: str = "wins", title: str | None = None,
         ax: Axes | None = None) -> Axes:
    """A bar per strategy: its win rate (``measure="wins"``, with the mean score written on each bar) or its mean
    score (``measure="score"``, for games that are rarely won). Needs matplotlib."""
    import matplotlib.pyplot as plt

    if measure not in ("wins", "score"):
        raise ValueError(f"measure must be 'wins' or 'score', not {measure!r}")
    table = summary(results)
    if ax is None:
        ax = plt.subplots(figsize=(6.4, 3.2))[1]
    names = list(table)
    if measure == "wins":
        heights = [100 * table[name].win_rate for name in names]
        labels = [_("mean score {score}").format(score=decimal(table[name].mean_score)) for name in names]
        ax.set_ylabel(pgettext("a plot's axis", "games won (%)"))
        ax.set_ylim(0, max(100.0, *heights) * 1.12)
    else:
        heights = [table[name].mean_score for name in names]
        labels = [_("{share} won").format(share=percent(table[name].win_rate)) for name in names]
        ax.set_ylabel(pgettext("a plot's axis", "mean score"))
        ax.set_ylim(0, max(1.0, *heights) * 1.15)
    bars = ax.bar(names, heights, color="#2f6f9f")
    for bar, label in zip(bars, labels, strict=True):
        ax.annotate(label, (bar.get_x() + bar.get_width() / 2, bar.get_height()), xytext=(0, 3),
                    textcoords="offset points", ha="center", fontsize=9)
    games = table[names[0]].games if names else 0
    ax.set_title(title or ngettext("{count} deal per strategy", "{count} deals per strategy", games).format(
        count=games))
    ax.spines[["top", "right"]].set_visible(False)
    return ax
