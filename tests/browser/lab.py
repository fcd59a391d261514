"""Drive a real JupyterLab from the tests: a throw-away server, and a page that opens notebooks in it.

:class:`LabServer` starts ``jupyter lab`` on 127.0.0.1 with no token, a free port and a temporary root directory
whose settings keep JupyterLab quiet (no news toast, no update check, no notebook windowing, so every cell stays in
the DOM). :class:`LabPage` wraps one Playwright page showing JupyterLab: it writes notebooks into the server's root,
opens them, runs their cells, asks the notebook's kernel for values, and collects the browser console's errors.

The page talks to JupyterLab through ``window.jupyterapp`` (the server runs with ``expose_app_in_browser``): cells are
run with JupyterLab's own ``notebook:run-cell`` command, and :meth:`LabPage.kernel_eval` sends code to the notebook's
kernel on the same connection the widgets use, so the tests can read ``w.game`` without adding cells to the notebook.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from playwright.sync_api import ConsoleMessage, Page
from playwright.sync_api import Error as PlaywrightError

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",  # the tests run as root
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Settings written into the server's user-settings directory before it starts.
LAB_SETTINGS = {
    # The "Would you like to get notified about Jupyter news?" toast can cover the board.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Keep every cell in the DOM (the default windowing detaches cells scrolled out of view).
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    # Save widget state with the notebook, so a saved board can be checked when reopened without its kernel.
    "@jupyter-widgets/jupyterlab-manager/plugin.jupyterlab-settings": {"saveState": True},
}

SERVER_CONFIG = {
    "ServerApp": {
        "ip": "127.0.0.1",
        "open_browser": False,
        "allow_root": True,
        "port_retries": 0,
        "disable_check_xsrf": True,
    },
    "IdentityProvider": {"token": ""},
    "LabApp": {"expose_app_in_browser": True},
}

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

# Console errors that JupyterLab itself would log here and that say nothing about our code: substrings of the
# message or its source URL. Empty today (the settings above keep Lab quiet); add an entry only with a reason.
IGNORED_CONSOLE_ERRORS: tuple[str, ...] = ()
# Uncaught errors thrown by JupyterLab's own bundles, never by ours: (message, why). Ignored only when the error's
# stack has no frame outside JupyterLab's served files, so the same error from the board's code (loaded by anywidget
# from a blob: URL) still fails the test.
#   A theme switched back and forth makes Lab's style bookkeeping remove a stylesheet that the switch already
#   removed (seen once in a clean-clone CI run, in a test that toggles the Dark theme; the board's bundle calls no
#   removeChild at all).
HOST_PAGE_ERRORS: tuple[str, ...] = ("Failed to execute 'removeChild' on 'Node'",)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def notebook_json(cells: Iterable[str]) -> dict[str, Any]:
    """A notebook (nbformat 4) with one code cell per source string, and a kernelspec so Lab asks nothing."""
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": KERNELSPEC,
            "language_info": {"name": "python"},
        },
        "cells": [
            {
                "cell_type": "code",
                "id": f"cell-{index}",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
            for index, source in enumerate(cells)
        ],
    }


def wait_for_http(url: str, process: subprocess.Popen[bytes] | None, what: str, timeout: float,
                  log_tail: Callable[[], str]) -> None:
    """Poll ``url`` until it answers 200; fail early, with the log's tail, if the process exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{what} exited with code {process.returncode}:\n{log_tail()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"{what} did not answer on {url} in {timeout:.0f} s:\n{log_tail()}")


def stop_process(process: subprocess.Popen[bytes] | None) -> None:
    if process is not None and process.poll() is None:
        process.terminate()  # the servers shut their kernels down on SIGTERM
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


class LabServer:
    """A ``jupyter lab`` process serving a temporary root directory. Use as a context manager."""

    def __init__(self, startup_timeout: float = 90.0, settings: dict[str, dict[str, Any]] | None = None) -> None:
        """``settings`` adds user settings to :data:`LAB_SETTINGS` (file name: values), e.g. JupyterLab's language."""
        self.startup_timeout = startup_timeout
        self.settings = {**LAB_SETTINGS, **(settings or {})}
        self.home = Path(tempfile.mkdtemp(prefix="sw-browser-"))
        self.root = self.home / "root"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.home / "jupyter.log"
        self._process: subprocess.Popen[bytes] | None = None

    # -- lifecycle -------------------------------------------------------------------------------------------

    def __enter__(self) -> LabServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        self.root.mkdir()
        settings = self.home / "settings"
        for relative, values in self.settings.items():
            path = settings / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        config = self.home / "config"
        config.mkdir()
        (config / "jupyter_server_config.json").write_text(json.dumps(SERVER_CONFIG))

        self._launch("lab", config, [f"--LabApp.user_settings_dir={settings}",
                                     f"--LabApp.workspaces_dir={self.home / 'workspaces'}"])

    def _launch(self, app: str, config: Path, options: list[str]) -> None:
        """Start ``jupyter <app>`` on this server's port and root, with nothing from the user's own Jupyter set-up
        (a kernelspec "python3" in ~/.local/share/jupyter would win over the environment's own, and could start
        another Python without the package under test), and wait until it answers."""
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(config),
            JUPYTER_DATA_DIR=str(self.home / "data"),
            JUPYTER_RUNTIME_DIR=str(self.home / "runtime"),
            IPYTHONDIR=str(self.home / "ipython"),
            PYTHONUNBUFFERED="1",
        )
        command = [sys.executable, "-m", "jupyter", app, f"--ServerApp.port={self.port}",
                   f"--ServerApp.root_dir={self.root}", *options]
        log = self.log_path.open("wb")
        self._process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.root)
        log.close()
        wait_for_http(f"{self.url}/api/status", self._process, f"jupyter {app}", self.startup_timeout, self.log_tail)

    def stop(self) -> None:
        stop_process(self._process)
        self._process = None
        shutil.rmtree(self.home, ignore_errors=True)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    # -- REST API ----------------------------------------------------------------------------------------------

    def api(self, method: str, path: str) -> Any:
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels_of(self, notebook_path: str) -> None:
        """Shut down the session (and kernel) the page started for a notebook; other tests' kernels stay."""
        for session in self.api("GET", "sessions"):
            if session.get("path") == notebook_path:
                self.api("DELETE", f"sessions/{session['id']}")

    def write_notebook(self, name: str, cells: Iterable[str]) -> str:
        """Write ``name`` (an .ipynb path relative to the root) with the given code cells; returns that path."""
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(notebook_json(cells), indent=1))
        return name


@dataclass
class ConsoleEntry:
    kind: str  # "console.error" or "page error"
    text: str
    location: str = ""

    def __str__(self) -> str:
        where = f" ({self.location})" if self.location else ""
        return f"{self.kind}: {self.text}{where}"


def _from_the_host(entry: ConsoleEntry) -> bool:
    """Whether ``entry`` is one of :data:`HOST_PAGE_ERRORS`, thrown from JupyterLab's served files only."""
    frames = entry.location.split()
    return (entry.kind == "page error" and any(known in entry.text for known in HOST_PAGE_ERRORS) and bool(frames)
            and all(frame.startswith("http") and "/static/" in frame for frame in frames))


@dataclass
class ConsoleLog:
    """Every console error and uncaught page exception seen on one page, in order."""

    entries: list[ConsoleEntry] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def _on_page_error(self, error: Exception) -> None:
        stack = getattr(error, "stack", "") or ""
        frames = re.findall(r"\(?((?:https?|blob|data):[^\s)]+)", stack)
        self.entries.append(ConsoleEntry("page error", str(error), " ".join(frames)))

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            loc = message.location
            where = f"{loc.get('url', '')}:{loc.get('lineNumber', '')}" if loc else ""
            self.entries.append(ConsoleEntry("console.error", message.text, where))

    def errors(self, since: int = 0) -> list[ConsoleEntry]:
        return [entry for entry in self.entries[since:]
                if not any(ignored in entry.text or ignored in entry.location for ignored in IGNORED_CONSOLE_ERRORS)
                and not _from_the_host(entry)]

    def mark(self) -> int:
        return len(self.entries)

    def take(self, since: int) -> list[ConsoleEntry]:
        """Remove and return the entries logged since ``mark()`` (for tests that expect an error on purpose)."""
        taken = self.entries[since:]
        del self.entries[since:]
        return taken


class KernelError(AssertionError):
    """Code sent to the notebook's kernel raised; the message carries the kernel's traceback."""


# JavaScript run in the page. ``jupyterapp`` is JupyterLab's application object.
_JS_CURRENT_NOTEBOOK = """
    () => {
      // Polled while JupyterLab is still loading: no app, no shell, no tab yet are all "not yet".
      const panel = window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.shell.currentWidget;
      return panel && panel.content && panel.context ? panel.context.path : null;
    }
"""

_JS_WAIT_KERNEL_READY = """
    async (path) => {
      const panel = window.jupyterapp.shell.currentWidget;
      if (!panel || !panel.context || panel.context.path !== path) {
        throw new Error(`the current JupyterLab tab is not ${path}`);
      }
      await panel.context.ready;
      await panel.sessionContext.ready;
      const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
      if (!kernel) throw new Error('the notebook has no kernel');
      await kernel.info;
      return kernel.name;
    }
"""

_JS_RUN_CELL = """
    async (index) => {
      const panel = window.jupyterapp.shell.currentWidget;
      const notebook = panel.content;
      if (index < 0 || index >= notebook.widgets.length) {
        throw new Error(`no cell ${index}: the notebook has ${notebook.widgets.length}`);
      }
      notebook.activeCellIndex = index;
      notebook.deselectAll();
      const ok = await window.jupyterapp.commands.execute('notebook:run-cell');
      return ok !== false;
    }
"""

_JS_RUN_ALL = """
    async () => {
      await window.jupyterapp.commands.execute('notebook:run-all-cells');
    }
"""

_JS_ERROR_OUTPUTS = """
    (index) => {
      const cells = window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells;
      const found = [];
      cells.forEach((cell, i) => {
        if ((index === null || index === i) && cell.cell_type === 'code') {
          for (const output of cell.getOutputs()) {
            if (output.output_type === 'error') {
              const text = (output.traceback || []).join('\\n').replace(/\\x1b\\[[0-9;]*m/g, '');
              found.push(`cell ${i}: ${output.ename}: ${output.evalue}\\n${text}`);
            }
          }
        }
      });
      return found;
    }
"""

_JS_CELLS_NOT_RUN = """
    () => window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells
      .map((cell, i) => [cell, i])
      .filter(([cell]) => cell.cell_type === 'code' && cell.source.trim() && cell.execution_count == null)
      .map(([, i]) => i)
"""

_JS_APPEND_CELL = """
    (source) => {
      const panel = window.jupyterapp.shell.currentWidget;
      const shared = panel.content.model.sharedModel;
      shared.insertCell(shared.cells.length, {cell_type: 'code', source});
      return shared.cells.length - 1;
    }
"""

_JS_CELL_COUNT = """
    () => window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells.length
"""

_JS_KERNEL_EXECUTE = """
    async (code) => {
      const panel = window.jupyterapp.shell.currentWidget;
      const kernel = panel.sessionContext.session.kernel;
      const future = kernel.requestExecute({code, silent: false, store_history: false});
      let stdout = '';
      let error = null;
      future.onIOPub = (msg) => {
        const type = msg.header.msg_type;
        if (type === 'stream' && msg.content.name === 'stdout') stdout += msg.content.text;
        if (type === 'error') error = msg.content.traceback.join('\\n');
      };
      await future.done;
      return {stdout, error};
    }
"""

_RESULT_MARKER = "@@sw-browser-result@@ "


class LabPage:
    """One Playwright page showing JupyterLab, with helpers to open notebooks and talk to their kernels."""

    def __init__(self, page: Page, server: LabServer) -> None:
        self.page = page
        self.server = server
        self.console = ConsoleLog()
        self.console.attach(page)
        self.notebook_path: str | None = None

    # -- notebooks ---------------------------------------------------------------------------------------------

    def open_notebook(self, name: str, cells: Iterable[str] = ()) -> None:
        """Write a notebook of ``cells`` into the server's root, open it in a fresh Lab, and wait for its kernel."""
        path = self.server.write_notebook(name, cells)
        self.open_existing(path)

    #: How long a notebook's kernel may take to be ready, in milliseconds.
    kernel_timeout = 60_000

    def address(self, path: str) -> str:
        """The page that shows the notebook at ``path`` (``?reset`` so no stored layout comes back)."""
        return f"{self.server.url}/lab/tree/{path}?reset"

    def open_existing(self, path: str) -> None:
        """Open a notebook that is already in the server's root, and wait until its kernel is idle."""
        self.page.goto(self.address(path))
        self.page.wait_for_function(f"({_JS_CURRENT_NOTEBOOK})() === {json.dumps(path)}", timeout=60_000)
        self.page.evaluate(_JS_WAIT_KERNEL_READY, path)
        # The kernel's own status, not the status bar's indicator (hidden when the window is narrow).
        self.page.wait_for_function(
            "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle'",
            timeout=self.kernel_timeout)
        self.notebook_path = path

    def save(self) -> None:
        """Save the open notebook with JupyterLab's own command (widget state included)."""
        self.page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")

    def close(self) -> None:
        """Shut the notebook's kernel down (the page itself is closed by its fixture)."""
        if self.notebook_path is not None:
            self.server.shutdown_kernels_of(self.notebook_path)
            self.notebook_path = None

    # -- cells -------------------------------------------------------------------------------------------------

    def cell(self, index: int):
        """The Playwright locator of cell ``index`` (0-based) of the open notebook."""
        return self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(index)

    def cell_count(self) -> int:
        return self.page.evaluate(_JS_CELL_COUNT)

    def run_cell(self, index: int) -> None:
        """Run cell ``index`` with JupyterLab's own command and wait until the kernel has finished it.

        Fails, with the cell's traceback, when the cell raised.
        """
        self.page.evaluate(_JS_RUN_CELL, index)
        errors = self.error_outputs(index)
        if errors:
            raise KernelError(f"cell {index} raised:\n{errors[0]}")

    def run_all_cells(self) -> None:
        """Run the whole notebook with JupyterLab's "Run All Cells" and wait until the last cell has finished."""
        self.page.evaluate(_JS_RUN_ALL)

    def error_outputs(self, index: int | None = None) -> list[str]:
        """Error outputs (tracebacks, not stderr text) of cell ``index``, or of every cell, from Lab's model."""
        return self.page.evaluate(_JS_ERROR_OUTPUTS, index)

    def code_cells_not_run(self) -> list[int]:
        """Indices of code cells that have no execution count (never ran, or still running)."""
        return self.page.evaluate(_JS_CELLS_NOT_RUN)

    def append_and_run(self, source: str) -> int:
        """Add a code cell at the end of the notebook, run it, and return its index."""
        index = self.page.evaluate(_JS_APPEND_CELL, source)
        self.run_cell(index)
        return index

    # -- the kernel --------------------------------------------------------------------------------------------

    def kernel_exec(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel (no cell is added) and return what it printed.

        Raises :class:`KernelError` with the kernel's traceback when the code raised.
        """
        reply = self.page.evaluate(_JS_KERNEL_EXECUTE, code)
        if reply["error"]:
            raise KernelError(f"the kernel raised while running:\n{code}\n{reply['error']}")
        return reply["stdout"]

    def kernel_eval(self, expression: str) -> Any:
        """The value of a Python expression in the notebook's kernel, carried back as JSON."""
        code = f"import json as _sw_json\nprint({_RESULT_MARKER!r} + _sw_json.dumps({expression}))"
        stdout = self.kernel_exec(code)
        for line in stdout.splitlines():
            if line.startswith(_RESULT_MARKER):
                return json.loads(line[len(_RESULT_MARKER):])
        raise KernelError(f"no result from the kernel for {expression!r}; it printed:\n{stdout}")

    def wait_for_kernel(self, expression: str, predicate: Callable[[Any], bool], *, timeout: float = 15.0,
                        what: str = "") -> Any:
        """Poll ``expression`` in the kernel until ``predicate(value)`` holds; return that value.

        The front end sends widget updates asynchronously (and ipywidgets holds some back until the kernel is
        idle), so a test that acted in the page waits here for the kernel to catch up. On timeout the error says
        what the kernel last held.
        """
        deadline = time.monotonic() + timeout
        value = self.kernel_eval(expression)
        while not predicate(value):
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {what or expression} in the kernel; "
                                     f"{expression} is still {value!r}")
            self.page.wait_for_timeout(50)
            value = self.kernel_eval(expression)
        return value

    # -- the console -------------------------------------------------------------------------------------------

    def assert_no_console_errors(self, since: int = 0) -> None:
        errors = self.console.errors(since)
        assert not errors, "the browser console showed errors:\n" + "\n".join(f"  {entry}" for entry in errors)

    def screenshot(self, path: Path, locator=None) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        # "disabled" lets running animations finish first, so a card is never caught half-way through a glide.
        try:
            (locator or self.page).screenshot(path=str(path), animations="disabled")
        except PlaywrightError:
            self.page.screenshot(path=str(path), animations="disabled")
        return path
