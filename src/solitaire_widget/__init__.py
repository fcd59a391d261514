"""solitaire-widget: patience card games to play, study and script in Jupyter.

>>> import solitaire_widget as sw
>>> sw.VARIANTS
('athena', 'thumb-and-pouch', 'aunt-mary', 'camelot', 'klondike')
>>> g = sw.new_game("athena", deal=1)
>>> g.cards_in("t1")
['9c', 'KS', '3d', 'JH']

The rules model (:class:`Game`, :class:`Move`) imports nothing from Jupyter. The board widget
(:class:`Solitaire`), the solver (:func:`solve`, :func:`locked_cards`) and the pictures (:func:`picture`) are
loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .game import Game, new_game
from .moves import IllegalMove, Move
from .rules import VARIANTS

if TYPE_CHECKING:
    from .pictures import Picture, picture
    from .solver import SolveResult, locked_cards, solve
    from .solver.hints import Hint
    from .widget import Solitaire

__all__ = ["VARIANTS", "Game", "Hint", "IllegalMove", "Move", "Picture", "Solitaire", "SolveResult",
           "locked_cards", "new_game", "picture", "solve"]
__version__ = "0.1.0"

# Name -> module for what is loaded on first use: the widget needs anywidget, the solver and pictures are big.
_LAZY = {
    "Solitaire": "widget",
    "solve": "solver",
    "locked_cards": "solver",
    "SolveResult": "solver",
    "Hint": "solver.hints",
    "picture": "pictures",
    "Picture": "pictures",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'solitaire_widget' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
