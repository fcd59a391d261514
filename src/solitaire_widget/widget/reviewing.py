"""The board's game review: the ``review`` trait, filled from :func:`~solitaire_widget.advice.review_game`.

The board's Review button asks for a review of the moves played so far; it is worked out in a worker thread (as the
hint and the meter are, and cancelled like them by any change to the game), with the review's default budgets, so
that the board and ``sw.review_game(w.game)`` say the same. The trait's states, each built here in the language in
force:

* ``"off"``: no review on show;
* ``"running"``: moves ``done`` of ``total`` reviewed so far;
* ``"done"``: the chance graph's ``points`` (numbers only), the summary ``text``, the ``heading`` and the ``costly``
  moves in words, and the ``note`` on what the figures mean;
* ``"failed"``: ``text`` says why.

``id`` grows with every request, so a front end that closed the panel opens it again when Review is pressed, even
when the answer is the same. Nothing here names a card the player has not seen: the points are numbers, and the
sentences name moves with :func:`~solitaire_widget.advice.heuristic.move_words`, which names visible cards only.
"""

from __future__ import annotations

from typing import Any

from ..advice import GameReview
from ..checks import short
from ..i18n import gettext as _
from ..i18n import percent, pgettext

REVIEW_OFF: dict[str, Any] = {"state": "off", "id": 0, "text": "", "done": 0, "total": 0, "points": [],
                              "heading": "", "costly": [], "note": ""}


def review_running(request: int, done: int, total: int) -> dict[str, Any]:
    """The trait while the review works: ``done`` moves of ``total`` reviewed."""
    text = _("Reviewing the game: move {done} of {total}…").format(done=done, total=total)
    return {**REVIEW_OFF, "state": "running", "id": request, "text": text, "done": done, "total": total}


def review_done(review: GameReview, request: int) -> dict[str, Any]:
    """The trait for a finished review: the graph's points (the chance before the first move, then after each
    move, with its 95% interval), and the words."""
    steps = review.moves
    chances = ([(steps[0].number - 1, steps[0].before, False)] if steps else []) + [
        (step.number, step.after, step.costly) for step in steps]
    points = [{"move": number, "share": round(chance.share, 4), "low": round(chance.interval[0], 4),
               "high": round(chance.interval[1], 4), "costly": costly} for number, chance, costly in chances]
    return {**REVIEW_OFF, "state": "done", "id": request, "text": review.summary(), "done": len(steps),
            "total": len(steps), "points": points, "heading": review.heading(),
            "costly": [{"move": step.number, "text": step.text} for step in review.costliest], "note": review.note()}


def review_failed(error: BaseException, request: int) -> dict[str, Any]:
    """The trait when the review raised ``error``."""
    return {**REVIEW_OFF, "state": "failed", "id": request,
            "text": _("The review failed: {error}").format(error=short(error))}


def review_words() -> dict[str, Any]:
    """The review panel's fixed words, for the board's ``words`` trait: its title, the graph's name and axes, and
    the chance axis's marks."""
    return {"title": _("Game review"),
            "graph": _("The win chance after each move; the costly moves are marked in red."),
            "move": pgettext("a graph's axis", "move"),
            "chance": _("win chance"),
            "ticks": [[share, percent(share)] for share in (0, 0.5, 1)]}
