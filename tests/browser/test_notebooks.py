"""Issue 5: the getting-started notebook, opened in JupyterLab and run from top to bottom in the browser."""

from __future__ import annotations

import shutil

import pytest

from .lab import REPO

pytestmark = pytest.mark.browser

NOTEBOOK = REPO / "notebooks" / "00-getting-started.ipynb"


def test_getting_started_runs_in_jupyterlab(lab, lab_server, screenshot_dir):
    if not NOTEBOOK.exists():
        pytest.skip(f"{NOTEBOOK.relative_to(REPO)} does not exist yet (issue 5)")
    # The notebook runs from a copy of notebooks/, so files it reads next to itself are there too.
    shutil.copytree(NOTEBOOK.parent, lab_server.root / "notebooks", dirs_exist_ok=True)
    lab.open_existing(f"notebooks/{NOTEBOOK.name}")
    lab.run_all_cells()

    assert lab.error_outputs() == [], "cells showed errors:\n" + "\n".join(lab.error_outputs())
    assert lab.code_cells_not_run() == [], f"code cells that did not run: {lab.code_cells_not_run()}"
    boards = lab.page.locator(".jp-Notebook .jp-OutputArea-output:has([data-pile='stock'])")
    boards.first.wait_for()
    # Every board shows its piles with cards on them, face up or down.
    for index in range(boards.count()):
        board = boards.nth(index)
        assert board.locator("[data-card]").count() > 0, f"board {index + 1} shows no card"
    lab.screenshot(screenshot_dir / "notebook-00-getting-started.png", boards.first)

    # The first board can be played at once: a click on its stock deals.
    first = boards.first
    stock = first.locator("[data-pile='stock']")
    count = int(stock.get_attribute("data-count") or 0)
    if count == 0:
        pytest.fail("the notebook's first board starts with an empty stock; nothing to deal")
    stock.click()
    lab.page.wait_for_function("([el, count]) => Number(el.dataset.count) < count",
                               arg=[stock.element_handle(), count])
    assert first.locator("[data-pile='waste'] [data-card]").count() >= 1, "the dealt card is not on the waste"
