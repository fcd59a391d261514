"""What both engines share: reading card lists and counters out of a position dict, with clear errors."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards import CODE, parse_card
from ..checks import short, whole


def field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    """``data[key]``, checked to be a ``kind``; ``what`` describes it for the error message."""
    if key not in data:
        raise ValueError(f"the position has no {key!r} ({what})")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ValueError(f"the position's {key!r} must be {what}, not {short(value)}")
    return value


def count_field(data: dict[str, Any], key: str, what: str) -> int:
    """``data[key]`` as a plain whole number, zero or more."""
    if key not in data:
        raise ValueError(f"the position has no {key!r} ({what})")
    return whole(data[key], f"the position's {key!r} ({what})", 0)


def card_list(value: object, where: str) -> list[int]:
    """Face-up cards (upper-case codes) listed bottom to top."""
    if not isinstance(value, list) or len(value) > 52:
        raise ValueError(f"{where} must be a list of card codes, not {short(value)}")
    try:
        return [parse_card(code) for code in value]
    except ValueError as error:
        raise ValueError(f"in {where}: {error}") from None


def check_full_deck(cards: list[int]) -> None:
    """Every one of the 52 cards exactly once, or an error naming the cards that are twice or missing."""
    counts = Counter(cards)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(set(range(52)) - set(counts))
    problems = []
    if twice:
        problems.append("these cards appear more than once: " + " ".join(CODE[c] for c in twice))
    if missing:
        problems.append("these cards are missing: " + " ".join(CODE[c] for c in missing))
    if problems:
        raise ValueError("the position is not a real game: " + "; ".join(problems))
