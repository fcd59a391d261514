"""Camelot's rules (RULES.md): cells for court cards, the waste, the two phases, Tens and pairs, win and loss."""

import pytest

import solitaire_widget as sw
from solitaire_widget import Move
from tests.rules.helpers import camelot_position, game_at, refuses

EMPTY_GRID = [". . . .", ". . . .", ". . . .", ". . . ."]


def with_waste(card, grid=EMPTY_GRID):
    return game_at(camelot_position(grid, waste=card))


def placeable(game):
    return [m.dst for m in game.legal_moves()]


def test_dealing_and_the_waste_that_must_be_placed_at_once():
    game = sw.new_game("camelot", deal=1)
    assert game.legal_moves() == [Move.deal()] and game.phase == "fill"
    game.play("deal")
    refuses(game, "deal", "Place the 9♣ from the waste first")
    assert all(m.kind == "place" for m in game.legal_moves()) and len(game.legal_moves()) == 16
    game.play("place r2c2")
    assert game.cards_in("r2c2") == ["9C"] and game.cards_in("waste") == []


@pytest.mark.parametrize("card, cells, rule", [
    ("KH", ["r1c1", "r1c4", "r4c1", "r4c4"], "A King may only go in an empty corner"),
    ("QS", ["r1c2", "r1c3", "r4c2", "r4c3"], "A Queen may only go in an empty middle cell of the top or bottom row"),
    ("JD", ["r2c1", "r2c4", "r3c1", "r3c4"], "A Jack may only go in an empty middle cell of the left or right"),
])
def test_court_cards_have_their_own_cells(card, cells, rule):
    game = with_waste(card)
    assert placeable(game) == cells
    refuses(game, "place r2c2", rule)
    for cell in cells:
        game.play(f"place {cell}")
        game.undo()


def test_other_cards_go_in_any_empty_cell_borders_included():
    game = with_waste("7C", ["KS . . .", ". . . .", ". . . .", ". . . ."])
    assert len(placeable(game)) == 15 and "r1c1" not in placeable(game)
    refuses(game, "place r1c1", "r1c1 already holds the K♠")


def test_lost_when_a_court_card_has_no_cell_left():
    game = with_waste("KC", ["KS . . KH", ". . . .", ". . . .", "KD . . 7C"])
    assert game.legal_moves() == [] and game.status == "lost" and game.is_over


def test_nothing_is_removed_before_the_grid_is_full():
    game = game_at(camelot_position(["KS 3C 7D .", ". TH . .", ". . . .", ". . . ."]))
    assert game.phase == "fill"
    refuses(game, "remove r2c2", "Removing starts only when the grid is full", "12 cells are still empty")
    refuses(game, "remove r1c2 r1c3", "Removing starts only")


FULL = ["KS QC QD KH", "JS TH 3C JC", "JD 7D 5S JH", "KD QH QS KC"]


def test_phase_two_starts_by_itself_when_the_grid_fills():
    grid = ["KS QC QD KH", "JS TH 3C JC", "JD 7D 5S JH", "KD QH QS ."]
    game = game_at(camelot_position(grid, waste="KC"))
    game.play("place r4c4")
    assert game.phase == "remove"
    assert [str(m) for m in game.legal_moves()] == ["remove r2c2", "remove r2c3 r3c2"]
    game.undo()
    assert game.phase == "fill"


def test_tens_alone_and_pairs_adding_to_ten():
    game = game_at(camelot_position(FULL))
    assert game.phase == "remove"
    game.play("remove r2c2")
    assert game.score == 1 and game.cards_in("r2c2") == []
    game.play("remove r3c2 r2c3")  # 7 + 3, either order of cells
    assert game.score == 3 and game.position()["removed"] == ["TH", "3C", "7D"]
    refuses(game, "remove r3c3", "Only a Ten is removed on its own", "needs a partner that makes ten with it (a 5)")
    refuses(game, "remove r1c1", "Court cards", "never removed")
    refuses(game, "remove r2c2", "r2c2 is empty")


def test_a_pair_that_does_not_make_ten():
    game = game_at(camelot_position(["KS QC QD KH", "JS 9H 3C JC", "JD 2D TS JH", "KD QH QS KC"]))
    refuses(game, "remove r2c2 r2c3", "add up to 12, not ten")
    refuses(game, "remove r3c3 r3c2", "A Ten is removed on its own, not as part of a pair")
    refuses(game, "remove r2c2 r2c2", "two different cells")
    refuses(game, "remove r2c2", "(an Ace)")


def test_dealing_again_returns_to_phase_one_until_the_grid_is_full_again():
    game = game_at(camelot_position(FULL, stock="4C 6H"))
    refuses(game, "deal", "Every cell is full")
    game.play("remove r2c2")
    game.play("deal")
    assert game.phase == "fill"
    game.play("place r2c2")
    assert game.phase == "remove"  # full again
    game.play("remove r2c3 r3c2")
    game.play("deal")
    game.play("place r2c3")
    refuses(game, "remove r3c3 r2c3", "Removing starts only", "1 cell is still empty")
    game.play("deal")
    game.play("place r3c2")
    assert game.phase == "remove"


def test_removing_is_allowed_when_stock_and_waste_are_empty_even_with_gaps():
    grid = ["KS QC QD KH", "JS TH 5D JC", "JD . . JH", "KD QH QS KC"]
    gone = " ".join(r + s for r in "A2346789T" for s in "CDHS" if r + s != "TH") + " 5H 5S"
    game = game_at(camelot_position(grid, stock="", waste="5C", removed=gone))
    assert game.phase == "fill"
    game.play("place r3c2")
    assert game.phase == "remove"
    assert [str(m) for m in game.legal_moves()] == ["remove r2c2", "remove r2c3 r3c2"]


def test_camelot_has_no_tableau_moves_or_redeals():
    game = sw.new_game("camelot", deal=1)
    refuses(game, "t1-t2", "Camelot has no 'move' moves")
    refuses(game, "redeal", "Camelot has no redeals")
    refuses(game, "place r1c1", "There is no card on the waste")


def test_won_with_only_the_court_cards_left():
    courts = ["KS QC QD KH", "JS . . JC", "JD . . JH", "KD QH QS KC"]
    others = " ".join(r + s for r in "A23456789T" for s in "CDHS")
    game = game_at(camelot_position(courts, stock="", removed=others))
    assert game.status == "won" and game.score == 40


def test_lost_when_nothing_can_be_removed_and_no_deal_is_possible():
    game = game_at(camelot_position(["KS QC QD KH", "JS 9H 9C JC", "JD 9D 9S JH", "KD QH QS KC"]))
    assert game.legal_moves() == [] and game.status == "lost"


def test_score_counts_removed_cards_and_undo_puts_them_back():
    game = game_at(camelot_position(FULL))
    before = game.position()
    game.play("remove r2c2")
    game.play("remove r2c3 r3c2")
    game.undo()
    game.undo()
    assert game.position() == before
