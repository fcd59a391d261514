"""Issue 33, item 1: the board never shows an error its player did not cause.

Run All on a notebook whose second cell plays a move: the board renders, sends the page's language stamped with the
revision it drew, and Python has already moved past it. That intent moves no card, so it is never stale, and the
untouched board says nothing in red. An error a view's own request caused shows in that view only.
"""

from __future__ import annotations

import pytest

from . import scenarios
from .board import Board

pytestmark = pytest.mark.browser

_ERROR = "(el) => el.dataset.kind === 'error' ? el.textContent.trim() : ''"


def _round_trip(board: Board) -> None:
    """Let every message the view has sent reach the kernel and its answer come back: the kernel handles the view's
    messages in order, so a request sent after them is answered after them; a second one lets the sync arrive."""
    board.lab.kernel_exec("pass")
    board.lab.kernel_exec("pass")


def test_run_all_with_a_move_in_the_next_cell_shows_no_error(open_notebook):
    lab = open_notebook([
        "import solitaire_widget as sw\nw = sw.Solitaire('athena', deal=1)\nw",
        "w.play('deal')\nprint('MOVED', w.view['rev'])",
    ])
    assert lab.page.evaluate("document.documentElement.lang"), (
        "JupyterLab set no page language, so the board sends none: this test would prove nothing")
    lab.run_all_cells()
    assert lab.error_outputs() == [], "cells showed errors:\n" + "\n".join(lab.error_outputs())
    board = Board(lab, 0)
    board.wait_until_rendered()
    board.wait_for_kernel_value("w.view['rev']", 1)
    board.wait_for_position(board.game_position(), what="the dealt card")
    _round_trip(board)
    line = board.root.locator(".sw-message")
    assert line.evaluate(_ERROR) == "", "the untouched board shows an error"
    assert "out of date" not in board.text()
    assert board.lab.kernel_eval("w.message['kind']") != "error", board.lab.kernel_eval("w.message")

    # The board plays on at the revision it was brought up to: a click on the stock deals again.
    board.click_pile("stock")
    board.wait_for_kernel_value("len(w.game.history)", 2)
    assert line.evaluate(_ERROR) == ""


def test_an_error_shows_only_in_the_view_whose_player_caused_it(open_notebook):
    scenario = scenarios.illegal_tableau_drop("athena")
    lab = open_notebook([f"import solitaire_widget as sw\nw = sw.Solitaire('athena', deal={scenario.deal})\nw",
                         "w"])
    lab.run_cell(0)
    lab.run_cell(1)
    first, second = Board(lab, 0), Board(lab, 1)
    first.wait_until_rendered()
    second.wait_until_rendered()
    second.wait_until_settled()

    second.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    second.wait_for_message(scenario.explanation)
    assert second.root.locator(".sw-message").evaluate(_ERROR) == scenario.explanation
    _round_trip(first)
    assert first.root.locator(".sw-message").evaluate(_ERROR) == "", "the other view shows an error it did not cause"
    assert scenario.explanation not in first.text()
