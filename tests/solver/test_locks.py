"""Locked cards: the relaxed check that proves a state lost at once (``KlondikeState.locked``)."""

from __future__ import annotations

import random

import pytest

import solitaire_widget as sw
from solitaire_widget.cards import RANKS, SUITS
from solitaire_widget.solver import compiled, solve
from solitaire_widget.solver.budget import Budget
from solitaire_widget.solver.klondike import KlondikeState
from solitaire_widget.solver.search import depth_first

from .helpers import brute_force, family_position, replays_to_win

needs_core = pytest.mark.skipif(not compiled.available(), reason="the solver's C core is not built")


def test_a_card_above_every_way_out_locks_the_position():
    # The QH lies face up on the JH it needs on the foundation first and on both black Kings it could go onto,
    # and no Queen may fill an empty column.
    position = family_position("klondike", ["kc ks jh QH", "KH"],
                               foundations={"C": "Q", "D": "K", "H": "T", "S": "Q"}, draw=1, redeals=-1)
    assert KlondikeState(position).locked()
    result = solve(position)
    assert result.verdict == "unwinnable" and result.stats["nodes"] == 0
    assert not brute_force(position)


def test_two_cards_locking_each_other_across_columns():
    # Each red Queen lies on what the other needs: the QD on the JH and the KC, the QH on the JD and the KS.
    position = family_position("athena", ["kc jh QD", "ks jd QH", "KH", "KD"],
                               foundations={"C": "Q", "D": "T", "H": "T", "S": "Q"})
    assert KlondikeState(position).locked()
    assert solve(position).verdict == "unwinnable"
    assert not brute_force(position)


def test_in_the_last_pass_the_waste_is_a_pile():
    # The QH tops the waste, over the JH and the black Kings. With a redeal left they come round again and the
    # game is won; at the last pass the QH can never leave and the position is lost.
    position = family_position("klondike", ["KH"], foundations={"C": "Q", "D": "K", "H": "T", "S": "Q"},
                               waste="KC KS JH QH", draw=1, redeals=2, redeals_used=1)
    assert not KlondikeState(position).locked()
    result = solve(position)
    assert result.verdict == "winnable" and replays_to_win(position, result)
    position["redeals_used"] = 2
    assert KlondikeState(position).locked()
    assert solve(position).verdict == "unwinnable"
    assert not brute_force(position)


def test_a_card_can_leave_with_the_one_under_it():
    # Athena lays face-up cards under face-down ones. Once the Kings above are gone, the JS can neither go up
    # (the TS lies under it) nor onto a red Queen of its own (the QD is under it, the QH deeper still), but it
    # leaves with the QD as one group onto the KS: a check that forgot groups would call this won game lost.
    position = family_position("athena", ["qh ts QD JS ks KD", "QS", "KH"],
                               foundations={"C": "K", "D": "J", "H": "J", "S": "9"})
    assert not KlondikeState(position).locked()
    result = solve(position)
    assert result.verdict == "winnable" and replays_to_win(position, result)
    assert brute_force(position)


def _buried_endgame(rng: random.Random, variant: str, **options: int) -> dict:
    """The top one to three cards of each suit off the foundations, over two columns (mostly face down) and
    sometimes the waste: small enough for the brute force, and often locked."""
    tops = {suit: 13 - rng.randint(1, 3) for suit in SUITS}
    cards = [f"{RANKS[rank]}{suit}" for suit in SUITS for rank in range(tops[suit], 13)]
    rng.shuffle(cards)
    piles: list[list[str]] = [[], [], []]
    for card in cards:
        piles[rng.randrange(3)].append(card)
    waste = piles.pop() if rng.random() < 0.5 else []
    tableau = [" ".join(c.lower() if i < len(col) - 1 and rng.random() < 0.7 else c for i, c in enumerate(col))
               for col in piles]
    return family_position(variant, tableau, foundations={suit: RANKS[tops[suit] - 1] for suit in SUITS},
                           waste=" ".join(waste), **options)


def test_every_locked_endgame_is_lost_by_brute_force():
    locked = 0
    for variant, options in [("athena", {"draw": 1}), ("athena", {"draw": 3}), ("aunt-mary", {}),
                             ("klondike", {"draw": 1, "redeals": 0}), ("klondike", {"draw": 3, "redeals": 0}),
                             ("klondike", {"draw": 1, "redeals": -1})]:
        rng = random.Random(f"locks {variant} {options}")
        for _ in range(250):
            position = _buried_endgame(rng, variant, **options)
            if KlondikeState(position).locked():
                try:
                    assert not brute_force(position, max_states=20_000), position
                except OverflowError:
                    continue
                locked += 1
    assert locked >= 10


@pytest.mark.parametrize(("variant", "options"), [("athena", {"draw": 1}), ("athena", {"draw": 3}),
                                                  ("thumb-and-pouch", {}), ("aunt-mary", {}),
                                                  ("klondike", {"draw": 1, "redeals": 2})])
def test_no_winnable_deal_is_called_locked(variant, options):
    # The first deals the solver wins, each checked at its start and at every state along its winning line.
    for deal in range(1, 11):
        game = sw.new_game(variant, deal=deal, **options)
        result = solve(game, time_limit=5.0)
        if result.verdict != "winnable":
            continue
        for move in result.line:
            assert not KlondikeState(game.position()).locked(), (deal, game.moves)
            game.play(move)


@needs_core
def test_both_engines_stop_at_a_locked_start_alike():
    position = sw.new_game("aunt-mary", deal=5).position()
    assert KlondikeState(position).locked()
    for search in (depth_first, compiled.search):
        verdict, line, stats = search(KlondikeState(position), Budget(None, None, None), 1_000)
        assert (verdict, line, stats["nodes"]) == ("unwinnable", [], 0)


def test_locked_cards_names_each_card_that_can_never_leave():
    # Klondike deal 5: the QS lies face down on both red Kings and on the AS, at the bottom of the seventh column.
    game = sw.new_game("klondike", deal=5)
    assert sw.locked_cards(game) == sw.locked_cards(game.position()) == ["QS"]
    assert game.position()["tableau"][6][:6] == ["as", "kh", "kd", "9d", "4d", "qs"]
    assert solve(game).verdict == "unwinnable"
    assert sw.locked_cards(sw.new_game("klondike", deal=1)) == []
    # At the last pass the waste is a pile too, named after the columns.
    position = family_position("klondike", ["KH"], foundations={"C": "Q", "D": "K", "H": "T", "S": "Q"},
                               waste="KC KS JH QH", draw=1, redeals=2, redeals_used=2)
    assert sw.locked_cards(position) == ["QH"]
    position["redeals_used"] = 1
    assert sw.locked_cards(position) == []


def test_locked_cards_refuses_what_it_cannot_look_into():
    with pytest.raises(ValueError, match="Camelot"):
        sw.locked_cards(sw.new_game("camelot", deal=1))
    with pytest.raises(ValueError, match="locked_cards\\(\\) takes a Game or a position dict"):
        sw.locked_cards("klondike 5")
    broken = sw.new_game("klondike", deal=5).position()
    broken["tableau"][0].append("QS")
    with pytest.raises(ValueError):
        sw.locked_cards(broken)


class _Unlocked(KlondikeState):
    """The same search without the check for locked cards."""

    def locked(self) -> bool:
        return False


def test_locked_states_met_in_play_are_lost_without_the_check_too():
    # Random play on real deals until the check first finds a locked card (400 moves at most); a search that never
    # looks for locked cards must then find no win either (most of these it proves lost outright).
    proved = 0
    for variant, options in [("athena", {"draw": 1}), ("athena", {"draw": 3}), ("aunt-mary", {}),
                             ("klondike", {"draw": 1, "redeals": 2})]:
        for deal in range(1, 13):
            rng = random.Random(deal)
            game = sw.new_game(variant, deal=deal, **options)
            for _ in range(400):  # random play can shuffle cards to and fro for ever
                legal = game.legal_moves()
                if game.status != "playing" or not legal:
                    break
                game.play(rng.choice(legal))
                position = game.position()
                if KlondikeState(position).locked():
                    verdict, _, _ = depth_first(_Unlocked(position), Budget(None, 100_000, None), 1_000_000)
                    assert verdict != "winnable", (variant, options, deal, game.moves)
                    proved += verdict == "unwinnable"
                    break
    assert proved >= 20
