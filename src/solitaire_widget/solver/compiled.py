"""The optional compiled core of the Klondike-family search, and the switch that picks the engine.

``_klondike_core`` (``_klondike_core.c``, built when the package is installed where a C compiler is at hand) runs
:func:`~solitaire_widget.solver.search.depth_first` over a
:class:`~solitaire_widget.solver.klondike.KlondikeState` some 30 to 100 times faster than Python does. It is an
exact mirror of those two modules: for the same position and node limit it makes the same moves in the same
order, visits the same nodes and answers the same verdict with the same line (``tests/solver/test_compiled_core.py``
checks that). The Python modules stay the reference, and the engine wherever the core is not built (a machine
without a compiler, JupyterLite).

The environment variable :data:`ENV_VAR` (``SOLITAIRE_SOLVER``), read at every call, chooses the engine:

* unset, empty or ``auto``: the compiled core when it is built, else Python;
* ``python``: always Python (to compare, or to rule the core out);
* ``c``: always the compiled core; a search fails with :class:`RuntimeError` when it is not built.

Camelot is always searched in Python. ``solve()`` records the engine that ran in ``stats["engine"]``.
"""

from __future__ import annotations

import os
from typing import Any

from .budget import Budget
from .klondike import KlondikeState
from .search import Memory

try:
    from . import _klondike_core  # type: ignore[attr-defined]
except ImportError:  # not built: pure Python it is
    _klondike_core = None

#: The environment variable that chooses the engine (see the module doc).
ENV_VAR = "SOLITAIRE_SOLVER"


def available() -> bool:
    """Whether the compiled core was built and imports."""
    return _klondike_core is not None


def klondike_engine() -> str:
    """The engine the next Klondike-family search uses: "c" or "python" (see the module doc)."""
    choice = os.environ.get(ENV_VAR, "").strip().lower()
    if choice in ("", "auto"):
        return "c" if _klondike_core is not None else "python"
    if choice == "python":
        return "python"
    if choice == "c":
        if _klondike_core is None:
            raise RuntimeError(f"{ENV_VAR}=c asks for the compiled solver core, which is not built here; "
                               f"reinstall the package where a C compiler is at hand, or unset {ENV_VAR}")
        return "c"
    raise ValueError(f"{ENV_VAR} must be auto, c or python, not {choice!r}")


def search(state: KlondikeState, budget: Budget, table_limit: int,
           memory: Memory | None = None) -> tuple[str, list[tuple[int, ...]], dict[str, Any]]:
    """``depth_first(state, budget, table_limit, memory)`` in the compiled core: the same answer, stats included,
    and the same states proved in ``memory`` (in a table of the core's own, kept in ``memory.core``).

    Unlike ``depth_first`` it leaves ``state`` as it was. ``budget.stopped`` is set as ``Budget.exhausted``
    would have set it.
    """
    if _klondike_core is None:
        raise RuntimeError("the compiled solver core is not built")
    core_memory = None
    if memory is not None:
        memory.check(state.game())
        if memory.core is None:
            memory.core = _klondike_core.memory()
        core_memory = memory.core
    verdict, line, stats = _klondike_core.search(
        columns=state.cols, found=state.found, talon=state.talon, pos=state.pos,
        redeals_used=state.redeals_used, draw=state.draw, redeals=state.redeals,
        alternate=state.alternate, king_only=state.king_only, rearrange_first=state.rearrange_first,
        perturb=state.perturb, guide=state.guide,
        node_limit=budget.node_limit, deadline=budget.deadline, cancel=budget.cancel, table_limit=table_limit,
        memory=core_memory, final_deadline=budget.final)
    if "stopped_by" in stats:
        budget.stopped = stats["stopped_by"]
    return verdict, line, stats
