"""A player whose worker process dies on one deal (imported by the study's spawned workers)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from solitaire_widget.studies.players import Player, Row

#: The deal on which the worker dies, as a crash in native code would end it: no exception, no clean-up.
FATAL_DEAL = 7


@dataclass(frozen=True)
class DyingPlayer(Player):
    def run(self, variant: str, options: dict[str, int], deal: int) -> Row:
        if deal == FATAL_DEAL:
            os._exit(1)
        return Row(deal, "won", None, 0, None, 0.0, "python")
