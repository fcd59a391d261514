"""Moves: small immutable values, shared by every game.

A :class:`Move` says what the player does, in FORMAT.md's terms: ``deal``, ``redeal``, ``move`` (cards from one
pile to another), and Camelot's ``place`` and ``remove``. Moves are *interned*: ``Move.move("t3", "t5")`` always
answers the same object, so the rules model can list legal moves without building new objects, and comparing two
moves is usually an identity check.

Every move has three interchangeable forms, each round-tripping exactly:

>>> m = Move.move("t3", "t5", 2)
>>> str(m)
't3-t5x2'
>>> m.to_dict()
{'kind': 'move', 'from': 't3', 'to': 't5', 'count': 2}
>>> Move.parse("t3-t5x2") is m, Move.from_dict(m.to_dict()) is m
(True, True)
>>> Move.parse("remove r3c3 r1c2")
Move.parse('remove r1c2 r3c3')

The text forms, short, readable and exact:

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

>>> [str(Move.parse(text)) for text in ("DEAL", "waste - f1", "t3-t5 x 2", "remove r3c3 r1c2")]
['deal', 'waste-f1', 't3-t5x2', 'remove r1c2 r3c3']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Literal

from .checks import short, whole

MoveKind = Literal["deal", "redeal", "move", "place", "remove"]

#: Piles of the Klondike family, in their internal order (FORMAT.md names).
PILES: tuple[str, ...] = ("stock", "waste", "f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7")
PILE_INDEX = {name: i for i, name in enumerate(PILES)}
FOUNDATION0, TABLEAU0 = 2, 6  # index of f1 and of t1
#: Camelot's cells, row by row.
CELLS: tuple[str, ...] = tuple(f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5))
CELL_INDEX = {name: i for i, name in enumerate(CELLS)}

_KINDS = ("deal", "redeal", "move", "place", "remove")


class IllegalMove(ValueError):
    """A well-formed move that the rules do not allow here. The message names the rule, in plain words."""

    def __init__(self, message: str, move: Move | None = None) -> None:
        super().__init__(message)
        self.move = move


class Move:
    """One move. Build with :meth:`deal`, :meth:`redeal`, :meth:`move`, :meth:`place`, :meth:`remove`,
    :meth:`parse` or :meth:`from_dict`; never mutate (moves are shared)."""

    __slots__ = ("kind", "src", "dst", "count", "cells", "_s", "_d", "_cells", "_key", "_hash", "_text")

    kind: MoveKind
    src: str | None
    dst: str | None
    count: int
    cells: tuple[str, ...]

    _interned: ClassVar[dict[tuple, Move]] = {}  # type: ignore[type-arg]  # a ClassVar's annotation is hashed as written (studies/code.py)

    def __new__(cls, *args: object, **kwargs: object) -> Move:
        raise TypeError("build a Move with Move.parse('t3-t5'), Move.move('t3', 't5', 2), Move.deal(), Move.redeal(), "
                        "Move.place('r2c3') or Move.remove('r1c2', 'r3c3'), or play its text: game.play('t3-t5')")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Move cannot be changed; build another one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Move cannot be changed; build another one")

    @classmethod
    def _make(cls, kind: MoveKind, src: str | None = None, dst: str | None = None, count: int = 0,
              cells: tuple[str, ...] = ()) -> Move:
        key = (kind, src, dst, count, cells)
        move = cls._interned.get(key)
        if move is None:
            move = object.__new__(cls)
            values = {
                "kind": kind, "src": src, "dst": dst, "count": count, "cells": cells,
                "_s": PILE_INDEX.get(src, -1) if src else -1,
                "_d": (CELL_INDEX[dst] if kind == "place" else PILE_INDEX[dst]) if dst else -1,
                "_cells": tuple(CELL_INDEX[c] for c in cells),
                "_key": key, "_hash": hash(key),
            }
            for name, value in values.items():
                object.__setattr__(move, name, value)
            object.__setattr__(move, "_text", _format(move))
            cls._interned[key] = move
        return move

    # Constructors ------------------------------------------------------------------------------------------

    @classmethod
    def deal(cls) -> Move:
        """Turn the stock's top card (or three, when dealing by three) onto the waste."""
        return cls._make("deal")

    @classmethod
    def redeal(cls) -> Move:
        """Turn the waste back over onto the stock, for another pass."""
        return cls._make("redeal")

    @classmethod
    def move(cls, src: str, dst: str, count: int = 1) -> Move:
        """Move the top ``count`` cards of pile ``src`` onto pile ``dst``."""
        for role, name in (("source", src), ("destination", dst)):
            if not isinstance(name, str) or name not in PILE_INDEX:
                raise ValueError(f"{short(name)} is not a pile name for a {role}; piles are stock, waste, f1 to f4 "
                                 "and t1 to t7")
        count = whole(count, "the number of cards moved", 1, 52)
        return cls._make("move", src, dst, count)

    @classmethod
    def place(cls, cell: str) -> Move:
        """Camelot: put the waste card into ``cell``."""
        _check_cell(cell)
        return cls._make("place", None, cell, 1)

    @classmethod
    def remove(cls, *cells: str) -> Move:
        """Camelot: remove a Ten (one cell) or two cards adding up to ten (two cells)."""
        if not 1 <= len(cells) <= 2:
            raise ValueError(f"a removal names one cell (a Ten) or two (a pair), not {len(cells)}")
        for cell in cells:
            _check_cell(cell)
        return cls._make("remove", cells=tuple(sorted(cells, key=CELL_INDEX.__getitem__)))

    @classmethod
    def parse(cls, text: str, game: Any = None) -> Move:
        """The move written ``text`` (see the text forms in the module docs).

        With a ``game``, the pile names are also checked against that game (Aunt Mary has no ``t7``)."""
        if game is not None and not callable(getattr(game, "_check_names", None)):
            raise ValueError(f"game must be a solitaire_widget.Game (or None), not {short(game)}")
        move = _parse(text)
        if game is not None:
            game._check_names(move)
        return move

    @classmethod
    def from_dict(cls, data: object) -> Move:
        """The move of a FORMAT.md dict, such as ``{"kind": "move", "from": "t3", "to": "t5", "count": 2}``."""
        if isinstance(data, Move):
            return data
        if not isinstance(data, dict):
            raise ValueError(f"a move dict must be a dict, not {type(data).__name__}")
        kind = data.get("kind")
        if kind not in _KINDS:
            raise ValueError(f"a move dict needs 'kind', one of {', '.join(_KINDS)}; got {short(kind)}")
        required, optional = {
            "deal": ((), ()), "redeal": ((), ()), "move": (("from", "to"), ("count",)),
            "place": (("to",), ()), "remove": (("cells",), ()),
        }[kind]
        missing = [key for key in required if key not in data]
        if missing:
            raise ValueError(f"a {kind!r} move dict needs {' and '.join(repr(k) for k in missing)}")
        extra = sorted((key for key in data if key not in {"kind", *required, *optional}), key=str)
        if extra:
            raise ValueError(f"a {kind!r} move dict has no key {', '.join(short(k) for k in extra[:5])}")
        if kind == "deal":
            return cls.deal()
        if kind == "redeal":
            return cls.redeal()
        if kind == "move":
            return cls.move(data["from"], data["to"], data.get("count", 1))
        if kind == "place":
            return cls.place(data["to"])
        cells = data["cells"]
        if not isinstance(cells, (list, tuple)):
            raise ValueError(f"'cells' must be a list of one or two cell names, not {short(cells)}")
        return cls.remove(*cells)

    @classmethod
    def coerce(cls, value: object) -> Move:
        """A Move from any of the three forms: a Move, its dict, or its text."""
        if isinstance(value, Move):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, dict):
            return cls.from_dict(value)
        raise ValueError(f"a move is a Move, a move dict or a move's text, not {type(value).__name__}")

    # Forms ---------------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The FORMAT.md dict form."""
        if self.kind == "move":
            return {"kind": "move", "from": self.src, "to": self.dst, "count": self.count}
        if self.kind == "place":
            return {"kind": "place", "to": self.dst}
        if self.kind == "remove":
            return {"kind": "remove", "cells": list(self.cells)}
        return {"kind": self.kind}

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined,no-any-return]  # set in Move._make (a class annotation would change the code hash)

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"  # type: ignore[attr-defined]  # set in Move._make (a class annotation would change the code hash)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Move) and self._key == other._key)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]  # set in Move._make (a class annotation would change the code hash)

    def __reduce__(self) -> tuple[Callable[..., Move], tuple[str, str | None, str | None, int, tuple[str, ...]]]:
        return (Move._make, self._key)  # type: ignore[attr-defined]  # set in Move._make (a class annotation would change the code hash)


def _check_cell(cell: object) -> None:
    if not isinstance(cell, str) or cell not in CELL_INDEX:
        raise ValueError(f"{short(cell)} is not a Camelot cell; cells are r1c1 to r4c4 (row, then column)")


# Text forms ----------------------------------------------------------------------------------------------------

_MOVE = re.compile(r"([a-z]+\d*)\s*-\s*([a-z]+\d*)(?:\s*x\s*(\d+))?")
_CELLS = re.compile(r"(place|remove)((?:\s+r\dc\d)+)")


def _format(move: Move) -> str:
    """The canonical text of ``move``."""
    if move.kind == "move":
        suffix = f"x{move.count}" if move.count > 1 else ""
        return f"{move.src}-{move.dst}{suffix}"
    if move.kind == "place":
        return f"place {move.dst}"
    if move.kind == "remove":
        return "remove " + " ".join(move.cells)
    return move.kind


def _parse(text: object) -> Move:
    """The move written ``text``; ``ValueError`` says what a move looks like when it is not one."""
    if not isinstance(text, str):
        raise ValueError(f"a move's text must be a string, not {type(text).__name__}")
    if len(text) > 100:
        raise ValueError(f"{short(text)} is not a move: a move's text is a few characters, such as 't3-t5x2'")
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
                raise ValueError(f"{short(text)}: 'place' names exactly one cell, such as 'place r2c3'")
            return Move.place(cells[0])
        return Move.remove(*cells)
    raise ValueError(f"{short(text)} is not a move; moves read like 'deal', 'redeal', 't3-t5', 't3-t5x2', "
                     "'waste-f1', 'place r2c3' or 'remove r1c2 r3c3'")
