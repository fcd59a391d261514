"""End-to-end: the cards' faces and backs as drawn in a real JupyterLab (js/cards.ts, the Cards rules of widget.css).

Every face-up card is an inline SVG: pips in the traditional layouts (the lower half's upside down), a designed
picture for each court card, and a corner index at both ends whose top one names the card inside the strip a fanned
column leaves showing. The colour schemes (two colours, four colours, high contrast) and the three backs change
what the browser computes; the board is photographed at every card size, in the light and the dark theme.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import solitaire_widget as sw

from .board import Board
from .colours import luminance

pytestmark = pytest.mark.browser

RANKS = "A23456789TJQK"
SUITS = "SHDC"
LABELS = {"T": "10"}
NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = dict(zip(RANKS, ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
                              "queen", "king"]))
#: The fan step of face-up cards in js/board.ts (UP_STEP, in card widths) as a share of the card's height (1.4 widths).
STRIP = 0.3 / 1.4

# The traditional layouts: pips in the left, centre and right columns, and how many centre pips sit above the middle.
LAYOUTS = {
    "2": ((0, 2, 0), 1), "3": ((0, 3, 0), 1), "4": ((2, 0, 2), 0), "5": ((2, 1, 2), 0), "6": ((3, 0, 3), 0),
    "7": ((3, 1, 3), 1), "8": ((3, 2, 3), 1), "9": ((4, 1, 4), 0), "T": ((4, 2, 4), 1),
}


def _klondike(tableau: list[list[str]], *, stock=(), waste=(), foundations=([], [], [], []), draw: int = 1):
    position = {
        "format": 1, "variant": "klondike", "options": {"draw": draw, "redeals": -1}, "deal": None,
        "stock": list(stock), "waste": list(waste), "foundations": [list(f) for f in foundations],
        "tableau": tableau, "redeals_used": 0, "moves": 0,
    }
    sw.Game.from_position(position)  # a real game, checked here before any browser starts
    return position


def all_face_up() -> dict[str, Any]:
    """All 52 cards face up in seven columns, the court cards last (whole on top), an Ace to play so not stuck."""
    courts = [r + s for s in SUITS for r in "JQK"]
    others = [r + s for s in SUITS for r in RANKS[:10] if r + s != "AC"]
    columns: list[list[str]] = [[] for _ in range(7)]
    for i, card in enumerate(others + courts):
        columns[i % 7].append(card)
    columns[6].append("AC")
    return _klondike(columns)


def mid_game() -> dict[str, Any]:
    """A game of Klondike (draw three) half way: runs of many ranks and suits, face-down cards, a fanned waste."""
    runs = [
        (0, "KH QC JD TC 9H"),
        (1, "KS QD JC"),
        (2, "KD QS JH TS"),
        (3, "KC QH JS TD 9S 8H"),
        (4, "7S 6H 5S"),
        (3, "7H"),
        (2, "2C"),
    ]
    foundations = (["AS", "2S", "3S"], ["AH"], ["AD", "2D"], ["AC"])
    waste = ["4S", "9C", "8D"]
    used = {c for _, up in runs for c in up.split()} | {c for f in foundations for c in f} | set(waste)
    rest = [r + s for s in SUITS for r in RANKS if r + s not in used]
    tableau = []
    for down, up in runs:
        tableau.append([c.lower() for c in rest[:down]] + up.split())
        rest = rest[down:]
    return _klondike(tableau, stock=rest, waste=waste, foundations=foundations, draw=3)


def show_position(open_notebook, position: dict[str, Any], **options: object) -> Board:
    extra = "".join(f", {k}={v!r}" for k, v in options.items())
    cell = (f"import solitaire_widget as sw\ng = sw.Game.from_position({position!r})\n"
            f"w = sw.Solitaire(game=g{extra})\nw")
    lab = open_notebook([cell])
    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    board.wait_for_position(position)
    return board


# Everything a test checks of the face-up cards, read from the DOM as rendered (geometry from the browser's layout).
_READ_FACES = """
    (root) => {
      const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
      const glyphs = (el) => [...el.querySelectorAll('.sw-glyph')]
        .map((g) => [...g.classList].find((c) => c.startsWith('sw-glyph-')).slice('sw-glyph-'.length)).join('');
      return [...root.querySelectorAll('[data-card]')].filter((card) => card.dataset.card !== 'down').map((card) => {
        const box = card.getBoundingClientRect();
        const svg = card.querySelector(':scope > svg');
        const where = (el) => {
          const r = el.getBoundingClientRect();
          return {x: (r.left + r.width / 2 - box.left) / box.width, y: (r.top + r.height / 2 - box.top) / box.height,
                  top: (r.top - box.top) / box.height, bottom: (r.bottom - box.top) / box.height,
                  width: r.width, height: r.height};
        };
        const turned = (el) => { const m = el.getCTM(); return m.a < 0 && m.d < 0; };
        const index = (corner) => {
          const el = [...card.querySelectorAll(`.sw-corner-${corner} .sw-index`)].find(shown);
          if (!el) return null;
          const pip = el.querySelector('.sw-index-pip');
          return {rank: el.dataset.rank, suit: el.dataset.suit, glyphs: glyphs(el), turned: turned(el),
                  pipD: pip.getAttribute('d'), ...where(el), cls: el.getAttribute('class')};
        };
        const court = card.querySelector('.sw-court');
        return {
          code: card.dataset.card, role: card.getAttribute('role'), label: card.getAttribute('aria-label'),
          cls: card.className, svg: !!svg, svgHidden: svg && svg.getAttribute('aria-hidden'),
          viewBox: svg && svg.getAttribute('viewBox'),
          images: card.querySelectorAll('img, image, canvas, foreignObject').length,
          innerCards: card.querySelectorAll('[data-card]').length,
          pips: [...card.querySelectorAll('.sw-pipmark')].map((p) => ({...where(p), turned: turned(p),
                                                                       d: p.getAttribute('d')})),
          tl: index('tl'), br: index('br'),
          court: court ? court.outerHTML : null,
          courtLetter: court ? glyphs(court) : null,
          colour: getComputedStyle(card).color,
          pipFill: card.querySelector('.sw-ink') && getComputedStyle(card.querySelector('.sw-ink')).fill,
          face: getComputedStyle(card).backgroundColor,
          border: parseFloat(getComputedStyle(card).borderTopWidth),
        };
      });
    }
"""


def read_faces(board: Board) -> dict[str, dict[str, Any]]:
    return {face["code"]: face for face in board.root.evaluate(_READ_FACES)}


def test_faces_pips_indices_and_court_cards(open_notebook, screenshot_dir):
    board = show_position(open_notebook, all_face_up())
    faces = read_faces(board)
    assert sorted(faces) == sorted(r + s for r in RANKS for s in SUITS), "not every card is on show face up"
    board.lab.screenshot(screenshot_dir / "cards-all-faces.png", board.root)

    suit_shapes = {}
    for code, face in faces.items():
        rank, suit = code
        # The element: as before, for the board, the pointer and screen readers.
        assert face["cls"] == f"sw-card sw-suit-{suit.lower()}", face["cls"]
        assert face["role"] == "img" and face["label"] == f"{RANK_NAMES[rank]} of {NAMES[suit]}"
        assert face["innerCards"] == 0, f"{code}: a part of the face carries data-card"
        # Drawn as one vector SVG in card units, decorative to screen readers; no raster, no foreign content.
        assert face["svg"] and face["svgHidden"] == "true" and face["viewBox"] == "0 0 100 140", code
        assert face["images"] == 0, f"{code} has an image, canvas or foreign object"

        # The index: rank above suit, top left, within the strip a fanned column leaves showing.
        tl, br = face["tl"], face["br"]
        label = LABELS.get(rank, rank)
        assert tl is not None and br is not None, f"{code} lacks a corner index"
        assert tl["rank"] == label and tl["glyphs"] == label, (code, tl)
        assert tl["suit"] == suit.lower() and br["rank"] == label and br["glyphs"] == label, (code, br)
        assert tl["bottom"] <= STRIP - 0.01 and tl["x"] < 0.2, f"{code}: the index leaves the top strip: {tl}"
        assert not tl["turned"] and br["turned"], f"{code}: the bottom-right index is not upside down"
        assert br["top"] >= 1 - STRIP and br["x"] > 0.8, f"{code}: the second index is not bottom right: {br}"
        suit_shapes.setdefault(suit, set()).add(tl["pipD"])

        pips = face["pips"]
        if rank == "A":
            assert len(pips) == 1 and abs(pips[0]["x"] - 0.5) < 0.02 and abs(pips[0]["y"] - 0.5) < 0.02, code
            assert pips[0]["width"] > 0.3 * board.box(board.root.locator(f"[data-card='{code}']"))["width"]
        elif rank in LAYOUTS:
            assert len(pips) == int(label), f"{code} has {len(pips)} pip marks"
            columns, centre_above = LAYOUTS[rank]
            xs = [sum(1 for p in pips if side(p["x"])) for side in
                  (lambda x: x < 0.4, lambda x: 0.4 <= x <= 0.6, lambda x: x > 0.6)]
            assert tuple(xs) == columns, f"{code}: pips by column {xs}, expected {columns}"
            centre = [p for p in pips if 0.4 <= p["x"] <= 0.6]
            assert sum(1 for p in centre if p["y"] < 0.49) == centre_above, f"{code}: centre pips {centre}"
            for pip in pips:
                # The lower half's pips are upside down, the upper half's (and the middle's) upright.
                assert pip["turned"] == (pip["y"] > 0.51), f"{code}: a pip at {pip['y']:.2f} turned={pip['turned']}"
                assert pip["d"] == tl["pipD"], f"{code}: a pip is not the suit of its index"
                assert 0.15 < pip["x"] < 0.85 and 0.1 < pip["y"] < 0.9
            assert max(p["width"] for p in pips) - min(p["width"] for p in pips) < 0.5, f"{code}: pips of two sizes"
        else:
            assert pips == [] and face["court"], f"{code}: a court card without its picture"
            # The court picture holds its own letter and suit, so that it names the card from the middle.
            assert face["courtLetter"].startswith(rank), (code, face["courtLetter"])
            assert tl["pipD"] in face["court"]
    assert len({next(iter(shapes)) for shapes in suit_shapes.values()}) == 4
    assert all(len(shapes) == 1 for shapes in suit_shapes.values()), "one suit drawn two ways in the indices"

    courts = {code: face["court"] for code, face in faces.items() if code[0] in "JQK"}
    assert len(courts) == 12 and len(set(courts.values())) == 12, "two court cards have the same picture"
    # Not only by suit: with the suit shapes taken out, the three ranks are still three different pictures.
    shapes = "|".join(re.escape(d) for d in {next(iter(s)) for s in suit_shapes.values()})
    unsuited = {re.sub(shapes, "", markup).replace(f"sw-court-{code[0].lower()}", "") for code, markup in
                courts.items()}
    assert len(unsuited) == 3, f"{len(unsuited)} court pictures once the suit is taken out, not 3"


_READ_BACKS = """
    (root) => {
      const shown = (el) => el.getBoundingClientRect().width > 0;
      return [...root.querySelectorAll('[data-card="down"]')].map((back) => {
        const designs = [...back.querySelectorAll('.sw-back-design')].filter(shown);
        const field = designs.map((d) => d.querySelector('.sw-back-field')).find(Boolean);
        return {markup: back.innerHTML, designs: [...new Set(designs.map((d) => d.getAttribute('class')))],
                field: field ? getComputedStyle(field).fill : null, label: back.getAttribute('aria-label'),
                cls: back.className, svg: !!back.querySelector(':scope > svg')};
      });
    }
"""

_COLOURS = """
    (root) => Object.fromEntries(['C', 'D', 'H', 'S'].map((suit) => {
      const card = root.querySelector(`[data-card$="${suit}"]`);
      const ink = card.querySelector('.sw-ink');
      return [suit, {colour: getComputedStyle(card).color, ink: getComputedStyle(ink).fill,
                     face: getComputedStyle(card).backgroundColor,
                     border: parseFloat(getComputedStyle(card).borderTopWidth)}];
    }))
"""

_SET_THEME = "async (theme) => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"


def _wait_root(board: Board, selector: str) -> None:
    board.page.wait_for_function(f"(root) => !!root.querySelector({selector!r})", arg=board.root.element_handle())


def test_colour_schemes_high_contrast_and_backs(open_notebook, screenshot_dir):
    board = show_position(open_notebook, mid_game())
    two = board.root.evaluate(_COLOURS)
    assert two["C"]["colour"] == two["S"]["colour"] and two["D"]["colour"] == two["H"]["colour"], two
    assert two["C"]["colour"] != two["D"]["colour"], f"red and black look the same: {two}"
    assert all(v["ink"] == v["colour"] for v in two.values()), f"the pips are not in the suit's colour: {two}"
    normal = read_faces(board)

    board.lab.kernel_exec("w.four_color = True")
    _wait_root(board, ".sw-root.sw-four-color")
    four = board.root.evaluate(_COLOURS)
    assert len({v["colour"] for v in four.values()}) == 4 and all(v["ink"] == v["colour"] for v in four.values()), four
    assert four["H"]["colour"] == two["H"]["colour"] and four["S"]["colour"] == two["S"]["colour"], (two, four)
    board.lab.screenshot(screenshot_dir / "cards-four-colour.png", board.root)

    board.lab.kernel_exec("w.high_contrast = True")
    _wait_root(board, ".sw-root.sw-high-contrast")
    strong = board.root.evaluate(_COLOURS)
    assert len({v["colour"] for v in strong.values()}) == 4, strong
    assert all(strong[s]["colour"] != four[s]["colour"] for s in "CDH"), f"high contrast kept the colours: {strong}"
    assert all(v["border"] > two["S"]["border"] for v in strong.values()), "high contrast: no thicker outline"
    board.lab.screenshot(screenshot_dir / "cards-high-contrast-four-colour.png", board.root)
    board.lab.kernel_exec("w.four_color = False")
    board.page.wait_for_function("(root) => !root.querySelector('.sw-four-color')", arg=board.root.element_handle())
    strong = board.root.evaluate(_COLOURS)
    assert strong["C"]["colour"] == strong["S"]["colour"] == "rgb(0, 0, 0)", strong
    assert strong["D"]["colour"] == strong["H"]["colour"] != two["H"]["colour"], strong
    assert strong["S"]["face"] == "rgb(255, 255, 255)", strong
    # Larger, bolder indices, still inside the top strip.
    large = read_faces(board)
    for code, face in large.items():
        before, after = normal[code]["tl"], face["tl"]
        assert "sw-index-large" in after["cls"] and "sw-index-normal" in before["cls"], code
        assert after["height"] > before["height"] and after["width"] > before["width"], (code, before, after)
        assert after["bottom"] <= STRIP - 0.01, f"{code}: the high-contrast index leaves the top strip: {after}"
        assert face["br"]["turned"] and face["br"]["rank"] == before["rank"]
    board.lab.screenshot(screenshot_dir / "cards-high-contrast.png", board.root)
    try:
        board.page.evaluate(_SET_THEME, "JupyterLab Dark")
        board.page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        handle = board.root.element_handle()
        board.page.wait_for_function(
            "(root) => getComputedStyle(root.querySelector('[data-card$=\"S\"]')).color === 'rgb(255, 255, 255)'",
            arg=handle, timeout=10_000)
        dark = board.root.evaluate(_COLOURS)
        assert dark["S"]["face"] == "rgb(0, 0, 0)" and dark["H"]["colour"] != strong["H"]["colour"], dark
        board.lab.screenshot(screenshot_dir / "cards-high-contrast-dark.png", board.root)
    finally:
        board.page.evaluate(_SET_THEME, "JupyterLab Light")
        board.page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")
    board.lab.kernel_exec("w.high_contrast = False")
    board.page.wait_for_function("(root) => !root.querySelector('.sw-high-contrast')",
                                 arg=board.root.element_handle())
    assert board.root.evaluate(_COLOURS) == two

    fields = {}
    for back in ("classic", "lattice", "plain"):
        board.lab.kernel_exec(f"w.card_back = {back!r}")
        _wait_root(board, f".sw-root[data-back='{back}']")
        backs = board.root.evaluate(_READ_BACKS)
        assert len(backs) > 10, "the position has face-down cards and a stock"
        for item in backs:
            assert item["cls"] == "sw-card sw-down" and item["label"] == "face-down card" and item["svg"], item
            assert item["designs"] == [f"sw-back-design sw-back-{back}"], (back, item["designs"])
        # Every back is the same drawing: nothing in it could tell one face-down card from another.
        assert len({item["markup"] for item in backs}) == 1
        assert not re.search(r"data-rank|data-suit|sw-glyph|sw-pipmark", backs[0]["markup"])
        fields[back] = backs[0]["field"]
        board.lab.screenshot(screenshot_dir / f"cards-back-{back}.png", board.root)
    assert len(set(fields.values())) == 3, f"the three backs share a colour: {fields}"


_SIZE = """
    (root) => {
      const felt = root.querySelector('.sw-felt').getBoundingClientRect();
      const cards = [...root.querySelectorAll('[data-card]')].map((card) => {
        const r = card.getBoundingClientRect();
        return {code: card.dataset.card, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
                height: r.height};
      });
      return {felt: {left: felt.left, right: felt.right, top: felt.top, bottom: felt.bottom}, cards,
              cw: getComputedStyle(root.querySelector('.sw-root')).getPropertyValue('--sw-cw')};
    }
"""

MAX_WIDTH = {"small": 60, "medium": 84, "large": 112}


def each_size_and_theme(board: Board) -> Iterator[tuple[str, str, list[dict[str, Any]]]]:
    """Show the board at every card size in the light theme, then in the dark one, and yield ``(size, theme,
    cards)`` once each has settled, having checked that every card lies inside the felt. Leaves the light theme on."""
    page = board.page
    try:
        for theme in ("light", "dark"):
            if theme == "dark":
                page.evaluate(_SET_THEME, "JupyterLab Dark")
                page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
            for size in ("small", "medium", "large"):
                board.lab.kernel_exec(f"w.card_size = {size!r}")
                _wait_root(board, f".sw-root[data-size='{size}']")
                board.page.wait_for_function(
                    "([root, most]) => parseFloat(getComputedStyle(root.querySelector('.sw-root'))"
                    ".getPropertyValue('--sw-cw')) <= most", arg=[board.root.element_handle(), MAX_WIDTH[size]])
                board.wait_until_settled()
                layout = board.root.evaluate(_SIZE)
                felt = layout["felt"]
                for card in layout["cards"]:
                    inside = (card["left"] >= felt["left"] - 0.5 and card["right"] <= felt["right"] + 0.5
                              and card["top"] >= felt["top"] - 0.5 and card["bottom"] <= felt["bottom"] + 0.5)
                    assert inside, f"{size}, {theme}: {card['code']} leaves the felt: {card} vs {felt}"
                yield size, theme, layout["cards"]
    finally:
        page.evaluate(_SET_THEME, "JupyterLab Light")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")


def test_card_sizes_in_light_and_dark_themes(open_notebook, screenshot_dir):
    board = show_position(open_notebook, mid_game())
    for size, theme, cards in each_size_and_theme(board):
        for card in cards:
            assert abs(card["height"] / card["width"] - 1.4) < 0.03, card
            assert 28 <= card["width"] <= MAX_WIDTH[size] + 0.5, (size, card)
        faces = read_faces(board)
        assert faces and all(face["svg"] for face in faces.values())
        for code, face in faces.items():
            assert face["tl"]["bottom"] <= STRIP - 0.01, (size, theme, code, face["tl"])
        board.lab.screenshot(screenshot_dir / f"cards-{size}-{theme}.png", board.root)
        if theme == "dark":
            dark = board.root.evaluate(_COLOURS)
    light = board.root.evaluate(_COLOURS)
    # Cards stay light cards on a dark table, as real cards do (dark faces made the red suits hard to tell from the
    # black ones): the face dims a little so that it does not glare, and the inks stay the printed ones.
    assert dark["S"]["face"] != light["S"]["face"] and dark["S"]["colour"] == light["S"]["colour"], (light, dark)
    assert dark["H"]["colour"] != dark["S"]["colour"], dark
    for colours in (light, dark):
        assert all(luminance(_channels(colours[suit]["face"])) > 0.7 for suit in "SHDC"), colours



def _channels(rgb: str) -> list[float]:
    """The channels of a CSS ``rgb(r, g, b)`` colour."""
    return [float(part) for part in re.findall(r"[\d.]+", rgb)[:3]]


# Every bar's text and buttons, to check that nothing spills out of its bar or is cut off inside it.
_BARS = """
    (root) => {
      const box = (el) => { const r = el.getBoundingClientRect();
                            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
      const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
      const problems = [];
      for (const bar of root.querySelectorAll('.sw-toolbar, .sw-status, .sw-message')) {
        if (!shown(bar)) continue;
        const outer = box(bar);
        if (bar.scrollWidth > bar.clientWidth + 1) problems.push(`${bar.className} overflows: ${bar.textContent}`);
        for (const item of bar.querySelectorAll('button, span, .sw-clock')) {
          if (!shown(item)) continue;
          const inner = box(item);
          if (inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5 || inner.top < outer.top - 0.5 ||
              inner.bottom > outer.bottom + 0.5) problems.push(`${item.textContent} leaves ${bar.className}`);
          if (item.tagName === 'BUTTON' && item.scrollWidth > item.clientWidth + 1)
            problems.push(`the button ${item.textContent} is cut off`);
        }
      }
      return problems;
    }
"""

#: A long way into a game of each kind, in a language whose words run longer than English for some.
GAMES = {"athena": "el", "thumb-and-pouch": "en", "aunt-mary": "en", "camelot": "ru", "klondike": "en"}


@pytest.mark.parametrize("variant", list(GAMES))
def test_every_game_at_every_card_size_light_and_dark(open_notebook, screenshot_dir, variant):
    """Each game, some way into play, at every card size in both themes: every card inside the felt, every bar's
    text and buttons inside their bar and not cut off; photographed for the record."""
    cell = (f"import random\nimport solitaire_widget as sw\ng = sw.new_game({variant!r}, deal=5)\n"
            "rng = random.Random(5)\nfor _ in range(40):\n"
            "    legal = g.legal_moves()\n    if not legal: break\n"
            "    moves = [m for m in legal if m.kind not in ('deal', 'redeal')]\n"
            "    g.play(rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(legal))\n"
            f"w = sw.Solitaire(game=g, clock=True, language={GAMES[variant]!r})\nw")
    lab = open_notebook([cell])
    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    for size, theme, cards in each_size_and_theme(board):
        assert len(cards) >= 10, cards
        assert board.root.evaluate(_BARS) == [], (variant, size, theme)
        board.lab.screenshot(screenshot_dir / f"game-{variant}-{size}-{theme}.png", board.root)
