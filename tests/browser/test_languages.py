"""End-to-end: the board in Greek and Russian (issue 25).

JupyterLab switched to Greek in its settings gives a Greek board with no ``language=``; ``language="ru"`` gives a
Russian one; a language changed from Python redraws the words at once; and at the small card size the longer
Greek and Russian words still fit: the toolbar's buttons and the status line stay inside the board and do not
overlap (screenshots kept in artifacts/screenshots/).
"""

from __future__ import annotations

import pytest

from solitaire_widget.i18n import translations

from .board import Board

pytestmark = pytest.mark.browser

_FITS = """(root) => {
  const inside = (box, outer) => box.left >= outer.left - 1 && box.right <= outer.right + 1;
  const outer = root.getBoundingClientRect();
  const problems = [];
  const buttons = [...root.querySelectorAll('.sw-toolbar .sw-button')].filter((b) => b.offsetParent !== null);
  const boxes = buttons.map((b) => b.getBoundingClientRect());
  boxes.forEach((box, i) => {
    if (!inside(box, outer)) problems.push(`button ${buttons[i].dataset.action} sticks out of the board`);
    if (buttons[i].scrollWidth > buttons[i].clientWidth + 1)
      problems.push(`${buttons[i].dataset.action}'s words overflow`);
    boxes.slice(i + 1).forEach((other, j) => {
      const apart = box.right <= other.left + 1 || other.right <= box.left + 1 || box.bottom <= other.top + 1
        || other.bottom <= box.top + 1;
      if (!apart) problems.push(`${buttons[i].dataset.action} overlaps ${buttons[i + 1 + j].dataset.action}`);
    });
  });
  for (const selector of ['.sw-status', '.sw-message']) {
    const el = root.querySelector(selector);
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`${selector} overflows its line`);
    if (!inside(el.getBoundingClientRect(), outer)) problems.push(`${selector} sticks out of the board`);
  }
  const status = root.querySelector('.sw-status').getBoundingClientRect();
  const felt = root.querySelector('.sw-felt').getBoundingClientRect();
  if (status.top < felt.bottom - 1) problems.push('the status line overlaps the cards');
  return problems;
}"""


def _greek(text: str) -> str:
    return translations("el").gettext(text)


def test_jupyterlab_in_greek_gives_a_greek_board_without_being_asked(greek_lab):
    greek_lab.open_notebook("greek.ipynb", ["import solitaire_widget as sw\nw = sw.Solitaire('athena', deal=1)\nw"])
    assert greek_lab.page.evaluate("document.documentElement.lang") == "el-GR"
    greek_lab.run_cell(0)
    board = Board(greek_lab, 0, "w")
    board.wait_until_rendered()
    board.button("undo").filter(has_text=_greek("Undo")).wait_for(timeout=15_000)
    board.wait_for_kernel_value("w.language", "el")
    assert board.root.locator(".sw-status").inner_text().startswith("Αθηνά")
    assert board.button("hint").inner_text() == _greek("Hint")
    board.click_pile("stock")
    board.wait_for_kernel_value("len(w.game.history)", 1)
    message = board.message()
    assert message and not any(word in message for word in ("Dealt", "card", "stock")), message


def test_language_ru_gives_a_russian_camelot_board(show_board, screenshot_dir):
    board = show_board("camelot", 3, language="ru")
    russian = translations("ru").gettext
    board.button("undo").filter(has_text=russian("Undo")).wait_for()
    assert board.root.locator(".sw-status").inner_text().startswith("Камелот")
    board.button("rules").click()
    rules = board.root.locator(".sw-rules")
    assert rules.locator("h3").inner_text().startswith(russian("The rules of {game}").split("{")[0].strip())
    board.click_pile("stock")
    board.wait_for_kernel_value("len(w.game.history)", 1)
    board.lab.kernel_exec("w.set_language('el')")
    board.button("undo").filter(has_text=_greek("Undo")).wait_for()
    assert board.root.locator(".sw-status").inner_text().startswith("Κάμελοτ") or \
        board.root.locator(".sw-status").inner_text().startswith(board.lab.kernel_eval("w.game.rules.local_title"))
    board.root.screenshot(path=str(screenshot_dir / "language-camelot-ru-then-el.png"))


@pytest.mark.parametrize("language", ["en", "el", "ru"])
@pytest.mark.parametrize("variant", ["athena", "camelot"])
def test_the_words_fit_at_the_small_card_size(open_notebook, screenshot_dir, language, variant):
    lab = open_notebook([f"import solitaire_widget as sw\n"
                         f"w = sw.Solitaire({variant!r}, deal=5, language={language!r}, card_size='small', "
                         f"clock=True, show_chances=True)\nw"])
    lab.page.set_viewport_size({"width": 900, "height": 900})
    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    board.click_pile("stock")
    board.wait_for_kernel_value("len(w.game.history)", 1)
    board.root.locator(".sw-meter[data-state='done']").wait_for(timeout=30_000)
    problems = board.root.evaluate(_FITS)
    board.root.screenshot(path=str(screenshot_dir / f"language-{variant}-{language}-small.png"))
    assert problems == [], f"{language} {variant}: {problems}"
