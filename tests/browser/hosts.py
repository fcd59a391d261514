"""The other hosts anywidget supports, driven like JupyterLab in :mod:`.lab`: Jupyter Notebook 7 and marimo.

:class:`NotebookServer` starts ``jupyter notebook`` (Notebook 7) on 127.0.0.1 with no token, a free port and every
Jupyter folder (config, data, runtime, user settings) in a temporary directory. Notebook 7 is built from JupyterLab's
parts and exposes the same application object (``window.jupyterapp``), so :class:`NotebookPage` is a
:class:`~.lab.LabPage` that opens ``/notebooks/NAME.ipynb`` instead of ``/lab/tree/NAME.ipynb``; cells, the kernel
and :class:`~.board.Board` work as they do in Lab. Its theme is a user setting (:meth:`NotebookServer.set_theme`),
read by each page as it loads.

:class:`MarimoServer` starts ``marimo edit`` on a temporary folder of notebooks (``.py`` files written by
:meth:`MarimoServer.write_app`), with ``HOME`` and ``XDG_*`` in a temporary directory so that its ``marimo.toml``
(cells run on opening, the theme, no autosave) is the test's own; marimo reads it again on every page load.
A session closes a moment after its page does. :class:`MarimoPage` opens a notebook, runs a cell with its own run
button and reads the cell's console output; :class:`MarimoBoard` is the :class:`~.board.Board` inside the open
shadow root of marimo's ``marimo-anywidget`` element (Playwright's locators pierce it), which reads the game from a
probe cell that prints ``w.widget.game`` as JSON each time it is run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .board import Board
from .lab import (
    LAB_SETTINGS,
    ConsoleLog,
    LabPage,
    LabServer,
    free_port,
    stop_process,
    wait_for_http,
)

THEME_NAMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
_THEME_SETTING = "@jupyterlab/apputils-extension/themes.jupyterlab-settings"

NOTEBOOK_SERVER_CONFIG = {
    "ServerApp": {
        "ip": "127.0.0.1",
        "open_browser": False,
        "allow_root": True,
        "port_retries": 0,
        "disable_check_xsrf": True,
    },
    "IdentityProvider": {"token": ""},
    "JupyterNotebookApp": {"expose_app_in_browser": True},
}


# -- Jupyter Notebook 7 ------------------------------------------------------------------------------------------

class NotebookServer(LabServer):
    """A ``jupyter notebook`` (Notebook 7) process serving a temporary root directory. Use as a context manager."""

    def __init__(self, startup_timeout: float = 90.0) -> None:
        super().__init__(startup_timeout)
        self.config = self.home / "config"
        self.settings = self.config / "lab" / "user-settings"

    def start(self) -> None:
        self.root.mkdir()
        self.settings.mkdir(parents=True)
        for relative, values in LAB_SETTINGS.items():
            path = self.settings / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        self.set_theme("light")
        (self.config / "jupyter_server_config.json").write_text(json.dumps(NOTEBOOK_SERVER_CONFIG))

        self._launch("notebook", self.config, [f"--JupyterNotebookApp.user_settings_dir={self.settings}",
                                                f"--JupyterNotebookApp.workspaces_dir={self.home / 'workspaces'}"])

    def set_theme(self, theme: str) -> None:
        """Make ``theme`` ("light" or "dark") the user's theme setting; pages opened from now on start in it."""
        path = self.settings / _THEME_SETTING
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"theme": THEME_NAMES[theme]}))


# Errors Notebook 7 itself logs here, whatever the notebook holds (seen with a notebook of one cell, ``1+1``, no
# widget, no user settings): exact texts, each with its reason.
NOTEBOOK7_IGNORED_ERRORS = (
    # notebook 7.6: as the page loads, the shortcuts extension's settings listener reads `.schema` of a plugin the
    # registry does not hold yet (an uncaught promise rejection in notebook_core.js).
    "Cannot read properties of undefined (reading 'schema')",
)


class NotebookPage(LabPage):
    """One Playwright page showing a notebook in Notebook 7's single-document interface."""

    def assert_no_console_errors(self, since: int = 0) -> None:
        errors = [entry for entry in self.console.errors(since) if entry.text not in NOTEBOOK7_IGNORED_ERRORS]
        assert not errors, "the browser console showed errors:\n" + "\n".join(f"  {entry}" for entry in errors)

    def address(self, path: str) -> str:
        return f"{self.server.url}/notebooks/{path}"

    def output_text(self, index: int) -> str:
        """The text the cell's outputs show on the page."""
        return self.cell(index).locator(".jp-OutputArea").inner_text()


# -- marimo ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MarimoCell:
    """A marimo cell: its code, the names it uses from other cells and the names it gives them."""

    code: str
    refs: tuple[str, ...] = ()
    defs: tuple[str, ...] = ()

    def source(self) -> str:
        body = textwrap.indent(textwrap.dedent(self.code).strip(), "    ")
        returns = f"    return ({', '.join(self.defs)},)" if self.defs else "    return"
        return f"@app.cell\ndef _({', '.join(self.refs)}):\n{body}\n{returns}\n"


def marimo_app(cells: Iterable[MarimoCell]) -> str:
    """The text of a marimo notebook file with these cells, in order."""
    parts = ["import marimo\n\napp = marimo.App()\n"]
    parts += [cell.source() for cell in cells]
    parts.append('if __name__ == "__main__":\n    app.run()\n')
    return "\n\n".join(parts)


MARIMO_CONFIG = """\
[runtime]
auto_instantiate = true

[display]
theme = "{theme}"

[save]
autosave = "off"
format_on_save = false
"""


class MarimoServer:
    """A ``marimo edit`` process serving a temporary folder of notebooks. Use as a context manager."""

    SESSION_TTL = 2  # seconds a session (and its kernel) outlives its page

    def __init__(self, startup_timeout: float = 90.0) -> None:
        self.startup_timeout = startup_timeout
        self.home = Path(tempfile.mkdtemp(prefix="sw-marimo-"))
        self.root = self.home / "root"
        self.config_path = self.home / "xdg-config" / "marimo" / "marimo.toml"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.home / "marimo.log"
        self._process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> MarimoServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        self.root.mkdir()
        self.set_theme("light")
        env = dict(os.environ)
        env.update(
            HOME=str(self.home / "home"),
            XDG_CONFIG_HOME=str(self.config_path.parent.parent),
            XDG_CACHE_HOME=str(self.home / "xdg-cache"),
            XDG_DATA_HOME=str(self.home / "xdg-data"),
            XDG_STATE_HOME=str(self.home / "xdg-state"),
            PYTHONUNBUFFERED="1",
        )
        (self.home / "home").mkdir()
        command = [
            sys.executable, "-m", "marimo", "edit", "--headless", "--no-token",
            "--host", "127.0.0.1", "--port", str(self.port), "--skip-update-check",
            "--session-ttl", str(self.SESSION_TTL), str(self.root),
        ]
        log = self.log_path.open("wb")
        self._process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.root)
        log.close()
        wait_for_http(f"{self.url}/health", self._process, "marimo edit", self.startup_timeout, self.log_tail)

    def stop(self) -> None:
        stop_process(self._process)
        self._process = None
        shutil.rmtree(self.home, ignore_errors=True)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def set_theme(self, theme: str) -> None:
        """marimo's own theme setting: "light", "dark" or "system"; pages loaded from now on use it."""
        self.config_path.parent.mkdir(parents=True, exist_ok=True)
        self.config_path.write_text(MARIMO_CONFIG.format(theme=theme))

    def write_app(self, name: str, cells: Iterable[MarimoCell]) -> str:
        path = self.root / name
        path.write_text(marimo_app(cells))
        return name


_RESULT_MARKER = "@@sw-marimo-result@@ "

# The probe: prints the game as JSON, with the time so that every run's output differs from the last.
PROBE = MarimoCell(
    f"""
    import json as _json
    import time as _time

    _game = w.widget.game
    _result = {{
        "run": _time.time_ns(),
        "position": _game.position(),
        "history": [str(_move) for _move in _game.history],
    }}
    print({_RESULT_MARKER!r} + _json.dumps(_result))
    """,
    refs=("w",),
)


def board_app(variant: str, deal: int, **options: object) -> list[MarimoCell]:
    """A marimo notebook showing ``w = mo.ui.anywidget(sw.Solitaire(...))``, with the probe below it."""
    arguments = ", ".join([repr(variant), f"deal={deal!r}"] + [f"{k}={v!r}" for k, v in options.items()])
    return [
        MarimoCell("import marimo as mo\nimport solitaire_widget as sw", defs=("mo", "sw")),
        MarimoCell(f"w = mo.ui.anywidget(sw.Solitaire({arguments}))\nw", refs=("mo", "sw"), defs=("w",)),
        PROBE,
    ]


BOARD_CELL, PROBE_CELL = 1, 2


class MarimoPage:
    """One Playwright page showing a marimo notebook being edited."""

    def __init__(self, page: Page, server: MarimoServer) -> None:
        self.page = page
        self.server = server
        self.console = ConsoleLog()
        self.console.attach(page)

    def open(self, name: str, cells: Sequence[MarimoCell]) -> None:
        """Write the notebook, open it, and wait until its cells have all run (the config runs them on opening)."""
        self.server.write_app(name, cells)
        self.page.goto(f"{self.server.url}/?file={name}")
        self.cells.nth(len(cells) - 1).wait_for(timeout=60_000)
        self.page.wait_for_function(
            "(n) => document.querySelectorAll('.marimo-cell').length === n", arg=len(cells), timeout=60_000)

    @property
    def cells(self):
        return self.page.locator(".marimo-cell")

    def cell(self, index: int):
        return self.cells.nth(index)

    def cell_count(self) -> int:
        return self.cells.count()

    def console_text(self, index: int) -> str:
        area = self.cell(index).locator("[data-testid='console-output-area']")
        return area.inner_text() if area.count() else ""

    def run_cell(self, index: int) -> None:
        """Press the cell's own run button (it shows while the pointer is over the cell)."""
        cell = self.cell(index)
        cell.hover()
        cell.locator("[data-testid='run-button']:not([disabled])").first.click()

    def result(self, index: int, *, timeout: float = 30.0) -> Any:
        """Run cell ``index``, wait for a new marked line on its console, and return that line's JSON."""
        before = self._marked(self.console_text(index))
        self.run_cell(index)
        deadline = time.monotonic() + timeout
        while True:
            line = self._marked(self.console_text(index))
            if line is not None and line != before:
                return json.loads(line[len(_RESULT_MARKER):])
            if time.monotonic() > deadline:
                raise AssertionError(f"cell {index} printed no new result in {timeout:.0f} s; its console shows:\n"
                                     f"{self.console_text(index) or '(nothing)'}")
            self.page.wait_for_timeout(50)

    @staticmethod
    def _marked(text: str) -> str | None:
        lines = [line for line in text.splitlines() if line.startswith(_RESULT_MARKER)]
        return lines[-1] if lines else None

    def assert_no_console_errors(self, since: int = 0) -> None:
        errors = self.console.errors(since)
        assert not errors, "the browser console showed errors:\n" + "\n".join(f"  {entry}" for entry in errors)

    def screenshot(self, path: Path, locator=None) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        (locator or self.page).screenshot(path=str(path), animations="disabled")
        return path


class MarimoBoard(Board):
    """The board in a marimo notebook made by :func:`board_app`; the game is read through the probe cell."""

    def __init__(self, marimo: MarimoPage, cell_index: int = BOARD_CELL, probe_index: int = PROBE_CELL) -> None:
        self.lab = marimo  # type: ignore[assignment]  # Board's helpers only use .page, .console and .screenshot
        self.marimo = marimo
        self.page = marimo.page
        self.name = "w"
        self.cell_index = cell_index
        self.probe_index = probe_index
        self.root = marimo.cell(cell_index).locator(".sw-root").first

    def wait_until_rendered(self, timeout: float = 60_000) -> None:
        try:
            self.root.locator("[data-pile='stock']").wait_for(timeout=timeout)
        except PlaywrightTimeout:
            output = self.marimo.cell(self.cell_index).inner_text()
            errors = "\n".join(f"  {entry}" for entry in self.marimo.console.errors()) or "  (none)"
            raise AssertionError(f"the board in marimo cell {self.cell_index} did not render in "
                                 f"{timeout / 1000:.0f} s.\nThe cell shows:\n{output or '(nothing)'}\n"
                                 f"Browser console errors:\n{errors}") from None

    def focus(self) -> None:
        self.root.focus()

    def game(self) -> dict[str, Any]:
        """Run the probe cell: ``{"position": w.widget.game.position(), "history": [...]}``."""
        return self.marimo.result(self.probe_index)

    def game_position(self) -> dict[str, Any]:
        return self.game()["position"]

    def history(self) -> list[str]:
        return self.game()["history"]

    def wait_for_game(self, position: dict[str, Any], *, what: str = "", timeout: float = 20.0) -> None:
        """Re-run the probe until the game it prints is at ``position``."""
        deadline = time.monotonic() + timeout
        seen = self.game_position()
        while seen != position:
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {what or 'the expected position'} in marimo's "
                                     f"kernel; the probe cell printed {seen!r}")
            self.page.wait_for_timeout(100)
            seen = self.game_position()

    def wait_for_kernel_value(self, expression: str, value: Any, *, timeout: float = 15.0) -> None:
        raise NotImplementedError("marimo's kernel is read through the probe cell only")

    def play_from_python(self, *moves: str) -> None:
        raise NotImplementedError("marimo's kernel is read through the probe cell only")
