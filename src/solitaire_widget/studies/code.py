"""Which code a study's rows come from: a hash of the source that plays its deals, part of every study's key.

A study's store and the published tables keep rows for as long as anyone likes, while the code goes on changing.
So that rows of changed code are never mixed with today's (a study resumed on a store begun months ago, a table
published from it), a study's key names its code: :func:`code_hash` of what its kind of player runs. A store opened
with another hash is refused (:class:`~solitaire_widget.studies.Store` says so), and the tests replay a published
table's sample deals only when its hash is today's.

**What is hashed.** For a kind of player, the modules of this package that playing a deal runs, found by following
the imports themselves rather than from a list kept by hand (a list goes stale the day someone adds a module):
starting from the modules where the kind's play begins (see ``PLAYS_WITH`` in
:mod:`~solitaire_widget.studies.players`: the rules model and the solver, the fair player or the strategies), every
module of the package they import, at the top or inside a function (``import`` and ``from ... import``; not under
``if TYPE_CHECKING:``, which never runs), then every module those import, and so on. The module that calls the player
(``studies/players.py``) is hashed too, but its imports are not followed, since it imports every kind's. A package's
``__init__`` counts when it is imported by name (``from ..solver import solve`` runs it), not merely because a
module inside it is; the top package's ``__init__`` never counts, since it imports all of the package for the
user's convenience. A compiled core a module imports (``_klondike_core``, ``_rules_core``) is hashed by its C
source, which decides moves as the Python does.

**What is not.** Words and pictures never decide a move: the modules that only make them (:data:`WORDS_ONLY`: the
messages and their catalogues, the pictures, the widget) are left out, and so is what only they import. So are
comments, docstrings, type hints, blank lines and layout: a module is hashed as Python's normal form of its syntax
tree (:func:`ast.unparse`) with the docstrings and the type hints taken out, and C source without its comments and
with its white space squeezed, so that explaining the code better never makes a table stale. Any other change, even a
renamed variable, changes the hash: that errs towards refusing old rows, which running the study again replaces,
rather than towards mixing rows of code that plays differently. (The normal form is the running Python's; a Python
release that writes it otherwise changes the hash as well.)
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

__all__ = ["PACKAGE_DIR", "WORDS_ONLY", "code_hash", "code_sources"]

#: This package's folder, whose modules are hashed.
PACKAGE_DIR = Path(__file__).resolve().parent.parent
_PACKAGE = PACKAGE_DIR.name
#: Modules (and packages) that make words and pictures only, never a move: not hashed, nor followed. The rules model
#: imports the messages (``i18n``, with the catalogues under ``locale``) and, lazily, the pictures; the widget is named
#: so that no import of it ever counts. A module of words that nothing playing imports needs no place here.
WORDS_ONLY = frozenset({"i18n", "locale", "pictures", "widget"})
#: How many hexadecimal digits of the SHA-256 a hash keeps: 64 bits, plenty to tell two versions of the code apart.
DIGITS = 16

_C_TOKENS = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|/\*.*?\*/|//[^\n]*|\s+|[^"\'/\s]+|/', re.S)


def code_hash(roots: Iterable[str], alone: Iterable[str] = (), package_dir: Path = PACKAGE_DIR) -> str:
    """The hash of the code that ``roots`` (module names inside the package, such as ``"solver"`` or ``"game"``)
    run, following their imports, and of the modules ``alone``, whose imports are not followed (see the module
    docs); ``DIGITS`` hexadecimal digits. ValueError names a root that is not a module of the package.

    Each file is read once while it stays unchanged (its size and time of change), so asking again is cheap and a
    file edited since is read anew."""
    digest = hashlib.sha256()
    for name, path in sorted(code_sources(roots, alone, package_dir).items()):
        digest.update(f"{name}\n{_read(name, path, _stamp(path))[0]}\n".encode())
    return digest.hexdigest()[:DIGITS]


def code_sources(roots: Iterable[str], alone: Iterable[str] = (), package_dir: Path = PACKAGE_DIR) -> dict[str, Path]:
    """The source files :func:`code_hash` reads, by module name (relative to the package: ``"solver.api"``)."""
    found = {name: _required(name, package_dir) for name in alone}
    pending = list(roots)
    for name in pending:
        _required(name, package_dir)
    followed: set[str] = set()
    while pending:
        name = pending.pop()
        if name in followed or _words_only(name):
            continue
        followed.add(name)
        path = _source(name, package_dir)
        if path is None:
            continue
        found[name] = path
        pending.extend(_read(name, path, _stamp(path))[1])
    return found


def _stamp(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_size, status.st_mtime_ns


@cache
def _read(name: str, path: Path, stamp: tuple[int, int]) -> tuple[str, tuple[str, ...]]:
    """Module ``name``'s source as hashed (:func:`_normal_python`, :func:`_normal_c`), and the modules it may
    import (none for C); ``stamp`` tells an edited file from the one read before."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".c":
        return _normal_c(text), ()
    tree = ast.parse(text)
    imports = tuple(_imports(name, path, tree))
    return _normal_python(tree), imports


def _words_only(name: str) -> bool:
    return name.split(".")[0] in WORDS_ONLY


def _source(name: str, package_dir: Path) -> Path | None:
    """The file of module ``name``: its ``.py``, its package's ``__init__.py``, or a compiled core's ``.c``; None
    for a name that is no module (a function imported from a package, say)."""
    base = package_dir.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py", base.with_suffix(".c")):
        if path.is_file():
            return path
    return None


def _required(name: str, package_dir: Path) -> Path:
    path = _source(name, package_dir) if name else None
    if path is None:
        raise ValueError(f"{name!r} is not a module of {_PACKAGE} (looked in {package_dir})")
    return path


def _imports(name: str, path: Path, tree: ast.AST) -> Iterator[str]:
    """The package's modules that module ``name`` (at ``path``, parsed as ``tree``) imports, relative to the
    package, as far as they can be told from its source: a name imported from a package may be a module of it or
    not (``_source`` decides)."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in _running(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                inside = _inside(alias.name)
                if inside:  # not outside the package, nor the top package itself (see the module docs)
                    yield inside
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)] + (node.module.split(".") if node.module else [])
                module: str | None = ".".join(base)
            else:
                module = _inside(node.module or "")
            if module is None:
                continue
            if module:
                yield module
            for alias in node.names:
                yield f"{module}.{alias.name}" if module else alias.name


def _inside(absolute: str) -> str | None:
    """An absolute module name relative to the package ("" for the package itself), or None when it is outside."""
    if absolute == _PACKAGE:
        return ""
    return absolute[len(_PACKAGE) + 1:] if absolute.startswith(_PACKAGE + ".") else None


def _running(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` that may run: all but the bodies of ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (inner for child in node.orelse for inner in (child, *_running(child)))
            continue
        yield node
        yield from _running(node)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _normal_c(text: str) -> str:
    """C source as hashed: its tokens (strings kept whole) without comments, one space apart."""
    return " ".join(token for token in _C_TOKENS.findall(text)
                    if not token.isspace() and not token.startswith(("/*", "//")))


#: Modules imported for type hints only: importing from them never decides a move (a name they give that the code
#: uses at run time shows in the code that uses it).
TYPING_MODULES = frozenset({"__future__", "typing", "typing_extensions", "collections.abc"})
#: Annotations that change what a class is made of (a dataclass skips a ClassVar and an InitVar): kept when hashed.
_SHAPING = re.compile(r"\b(ClassVar|InitVar)\b")


def _normal_python(tree: ast.Module) -> str:
    """A parsed module as hashed: Python's normal form of it (no comments or layout) without its docstrings or its
    type hints (:func:`_without_types`). The tree is changed in place."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    _without_types(tree)
    return ast.unparse(tree)


def _without_types(tree: ast.Module) -> None:
    """Take the type hints out of ``tree``, in place, so that typing the code better (a stricter type checker, a
    hint made precise) never makes a table stale: annotations of arguments and returns go; an annotated assignment
    becomes a plain one, but in a class body (where a dataclass makes it a field) it keeps a bare ``_`` for its
    annotation, or the annotation itself when that is a ClassVar or an InitVar; the bodies of ``if TYPE_CHECKING:``
    go, and so do imports from :data:`TYPING_MODULES`. The package's modules all start with ``from __future__ import
    annotations``, so no annotation is evaluated as they run."""
    in_classes = {id(statement) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                  for statement in node.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            node.annotation = None
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
        elif isinstance(node, ast.AnnAssign) and not _SHAPING.search(ast.unparse(node.annotation)):
            node.annotation = ast.Name("_", ast.Load())
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            node.body = [ast.Pass()]
        for name in ("body", "orelse", "finalbody"):  # every list of statements: if, for, while, try, with, ...
            statements = getattr(node, name, None)
            if isinstance(statements, list) and statements and isinstance(statements[0], ast.stmt):
                setattr(node, name, [_plain(statement, id(statement) in in_classes) for statement in statements
                                     if not (isinstance(statement, ast.ImportFrom) and not statement.level
                                             and statement.module in TYPING_MODULES)] or [ast.Pass()])


def _plain(statement: ast.stmt, in_class: bool) -> ast.stmt:
    """An annotated assignment with a value, outside a class body, as the plain assignment it is when it runs."""
    if isinstance(statement, ast.AnnAssign) and statement.value is not None and not in_class:
        return ast.Assign([statement.target], statement.value, lineno=0)
    return statement
