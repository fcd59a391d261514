"""The game engines: one for the Klondike family (driven by the rules table), one for Camelot.

An engine holds one position and knows the rules: it lists legal moves, says why a move is illegal, applies a move
and takes it back (make/unmake, no copying), and reads and writes the position's FORMAT.md fields. History, records
and the public API live in :mod:`solitaire_widget.game`, which is the only module that drives an engine.
"""

from __future__ import annotations

from ..variants import VariantRules
from .camelot import CamelotEngine
from .klondike import KlondikeEngine

Engine = KlondikeEngine | CamelotEngine


def engine_class(rules: VariantRules) -> type[KlondikeEngine] | type[CamelotEngine]:
    """The engine that plays ``rules``'s family."""
    return CamelotEngine if rules.family == "camelot" else KlondikeEngine
