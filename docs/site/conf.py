"""Sphinx configuration of the documentation site (`make docs`).

The source directory is the repository's root (``sphinx-build -c docs/site . docs/_build/html``), so that the
README, ``docs/*.md`` and the notebooks keep the relative links they have on GitHub: ``docs/fair-play.md`` from the
README, ``../docs/fair-play.md`` from a notebook. Only the files in ``include_patterns`` are read.

The README is the landing page: its toctrees are added here when it is read (``_add_toctrees``), not written into
it, and ``index.html`` is a copy of ``README.html`` (same folder, so every relative link in it still holds).

The API reference (``docs/site/api/``) documents every name of the package's public ``__all__`` lists once: the
names the top-level package re-exports under ``solitaire_widget``, the others under their subpackage
(``public-module``, below). Nitpicky mode is on: every cross-reference must resolve. Nothing is fetched (no
intersphinx): names from the standard library and third-party packages are listed in ``nitpick_ignore_regex``.
"""

from __future__ import annotations

import importlib
import inspect
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import solitaire_widget

ROOT = Path(__file__).resolve().parents[2]

project = "solitaire-widget"
author = "the solitaire-widget authors"
copyright = "the solitaire-widget authors"
release = solitaire_widget.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "myst_nb",
]

# --- What is read --------------------------------------------------------------------------------------------------
root_doc = "README"
include_patterns = [
    "README.md",
    "CHANGELOG.md",
    "docs/*.md",
    "docs/site/**",
    "notebooks/*.ipynb",
    "notebooks/el/*.ipynb",
    "notebooks/ru/*.ipynb",
    "tests/browser/README.md",
]
# Folders never walked (the source directory is the repository's root).
exclude_patterns = [
    ".git", ".venv", "node_modules", "docs/_build", "dist", "build", "artifacts", ".studies", "src", "js",
    "benchmarks", "tools", "**/.ipynb_checkpoints", ".pytest_cache", ".hypothesis", ".mypy_cache",
]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}

# --- MyST and the notebooks ----------------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
# GitHub's heading anchors (docs/studies.md links to #the-published-tables) for headings of levels 1 to 3.
myst_heading_anchors = 3
# The notebooks are rendered with the outputs stored in them, never run here.
nb_execution_mode = "off"
# A widget cannot run on a static page: show what the output carries besides its widget view (the board's
# static picture, or its text), and load no widget manager from a CDN (the site works offline).
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/javascript", None),
]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
# An output that holds nothing but a widget view (no picture, no text) shows nothing, and says so only here.
suppress_warnings = ["mystnb.mime_priority"]
# A cell's stdout (or stderr) printed in several pieces shows as one block, as in JupyterLab.
nb_merge_streams = True

# --- The API reference ---------------------------------------------------------------------------------------------
# Types in the signatures, as the code writes them (the docstrings describe parameters in prose, not in
# :param: fields); a signature too long for one line shows a parameter a line.
autodoc_typehints = "signature"
python_maximum_signature_line_length = 100
autodoc_member_order = "bysource"
# Every public name, with a docstring or without (a constant, a dataclass's field). "members" is given where
# wanted (public-module, internals.rst), not by default, so that a bare automodule documents the module only.
autodoc_default_options = {"show-inheritance": True, "undoc-members": True}
autodoc_preserve_defaults = True
autodoc_type_aliases: dict[str, str] = {}
napoleon_google_docstring = False
napoleon_numpy_docstring = False
python_use_unqualified_type_names = True
add_module_names = False
toc_object_entries_show_parents = "hide"

# Every cross-reference must resolve, but for the names that live outside this package (there is no inventory
# of them here: no network).
nitpicky = True
_THIRD_PARTY = ("anywidget", "ipywidgets", "traitlets", "matplotlib", "pandas", "numpy", "dask", "distributed",
                "tqdm", "babel", "platformdirs", "concurrent", "multiprocessing", "IPython")
nitpick_ignore_regex = [
    # Built-in types and the standard library's names, written bare or with their module.
    (r"py:.*", r"(builtins\.)?(int|float|str|bytes|bool|object|list|dict|tuple|set|frozenset|type|complex|"
               r"None|NoneType|Ellipsis|range|slice|BaseException|Exception|ValueError|TypeError|KeyError|"
               r"IndexError|RuntimeError|LookupError|OSError|TimeoutError|NotImplementedError|AttributeError|"
               r"ArithmeticError|StopIteration)"),
    (r"py:.*", r"(typing|typing_extensions|collections|collections\.abc|abc|enum|dataclasses|pathlib|os|io|"
               r"random|datetime|fractions|decimal|numbers|re|json|sqlite3|types|functools|itertools|"
               r"contextlib|threading|queue|logging|argparse|hashlib|gettext|string|statistics|weakref|"
               r"concurrent\.futures|multiprocessing|subprocess)\..*"),
    (r"py:.*", r"(Any|Callable|Iterable|Iterator|Sequence|Mapping|MutableMapping|Collection|Generator|Literal|"
               r"Optional|Union|TypeGuard|Self|ClassVar|Final|NamedTuple|TypedDict|Path|Random|Enum|IntEnum|"
               r"Counter|OrderedDict|defaultdict|deque|Fraction|Decimal|Executor|Future|TextIO|IO)"),
    (r"py:.*", r"(" + "|".join(re.escape(p) for p in _THIRD_PARTY) + r")(\..*)?"),
    # Third-party classes that annotations name bare (imported for type checking only).
    (r"py:class", r"Axes|Figure|DataFrame|Client"),
    # traitlets annotates with ``import typing as t`` (the widget's constructor is HasTraits').
    (r"py:class", r"t\.[A-Za-z]+"),
]

# --- The site ------------------------------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"solitaire-widget {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
html_copy_source = False
language = "en"


# --- The README's toctrees -----------------------------------------------------------------------------------------
# Added when the README is read (it stays as it is on GitHub). Paths are relative to the repository's root.
TOCTREES = {
    "Notebooks": [
        "notebooks/00-getting-started", "notebooks/01-athena", "notebooks/02-thumb-and-pouch",
        "notebooks/03-aunt-mary", "notebooks/04-camelot", "notebooks/05-inspecting-a-game",
        "notebooks/06-winnability", "notebooks/07-klondike", "notebooks/08-playing-with-advice",
        "notebooks/09-studies",
    ],
    "Guides": ["docs/board", "docs/RULES", "docs/fair-play", "docs/studies", "docs/solver", "docs/statistics"],
    "Reference": ["docs/site/api/index", "docs/FORMAT", "docs/PROTOCOL"],
    "Languages": ["docs/site/el", "docs/site/ru", "docs/translating"],
    "Developing": ["docs/developing", "docs/ARCHITECTURE", "docs/performance", "tests/browser/README", "CHANGELOG"],
}


def _add_toctrees(app: Sphinx, docname: str, source: list[str]) -> None:
    if docname != root_doc:
        return
    blocks = []
    for caption, entries in TOCTREES.items():
        lines = "\n".join(entries)
        blocks.append(f"\n\n```{{toctree}}\n:hidden:\n:caption: {caption}\n:maxdepth: 2\n\n{lines}\n```\n")
    source[0] += "".join(blocks)


def _copy_landing_page(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        out = Path(app.outdir)
        shutil.copyfile(out / f"{root_doc}.html", out / "index.html")


# --- public-module: a subpackage's public names, each documented once ------------------------------------------------
TOP = "solitaire_widget"


def _top_level_objects() -> dict[int, str]:
    return {id(getattr(solitaire_widget, name)): name for name in solitaire_widget.__all__}


class PublicModule(SphinxDirective):
    """``.. public-module:: solitaire_widget.advice``: the module's docstring and the names of its ``__all__``;
    the names that the top-level package re-exports are listed with links to their entries there.

    Content, optional: sections in the reader's order, a line each, ``Heading: name, name, ...``; together they
    must name every public name of the module (the build stops otherwise)."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        modname = self.arguments[0]
        module = importlib.import_module(modname)
        top = _top_level_objects()
        elsewhere = [name for name in module.__all__ if id(getattr(module, name)) in top] if modname != TOP else []
        here = [name for name in module.__all__ if name not in elsewhere]
        # Constants that the module imports: autodoc documents a module's variables from its own source only.
        own_docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        imported_data = [name for name in here if _is_data(getattr(module, name)) and ("", name) not in own_docs]
        sections = [(heading.strip(), [n.strip() for n in names.split(",") if n.strip()])
                    for heading, _, names in (line.partition(":") for line in self.content if line.strip())]
        lines = [f".. automodule:: {modname}"]
        if not sections:
            lines.append("   :members:")
            if elsewhere or imported_data:
                lines.append(f"   :exclude-members: {', '.join(elsewhere + imported_data)}")
        lines.append("")
        if elsewhere:
            refs = ", ".join(f":py:obj:`{TOP}.{top[id(getattr(module, name))]}`" for name in elsewhere)
            lines += [f"Also public here, and documented with the package (:mod:`{TOP}`): {refs}.", ""]
        if sections:
            named = [name for _, names in sections for name in names]
            if sorted(named) != sorted(here):
                raise self.error(f"public-module {modname}: the sections name {sorted(named)}, not the public "
                                 f"names {sorted(here)}")
            for heading, names in sections:
                lines += [heading, "-" * len(heading), ""]
                for name in names:
                    lines += _entry(modname, module, name, name in imported_data)
        else:
            for name in imported_data:
                lines += _entry(modname, module, name, True)
        content = StringList(lines, source=self.get_source_info()[0])
        node = nodes.container()
        nested_parse_with_titles(self.state, content, node)
        return node.children


def _entry(modname: str, module: Any, name: str, imported_data: bool) -> list[str]:
    obj = getattr(module, name)
    if inspect.isclass(obj):
        return [f".. autoclass:: {modname}.{name}", "   :members:", ""]
    if inspect.isroutine(obj):
        return [f".. autofunction:: {modname}.{name}", ""]
    lines = [f".. autodata:: {modname}.{name}", ""]
    if imported_data:
        lines += [f"   {line}" for line in _attr_doc(obj, name)] + [""]
    return lines


def _is_data(obj: object) -> bool:
    return not (inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj))


def _attr_doc(obj: object, name: str) -> list[str]:
    """The doc comment (``#:``) of the module that defines the constant ``name``, if it has one."""
    for modname in sorted(sys.modules):
        module = sys.modules[modname]
        if modname.startswith(TOP + ".") and getattr(module, name, None) is obj:
            docs = ModuleAnalyzer.for_module(modname).find_attr_docs().get(("", name))
            if docs:
                return list(docs)
    return []


# --- Unqualified names in docstrings ---------------------------------------------------------------------------------
def _resolve_short_names(app: Sphinx, env: Any, node: Any, contnode: Any) -> Any:
    """A docstring's ``:class:`Knowledge``` written in a module that does not import the name: resolve it to the
    one documented object with that name (the top-level one first), as a reader would."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if not target or target.startswith("."):
        return None
    domain = env.get_domain("py")
    short = target.rsplit(".", 1)[-1] if target.startswith(TOP + ".") else target
    candidates = [name for name, entry in domain.objects.items()
                  if not entry.aliased and (name == f"{TOP}.{short}" or name.endswith("." + short))]
    top_level = [name for name in candidates if name == f"{TOP}.{short}"]
    chosen = top_level or candidates
    if len(chosen) != 1:
        return None
    new = node.deepcopy()
    new["reftarget"] = chosen[0]
    new["refspecific"] = False
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], chosen[0], new, contnode)


# --- Docstrings that are not this package's -------------------------------------------------------------------------
def _foreign_docstrings(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """A constant shows its own doc comment, not its type's docstring (a dict's "dict() -> new empty dictionary");
    a method that only overrides the standard library's says so, rather than quoting a docstring written for
    another documentation (``*args`` in it is not reST)."""
    type_doc = inspect.cleandoc(type(obj).__doc__ or "")
    if what in ("data", "attribute") and lines and "\n".join(lines).strip() == type_doc:
        lines.clear()
    elif what == "method" and getattr(obj, "__doc__", "") is None:
        owner_name, _, method = getattr(obj, "__qualname__", "").rpartition(".")
        owner = getattr(sys.modules.get(getattr(obj, "__module__", ""), None), owner_name, None)
        for base in getattr(owner, "__mro__", ())[1:]:
            inherited = base.__dict__.get(method)
            if inherited is not None and getattr(inherited, "__doc__", None):
                if not base.__module__.startswith(TOP):
                    lines[:] = [f"See :meth:`{base.__module__}.{base.__qualname__}.{method}`."]
                break


def _factory_defaults(app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None,
                      return_annotation: str | None) -> tuple[str | None, str | None] | None:
    """A dataclass field with a default factory shows its default as ``...``: ``<factory>`` is no Python, and the
    signature would not parse (its types would be split at their commas)."""
    if signature and "<factory>" in signature:
        return re.sub(r"=\s*<factory>", "= ...", signature), return_annotation
    return None


def _no_object_base(app: Sphinx, doctree: nodes.document) -> None:
    """"Bases: object" says nothing: shown only for a class with a base of its own."""
    for paragraph in list(doctree.findall(nodes.paragraph)):
        if paragraph.astext() == "Bases: object" and isinstance(paragraph.parent, addnodes.desc_content):
            paragraph.parent.remove(paragraph)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", _no_object_base)
    app.connect("autodoc-process-signature", _factory_defaults)
    app.connect("autodoc-process-docstring", _foreign_docstrings)
    app.connect("source-read", _add_toctrees)
    app.connect("build-finished", _copy_landing_page)
    app.connect("missing-reference", _resolve_short_names)
    app.add_directive("public-module", PublicModule)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
