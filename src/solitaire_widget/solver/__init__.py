"""The solver: decides whether a position can be won, with a winning line.

>>> import solitaire_widget as sw
>>> result = sw.solve(sw.new_game("klondike", deal=2), time_limit=5)
>>> result.verdict, len(result.line) > 0
('winnable', True)

It solves the *thoughtful* game (all cards visible). See :func:`solve` and :func:`locked_cards`; the advice a
player may use without peeking (:mod:`solitaire_widget.advice`) is built on it.
The solver imports the rules model and nothing else of the package.
"""

from __future__ import annotations

from .api import locked_cards, solve
from .result import SolveResult

__all__ = ["SolveResult", "locked_cards", "solve"]
