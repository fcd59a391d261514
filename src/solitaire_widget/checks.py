"""Checking what comes from outside: whole numbers, flags and size limits, and quoting bad input in an error.

Every public entry point checks its arguments where they enter, with these helpers, so that a bad one is refused at
once with a message that says what was wrong and what is accepted, and nothing half-done is left behind. Two rules
hold everywhere:

* **Integers are integers.** ``3.0``, ``Decimal(3)`` and ``"3"`` are not accepted where a whole number is
  expected, nor ``True``; an integer of another type that says it is one (``numpy.int64(3)``, through
  ``__index__``) is taken as the plain ``int`` it stands for, so nothing of another type is ever stored.
* **Messages stay short.** Bad input is quoted through :func:`short`, which cuts long strings and deep or wide
  containers (the standard library's :mod:`reprlib`), so an error never carries a megabyte of someone's input and
  never fails itself on deeply nested data.
"""

from __future__ import annotations

import math
import operator
import reprlib

__all__ = ["MAX_DEPTH", "MAX_TEXT", "flag", "nesting", "number", "short", "whole"]

#: The most characters of JSON text a saved game or position may have (a long game's record is some 5 KB).
MAX_TEXT = 1_000_000
#: How deeply lists and dicts may nest in a position, a record or a move (a position needs three levels).
MAX_DEPTH = 8

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 8


def short(value: object) -> str:
    """``repr(value)``, cut to a few dozen characters and three levels of nesting, for error messages."""
    try:
        return _REPR.repr(value)
    except Exception:  # a value whose own repr fails still gets an error message
        return f"<{type(value).__name__}>"


def whole(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a plain ``int`` when it is a whole number from ``low`` to ``high`` (None: no bound).

    Integers of other types (``numpy.int64``) are taken through ``__index__``; booleans, floats, decimals and
    strings are refused, with a ValueError that names ``name`` and the range accepted.
    """
    accepted = _range_words(low, high)
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number{accepted}, not {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"{name} must be a whole number{accepted}, not {short(value)}") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be a whole number{accepted}, not {short(number)}")
    return int(number)


def number(value: object, name: str, *, above: float | None = None, at_least: float | None = None,
           allow_none: bool = False) -> float | None:
    """``value`` as a finite ``float`` above ``above`` (or at least ``at_least``); None passes when allowed."""
    if value is None and allow_none:
        return None
    bound = f" above {above:g}" if above is not None else f", {at_least:g} or more" if at_least is not None else ""
    none = " or None" if allow_none else ""
    try:
        real = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else math.nan
    except OverflowError:  # an int too large for a float (10**400)
        real = math.inf
    if not math.isfinite(real) or (above is not None and not real > above) \
            or (at_least is not None and not real >= at_least):
        raise ValueError(f"{name} must be a number{bound}{none}, not {short(value)}")
    return real


def flag(value: object, name: str) -> bool:
    """``value`` when it is True or False (not 1, "yes" or None); ValueError otherwise."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {short(value)}")
    return value


def nesting(value: object, what: str, limit: int = MAX_DEPTH) -> None:
    """ValueError when lists and dicts in ``value`` nest deeper than ``limit`` (checked without recursion, so
    that a hostile input cannot exhaust the stack)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth >= limit:
                raise ValueError(f"{what} nests lists or dicts more than {limit} deep; a real one never does")
            seen += len(item)
            if seen > 100_000:
                raise ValueError(f"{what} holds more than 100,000 values; a real one holds a few hundred")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f", {low} or more"
    if high is not None:
        return f", {high} or less"
    return ""
