"""Is the board light or dark, and readable? Measured from the page, never from class names or data-theme.

:func:`measure` reads the colours the browser actually paints for the board's parts (computed styles, every colour
normalised to RGBA by a canvas, translucent layers composited over what is behind them, shadow roots crossed) and
the felt's pixels in a screenshot. :func:`assert_theme` checks them against "light" or "dark": in dark the felt,
the buttons and the background behind the status line are dark and the text on them light, in light the reverse,
except the felt, which in light is the card-table green of the pictures (:data:`LIGHT_FELT`); and in both, text and
card ink stand out from what they are on.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page

from solitaire_widget.pictures import FELT

# Luminance where black and white text have the same contrast: below it a colour is "dark".
DARK_BELOW = 0.179
# WCAG AA for normal text; secondary text (labels, help) is held to 3 (AA for large text).
READABLE = 4.5
READABLE_SECONDARY = 3.0
# The light theme's felt: the pictures' green (issue 33: one felt colour everywhere), as [r, g, b]. A screenshot's
# pixels may be off by a little; the computed colour is exact.
LIGHT_FELT = [int(FELT[i:i + 2], 16) for i in (1, 3, 5)]
FELT_TOLERANCE = 6

# Helpers for the functions below: any CSS colour as [r, g, b, a] as the browser paints it, and the colour an
# element's background or text shows with every translucent layer composited (a white page below all).
_JS_HELPERS = """
      const ctx = document.createElement('canvas').getContext('2d', {willReadFrequently: true});
      const rgba = (css) => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = 'rgba(0, 0, 0, 0)';
        ctx.fillStyle = css;
        ctx.fillRect(0, 0, 1, 1);
        const d = ctx.getImageData(0, 0, 1, 1).data;
        return [d[0], d[1], d[2], d[3] / 255];
      };
      const over = (top, bottom) => top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3]));
      const up = (n) => n.parentElement
        || (n.getRootNode() instanceof ShadowRoot ? n.getRootNode().host : null);
      const background = (node) => {
        const layers = [];
        for (let n = node; n; n = up(n)) {
          const c = rgba(getComputedStyle(n).backgroundColor);
          if (c[3] > 0) layers.push(c);
          if (c[3] >= 0.999) break;
        }
        return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
      };
      const text = (node) => over(rgba(getComputedStyle(node).color), background(node));
      const boardRoot = (el) => el.matches('.sw-root') ? el : el.querySelector('.sw-root');
"""

_JS_MEASURE = f"""
    (el) => {{
      {_JS_HELPERS}
      const root = boardRoot(el);
      const button = root.querySelector('.sw-toolbar .sw-button:not(:disabled)');
      const status = root.querySelector('.sw-status');
      const card = root.querySelector('[data-card].sw-suit-s, [data-card].sw-suit-c');
      const felt = root.querySelector('.sw-felt');
      return {{
        felt: background(felt),
        button: background(button), buttonText: text(button),
        statusBackground: background(status), statusText: text(status),
        face: background(card), ink: over(rgba(getComputedStyle(card).color), background(card)),
      }};
    }}
"""

# A panel of the board (the rules, the game chooser...): [background, text] of the panel and of its visible parts.
_JS_PANEL = f"""
    ([el, selector]) => {{
      {_JS_HELPERS}
      const panel = boardRoot(el).querySelector(selector);
      const found = {{panel: [background(panel), text(panel)]}};
      const parts = {{heading: 'h3, h4', label: '.sw-field-label', help: '.sw-chooser-help',
                      input: '.sw-field select, .sw-field input', button: '.sw-button'}};
      for (const [name, part] of Object.entries(parts)) {{
        const node = [...panel.querySelectorAll(part)].find((n) => n.getClientRects().length > 0);
        if (node) found[name] = [background(node), text(node)];
      }}
      return found;
    }}
"""


def luminance(rgb: list[float] | tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def is_dark(rgb: list[float]) -> bool:
    return luminance(rgb) < DARK_BELOW


def is_light_felt(rgb: list[float]) -> bool:
    """Whether ``rgb`` is the light theme's felt, the pictures' green."""
    return all(abs(a - b) <= FELT_TOLERANCE for a, b in zip(rgb[:3], LIGHT_FELT))


def _hex(rgb: list[float]) -> str:
    return "#" + "".join(f"{round(c):02x}" for c in rgb[:3])


@dataclass
class Colours:
    felt: list[float]
    felt_pixels: list[float]
    button: list[float]
    button_text: list[float]
    status_background: list[float]
    status_text: list[float]
    face: list[float]
    ink: list[float]

    def __str__(self) -> str:
        return ", ".join(f"{name} {_hex(value)} (L={luminance(value):.2f})" for name, value in vars(self).items())


def felt_pixels(page: Page, board_root: Locator) -> list[float]:
    """The mean colour of a patch of bare felt in a screenshot: the empty third slot of the top row (Athena and
    the Klondike family leave it empty between the waste and the foundations), right below the waste's top."""
    from PIL import Image

    felt = board_root.locator(".sw-felt").first
    waste = board_root.locator("[data-pile='waste']").first
    column = board_root.locator("[data-pile='t3']").first
    felt_box, waste_box, column_box = felt.bounding_box(), waste.bounding_box(), column.bounding_box()
    assert felt_box and waste_box and column_box, "the felt, the waste or column 3 has no box on screen"
    x = column_box["x"] + column_box["width"] / 2 - felt_box["x"]
    y = waste_box["y"] + waste_box["height"] / 2 - felt_box["y"]
    image = Image.open(io.BytesIO(felt.screenshot(animations="disabled"))).convert("RGB")
    scale = image.width / felt_box["width"]  # device pixels per CSS pixel
    cx, cy, r = int(x * scale), int(y * scale), max(2, int(4 * scale))
    patch = [image.getpixel((i, j)) for i in range(cx - r, cx + r) for j in range(cy - r, cy + r)]
    return [sum(p[k] for p in patch) / len(patch) for k in range(3)]


def measure(page: Page, board_root: Locator) -> Colours:
    found: dict[str, Any] = board_root.evaluate(_JS_MEASURE)
    return Colours(felt=found["felt"], felt_pixels=felt_pixels(page, board_root), button=found["button"],
                   button_text=found["buttonText"], status_background=found["statusBackground"],
                   status_text=found["statusText"], face=found["face"], ink=found["ink"])


def assert_theme(colours: Colours, theme: str, where: str) -> None:
    """The board in ``where`` looks ``theme`` ("light" or "dark") and its text and cards are readable."""
    dark = theme == "dark"
    problems = []
    for name in ("felt", "felt_pixels"):
        felt = getattr(colours, name)
        if dark and (not is_dark(felt) or is_light_felt(felt)):
            problems.append(f"{name} is not the dark felt")
        if not dark and not is_light_felt(felt):
            problems.append(f"{name} is not the light felt, {FELT}")
    for name in ("button", "status_background"):
        if is_dark(getattr(colours, name)) != dark:
            problems.append(f"{name} is not {theme}")
    for name in ("button_text", "status_text"):
        if is_dark(getattr(colours, name)) == dark:
            problems.append(f"{name} is not {'light' if dark else 'dark'}")
    for text, behind in (("button_text", "button"), ("status_text", "status_background"), ("ink", "face")):
        ratio = contrast(getattr(colours, text), getattr(colours, behind))
        if ratio < READABLE:
            problems.append(f"{text} on {behind} has contrast {ratio:.1f} (< {READABLE})")
    assert not problems, f"the board in {where} does not look {theme}: " + "; ".join(problems) + f"\n  {colours}"


def wait_for_theme(page: Page, board_root: Locator, theme: str, timeout: float = 10_000) -> None:
    """Wait until the board's felt, as painted, is ``theme``'s (after a host switched theme): the pictures' green in
    light, any other (dark) colour in dark."""
    handle = board_root.element_handle()
    try:
        page.wait_for_function(
            f"""([el, dark, green]) => {{
              const felt = ({_JS_MEASURE})(el).felt;
              const light = felt.every((c, i) => i > 2 || Math.abs(c - green[i]) <= {FELT_TOLERANCE});
              return light !== dark;
            }}""", arg=[handle, theme == "dark", LIGHT_FELT], timeout=timeout)
    finally:
        handle.dispose()


def assert_panel(page: Page, board_root: Locator, selector: str, theme: str, where: str) -> None:
    """The open panel ``selector`` of the board, and its visible parts, look ``theme`` and their text is readable."""
    handle = board_root.element_handle()
    try:
        found: dict[str, list[list[float]]] = page.evaluate(_JS_PANEL, [handle, selector])
    finally:
        handle.dispose()
    dark = theme == "dark"
    problems = []
    for part, (behind, text) in found.items():
        if is_dark(behind) != dark:
            problems.append(f"{part}'s background {_hex(behind)} is not {theme}")
        least = READABLE_SECONDARY if part in ("label", "help") else READABLE
        if contrast(text, behind) < least:
            problems.append(f"{part}'s text {_hex(text)} on {_hex(behind)} has contrast "
                            f"{contrast(text, behind):.1f} (< {least})")
    assert not problems, f"the board's {selector} in {where} does not look {theme}: " + "; ".join(problems)


# The toolbar buttons that open a panel on the board, and the panel each opens.
PANELS = (("rules", ".sw-rules"), ("game", ".sw-chooser"))


def assert_panels(page: Page, board_root: Locator, theme: str, where: str, screenshots: Path | None = None) -> None:
    """Open each panel the toolbar offers, check it with :func:`assert_panel`, and close it again. With
    ``screenshots`` (a path without its suffix), keep a picture of the board with each panel open."""
    for action, selector in PANELS:
        button = board_root.locator(f".sw-toolbar [data-action='{action}']")
        if not button.count():
            continue
        panel = board_root.locator(selector).first
        button.click()
        panel.wait_for(state="visible")
        assert_panel(page, board_root, selector, theme, where)
        if screenshots is not None:
            screenshots.parent.mkdir(parents=True, exist_ok=True)
            board_root.screenshot(path=str(screenshots.with_name(f"{screenshots.name}-{action}.png")),
                                  animations="disabled")
        button.click()
        panel.wait_for(state="hidden")
