"""Issue 33, item 5: a game is hard to lose.

New deal and Restart mid-game are undone by one Undo, which brings the game back as it was and takes its loss off
the statistics. The lost and stuck banners offer Undo first, and sit under the cards, hiding none of them.
"""

from __future__ import annotations

import pytest

from . import scenarios

pytestmark = pytest.mark.browser

_OVERLAPS = """(banner) => {
  const b = banner.getBoundingClientRect();
  const root = banner.closest('.sw-root');
  return [...root.querySelectorAll('[data-card]')].filter((card) => {
    const c = card.getBoundingClientRect();
    return c.width > 0 && c.left < b.right && b.left < c.right && c.top < b.bottom && b.top < c.bottom;
  }).map((card) => card.dataset.card + ' in ' + card.closest('[data-pile]').dataset.pile);
}"""


@pytest.mark.parametrize("variant, status", [("camelot", "lost"), ("athena", "stuck")])
def test_the_game_over_banner_hides_no_card_and_its_undo_plays_on(show_board, screenshot_dir, variant, status):
    deal, moves = scenarios.ended_line(variant, status)
    board = show_board(variant, deal)
    board.play_from_python(*moves)
    board.wait_for_kernel_value("w.game.status", status)
    banner = board.root.locator(".sw-banner")
    banner.wait_for(state="visible")
    assert banner.get_attribute("data-status") == status
    board.wait_until_settled()
    board.root.screenshot(path=str(screenshot_dir / f"banner-{variant}-{status}.png"))
    assert banner.evaluate(_OVERLAPS) == [], "the banner hides cards"
    undo = banner.locator("[data-action='undo']")
    assert undo.is_visible(), "the banner offers no Undo"
    first = banner.locator(".sw-button:visible").first
    assert first.get_attribute("data-action") == "undo", "Undo is not the banner's first button"

    undo.click()
    board.wait_for_kernel_value("len(w.game.history)", len(moves) - 1)
    assert board.lab.kernel_eval("w.game.status") == "playing"
    banner.wait_for(state="hidden")


@pytest.mark.parametrize("leave", ["new_deal", "restart"])
def test_undo_brings_back_the_game_left_and_its_loss_goes(show_board, leave):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    board.wait_until_settled()
    board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)  # the player's game: it counts
    board.wait_for_game(scenario.after, what=f"the game after dragging {scenario.move}")
    board.click_pile("stock")
    board.wait_for_kernel_value("len(w.game.history)", 2)
    played = board.game_position()
    row = board.lab.kernel_eval("w._keeper._entry.id")
    result = (f"[g.result for g in __import__('solitaire_widget').statistics('athena', recent=10**6).games "
              f"if g.id == {row}]")
    assert board.lab.kernel_eval(result) == ["open"]

    board.button(leave).click()
    board.wait_for_kernel_value("len(w.game.history)", 0)
    assert board.lab.kernel_eval(result) == ["lost"]
    undo = board.button("undo")
    board.page.wait_for_function("(button) => !button.disabled", arg=undo.element_handle())

    undo.click()
    board.wait_for_game(played, what=f"the game brought back by Undo after {leave}")
    board.wait_for_position(played, what=f"the board brought back by Undo after {leave}")
    assert board.lab.kernel_eval(result) == ["open"], "the loss that leaving recorded is still on the record"
    assert "taken back" in board.message()
