"""The five games as a table of rules.

Athena, Thumb and Pouch, Aunt Mary and Klondike differ only in a handful of choices (how many columns, how the
cards are laid out, how cards build on the tableau, what an empty column takes, how the stock is dealt), so one
engine plays all four from a :class:`VariantRules` row; Camelot has an engine of its own. Reading this table is the
quickest way to see how the games differ (RULES.md states each rule in full).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from .checks import short, whole
from .i18n import NP_, translate

Build = Literal["alternate-colour", "other-suit"]
EmptyColumn = Literal["king", "any"]
Layout = Literal["staircase", "athena", "aunt-mary", "camelot"]


@dataclass(frozen=True)
class VariantRules:
    """One game's rules. ``options`` maps each option to its allowed values, the default first."""

    name: str
    title: str
    family: Literal["klondike", "camelot"]
    layout: Layout
    columns: int = 0
    build: Build = "alternate-colour"
    empty_column: EmptyColumn = "king"
    options: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The rows are shared by every game: nothing handed out may change them.
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def resolve_options(self, given: Mapping[Any, object]) -> dict[str, int]:
        """The full options of a game: ``given`` checked against the table, the rest filled with defaults. Every
        value is a plain ``int`` (see :func:`~solitaire_widget.checks.whole`).

        Klondike's default number of redeals follows the reference program: two when turning one card (three
        passes), unlimited (``-1``) when turning three.
        """
        checked: dict[str, int] = {}
        for key, value in given.items():
            if not isinstance(key, str) or key not in self.options:
                allowed = ", ".join(self.options) or "none"
                raise ValueError(f"{self.title} has no option {short(key)} (its options: {allowed})")
            choices = self.options[key]
            words = f"{self.title}'s option {key} must be one of {', '.join(map(str, choices))}"
            try:
                number = whole(value, key)  # 3.0, "3" and True are refused; numpy.int64(3) becomes 3
            except ValueError:
                raise ValueError(f"{words}, not {short(value)}") from None
            if number not in choices:
                raise ValueError(f"{words}, not {short(number)}")  # short: an int of 5,000 digits has no str()
            checked[key] = number
        resolved = {key: checked.get(key, choices[0]) for key, choices in self.options.items()}
        if self.name == "klondike" and "redeals" not in checked:
            resolved["redeals"] = 2 if resolved["draw"] == 1 else -1
        return resolved

    @property
    def local_title(self) -> str:
        """The game's name in the language in force (``title`` is the English one, for the API)."""
        return translate(_TITLES[self.name])


# The games' names, as the help pages give them in each language.
_TITLES = {
    "athena": NP_("game name", "Athena"),
    "thumb-and-pouch": NP_("game name", "Thumb and Pouch"),
    "aunt-mary": NP_("game name", "Aunt Mary"),
    "camelot": NP_("game name", "Camelot"),
    "klondike": NP_("game name", "Klondike"),
}

_FAMILY_STOCK = {"draw": (1,), "redeals": (2,)}

VARIANT_RULES: Mapping[str, VariantRules] = MappingProxyType({
    rules.name: rules
    for rules in (
        VariantRules("athena", "Athena", "klondike", "athena", 7, "alternate-colour", "king",
                     {"draw": (1, 3), "redeals": (2,)}),
        VariantRules("thumb-and-pouch", "Thumb and Pouch", "klondike", "staircase", 7, "other-suit", "any",
                     _FAMILY_STOCK),
        VariantRules("aunt-mary", "Aunt Mary", "klondike", "aunt-mary", 6, "alternate-colour", "king",
                     _FAMILY_STOCK),
        VariantRules("camelot", "Camelot", "camelot", "camelot"),
        VariantRules("klondike", "Klondike", "klondike", "staircase", 7, "alternate-colour", "king",
                     {"draw": (1, 3), "redeals": (2, 0, -1)}),
    )
})

VARIANTS: tuple[str, ...] = tuple(VARIANT_RULES)


def variant_rules(variant: object) -> VariantRules:
    """The row for ``variant``, or ``ValueError`` in one short sentence, with the game most likely meant
    (``thumb_and_pouch``, ``Klondike``: underscores, spaces and capitals are taken as slips) and the games there are.
    """
    rules = VARIANT_RULES.get(variant) if isinstance(variant, str) else None
    if rules is not None:
        return rules
    guess = ""
    if isinstance(variant, str):
        slip = "-".join(variant.strip().lower().replace("_", " ").replace("-", " ").split())
        close = [slip] if slip in VARIANT_RULES else difflib.get_close_matches(slip, VARIANTS, n=1, cutoff=0.6)
        if close:
            guess = f"; did you mean {close[0]!r}?"
    raise ValueError(f"unknown game {short(variant)}{guess} (the games are {', '.join(VARIANTS)})")
