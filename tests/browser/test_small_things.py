"""Issue 33, item 8 (the parts the front end's styles decide): an error is readable on the dark theme, and the held
card does not look like a legal target."""

from __future__ import annotations

import pytest

from . import scenarios
from .colours import _JS_HELPERS, READABLE, contrast

pytestmark = pytest.mark.browser

_SET_THEME = "async (theme) => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"
_MESSAGE_COLOURS = f"""
    (root) => {{
      {_JS_HELPERS}
      const line = root.querySelector('.sw-message');
      return {{text: text(line), background: background(line), kind: line.dataset.kind}};
    }}
"""
_HELD_AND_TARGET = """
    (root) => {
      const held = root.querySelector('.sw-selected');
      const target = root.querySelector('[data-pile].sw-target');
      const tint = getComputedStyle(held, '::after');
      const look = (el) => { const s = getComputedStyle(el);
                             return [s.outlineStyle, s.outlineColor, s.boxShadow, s.backgroundColor].join(' | '); };
      return {tint: tint.content !== 'none' ? tint.backgroundColor : '', held: look(held), target: look(target),
              targetTint: getComputedStyle(target.lastElementChild || target, '::after').content};
    }
"""


def test_an_error_is_readable_on_the_dark_theme(show_board, screenshot_dir):
    scenario = scenarios.illegal_tableau_drop("athena")
    board = show_board("athena", scenario.deal)
    page = board.page
    try:
        page.evaluate(_SET_THEME, "JupyterLab Dark")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        board.root.locator(".sw-root[data-theme='dark']").wait_for()
        board.wait_until_settled()
        board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
        board.wait_for_message(scenario.explanation)
        colours = board.root.evaluate(_MESSAGE_COLOURS)
        assert colours["kind"] == "error"
        ratio = contrast(colours["text"], colours["background"])
        board.lab.screenshot(screenshot_dir / "error-dark.png", board.root)
        assert ratio >= READABLE, f"the error text has a contrast of {ratio:.2f} on the dark theme: {colours}"
        assert colours["text"][0] > colours["text"][1] + 40, f"the error text is not red: {colours}"
    finally:
        page.evaluate(_SET_THEME, "JupyterLab Light")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")
    # And on the light theme, as before.
    board.root.locator(".sw-root[data-theme='light']").wait_for()
    colours = board.root.evaluate(_MESSAGE_COLOURS)
    assert contrast(colours["text"], colours["background"]) >= READABLE, colours


def test_the_held_card_does_not_look_like_a_legal_target(show_board, screenshot_dir):
    scenario = scenarios.tableau_move("athena")
    board = show_board("athena", scenario.deal)
    board.wait_until_settled()
    board.click_card(scenario.move.src, scenario.move.count)
    board.root.locator("[data-pile].sw-target").first.wait_for()
    looks = board.root.evaluate(_HELD_AND_TARGET)
    board.lab.screenshot(screenshot_dir / "held-and-target.png", board.root)
    assert looks["tint"] not in ("", "rgba(0, 0, 0, 0)"), f"the held card is not tinted: {looks}"
    assert looks["targetTint"] == "none", f"the target's top card is tinted like a held card: {looks}"
    assert looks["held"] != looks["target"], looks
