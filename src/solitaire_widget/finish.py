"""Finishing a game that is won in all but the moving.

Once every card of a Klondike-family game lies face up and the stock is spent, nothing is left to chance or to
choose: if sending cards up to the foundations, lowest first, takes every card home, the game is won and what is
left is only the moving. :func:`finishing_moves` says so, with the moves; the board offers a Finish button (and,
as an option, does it by itself), playing them as ordinary moves, one by one.

The test uses only what the player sees: a face-down card or a card still in the stock could be anything as far
as the player knows, so no finish is offered while one remains, even when the cards would in fact fall right.
Camelot has no foundations (its cards leave the grid in tens and pairs), so it never offers one.
"""

from __future__ import annotations

from .cards import parse_card, rank_of
from .game import Game
from .moves import Move

__all__ = ["finishing_moves"]


def finishing_moves(game: Game) -> list[Move] | None:
    """The moves that finish ``game`` (foundation moves, lowest card first) when it is won in all but the moving;
    None when it is not: cards still face down or in the stock, or cards that the foundations cannot take in
    order without other moves first. An empty list never comes back: a game already won has nothing to finish."""
    if game.status != "playing" or game.variant == "camelot":
        return None
    position = game.position()
    if position["stock"] or any(code.islower() for column in position["tableau"] for code in column):
        return None
    trial = game.copy()
    moves: list[Move] = []
    while trial.status == "playing":
        up = [move for move in trial.legal_moves() if move.kind == "move" and (move.dst or "").startswith("f")]
        if not up:
            return None
        move = min(up, key=lambda m: rank_of(parse_card(trial.cards_in(m.src or "")[-1])))
        trial.play(move)
        moves.append(move)
    return moves if trial.status == "won" else None

