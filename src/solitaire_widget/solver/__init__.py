"""The solver: decides whether a position can be won, with a winning line, and gives hints.

>>> import solitaire_widget as sw
>>> result = sw.solve(sw.new_game("klondike", deal=2), time_limit=5)
>>> result.verdict, len(result.line) > 0
('winnable', True)

It solves the *thoughtful* game (all cards visible). See :func:`solve`, :func:`locked_cards` and
:func:`solitaire_widget.solver.hints.hint`.
The solver imports the rules model and nothing else of the package.
"""

from __future__ import annotations

from .api import locked_cards, solve
from .hints import Hint, hint
from .result import SolveResult

__all__ = ["Hint", "SolveResult", "hint", "locked_cards", "solve"]
