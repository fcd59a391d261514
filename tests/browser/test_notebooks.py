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


def test_a_stored_board_shows_its_picture_and_runs_live_again(lab, lab_server):
    """A notebook stored by `make notebooks` (tools/notebooks.py) keeps a picture of each board and its repr, not
    its widget view: opened in JupyterLab, the cell shows what Lab allows of them (the repr, in a notebook not yet
    trusted, as a notebook from elsewhere is; never "model not found"), and run again it shows the live board,
    alone (not the picture with it)."""
    import importlib.util

    import nbformat

    from .board import Board

    spec = importlib.util.spec_from_file_location("notebook_tool", REPO / "tools" / "notebooks.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    path = lab_server.root / "stored-board.ipynb"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        'import solitaire_widget as sw\nw = sw.Solitaire("thumb-and-pouch", deal=1)\nw')])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, path)
    nbformat.write(tool.execute(path), path)

    lab.open_existing(path.name)
    output = lab.cell(0).locator(".jp-OutputArea-output")
    output.first.wait_for()
    assert output.first.inner_text().strip() == "<Solitaire thumb-and-pouch #1: 0 moves, score 0, playing>"

    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    assert board.cards("t5").count() == 5  # Thumb and Pouch's fifth column: four face down, the A♠ on top
    assert lab.cell(0).locator(".jp-RenderedSVG").count() == 0, "the live board shows with its picture beside it"
