"""End-to-end: the game review (issue 32) on a short game: Review opens a panel over the felt with the chance graph
and the costliest move in words; the cards stay where they are; Escape and a press outside close it."""

from __future__ import annotations

import pytest

from .board import Board

pytestmark = pytest.mark.browser

#: Aunt Mary deal 23, the coach's example: the fifth move covers the only place the 3♣ could go.
BLUNDER = ["deal", "waste-f1", "deal", "deal", "waste-t5"]


def _panel(board: Board):
    return board.root.locator(".sw-review")


def test_review_draws_the_chance_graph_and_names_the_costliest_move(show_board, screenshot_dir):
    board = show_board("aunt-mary", 23)
    assert board.button("review").is_disabled(), "nothing to review before the first move"
    board.play_from_python(*BLUNDER)
    board.wait_for_kernel_value("len(w.game.history)", 5)
    column = board.box(board.pile("t1"))
    board.button("review").click()
    panel = _panel(board)
    panel.wait_for(state="visible")
    costly = panel.locator("svg.sw-review-graph circle.sw-review-costly[data-move='5']")
    costly.wait_for(timeout=60_000)
    assert board.lab.kernel_eval("w.review['state']") == "done"
    assert len(panel.locator(".sw-review-line").get_attribute("points").split()) == 6, "the start and five moves"
    assert panel.locator(".sw-review-band").count() == 1
    item = panel.locator(".sw-review-list li")
    assert item.count() == 1 and item.get_attribute("data-move") == "5"
    assert item.inner_text().startswith("Move 5: moving the 8♠ from the waste to column 5 kept 0% of deals winnable")
    assert panel.locator(".sw-review-text").inner_text().startswith("The win chance went from")
    assert board.box(board.pile("t1")) == column, "the panel lies over the felt: no card moves"
    unseen = board.lab.kernel_eval("[__import__('solitaire_widget').cards.card_label("
                                   "__import__('solitaire_widget').cards.parse_card(code)) "
                                   "for code in w.game.knowledge().unseen]")
    text = panel.inner_text()
    assert unseen and not [label for label in unseen if label in text], "a face-down card reached the panel"
    board.lab.screenshot(screenshot_dir / "review.png", board.root)

    board.page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    board.button("review").click()
    panel.wait_for(state="visible")
    board.root.locator(".sw-status").click()
    panel.wait_for(state="hidden")
    assert board.lab.kernel_eval("w.review['state']") == "done", "closing the panel is the view's own business"
