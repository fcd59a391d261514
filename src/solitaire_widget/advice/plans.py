"""Plans: what a Klondike-family player can do before committing to something that cannot be taken back.

Many moves of a Klondike-family game can be undone by another move: a face-up group moved between columns without
turning a card over can go back where it came from, and a card taken down from a foundation can go straight back
up. Such moves only *rearrange*; what changes the game is a move that cannot be taken back at once: turning a
face-down card over, playing the waste card, sending a card up to a foundation, dealing, redealing. (Sending a card
up counts among those even when it could come down again: it is progress, and a plan should end with it.) With
unlimited redeals and the stock's order known, dealing is no such move (the stock comes round again), and a plan
deals on to a card of the stock and plays it instead (see :func:`plans`). So a player's real choice at each point
is which of those to make next, and in which arrangement of the face-up cards. A :class:`Plan` is one such choice: a few rearranging
moves, then one move that cannot be taken back (lonelybot's "candidate irreversible moves", from vuonghy2442's
Klondike solver, is the same idea).

Choosing between plans rather than between single moves is what lets a fair player compare the things that matter:
two rearranging moves are worth the same to a player who can always take them back, while two plans that turn
over different face-down cards, or play the waste card onto different columns, are not.

:func:`plans` lists them from a position by a breadth-first search over the rearranging moves (at most
:data:`MAX_ARRANGEMENTS` arrangements), keeping one plan, the shortest, per position it leads to. It reads only
what the player sees: the rearranging moves and the moves that cannot be taken back are the same whatever the
hidden cards are, so the game may be any position drawn from the player's knowledge.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Game
from ..moves import Move

__all__ = ["MAX_ARRANGEMENTS", "Plan", "plans", "rearranges"]

#: The most arrangements of the face-up cards :func:`plans` searches from one position: enough for every position
#: met in play so far (a few dozen at most), a bound for the odd position with many interchangeable groups.
MAX_ARRANGEMENTS = 100


@dataclass(frozen=True)
class Plan:
    """Rearranging moves (possibly none), then the move that commits (``moves[-1]``); ``wins`` when playing it
    wins the game outright."""

    moves: tuple[Move, ...]
    wins: bool = False

    @property
    def step(self) -> Move:
        """The move that cannot be taken back."""
        return self.moves[-1]

    def __str__(self) -> str:
        return " ".join(str(move) for move in self.moves)


def rearranges(game: Game, move: Move) -> bool:
    """Whether ``move`` (legal in ``game``) only rearranges face-up cards: a group moved from one column to
    another, turning no card over, that the move back would return; or a card taken down from a foundation, which
    can always go straight back up."""
    if move.kind != "move" or not (move.dst or "").startswith("t"):
        return False
    if (move.src or "").startswith("f"):
        return True
    if not (move.src or "").startswith("t"):
        return False
    below = game.cards_in(move.src)[: -move.count]  # type: ignore[arg-type]
    if below and below[-1].islower():  # it turns a face-down card over
        return False
    back = Move.move(move.dst, move.src, move.count)  # type: ignore[arg-type]
    game.play(move)
    try:
        return game.is_legal(back)
    finally:
        game.undo()


def _position(game: Game) -> tuple[object, ...]:
    """The position's key for telling plans apart: every pile, and the redeals left."""
    return tuple(tuple(game.cards_in(pile)) for pile in game.pile_names) + (game.redeals_left,)


def plans(game: Game, stock_known: bool = False) -> list[Plan]:
    """Every plan from the position of ``game`` (a Klondike-family game; it is left as it was), one per position
    it leads to, shortest first within a breadth-first search; a plan that wins outright, if there is one, alone.

    ``stock_known``: the player knows the order of the stock and the redeals are unlimited. Then dealing only
    moves along a stock that comes round again, and a plan that only deals commits to nothing; a player who weighed
    it against the others would find it as good as the best of them (whatever a later deal reaches, it still can)
    and could put off every choice for ever. So each plan that would deal is replaced by the plans that deal on to
    a card of the stock and play it: one for each card a deal reaches and each place it can go. Plans are then
    told apart by the position they lead to with where the stock stands left out (the fewest deals kept), since
    the stock comes round again."""
    # Where the stock stands tells plans apart only while it is not known (see above).
    key = _apart_from_stock if stock_known else _position
    seen = {key(game)}
    found: dict[tuple[object, ...], Plan] = {}
    frontier: list[tuple[Move, ...]] = [()]
    for path in frontier:  # grows as the search goes: breadth first
        for move in path:
            game.play(move)
        try:
            for move in game.legal_moves():
                game.play(move)
                try:
                    after = key(game)
                    won = game.score == 52
                finally:
                    game.undo()
                if won:
                    return [Plan((*path, move), wins=True)]
                if rearranges(game, move):
                    if after not in seen and len(seen) < MAX_ARRANGEMENTS:
                        seen.add(after)
                        frontier.append((*path, move))
                elif stock_known and move.kind in ("deal", "redeal"):
                    for reached, plan in _reaching(game, path):
                        if plan.wins:
                            return [plan]
                        if reached not in found:
                            found[reached] = plan
                elif after not in found:
                    found[after] = Plan((*path, move))
        finally:
            for _ in path:
                game.undo()
    return list(found.values())


def _apart_from_stock(game: Game) -> tuple[object, ...]:
    """The position's key, where the stock stands left out: the piles but the stock and the waste, and the cards
    those two hold."""
    return tuple(tuple(game.cards_in(pile)) for pile in game.pile_names if pile not in ("stock", "waste")) + (
        tuple(sorted(game.cards_in("stock") + game.cards_in("waste"))),)


def _reaching(game: Game, path: tuple[Move, ...]) -> list[tuple[tuple[object, ...], Plan]]:
    """After ``path`` (rearranging moves, played on ``game`` by the caller), the plans that deal on until a card of
    the stock tops the waste and then play it, for every card the deals reach before the stock comes round to
    where it has stood before (unlimited redeals), and every place it can go; each with the key of the position it
    leads to, where the stock stands left out."""
    found: list[tuple[tuple[object, ...], Plan]] = []
    # Dealing three at a time, the stock need not come back to where it stands (after a redeal the deals stop at
    # other cards), but it goes round in a cycle from the first redeal on: stop where it has stood before.
    stood = {game.stock_count}
    dealt: list[Move] = []
    try:
        while True:
            step = next((move for move in game.legal_moves() if move.kind in ("deal", "redeal")), None)
            if step is None:
                break
            game.play(step)
            dealt.append(step)
            if game.stock_count in stood:
                break
            stood.add(game.stock_count)
            for move in game.legal_moves():
                if move.src == "waste":
                    game.play(move)
                    try:
                        found.append((_apart_from_stock(game), Plan((*path, *dealt, move), wins=game.score == 52)))
                    finally:
                        game.undo()
    finally:
        for _ in dealt:
            game.undo()
    return found
