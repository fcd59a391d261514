"""End-to-end: a board that sizes itself to its cell and a layout that does not jump (issue 33, items 2 to 4).

- ``card_size="auto"`` (the default): the cards are as wide as the cell allows, from 70 to 140 px, at 1366×800 and
  1600×1000, wider in the wider window, and they follow the cell when it is resized; a fixed size stays fixed.
- At a given cell width no pile moves when Finish appears or goes, and no toolbar button slides.
- Game…, Statistics and Rules open over the felt: no pile moves; the focus goes into the panel, and back to its
  button on Escape; a press outside closes it. Statistics is laid out as a table.
- The sizing in Notebook 7 and in marimo too.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from .board import Board
from .test_table import _NEAR_THE_END

pytestmark = pytest.mark.browser

WINDOWS = ({"width": 1366, "height": 800}, {"width": 1600, "height": 1000})
AUTO_MIN, AUTO_MAX = 70, 140
GAP = 0.16
PADDING = 12

# The card width, the width of the element the board was given (the cell's output area: what "auto" fills), and
# how many card widths the board is across (Athena: seven columns and six gaps).
_SIZE = """
    (root) => {
      const board = root.matches('.sw-root') ? root : root.querySelector('.sw-root');
      const card = board.querySelector('[data-card]');
      return {card: card.getBoundingClientRect().width, cell: board.parentElement.clientWidth,
              window: window.innerHeight, felt: board.querySelector('.sw-felt').getBoundingClientRect().width};
    }
"""

# Every pile's box, and every toolbar button's, relative to the cell's output area (so scrolling does not count).
_BOXES = """
    (root) => {
      const origin = root.getBoundingClientRect();
      const box = (el) => {
        const r = el.getBoundingClientRect();
        return [r.left - origin.left, r.top - origin.top, r.width, r.height].map((v) => Math.round(v * 10) / 10);
      };
      const piles = {};
      for (const pile of root.querySelectorAll('[data-pile]')) piles[pile.dataset.pile] = box(pile);
      const buttons = {};
      for (const b of root.querySelectorAll('.sw-toolbar > button')) buttons[b.dataset.action] = box(b);
      return {piles, buttons, toolbar: box(root.querySelector('.sw-toolbar')),
              felt: box(root.querySelector('.sw-felt'))};
    }
"""


# Narrow the element the board was given (as a sidebar or a split view would), or give it back its width.
_CELL_WIDTH = """
    (root, width) => {
      (root.matches('.sw-root') ? root : root.querySelector('.sw-root')).parentElement.style.width = width;
    }
"""


def expected_width(cell: float, window_height: float, columns: float = 7, rows: float = 4.5) -> int:
    """What "auto" gives a board ``columns`` card widths across and ``rows`` tall in a cell ``cell`` px wide."""
    fit = (cell - 2 * PADDING) / (columns + (columns - 1) * GAP)
    tall = max(AUTO_MIN, (window_height - 160) / rows)
    return math.floor(max(28, min(AUTO_MAX, tall, fit)))


def size_of(board: Board) -> dict[str, float]:
    board.wait_until_settled()
    return board.root.evaluate(_SIZE)


def wait_for_card_width(board: Board, predicate: str, what: str, timeout: float = 10_000) -> dict[str, float]:
    """Wait until ``predicate`` holds (JS, of ``w``, the card's width, and ``want``, what "auto" gives the cell as it
    is now, for Athena); fail saying what was seen."""
    handle = board.root.element_handle()
    try:
        board.page.wait_for_function(f"(root) => {{ {_MEASURE} return {predicate}; }}", arg=handle, timeout=timeout)
    except Exception:
        raise AssertionError(f"{what}: the board shows {board.root.evaluate(_SIZE)}") from None
    finally:
        handle.dispose()
    return size_of(board)


# The card's width `w`, and the width `want` that "auto" gives the cell as it is now (Athena: 7 columns, 4.5 tall).
_MEASURE = f"""
    const board = root.matches('.sw-root') ? root : root.querySelector('.sw-root');
    const card = board && board.querySelector('[data-card]');
    if (!card) return false;
    const w = card.getBoundingClientRect().width;
    const fit = (board.parentElement.clientWidth - {2 * PADDING}) / (7 + 6 * {GAP});
    const tall = Math.max({AUTO_MIN}, (window.innerHeight - 160) / 4.5);
    const want = Math.floor(Math.max(28, Math.min({AUTO_MAX}, tall, fit)));
"""


def assert_fills(size: dict[str, float], what: str) -> None:
    want = expected_width(size["cell"], size["window"])
    assert AUTO_MIN <= size["card"] <= AUTO_MAX, f"{what}: cards {size['card']} px wide, not within 70-140: {size}"
    assert abs(size["card"] - want) <= 1, f"{what}: cards {size['card']} px wide where the cell allows {want}: {size}"


def card_widths_in_windows(board: Board, page: Any, what: str) -> list[dict[str, float]]:
    """The board at 1366×800, then at 1600×1000: the cards fill the cell in both, and grow when it does (Notebook 7
    and marimo keep their cells at one width: there the cards keep theirs)."""
    sizes = []
    for window in WINDOWS:
        page.set_viewport_size(window)
        # The page lays itself out again after a resize: wait for the cards to follow.
        size = wait_for_card_width(board, "Math.abs(w - want) <= 1", f"{what} at {window['width']}×{window['height']}")
        assert_fills(size, f"{what} at {window['width']}×{window['height']}")
        sizes.append(size)
    small, large = sizes
    if large["cell"] > small["cell"] and small["card"] < AUTO_MAX:
        assert large["card"] > small["card"], f"{what}: the cell widened and the cards did not grow: {sizes}"
    return sizes


def follows_the_cell(board: Board, what: str) -> None:
    """The cell narrows (a sidebar opens, a split view) and widens again: the cards follow it."""
    wide = size_of(board)
    board.root.evaluate(_CELL_WIDTH, "640px")
    narrow = wait_for_card_width(board, f"w < {wide['card']} && Math.abs(w - want) <= 1",
                                 f"{what}: a cell narrowed to 640 px")
    assert_fills(narrow, f"{what}: a cell narrowed to 640 px")
    board.root.evaluate(_CELL_WIDTH, "")
    again = wait_for_card_width(board, f"w === {wide['card']}", f"{what}: the cell widened again")
    assert again["cell"] == wide["cell"], (wide, again)


def test_cards_fill_the_cell_and_follow_it(lab, show_board, screenshot_dir):
    lab.page.set_viewport_size(WINDOWS[0])
    board = show_board("athena", 1)
    assert board.lab.kernel_eval("w.card_size") == "auto"
    card_widths_in_windows(board, lab.page, "JupyterLab")
    board.lab.screenshot(screenshot_dir / "layout-auto-1600.png", board.root)

    follows_the_cell(board, "JupyterLab")
    wide = size_of(board)

    # An explicit size is the player's choice: it stays, whatever the room.
    board.lab.kernel_exec("w.card_size = 'large'")
    fixed = wait_for_card_width(board, "w === 112", "card_size='large'")
    assert fixed["cell"] == wide["cell"]
    board.lab.kernel_exec("w.card_size = 'auto'")
    wait_for_card_width(board, f"w === {wide['card']}", "card_size='auto' again")


def test_a_cell_too_narrow_for_the_smallest_cards_still_holds_the_board(lab, show_board):
    lab.page.set_viewport_size({"width": 1366, "height": 800})
    board = show_board("klondike", 3)
    board.root.evaluate(_CELL_WIDTH, "420px")
    size = wait_for_card_width(board, "w < 70", "a cell 420 px wide")
    assert size["felt"] <= size["cell"] + 0.5, f"the board overflows a narrow cell: {size}"


def test_camelot_stays_in_the_window(lab, show_board):
    """Camelot is four rows of cards: "auto" keeps them in the window's height rather than filling the width."""
    lab.page.set_viewport_size(WINDOWS[0])
    board = show_board("camelot", 1)
    size = size_of(board)
    want = expected_width(size["cell"], size["window"], columns=5.4, rows=4 * 1.4 + 3 * 0.16)
    assert abs(size["card"] - want) <= 1 and AUTO_MIN <= size["card"] <= AUTO_MAX, (want, size)
    felt = board.box(board.root.locator(".sw-felt"))
    assert felt["height"] <= WINDOWS[0]["height"] - 100, f"Camelot's felt is {felt['height']} px tall at 800"


def test_no_pile_moves_when_finish_appears_or_goes(open_notebook):
    lab = open_notebook([_NEAR_THE_END.format(extra="")])
    lab.page.set_viewport_size(WINDOWS[0])
    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    finish = board.button("finish")
    finish.wait_for(state="visible")
    board.wait_until_settled()
    shown = board.root.evaluate(_BOXES)

    board.button("undo").click()  # the last move made the finish possible: Finish goes
    board.wait_for_kernel_value("w.view['can_finish']", False)
    finish.wait_for(state="hidden")
    board.wait_until_settled()
    hidden = board.root.evaluate(_BOXES)

    board.button("redo").click()  # and comes back
    finish.wait_for(state="visible")
    board.wait_until_settled()
    again = board.root.evaluate(_BOXES)

    for before, after, what in ((shown, hidden, "Finish going"), (hidden, again, "Finish appearing")):
        moved = {name: (before["piles"][name][:2], after["piles"][name][:2]) for name in before["piles"]
                 if before["piles"][name][:2] != after["piles"][name][:2]}
        assert not moved, f"piles moved on {what}: {moved}"
        slid = {name: (box, after["buttons"][name]) for name, box in before["buttons"].items()
                if box != after["buttons"][name]}
        assert not slid, f"toolbar buttons moved on {what}: {slid}"
        assert before["toolbar"] == after["toolbar"] and before["felt"] == after["felt"], (what, before, after)


def test_the_winnable_button_keeps_its_width_while_it_runs(show_board):
    """"Still winnable?" turns into "Stop" while the solver runs: the button keeps the room of the longer label."""
    board = show_board("klondike", 7, solve_time=3.0)
    before = board.root.evaluate(_BOXES)
    board.button("winnable").click()
    board.page.wait_for_function("(root) => root.querySelector(\"[data-action='winnable']\")"
                                 ".getAttribute('aria-pressed') === 'true'", arg=board.root.element_handle())
    running = board.root.evaluate(_BOXES)
    assert running["buttons"] == before["buttons"] and running["piles"] == before["piles"], (before, running)


_FOCUS = """
    (root) => {
      const active = document.activeElement;
      const panel = root.querySelector('.sw-popover:not([hidden])');
      return {inPanel: !!(panel && panel.contains(active)), action: active?.dataset?.action ?? null};
    }
"""

PANELS = (("game", ".sw-chooser"), ("statistics", ".sw-statistics"), ("rules", ".sw-rules"))


@pytest.mark.parametrize(("button", "selector"), PANELS, ids=[b for b, _ in PANELS])
def test_a_panel_opens_over_the_felt_and_moves_no_card(show_board, screenshot_dir, button, selector):
    board = show_board("klondike", 5)
    board.wait_until_settled()
    before = board.root.evaluate(_BOXES)
    panel = board.root.locator(selector)

    board.button(button).click()
    panel.wait_for(state="visible")
    assert board.root.evaluate(_BOXES) == before, f"opening {button} moved the board"
    felt, box = board.box(board.root.locator(".sw-felt")), board.box(panel)
    assert (felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"] + 0.5
            and felt["y"] <= box["y"] and box["y"] + box["height"] <= felt["y"] + felt["height"] + 0.5), (
        f"the {button} panel is not over the felt: panel {box}, felt {felt}")
    assert board.button(button).get_attribute("aria-expanded") == "true"
    assert board.root.evaluate(_FOCUS)["inPanel"], f"the focus did not move into the {button} panel"
    board.lab.screenshot(screenshot_dir / f"panel-{button}.png", board.root)

    board.page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    assert board.root.evaluate(_FOCUS)["action"] == button, "Escape did not give the focus back to the button"
    assert board.button(button).get_attribute("aria-expanded") == "false"
    assert board.lab.kernel_eval("len(w.game.history)") == 0, "Escape played something"

    # A press outside closes it: on the status line, then on the notebook beyond the board.
    board.button(button).click()
    panel.wait_for(state="visible")
    board.root.locator(".sw-status").click()
    panel.wait_for(state="hidden")
    board.button(button).click()
    panel.wait_for(state="visible")
    board.lab.cell(0).locator(".jp-InputArea").click()
    panel.wait_for(state="hidden")
    # The button closes what it opened (its press is not "outside").
    board.button(button).click()
    panel.wait_for(state="visible")
    board.button(button).click()
    panel.wait_for(state="hidden")
    assert board.root.evaluate(_BOXES) == before, f"the board moved while the {button} panel came and went"


def test_a_press_on_the_cards_closes_a_panel_and_plays(show_board):
    board = show_board("athena", 1)
    board.button("rules").click()
    panel = board.root.locator(".sw-rules")
    panel.wait_for(state="visible")
    board.click_pile("stock")  # the stock is in the top left corner, clear of the panel
    panel.wait_for(state="hidden")
    board.wait_for_kernel_value("len(w.game.history)", 1)


_TABLE = """
    (root) => {
      const line = (el) => parseFloat(getComputedStyle(el).lineHeight) || 1.4 * parseFloat(getComputedStyle(el).fontSize);
      const rows = [...root.querySelectorAll('.sw-statistics dt')].map((dt) => {
        const a = dt.getBoundingClientRect(), b = dt.nextElementSibling.getBoundingClientRect();
        return {label: dt.textContent, value: dt.nextElementSibling.textContent, lines: a.height / line(dt),
                labelLeft: a.left, labelRight: a.right, valueLeft: b.left, valueRight: b.right, top: a.top,
                valueTop: b.top};
      });
      return rows;
    }
"""


def test_the_statistics_panel_is_a_table(show_board, screenshot_dir):
    board = show_board("thumb-and-pouch", 4)
    board.click_pile("stock")  # a game played (a move, then a new deal) gives the panel its rows
    board.wait_for_kernel_value("len(w.game.history)", 1)
    board.button("new_deal").click()
    board.wait_for_kernel_value("len(w.game.history)", 0)
    board.button("statistics").click()
    board.root.locator(".sw-statistics dd").first.wait_for()
    rows = board.root.evaluate(_TABLE)
    assert len(rows) >= 4, rows
    board.lab.screenshot(screenshot_dir / "statistics.png", board.root.locator(".sw-statistics"))
    for row in rows:
        assert row["lines"] < 1.5, f"the label {row['label']!r} wraps: {row}"
        assert row["labelRight"] <= row["valueLeft"], f"{row['label']!r} runs into its value: {row}"
        assert abs(row["top"] - row["valueTop"]) < 2, f"{row['label']!r} and its value are not on one line: {row}"
    assert len({round(row["labelLeft"]) for row in rows}) == 1, f"the labels are not in one column: {rows}"
    assert len({round(row["valueRight"]) for row in rows}) == 1, f"the values are not in one column: {rows}"


# -- the other hosts ---------------------------------------------------------------------------------------------

def test_cards_fill_the_cell_in_notebook7(notebook7, notebook7_board, screenshot_dir):
    notebook7.page.set_viewport_size(WINDOWS[0])
    board = notebook7_board("athena", 1)
    card_widths_in_windows(board, notebook7.page, "Notebook 7")
    follows_the_cell(board, "Notebook 7")
    notebook7.screenshot(screenshot_dir / "notebook7-auto-1600.png", board.root)


def test_cards_fill_the_cell_in_marimo(marimo, marimo_board, screenshot_dir):
    marimo.page.set_viewport_size(WINDOWS[0])
    board = marimo_board("athena", 1)
    card_widths_in_windows(board, marimo.page, "marimo")
    follows_the_cell(board, "marimo")
    marimo.screenshot(screenshot_dir / "marimo-auto-1600.png", board.root)
