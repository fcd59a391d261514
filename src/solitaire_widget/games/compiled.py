"""The rules model's optional compiled fast path (``_rules_core.c``), and the switch that picks it.

``_rules_core`` lists the legal moves of a position exactly as :meth:`KlondikeEngine.legal_moves
<solitaire_widget.games.klondike.KlondikeEngine.legal_moves>` and :meth:`CamelotEngine.legal_moves
<solitaire_widget.games.camelot.CamelotEngine.legal_moves>` do, some ten times faster. It is built when the package
is installed where a C compiler is at hand; the Python code stays the rules' reference, and
``tests/rules/test_fast_path.py`` checks the two move for move.

The environment variable :data:`ENV_VAR` (``SOLITAIRE_RULES``), read when a game is created, chooses:

* unset, empty or ``auto``: the compiled path when it is built, else Python;
* ``python``: always Python;
* ``c``: always the compiled path; a game fails to start with :class:`RuntimeError` when it is not built.
"""

from __future__ import annotations

import os
from types import ModuleType

try:
    from . import _rules_core  # type: ignore[attr-defined]
except ImportError:  # not built: pure Python it is
    _rules_core = None

__all__ = ["ENV_VAR", "available", "core"]

#: The environment variable that chooses the path (see the module doc).
ENV_VAR = "SOLITAIRE_RULES"


def available() -> bool:
    """Whether the compiled fast path was built and imports."""
    return _rules_core is not None


def core() -> ModuleType | None:
    """The compiled module a new game should use, or None for pure Python (see the module doc)."""
    choice = os.environ.get(ENV_VAR, "").strip().lower()
    if choice in ("", "auto"):
        return _rules_core  # type: ignore[no-any-return]  # the compiled module: Any without a stub
    if choice == "python":
        return None
    if choice == "c":
        if _rules_core is None:
            raise RuntimeError(f"{ENV_VAR}=c asks for the rules model's compiled fast path, which is not built here; "
                               f"reinstall the package where a C compiler is at hand, or unset {ENV_VAR}")
        return _rules_core  # type: ignore[no-any-return]  # the compiled module: Any without a stub
    raise ValueError(f"{ENV_VAR} must be auto, c or python, not {choice!r}")
