"""The companion notebooks: each runs from top to bottom in a plain kernel, and each is committed clean.

The translated notebooks (``notebooks/el/``, ``notebooks/ru/``) are held to the same checks, and to two more: each
keeps its English counterpart's structure cell for cell (same code, so a reader can follow both side by side),
and its prose is in its own language.

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
NOTEBOOKS = sorted(NOTEBOOK_DIR.rglob("*.ipynb"))
EXPECTED = ["00-getting-started", "01-athena", "02-thumb-and-pouch", "03-aunt-mary", "04-camelot",
            "05-inspecting-a-game", "06-winnability", "07-klondike", "el/01-athena", "ru/04-camelot"]
TRANSLATED = [path for path in NOTEBOOKS if path.parent != NOTEBOOK_DIR]


def _name(path: Path) -> str:
    return path.relative_to(NOTEBOOK_DIR).with_suffix("").as_posix()
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


def test_the_notebooks_are_there() -> None:
    assert sorted(_name(path) for path in NOTEBOOKS) == sorted(EXPECTED)


@pytest.mark.parametrize("path", TRANSLATED, ids=_name)
def test_a_translation_keeps_its_original_cell_for_cell(path: Path) -> None:
    translated = nbformat.read(path, as_version=4).cells
    original = nbformat.read(NOTEBOOK_DIR / path.name, as_version=4).cells
    assert [cell.cell_type for cell in translated] == [cell.cell_type for cell in original]
    # The code is the same apart from its comments, the words it prints and the line that sets the language:
    # compare the names it calls and the numbers (deals, counts) it uses.
    for mine, theirs in zip(translated, original, strict=True):
        if mine.cell_type == "code":
            assert _calls(mine.source) == _calls(theirs.source), f"{_name(path)}: a code cell differs from its original"


def _calls(source: str) -> list[str]:
    """The names a code cell calls and the numbers it uses, in order, without comments and strings."""
    code = re.sub(r"#.*|sw\.set_language\([^)]*\)", "", source)
    code = re.sub(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'", '""', code)
    return re.findall(r"[A-Za-z_][A-Za-z_0-9.]*\(|\b\d+\b", code)


@pytest.mark.parametrize("path", TRANSLATED, ids=_name)
def test_a_translation_is_written_in_its_language(path: Path) -> None:
    """Every markdown paragraph has words of its language: a paragraph left in English would show none."""
    script = {"el": r"[\u0370-\u03ff\u1f00-\u1fff]", "ru": r"[\u0400-\u04ff]"}[path.parent.name]
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for paragraph in re.split(r"\n\s*\n", cell.source):
            prose = re.sub(r"`[^`]*`|\([^)]*\)|<!--.*?-->|\$[^$]*\$", "", paragraph, flags=re.S)
            if len(re.findall(r"[A-Za-z]{3,}", prose)) >= 4:
                assert re.search(script, prose), f"{_name(path)}: a paragraph reads as English: {paragraph[:120]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_committed_without_outputs_and_with_a_kernelspec(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.get("kernelspec") == KERNELSPEC
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: a cell has outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_links_to_other_notebooks_resolve(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
        assert (path.parent / target).exists(), f"{path.name} links to a missing {target}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_experiments_have_a_quick_setting(path: Path) -> None:
    """A notebook that plays or solves many deals must shrink its run when the test suite asks."""
    code = "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code")
    if re.search(r"\bcompare\(|for deal in range\(", code):
        assert 'os.environ.get("SOLITAIRE_NOTEBOOK_QUICK") == "1"' in code


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_runs_top_to_bottom(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_NOTEBOOK_QUICK", "1")
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=240, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError, with the cell and its traceback, on the first error
    errors = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs
              if output.output_type == "error"]
    assert errors == []
