"""What :func:`solitaire_widget.solver.solve` answers."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Literal

from ..moves import Move

Verdict = Literal["winnable", "unwinnable", "unknown"]


@dataclass(frozen=True)
class SolveResult:
    """The verdict on a position, with a winning line when there is one.

    ``verdict`` is ``"winnable"`` (``line`` then replays to a win through ``Game.play``), ``"unwinnable"`` (proved:
    the whole game tree was searched) or ``"unknown"`` (the budget ran out, or the search was cancelled, first).
    ``stats`` holds ``nodes`` (moves made during the search), ``seconds``, ``peak_table`` (most states held in
    the table of seen states), ``table_clears`` (times the table hit its size cap and was thinned to its heaviest proofs) and, for an
    ``"unknown"``, ``stopped_by`` (``"time"``, ``"nodes"`` or ``"cancelled"``), and ``engine``, the engine that
    searched (``"c"``, the compiled core, or ``"python"``). The Klondike family adds ``restarts``, how many
    searches in perturbed orders ran, and for a decided verdict ``decided_in``, the phase that decided it
    (``"first"``, ``"relaxed"``, ``"guided"``, ``"restarts"`` or ``"last"``; see
    :mod:`solitaire_widget.solver.restarts`); the other figures
    add up all the searches. Camelot adds ``relaxed_nodes``, the moves searched in the relaxed game that prunes
    its search.
    """

    verdict: Verdict
    line: list[Move] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def decided(self) -> bool:
        """True unless the verdict is "unknown"."""
        return self.verdict != "unknown"

    def _summary(self) -> str:
        parts: list[str] = [self.verdict]
        if self.verdict == "winnable":
            parts.append(f"in {len(self.line)} moves")
        if "nodes" in self.stats:
            parts.append(f"{self.stats['nodes']:,} nodes")
        if "seconds" in self.stats:
            parts.append(f"{self.stats['seconds']:.2f} s")
        if self.stats.get("stopped_by"):
            parts.append(f"stopped by {self.stats['stopped_by']}")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"<SolveResult: {self._summary()}>"

    def _repr_html_(self) -> str:
        rows = [f"<b>{html.escape(self.verdict)}</b>"]
        if self.line:
            rows.append("<code>" + html.escape(" ".join(str(m) for m in self.line)) + "</code>")
        facts = ", ".join(f"{html.escape(str(k))}: {html.escape(str(v))}" for k, v in self.stats.items())
        if facts:
            rows.append(f"<small>{facts}</small>")
        return "<div class='sw-solve-result'>" + "<br>".join(rows) + "</div>"
