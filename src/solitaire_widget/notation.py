"""The text form of moves: short, readable, and exact.

=====================  ===============================================
text                   move
=====================  ===============================================
``deal``               turn the stock's top card(s) onto the waste
``redeal``             turn the waste back over onto the stock
``t3-t5``              the top card of column 3 onto column 5
``t3-t5x2``            the top two cards of column 3 onto column 5
``waste-f1``           the waste card up to foundation 1
``f2-t4``              foundation 2's top card back down to column 4
``place r2c3``         Camelot: the waste card into row 2, column 3
``remove r1c2``        Camelot: remove the Ten in r1c2
``remove r1c2 r3c3``   Camelot: remove a pair adding up to ten
=====================  ===============================================

Parsing forgives case and spaces (``"T3 - T5 x2"`` reads as ``t3-t5x2``); writing always gives the canonical form
above, so ``Move.parse(str(m)) is m`` for every move.

>>> from solitaire_widget.moves import Move
>>> [str(Move.parse(text)) for text in ("DEAL", "waste - f1", "t3-t5 x 2", "remove r3c3 r1c2")]
['deal', 'waste-f1', 't3-t5x2', 'remove r1c2 r3c3']
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import Move

_MOVE = re.compile(r"([a-z]+\d*)\s*-\s*([a-z]+\d*)(?:\s*x\s*(\d+))?")
_CELLS = re.compile(r"(place|remove)((?:\s+r\dc\d)+)")


def format_move(move: Move) -> str:
    """The canonical text of ``move``."""
    if move.kind == "move":
        suffix = f"x{move.count}" if move.count > 1 else ""
        return f"{move.src}-{move.dst}{suffix}"
    if move.kind == "place":
        return f"place {move.dst}"
    if move.kind == "remove":
        return "remove " + " ".join(move.cells)
    return move.kind


def parse_move(text: object) -> Move:
    """The move written ``text``; ``ValueError`` says what a move looks like when it is not one."""
    from .moves import Move

    if not isinstance(text, str):
        raise ValueError(f"a move's text must be a string, not {type(text).__name__}")
    cleaned = text.strip().lower()
    if cleaned in ("deal", "redeal"):
        return Move.deal() if cleaned == "deal" else Move.redeal()
    match = _MOVE.fullmatch(cleaned)
    if match:
        src, dst, count = match.groups()
        return Move.move(src, dst, int(count) if count else 1)
    match = _CELLS.fullmatch(cleaned)
    if match:
        kind, cells = match.group(1), match.group(2).split()
        if kind == "place":
            if len(cells) != 1:
                raise ValueError(f"{text!r}: 'place' names exactly one cell, such as 'place r2c3'")
            return Move.place(cells[0])
        return Move.remove(*cells)
    raise ValueError(f"{text!r} is not a move; moves read like 'deal', 'redeal', 't3-t5', 't3-t5x2', "
                     "'waste-f1', 'place r2c3' or 'remove r1c2 r3c3'")
