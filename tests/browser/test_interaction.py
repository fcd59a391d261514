"""End-to-end: the rest of the board's behaviour that one game shows as well as five.

Click-then-click moves with the legal targets highlighted, two views of one widget kept in step, the banner of a
won game, and a board that fits a narrow window.
"""

from __future__ import annotations

import pytest

import solitaire_widget as sw

from . import scenarios
from .board import Board

pytestmark = pytest.mark.browser

_TARGETS = "(root) => [...root.querySelectorAll('[data-pile].sw-target')].map((el) => el.dataset.pile).sort()"
_HELD = "(root) => [...root.querySelectorAll('.sw-selected')].map((el) => el.dataset.card)"


@pytest.mark.parametrize("variant", ["thumb-and-pouch"])
def test_click_a_card_then_a_pile_with_targets_highlighted(show_board, variant):
    scenario = scenarios.tableau_move(variant)
    move = scenario.move
    board = show_board(variant, scenario.deal)
    board.wait_for_position(scenario.before)

    board.click_card(move.src, move.count)
    group = [card for card in scenario.before["tableau"][int(move.src[1:]) - 1][-move.count:]]
    board.page.wait_for_function(f"(root) => ({_HELD})(root).length === {move.count}",
                                 arg=board.root.element_handle())
    assert board.root.evaluate(_HELD) == group
    game = sw.Game.from_position(scenario.before)
    targets = sorted({m.dst for m in game.legal_moves()
                      if m.kind == "move" and m.src == move.src and m.count == move.count})
    assert board.root.evaluate(_TARGETS) == targets, "the highlighted piles are not the legal destinations"

    board.click_pile(move.dst)
    board.wait_for_game(scenario.after, what=f"the game after clicking {move.src}, then {move.dst}")
    board.wait_for_position(scenario.after)
    assert board.root.evaluate(_TARGETS) == [] and board.root.evaluate(_HELD) == []


def test_two_views_of_one_widget_stay_in_step(open_notebook):
    scenario = scenarios.tableau_move("athena")
    lab = open_notebook([f"import solitaire_widget as sw\nw = sw.Solitaire('athena', deal={scenario.deal})\nw", "w"])
    lab.run_cell(0)
    lab.run_cell(1)
    first, second = Board(lab, 0), Board(lab, 1)
    first.wait_until_rendered()
    second.wait_until_rendered()

    # A move made in the second view shows in both.
    second.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    first.wait_for_game(scenario.after, what=f"the game after dragging {scenario.move} in the second view")
    first.wait_for_position(scenario.after, what="the first view after a move in the second")
    second.wait_for_position(scenario.after)

    # The first view got the new revision too, so it plays on: a click on its stock deals.
    dealt = scenarios.after_moves("athena", scenario.deal, [str(scenario.move), "deal"])
    first.click_pile("stock")
    first.wait_for_game(dealt, what="the game after a click on the first view's stock")
    second.wait_for_position(dealt, what="the second view after a deal in the first")


@pytest.mark.parametrize("variant", ["athena"])
def test_winning_shows_the_banner(open_notebook, variant):
    position = scenarios.one_move_from_winning(variant)
    lab = open_notebook([
        "import solitaire_widget as sw\n"
        f"w = sw.Solitaire(game=sw.Game.from_position({position!r}))\n"
        "w"
    ])
    lab.run_cell(0)
    board = Board(lab, 0)
    board.wait_until_rendered()
    banner = board.root.locator(".sw-banner")
    assert banner.is_hidden(), "the banner shows before the game is over"

    board.double_click_top("t1")
    board.wait_for_kernel_value("w.game.status", "won")
    banner.wait_for(state="visible")
    assert banner.get_attribute("data-status") == "won"
    for action in ("new_deal", "restart"):
        assert banner.locator(f"[data-action='{action}']").is_visible(), f"the banner has no {action} button"

    banner.locator("[data-action='restart']").click()
    board.wait_for_game(position, what="the game after Restart on the banner")
    banner.wait_for(state="hidden")


@pytest.mark.parametrize("variant", ["athena", "camelot"])
def test_the_board_fits_a_narrow_window(lab, open_notebook, variant):
    lab.page.set_viewport_size({"width": 640, "height": 900})
    open_notebook([f"import solitaire_widget as sw\nw = sw.Solitaire({variant!r}, deal=1)\nw"])
    lab.run_cell(0)
    board = Board(lab, 0)
    board.wait_until_rendered()
    board.wait_until_settled()
    root = board.root.locator(".sw-root")
    scroll_width, client_width = root.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
    assert scroll_width <= client_width, f"the board overflows its cell: {scroll_width} px in {client_width} px"
    frame = board.box(root)
    for name in sw.new_game(variant, deal=1).pile_names:
        box = board.box(board.pile(name))
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5, (
            f"pile {name} sticks out of the board: pile {box}, board {frame}")


def test_toolbar_and_keys_undo_redo_restart_and_new_deal(show_board):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    start = scenario.before
    board.play_from_python(str(scenario.move))
    board.wait_for_position(scenario.after)

    board.button("undo").click()
    board.wait_for_game(start, what="the game after the Undo button")
    board.button("redo").click()
    board.wait_for_game(scenario.after, what="the game after the Redo button")
    board.wait_for_position(scenario.after)

    board.focus()
    board.page.keyboard.press("Control+z")
    board.wait_for_game(start, what="the game after Ctrl+Z")
    board.page.keyboard.press("Control+y")
    board.wait_for_game(scenario.after, what="the game after Ctrl+Y")

    board.button("restart").click()
    board.wait_for_game(start, what="the game after the Restart button")
    board.wait_for_position(start)
    assert board.history() == []

    board.button("new_deal").click()
    board.wait_for_kernel_value("w.game.deal != %d" % scenario.deal, True)
    fresh = board.game_position()
    assert fresh["moves"] == 0 and fresh["variant"] == "athena"
    board.wait_for_position(fresh, what=f"the new deal {fresh['deal']}")
    assert f"deal {fresh['deal']}" in board.root.locator(".sw-status").inner_text()


def test_hint_marks_a_move_without_playing_it(show_board):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    board.button("hint").click()
    # The solver thinks for up to w.hint_time seconds; then either a suggestion or an error message comes.
    suggestion, message = board.lab.wait_for_kernel(
        "[w.suggestion, w.message]", lambda seen: seen[0] is not None or seen[1].get("kind") == "error",
        timeout=30, what="a hint or an error message")
    assert suggestion is not None, f"no hint came; the message line says {message['text']!r}"
    handle = board.root.element_handle()
    board.page.wait_for_function("(root) => root.querySelector('.sw-mark-from')", arg=handle)
    for mark, piles in (("from", suggestion["from"]), ("to", suggestion["to"])):
        marked = board.root.evaluate(
            f"(root) => [...root.querySelectorAll('.sw-mark-{mark}')].map((el) => el.closest('[data-pile]').dataset.pile)")
        assert sorted(marked) == sorted(piles), f"marked {mark} {marked}; the hint is {suggestion}"
    assert board.history() == [], "asking for a hint played a move"
    assert suggestion["text"] in board.text(), f"the hint's words {suggestion['text']!r} are not on the board"
    # One short sentence on the line; the reasons behind "Why?", shown on asking and gone with the next message.
    why, reasons = board.root.locator(".sw-why-button"), board.root.locator(".sw-why")
    assert why.is_visible() and reasons.is_hidden() and len(board.message()) <= 60
    why.click()
    reasons.wait_for(state="visible")
    assert reasons.inner_text() == message["why"] != "" and why.get_attribute("aria-expanded") == "true"
    board.play_from_python("deal")
    reasons.wait_for(state="hidden")
    assert why.is_hidden()


def test_still_winnable_names_no_face_down_card(show_board):
    # Klondike deal 5 is lost from the start: its Q♠ lies face down on both red Kings and on the A♠.
    board = show_board("klondike", 5)
    board.button("winnable").click()
    verdict = "Peeking at the hidden cards: not winnable any more. A card you cannot see yet can never leave its place."
    handle = board.root.element_handle()
    board.page.wait_for_function("([root, text]) => root.querySelector('.sw-verdict').textContent === text",
                                 arg=[handle, verdict], timeout=30_000)
    assert verdict not in board.message(), "the verdict is said once, in its own place on the status line"
    html = board.root.inner_html()
    assert "Q♠" not in html and "queen of spades" not in html.lower() and "QS" not in html
    assert board.history() == [], "checking winnability played a move"


def test_lesson_bar_steps_forward_and_back(show_board):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    steps = [(str(scenario.move), "First, a move in the tableau."), ("deal", "Then a card from the stock.")]
    board.lab.kernel_exec(f"w.lesson({steps!r})")
    bar = board.root.locator(".sw-lesson")
    bar.wait_for(state="visible")

    after_two = scenarios.after_moves("athena", scenario.deal, [move for move, _ in steps])
    bar.locator("[data-action='lesson_next']").click()
    board.wait_for_game(scenario.after, what="the game after the lesson's first Next")
    board.wait_for_position(scenario.after)
    bar.get_by_text(steps[0][1]).wait_for()
    bar.locator("[data-action='lesson_next']").click()
    board.wait_for_game(after_two, what="the game after the lesson's second Next")
    bar.get_by_text(steps[1][1]).wait_for()
    assert bar.locator("[data-action='lesson_next']").is_disabled()

    bar.locator("[data-action='lesson_back']").click()
    board.wait_for_game(scenario.after, what="the game after the lesson's Back")
    board.wait_for_position(scenario.after)
    bar.locator("[data-action='lesson_close']").click()
    bar.wait_for(state="hidden")
    assert board.game_position() == scenario.after, "closing the lesson changed the game"


def test_a_saved_notebook_shows_the_last_board_without_its_kernel(show_board, lab_server):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    board.wait_for_game(scenario.after, what=f"the game after dragging {scenario.move}")
    lab = board.lab
    lab.save()
    path = lab.notebook_path
    lab.close()  # shuts the kernel down: the reopened notebook gets a fresh one that has never seen `w`

    lab.open_existing(path)
    saved = Board(lab, 0)
    saved.wait_until_rendered()
    saved.wait_for_position(scenario.after, what="the board saved with the notebook")


def test_on_move_and_observe_hear_moves_made_on_the_board(show_board):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    board.lab.kernel_exec(
        "heard = []\n"
        "w.on_move(lambda event: heard.append([event.kind, str(event.move), event.source]))\n"
        "revisions = []\n"
        "w.observe(lambda change: revisions.append(change['new']['rev']), 'view')\n"
    )
    board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    board.wait_for_game(scenario.after, what=f"the game after dragging {scenario.move}")
    board.click_pile("stock")
    board.wait_for_kernel_value("len(heard)", 2)
    assert board.lab.kernel_eval("heard") == [["play", str(scenario.move), "board"], ["play", "deal", "board"]]
    assert board.lab.kernel_eval("revisions") == [1, 2]


@pytest.mark.browser_context(has_touch=True)
def test_touch_drag_and_tap(show_board):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    board.touch_drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    board.wait_for_game(scenario.after, what=f"the game after a touch drag of {scenario.move}")
    board.wait_for_position(scenario.after)
    board.tap_pile("stock")
    dealt = scenarios.after_moves("athena", scenario.deal, [str(scenario.move), "deal"])
    board.wait_for_game(dealt, what="the game after a tap on the stock")


_WATCH_MOTION = """
    (root) => {
      window.__swMotion = false;
      const seen = () => { if (root.querySelector('.sw-moving') || root.getAnimations({subtree: true}).length) {
        window.__swMotion = true; } };
      new MutationObserver(seen).observe(root, {subtree: true, attributes: true, childList: true});
    }
"""


@pytest.mark.parametrize("motion", [
    pytest.param("no-preference", marks=pytest.mark.browser_context(reduced_motion="no-preference")),
    pytest.param("reduce", marks=pytest.mark.browser_context(reduced_motion="reduce")),
])
def test_cards_glide_unless_reduced_motion_is_asked_for(show_board, motion):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    board.wait_until_settled()
    board.root.evaluate(_WATCH_MOTION)
    board.play_from_python(str(scenario.move))
    board.wait_for_position(scenario.after)
    board.wait_until_settled()
    moved = board.page.evaluate("() => window.__swMotion")
    if motion == "reduce":
        assert not moved, "cards moved with an animation although the browser asks for reduced motion"
    else:
        assert moved, "no animation ran for a move (animate is on by default)"


_SUIT_COLOURS = """
    (root) => Object.fromEntries(['C', 'D', 'H', 'S'].map((suit) => {
      const card = root.querySelector(`[data-card$="${suit}"]`);
      return [suit, card ? getComputedStyle(card).color : null];
    }))
"""


def test_display_options_four_colours_and_card_size(show_board):
    deal = scenarios.face_up_suits("athena", "CDHS")
    board = show_board("athena", deal)
    two_colours = board.root.evaluate(_SUIT_COLOURS)
    assert two_colours["D"] == two_colours["H"] and two_colours["C"] == two_colours["S"], two_colours
    assert two_colours["D"] != two_colours["S"], f"red and black suits look the same: {two_colours}"

    board.lab.kernel_exec("w.four_color = True")
    board.page.wait_for_function("(root) => root.querySelector('.sw-root.sw-four-color')",
                                 arg=board.root.element_handle())
    four_colours = board.root.evaluate(_SUIT_COLOURS)
    assert len(set(four_colours.values())) == 4, f"four-colour suits are not four colours: {four_colours}"

    widths = {}
    for size in ("small", "large"):
        board.lab.kernel_exec(f"w.card_size = {size!r}")
        board.page.wait_for_function(f"(root) => root.querySelector('.sw-root[data-size={size}]')",
                                     arg=board.root.element_handle())
        board.wait_until_settled()
        widths[size] = board.box(board.top_card("t1"))["width"]
    assert widths["small"] <= 60 < widths["large"] <= 112, f"card widths by size: {widths}"


_THEME_COLOURS = """
    (root) => {
      const style = (selector) => getComputedStyle(root.querySelector(selector));
      return {felt: style('.sw-felt').backgroundColor, status: style('.sw-status').color,
              card: style('[data-card]:not([data-card="down"])').backgroundColor};
    }
"""
_SET_THEME = "async (theme) => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"


def test_the_board_follows_the_dark_theme(show_board, screenshot_dir):
    board = show_board("athena", scenarios.tableau_move("athena").deal)
    page = board.page
    light = board.root.evaluate(_THEME_COLOURS)
    try:
        page.evaluate(_SET_THEME, "JupyterLab Dark")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        handle = board.root.element_handle()
        page.wait_for_function(f"([root, light]) => ({_THEME_COLOURS})(root).felt !== light.felt",
                               arg=[handle, light], timeout=10_000)
        dark = board.root.evaluate(_THEME_COLOURS)
        assert dark["felt"] != light["felt"] and dark["status"] != light["status"], (light, dark)
        board.lab.screenshot(screenshot_dir / "athena-dark.png", board.root)
    finally:
        # The theme is a user setting of the session's server: put it back for the tests that follow.
        page.evaluate(_SET_THEME, "JupyterLab Light")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")


def test_the_win_chance_meter_and_the_coach(show_board):
    # Aunt Mary deal 23: after these four moves, playing the waste's card onto column 5 keeps hardly any of the
    # sampled deals within reach where dealing keeps about a third: the coach speaks up, and Undo is at hand.
    board = show_board("aunt-mary", 23, show_chances=True, coach=True, chance_time=3.0)
    meter = board.root.locator(".sw-meter")
    handle = board.root.element_handle()
    board.page.wait_for_function("(root) => root.querySelector('.sw-meter')?.dataset.state === 'done'",
                                 arg=handle, timeout=30_000)
    assert meter.is_visible() and meter.inner_text().startswith("Win chance ≈ ")
    assert meter.get_attribute("title").startswith("Win chance: about")
    board.play_from_python("deal", "waste-f1", "deal", "deal")
    board.wait_for_kernel_value("w.meter['state']", "done", timeout=30)
    coach = board.root.locator(".sw-coach")
    assert coach.is_hidden(), "no blunder yet"
    board.play_from_python("waste-t5")
    board.page.wait_for_function("(root) => !root.querySelector('.sw-coach').hidden", arg=handle, timeout=30_000)
    assert coach.inner_text().startswith("That move gave ground away: about ")
    board.root.locator(".sw-coach [data-action='undo']").click()
    board.wait_for_kernel_value("len(w.game.history)", 4)
    board.page.wait_for_function("(root) => root.querySelector('.sw-coach').hidden", arg=handle, timeout=10_000)
