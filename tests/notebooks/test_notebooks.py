"""The companion notebooks: each runs from top to bottom in a plain kernel, and each is stored with the outputs that
run gives (``make notebooks``, tools/notebooks.py), so that GitHub and the docs site show every board, table and plot.

The translated notebooks (``notebooks/el/``, ``notebooks/ru/``) are held to the same checks, and to two more: each
keeps its English counterpart's structure cell for cell (same code, so a reader can follow both side by side),
and its prose is in its own language.

A plain kernel (nbclient) has no front end, so no board is drawn live; the notebooks are written so that every widget
call still works from Python, and a board's output is its picture (``Solitaire._repr_mimebundle_``). Nothing a
notebook shows depends on the machine's speed (its searches have budgets in search steps, not seconds), so one run
of each, seeded as tools/notebooks.py seeds it, both checks that it runs and that its stored outputs are today's.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import importlib.util
from types import ModuleType

import nbformat
import pytest

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.rglob("*.ipynb"))
EXPECTED = ["00-getting-started", "01-athena", "02-thumb-and-pouch", "03-aunt-mary", "04-camelot",
            "05-inspecting-a-game", "06-winnability", "07-klondike", "08-playing-with-advice", "09-studies",
            "el/00-getting-started", "el/01-athena", "el/02-thumb-and-pouch", "el/03-aunt-mary",
            "ru/00-getting-started", "ru/04-camelot"]
TRANSLATED = [path for path in NOTEBOOKS if path.parent != NOTEBOOK_DIR]


def _name(path: Path) -> str:
    return path.relative_to(NOTEBOOK_DIR).with_suffix("").as_posix()
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _tool() -> ModuleType:
    """tools/notebooks.py, which `make notebooks` runs: the test runs each notebook exactly as it does."""
    spec = importlib.util.spec_from_file_location("notebook_tool", NOTEBOOK_DIR.parent / "tools" / "notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
def test_stored_with_its_outputs_and_nothing_that_changes_from_run_to_run(path: Path) -> None:
    """Every code cell has run (in order, from 1), none failed, and what is kept is what a reader can see anywhere:
    no widget view (its model lives only in the kernel that ran it), no kernel widget state, no timestamps. Every
    board shows its picture."""
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.get("kernelspec") == KERNELSPEC
    assert "widgets" not in notebook.metadata
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert [cell.execution_count for cell in code] == list(range(1, len(code) + 1)), \
        f"{_name(path)} is not stored as one run from top to bottom: run make notebooks"
    for cell in code:
        assert "execution" not in cell.metadata
        for output in cell.outputs:
            assert output.output_type != "error", f"{_name(path)}: a stored cell failed: {output.get('evalue')}"
            data = output.get("data", {})
            assert WIDGET_VIEW not in data
            if data.get("text/plain", "").startswith("<Solitaire "):
                assert "image/svg+xml" in data, f"{_name(path)}: a board without its picture"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_links_to_other_notebooks_resolve(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", text):
        assert (path.parent / target).exists(), f"{path.name} links to a missing {target}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_nothing_shown_depends_on_the_machines_speed(path: Path) -> None:
    """A search is given a budget in search steps (``node_limit``), never in seconds, and nothing is timed: so a run
    on any machine shows what is stored."""
    code = "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code")
    assert re.findall(r"time_limit=(?!None\b)\S+", code) == []
    assert re.findall(r"\b(?:perf_counter|monotonic|time\.time|timeit|datetime)\b", code) == []
    for call in re.findall(r"\bsw\.solve\(.*", code):  # solve()'s default is ten seconds (the calls fit a line)
        assert "time_limit=None" in call, f"{_name(path)}: {call} has a time limit"


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_runs_top_to_bottom_to_the_outputs_stored(path: Path) -> None:
    """One run of the notebook, as `make notebooks` runs it: no cell fails, and every cell prints and shows the
    text stored with it (a board's or a plot's picture is compared by its presence)."""
    tool = _tool()
    fresh = tool.execute(path)  # raises CellExecutionError, with the cell and its traceback, on the first error
    errors = [output for cell in fresh.cells if cell.cell_type == "code" for output in cell.outputs
              if output.output_type == "error"]
    assert errors == []
    stored = tool.text_outputs(nbformat.read(path, as_version=4))
    ran = tool.text_outputs(fresh)
    stale = [number for number, (mine, theirs) in enumerate(zip(stored, ran, strict=True), start=1) if mine != theirs]
    assert not stale, (f"{_name(path)}: the outputs stored of code cells {stale} are not what they show today "
                       f"(first: {stored[stale[0] - 1]!r} against {ran[stale[0] - 1]!r}): run make notebooks")


def _english_fragments(language: str) -> set[str]:
    """The English source sentences of the catalogue that ``language`` translates otherwise, cut at their
    placeholders (``{count}``), keeping the pieces of three words or more: what a translated notebook's output would
    show if a sentence were left in English."""
    from babel.messages.pofile import read_po

    path = NOTEBOOK_DIR.parent / "src" / "solitaire_widget" / "locale" / language / "LC_MESSAGES" / "solitaire_widget.po"
    with path.open("rb") as file:
        catalogue = read_po(file)
    fragments = set()
    for message in catalogue:
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or not any(strings) or set(sources) & set(strings):
            continue
        for source in sources:
            for piece in re.split(r"\{[^}]*\}", source):
                piece = piece.strip(" .,:;()–-")
                if len(re.findall(r"[A-Za-z]+", piece)) >= 3:
                    fragments.add(piece)
    return fragments


def _shown_text(path: Path) -> str:
    """Everything a notebook's stored outputs show as text: streams, plain and HTML results, and the words inside
    its pictures (the SVG's text and titles), with markup taken out."""
    shown = []
    for cell in nbformat.read(path, as_version=4).cells:
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                shown.append(output.text)
            data = output.get("data", {})
            for kind in ("text/plain", "text/html", "image/svg+xml"):
                text = data.get(kind, "")
                shown.append(re.sub(r"<[^>]+>", " ", "".join(text) if isinstance(text, list) else text))
    return html.unescape("\n".join(shown))


@pytest.mark.parametrize("path", TRANSLATED, ids=_name)
def test_a_translation_shows_no_english_sentence_of_the_catalogues(path: Path) -> None:
    """What the library says in a translated notebook (messages, reports, strategies, plots, the board's pictures)
    comes out in the notebook's language: no English source sentence of the catalogue shows in its outputs. Move
    notation, pile codes and reprs are FORMAT.md's, and have no sentence of three English words."""
    shown = _shown_text(path)
    english = sorted(fragment for fragment in _english_fragments(path.parent.name) if fragment in shown)
    assert not english, f"{_name(path)} shows English from the catalogues: {english[:5]}"
