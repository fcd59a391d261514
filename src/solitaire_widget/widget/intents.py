"""Reading the messages the board sends: every field checked, nothing trusted.

A front end (ours, a stale tab, or anyone's script talking to the comm) may send anything. :func:`parse_intent`
turns a message into an :class:`Intent` or raises ``ValueError`` with a sentence saying what is wrong with it; the
widget shows that sentence and changes nothing. Whether the move in a well-formed intent is *legal* is a separate
question, for the rules model (see docs/PROTOCOL.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard

from ..checks import short
from ..moves import Move

#: Actions that carry nothing but their name.
SIMPLE_ACTIONS = frozenset({
    "undo", "redo", "restart", "hint", "winnable", "lesson_next", "lesson_back", "lesson_close", "coach_close",
    "finish", "review",
})
ACTIONS = SIMPLE_ACTIONS | {"play", "foundation", "page_language", "new_deal"}
#: Actions a view sends by itself, not at the player's request: the page's language, as soon as the view is drawn.
UNASKED_ACTIONS = frozenset({"page_language"})
#: Actions that act on the position the player was looking at: they move cards (or take moves back, or deal anew),
#: so on a revision Python has moved past they could do what the player did not mean, and are refused as stale.
#: Every other action moves no card and means the same on any revision (the page's language, a hint, "Still
#: winnable?", a review, a bar closed): it is never stale.
CARD_ACTIONS = frozenset({
    "play", "foundation", "undo", "redo", "restart", "new_deal", "finish", "lesson_next", "lesson_back",
})
_COMMON = {"type", "rev", "seq", "view", "action"}
_EXTRA = {"play": {"move"}, "foundation": {"pile"}, "page_language": {"language"},
          "new_deal": {"variant", "options", "deal", "deals"}}
#: The most options a game has, and the longest name of a game, an option or a kind of deal.
_MAX_OPTIONS = 4
_MAX_NAME = 32
_MAX_VIEW_ID = 64


@dataclass(frozen=True)
class Intent:
    """One checked message from the board."""

    action: str
    rev: int
    seq: int
    view: str
    move: Move | None = None
    pile: str | None = None
    language: str | None = None
    variant: str | None = None
    options: dict[str, int] | None = None
    deal: int | str | None = None
    deals: str | None = None

    @property
    def from_player(self) -> bool:
        """Whether the player asked for it on the board (a move, a button, a key), rather than the view sending it
        by itself (:data:`UNASKED_ACTIONS`). The statistics tell games played on the board by this: a view that is
        merely drawn, as when a script shows a board it drives, must not make the script's game count."""
        return self.action not in UNASKED_ACTIONS

    @property
    def moves_cards(self) -> bool:
        """Whether it acts on the position the view showed (:data:`CARD_ACTIONS`), so that a stale revision
        refuses it; an intent that moves no card is carried out whatever the revision."""
        return self.action in CARD_ACTIONS


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def reply_address(content: object) -> tuple[str, int] | None:
    """The (view, seq) a reply should go to, read as far as the message allows, even a malformed one."""
    if isinstance(content, dict):
        view, seq = content.get("view"), content.get("seq")
        if isinstance(view, str) and len(view) <= _MAX_VIEW_ID and _whole(seq):
            return view, seq
    return None


def parse_intent(content: object) -> Intent:
    """The intent in ``content``; ``ValueError`` with a plain sentence when it is not a well-formed one."""
    if not isinstance(content, dict):
        raise ValueError(f"a message from the board must be an object, not {type(content).__name__}")
    if content.get("type") != "intent":
        raise ValueError(f"unknown message type {short(content.get('type'))}; the board sends 'intent' messages")
    action = content.get("action")
    if not isinstance(action, str) or action not in ACTIONS:
        raise ValueError(f"unknown action {short(action)}; actions are {', '.join(sorted(ACTIONS))}")
    extra = sorted((key for key in content if key not in _COMMON | _EXTRA.get(action, set())), key=str)
    if extra:
        raise ValueError(f"a {action!r} intent has no field {', '.join(short(key) for key in extra[:5])}")
    rev, seq, view = content.get("rev"), content.get("seq"), content.get("view")
    if not _whole(rev) or rev < 0:
        raise ValueError(f"an intent's 'rev' must be the board revision it was made on, not {short(rev)}")
    if not _whole(seq):
        raise ValueError(f"an intent's 'seq' must be a whole number, not {short(seq)}")
    if not isinstance(view, str) or len(view) > _MAX_VIEW_ID:
        raise ValueError("an intent's 'view' must be the short id of the view that sent it")
    if action == "play":
        # Move.from_dict explains every way a move dict can be wrong (missing keys, unknown piles, bad counts).
        return Intent(action, rev, seq, view, move=Move.from_dict(content.get("move")))
    if action == "foundation":
        pile = content.get("pile")
        if not isinstance(pile, str) or len(pile) > 8:
            raise ValueError(f"a 'foundation' intent names the pile whose top card goes up, not {short(pile)}")
        return Intent(action, rev, seq, view, pile=pile)
    if action == "page_language":
        language = content.get("language")
        if not isinstance(language, str) or len(language) > 35:
            raise ValueError(f"a 'page_language' intent gives the page's language tag, such as 'el-GR', not "
                             f"{short(language)}")
        return Intent(action, rev, seq, view, language=language)
    if action == "new_deal":
        return _new_deal(content, rev, seq, view)
    return Intent(action, rev, seq, view)


def _new_deal(content: dict[Any, Any], rev: int, seq: int, view: str) -> Intent:
    """A 'new_deal' intent: every field optional (none: a fresh deal of the same game). Only the shapes are
    checked here; whether the game, options and deal exist is the widget's question (dealing.resolve)."""
    variant, options = content.get("variant"), content.get("options")
    deal, deals = content.get("deal"), content.get("deals")
    if variant is not None and (not isinstance(variant, str) or len(variant) > _MAX_NAME):
        raise ValueError(f"a 'new_deal' intent names the game as text, such as 'athena', not {short(variant)}")
    if options is not None:
        if (not isinstance(options, dict) or len(options) > _MAX_OPTIONS
                or not all(isinstance(key, str) and len(key) <= _MAX_NAME and _whole(value)
                           for key, value in options.items())):
            raise ValueError(f"a 'new_deal' intent's options map option names to whole numbers, such as "
                             f"{{'draw': 3}}, not {short(options)}")
    if deal is not None and not (_whole(deal) or deal in ("next", "previous")):
        raise ValueError(f"a 'new_deal' intent's deal is a deal number, 'next' or 'previous', not {short(deal)}")
    if deals is not None and (not isinstance(deals, str) or len(deals) > _MAX_NAME):
        raise ValueError(f"a 'new_deal' intent's deals names a kind of deal, such as 'winnable', not {short(deals)}")
    return Intent("new_deal", rev, seq, view, variant=variant, options=options, deal=deal, deals=deals)
