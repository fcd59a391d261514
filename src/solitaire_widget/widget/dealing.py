"""What a request for a new game means: which game, with which options, and which deal.

The board's game chooser and :meth:`Solitaire.new_deal <solitaire_widget.Solitaire.new_deal>` both ask for "a new
game": maybe another game, maybe other options, and a deal that is a number, the next or previous number, or a
random one of the kind :attr:`~solitaire_widget.Solitaire.deals` asks for (any, or proved winnable, or of a
difficulty). :func:`resolve` turns such a request into a checked :class:`Request`, and :func:`note` is what the
board then says of the deal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..advice.deals import PickedDeal
from ..checks import short
from ..deals import MAX_DEAL, check_deal
from ..game import Game
from ..i18n import gettext as _
from ..variants import variant_rules

#: A deal asked for by position relative to the one on the board.
STEPS = {"next": 1, "previous": -1}
#: Random deals are drawn from 1 to this: a number a player can read off the status line, note down and type again
#: (every number from 0 to 4294967295 is a deal, and one asked for is dealt as it is). The number is the deal's
#: seed, so a deal drawn at random replays like any other.
READABLE_DEALS = 1_000_000


def random_deal() -> int:
    """A deal number drawn at random from 1 to :data:`READABLE_DEALS` (from Python's ``random``, so that
    ``random.seed`` makes the board's random deals repeatable, as for ``sw.new_game(deal=None)``)."""
    return random.randint(1, READABLE_DEALS)


class ReadableDraw(random.Random):
    """The generator the board hands to ``pick_deal`` for winnable deals: every deal number it draws is one from 1
    to :data:`READABLE_DEALS`, whatever range it is asked for (``pick_deal`` asks for the whole range of deals)."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is not None and stop > READABLE_DEALS + 1 and start <= READABLE_DEALS:
            stop = READABLE_DEALS + 1
        return super().randrange(start, stop, step)


def readable_draw() -> ReadableDraw:
    """A :class:`ReadableDraw` seeded from Python's ``random`` (so ``random.seed`` makes its deals repeatable)."""
    return ReadableDraw(random.getrandbits(64))


def check_game(variant: object) -> str:
    """``variant`` when it names a game; otherwise the rules model's ``ValueError``, with the game most likely
    meant."""
    return variant_rules(variant).name


@dataclass(frozen=True)
class Request:
    """A checked request: the game, its full options, and the deal number (None: draw one of the kind asked)."""

    variant: str
    options: dict[str, int] = field(default_factory=dict)
    deal: int | None = None


def resolve(current: Game, variant: object = None, options: Mapping[str, Any] | None = None,
            deal: object = None) -> Request:
    """The game a request asks for, checked; ``ValueError`` with a sentence when it asks for something there is not.

    ``variant`` None keeps the game; ``options`` None (or empty) keeps the options when the game stays, and takes
    the new game's defaults when it changes. ``deal`` is a number, ``"next"`` or ``"previous"`` (one on from the
    deal on the board, wrapping round at the ends of the range), or None for a fresh one.
    """
    name = current.variant if variant is None else check_game(variant)
    rules = variant_rules(name)
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must map option names to numbers, not {short(options)}")
    given = dict(options or {})
    if not given and name == current.variant:
        given = dict(current.options)
    resolved = rules.resolve_options(given)
    if deal is None:
        return Request(name, resolved, None)
    if isinstance(deal, str) and deal in STEPS:
        if current.deal is None:
            raise ValueError(f"this game was set up from a position, so it has no {deal} deal number; give a number")
        return Request(name, resolved, (current.deal + STEPS[deal]) % (MAX_DEAL + 1))
    if isinstance(deal, str):
        raise ValueError(f"deal must be a number, 'next', 'previous' or None, not {short(deal)}")
    return Request(name, resolved, check_deal(deal))


def note(kind: str, picked: PickedDeal | None = None, *, searching: bool = False) -> dict[str, Any]:
    """The ``deal_note`` trait: what kind of deal is on the board (``kind``, and ``level`` when graded), the
    sentence saying so, and whether a search for the next one is running."""
    if searching:
        text = (_("Looking for a winnable deal…") if kind == "winnable" else
                _("Looking for a winnable deal of the difficulty asked for…"))
        return {"kind": kind, "level": "", "text": text, "searching": True}
    if picked is None:
        return {"kind": "any", "level": "", "text": "", "searching": False}
    level = picked.difficulty.level if picked.difficulty is not None else ""
    shown = kind if picked.found else ("winnable" if picked.winnable else "any")
    return {"kind": shown, "level": level if picked.winnable else "", "text": picked.text, "searching": False}
