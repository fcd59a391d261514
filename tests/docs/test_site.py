"""The documentation site (``make docs``, docs/site/conf.py): it builds with warnings as errors, and every link in it
holds, checked offline on the built HTML files.

The site is built once for the module's tests, with the Makefile's options, into a temporary folder (about 15 s on
2 cores). Sphinx's own ``linkcheck`` needs the network; here every relative ``href`` and ``src`` of every page
must name a file of the site, and every ``#fragment`` an ``id`` (or ``name``) in that file. Links that leave the
site (``https:``, ``mailto:``) are not followed.
"""

from __future__ import annotations

import html
import importlib
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("myst_nb")
pytest.importorskip("furo")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
TOP = "solitaire_widget"
# The public modules whose __all__ the API reference documents, every name once.
PUBLIC_MODULES = [TOP, f"{TOP}.advice", f"{TOP}.solver", f"{TOP}.studies", f"{TOP}.strategies"]
# Mime types that a static page cannot show (docs/site/conf.py leaves them out).
LIVE_ONLY = {"application/vnd.jupyter.widget-view+json", "application/javascript"}


class _Page(HTMLParser):
    """The ids a page defines, and the links (href, src) it holds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []
        self.scripts: list[str] = []
        self.cell_outputs = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        for name in ("href", "src"):
            if name in values:
                self.links.append((tag, values[name]))
        if tag == "script" and "src" in values:
            self.scripts.append(values["src"])
        if tag == "link" and values.get("rel") == "stylesheet" and "href" in values:
            self.scripts.append(values["href"])
        if tag == "div" and "cell_output" in values.get("class", "").split():
            self.cell_outputs += 1


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    # As `make docs` does (its recipe), into a folder of the test's own.
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", "docs/site", "-d", str(out / "doctrees"), "-W",
               "--keep-going", "-q", ".", str(out / "html")]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"the site does not build without warnings:\n{done.stderr[-6000:]}"
    return (out / "html").resolve()


@pytest.fixture(scope="session")
def pages(site: Path) -> dict[Path, _Page]:
    parsed = {}
    for path in sorted(site.rglob("*.html")):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        parsed[path.resolve()] = page
    return parsed


def _docname(path: Path) -> str:
    return path.relative_to(ROOT).with_suffix("").as_posix()


def test_every_document_has_a_page(site: Path) -> None:
    expected = ["README", "CHANGELOG", *(_docname(p) for p in sorted((ROOT / "docs").glob("*.md"))),
                *(_docname(p) for p in sorted((ROOT / "notebooks").rglob("*.ipynb"))
                  if ".ipynb_checkpoints" not in p.parts)]
    missing = [name for name in expected if not (site / f"{name}.html").is_file()]
    assert not missing, f"no page for {missing}"
    # The landing page is the README's.
    assert (site / "index.html").read_bytes() == (site / "README.html").read_bytes()


def test_internal_links_resolve(site: Path, pages: dict[Path, _Page]) -> None:
    broken = []
    checked = 0
    for path, page in pages.items():
        for tag, link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("//"):
                continue  # leaves the site: not followed offline
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if parts.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(site)}: <{tag}> {link}"
            checked += 1
            if not target.is_relative_to(site.resolve()) or not target.is_file():
                broken.append(f"{where} (no file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else set()
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no id {parts.fragment!r})")
    assert checked > 1000, f"only {checked} links checked"
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:60])


def test_pages_load_nothing_from_the_network(site: Path, pages: dict[Path, _Page]) -> None:
    remote = [f"{path.relative_to(site)}: {src}" for path, page in pages.items() for src in page.scripts
              if urlsplit(src).scheme or src.startswith("//")]
    assert not remote, "\n".join(remote[:20])


def test_every_public_name_is_documented(site: Path, pages: dict[Path, _Page]) -> None:
    ids = set().union(*(page.ids for path, page in pages.items() if "api" in path.parts))
    top = importlib.import_module(TOP)
    top_level = {id(getattr(top, name)): name for name in top.__all__}
    missing = []
    for modname in PUBLIC_MODULES:
        module = importlib.import_module(modname)
        assert f"module-{modname}" in ids, f"no entry for the module {modname}"
        for name in module.__all__:
            alias = top_level.get(id(getattr(module, name)))
            if f"{modname}.{name}" not in ids and (alias is None or f"{TOP}.{alias}" not in ids):
                missing.append(f"{modname}.{name}")
    assert not missing, f"not in the API reference: {missing}"
    # Signatures with their types: new_game's entry, as its code annotates it.
    api = (site / "docs" / "site" / "api" / f"{TOP}.html").read_text(encoding="utf-8")
    entry = api[api.index('id="solitaire_widget.new_game"'):]
    text = "".join(html.unescape(re.sub(r"<[^>]+>", " ", entry[:entry.index("</dt>")])).split())
    assert "new_game(variant:str='athena',deal:int|None=None" in text and "→Game" in text, text


def _shown_outputs(cell: dict) -> bool:
    tags = set(cell.get("metadata", {}).get("tags", []))
    if tags & {"remove-output", "remove-cell"}:
        return False
    for output in cell.get("outputs", []):
        if output["output_type"] in ("stream", "error"):
            return True
        if set(output.get("data", {})) - LIVE_ONLY:
            return True
    return False


def test_notebooks_show_their_stored_outputs(site: Path, pages: dict[Path, _Page]) -> None:
    for notebook in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        with_outputs = sum(1 for cell in cells if cell["cell_type"] == "code" and _shown_outputs(cell))
        page = pages[(site / f"{_docname(notebook)}.html").resolve()]
        assert page.cell_outputs == with_outputs, f"{notebook}: {page.cell_outputs} outputs shown of {with_outputs}"
