"""Test tools for the solver: hand-built positions, random tiny endgames, replaying lines, and a brute force.

The brute force is the reference the solver is checked against: a plain depth-first search over
``Game.legal_moves()`` through the public API, remembering positions seen, with none of the solver's reductions
(no compressed stock, no safe foundation moves, no pruned moves, no canonical keys). It is only fit for tiny
positions.
"""

from __future__ import annotations

import random
from typing import Any

from solitaire_widget import Game
from solitaire_widget.cards import CODE, RANKS, SUITS
from solitaire_widget.solver import SolveResult
from solitaire_widget.variants import variant_rules

CELL_CLASSES = {  # Camelot: cells by the court card they are kept for (None: the centre)
    "K": ["r1c1", "r1c4", "r4c1", "r4c4"],
    "Q": ["r1c2", "r1c3", "r4c2", "r4c3"],
    "J": ["r2c1", "r3c1", "r2c4", "r3c4"],
    None: ["r2c2", "r2c3", "r3c2", "r3c3"],
}


def family_position(variant: str, tableau: list[str], *, foundations: dict[str, str] | None = None,
                    stock: str = "", waste: str = "", redeals_used: int = 0, **options: int) -> dict[str, Any]:
    """A Klondike-family position. Piles are space-separated codes, bottom to top, lower case face down;
    ``stock`` is listed bottom to top too (its last card is dealt first). ``foundations`` maps a suit letter to
    its top rank letter (``{"C": "K"}``: clubs complete); every card not named is put on its foundation, so the
    named ones must be exactly the cards above each foundation top."""
    rules = variant_rules(variant)
    columns = [col.split() for col in tableau] + [[] for _ in range(rules.columns - len(tableau))]
    tops = foundations or {}
    piles = [[f"{RANKS[r]}{suit}" for r in range(RANKS.index(tops[suit]) + 1)] if suit in tops else []
             for suit in SUITS]
    placed = {c.upper() for pile in (*columns, stock.split(), waste.split()) for c in pile}
    placed |= {c for pile in piles for c in pile}
    missing = sorted(set(CODE) - placed)
    if missing:
        raise AssertionError(f"cards not placed: {missing}")
    return {
        "format": 1, "variant": variant, "options": rules.resolve_options(options), "deal": None,
        "stock": stock.split(), "waste": waste.split(), "foundations": piles, "tableau": columns,
        "redeals_used": redeals_used, "moves": 0, "score": sum(map(len, piles)), "status": "playing",
    }


def camelot_position(grid: list[str], *, stock: str = "", waste: str = "", phase: str = "fill") -> dict[str, Any]:
    """A Camelot position: ``grid`` is four rows of four codes or ``.``; ``stock`` bottom to top; every card not
    named counts as removed."""
    rows = [[None if c == "." else c for c in row.split()] for row in grid]
    named = {c for row in rows for c in row if c} | set(stock.split()) | set(waste.split())
    removed = [c for c in CODE if c not in named]
    return {
        "format": 1, "variant": "camelot", "options": {}, "deal": None, "stock": stock.split(),
        "waste": waste.split(), "grid": rows, "phase": phase, "removed": removed, "moves": 0,
        "score": len(removed), "status": "playing",
    }


def replays_to_win(start: Game | dict[str, Any], result: SolveResult) -> bool:
    """Whether ``result.line`` plays, move by move through ``Game.play``, from ``start`` to a won game."""
    position = start.position() if isinstance(start, Game) else start
    game = Game.from_position(position)
    for move in result.line:
        game.play(move)
    return game.status == "won"


def _state_key(game: Game) -> tuple:
    """Everything that decides the future of ``game`` (not ``position()``, whose status looks ahead)."""
    piles = tuple(tuple(game.cards_in(pile)) for pile in game.pile_names)
    return piles, game.redeals_left, game.phase


def brute_force(start: dict[str, Any], max_states: int = 200_000) -> bool:
    """Whether ``start`` can be won, by trying every legal move in every position reachable (no pruning).

    A game is won when its score is full (``status`` would also say so, but it looks ahead for "stuck")."""
    game = Game.from_position(start)
    full = 40 if game.variant == "camelot" else 52
    if game.score == full:
        return True
    seen = {_state_key(game)}
    stack = [iter(game.legal_moves())]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                game.undo()
            continue
        game.play(move)
        if game.score == full:
            return True
        key = _state_key(game)
        if key in seen:
            game.undo()
            continue
        seen.add(key)
        if len(seen) > max_states:
            raise OverflowError("position too big for the brute force")
        stack.append(iter(game.legal_moves()))
    return False


def random_family_endgame(rng: random.Random, variant: str, loose: int, spread: int = 7,
                          **options: int) -> dict[str, Any]:
    """A random position of ``variant`` with ``loose`` cards off the foundations, scattered over the stock, the
    waste and up to ``spread`` columns (some tableau cards face down). Tableau cards need not be in sequence."""
    tops: dict[str, int] = {suit: 13 for suit in SUITS}
    for _ in range(loose):
        suit = rng.choice([s for s in SUITS if tops[s] > 0])
        tops[suit] -= 1
    cards = [f"{RANKS[r]}{suit}" for suit in SUITS for r in range(tops[suit], 13)]
    rng.shuffle(cards)
    columns: list[list[str]] = [[] for _ in range(variant_rules(variant).columns)]
    stock: list[str] = []
    waste: list[str] = []
    for card in cards:
        where = rng.random()
        if where < 0.6:
            columns[rng.randrange(min(spread, len(columns)))].append(card)
        elif where < 0.85:
            stock.append(card)
        else:
            waste.append(card)
    tableau = [" ".join(c.lower() if i < len(col) - 1 and rng.random() < 0.4 else c for i, c in enumerate(col))
               for col in columns]
    foundations = {suit: RANKS[tops[suit] - 1] for suit in SUITS if tops[suit]}
    return family_position(variant, tableau, foundations=foundations, stock=" ".join(stock),
                           waste=" ".join(waste), **options)


def random_camelot_endgame(rng: random.Random, loose_pairs: int) -> dict[str, Any]:
    """A random Camelot position late in a game: some court cards already in their cells, the others and
    ``loose_pairs`` pairs of cards adding to ten (or Tens) still to come or in the grid."""
    courts = [c for c in CODE if c[0] in "KQJ"]
    rng.shuffle(courts)
    grid = {cell: "." for cells in CELL_CLASSES.values() for cell in cells}
    coming: list[str] = []
    for card in courts:
        free = [cell for cell in CELL_CLASSES[card[0]] if grid[cell] == "."]
        if rng.random() < 0.6:
            grid[free[0]] = card
        else:
            coming.append(card)
    pool = [c for c in CODE if c[0] not in "KQJ"]
    rng.shuffle(pool)
    loose: list[str] = []
    while len(loose) < 2 * loose_pairs:
        card = pool.pop()
        rank = RANKS.index(card[0]) + 1
        partner = next((c for c in pool if RANKS.index(c[0]) + 1 == 10 - rank), None)
        loose.append(card)
        if rank != 10 and partner is not None:
            pool.remove(partner)
            loose.append(partner)
    for card in loose:
        empty = [cell for cell in grid if grid[cell] == "."]
        if empty and rng.random() < 0.4:
            grid[rng.choice(empty)] = card
        else:
            coming.append(card)
    rng.shuffle(coming)
    rows = [" ".join(grid[f"r{r}c{c}"] for c in range(1, 5)) for r in range(1, 5)]
    full = all(v != "." for v in grid.values())
    return camelot_position(rows, stock=" ".join(coming), phase="remove" if full or not coming else "fill")
