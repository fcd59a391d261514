"""Positions for the picture tests, built by hand from the published deal-1 layouts of RULES.md.

They do not need the rules model, so the pictures can be tested on their own; test_real_games.py draws positions
of real games as well.
"""

from __future__ import annotations

import copy
import random
from typing import Any

#: Deal 1 in dealing order, first card first (RULES.md's test vector).
DEAL_1 = ("9C QH 8D 3C 6S AC 4D KS TD AD 2S JS 3H 9D 3D 5S JC 3S 7H 2D 6C JH AS 8H 4H KD 9H 9S 4C 5D 5C QS KH "
          "6D KC TC 6H JD QD QC 8C 4S 8S 7D TS 2C 5H TH 7C AH 2H 7S").split()


def columns(text: str) -> list[list[str]]:
    return [column.split() for column in text.split("|")]


def klondike_family(variant: str, tableau: str, **fields: Any) -> dict[str, Any]:
    """A start position of deal 1; the stock holds the cards the tableau does not, next card dealt on top."""
    dealt = {code.upper() for column in columns(tableau) for code in column}
    position: dict[str, Any] = {
        "format": 1, "variant": variant, "options": {"draw": 1, "redeals": 2}, "deal": 1,
        "stock": [code for code in reversed(DEAL_1) if code not in dealt], "waste": [],
        "foundations": [[], [], [], []], "tableau": columns(tableau),
        "redeals_used": 0, "moves": 0, "score": 0, "status": "playing",
    }
    position.update(fields)
    return position


ATHENA_1 = klondike_family(
    "athena", "9c KS 3d JH | qh TD 5s AS | 8d AD jc 8H | 3c 2S 3s 4H | 6s JS 7h KD | ac 3H 2d 9H | 4d 9D 6c 9S")
THUMB_AND_POUCH_1 = klondike_family(
    "thumb-and-pouch",
    "9C | qh KS | 8d td 9D | 3c ad 3d 7H | 6s 2s 5s 2d AS | ac js jc 6c 8h KD | 4d 3h 3s jh 4h 9h 9S")
AUNT_MARY_1 = klondike_family(
    "aunt-mary", "5S JC 7H JH KD 5C | 9c 3S 2D AS 9H QS | qh ac 6C 8H 9S KH | 8d 4d ad 4H 4C 6D | 3c ks 2s 3h 5D KC | "
                 "6s td js 9d 3d TC")

# Athena with three-card deals, some way into its second pass: a column emptied, cards on two foundations.
ATHENA_DRAW_3 = klondike_family(
    "athena", "9c KS 3d JH | qh TD 5s | 8d AD jc 8H | | 6s JS 7h KD QC JD | ac 3H 2d 9H | 4d 9D 6c 9S",
    options={"draw": 3, "redeals": 2}, redeals_used=1, moves=23, score=6,
    foundations=[["AS", "2S", "3S", "4S"], ["AH", "2H"], [], []])
ATHENA_DRAW_3["stock"] = ["7S", "7C", "TH", "5H", "2C", "TS", "7D", "8S", "8C"]
ATHENA_DRAW_3["waste"] = ["QD", "6H", "KC", "TC", "6D", "KH", "QS", "5C", "5D", "4C"]

# Camelot in its filling phase: three cards removed, the Queen of hearts waiting to be placed.
_CAMELOT_GRID = [["KS", None, None, None], [None, "7C", "3D", None], ["TH", "5S", None, "JD"], [None, "QC", None, "2C"]]
_CAMELOT_REMOVED = ["TS", "3C", "7D"]
_CAMELOT_USED = {code for row in _CAMELOT_GRID for code in row if code} | set(_CAMELOT_REMOVED) | {"QH"}
CAMELOT = {
    "format": 1, "variant": "camelot", "options": {}, "deal": 7,
    "stock": [code for code in reversed(DEAL_1) if code not in _CAMELOT_USED], "waste": ["QH"],
    "grid": _CAMELOT_GRID, "phase": "fill", "removed": _CAMELOT_REMOVED, "moves": 12, "score": 3,
    "status": "playing",
}

POSITIONS = {
    "athena": ATHENA_1, "thumb-and-pouch": THUMB_AND_POUCH_1, "aunt-mary": AUNT_MARY_1,
    "athena-draw-3": ATHENA_DRAW_3, "camelot": CAMELOT,
}


def visible_codes(position: dict[str, Any]) -> list[str]:
    """The codes of the cards a player sees face up, worked out independently of the module under test."""
    if position["variant"] == "camelot":
        return [code for row in position["grid"] for code in row if code] + position["waste"]
    draw = position["options"].get("draw", 1)
    return ([code for column in position["tableau"] for code in column if code.isupper()]
            + position["waste"][-draw:] + [pile[-1] for pile in position["foundations"] if pile])


def hidden_codes(position: dict[str, Any]) -> list[str]:
    """The codes of the cards a player cannot see: the stock, face-down tableau cards, waste and piles underneath."""
    shown = set(visible_codes(position))
    every = list(position["stock"]) + list(position["waste"])
    if position["variant"] == "camelot":
        every += [code for row in position["grid"] for code in row if code]
    else:
        every += [code.upper() for column in position["tableau"] for code in column]
        every += [code for pile in position["foundations"] for code in pile]
    return [code for code in every if code not in shown]


def total_cards(position: dict[str, Any]) -> int:
    if position["variant"] == "camelot":
        return (len(position["stock"]) + len(position["waste"]) + len(position["removed"])
                + sum(code is not None for row in position["grid"] for code in row))
    return (len(position["stock"]) + len(position["waste"]) + sum(map(len, position["foundations"]))
            + sum(map(len, position["tableau"])))


def with_hidden_cards_shuffled(position: dict[str, Any], seed: int) -> dict[str, Any]:
    """The same position as a player sees it, with the stock shuffled and the face-down cards swapped around."""
    shuffled = copy.deepcopy(position)
    random.Random(seed).shuffle(shuffled["stock"])
    if position["variant"] != "camelot":
        slots = [(c, r) for c, column in enumerate(shuffled["tableau"]) for r, code in enumerate(column)
                 if code.islower()]
        codes = [shuffled["tableau"][c][r] for c, r in slots]
        for (c, r), code in zip(slots, reversed(codes), strict=True):
            shuffled["tableau"][c][r] = code
    return shuffled
