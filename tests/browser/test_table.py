"""End-to-end: the card table around the game (issue 26): the game chooser, winnable deals, the Statistics panel,
the clock, Finish and the celebration of a win."""

from __future__ import annotations

import re
import time

import pytest

from .board import Board

pytestmark = pytest.mark.browser

_NEAR_THE_END = """import solitaire_widget as sw
from solitaire_widget.finish import finishing_moves
g = sw.new_game("klondike", 2)
for move in sw.solve(g, time_limit=None, node_limit=5_000_000).line:
    if finishing_moves(g) is not None:
        break
    g.play(move)
w = sw.Solitaire(game=g{extra})
w"""


def _chooser(board: Board):
    return board.root.locator(".sw-chooser")


def test_the_game_chooser_switches_game_options_and_deal(show_board):
    board = show_board("athena", 1)
    board.button("game").click()
    chooser = _chooser(board)
    chooser.wait_for(state="visible")
    assert board.button("game").get_attribute("aria-expanded") == "true"
    chooser.locator("select").nth(0).select_option("klondike")
    chooser.locator("select").nth(1).select_option("3")
    number = chooser.locator("input[type=number]")
    number.fill("")
    number.press_sequentially("42")  # digits are JupyterLab shortcuts in command mode: they must stay here
    number.press("Enter")
    board.wait_for_kernel_value("(w.game.variant, w.game.deal, w.game.options)",
                                ["klondike", 42, {"draw": 3, "redeals": -1}])
    board.pile("t7").wait_for()
    assert chooser.is_hidden(), "dealing closes the chooser"
    assert board.lab.cell(0).get_attribute("class").count("jp-CodeCell") == 1, "a typed digit reached the notebook"
    board.wait_for_kernel_value("len(w.game.history)", 0)
    board.button("game").click()
    chooser.locator("[data-action='chooser-next']").click()
    board.wait_for_kernel_value("(w.game.variant, w.game.deal)", ["klondike", 43])
    assert board.lab.kernel_eval("w.words['rules_title']") == "The rules of Klondike"


def test_winnable_deals_say_so_on_the_status_line(show_board):
    board = show_board("athena", 1)
    board.button("game").click()
    chooser = _chooser(board)
    chooser.locator("select").nth(3).select_option("winnable")
    chooser.locator("[data-action='chooser-random']").click()
    badge = board.root.locator(".sw-deal-badge[data-searching='false']")
    badge.wait_for(timeout=60_000)
    assert badge.inner_text() == "A winnable deal"
    assert "solver" in badge.get_attribute("title")
    deal = board.lab.kernel_eval("w.game.deal")
    assert deal != 1 and board.lab.kernel_eval("w.deals") == "winnable"


def test_the_statistics_panel_counts_a_game_once_it_is_played(show_board):
    """The servers' kernels share the suite's statistics folder, so other tests' games may be in it: the panel must
    count this one game more after its first move, and not before."""
    board = show_board("thumb-and-pouch", 3)
    before = _statistics_panel(board)
    board.button("statistics").click()  # closes it
    board.click_pile("stock")
    board.wait_for_kernel_value("len(w.game.history)", 1)
    board.button("new_deal").click()
    board.wait_for_kernel_value("len(w.game.history)", 0)
    played = int(before.get("Games played", "0"))
    board.button("statistics").click()
    board.page.wait_for_function(
        "([root, played]) => [...root.querySelectorAll('.sw-statistics dt')]"
        ".some((dt) => dt.textContent === 'Games played' && dt.nextElementSibling.textContent === played)",
        arg=[board.root.element_handle(), str(played + 1)])
    after = _statistics_panel(board, opened=True)
    assert after["Games played"] == str(played + 1) and after["Games won"] == before.get("Games won", "0"), after
    assert after["Win rate"].endswith("%"), after
    board.button("rules").click()
    assert board.root.locator(".sw-statistics").is_hidden(), "one panel at a time"


def _statistics_panel(board: Board, *, opened: bool = False) -> dict[str, str]:
    """Open the Statistics panel (unless it is) and read its rows (none when no game with these options was
    played)."""
    if not opened:
        board.button("statistics").click()
    panel = board.root.locator(".sw-statistics")
    panel.wait_for(state="visible")
    panel.locator("dd, .sw-statistics-note").first.wait_for()
    return dict(zip(panel.locator("dt").all_inner_texts(), panel.locator("dd").all_inner_texts(), strict=True))


def test_finish_plays_the_cards_home_and_the_win_is_celebrated(open_notebook):
    lab = open_notebook([_NEAR_THE_END.format(extra="")])
    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    finish = board.button("finish")
    finish.wait_for(state="visible")
    finish.click()
    board.root.locator(".sw-felt > .sw-cascade").wait_for(state="attached", timeout=30_000)
    board.wait_for_kernel_value("w.game.status", "won", timeout=30)
    assert board.root.locator(".sw-banner").is_visible()
    message = board.message()
    assert "You won!" in message and "Time played:" in message


def test_no_celebration_moves_under_reduced_motion(open_notebook):
    lab = open_notebook([_NEAR_THE_END.format(extra=", auto_finish=True")])
    lab.page.emulate_media(reduced_motion="reduce")
    try:
        lab.run_cell(0)
        board = Board(lab, 0, "w")
        board.wait_until_rendered()
        # A step back (the last move is what made the finish possible), then forward again: with auto_finish on,
        # the cards then go home by themselves.
        board.button("undo").click()
        board.wait_for_kernel_value("w.view['can_finish']", False)
        board.button("redo").click()
        board.wait_for_kernel_value("w.game.status", "won", timeout=30)
        assert board.root.locator(".sw-cascade").count() == 0
    finally:
        lab.page.emulate_media(reduced_motion="no-preference")


def test_the_clock_runs_from_the_first_move(show_board):
    board = show_board("athena", 1, clock=True)
    clock = board.root.locator(".sw-clock")
    clock.wait_for(state="visible")
    assert clock.inner_text() == "0:00"
    board.click_pile("stock")
    board.wait_for_kernel_value("len(w.game.history)", 1)
    time.sleep(2.5)
    shown = clock.inner_text()
    assert re.fullmatch(r"0:0[1-9]", shown), f"the clock shows {shown!r} 2.5 s after the first move"
