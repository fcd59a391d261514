"""The status line's words, in the language in force: one wording for the board and for the pictures.

The live board (``widget/view.py``) and the pictures of a position (``pictures.py``) both show the same line under the
board, ``Athena · deal 42 · score 3/52 · moves 12 · stock 20 · redeals left 2``. They read their facts from different
places (a live :class:`~solitaire_widget.game.Game`, or a bare FORMAT.md position dict), so the wording takes plain
values and lives here, beside the rules model: the pictures must not import the widget package (it needs Jupyter),
and a wording kept in two places would drift apart, in English and in every translation.

>>> " · ".join(status_words(title="Camelot", deal=4, score=0, best=WINNING_SCORE["camelot"], moves=0, stock=36,
...                         status="playing", phase="fill"))
'Camelot · deal 4 · score 0/40 · moves 0 · stock 36 · phase: filling'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .i18n import NP_, translate
from .i18n import gettext as _

__all__ = ["SEPARATOR", "STATUS_WORDS", "WINNING_SCORE", "phase_words", "status_words"]

#: What the phrases of the status line are joined with for display.
SEPARATOR = " · "

#: The score of a won game, by family of games (``VariantRules.family``): every card on the foundations in the
#: Klondike family, the 40 cards from Ace to Ten removed in Camelot. The status line shows the score out of it.
WINNING_SCORE: Mapping[str, int] = MappingProxyType({"klondike": 52, "camelot": 40})

#: The statuses, as the status line says them (marked for the catalogues; :func:`translate` says them).
STATUS_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "playing": NP_("status", "playing"), "won": NP_("status", "won"), "stuck": NP_("status", "stuck"),
    "lost": NP_("status", "lost"),
})


def phase_words(phase: str) -> str:
    """Camelot's phase as the status line says it (``"phase: filling"``), in the language in force; the pictures
    also end their description of the grid with it."""
    return _("phase: filling") if phase == "fill" else _("phase: removing")


def status_words(*, title: str, deal: int | None, score: int, best: int, moves: int, stock: int, status: str,
                 redeals_left: int | None = None, phase: str | None = None) -> list[str]:
    """The status line as separate phrases, in the language in force (joined with :data:`SEPARATOR` for display;
    the pictures join them with commas for their SVG title).

    ``title`` is the game's name as it should read (already translated); ``deal`` None leaves the deal number out
    (a hand-built position, or one the board hides); ``best`` is the score of a won game (:data:`WINNING_SCORE`).
    A Camelot game gives its ``phase`` (``"fill"`` or ``"remove"``); any other game gives no phase, and then
    ``redeals_left`` is the number of redeals still allowed, None meaning unlimited. A ``status`` other than
    ``"playing"`` ends the line with the result.
    """
    words = [title]
    if deal is not None:
        words.append(_("deal {number}").format(number=deal))
    words += [_("score {score}/{most}").format(score=score, most=best), _("moves {count}").format(count=moves),
              _("stock {count}").format(count=stock)]
    if phase is not None:
        words.append(phase_words(phase))
    elif redeals_left is None:
        words.append(_("redeals: unlimited"))
    else:
        words.append(_("redeals left {count}").format(count=redeals_left))
    if status != "playing":
        words.append(translate(STATUS_WORDS[status]))
    return words
