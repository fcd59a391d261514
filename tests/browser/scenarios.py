"""Deals chosen by the rules model for each browser scenario, and the board each position must show.

Nothing here is hard-coded from a look at a deal: each helper searches deal numbers upwards from 1 with the rules
model (the same package the kernel runs) until the scenario happens, and returns what the test needs to know: the
deal, the move, the position before and after. So the tests stay right when the rules model or its move order
changes, and a scenario that can no longer happen fails loudly here instead of silently testing nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import solitaire_widget as sw
from solitaire_widget import Game, Move

FAMILY = tuple(v for v in sw.VARIANTS if v != "camelot")
SEARCH_LIMIT = 5000
COURT = "JQK"


def is_tableau(pile: str | None) -> bool:
    return bool(pile) and pile[0] == "t" and pile[1:].isdigit()


def find_deal(variant: str, wanted: Callable[[Game], Any], what: str, **options: Any) -> tuple[int, Any]:
    """The first deal number (from 1) whose game makes ``wanted(game)`` truthy, with that value."""
    for deal in range(1, SEARCH_LIMIT):
        found = wanted(sw.new_game(variant, deal=deal, **options))
        if found:
            return deal, found
    raise LookupError(f"no {variant} deal below {SEARCH_LIMIT} has {what}")


@dataclass(frozen=True)
class MoveScenario:
    variant: str
    deal: int
    setup: tuple[str, ...]  # moves played from Python first, in text form
    move: Move
    before: dict[str, Any]  # position after the setup
    after: dict[str, Any]  # position after the move (for an illegal move: the same as before)
    explanation: str  # the rules model's words for the move


def _scenario(variant: str, deal: int, setup: tuple[str, ...], move: Move) -> MoveScenario:
    game = sw.new_game(variant, deal=deal)
    for text in setup:
        game.play(text)
    before = game.position()
    explanation = game.explain(move)
    if game.is_legal(move):
        game.play(move)
    return MoveScenario(variant, deal, setup, move, before, game.position(), explanation)


@cache
def tableau_move(variant: str) -> MoveScenario:
    """A deal whose opening position has a move from one column to another; the first such move listed."""

    def first_tableau_move(game: Game) -> Move | None:
        return next((m for m in game.legal_moves() if m.kind == "move" and is_tableau(m.src) and is_tableau(m.dst)),
                    None)

    deal, move = find_deal(variant, first_tableau_move, "a tableau-to-tableau move at the start")
    return _scenario(variant, deal, (), move)


@cache
def illegal_tableau_drop(variant: str) -> MoveScenario:
    """In the opening position of the ``tableau_move`` deal: a face-up top card dropped on a column it may not go on.

    Prefers a drop onto a face-up card (the build rule is then what the explanation talks about).
    """
    deal = tableau_move(variant).deal
    game = sw.new_game(variant, deal=deal)
    columns = [name for name in game.pile_names if is_tableau(name)]
    for src in columns:
        src_cards = game.cards_in(src)
        if not src_cards or not src_cards[-1].isupper():
            continue
        for dst in columns:
            dst_cards = game.cards_in(dst)
            if dst == src or not dst_cards or not dst_cards[-1].isupper():
                continue
            move = Move.move(src, dst, 1)
            if not game.is_legal(move):
                return _scenario(variant, deal, (), move)
    raise LookupError(f"{variant} deal {deal} has no illegal drop between two face-up column tops")


@cache
def foundation_double_click(variant: str) -> MoveScenario:
    """A deal whose opening position has a column topped by a card that can go up (an Ace)."""

    def column_to_foundation(game: Game) -> Move | None:
        for pile in game.pile_names:
            if is_tableau(pile):
                move = game.foundation_move(pile)
                if move is not None:
                    return move
        return None

    deal, move = find_deal(variant, column_to_foundation, "a card that can go to a foundation at the start")
    return _scenario(variant, deal, (), move)


def waste_move_after_a_deal(variant: str, **options: Any) -> MoveScenario:
    """A deal where, after one click on the stock, the waste's top card can be played; the first such move."""

    def waste_move(game: Game) -> Move | None:
        game.play(Move.deal())
        return next((m for m in game.legal_moves() if m.kind == "move" and m.src == "waste"), None)

    deal, move = find_deal(variant, waste_move, "a playable waste card after the first deal", **options)
    game = sw.new_game(variant, deal=deal, **options)
    game.play(Move.deal())
    before = game.position()
    explanation = game.explain(move)
    game.play(move)
    return MoveScenario(variant, deal, ("deal",), move, before, game.position(), explanation)


def after_moves(variant: str, deal: int, moves: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The position after playing ``moves`` (text form) from the start of a deal."""
    game = sw.new_game(variant, deal=deal)
    for move in moves:
        game.play(move)
    return game.position()


def stock_run(variant: str, deal: int = 1) -> list[tuple[Move, dict[str, Any]]]:
    """Every stock click from the start until the stock is spent: (the move, the position after it)."""
    game = sw.new_game(variant, deal=deal)
    steps = []
    while True:
        if game.stock_count:
            move = Move.deal()
        elif game.is_legal(Move.redeal()):
            move = Move.redeal()
        else:
            return steps
        game.play(move)
        steps.append((move, game.position()))


def face_up_suits(variant: str, suits: str) -> int:
    """A deal whose opening tableau shows a face-up card of each of ``suits``."""

    def shows_all(game: Game) -> bool:
        up = {card[1] for column in game.position()["tableau"] for card in column if card.isupper()}
        return set(suits) <= up

    return find_deal(variant, shows_all, f"face-up cards of suits {suits}")[0]


def one_move_from_winning(variant: str) -> dict[str, Any]:
    """A position of a Klondike-family game whose only card off the foundations, the King of spades, tops column 1."""
    ranks = "A23456789TJQK"
    game = sw.new_game(variant, deal=1)
    position = game.position()
    columns = len(position["tableau"])
    position.update(
        deal=None, stock=[], waste=[], moves=0, score=51, status="playing",
        foundations=[[rank + suit for rank in ranks] for suit in "CDH"] + [[rank + "S" for rank in ranks[:-1]]],
        tableau=[["KS"]] + [[] for _ in range(columns - 1)],
    )
    won = Game.from_position(position)
    assert won.foundation_move("t1") is not None
    return position


# -- Camelot -----------------------------------------------------------------------------------------------------

CENTRE = ("r2c2", "r2c3", "r3c2", "r3c3")


def _camelot_fill_move(game: Game) -> Move | None:
    """The helper's fill policy: number cards in the centre first, then anywhere; court cards where they may go."""
    places = [m for m in game.legal_moves() if m.kind == "place"]
    if not places:
        return None
    centre = [m for m in places if m.dst in CENTRE]
    return (centre or places)[0]


def fill_camelot(game: Game) -> list[str] | None:
    """Play ``game``'s filling by the helper's policy (deal when it may, else place), for as long as it is filling
    and playing; the moves played, or None when a dealt card found no cell it may take (the game is then over)."""
    moves: list[str] = []
    while game.phase == "fill" and game.status == "playing":
        move = Move.deal() if game.is_legal(Move.deal()) else _camelot_fill_move(game)
        if move is None:
            return None
        game.play(move)
        moves.append(str(move))
    return moves


@cache
def camelot_place() -> MoveScenario:
    """The first card dealt is a number card; it is placed in the centre (r2c2)."""
    deal, _ = find_deal("camelot", lambda g: g.position()["stock"][-1][0] not in COURT + "T", "a number card first")
    return _scenario("camelot", deal, ("deal",), Move.place("r2c2"))


@cache
def camelot_illegal_place() -> MoveScenario:
    """The first card dealt is a King; dropping it in the centre breaks the corner rule."""
    deal, _ = find_deal("camelot", lambda g: g.position()["stock"][-1][0] == "K", "a King first")
    return _scenario("camelot", deal, ("deal",), Move.place("r2c2"))


@dataclass(frozen=True)
class CamelotRemovals:
    deal: int
    setup: tuple[str, ...]  # fill moves played from Python until the grid is full
    ten: MoveScenario  # removing a single ten
    pair: MoveScenario  # then removing a pair adding to ten


@cache
def camelot_removals() -> CamelotRemovals:
    """A deal that, filled by the helper's policy, reaches phase two with a ten and (after it) a pair to remove."""

    def fill_then_removals(game: Game) -> tuple[tuple[str, ...], Move, Move] | None:
        setup = fill_camelot(game)
        if setup is None or game.phase != "remove" or game.status != "playing":
            return None
        removals = [m for m in game.legal_moves() if m.kind == "remove"]
        ten = next((m for m in removals if len(m.cells) == 1), None)
        if ten is None:
            return None
        game.play(ten)
        pair = next((m for m in game.legal_moves() if m.kind == "remove" and len(m.cells) == 2), None)
        return (tuple(setup), ten, pair) if pair else None

    deal, (setup, ten, pair) = find_deal("camelot", fill_then_removals, "a full grid with a ten and a pair")
    return CamelotRemovals(deal, setup, _scenario("camelot", deal, setup, ten),
                           _scenario("camelot", deal, setup + (str(ten),), pair))


# -- what the board must show ------------------------------------------------------------------------------------

def expected_board(position: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """For each pile, the ``data-card`` values its DOM must hold, bottom to top.

    ``mode`` is "exact", or "top" where the board may show only the top cards of a pile (the waste and the
    foundations): then the DOM's cards must be the last ones of the pile, and at least the top card shown. The
    stock is face down: one back (or more) while it has cards, none when it is empty.
    """
    piles: dict[str, dict[str, Any]] = {
        "stock": {"cards": ["down"] if position["stock"] else [], "mode": "backs"},
        "waste": {"cards": list(position["waste"]), "mode": "top"},
    }
    if position["variant"] == "camelot":
        for r, row in enumerate(position["grid"], start=1):
            for c, card in enumerate(row, start=1):
                piles[f"r{r}c{c}"] = {"cards": [card] if card else [], "mode": "exact"}
        return piles
    for f, pile in enumerate(position["foundations"], start=1):
        piles[f"f{f}"] = {"cards": list(pile), "mode": "top"}
    for t, column in enumerate(position["tableau"], start=1):
        piles[f"t{t}"] = {"cards": [card if card.isupper() else "down" for card in column], "mode": "exact"}
    return piles



@cache
def ended_line(variant: str, status: str) -> tuple[int, tuple[str, ...]]:
    """A deal and a line of moves (seeded random choices, deal 1 upwards) that ends the game ``status``
    ("lost" or "stuck"), for the game-over banner."""
    import random

    for deal in range(1, 40):
        for seed in range(20):
            game, rng, moves = sw.new_game(variant, deal=deal), random.Random(seed), []
            while game.status == "playing" and len(moves) < 400:
                moves.append(str(game.play(rng.choice(game.legal_moves()))))
            if game.status == status:
                return deal, tuple(moves)
    raise LookupError(f"no line of random moves ends {variant} {status}")
