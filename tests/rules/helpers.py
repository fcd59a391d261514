"""Building test positions by hand: name the cards that matter, and the rest of the deck goes where it is harmless."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widget import Game, IllegalMove, Move
from solitaire_widget.cards import CODE
from solitaire_widget.variants import variant_rules


def klondike_position(variant: str, tableau: list[str], *, waste: str = "", stock: str | None = None,
                      foundations: tuple[str, str, str, str] = ("", "", "", ""), rest_to: str = "stock",
                      redeals_used: int = 0, **options: int) -> dict[str, Any]:
    """A FORMAT.md position. Piles are written as space-separated codes, bottom to top (lower case: face down).

    The cards not named go face down under the bottom of column ``rest_to`` (e.g. ``"t1"``, a column with a
    face-up card on top), or into the stock (below any ``stock`` cards given) when ``rest_to="stock"``.
    """
    rules = variant_rules(variant)
    columns = [col.split() for col in tableau] + [[]] * (rules.columns - len(tableau))
    piles = {"waste": waste.split(), "stock": (stock or "").split()}
    found = [f.split() for f in foundations]
    named = {c.upper() for pile in (*columns, *piles.values(), *found) for c in pile}
    rest = [code for code in CODE if code not in named]
    if rest_to == "stock":
        piles["stock"] = rest + piles["stock"]
    else:
        index = int(rest_to[1:]) - 1
        assert columns[index] and columns[index][-1].isupper(), "rest_to must name a column with a face-up top"
        columns[index] = [c.lower() for c in rest] + columns[index]
    return {
        "format": 1, "variant": variant, "options": rules.resolve_options(options), "deal": None,
        "stock": piles["stock"], "waste": piles["waste"], "foundations": found, "tableau": columns,
        "redeals_used": redeals_used, "moves": 0, "score": sum(map(len, found)), "status": "playing",
    }


def camelot_position(grid: list[str], *, waste: str = "", stock: str | None = None, removed: str = "",
                     phase: str | None = None) -> dict[str, Any]:
    """A Camelot position; ``grid`` is four rows of four codes or ``.`` for an empty cell. Unnamed cards go
    to the bottom of the stock (or, with ``stock=""``, must all be named)."""
    rows = [[None if c == "." else c for c in row.split()] for row in grid]
    named = {c for row in rows for c in row if c} | {*waste.split(), *removed.split(), *(stock or "").split()}
    rest = [code for code in CODE if code not in named]
    stock_cards = (stock or "").split() if stock == "" else rest + (stock or "").split()
    full = all(c for row in rows for c in row)
    if phase is None:
        phase = "remove" if not waste and (full or not stock_cards) else "fill"
    return {
        "format": 1, "variant": "camelot", "options": {}, "deal": None, "stock": stock_cards,
        "waste": waste.split(), "grid": rows, "phase": phase, "removed": removed.split(), "moves": 0,
        "score": len(removed.split()), "status": "playing",
    }


def game_at(position: dict[str, Any]) -> Game:
    return Game.from_position(position)


def refuses(game, move, *phrases):
    """``move`` is illegal, the game is unchanged, and the explanation contains every phrase."""
    before = game.position()
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert game.position() == before
    for phrase in phrases:
        assert phrase in str(caught.value), str(caught.value)
    assert game.explain(move) == str(caught.value)
    assert not game.is_legal(move) and Move.coerce(move) not in game.legal_moves()


def allows(game, move):
    assert game.is_legal(move)
    assert Move.coerce(move) in game.legal_moves()
    game.play(move)
