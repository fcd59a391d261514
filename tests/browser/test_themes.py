"""The board's light and dark themes on a page with no notebook around it, for the signals no host here gives.

A bare page (served to Chromium from memory) loads the built front end and renders one board from a Solitaire
widget's state, with a stand-in for anywidget's model. Each case sets up the page as a host would (VS Code's body
classes and ``--vscode-editor-background``, marimo's ``dark``/``light`` class, JupyterLab's ``--jp-layout-color0``
or ``data-jp-theme-light``, or nothing at all) and the browser's ``prefers-color-scheme``, and the board must look
as the host says (or, with no host signal, as the browser prefers), measured from the page (:mod:`.colours`).
The real hosts are tested in test_notebook7.py, test_marimo.py and test_interaction.py (JupyterLab).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import solitaire_widget as sw

from .colours import assert_panels, assert_theme, measure, wait_for_theme
from .conftest import VIEWPORT
from .lab import ConsoleLog

pytestmark = pytest.mark.browser

ORIGIN = "http://board.test"
STATIC = Path(sw.__file__).parent / "static"

_PAGE = """<!doctype html>
<html class="{html_class}" style="{html_style}">
<head><meta charset="utf-8"><title>board</title><link rel="stylesheet" href="/widget.css"></head>
<body class="{body_class}" {body_attributes}>
<div id="out"></div>
<script type="module">
  import widget from "/widget.js";
  const state = await (await fetch("/state.json")).json();
  const listeners = {{}};
  // What the board asks of anywidget's model: traits to read and watch, messages to send (kept, never answered).
  const model = {{
    get: (name) => state[name],
    set: (name, value) => {{ state[name] = value; }},
    save_changes: () => {{}},
    on: (event, callback) => {{ (listeners[event] ||= []).push(callback); }},
    off: (event, callback) => {{ listeners[event] = (listeners[event] || []).filter((c) => c !== callback); }},
    send: (message) => {{ window.sent.push(message); }},
  }};
  window.sent = [];
  window.cleanup = await widget.render({{model, el: document.getElementById("out")}});
  document.body.dataset.rendered = "true";
</script>
</body>
</html>
"""


def _state() -> str:
    widget = sw.Solitaire("athena", deal=1)
    state = {name: value for name, value in widget.get_state().items() if not name.startswith("_") and name != "layout"}
    widget.close()
    return json.dumps(state)


@pytest.fixture(scope="module")
def board_files() -> dict[str, tuple[str, str]]:
    for name in ("widget.js", "widget.css"):
        if not (STATIC / name).exists():
            pytest.fail(f"the front end is not built ({STATIC / name}); `npm run build` builds it")
    return {
        "/widget.js": ("text/javascript", (STATIC / "widget.js").read_text()),
        "/widget.css": ("text/css", (STATIC / "widget.css").read_text()),
        "/state.json": ("application/json", _state()),
    }


class BarePage:
    def __init__(self, page, files: dict[str, tuple[str, str]]) -> None:
        self.page = page
        self.files = files
        self.console = ConsoleLog()
        self.console.attach(page)
        self.root = page.locator(".sw-root")

    def open(self, *, html_class: str = "", html_style: str = "", body_class: str = "",
             body_attributes: str = "") -> None:
        html = _PAGE.format(html_class=html_class, html_style=html_style, body_class=body_class,
                            body_attributes=body_attributes)

        def serve(route) -> None:
            path = route.request.url[len(ORIGIN):].split("?")[0]
            kind, body = ("text/html", html) if path in ("/", "/index.html") else self.files[path]
            route.fulfill(status=200, content_type=kind, body=body)

        self.page.route(f"{ORIGIN}/**", serve)
        self.page.goto(f"{ORIGIN}/")
        self.page.wait_for_function("() => document.body.dataset.rendered === 'true'")
        self.root.locator("[data-pile='t3']").wait_for()


@pytest.fixture
def bare(request: pytest.FixtureRequest, chromium, board_files) -> Iterator[BarePage]:
    marker = request.node.get_closest_marker("browser_context")
    context = chromium.new_context(viewport=VIEWPORT, **(marker.kwargs if marker else {}))
    context.set_default_timeout(30_000)
    page = BarePage(context.new_page(), board_files)
    try:
        yield page
        errors = page.console.errors()
        assert not errors, "the browser console showed errors:\n" + "\n".join(f"  {entry}" for entry in errors)
    finally:
        context.close()


def _case(name: str, expected: str, prefers: str, **page: str):
    return pytest.param(page, expected, id=name, marks=pytest.mark.browser_context(color_scheme=prefers))


# Some of the variables a JupyterLab dark theme defines (the board's colours use these).
JP_DARK = ("--jp-layout-color0: #111111; --jp-layout-color1: #212121; --jp-layout-color2: #424242; "
           "--jp-layout-color3: #616161; --jp-ui-font-color1: rgba(255, 255, 255, 0.87); "
           "--jp-ui-font-color2: rgba(255, 255, 255, 0.54); --jp-content-font-color1: rgba(255, 255, 255, 1); "
           "--jp-border-color1: #616161")

CASES = [
    _case("bare-page-prefers-dark", "dark", "dark"),
    _case("bare-page-prefers-light", "light", "light"),
    _case("vscode-dark", "dark", "light", body_class="vscode-dark",
          html_style="--vscode-editor-background: #1f1f1f", body_attributes='data-vscode-theme-kind="vscode-dark"'),
    _case("vscode-light-over-a-browser-preferring-dark", "light", "dark", body_class="vscode-light",
          html_style="--vscode-editor-background: #ffffff", body_attributes='data-vscode-theme-kind="vscode-light"'),
    _case("vscode-high-contrast", "dark", "light", body_class="vscode-high-contrast"),
    _case("vscode-editor-background-only", "dark", "light", html_style="--vscode-editor-background: #1e1e1e"),
    _case("marimo-style-body-dark", "dark", "light", body_class="dark dark-theme"),
    _case("marimo-style-body-light-over-a-browser-preferring-dark", "light", "dark", body_class="light"),
    _case("tailwind-style-html-dark", "dark", "light", html_class="dark"),
    # JupyterLab's dark variables without Lab's body attribute: told by --jp-layout-color0's luminance.
    _case("jupyter-variables-without-the-attribute", "dark", "light", html_style=JP_DARK),
    _case("jupyter-says-light-over-a-browser-preferring-dark", "light", "dark",
          body_attributes='data-jp-theme-light="true"'),
]


@pytest.mark.parametrize("page_setup, expected", CASES)
def test_the_board_reads_the_page_theme(bare, screenshot_dir, request, page_setup, expected):
    bare.open(**page_setup)
    bare.page.wait_for_function("() => new Promise((ready) => requestAnimationFrame(() => ready(true)))")
    where = f"a page set up as {request.node.callspec.id}"
    assert_theme(measure(bare.page, bare.root), expected, where)
    assert_panels(bare.page, bare.root, expected, where)
    if request.node.callspec.id in ("bare-page-prefers-dark", "vscode-dark"):
        bare.page.screenshot(path=str(screenshot_dir / f"page-{request.node.callspec.id}.png"),
                             animations="disabled")


@pytest.mark.browser_context(color_scheme="light")
def test_the_board_follows_a_change_of_theme_until_it_is_removed(bare):
    bare.open()
    page, root = bare.page, bare.root
    assert_theme(measure(page, root), "light", "a bare page, the browser preferring light")
    page.emulate_media(color_scheme="dark")
    wait_for_theme(page, root, "dark")
    assert_theme(measure(page, root), "dark", "a bare page, the browser turned to dark")
    # A host that says light wins over the browser.
    page.evaluate("() => document.body.classList.add('vscode-light')")
    wait_for_theme(page, root, "light")
    page.evaluate("() => { document.body.classList.remove('vscode-light'); document.body.classList.add('dark'); }")
    wait_for_theme(page, root, "dark")
    page.evaluate("() => document.body.classList.replace('dark', 'light')")
    wait_for_theme(page, root, "light")

    # Once the view is cleaned up, the board stops watching the page.
    page.evaluate("() => window.cleanup()")
    page.evaluate("() => document.body.classList.replace('light', 'dark')")
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => new Promise((ready) => requestAnimationFrame(() => ready(true)))")
    assert root.get_attribute("data-theme") == "light", "the board still follows the page after its cleanup"
