"""End-to-end: the board in Jupyter Notebook 7 (``jupyter notebook``), in headless Chromium.

Notebook 7 is made of JupyterLab's parts, so the page is driven through the same ``window.jupyterapp`` and the
board through the same :class:`~.board.Board`; what differs is the page (one notebook, its own menus and toolbar)
and the way its theme is chosen (the user setting, read as the page loads).

- Athena is played with the keyboard, a drag, the stock, a double-click and a click-click (:mod:`.tour`); after
  each step both the board and ``w.game`` in the kernel have the new position, and a cell run at the end prints
  the moves the board made.
- Keys pressed on the board never reach the notebook: command mode's A, B, D D, M and X change no cell while the
  board has the focus (and B does add one once the notebook has it back).
- The light and the dark theme, each with the browser preferring the other: the board's felt, buttons, status
  line and cards are measured (:mod:`.colours`), and the dark board turns light when the theme is switched.
"""

from __future__ import annotations

import pytest

import solitaire_widget as sw

from .board import Board
from .colours import assert_panels, assert_theme, measure, wait_for_theme
from .tour import athena_tour, play

pytestmark = pytest.mark.browser

_CELL_TYPES = "() => window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells.map(c => c.cell_type)"


def test_athena_plays_in_notebook7(notebook7_board, screenshot_dir):
    tour = athena_tour()
    board = notebook7_board(tour.variant, tour.deal)
    board.wait_for_position(tour.start, what=f"Athena deal {tour.deal} as dealt")
    assert board.game_position() == tour.start, "the kernel's game is not the deal asked for"

    play(board, tour)

    # The Python side, as a user would ask it: a cell that prints the moves and the position.
    lab = board.lab
    index = lab.append_and_run("print('MOVES=' + ' '.join(str(m) for m in w.game.history))\n"
                               "print('STOCK=' + str(w.game.stock_count))")
    printed = lab.output_text(index)
    assert f"MOVES={' '.join(tour.history)}" in printed, f"the notebook's cell printed {printed!r}"
    assert f"STOCK={len(tour.steps[-1].after['stock'])}" in printed, f"the notebook's cell printed {printed!r}"
    lab.screenshot(screenshot_dir / "notebook7-athena.png", board.root)


def test_keys_on_the_board_never_reach_notebook7(notebook7):
    tour = athena_tour()
    lab = notebook7
    lab.open_notebook("keys.ipynb", [f"import solitaire_widget as sw\nw = sw.Solitaire('athena', deal={tour.deal})\nw",
                                     "1 + 1"])
    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    cells, types = lab.cell_count(), lab.page.evaluate(_CELL_TYPES)

    board.focus()
    keyboard = lab.page.keyboard
    # In command mode: A and B insert a cell, D D deletes one, M makes it Markdown, X cuts it.
    for key in ("a", "b", "m", "x", "d", "d"):
        keyboard.press(key)
    # D D dealt twice on the board instead; by the time the kernel has both deals, a key that reached the
    # notebook would long have changed its cells.
    game = sw.Game.from_position(tour.start)
    game.play("deal")
    game.play("deal")
    board.wait_for_game(game.position(), what="the game after D, D on the board")
    assert lab.cell_count() == cells, "a key pressed on the board reached Notebook 7 and changed its cells"
    assert lab.page.evaluate(_CELL_TYPES) == types, "a key pressed on the board changed a cell's type"

    # The same key with the notebook focused does reach it: the check above could have failed.
    lab.cell(1).locator(".jp-InputPrompt").click()
    keyboard.press("Escape")
    keyboard.press("b")
    lab.page.wait_for_function(f"() => window.jupyterapp.shell.currentWidget.content.widgets.length === {cells + 1}")


@pytest.mark.parametrize("theme", [
    pytest.param("light", marks=pytest.mark.browser_context(color_scheme="dark")),
    pytest.param("dark", marks=pytest.mark.browser_context(color_scheme="light")),
])
def test_notebook7_light_and_dark(notebook7_server, notebook7_board, screenshot_dir, theme):
    notebook7_server.set_theme(theme)
    try:
        board = notebook7_board("athena", athena_tour().deal)
        page = board.page
        light = "true" if theme == "light" else "false"
        page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'")
        colours = measure(page, board.root)
        assert_theme(colours, theme, f"Notebook 7's {theme} theme")
        assert_panels(page, board.root, theme, f"Notebook 7's {theme} theme",
                      screenshots=screenshot_dir / f"notebook7-athena-{theme}")
        board.lab.screenshot(screenshot_dir / f"notebook7-athena-{theme}.png", board.root)
        board.lab.screenshot(screenshot_dir / f"notebook7-page-{theme}.png")
        if theme == "dark":
            # Switched while the board is on show, the board follows.
            page.evaluate("async () => { await window.jupyterapp.commands.execute('apputils:change-theme', "
                          "{theme: 'JupyterLab Light'}); }")
            page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")
            wait_for_theme(page, board.root, "light")
            assert_theme(measure(page, board.root), "light", "Notebook 7 switched from dark to light")
    finally:
        notebook7_server.set_theme("light")
