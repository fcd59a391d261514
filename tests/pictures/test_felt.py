"""One felt colour everywhere (issue 33, item 8): the board's light felt in js/widget.css is the pictures' felt."""

from __future__ import annotations

import re
from pathlib import Path

from solitaire_widget import pictures

CSS = Path(__file__).resolve().parents[2] / "js" / "widget.css"


def css_values(name: str) -> list[str]:
    """The values CSS variable ``name`` is given in the board's style sheet, in order."""
    return [v.strip() for v in re.findall(rf"(?<![\w-]){re.escape(name)}:\s*([^;]+);", CSS.read_text(encoding="utf-8"))]


def test_the_light_felt_is_the_pictures_felt() -> None:
    green = css_values("--sw-felt-green")
    assert green == [pictures.FELT], f"--sw-felt-green is set to {green} in {CSS.name}, not once to {pictures.FELT}"
    # The board's felt (its first setting, the light theme's: the dark theme's comes later) is that colour itself,
    # not a mix of it with the host's colours.
    assert css_values("--sw-felt")[0] == "var(--sw-felt-green)"


def test_the_pictures_draw_their_felt_in_that_colour() -> None:
    import solitaire_widget as sw

    svg = sw.picture(sw.new_game("athena", deal=1)).svg
    assert f'fill="{pictures.FELT}"' in svg


def test_the_felt_is_a_saturated_green() -> None:
    r, g, b = (int(pictures.FELT[i:i + 2], 16) / 255 for i in (1, 3, 5))
    high, low = max(r, g, b), min(r, g, b)
    saturation = (high - low) / high  # HSV saturation
    assert g == high and saturation > 0.5, f"{pictures.FELT} is not a saturated green"
