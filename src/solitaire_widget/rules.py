"""The five games as a table of rules.

Athena, Thumb and Pouch, Aunt Mary and Klondike differ only in a handful of choices (how many columns, how the
cards are laid out, how cards build on the tableau, what an empty column takes, how the stock is dealt), so one
engine plays all four from a :class:`VariantRules` row; Camelot has an engine of its own. Reading this table is the
quickest way to see how the games differ (RULES.md states each rule in full).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

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
    options: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def resolve_options(self, given: dict[str, object]) -> dict[str, int]:
        """The full options of a game: ``given`` checked against the table, the rest filled with defaults.

        Klondike's default number of redeals follows the reference program: two when turning one card (three
        passes), unlimited (``-1``) when turning three.
        """
        for key, value in given.items():
            if key not in self.options:
                allowed = ", ".join(self.options) or "none"
                raise ValueError(f"{self.title} has no option {key!r} (its options: {allowed})")
            choices = self.options[key]
            if isinstance(value, bool) or value not in choices:
                raise ValueError(f"{self.title}'s option {key} must be one of "
                                 f"{', '.join(map(str, choices))}, not {value!r}")
        resolved = {key: given.get(key, choices[0]) for key, choices in self.options.items()}
        if self.name == "klondike" and "redeals" not in given:
            resolved["redeals"] = 2 if resolved["draw"] == 1 else -1
        return resolved  # type: ignore[return-value]

    @property
    def build_text(self) -> str:
        """The tableau building rule in words, for explanations and pictures."""
        if self.build == "other-suit":
            return "down by one, in any suit other than the card's own"
        return "down by one, in alternating colours"

    @property
    def empty_column_text(self) -> str:
        if self.empty_column == "any":
            return "any card or group"
        return "only a King, or a group headed by a King"


_FAMILY_STOCK = {"draw": (1,), "redeals": (2,)}

VARIANT_RULES: dict[str, VariantRules] = {
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
}

VARIANTS: tuple[str, ...] = tuple(VARIANT_RULES)


def variant_rules(variant: object) -> VariantRules:
    """The row for ``variant``, or ``ValueError`` listing the games there are."""
    rules = VARIANT_RULES.get(variant) if isinstance(variant, str) else None
    if rules is None:
        raise ValueError(f"unknown game {variant!r}; the games are {', '.join(VARIANTS)}")
    return rules
