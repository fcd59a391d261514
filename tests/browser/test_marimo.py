"""End-to-end: the board in marimo (``marimo edit``, the board shown with ``mo.ui.anywidget``), in headless Chromium.

marimo draws the widget inside the open shadow root of a ``marimo-anywidget`` element (Playwright's locators pierce
it), and the notebook is a ``.py`` file whose cells run on opening (the server's ``marimo.toml``). The game is read
from Python by re-running a probe cell that prints ``w.widget.game`` and reading its console output
(:class:`~.hosts.MarimoBoard`).

- Athena is played with the keyboard, a drag, the stock, a double-click and a click-click (:mod:`.tour`); after
  each step both the board and the probe cell's ``w.widget.game`` have the new position.
- Keys pressed on the board never reach marimo: Ctrl+K (the command palette) and Ctrl+Shift+H (the list of
  shortcuts) open nothing, plain keys change no cell (and Ctrl+K does open the palette when the board has no focus).
- marimo's light, dark and "system" themes, each with the browser preferring the other (for "system", preferring
  dark): the board's felt, buttons, status line and cards are measured (:mod:`.colours`).
"""

from __future__ import annotations

import pytest

import solitaire_widget as sw

from .colours import assert_panels, assert_theme, measure
from .tour import athena_tour, play

pytestmark = pytest.mark.browser

_DIALOGS = "() => document.querySelectorAll('[role=dialog]').length"


def test_athena_plays_in_marimo(marimo_board, screenshot_dir):
    tour = athena_tour()
    board = marimo_board(tour.variant, tour.deal)
    board.wait_for_position(tour.start, what=f"Athena deal {tour.deal} as dealt")
    assert board.game_position() == tour.start, "the kernel's game is not the deal asked for"

    play(board, tour)

    game = board.game()  # the probe cell, run once more
    assert game["history"] == tour.history, f"the probe cell printed the moves {game['history']}"
    assert game["position"] == tour.steps[-1].after
    board.marimo.screenshot(screenshot_dir / "marimo-athena.png", board.root)


def test_keys_on_the_board_never_reach_marimo(marimo_board):
    tour = athena_tour()
    board = marimo_board(tour.variant, tour.deal)
    marimo = board.marimo
    page = board.page
    cells = marimo.cell_count()
    assert page.evaluate(_DIALOGS) == 0

    board.focus()
    keyboard = page.keyboard
    for key in ("Control+k", "Control+Shift+h", "a", "b", "m", "x", "d", "d"):
        keyboard.press(key)
    # D D dealt twice on the board; by the time the kernel has both deals, the palette or the shortcut list
    # would long have opened had a key reached marimo.
    game = sw.Game.from_position(tour.start)
    game.play("deal")
    game.play("deal")
    board.wait_for_position(game.position(), what="the board after D, D")
    board.wait_for_game(game.position(), what="the game after D, D on the board")
    assert page.evaluate(_DIALOGS) == 0, "Ctrl+K or Ctrl+Shift+H pressed on the board opened a marimo dialog"
    assert marimo.cell_count() == cells, "a key pressed on the board reached marimo and changed its cells"

    # Without the board's focus, Ctrl+K does open the palette: the check above could have failed.
    page.evaluate("""() => {
      document.querySelector('marimo-anywidget')?.shadowRoot?.activeElement?.blur();
      document.activeElement?.blur();
    }""")
    keyboard.press("Control+k")
    page.wait_for_function(f"() => ({_DIALOGS})() > 0")
    keyboard.press("Escape")


@pytest.mark.parametrize("theme, expected", [
    pytest.param("light", "light", marks=pytest.mark.browser_context(color_scheme="dark")),
    pytest.param("dark", "dark", marks=pytest.mark.browser_context(color_scheme="light")),
    pytest.param("system", "dark", marks=pytest.mark.browser_context(color_scheme="dark")),
])
def test_marimo_light_and_dark(marimo_server, marimo_board, screenshot_dir, theme, expected):
    marimo_server.set_theme(theme)
    try:
        board = marimo_board("athena", athena_tour().deal)
        page = board.page
        page.wait_for_function(f"() => document.body.classList.contains('{expected}')")
        board.wait_until_settled()
        assert_theme(measure(page, board.root), expected, f"marimo's {theme} theme")
        assert_panels(page, board.root, expected, f"marimo's {theme} theme",
                      screenshots=screenshot_dir / f"marimo-athena-{theme}")
        board.marimo.screenshot(screenshot_dir / f"marimo-athena-{theme}.png", board.root)
        board.marimo.screenshot(screenshot_dir / f"marimo-page-{theme}.png")
    finally:
        marimo_server.set_theme("light")
