"""Run the companion notebooks and store them with their outputs: what a reader sees on GitHub or in the docs.

Every notebook under ``notebooks/`` is executed top to bottom in a fresh ``python3`` kernel (nbclient), in its own
folder, and written back in place with its outputs. The run is made repeatable, so that running it again on an
unchanged tree gives the same files, byte for byte:

- Python's ``random`` is seeded (:data:`SEED`) in the kernel before the first cell, by a cell of its own that is
  run and then left out of the stored notebook (the notebooks themselves never seed: a reader who runs them gets a
  fresh random deal where they ask for one). ``PYTHONHASHSEED`` is fixed too.
- The kernel speaks English (``LC_ALL=C.UTF-8``; the translated notebooks set their own language) and keeps its
  statistics in a temporary folder. The notebooks themselves give every search a budget in search steps, never in
  seconds, and print no timings, so that nothing they show depends on the machine's speed.
- What changes from run to run is left out: execution timestamps, the kernel's widget state, and the widget view of
  a board, which names a model that exists only in the kernel that ran it (JupyterLab would say "model not found").
  A board's stored output is its SVG picture and its text (``Solitaire._repr_mimebundle_``); run again in
  JupyterLab, the cell shows the live board.

    python tools/notebooks.py                    # run every notebook and store it with its outputs
    python tools/notebooks.py notebooks/01-athena.ipynb ...   # only these

The test suite (tests/notebooks) runs each notebook through :func:`execute` too, and compares what it prints with
what is stored (:func:`text_outputs`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = ROOT / "notebooks"
SEED = 2024
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The cell run before the notebook's own, and left out of it.
PRELUDE = f"import random\nrandom.seed({SEED})"
#: Each cell's time limit, in seconds: a notebook stuck in a cell fails rather than hangs.
CELL_TIMEOUT = 300


@contextmanager
def kernel_environment() -> Iterator[None]:
    """The environment the kernel starts with (it inherits this process's): the settings above, restored after."""
    with tempfile.TemporaryDirectory(prefix="solitaire-notebooks-") as data:
        settings = {"PYTHONHASHSEED": "0", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
                    "LANGUAGE": "", "SOLITAIRE_WIDGET_DATA": data}
        saved = {name: os.environ.get(name) for name in settings}
        os.environ.update(settings)
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def execute(path: Path) -> nbformat.NotebookNode:
    """The notebook at ``path`` run top to bottom as :mod:`this tool <tools.notebooks>` runs it, cleaned for storing.

    Raises nbclient's CellExecutionError, naming the cell, when a cell fails."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(PRELUDE))
    client = NotebookClient(notebook, timeout=CELL_TIMEOUT, kernel_name="python3", store_widget_state=False,
                            record_timing=False, resources={"metadata": {"path": str(path.parent)}})
    with kernel_environment():
        client.execute()
    del notebook.cells[0]
    return clean(notebook)


def clean(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """``notebook`` without what differs from run to run: numbered from 1 (the prelude left out), without
    timestamps, kernel widget state or widget views, each stream in one piece however it was flushed."""
    notebook.metadata.pop("widgets", None)
    notebook.metadata.pop("papermill", None)
    count = 0
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if cell.get("execution_count") is not None:
            count += 1
            cell.execution_count = count
        outputs: list[nbformat.NotebookNode] = []
        for output in cell.outputs:
            if (output.output_type == "stream" and outputs and outputs[-1].output_type == "stream"
                    and outputs[-1].name == output.name):  # a stream comes in as many pieces as it was flushed in
                outputs[-1].text += output.text
                continue
            if output.output_type == "execute_result":
                output.execution_count = count
            if "data" in output:
                output.data.pop(WIDGET_VIEW, None)
                if not output.data:
                    continue
            outputs.append(output)
        cell.outputs = outputs
    return notebook


def text_outputs(notebook: nbformat.NotebookNode) -> list[list[str]]:
    """What each code cell shows as text, to compare a stored notebook with a fresh run: its streams, the
    ``text/plain`` of its results and displays, its errors, and a mark for every picture (an SVG's drawing is
    compared by its presence, not its bytes)."""
    shown = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        texts = []
        for output in cell.outputs:
            if output.output_type == "stream":
                texts.append(f"{output.name}: {output.text}")
            elif output.output_type == "error":
                texts.append(f"error: {output.ename}: {output.evalue}")
            else:
                data = output.get("data", {})
                texts.append(_without_addresses(data.get("text/plain", "")))
                texts.extend(f"[{kind}]" for kind in sorted(data) if kind.startswith("image/"))
        shown.append(texts)
    return shown


def _without_addresses(text: str) -> str:
    """A repr's memory address (``at 0x7f...``) is different in every run: it is left out."""
    return re.sub(r" at 0x[0-9a-f]+", " at 0x…", text)


def store(path: Path) -> float:
    """Run the notebook at ``path`` and write it back with its outputs; the seconds it took."""
    start = time.perf_counter()
    notebook = execute(path)
    nbformat.write(notebook, path)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="notebooks to run (default: all of notebooks/)")
    arguments = parser.parse_args(argv)
    paths = arguments.paths or sorted(NOTEBOOK_DIR.rglob("*.ipynb"))
    total = 0.0
    for path in paths:
        if ".ipynb_checkpoints" in path.parts:
            continue
        seconds = store(path)
        total += seconds
        print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: {seconds:.0f} s", flush=True)
    print(f"{len(paths)} notebooks in {total:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
