"""Each rule of the Klondike family (RULES.md), allowed where it allows and refused where it refuses, per game."""

import pytest

import solitaire_widget as sw
from solitaire_widget import Move
from tests.rules.helpers import allows, game_at, klondike_position, refuses

FAMILY = ["athena", "thumb-and-pouch", "aunt-mary", "klondike"]
ALTERNATING = ["athena", "aunt-mary", "klondike"]


# Building on the tableau ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ALTERNATING)
def test_alternating_colour_builds(variant):
    game = game_at(klondike_position(variant, ["8C", "7H", "7S", "7C"]))
    allows(game, "t2-t1")
    game.undo()
    refuses(game, "t3-t1", "7♠ cannot go on the 8♣", "alternating colours")


def test_thumb_and_pouch_builds_in_any_other_suit():
    game = game_at(klondike_position("thumb-and-pouch", ["7C", "6H", "6C", "6S", "6D", "5C"]))
    for source in ("t2", "t4", "t5"):
        allows(game, f"{source}-t1")
        game.undo()
    refuses(game, "t3-t1", "A 6♣ cannot go on the 7♣ in Thumb and Pouch",
            "a card must be of a different suit from the card it is placed on")


def test_the_rule_books_example_message():
    game = game_at(klondike_position("thumb-and-pouch", ["8H", "7H"]))
    assert game.explain("t2-t1") == ("A 7♥ cannot go on the 8♥ in Thumb and Pouch: a card must be of a different "
                                     "suit from the card it is placed on.")


@pytest.mark.parametrize("variant", FAMILY)
def test_builds_down_by_exactly_one(variant):
    game = game_at(klondike_position(variant, ["9C", "7H", "AS", "2D"]))
    refuses(game, "t2-t1", "builds down by one", "only an Eight goes on a Nine")
    refuses(game, "t4-t3", "Nothing can be built on an Ace")


@pytest.mark.parametrize("variant", FAMILY)
def test_a_built_group_moves_together_and_an_unbuilt_one_does_not(variant):
    game = game_at(klondike_position(variant, ["9C 8H 7S", "TD", "5C 9D"]))
    allows(game, "t1-t2x3")
    game.undo()
    # 9♦ on 5♣ is not built down by one: only the 9♦ can move, not both cards.
    refuses(game, "t3-t2x2", "not built")


def test_only_the_built_run_moves_in_aunt_marys_unsequenced_column():
    game = game_at(klondike_position("aunt-mary", ["5S JC 7H JH KD QC", "KH"]))
    refuses(game, "t1-t2x3", "not built")
    allows(game, "t1-t2")  # the Q♣ alone fits on the K♥


def test_face_down_cards_never_move():
    game = game_at(klondike_position("athena", ["9c KS 3d JH"], rest_to="t1"))
    refuses(game, "t1-t2x2", "face-down card")


def test_cannot_move_more_cards_than_a_column_holds():
    game = game_at(klondike_position("klondike", ["KS QH"]))
    refuses(game, "t1-t2x3", "holds only 2 cards")


# Empty columns ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ALTERNATING)
def test_empty_column_takes_only_a_king_or_king_headed_group(variant):
    game = game_at(klondike_position(variant, ["5d KS QH", "", "9c 8D"], waste="KC", rest_to="t3"))
    refuses(game, "t3-t2", f"Only a King, or a group headed by a King, may fill an empty column in "
                           f"{game.title}")
    allows(game, "t1-t2x2")  # a group headed by a King, uncovering the 5♦
    assert game.cards_in("t1") == ["5D"]
    game.undo()
    allows(game, "waste-t2")  # a lone King from the waste


def test_thumb_and_pouch_empty_column_takes_any_card_or_group():
    game = game_at(klondike_position("thumb-and-pouch", ["5d 9S 8H", "", "4c 6D"], rest_to="t3"))
    allows(game, "t3-t2")
    game.undo()
    allows(game, "t1-t2x2")
    game.undo()
    allows(game, "t1-t2")


def test_whole_column_into_empty_column_is_legal_but_not_listed():
    game = game_at(klondike_position("klondike", ["KS QH", "", "2D"], rest_to="t3"))
    assert game.is_legal("t1-t2x2")
    assert Move.parse("t1-t2x2") not in game.legal_moves()


# Foundations ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", FAMILY)
def test_foundations_build_up_in_suit_from_the_ace(variant):
    game = game_at(klondike_position(variant, ["2H", "AS", "3C", "2S"], foundations=("AH", "", "", "")))
    allows(game, "t1-f1")
    refuses(game, "t3-f1", "builds up in suit", "the 3♥ goes there next")
    refuses(game, "t4-f2", "Only an Ace can start an empty foundation")
    allows(game, "t2-f2")
    allows(game, "t4-f2")
    assert game.score == 4


def test_the_waste_card_goes_up_and_onto_the_tableau():
    game = game_at(klondike_position("klondike", ["3D"], waste="2S AC", foundations=("", "AS", "", "")))
    allows(game, "waste-f1")
    refuses(game, "waste-f1", "f1, which has the A♣ on top")
    allows(game, "waste-f2")
    assert game.score == 3 and game.cards_in("waste") == []


def test_any_empty_foundation_takes_an_ace():
    game = game_at(klondike_position("athena", ["AS"]))
    assert game.is_legal("t1-f3")
    assert Move.parse("t1-f1") in game.legal_moves()


def test_a_complete_foundation_takes_nothing():
    full = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    game = game_at(klondike_position("athena", ["AD"], foundations=(full, "", "", "")))
    refuses(game, "t1-f1", "complete")


@pytest.mark.parametrize("variant", FAMILY)
def test_foundation_top_card_comes_back_down_and_score_drops(variant):
    game = game_at(klondike_position(variant, ["4H"], foundations=("AS 2S 3S", "", "", "")))
    allows(game, "f1-t1")
    assert game.score == 2 and game.cards_in("t1") == ["4H", "3S"]
    game.undo()
    assert game.score == 3


def test_foundation_cards_come_down_one_at_a_time_and_not_between_foundations():
    game = game_at(klondike_position("klondike", ["4H", ""], foundations=("AS 2S 3S", "", "", "")))
    refuses(game, "f1-t1x2", "one at a time")
    refuses(game, "f1-f2", "changes nothing")


def test_groups_go_up_one_card_at_a_time():
    game = game_at(klondike_position("klondike", ["3H 2S"], foundations=("AS", "AH 2H", "", "")))
    refuses(game, "t1-f1x2", "one at a time")


# Turning face-down cards -------------------------------------------------------------------------------------------

def test_uncovered_card_turns_up_as_part_of_the_move_and_undo_turns_it_back():
    game = game_at(klondike_position("athena", ["9c KS 3d JH", "QS"], rest_to="t2"))
    game.play("t1-t2")
    assert game.cards_in("t1")[-3:] == ["9c", "KS", "3D"]
    assert game.moves == 1  # the flip is not a move of its own
    game.undo()
    assert game.cards_in("t1")[-4:] == ["9c", "KS", "3d", "JH"]


def test_athena_face_up_card_under_a_face_down_one_is_not_part_of_the_run():
    game = game_at(klondike_position("athena", ["9c KS 3d JH", "", "QS"], rest_to="t3"))
    refuses(game, "t1-t2x3", "face-down")


# The stock ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", FAMILY)
def test_three_passes_through_the_stock(variant):
    game = sw.new_game(variant, deal=11)
    stock = game.cards_in("stock")
    for pass_number in range(3):
        assert game.passes_left == 2 - pass_number
        seen = []
        while game.stock_count:
            game.play("deal")
            seen.append(game.cards_in("waste")[-1])
        assert seen == stock[::-1]  # the same order every pass
        if pass_number < 2:
            refuses(game, "deal", "redeal to turn the waste back over")
            allows(game, "redeal")
            assert game.cards_in("stock") == stock and game.cards_in("waste") == []
    refuses(game, "redeal", "No redeal is left", "3 passes")
    refuses(game, "deal", "no redeal is left")


def test_redeal_only_when_the_stock_is_empty_and_the_waste_is_not():
    game = sw.new_game("athena", deal=3)
    refuses(game, "redeal", "only once the stock is empty", "24 cards")
    game = game_at(klondike_position("klondike", ["KS"], waste="", stock="", rest_to="t1"))
    refuses(game, "redeal", "the waste is empty")


def test_redeal_is_a_move_that_can_be_undone():
    game = game_at(klondike_position("athena", ["KS"], stock="", waste="2C 3C", rest_to="t1"))
    game.play("redeal")
    assert game.moves == 1 and game.cards_in("stock") == ["3C", "2C"] and game.redeals_left == 1
    game.undo()
    assert game.cards_in("waste") == ["2C", "3C"] and game.redeals_left == 2


@pytest.mark.parametrize("variant", ["athena", "klondike"])
def test_three_card_deal(variant):
    game = sw.new_game(variant, deal=4, draw=3)
    stock = game.cards_in("stock")
    game.play("deal")
    assert game.cards_in("waste") == stock[::-1][:3]
    assert game.stock_count == 21
    refuses(game, "waste-t1x2", "Only the top card of the waste")
    for _ in range(7):
        game.play("deal")
    assert game.stock_count == 0
    game.undo()
    assert game.stock_count == 3


def test_three_card_deal_turns_what_is_left():
    game = game_at(klondike_position("klondike", ["KS"], stock="2C 3C", rest_to="t1", draw=3))
    game.play("deal")
    assert game.cards_in("waste") == ["3C", "2C"]


def test_klondike_options_and_defaults():
    assert sw.new_game("klondike", deal=1).options == {"draw": 1, "redeals": 2}
    assert sw.new_game("klondike", deal=1, draw=3).options == {"draw": 3, "redeals": -1}
    assert sw.new_game("klondike", deal=1, draw=3, redeals=0).options == {"draw": 3, "redeals": 0}
    assert sw.new_game("athena", deal=1, draw=3).options == {"draw": 3, "redeals": 2}
    unlimited = sw.new_game("klondike", deal=1, redeals=-1)
    assert unlimited.passes_left is None
    for _ in range(5):
        while unlimited.stock_count:
            unlimited.play("deal")
        unlimited.play("redeal")
    none = game_at(klondike_position("klondike", ["KS"], stock="", waste="2C", rest_to="t1", redeals=0))
    refuses(none, "redeal", "No redeal is allowed")


@pytest.mark.parametrize("variant, options, message", [
    ("thumb-and-pouch", {"draw": 3}, "must be one of 1"),
    ("aunt-mary", {"redeals": -1}, "must be one of 2"),
    ("athena", {"redeals": 0}, "must be one of 2"),
    ("klondike", {"draw": 2}, "must be one of 1, 3"),
    ("camelot", {"draw": 1}, "Camelot has no option 'draw'"),
    ("athena", {"speed": 1}, "no option 'speed'"),
])
def test_bad_options_are_refused(variant, options, message):
    with pytest.raises(ValueError, match=message):
        sw.new_game(variant, deal=1, **options)


def test_unknown_game():
    with pytest.raises(ValueError, match="unknown game 'spider'.*athena"):
        sw.new_game("spider")


# Piles that are not there, and moves of the wrong shape ------------------------------------------------------------

def test_moves_that_name_piles_the_rules_forbid():
    game = sw.new_game("aunt-mary", deal=1)
    refuses(game, "t1-t7", "Aunt Mary has 6 columns")
    refuses(game, "stock-t1", "deal them onto the waste")
    refuses(game, "t1-waste", "Nothing can be put on the waste")
    refuses(game, "t1-t1", "already on")
    refuses(game, "place r1c1", "placing and removing belong to Camelot")
    with pytest.raises(ValueError, match="Aunt Mary has no pile 't7'"):
        Move.parse("t1-t7", game)


def test_empty_source():
    game = game_at(klondike_position("klondike", ["", "KS"], rest_to="t2"))
    refuses(game, "t1-t2", "t1 is empty")
    refuses(game, "waste-t1", "the waste is empty")


# Score, won and stuck ------------------------------------------------------------------------------------------------

def test_won_when_all_cards_are_on_the_foundations():
    suits = [" ".join(r + s for r in "A23456789TJQK") for s in "CDHS"]
    game = game_at(klondike_position("athena", ["KS"], foundations=(suits[0], suits[1], suits[2],
                                                                    suits[3][:-3]), stock=""))
    assert game.status == "playing"
    game.play("t1-f4")
    assert game.status == "won" and game.score == 52 and game.is_over


def test_stuck_when_nothing_new_can_happen():
    # Stock spent, no redeal left; the 5♥ can only shuffle between the 6♠ and the 6♣; nothing else moves.
    position = klondike_position("athena", ["kc 6S 5H", "qd 6C"], stock="", rest_to="t2", redeals_used=2)
    game = game_at(position)
    assert game.legal_moves()  # moves exist, but they lead nowhere new
    assert game.status == "stuck"


def test_not_stuck_while_a_card_can_still_reach_a_foundation():
    position = klondike_position("athena", ["kc 6S 5H", "qd 6C"], stock="", rest_to="t2", redeals_used=2,
                                 foundations=("AH 2H 3H 4H", "", "", ""))
    assert game_at(position).status == "playing"


def test_not_stuck_while_the_stock_or_a_redeal_is_left():
    position = klondike_position("athena", ["kc 6S 5H", "qd 6C"], stock="2D", rest_to="t2")
    assert game_at(position).status == "playing"


def test_stuck_with_no_legal_move_at_all():
    game = game_at(klondike_position("klondike", ["2S", "2C"], stock="", waste="", rest_to="t1",
                                     redeals_used=2))
    assert game.legal_moves() == [] and game.status == "stuck"


def test_stuck_search_does_not_depend_on_the_call_stack():
    """The search for "stuck" can visit thousands of positions in a row; it must not recurse once per position.

    The position: Thumb and Pouch deal 1 after 86 moves of the "bold" player, where the stock is spent with no redeal
    left and the tableau can be shuffled a long way (found by the notebooks' strategy experiments)."""
    import inspect
    import sys

    from solitaire_widget.strategies import play_out

    played = sw.new_game("thumb-and-pouch", deal=1)
    play_out(played, "bold")
    game = sw.new_game("thumb-and-pouch", deal=1)
    for move in played.history[:86]:
        game.play(move)
    assert game.stock_count == 0 and game.redeals_left == 0
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 60)
    try:
        status = game.status
    finally:
        sys.setrecursionlimit(old)
    assert status in ("playing", "stuck")
