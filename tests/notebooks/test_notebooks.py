"""The companion notebooks: each runs from top to bottom in a plain kernel, and each is committed clean.

A plain kernel (nbclient) has no front end, so no board is drawn; the notebooks are written so that every widget
call still works from Python. The test sets SOLITAIRE_NOTEBOOK_QUICK=1, which the notebooks read to keep their
experiments small.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
EXPECTED = ["00-getting-started", "01-athena", "02-thumb-and-pouch", "03-aunt-mary", "04-camelot",
            "05-inspecting-a-game", "06-winnability"]
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


def test_the_seven_notebooks_are_there() -> None:
    assert [path.stem for path in NOTEBOOKS] == EXPECTED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_committed_without_outputs_and_with_a_kernelspec(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.get("kernelspec") == KERNELSPEC
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: a cell has outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_links_to_other_notebooks_resolve(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
        assert (NOTEBOOK_DIR / target).exists(), f"{path.name} links to a missing {target}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_experiments_have_a_quick_setting(path: Path) -> None:
    """A notebook that plays or solves many deals must shrink its run when the test suite asks."""
    code = "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code")
    if re.search(r"\bcompare\(|for deal in range\(", code):
        assert 'os.environ.get("SOLITAIRE_NOTEBOOK_QUICK") == "1"' in code


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_runs_top_to_bottom(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_NOTEBOOK_QUICK", "1")
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=240, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK_DIR)}})
    client.execute()  # raises CellExecutionError, with the cell and its traceback, on the first error
    errors = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs
              if output.output_type == "error"]
    assert errors == []
