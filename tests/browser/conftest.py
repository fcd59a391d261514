"""Fixtures for the end-to-end tests: one JupyterLab server and one Chromium for the whole session.

- ``lab_server`` (session): ``jupyter lab`` on 127.0.0.1 with no token, a free port and a temporary root directory.
- ``chromium`` (session): Debian's Chromium (``/usr/bin/chromium``) driven by Playwright, headless.
- ``lab`` (per test): a fresh browser context and page on that server, as a :class:`~.lab.LabPage`. When the test
  ends it shuts the notebook's kernel down, and it fails the test if the browser console showed an error. Mark a
  test ``@pytest.mark.browser_context(has_touch=True)`` (any ``new_context`` option) to change its context.
- ``open_notebook`` (per test): writes a notebook of the given code cells into the server's root, opens it in
  ``lab`` and waits for its kernel; returns the ``LabPage``.
- ``show_board`` (per test): a notebook showing ``w = sw.Solitaire(variant, deal=...)``, as a :class:`~.board.Board`.
- ``screenshot_dir``: ``artifacts/screenshots/`` at the top of the repository (git-ignored). A failing test also
  leaves a screenshot of the whole page there, under ``failures/``.

The other hosts (:mod:`.hosts`), each started once, when a test first asks for it:

- ``notebook7_server`` / ``marimo_server`` (session): ``jupyter notebook`` (Notebook 7) and ``marimo edit``, token-less
  on 127.0.0.1, with their settings in a temporary directory.
- ``notebook7`` / ``marimo`` (per test): a fresh browser context and page on that server (a
  :class:`~.hosts.NotebookPage`, a :class:`~.hosts.MarimoPage`), checked and cleaned up like ``lab``.
- ``notebook7_board`` / ``marimo_board`` (per test): ``board(variant, deal, **options)`` opens a notebook showing
  ``sw.Solitaire(...)`` in that host and returns its :class:`~.board.Board` (:class:`~.hosts.MarimoBoard`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import solitaire_widget

from .board import Board
from .hosts import (
    BOARD_CELL,
    MarimoBoard,
    MarimoPage,
    MarimoServer,
    NotebookPage,
    NotebookServer,
    board_app,
)
from .lab import CHROMIUM, CHROMIUM_ARGS, REPO, LabPage, LabServer

SCREENSHOTS = REPO / "artifacts" / "screenshots"
VIEWPORT = {"width": 1400, "height": 1000}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser_context(**options): options for the test's Playwright browser context (has_touch=True)")


@pytest.fixture(scope="session")
def lab_server() -> Iterator[LabServer]:
    with LabServer() as server:
        yield server


#: JupyterLab's own language setting (the Greek language pack is in the test extra).
GREEK_LAB = {"@jupyterlab/translation-extension/plugin.jupyterlab-settings": {"locale": "el_GR"}}


@pytest.fixture(scope="session")
def greek_lab_server() -> Iterator[LabServer]:
    """A second JupyterLab, switched to Greek in its settings as a user does (Settings, Language, Greek)."""
    with LabServer(settings=GREEK_LAB) as server:
        yield server


@pytest.fixture(scope="session")
def playwright_session():
    """The session's one Playwright: its synchronous API runs an event loop in this thread, so a second one could
    not start while this one runs (every browser of the session is launched from it)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}; `make chromium` installs Debian's package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def chromium(playwright_session):
    browser = playwright_session.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    # Keep each phase's report on the test item, so the ``lab`` fixture knows at teardown whether the test failed.
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _safe_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("::", 1)[-1]).strip("_")[:120]


@pytest.fixture
def lab(request: pytest.FixtureRequest, lab_server: LabServer, chromium) -> Iterator[LabPage]:
    yield from _lab_page(request, lab_server, chromium)


@pytest.fixture
def greek_lab(request: pytest.FixtureRequest, greek_lab_server: LabServer, chromium) -> Iterator[LabPage]:
    """Like ``lab``, on the JupyterLab that speaks Greek."""
    yield from _lab_page(request, greek_lab_server, chromium)


def _lab_page(request: pytest.FixtureRequest, server: LabServer, chromium) -> Iterator[LabPage]:
    """A fresh browser context and page on ``server``; a screenshot when the test failed, and no console error
    allowed when it passed (checked after every browser test: the widget must not log errors or throw)."""
    yield from _host_page(request, chromium, lambda page: LabPage(page, server))


@pytest.fixture
def open_notebook(request: pytest.FixtureRequest, lab: LabPage) -> Callable[..., LabPage]:
    """``open_notebook(cells, name=None)``: write a notebook of these code cells, open it, wait for its kernel."""

    def open_(cells: Sequence[str] = (), name: str | None = None) -> LabPage:
        lab.open_notebook(name or f"{_safe_name(request.node.nodeid)}.ipynb", cells)
        return lab

    return open_


@pytest.fixture
def show_board(open_notebook) -> Callable[..., Board]:
    """``show_board(variant, deal, **options)``: a notebook whose first cell shows ``w = sw.Solitaire(...)``.

    Runs that cell, waits for the board to render, and returns a :class:`~.board.Board` bound to ``w``.
    """

    front_end = Path(solitaire_widget.__file__).parent / "static" / "widget.js"
    if not front_end.exists() or front_end.stat().st_size < 1000:
        pytest.fail(f"the front end is not built ({front_end}); `make setup` or `npm run build` builds it")

    def show(variant: str, deal: int, **options: object) -> Board:
        arguments = ", ".join([repr(variant), f"deal={deal!r}"] + [f"{k}={v!r}" for k, v in options.items()])
        lab = open_notebook([f"import solitaire_widget as sw\nw = sw.Solitaire({arguments})\nw"])
        lab.run_cell(0)
        board = Board(lab, 0, "w")
        board.wait_until_rendered()
        return board

    return show


# -- the other hosts: Notebook 7 and marimo ----------------------------------------------------------------------

@pytest.fixture(scope="session")
def notebook7_server() -> Iterator[NotebookServer]:
    with NotebookServer() as server:
        yield server


@pytest.fixture(scope="session")
def marimo_server() -> Iterator[MarimoServer]:
    with MarimoServer() as server:
        yield server


def _host_page(request: pytest.FixtureRequest, chromium, wrap: Callable[..., Any]) -> Iterator[Any]:
    """A fresh context and page wrapped by ``wrap(page)``; at the end, a screenshot of a failure, the console
    checked after a pass, then ``close()`` (when the wrapper has one) and the context closed."""
    marker = request.node.get_closest_marker("browser_context")
    context = chromium.new_context(viewport=VIEWPORT, **(marker.kwargs if marker else {}))
    context.set_default_timeout(30_000)
    host = wrap(context.new_page())
    try:
        yield host
        call_report = getattr(request.node, "report_call", None)
        if call_report is not None and call_report.failed:
            host.screenshot(SCREENSHOTS / "failures" / f"{_safe_name(request.node.nodeid)}.png")
        elif call_report is not None and call_report.passed:
            host.assert_no_console_errors()
    finally:
        try:
            if hasattr(host, "close"):
                host.close()
        finally:
            context.close()


def _front_end_built() -> None:
    front_end = Path(solitaire_widget.__file__).parent / "static" / "widget.js"
    if not front_end.exists() or front_end.stat().st_size < 1000:
        pytest.fail(f"the front end is not built ({front_end}); `make setup` or `npm run build` builds it")


def _arguments(variant: str, deal: int, options: dict[str, object]) -> str:
    return ", ".join([repr(variant), f"deal={deal!r}"] + [f"{k}={v!r}" for k, v in options.items()])


@pytest.fixture
def notebook7(request: pytest.FixtureRequest, notebook7_server: NotebookServer, chromium) -> Iterator[NotebookPage]:
    yield from _host_page(request, chromium, lambda page: NotebookPage(page, notebook7_server))


@pytest.fixture
def marimo(request: pytest.FixtureRequest, marimo_server: MarimoServer, chromium) -> Iterator[MarimoPage]:
    yield from _host_page(request, chromium, lambda page: MarimoPage(page, marimo_server))


@pytest.fixture
def notebook7_board(request: pytest.FixtureRequest, notebook7: NotebookPage) -> Callable[..., Board]:
    """``board(variant, deal, **options)``: Notebook 7 showing ``w = sw.Solitaire(...)`` in cell 0, rendered."""
    _front_end_built()

    def show(variant: str, deal: int, **options: object) -> Board:
        name = f"{_safe_name(request.node.nodeid)}.ipynb"
        source = f"import solitaire_widget as sw\nw = sw.Solitaire({_arguments(variant, deal, options)})\nw"
        notebook7.open_notebook(name, [source])
        notebook7.run_cell(0)
        board = Board(notebook7, 0, "w")
        board.wait_until_rendered()
        return board

    return show


@pytest.fixture
def marimo_board(request: pytest.FixtureRequest, marimo: MarimoPage) -> Callable[..., MarimoBoard]:
    """``board(variant, deal, **options)``: a marimo notebook showing ``mo.ui.anywidget(sw.Solitaire(...))``, its
    cells run on opening, and a probe cell below that prints ``w.widget.game``; the board rendered."""
    _front_end_built()

    def show(variant: str, deal: int, **options: object) -> MarimoBoard:
        name = f"{_safe_name(request.node.nodeid)}.py"
        marimo.open(name, board_app(variant, deal, **options))
        board = MarimoBoard(marimo, BOARD_CELL)
        board.wait_until_rendered()
        return board

    return show
