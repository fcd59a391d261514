"""Game.knowledge(): what a player who watched the game knows, and nothing more; and the positions sampled from it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scipy.stats import chisquare

import solitaire_widget as sw
from solitaire_widget import Game, Knowledge

from .helpers import SETTING_IDS, SETTINGS, played, twin


def test_a_fresh_deal_knows_its_face_up_cards_only():
    game = sw.new_game("athena", deal=1)
    data = game.knowledge().to_dict()
    assert "deal" not in data
    assert data["tableau"][0] == [None, "KS", None, "JH"]
    assert data["stock"] == [None] * 24 and data["waste"] == []
    assert len(game.knowledge().unseen) == 52 - 14


def test_a_card_shown_then_hidden_by_an_undo_stays_known():
    game = sw.new_game("athena", deal=1)
    game.play("deal")
    game.undo()
    assert game.knowledge().to_dict()["stock"][-1] == "4C"  # the next card dealt, known to be on top
    game = sw.new_game("thumb-and-pouch", deal=1)
    game.play("t5-f1")  # turns the 2♦ up
    game.undo()
    assert game.knowledge().to_dict()["tableau"][4] == [None, None, None, "2d", "AS"]
    game.restart()
    assert game.knowledge().to_dict()["tableau"][4][3] == "2d", "a restart does not make the player forget"


def test_a_redeal_shows_the_whole_stock_in_order():
    for draw in (1, 3):
        game = sw.new_game("klondike", deal=3, draw=draw)
        while game.stock_count:
            game.play("deal")
        game.play("redeal")
        data = game.knowledge().to_dict()
        assert data["stock"] == game.position()["stock"], f"draw {draw}: every card passed through the waste"


def test_a_position_knows_the_stock_only_after_a_redeal():
    game = sw.new_game("klondike", deal=3)
    for _ in range(24):
        game.play("deal")
    game.play("redeal")
    game.play("deal")
    loaded = Game.from_position(game.position())
    assert None not in loaded.knowledge().to_dict()["stock"]
    fresh = Game.from_position(sw.new_game("klondike", deal=3).position())
    assert set(fresh.knowledge().to_dict()["stock"]) == {None}


def test_camelot_knows_what_was_dealt():
    game = sw.new_game("camelot", deal=1)
    game.play("deal")
    game.play("place r2c2")
    game.play("deal")
    game.undo()
    data = game.knowledge().to_dict()
    assert data["grid"][1][1] == "9C" and data["stock"][-1] == game.position()["stock"][-1]
    assert data["stock"][:-1] == [None] * 50


def test_copies_share_what_was_seen():
    game = sw.new_game("aunt-mary", deal=4)
    game.play("deal")
    game.undo()
    assert game.copy().knowledge() == game.knowledge()


def test_the_value_is_immutable_and_round_trips():
    game = sw.new_game("klondike", deal=8)
    known = game.knowledge()
    data = known.to_dict()
    data["stock"].clear()
    assert known.to_dict()["stock"], "to_dict hands out a copy"
    assert Knowledge.from_dict(known.to_dict()) == known
    assert hash(Knowledge.from_dict(known.to_dict())) == hash(known)
    assert "24 cards unseen" not in repr(known) and "unseen" in repr(known)


@pytest.mark.parametrize(("data", "message"), [
    ("athena", "is a dict"),
    ({"format": 2}, "format 1"),
    ({"format": 1, "variant": "poker"}, "unknown game"),
])
def test_from_dict_refuses_what_is_not_knowledge(data, message):
    with pytest.raises(ValueError, match=message):
        Knowledge.from_dict(data)


def test_from_dict_refuses_a_deal_number_and_inconsistent_cards():
    data = sw.new_game("athena", deal=2).knowledge().to_dict()
    with pytest.raises(ValueError, match="never holds the deal number"):
        Knowledge.from_dict({**data, "deal": 2})
    twice = {**data, "waste": [data["tableau"][0][1]]}
    with pytest.raises(ValueError, match="more than once"):
        Knowledge.from_dict(twice)
    short = {**data, "stock": data["stock"][:-1]}
    with pytest.raises(ValueError, match="places for unseen cards"):
        Knowledge.from_dict(short)
    wrong_status = {**data, "status": "won"}
    with pytest.raises(ValueError, match="status"):
        Knowledge.from_dict(wrong_status)
    with pytest.raises(ValueError, match="not a real game"):
        Knowledge.from_dict({**data, "foundations": [["2H"], [], [], []],
                             "tableau": [[None if c == "2H" else c for c in col] for col in data["tableau"]]})


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_games_a_player_cannot_tell_apart_give_equal_knowledge(variant, options):
    for case in range(4):
        game, script = played(variant, options, deal=100 + case, steps=40 + 40 * case, seed=case)
        other = twin(game, script, seed=case)
        assert other.knowledge() == game.knowledge()
        if game.knowledge().unseen:
            assert other.position() != game.position() or len(game.knowledge().unseen) == 1


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_samples_agree_with_everything_seen(variant, options):
    game, _ = played(variant, options, deal=7, steps=60, seed=3)
    known = game.knowledge()
    data = known.to_dict()
    for position in known.samples(20, seed=1):
        sample = Game.from_position(position)  # a real game: every card once, every rule kept
        assert sample.legal_moves() == game.legal_moves()
        for key, value in data.items():
            if key in ("stock", "tableau"):
                continue
            assert position.get(key, value) == value or key in ("score", "status"), key
        shown = position["stock"]
        assert [code for code in shown] == [s if k is None else k for s, k in zip(shown, data["stock"],
                                                                                     strict=True)]
        for column, known_column in zip(position.get("tableau", []), data.get("tableau", []), strict=True):
            assert [c if k is None else k for c, k in zip(column, known_column, strict=True)] == column
            assert all(c.islower() for c, k in zip(column, known_column, strict=True) if k is None)


def test_samples_are_reproducible_and_vary_with_the_seed():
    known = sw.new_game("klondike", deal=11).knowledge()
    assert known.samples(5, seed=3) == known.samples(5, seed=3)
    assert known.samples(5, seed=3) != known.samples(5, seed=4)
    assert known.samples(3) == known.samples(3, seed=known.default_seed)
    assert known.sample(random.Random(9)) == known.sample(random.Random(9))


@pytest.mark.parametrize(("variant", "options", "steps"), [("athena", {}, 0), ("klondike", {"draw": 3}, 30),
                                                           ("camelot", {}, 25)])
def test_samples_are_uniform(variant, options, steps):
    """Where a given unseen card lands is uniform over the unseen places (chi-square at the 0.1% level; the draws
    come from a fixed seed, so the test gives the same answer on every run)."""
    game, _ = played(variant, options, deal=5, steps=steps, seed=5)
    known = game.knowledge()
    card = known.unseen[len(known.unseen) // 2]
    places = known.unseen_places
    counts: Counter[tuple[str, int]] = Counter()
    draws = 60 * len(places)
    rng = random.Random(12345)
    for _ in range(draws):
        position = known.sample(rng)
        for pile, index in places:
            cards = position["stock"] if pile == "stock" else position["tableau"][int(pile[1:]) - 1]
            if cards[index].upper() == card:
                counts[pile, index] += 1
                break
    assert sum(counts.values()) == draws, "the card must land in an unseen place every time"
    observed = [counts[place] for place in places]
    assert chisquare(observed).pvalue > 0.001, observed


@pytest.mark.parametrize("count", [0, -1, 100_001, 2.5, True, "3"])
def test_samples_refuse_a_bad_count(count):
    with pytest.raises(ValueError, match="count must be"):
        sw.new_game("athena", deal=1).knowledge().samples(count)


def test_a_bad_seed_is_refused():
    with pytest.raises(ValueError, match="seed"):
        sw.new_game("athena", deal=1).knowledge().samples(2, seed="x")
