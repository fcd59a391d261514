"""Advice that never peeks: win chances, fair hints and a fair computer player, computed from what the player has
seen (:meth:`Game.knowledge <solitaire_widget.Game.knowledge>`) and nothing else.

The thoughtful solver (:mod:`solitaire_widget.solver`) sees every card; everything here is given only the
player's knowledge, and asks the solver about positions *sampled* from it. The one exception is named as such:
``hint(game, peek=True)``. The dependencies point one way: advice -> solver -> rules model.
"""

from __future__ import annotations

from .coach import Review, review
from .deals import Difficulty, PickedDeal, difficulty, pick_deal
from .game_review import GameReview, ReviewedMove, review_game
from .hints import Hint, hint
from .player import Choice, FairPlayer
from .win_chances import Chance, Chances, chances

__all__ = ["Chance", "Chances", "Choice", "Difficulty", "FairPlayer", "GameReview", "Hint", "PickedDeal", "Review",
           "ReviewedMove", "chances", "difficulty", "hint", "pick_deal", "review", "review_game"]
