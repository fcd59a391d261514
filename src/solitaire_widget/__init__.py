"""solitaire-widget: patience card games to play, study and script in Jupyter.

>>> import solitaire_widget as sw
>>> sw.VARIANTS
('athena', 'thumb-and-pouch', 'aunt-mary', 'camelot', 'klondike')
>>> g = sw.new_game("athena", deal=1)
>>> g.cards_in("t1")
['9c', 'KS', '3d', 'JH']

The rules model (:class:`Game`, :class:`Move`, :class:`Knowledge`) imports nothing from Jupyter, nor from the
solver (:func:`solve`, :func:`locked_cards`) and the advice (:func:`chances`, :func:`hint`, :class:`FairPlayer`)
built on it. The board widget (:class:`Solitaire`) and the pictures (:func:`picture`) are loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import game as _game
from ._version import __version__ as __version__
from .advice import (Chance, Chances, Difficulty, FairPlayer, GameReview, Hint, chances, difficulty, hint, pick_deal,
                     review_game)
from .game import Game, new_game
from .i18n import LANGUAGES, set_language
from .knowledge import Knowledge
from .moves import IllegalMove, Move
from .rulebook import rules
from .solver import SolveResult, locked_cards, solve
from .stats import statistics
from .variants import VARIANTS

#: What this Python cannot offer, and why: a public name -> the reason (empty where everything is there).
_UNAVAILABLE: dict[str, str] = {}
try:
    from .studies import StudyResult, study
except ImportError as _missing:
    # Studies keep their results in SQLite. A Python built without it (some browser builds) still plays, and keeps
    # no statistics (stats.py says so on the board).
    if _missing.name not in ("sqlite3", "_sqlite3"):
        raise
    _UNAVAILABLE.update(dict.fromkeys(("StudyResult", "study"),
                                      "studies need SQLite (the sqlite3 module), which this Python does not have"))

if TYPE_CHECKING:
    from .pictures import Picture, picture
    from .widget import Solitaire

__all__ = ["LANGUAGES", "VARIANTS", "Chance", "Chances", "Difficulty", "FairPlayer", "Game", "GameReview", "Hint",
           "IllegalMove", "Knowledge", "Move", "Picture", "Solitaire", "SolveResult", "StudyResult", "chances",
           "difficulty", "hint", "locked_cards", "new_game", "pick_deal", "picture", "review_game", "rules",
           "set_language", "solve", "statistics", "study"]

# The package is where the layers meet: Game.hint() answers with the advice, which the rules model cannot import.
_game.set_advisor(hint)

# Name -> module for what is loaded on first use: the widget needs anywidget, and pictures are big.
_LAZY = {
    "Solitaire": "widget",
    "picture": "pictures",
    "Picture": "pictures",
}


def __getattr__(name: str) -> Any:
    if name in _UNAVAILABLE:
        raise ImportError(f"solitaire_widget.{name}: {_UNAVAILABLE[name]}", name=__name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'solitaire_widget' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
