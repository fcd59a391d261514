"""End-to-end: each of the five games played in a real JupyterLab, in headless Chromium.

Every test opens a fresh notebook showing ``w = sw.Solitaire(variant, deal=N)``, acts on the board with real pointer
and keyboard events, and checks both sides: the DOM (through the ``data-pile`` / ``data-card`` hooks) and the live
game in the kernel (``w.game``). Deals come from :mod:`.scenarios`, which asks the rules model for a deal where the
scenario happens. The ``lab`` fixture fails any test after which the browser console shows an error.
"""

from __future__ import annotations

import pytest

import solitaire_widget as sw

from . import scenarios
from .scenarios import FAMILY

pytestmark = pytest.mark.browser

ALL = sw.VARIANTS


def start_deal(variant: str) -> int:
    """The deal each game's general tests use: one where a tableau move is possible at once (Camelot: any)."""
    return scenarios.camelot_place().deal if variant == "camelot" else scenarios.tableau_move(variant).deal


def a_first_move(variant: str) -> scenarios.MoveScenario:
    """A legal move for the general tests: a tableau move; in Camelot, placing the first card dealt."""
    return scenarios.camelot_place() if variant == "camelot" else scenarios.tableau_move(variant)


# -- rendering -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ALL)
def test_board_shows_the_games_cards(show_board, screenshot_dir, variant):
    deal = start_deal(variant)
    board = show_board(variant, deal)
    position = board.game_position()
    assert position == sw.new_game(variant, deal=deal).position(), "the kernel's game is not the deal asked for"
    board.wait_for_position(position, what=f"{variant} deal {deal} as w.game.position() has it")
    face_up = [card for cards in board.shown().values() for card in cards if card != "down"]
    assert len(face_up) == len(set(face_up)), f"a card is on show twice: {sorted(face_up)}"
    # A face-down card gives nothing away, not even to a screen reader.
    labels = board.root.locator("[data-card='down']").evaluate_all("(cards) => cards.map((c) => c.ariaLabel)")
    assert labels and set(labels) == {"face-down card"}, f"face-down cards are labelled {set(labels)}"
    board.lab.screenshot(screenshot_dir / f"{variant}.png", board.root)


# -- pointer play --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", FAMILY)
def test_dragging_a_legal_move_plays_it(show_board, variant):
    scenario = scenarios.tableau_move(variant)
    board = show_board(variant, scenario.deal)
    board.wait_for_position(scenario.before)
    board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    board.wait_for_game(scenario.after, what=f"the game after dragging {scenario.move}")
    assert board.history() == [str(scenario.move)]
    board.wait_for_position(scenario.after, what=f"the board after {scenario.move}")


@pytest.mark.parametrize("variant", FAMILY)
def test_an_illegal_drop_is_explained_and_changes_nothing(show_board, variant):
    scenario = scenarios.illegal_tableau_drop(variant)
    board = show_board(variant, scenario.deal)
    board.wait_for_position(scenario.before)
    board.wait_until_settled()
    card = board.top_card(scenario.move.src)
    home = board.box(card)
    board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    board.wait_for_message(scenario.explanation)
    assert board.game_position() == scenario.before, f"the illegal drop {scenario.move} changed the game"
    assert board.history() == []
    board.wait_for_position(scenario.before, what="the cards back in their piles")
    board.wait_until_settled()
    back = board.box(card)
    assert abs(back["x"] - home["x"]) < 1 and abs(back["y"] - home["y"]) < 1, (
        f"the dropped card did not go back: it was at {home}, it is at {back}")


@pytest.mark.parametrize("variant", FAMILY)
def test_double_click_sends_a_card_to_its_foundation(show_board, variant):
    scenario = scenarios.foundation_double_click(variant)
    board = show_board(variant, scenario.deal)
    board.wait_for_position(scenario.before)
    board.double_click_top(scenario.move.src)
    board.wait_for_game(scenario.after, what=f"the game after double-clicking the top of {scenario.move.src}")
    assert board.history() == [str(scenario.move)]
    board.wait_for_position(scenario.after, what=f"the board after {scenario.move}")


@pytest.mark.parametrize("variant", FAMILY)
def test_stock_deals_and_redeals_until_spent(show_board, variant):
    steps = scenarios.stock_run(variant, deal=1)
    board = show_board(variant, 1)
    for number, (move, after) in enumerate(steps, start=1):
        board.click_pile("stock")
        board.wait_for_position(after, what=f"click {number} on the stock ({move})")
    game = board.lab.kernel_eval("{'stock': w.game.stock_count, 'redeals_left': w.game.redeals_left, "
                                 "'history': [str(m) for m in w.game.history]}")
    assert game["history"] == [str(move) for move, _ in steps]
    assert game["stock"] == 0 and game["redeals_left"] == 0
    stock = board.pile("stock")
    assert board.cards("stock").count() == 0
    assert "sw-spent" in (stock.get_attribute("class") or "").split(), (
        f"the stock does not show as spent: class={stock.get_attribute('class')!r}, "
        f"aria-label={stock.get_attribute('aria-label')!r}")
    # A click on the spent stock is refused with the rule, and changes nothing.
    board.click_pile("stock")
    board.wait_for_message(sw.Game.from_position(steps[-1][1]).explain(sw.Move.redeal()))
    assert board.lab.kernel_eval("len(w.game.history)") == len(steps)


@pytest.mark.parametrize("variant", ["athena"])  # Klondike's draw=3 is the same code path
def test_dealing_by_three_fans_three_and_plays_the_top_one(show_board, variant):
    scenario = scenarios.waste_move_after_a_deal(variant, draw=3)
    board = show_board(variant, scenario.deal, draw=3)
    board.click_pile("stock")
    board.wait_for_game(scenario.before, what="the game after one click on the stock, dealing by three")
    board.wait_for_position(scenario.before, what="three cards on the waste")
    assert board.cards("waste").evaluate_all("(cards) => cards.map((c) => c.dataset.card)")[-3:] == \
        scenario.before["waste"][-3:]
    board.drag("waste", scenario.move.dst)
    board.wait_for_game(scenario.after, what=f"the game after dragging the waste's top card ({scenario.move})")
    board.wait_for_position(scenario.after)


# -- Camelot -------------------------------------------------------------------------------------------------------

def test_camelot_dealing_and_placing_by_drag(show_board):
    scenario = scenarios.camelot_place()
    board = show_board("camelot", scenario.deal)
    board.click_pile("stock")
    board.wait_for_game(scenario.before, what="the game after clicking the stock")
    board.wait_for_position(scenario.before, what="the first card on the waste")
    board.drag("waste", scenario.move.dst)
    board.wait_for_game(scenario.after, what=f"the game after dragging the waste card to {scenario.move.dst}")
    assert board.history() == ["deal", str(scenario.move)]
    board.wait_for_position(scenario.after)


def test_camelot_illegal_place_is_explained(show_board):
    scenario = scenarios.camelot_illegal_place()
    board = show_board("camelot", scenario.deal)
    board.click_pile("stock")
    board.wait_for_position(scenario.before, what="the King on the waste")
    board.drag("waste", scenario.move.dst)
    board.wait_for_message(scenario.explanation)
    assert board.game_position() == scenario.before
    board.wait_for_position(scenario.before, what="the King back on the waste")


def test_camelot_removing_a_ten_and_a_pair(show_board, screenshot_dir):
    removals = scenarios.camelot_removals()
    board = show_board("camelot", removals.deal)
    board.play_from_python(*removals.setup)
    board.wait_for_position(removals.ten.before, what="the full grid reached from Python")
    board.lab.screenshot(screenshot_dir / "camelot-remove-phase.png", board.root)

    # A ten goes with a click.
    (ten_cell,) = removals.ten.move.cells
    board.click_pile(ten_cell)
    board.wait_for_game(removals.ten.after, what=f"the game after clicking the ten in {ten_cell}")
    board.wait_for_position(removals.ten.after)

    # A pair goes by dragging one card onto its partner.
    first, second = removals.pair.move.cells
    board.drag(first, second)
    board.wait_for_game(removals.pair.after, what=f"the game after dragging {first} onto {second}")
    board.wait_for_position(removals.pair.after)
    assert board.history()[-2:] == [str(removals.ten.move), str(removals.pair.move)]


def test_camelot_removing_a_pair_by_clicking_both(show_board):
    removals = scenarios.camelot_removals()
    board = show_board("camelot", removals.deal)
    board.play_from_python(*removals.setup, str(removals.ten.move))
    board.wait_for_position(removals.pair.before)
    first, second = removals.pair.move.cells
    board.click_pile(first)
    board.click_pile(second)
    board.wait_for_game(removals.pair.after, what=f"the game after clicking {first} then {second}")
    board.wait_for_position(removals.pair.after)


# -- keyboard ------------------------------------------------------------------------------------------------------

# JupyterLab's command-mode keys with no meaning on the board: reaching the notebook, any of them would add, cut,
# paste, merge or change cells (A, B insert; X, C, V cut/copy/paste; M, Y change the type; Shift+M merges).
LAB_ONLY_KEYS = ("a", "b", "x", "c", "v", "m", "y", "Shift+M", "Shift+V", "z")

_CELL_TYPES = "() => window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells.map(c => c.cell_type)"


def keyboard_route(scenario: scenarios.MoveScenario) -> list[str]:
    """The keys that play ``scenario.move`` with the board's cursor, which starts on the stock.

    Family games: Down to the first column, Right to the source column, Up over the group's cards, Enter to pick
    it up, Left/Right to the destination, Enter to put it down. Camelot (the card already dealt): Down to the
    waste, Enter, Down/Right to the cell, Enter.
    """
    move = scenario.move
    if move.kind == "place":
        row, column = int(move.dst[1]), int(move.dst[3])
        return ["ArrowDown", "Enter"] + ["ArrowDown"] * (row - 2) + ["ArrowUp"] * (2 - row) + \
            ["ArrowRight"] * column + ["Enter"]
    src, dst = int(move.src[1:]), int(move.dst[1:])
    keys = ["ArrowDown"] + ["ArrowRight"] * (src - 1) + ["ArrowUp"] * (move.count - 1) + ["Enter"]
    keys += ["ArrowRight" if dst > src else "ArrowLeft"] * abs(dst - src)
    return keys + ["Enter"]


@pytest.mark.parametrize("variant", ALL)
def test_keyboard_plays_and_keys_stay_on_the_board(show_board, variant):
    scenario = a_first_move(variant)
    board = show_board(variant, scenario.deal)
    lab = board.lab
    cells_before, types_before = lab.cell_count(), lab.page.evaluate(_CELL_TYPES)
    board.focus()
    keyboard = lab.page.keyboard
    for move in scenario.setup:  # Camelot: D deals the card to place
        assert move == "deal"
        keyboard.press("d")
    board.wait_for_game(scenario.before, what="the game before the keyboard move")
    for key in keyboard_route(scenario):
        keyboard.press(key)
    board.wait_for_game(scenario.after, what=f"the game after playing {scenario.move} with the keyboard")
    board.wait_for_position(scenario.after)

    for key in LAB_ONLY_KEYS:
        keyboard.press(key)
    keyboard.press("u")  # U undoes
    board.wait_for_game(scenario.before, what="the game after U")
    keyboard.press("d")  # D deals; pressed twice in Lab's command mode, D deletes a cell
    keyboard.press("d")
    if variant == "camelot":
        # The card on the waste must be placed first: both deals are refused, with the rule.
        board.wait_for_message(sw.Game.from_position(scenario.before).explain(sw.Move.deal()))
        assert board.game_position() == scenario.before
    else:
        board.wait_for_game(scenarios.after_moves(variant, scenario.deal, ["deal", "deal"]), what="the game after D, D")
    assert lab.cell_count() == cells_before, "a key pressed on the board reached JupyterLab and changed the cells"
    assert lab.page.evaluate(_CELL_TYPES) == types_before, "a key pressed on the board changed a cell's type"


# -- undo, and Python driving the board ----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ALL)
def test_undo_button_takes_a_move_back(show_board, variant):
    scenario = a_first_move(variant)
    board = show_board(variant, scenario.deal)
    board.play_from_python(*scenario.setup, str(scenario.move))
    board.wait_for_position(scenario.after, what=f"the board after {scenario.move} played from Python")
    board.button("undo").click()
    board.wait_for_game(scenario.before, what="the game after Undo")
    board.wait_for_position(scenario.before, what="the board after Undo")


@pytest.mark.parametrize("variant", ALL)
def test_moves_from_python_appear_on_the_board(show_board, variant):
    scenario = a_first_move(variant)
    board = show_board(variant, scenario.deal)
    board.play_from_python(*scenario.setup, str(scenario.move))
    board.wait_for_position(scenario.after, what=f"w.play({str(scenario.move)!r})")
    board.lab.kernel_exec("w.undo()")
    board.wait_for_position(scenario.before, what="w.undo()")
    board.lab.kernel_exec("w.redo()")
    board.wait_for_position(scenario.after, what="w.redo()")
    other = start_deal(variant) + 1
    board.lab.kernel_exec(f"w.new_deal(deal={other})")
    board.wait_for_position(sw.new_game(variant, deal=other).position(), what=f"w.new_deal(deal={other})")
