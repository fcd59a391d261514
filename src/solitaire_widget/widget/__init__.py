"""The anywidget board: ``from solitaire_widget.widget import Solitaire``.

:mod:`.solitaire` is the widget itself; :mod:`.view` builds the masked view it syncs, :mod:`.intents` checks the
messages the board sends, :mod:`.lesson` keeps the lesson player's place, :mod:`.analysis` runs the solver for
hints and "Still winnable?", and :mod:`.reviewing` fills the game review's panel. The wire protocol is in
docs/PROTOCOL.md.
"""

from .solitaire import MoveEvent, Solitaire

__all__ = ["MoveEvent", "Solitaire"]
