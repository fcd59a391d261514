"""What a request for a new game means: which game, with which options, and which deal.

The board's game chooser and :meth:`Solitaire.new_deal <solitaire_widget.Solitaire.new_deal>` both ask for "a new
game": maybe another game, maybe other options, and a deal that is a number, the next or previous number, or a
random one of the kind :attr:`~solitaire_widget.Solitaire.deals` asks for (any, or proved winnable, or of a
difficulty). :func:`resolve` turns such a request into a checked :class:`Request`, and :func:`note` is what the
board then says of the deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..advice.deals import PickedDeal
from ..checks import short
from ..deals import MAX_DEAL, check_deal
from ..game import Game
from ..i18n import gettext as _
from ..variants import VARIANT_RULES, variant_rules

#: A deal asked for by position relative to the one on the board.
STEPS = {"next": 1, "previous": -1}


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
    name = current.variant if variant is None else variant_rules(variant).name
    rules = VARIANT_RULES[name]
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
