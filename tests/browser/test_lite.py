"""The JupyterLite site (``make lite``): the getting-started notebook plays in Chromium, served from localhost only.

The site is built once per session (tools/lite.py, into a temporary folder; about 15 s once its downloads are
cached in ``lite/.cache/``), served by a small HTTP server on 127.0.0.1, and opened in Debian's Chromium with every
other host unreachable: DNS resolves nothing but localhost, and every request elsewhere is refused and recorded.
The test runs the notebook's first code cells in the Pyodide kernel, checks that Python really runs in the browser,
then plays on the first board with the pointer: a deal from the stock, a card dragged, Undo, and a hint.

Skipped, with the reason, where the site cannot be built here: JupyterLite is not installed (``make lite`` installs
the ``lite`` extra), or a first build cannot download Pyodide (npm) or the wheels (PyPI).
"""

from __future__ import annotations

import functools
import http.server
import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import solitaire_widget as sw

from .board import Board
from .lab import CHROMIUM, CHROMIUM_ARGS, REPO, LabPage

pytestmark = [pytest.mark.slow, pytest.mark.browser]

NOTEBOOK = "00-getting-started.ipynb"
#: The first code cells of the notebook that the test runs: the first board, the list of games, Camelot #7.
FIRST_CODE_CELLS = 3
#: The venv JupyterLite is in (the Makefile's lite target): never the one whose JupyterLab the other tests start.
LITE_PYTHON = REPO / ".venv-lite" / "bin" / "python"


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # JupyterLite is in a venv of its own (see the Makefile's lite target), never in the one whose JupyterLab the
    # other browser tests start.
    python = LITE_PYTHON
    found = subprocess.run([str(python), "-c", "import jupyterlite_core, jupyterlite_pyodide_kernel"],
                           capture_output=True, text=True) if python.exists() else None
    if found is None or found.returncode != 0:
        pytest.skip(f"JupyterLite is not installed in {python.parent.parent.name}: `make lite` makes it")
    output = tmp_path_factory.mktemp("lite") / "site"
    done = subprocess.run([str(python), str(REPO / "tools" / "lite.py"), "--output", str(output)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        missing = [line for line in done.stderr.splitlines() if "MISSING" in line]
        if missing:
            pytest.skip("the site cannot be built here: " + " ".join(missing))
        pytest.fail(f"tools/lite.py failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return output


class _Site(http.server.SimpleHTTPRequestHandler):
    """The site's files, with ``exposeAppInBrowser`` added to its configuration (``window.jupyterapp`` for the
    test's scripted checks; the built site itself leaves it off)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".whl": "application/zip", ".json": "application/json"}

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/jupyter-lite.json":
            config = json.loads((Path(self.directory) / "jupyter-lite.json").read_text())
            config["jupyter-config-data"]["exposeAppInBrowser"] = "true"
            body = json.dumps(config).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def lite_url(lite_site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Site, directory=str(lite_site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def offline_chromium(playwright_session: Any) -> Iterator[Any]:
    """Debian's Chromium, headless, resolving no host name but localhost (workers' requests included)."""
    browser = playwright_session.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"])
    try:
        yield browser
    finally:
        browser.close()


class LitePage(LabPage):
    """A :class:`LabPage` on the JupyterLite site: the same scripted checks, with no server behind the page."""

    def __init__(self, page: Any, url: str) -> None:
        super().__init__(page, None)  # type: ignore[arg-type]
        self.url = url

    kernel_timeout = 120_000  # Pyodide loads its wheels first

    def address(self, path: str) -> str:
        return f"{self.url}/lab/index.html?path={path}"

    def close(self) -> None:
        self.notebook_path = None


def _versions_differ() -> bool:
    """Whether jupyterlite-core is older than the Pyodide kernel's JupyterLite (the registry here offers core 0.8.6
    and the kernel 0.8.7, which asks for core 0.8.7): the kernel's front end then registers JupyterLite's service
    worker at a wrong address: the browser logs that it got a 404 for it, and the manager's promise is rejected with
    nothing (a page error "undefined", at load). Without the worker, files are not synced between the kernel and the
    browser's storage; the board does not need them."""
    from packaging.version import Version

    asked = ("from importlib.metadata import version; "
             "print(version('jupyterlite-core'), version('jupyterlite-pyodide-kernel'))")
    core, kernel = subprocess.run([str(LITE_PYTHON), "-c", asked], capture_output=True, text=True,
                                  check=True).stdout.split()
    return Version(core) < Version(kernel)


def test_the_getting_started_notebook_plays_in_jupyterlite(lite_url: str, offline_chromium: Any) -> None:
    # Nothing but the site: no name resolves except localhost, and any request to another address is refused.
    context = offline_chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    elsewhere: list[str] = []

    def only_the_site(route: Any) -> None:
        url = route.request.url
        if url.startswith((lite_url + "/", "data:", "blob:")):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    context.route("**/*", only_the_site)
    try:
        lite = LitePage(context.new_page(), lite_url)
        lite.open_existing(NOTEBOOK)

        notebook = json.loads((REPO / "notebooks" / NOTEBOOK).read_text())
        code_cells = [i for i, cell in enumerate(notebook["cells"]) if cell["cell_type"] == "code"]
        for index in code_cells[:FIRST_CODE_CELLS]:
            lite.run_cell(index)
        assert "board = sw.Solitaire(" in "".join(notebook["cells"][code_cells[0]]["source"])
        board = Board(lite, code_cells[0], "board")
        board.wait_until_rendered(timeout=60_000)
        assert lite.kernel_eval("__import__('sys').platform") == "emscripten", "Python is not Pyodide's"
        assert lite.kernel_eval("sw.__version__") == sw.__version__

        # A deal from the stock, by clicking it.
        game = sw.Game.from_position(board.game_position())
        game.play(next(move for move in game.legal_moves() if move.kind == "deal"))
        board.click_pile("stock")
        board.wait_for_game(game.position(), what="the game after a click on the stock")
        board.wait_for_position(game.position(), what="the deal on the board")

        # A card dragged (dealing again until there is a move to drag).
        for _ in range(30):
            drag = next((move for move in game.legal_moves() if move.kind == "move"), None)
            if drag is not None:
                break
            game.play(next(move for move in game.legal_moves() if move.kind == "deal"))
            board.click_pile("stock")
            board.wait_for_game(game.position(), what="the game after another deal")
        assert drag is not None, f"no card to drag in deal {game.position()['deal']} after 30 deals"
        before = game.position()
        game.play(drag)
        board.drag(drag.src, drag.dst, drag.count)
        board.wait_for_game(game.position(), what=f"the game after dragging {drag}")
        board.wait_for_position(game.position(), what=f"the board after dragging {drag}")

        # Undo takes it back.
        board.button("undo").click()
        board.wait_for_game(before, what="the game after the Undo button")
        board.wait_for_position(before, what="the board after Undo")
        moves = board.history()

        # A hint: marked on the board, not played (the solver runs in the browser's Python, in pure Python).
        board.button("hint").click()
        suggestion, message = lite.wait_for_kernel(
            "[board.suggestion, board.message]", lambda seen: seen[0] is not None or seen[1].get("kind") == "error",
            timeout=60, what="a hint or an error message")
        assert suggestion is not None, f"no hint came; the message line says {message['text']!r}"
        board.root.locator(".sw-mark-from").first.wait_for()
        assert suggestion["text"] in board.text()
        assert board.history() == moves, "asking for a hint played a move"

        assert elsewhere == [], f"the site asked for something beyond localhost: {elsewhere[:5]}"
        skew = _versions_differ()
        errors = [entry for entry in lite.console.errors()
                  if not (skew and ("bad HTTP response code (404)" in entry.text
                                    or (entry.kind == "page error" and entry.text == "undefined")))]
        assert not errors, "the browser console showed errors:\n" + "\n".join(f"  {entry}" for entry in errors)
    finally:
        context.close()
