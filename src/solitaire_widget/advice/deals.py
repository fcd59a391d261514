"""Choosing deals: winnable ones, and ones of a given difficulty.

Two questions about a deal, answered by two different means:

- *Can it be won at all?* Only the solver, which sees every card, can prove it. A player who asks for "winnable
  deals only" asks for exactly that look, once, before the game starts: the deal is picked for them and they are
  told it was ("a winnable deal"), as desktop programs do. Nothing about the hidden cards reaches the player.
- *How hard is it for a player?* That is the fair win chance at the start (:func:`~.win_chances.chances` on the
  knowledge of the first look at the deal): the share of the ways the hidden cards could lie that perfect play
  from then on can win. It never peeks, so it can be shown next to the deal; and it is an *upper bound* on what a
  player who cannot see the hidden cards wins (see :mod:`~.win_chances`), which the sentence shown says.

:func:`difficulty` grades a deal; :func:`pick_deal` draws deal numbers until one meets the request, within a time
budget, and says honestly when none did.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Literal

from ..checks import short
from ..deals import MAX_DEAL, check_deal
from ..game import Game
from ..i18n import NP_, ngettext, percent, translate
from ..i18n import gettext as _
from ..solver import solve
from ..solver.api import check_cancel
from ..solver.budget import CancelFlag
from ..variants import variant_rules
from .win_chances import Chance, chances

__all__ = ["DEAL_KINDS", "Difficulty", "PickedDeal", "difficulty", "pick_deal"]

Level = Literal["easy", "medium", "hard"]
DealKind = Literal["any", "winnable", "easy", "medium", "hard"]
#: What a player may ask of a random deal: any, proved winnable, or proved winnable and of a difficulty.
DEAL_KINDS: tuple[str, ...] = ("any", "winnable", "easy", "medium", "hard")

#: The fair chance at the start from which a deal is easy, and below which it is hard. Fixed shares rather than
#: each game's own thirds, so that a level means the same in every game: Thumb and Pouch deals are easy and Aunt
#: Mary's hard, which is the truth about those games.
EASY_FROM = 0.75
HARD_BELOW = 0.40
#: The budget of the difficulty's estimate: enough samples to place most deals in a band, a node cap so that
#: the grade of a deal is the same on every machine.
SAMPLES = 24
NODE_LIMIT = 50_000
#: The solver's budget for proving one candidate deal winnable (most take a few thousand nodes; a deal it cannot
#: settle within this is passed over, not guessed at).
PROOF_NODES = 2_000_000
#: Seconds :func:`pick_deal` may spend looking before it gives up and says so.
PICK_SECONDS = 20.0

_LEVEL_WORDS = {
    "easy": NP_("difficulty of a deal", "easy"),
    "medium": NP_("difficulty of a deal", "medium"),
    "hard": NP_("difficulty of a deal", "hard"),
}


@dataclass(frozen=True)
class Difficulty:
    """How hard a deal is for a player who sees only what the game shows: ``level`` from ``chance``, the fair win
    chance at the first look."""

    level: Level
    chance: Chance

    @property
    def words(self) -> str:
        """The level in the language in force ("easy", "εύκολη", "лёгкая")."""
        return translate(_LEVEL_WORDS[self.level])

    @property
    def text(self) -> str:
        """A sentence for the board: the level and the chance it comes from."""
        return _("Difficulty: {level}. Of the deals that start like this one, about {share} can be won by playing "
                 "them perfectly; a player who cannot see the face-down cards wins fewer.").format(
            level=self.words, share=percent(self.chance.share))

    def __str__(self) -> str:
        return f"{self.level} ({self.chance.share:.0%} fair chance at the start)"


def level_of(share: float) -> Level:
    """The level of a fair chance at the start."""
    return "easy" if share >= EASY_FROM else "hard" if share < HARD_BELOW else "medium"


def difficulty(game: Game, *, cancel: CancelFlag | None = None) -> Difficulty:
    """How hard ``game``'s deal is, from the fair win chance at its start (the same answer on every machine: the
    estimate has a node budget, not a time limit).

    It grades the *deal*, so a game already under way is graded from its first position. Camelot's first look
    shows no card, so all its deals grade alike.

    >>> import solitaire_widget as sw
    >>> sw.difficulty(sw.new_game("thumb-and-pouch", deal=1)).level
    'easy'
    """
    if not isinstance(game, Game):
        raise ValueError(f"difficulty() takes a solitaire_widget.Game, not {short(game)}")
    if game.deal is None:
        raise ValueError("difficulty() grades a deal, and this game was set up from a position, not a deal number")
    start = Game(game.variant, game.deal, **game.options)
    found = chances(start, samples=SAMPLES, time_limit=None, node_limit=NODE_LIMIT, cancel=cancel)
    return Difficulty(level_of(found.share), found.now)


@dataclass(frozen=True)
class PickedDeal:
    """What :func:`pick_deal` found: ``deal`` meets the request when ``found`` is true; otherwise it is the
    nearest candidate (or simply the last deal tried), and ``tried`` says how many were looked at."""

    deal: int
    kind: DealKind
    found: bool
    tried: int
    winnable: bool
    difficulty: Difficulty | None
    seconds: float

    @property
    def text(self) -> str:
        """A sentence for the board saying what kind of deal this is, or that none of the kind was found."""
        if self.kind == "any":
            return ""
        if not self.found:
            missing = _missing(self.kind, self.tried)
            if self.kind != "winnable" and self.winnable and self.difficulty is not None:
                return _("{missing} This winnable deal is the nearest. {difficulty}").format(
                    missing=missing, difficulty=self.difficulty.text)
            return _("{missing} This one is dealt as it came.").format(missing=missing)
        if self.difficulty is None:
            return _("A winnable deal: the solver, looking at every card before the game, found a way to win it.")
        return _("A winnable deal: the solver, looking at every card before the game, found a way to win it. "
                 "{difficulty}").format(difficulty=self.difficulty.text)


def _missing(kind: str, tried: int) -> str:
    """"No easy deal turned up among the 40 deals tried…": one whole sentence for each kind, since the word for a
    level changes its form before "deal" in Greek and Russian."""
    if kind == "winnable":
        return ngettext("No winnable deal turned up in the {count} deal tried in the time allowed.",
                        "No winnable deal turned up among the {count} deals tried in the time allowed.",
                        tried).format(count=tried)
    if kind == "easy":
        return ngettext("No easy winnable deal turned up in the {count} deal tried in the time allowed.",
                        "No easy winnable deal turned up among the {count} deals tried in the time allowed.",
                        tried).format(count=tried)
    if kind == "medium":
        return ngettext("No winnable deal of medium difficulty turned up in the {count} deal tried in the time "
                        "allowed.",
                        "No winnable deal of medium difficulty turned up among the {count} deals tried in the time "
                        "allowed.", tried).format(count=tried)
    return ngettext("No hard winnable deal turned up in the {count} deal tried in the time allowed.",
                    "No hard winnable deal turned up among the {count} deals tried in the time allowed.",
                    tried).format(count=tried)


def check_kind(kind: object) -> DealKind:
    """``kind`` if it is one of :data:`DEAL_KINDS`, else ``ValueError`` naming them."""
    if not isinstance(kind, str) or kind not in DEAL_KINDS:
        raise ValueError(f"deals must be one of {', '.join(DEAL_KINDS)}, not {short(kind)}")
    return kind  # type: ignore[return-value]


def pick_deal(variant: str, kind: str = "winnable", *, options: dict[str, int] | None = None,
              rng: random.Random | None = None, time_limit: float = PICK_SECONDS,
              cancel: CancelFlag | None = None) -> PickedDeal:
    """Draw deal numbers of ``variant`` (with ``options``) until one is of ``kind``: ``"winnable"`` (the solver
    proved it), or ``"easy"``, ``"medium"`` or ``"hard"`` (proved winnable, and of that :func:`difficulty`).
    ``"any"`` takes the first deal drawn.

    The search stops after ``time_limit`` seconds, or when ``cancel`` is set; then the answer has ``found`` false
    and the nearest deal seen (a winnable one of the nearest level, else the last tried). ``rng`` draws the
    numbers (None: a fresh generator, so every call differs).
    """
    rules = variant_rules(variant)
    resolved = rules.resolve_options(options or {})
    wanted = check_kind(kind)
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0 < time_limit <= 3600:
        raise ValueError(f"time_limit must be a number of seconds up to an hour, not {short(time_limit)}")
    check_cancel(cancel)
    draw = rng if rng is not None else random.Random()
    started = time.perf_counter()
    deadline = started + time_limit
    best: tuple[int, int, Difficulty | None] | None = None  # (distance, deal, difficulty) of the nearest winnable
    tried, deal = 0, 0
    while True:
        deal = check_deal(draw.randrange(1, MAX_DEAL + 1))
        tried += 1
        if wanted == "any":
            return PickedDeal(deal, wanted, True, tried, False, None, time.perf_counter() - started)
        game = Game(variant, deal, **resolved)
        left = deadline - time.perf_counter()
        proof = solve(game, time_limit=max(left, 0.001), node_limit=PROOF_NODES, cancel=cancel)
        if proof.verdict == "winnable":
            if wanted == "winnable":
                return PickedDeal(deal, wanted, True, tried, True, None, time.perf_counter() - started)
            graded = difficulty(game, cancel=cancel)
            if graded.level == wanted:
                return PickedDeal(deal, wanted, True, tried, True, graded, time.perf_counter() - started)
            distance = abs(_RANK[graded.level] - _RANK[wanted])
            if best is None or distance < best[0]:
                best = (distance, deal, graded)
        if time.perf_counter() >= deadline or (cancel is not None and cancel.is_set()):
            break
    seconds = time.perf_counter() - started
    if best is not None:
        return PickedDeal(best[1], wanted, False, tried, True, best[2], seconds)
    return PickedDeal(deal, wanted, False, tried, False, None, seconds)


_RANK = {"easy": 0, "medium": 1, "hard": 2}
