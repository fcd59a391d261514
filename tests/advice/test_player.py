"""The fair player's parts: sampled games, plans, weighing plans on samples, Camelot's odds, and whole games."""

from __future__ import annotations

import random

import pytest

import solitaire_widget as sw
from solitaire_widget import Game
from solitaire_widget.advice.camelot_odds import camelot_plan, fill_odds
from solitaire_widget.advice.lookahead import weigh
from solitaire_widget.advice.plans import Plan, plans, rearranges

from .helpers import SETTING_IDS, SETTINGS, played, twin

#: A player with small budgets: every test game takes a second or two.
QUICK = {"samples": 8, "node_limit": 1_000}


# Sampled games ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_a_game_drawn_from_knowledge_is_the_sample_of_that_seed_and_knows_as_much(variant, options):
    game, _ = played(variant, options, deal=31, steps=40, seed=3)
    known = game.knowledge()
    for seed in (0, 1, 99):
        drawn = Game.from_knowledge(known, seed)
        assert drawn.position() == Game.from_position(known.sample(seed)).position()
        assert drawn.knowledge() == known
        assert drawn.deal is None and drawn.history == ()
        assert Game.from_record(drawn.record()).position() == drawn.position()
    rng = random.Random(5)
    drawn = [Game.from_knowledge(known, rng).position() for _ in range(3)]
    assert drawn == [Game.from_position(p).position() for p in (lambda r: [known.sample(r) for _ in range(3)])(
        random.Random(5))]


def test_a_game_drawn_from_knowledge_refuses_anything_else():
    with pytest.raises(ValueError, match="takes a Knowledge value"):
        Game.from_knowledge(sw.new_game("athena", deal=1))  # type: ignore[arg-type]


def test_knowing_the_stock_adds_its_order_and_nothing_else():
    game = sw.new_game("klondike", deal=8, draw=3, redeals=-1)
    plain, told = game.knowledge(), game.knowledge(stock_known=True)
    assert all(code is None for code in plain.to_dict()["stock"])
    assert told.to_dict()["stock"] == game.cards_in("stock")
    assert told.to_dict()["tableau"] == plain.to_dict()["tableau"]
    assert len(told.unseen) == len(plain.unseen) - game.stock_count == 21
    camelot = sw.new_game("camelot", deal=8)
    assert camelot.knowledge(stock_known=True).complete
    with pytest.raises(ValueError, match="stock_known must be"):
        game.knowledge(stock_known="yes")  # type: ignore[arg-type]


# Plans -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "options"), [s for s in SETTINGS if s[0] != "camelot"],
                         ids=[i for i in SETTING_IDS if i != "camelot"])
def test_a_plan_rearranges_then_commits_once_and_leaves_the_game_as_it_was(variant, options):
    for deal in (3, 4):
        game, _ = played(variant, options, deal=deal, steps=30, seed=deal)
        if game.is_over:
            continue
        before = game.position()
        found = plans(game)
        assert game.position() == before
        assert found, "a game still playing has something to commit to"
        ends = set()
        for plan in found:
            for move in plan.moves[:-1]:
                assert rearranges(game, move)
                game.play(move)
            assert not rearranges(game, plan.step)
            game.play(plan.step)
            ends.add(str(game.position()))
            for _ in plan.moves:
                game.undo()
        assert len(ends) == len(found), "one plan per position it leads to"
        committing = {move for move in game.legal_moves() if not rearranges(game, move)}
        assert committing <= {plan.step for plan in found if len(plan.moves) == 1}


def test_rearranging_moves_are_those_the_move_back_undoes():
    game = sw.new_game("klondike", deal=3)
    for move in game.legal_moves():
        if rearranges(game, move):
            before = game.position()
            game.play(move)
            game.play(sw.Move.move(move.dst, move.src, move.count))
            assert {k: v for k, v in game.position().items() if k != "moves"} == \
                   {k: v for k, v in before.items() if k != "moves"}
            game.undo()
            game.undo()
        elif move.kind == "move" and move.src.startswith("t") and move.dst.startswith("t"):
            below = game.cards_in(move.src)[:-move.count]
            assert below and below[-1].islower(), "a tableau move that is not a rearrangement turns a card over"


# Weighing ----------------------------------------------------------------------------------------------------

def test_plans_are_weighed_on_the_same_samples():
    game = sw.new_game("klondike", deal=6)
    known = game.knowledge()
    found = plans(Game.from_knowledge(known, 0))
    twice = [found[0], Plan(found[0].moves)]
    weighing = weigh(known, twice, samples=4, node_limit=5_000, seed=4)  # one round: both get all 4
    assert weighing.wins[0] == weighing.wins[1] and weighing.lost[0] == weighing.lost[1]
    again = weigh(known, twice, samples=4, node_limit=5_000, seed=4)
    assert again == weighing
    assert sum(weighing.tried) > 0 and all(0 <= w <= t for w, t in zip(weighing.wins, weighing.tried))


def test_the_plan_played_is_the_one_weighed_on_the_most_samples():
    known = sw.new_game("klondike", deal=6).knowledge()
    found = plans(Game.from_knowledge(known, 0))
    weighing = weigh(known, found, samples=120, node_limit=2_000, seed=1)
    best = weighing.finalists()[0]
    assert weighing.tried[best] == 120 > max(n for i, n in enumerate(weighing.tried) if i != best)
    assert min(weighing.tried) >= 8  # every plan had its first round
    # The samples went where they told most: no plan weighed longer has a smaller share of wins than the one played.
    share = weighing.wins[best] / 120
    assert all(weighing.wins[i] / n <= share + 0.1 for i, n in enumerate(weighing.tried) if n >= 60)


def test_a_plan_that_wins_every_sample_ends_the_weighing():
    known = sw.new_game("thumb-and-pouch", deal=3).knowledge()
    found = plans(Game.from_knowledge(known, 0))
    assert len(found) > 2
    weighing = weigh(known, found, samples=300, node_limit=2_000, seed=1)
    assert weighing.tried[0] == weighing.wins[0] == 32 and sum(weighing.tried) == 32  # no other plan can do better


def test_twin_plans_are_weighed_as_one():
    known = sw.new_game("klondike", deal=6).knowledge()
    found = plans(Game.from_knowledge(known, 0))
    best = weigh(known, found, samples=120, node_limit=2_000, seed=1).finalists()[0]
    twice = [found[best], Plan(found[best].moves)]
    weighing = weigh(known, twice, samples=120, node_limit=2_000, seed=1)
    # The same plan twice does the same on every sample: once both have had 32, only the first is weighed on.
    assert weighing.tried[0] == 120 and 32 <= weighing.tried[1] <= 40
    assert weighing.finalists() == [0]


def test_weighing_keeps_to_its_budget():
    game, _ = played("klondike", {"draw": 3}, deal=21, steps=20, seed=2)
    known = game.knowledge()
    found = plans(Game.from_knowledge(known, 0))
    first_round = {min(weigh(known, found, samples=64, node_limit=2_000, seed=1, budget=1).tried)}
    for budget in (50_000, 400_000):
        weighing = weigh(known, found, samples=64, node_limit=2_000, seed=1, budget=budget)
        # Only the first round may pass the budget: the others stop before they would.
        assert weighing.spent <= budget or set(weighing.tried) <= first_round


def test_a_position_lost_in_every_sample_is_hopeless():
    known = _reveal_all(sw.new_game("klondike", deal=5))  # its Queen of spades can never leave its place
    assert known.complete
    weighing = weigh(known, plans(Game.from_knowledge(known, 0)), samples=32, node_limit=50_000, seed=0)
    assert weighing.hopeless
    hidden = sw.new_game("klondike", deal=5).knowledge()
    # Not seeing the face-down cards, the player cannot know that the Queen is locked in this deal.
    assert not weigh(hidden, plans(Game.from_knowledge(hidden, 0)), samples=8, node_limit=2_000, seed=1).hopeless


def _reveal_all(game: Game) -> sw.Knowledge:
    """The knowledge of a player who has somehow seen every card of ``game`` (built through its dict)."""
    data = game.knowledge().to_dict()
    position = game.position()
    data["stock"] = position["stock"]
    data["tableau"] = position["tableau"]
    return sw.Knowledge.from_dict(data)


# Camelot's odds ----------------------------------------------------------------------------------------------

def test_the_odds_of_the_first_filling():
    start = fill_odds((4, 4, 4, 4), (4, 4, 4), 40)
    assert 0.80 < start < 0.81
    assert fill_odds((4, 4, 4, 4), (0, 0, 0), 40) == 1.0
    assert fill_odds((1, 0, 0, 0), (0, 1, 0), 0) == 0.0  # one card left, a Queen, no free Queen's cell
    assert fill_odds((0, 0, 1, 0), (0, 1, 0), 0) == 1.0
    # A free border cell instead of a free centre cell never lowers the odds: it takes all a centre cell does,
    # and its court card too.
    for free in [(2, 1, 0, 1), (1, 1, 1, 1), (3, 0, 1, 0)]:
        base = fill_odds(free, (2, 2, 1), 12)
        for kind in (1, 2, 3):
            border = list(free)
            border[0] -= 1
            border[kind] += 1
            assert fill_odds(tuple(border), (2, 2, 1), 12) >= base - 1e-12


def test_camelot_plans_place_courts_in_their_cells_and_remove_before_dealing():
    game = sw.new_game("camelot", deal=3)
    player = sw.FairPlayer()
    for _ in range(200):
        if game.is_over:
            break
        known = game.knowledge()
        moves, _ = camelot_plan(Game.from_knowledge(known, 0), known)
        assert moves and moves == player.plan(game)
        if game.phase == "remove" and any(m.kind == "remove" for m in game.legal_moves()):
            assert moves[0].kind == "remove"
            assert moves[-1].kind == "deal" or not game.stock_count
        for move in moves:
            game.play(move)
        if moves[-1].kind == "remove" or (moves[-1].kind == "deal" and len(moves) > 1):
            assert not any(m.kind == "remove" for m in _before_deal(game, moves)), "it removes all it can"
    assert game.is_over


def _before_deal(game: Game, moves: list[sw.Move]) -> list[sw.Move]:
    """The legal moves just before the deal that ended ``moves`` (the game is left as it was)."""
    if moves[-1].kind != "deal":
        return game.legal_moves()
    game.undo()
    try:
        return game.legal_moves()
    finally:
        game.redo()


# Whole games ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_every_game_ends_well_before_the_move_limit(variant, options):
    player = sw.FairPlayer(**QUICK)
    for deal in (11, 12):
        game = sw.new_game(variant, deal=deal, **options)
        result = player.play(game)
        assert result.status in ("won", "stuck", "lost", "resigned")
        assert result.moves < player.max_moves // 3
        assert result.moves == len(game.history)


def test_with_unlimited_redeals_it_looks_through_the_stock_first():
    for draw in (1, 3):
        game = sw.new_game("klondike", deal=9, draw=draw, redeals=-1)
        moves = sw.FairPlayer(**QUICK).plan(game)
        assert [m.kind for m in moves] == ["deal"] * -(-24 // draw) + ["redeal"]
        for move in moves:
            game.play(move)
        assert game.knowledge().to_dict()["stock"] == game.cards_in("stock")
        told = sw.FairPlayer(knows_stock=True, **QUICK)
        assert told.plan(sw.new_game("klondike", deal=9, draw=draw, redeals=-1))[0].kind != "redeal"


def test_the_player_told_the_stock_says_so():
    player = sw.FairPlayer(knows_stock=True, **QUICK)
    assert player.name == "knows-stock" and player.settings["knows_stock"] is True
    result = player.play(sw.new_game("thumb-and-pouch", deal=5))
    assert result.strategy == "knows-stock"
    assert sw.FairPlayer().name == "fair"
    with pytest.raises(ValueError, match="knows_stock"):
        sw.FairPlayer(knows_stock=1)  # type: ignore[arg-type]


def test_it_resigns_a_game_no_sample_can_win():
    game = sw.new_game("klondike", deal=5)
    known = _reveal_all(game)
    player = sw.FairPlayer(**QUICK)
    assert player.plan(known) == []
    assert player.choose(known) is None


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_twins_get_the_same_plan(variant, options):
    player = sw.FairPlayer(**QUICK)
    for case in range(2):
        game, script = played(variant, options, deal=300 + case, steps=20 + 40 * case, seed=case)
        if game.is_over:
            continue
        other = twin(game, script, seed=case, deal=None if case == 0 else game.deal + 7)
        assert other.knowledge() == game.knowledge() and other.deal != game.deal
        assert player.plan(game) == player.plan(other)


def _after_the_look(draw: int, deal: int, steps: int) -> Game:
    """A game of Klondike with unlimited redeals, the stock looked through, then played on by the rule of thumb."""
    game = sw.new_game("klondike", deal=deal, draw=draw, redeals=-1)
    for move in sw.FairPlayer(**QUICK).plan(game):
        game.play(move)
    for _ in range(steps):
        moves = [move for move in game.legal_moves() if move.kind not in ("deal", "redeal")]
        if not moves or game.is_over:
            break
        game.play(moves[0])
    return game


def _reachable(game: Game) -> set[tuple[str, str]]:
    """Every (card, place) that dealing on reaches and can play from the waste, by brute force: two rounds of the
    stock, then back."""
    found, dealt = set(), 0
    for _ in range(2 * (game.stock_count + len(game.cards_in("waste")) + 2)):
        step = next((move for move in game.legal_moves() if move.kind in ("deal", "redeal")), None)
        if step is None:
            break
        game.play(step)
        dealt += 1
        found |= {(game.cards_in("waste")[-1], move.dst) for move in game.legal_moves() if move.src == "waste"}
    for _ in range(dealt):
        game.undo()
    return found


@pytest.mark.parametrize("draw", [1, 3])
def test_with_the_stock_known_and_unlimited_redeals_no_plan_only_deals(draw):
    for deal, steps in ((3, 0), (4, 6), (7, 12)):
        game = _after_the_look(draw, deal, steps)
        before = game.position()
        found = plans(game, stock_known=True)
        assert game.position() == before
        assert all(plan.step.kind not in ("deal", "redeal") for plan in found), "dealing commits to nothing"
        top = game.cards_in("waste")[-1:]
        covered = {(top[0], plan.step.dst) for plan in found if plan.moves == (plan.step,) and plan.step.src == "waste"}
        for plan in found:
            if any(move.kind in ("deal", "redeal") for move in plan.moves):
                assert plan.step.src == "waste", "a plan that deals plays the card it dealt to"
            if len(plan.moves) > 1 and all(move.kind in ("deal", "redeal") for move in plan.moves[:-1]):
                for move in plan.moves[:-1]:
                    game.play(move)
                covered.add((game.cards_in("waste")[-1], plan.step.dst))
                for _ in plan.moves[:-1]:
                    game.undo()
        assert _reachable(game) <= covered, "every card a deal reaches is played by a plan, to every place it can go"
        assert any(plan.step.kind in ("deal", "redeal") for plan in plans(game)), "where the stock is not known"


def test_the_player_told_the_stock_never_chooses_only_to_deal_with_unlimited_redeals():
    player = sw.FairPlayer(knows_stock=True, **QUICK)
    game = sw.new_game("klondike", deal=22, draw=3, redeals=-1)
    for _ in range(12):
        if game.is_over:
            break
        choice = player.choice(game)
        if not choice.moves:
            break
        if choice.why == "weighed":
            assert choice.moves[-1].kind not in ("deal", "redeal"), "a plan weighed deals on to a card and plays it"
        for move in choice.moves:
            game.play(move)
