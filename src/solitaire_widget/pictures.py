"""Pictures of a position: text for terminals and doctests, SVG for notebooks and web pages.

Both pictures are drawn from the plain position dict of FORMAT.md (``game.position()``), not from a live game, so
that anything holding a position (a saved record, the solver, a test, another program) can draw it, and so that this
module depends on the rules model's tables alone (:mod:`~solitaire_widget.cards`, :mod:`~solitaire_widget.variants`),
never on the widget package, which needs Jupyter.

A picture speaks the language in force (:mod:`solitaire_widget.i18n`): its status line is the board's own
(:mod:`solitaire_widget.status_words`), and its descriptions are whole sentences from the catalogues. The text
picture's pile names (``stock``, ``t3``, ``r2c3``) are the notation of FORMAT.md and of moves, the same in every
language, so that a move can be read straight off it.

A picture shows what a player at the table sees, and nothing more. The stock and the face-down tableau cards appear
as card backs: their identities are dropped while the position is read, before any drawing starts, so no code path
here can reveal them (two positions that differ only in hidden cards give identical pictures).

>>> position = {
...     "format": 1, "variant": "thumb-and-pouch", "options": {"draw": 1, "redeals": 2}, "deal": 1,
...     "stock": ["7S", "2H"], "waste": ["AH", "7C"],
...     "foundations": [["AS"], [], [], []],
...     "tableau": [["9C"], ["qh", "KS"], ["8d", "td", "9D"], [], [], [], []],
...     "redeals_used": 0, "moves": 5, "score": 1, "status": "playing",
... }
>>> print(text_picture(position))
Thumb and Pouch · deal 1 · score 1/52 · moves 5 · stock 2 · redeals left 2
stock waste       f1    f2    f3    f4
##    7♣          A♠    --    --    --
<BLANKLINE>
t1    t2    t3    t4    t5    t6    t7
9♣    ##    ##    --    --    --    --
      K♠    ##
            9♦

The SVG board is self-contained (no fonts or images to fetch; suit pips are vector shapes), scales cleanly to any
zoom, and is accessible: the drawing has a ``<title>`` and a ``<desc>``, every card an ``aria-label`` with its name
("ten of diamonds", "face-down card"), every pile one saying what it holds. Every pile carries ``data-pile`` with
its FORMAT.md name and every card ``data-card`` with its code (``"down"`` for a card back), the same hooks as the
widget's board.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .cards import ACE, JACK, KING, QUEEN, RANK, RANK_LABELS, SUIT, card_code, card_label, card_name, parse_card
from .checks import flag, short
from .i18n import NP_, npgettext, pgettext, translate
from .i18n import gettext as _
from .status_words import SEPARATOR, WINNING_SCORE, phase_words, status_words
from .variants import VARIANT_RULES, VARIANTS, VariantRules

__all__ = ["Picture", "picture", "svg_picture", "text_picture"]

# --------------------------------------------------------------------------------------------------------------
# Reading a position
# --------------------------------------------------------------------------------------------------------------

# A game's name, tableau width, family and empty-column rule come from the variants table (a static table of the
# rules model, no live game), so that a picture names a game exactly as the board does, in every language.
_STATUSES = ("playing", "won", "stuck", "lost")
_PHASES = ("fill", "remove")

#: A tableau card as drawn: the card, or None for a card lying face down (its identity is never kept).
Shown = int | None


@dataclass(frozen=True)
class _Header:
    """What the status line says: the same words in the text picture, the SVG caption and the SVG title. The words
    themselves are chosen when drawing, in the language in force then."""

    variant: str
    deal: int | None
    score: int
    moves: int
    status: str
    stock: int


@dataclass(frozen=True)
class _KlondikeBoard:
    header: _Header
    draw: int
    redeals: int  # -1: unlimited
    redeals_used: int
    waste: tuple[int, ...]
    foundations: tuple[tuple[int, ...], ...]
    tableau: tuple[tuple[Shown, ...], ...]

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed; None when unlimited. Three passes in all means 2 at the start (as Game reports)."""
        return None if self.redeals < 0 else self.redeals - self.redeals_used

    @property
    def can_redeal(self) -> bool:
        return bool(self.waste) and (self.redeals < 0 or self.redeals_used < self.redeals)


@dataclass(frozen=True)
class _CamelotBoard:
    header: _Header
    waste: int | None
    grid: tuple[tuple[int | None, ...], ...]
    phase: str
    removed: int


_Board = _KlondikeBoard | _CamelotBoard


class _Reader:
    """Checks a position dict and turns it into a board, naming the offending field in every error."""

    def __init__(self, position: object) -> None:
        if not isinstance(position, Mapping):
            raise ValueError(f"a position must be a dict as described in FORMAT.md, not {type(position).__name__}")
        self.position = position
        self.seen: dict[int, str] = {}

    def field(self, key: str) -> Any:
        if key not in self.position:
            raise ValueError(f"malformed position: the field {key!r} is missing")
        return self.position[key]

    def whole(self, key: str, default: int, *, minimum: int | None = None) -> int:
        value = self.position.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"malformed position: {key!r} must be a whole number, not {short(value)}")
        if minimum is not None and value < minimum:
            raise ValueError(f"malformed position: {key!r} must be at least {minimum}, not {short(value)}")
        return value

    def card(self, text: object, where: str, *, may_be_face_down: bool = False) -> tuple[int, bool]:
        try:
            if may_be_face_down:
                card, face_up = parse_card(text, allow_face_down=True)
            else:
                card, face_up = parse_card(text), True
        except ValueError as error:
            raise ValueError(f"malformed position: {where}: {error}") from None
        if card in self.seen:
            raise ValueError(f"malformed position: {card_label(card)} is both in {self.seen[card]} and in {where}")
        self.seen[card] = where
        return card, face_up

    def pile(self, value: object, where: str, *, may_be_face_down: bool = False) -> list[tuple[int, bool]]:
        if not isinstance(value, list):
            raise ValueError(f"malformed position: {where} must be a list of cards, not {value!r}")
        return [self.card(text, f"{where}[{i}]", may_be_face_down=may_be_face_down) for i, text in enumerate(value)]

    def header(self, variant: str, stock: int, score: int) -> _Header:
        status = self.position.get("status", "playing")
        if not isinstance(status, str) or status not in _STATUSES:
            raise ValueError(f"malformed position: 'status' must be one of {', '.join(_STATUSES)}, not {status!r}")
        return _Header(
            variant=variant,
            # A position built by hand need not come from a numbered deal.
            deal=None if self.position.get("deal") is None else self.whole("deal", 0, minimum=0),
            score=self.whole("score", score),
            moves=self.whole("moves", 0, minimum=0),
            status=status,
            stock=stock,
        )

    def stock(self) -> int:
        """The number of cards in the stock: all a player may know of it."""
        return len(self.pile(self.field("stock"), "stock"))

    def options(self) -> Mapping[str, Any]:
        options = self.position.get("options", {})
        if not isinstance(options, Mapping):
            raise ValueError(f"malformed position: 'options' must be a dict, not {options!r}")
        return options

    def klondike(self, rules: VariantRules) -> _KlondikeBoard:
        width = rules.columns
        stock = self.stock()  # the piles are read in FORMAT.md's order, which the error messages follow
        options = self.options()
        draw = options.get("draw", 1)
        if draw not in (1, 3) or isinstance(draw, bool):
            raise ValueError(f"malformed position: the option 'draw' must be 1 or 3, not {short(draw)}")
        redeals = options.get("redeals", 2)
        if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < -1:
            raise ValueError(f"malformed position: the option 'redeals' must be a whole number, or -1 for "
                             f"unlimited, not {short(redeals)}")
        foundations = self.field("foundations")
        if not isinstance(foundations, list) or len(foundations) != 4:
            raise ValueError("malformed position: 'foundations' must be a list of 4 piles")
        tableau = self.field("tableau")
        if not isinstance(tableau, list) or len(tableau) != width:
            raise ValueError(f"malformed position: {rules.title} has {width} tableau columns, so 'tableau' must be a "
                             f"list of {width} piles")
        waste = [card for card, _ in self.pile(self.field("waste"), "waste")]
        piles = [tuple(card for card, _ in self.pile(pile, f"foundations[{i}]")) for i, pile in enumerate(foundations)]
        columns = [
            tuple(card if face_up else None for card, face_up in self.pile(column, f"tableau[{i}]",
                                                                             may_be_face_down=True))
            for i, column in enumerate(tableau)
        ]
        header = self.header(rules.name, stock, sum(map(len, piles)))
        return _KlondikeBoard(
            header=header, draw=draw, redeals=redeals,
            redeals_used=self.whole("redeals_used", 0, minimum=0),
            waste=tuple(waste), foundations=tuple(piles), tableau=tuple(columns),
        )

    def camelot(self) -> _CamelotBoard:
        stock = self.stock()
        grid = self.field("grid")
        if not (isinstance(grid, list) and len(grid) == 4 and all(isinstance(row, list) and len(row) == 4
                                                                  for row in grid)):
            raise ValueError("malformed position: 'grid' must be 4 rows of 4 cells, each a card or null")
        cells = tuple(
            tuple(None if text is None else self.card(text, f"grid[{r}][{c}]")[0] for c, text in enumerate(row))
            for r, row in enumerate(grid)
        )
        waste = self.pile(self.field("waste"), "waste")
        if len(waste) > 1:
            raise ValueError("malformed position: Camelot's waste holds at most one card")
        removed = self.pile(self.position.get("removed", []), "removed")
        phase = self.position.get("phase", "fill")
        if not isinstance(phase, str) or phase not in _PHASES:
            raise ValueError(f"malformed position: 'phase' must be 'fill' or 'remove', not {phase!r}")
        return _CamelotBoard(
            header=self.header("camelot", stock, len(removed)), waste=waste[0][0] if waste else None,
            grid=cells, phase=phase, removed=len(removed),
        )

    def board(self) -> _Board:
        if self.position.get("format", 1) != 1:
            raise ValueError(f"this version draws positions of format 1, not {self.position.get('format')!r}")
        variant = self.field("variant")
        rules = VARIANT_RULES.get(variant) if isinstance(variant, str) else None
        if rules is not None and rules.family == "camelot":
            return self.camelot()
        if rules is not None and rules.family == "klondike":
            return self.klondike(rules)
        known = ", ".join(sorted(VARIANTS))
        raise ValueError(f"malformed position: unknown variant {variant!r} (known: {known})")


def _read(position: object) -> _Board:
    return _Reader(position).board()


def _title(board: _Board) -> str:
    """The game's name as the status line gives it: the board's own, and with three cards turned at a time, saying
    so (a picture has no options panel to show it)."""
    title = VARIANT_RULES[board.header.variant].local_title
    if isinstance(board, _KlondikeBoard) and board.draw == 3:
        return pgettext("a game's name on a picture's status line, when it turns three cards at a time",
                        "{game} (draw 3)").format(game=title)
    return title


def _status_words(board: _Board) -> list[str]:
    """The status line, as separate phrases (joined with " · " for display, with ", " for the SVG title).

    The wording is the board's own (:func:`~solitaire_widget.status_words.status_words`), so that a picture and the
    live board read alike, in every language.
    """
    head = board.header
    if isinstance(board, _KlondikeBoard):
        redeals_left, phase = board.redeals_left, None
    else:
        redeals_left, phase = None, board.phase
    return status_words(title=_title(board), deal=head.deal, score=head.score,
                        best=WINNING_SCORE[VARIANT_RULES[head.variant].family], moves=head.moves, stock=head.stock,
                        status=head.status, redeals_left=redeals_left, phase=phase)


# Which court card an empty Camelot cell is reserved for: corners the King, the middles of the top and bottom
# rows the Queen, the middles of the side columns the Jack; the four centre cells take no court card.
def _camelot_court(row: int, column: int) -> int | None:
    edge_row, edge_column = row in (0, 3), column in (0, 3)
    if edge_row and edge_column:
        return KING
    if edge_row:
        return QUEEN
    if edge_column:
        return JACK
    return None


def _cell_name(row: int, column: int) -> str:
    return f"r{row + 1}c{column + 1}"


# --------------------------------------------------------------------------------------------------------------
# Text picture
# --------------------------------------------------------------------------------------------------------------

_DOWN, _EMPTY, _CELL = "##", "--", 6


def _row(cells: list[str]) -> str:
    # Trailing blanks are cut so that doctests and diffs do not depend on invisible characters.
    return "".join(cell.ljust(_CELL) for cell in cells).rstrip()


def _shown_label(card: Shown) -> str:
    return _DOWN if card is None else card_label(card)


def _text_klondike(board: _KlondikeBoard) -> list[str]:
    width = len(board.tableau)
    shown_waste = board.waste[-board.draw:] if board.waste else ()
    waste = " ".join(map(card_label, shown_waste)) if shown_waste else _EMPTY
    fillers = width - 6
    if len(waste) >= _CELL and fillers:  # three waste cards take the room of two piles
        waste, fillers = waste.ljust(2 * _CELL), fillers - 1
    top = [_DOWN if board.header.stock else _EMPTY, waste] + [""] * fillers
    top += [card_label(pile[-1]) if pile else _EMPTY for pile in board.foundations]
    lines = [_row(["stock", "waste"] + [""] * (width - 6) + ["f1", "f2", "f3", "f4"]), _row(top), ""]
    lines.append(_row([f"t{i + 1}" for i in range(width)]))
    depth = max(1, *map(len, board.tableau))
    for r in range(depth):
        lines.append(_row([_shown_label(column[r]) if r < len(column) else (_EMPTY if r == 0 else "")
                           for column in board.tableau]))
    return lines


def _text_camelot(board: _CamelotBoard) -> list[str]:
    lines = [_row(["stock", "waste"]),
             _row([_DOWN if board.header.stock else _EMPTY,
                   _EMPTY if board.waste is None else card_label(board.waste)]),
             "",
             _row(["", "c1", "c2", "c3", "c4"])]
    for r, row in enumerate(board.grid):
        cells = [f"r{r + 1}"]
        for c, card in enumerate(row):
            court = _camelot_court(r, c)
            if card is not None:
                cells.append(card_label(card))
            else:
                cells.append(_EMPTY if court is None else f"({RANK_LABELS[court - 1]})")
        lines.append(_row(cells))
    return lines


def text_picture(position: Mapping[str, Any]) -> str:
    """A picture of the position in plain text with suit symbols, for terminals, logs and doctests.

    First a status line (game, deal, score, moves, cards left in the stock, redeals left or Camelot's phase, and the
    result once the game is over), in the language in force, as the board words it. Klondike family: the stock, the
    waste (its top card; the top three with ``draw=3``) and the foundations' top cards, then the tableau columns
    side by side, fanned downwards. Camelot: the stock and the waste, then the 4 × 4 grid, with each empty border
    cell marked by the court card it is kept for (``(K)``, ``(Q)``, ``(J)``). ``##`` is a face-down card and ``--``
    an empty pile. Pile names label the rows and columns, so that a move can be read straight off the picture
    (``t3-t5``, ``place r2c3``).

    Raises ValueError when ``position`` is not a FORMAT.md position.
    """
    board = _read(position)
    body = _text_klondike(board) if isinstance(board, _KlondikeBoard) else _text_camelot(board)
    return "\n".join([SEPARATOR.join(_status_words(board)), *body])


# --------------------------------------------------------------------------------------------------------------
# SVG picture
# --------------------------------------------------------------------------------------------------------------
#
# Everything is drawn in card units (a card is 100 × 140, the poker-card ratio) and scaled to the requested card
# width by the viewBox, so the numbers below read as proportions of a card.

_W, _H = 100, 140
_MARGIN, _GAP, _ROW_GAP = 16, 14, 24
_FAN_DOWN, _FAN_UP, _FAN_WASTE = 14, 30, 26
_CAPTION_HEIGHT = 30
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

#: The felt's green: the board's light felt is this same colour (--sw-felt-green in js/widget.css; a test checks that
#: they agree), so that a picture and the live board look like the same table.
FELT = "#1c6b3c"
_FELT_EDGE = "#145230"
_FACE, _FACE_EDGE = "#fdfdfb", "#8e8e8e"
_BACK, _BACK_LINE = "#23509f", "#7d9fdc"
_TWO_COLOURS = ("#1b1b1b", "#c4122f", "#c4122f", "#1b1b1b")  # clubs, diamonds, hearts, spades
_FOUR_COLOURS = ("#137a35", "#1a5fc8", "#c4122f", "#1b1b1b")  # clubs green, diamonds blue: the usual four-colour deck

# Suit pips in a 100 × 100 box, drawn as shapes so that they need no font and stay sharp at any size.
_PIPS = (
    # clubs: three leaves and a flared stem
    '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="57" r="21"/><circle cx="74" cy="57" r="21"/>'
    '<circle cx="50" cy="50" r="12"/><path d="M46 52h8c0 22 4 34 13 44H33c9-10 13-22 13-44z"/>',
    # diamonds
    '<path d="M50 2C61 20 75 36 90 50 75 64 61 80 50 98 39 80 25 64 10 50 25 36 39 20 50 2z"/>',
    # hearts
    '<path d="M50 94C35 79 4 60 4 32 4 15 16 5 29 5c10 0 17 6 21 16 4-10 11-16 21-16 13 0 25 10 25 27 0 28-31 '
    '47-46 62z"/>',
    # spades
    '<path d="M50 3C64 22 96 40 96 62c0 14-10 22-21 22-9 0-16-4-20-11 1 10 5 17 12 23H33c7-6 11-13 12-23-4 7-11 '
    '11-20 11-11 0-21-8-21-22C4 40 36 22 50 3z"/>',
)
_ID = "swPICTURE"  # replaced by a prefix derived from the finished drawing, so ids differ between pictures


def _attr(value: object) -> str:
    return quoteattr(str(value))


def _defs() -> str:
    symbols = "".join(f'<symbol id="{_ID}-s{suit}" viewBox="0 0 100 100">{shape}</symbol>'
                      for suit, shape in enumerate(_PIPS))
    lattice = (f'<pattern id="{_ID}-lattice" width="9" height="9" patternUnits="userSpaceOnUse" '
               f'patternTransform="rotate(45)"><rect width="9" height="9" fill="{_BACK}"/>'
               f'<path d="M0 0H9M0 0V9" stroke="{_BACK_LINE}" stroke-width="1.6"/></pattern>')
    return f"<defs>{symbols}{lattice}</defs>"


def _pip(suit: int, x: float, y: float, size: float, colour: str) -> str:
    return f'<use href="#{_ID}-s{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" fill="{colour}"/>'


def _card_face(card: int, x: float, y: float, colours: tuple[str, ...]) -> str:
    rank, suit = RANK[card], SUIT[card]
    colour = colours[suit]
    label = RANK_LABELS[rank - 1]
    # The rank sits top left and a small pip top right, both inside the 30-unit strip a fanned card leaves visible.
    corner = (f'<text x="7" y="27" font-size="25" font-weight="700" letter-spacing="{-2 if rank == 10 else 0}" '
              f'fill="{colour}">{label}</text>{_pip(suit, 73, 8, 20, colour)}')
    if rank >= JACK:
        # Court cards get a framed panel, so that they read as courts at a glance (as on a real deck).
        middle = (f'<rect x="17" y="33" width="66" height="74" rx="4" fill="{colour}" fill-opacity=".08" '
                  f'stroke="{colour}" stroke-opacity=".55" stroke-width="1.5"/>'
                  f'<text x="50" y="97" font-size="22" font-weight="700" text-anchor="middle" fill="{colour}" '
                  f'fill-opacity=".8">{label}</text>{_pip(suit, 30, 40, 40, colour)}')
    else:
        size = 56 if rank == 1 else 44
        middle = _pip(suit, 50 - size / 2, 70 - size / 2, size, colour)
    return (f'<g transform="translate({x:g} {y:g})" data-card="{card_code(card)}" role="img" '
            f'aria-label={_attr(card_name(card, "name"))}>'
            f'<rect width="{_W}" height="{_H}" rx="7" fill="{_FACE}" stroke="{_FACE_EDGE}" stroke-width="1.2"/>'
            f'{corner}{middle}<g transform="rotate(180 50 70)">{corner}</g></g>')


def _card_back(x: float, y: float, *, hook: bool = True) -> str:
    # Only the card that stands for a face-down card carries the hook; the extra backs that give the stock its
    # thickness are decoration.
    marks = f' data-card="down" role="img" aria-label={_attr(_("face-down card"))}' if hook else ' aria-hidden="true"'
    return (f'<g transform="translate({x:g} {y:g})"{marks}>'
            f'<rect width="{_W}" height="{_H}" rx="7" fill="{_FACE}" stroke="{_FACE_EDGE}" stroke-width="1.2"/>'
            f'<rect x="6" y="6" width="88" height="128" rx="4" fill="url(#{_ID}-lattice)" stroke="{_BACK}" '
            f'stroke-width="1.5"/></g>')


def _slot(x: float, y: float, rank: int | None = None) -> str:
    """An empty pile's outline, with a faint letter saying which rank it takes (A on a foundation, K for a King),
    in the language in force, as the board marks it."""
    letter = (f'<text x="50" y="88" font-size="50" font-weight="700" text-anchor="middle" fill="#ffffff" '
              f'fill-opacity=".28">{escape(translate(_MARKS[rank]))}</text>' if rank is not None else "")
    return (f'<g transform="translate({x:g} {y:g})"><rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="7" '
            f'fill="#000000" fill-opacity=".14" stroke="#ffffff" stroke-opacity=".38" stroke-width="1.6"/>'
            f'{letter}</g>')


def _redeal_arrow(x: float, y: float) -> str:
    """The round arrow an empty stock shows while a redeal is still allowed (as in the reference program)."""
    return (f'<g transform="translate({x:g} {y:g})" fill="none" stroke="#ffffff" stroke-opacity=".6" '
            f'stroke-width="7" stroke-linecap="round"><path d="M72 70A22 22 0 1 1 60 50.4"/>'
            f'<path d="M56 40l6 11-12 4" stroke-linejoin="round"/></g>')


def _spent_cross(x: float, y: float) -> str:
    """The cross an empty stock shows once no redeal is left (as on the widget's board)."""
    return (f'<path transform="translate({x:g} {y:g})" d="M36 56l28 28M64 56l-28 28" stroke="#ffffff" '
            f'stroke-opacity=".45" stroke-width="7" stroke-linecap="round"/>')


def _pile(name: str, label: str, content: str, **data: object) -> str:
    extra = "".join(f" data-{key}={_attr(value)}" for key, value in data.items())
    return f'<g data-pile="{name}" role="group" aria-label={_attr(label)}{extra}>{content}</g>'


def _stock(count: int, x: float, y: float, *, can_redeal: bool) -> str:
    if not count:
        return _slot(x, y) + (_redeal_arrow(x, y) if can_redeal else _spent_cross(x, y))
    layers = min(3, (count + 7) // 8)  # a thicker stack for a fuller stock
    backs = "".join(_card_back(x - 2 * i, y - 2 * i, hook=False) for i in range(layers - 1, 0, -1))
    badge = (f'<rect x="{x + 30:g}" y="{y + 110:g}" width="40" height="21" rx="10.5" fill="#000000" '
             f'fill-opacity=".55"/><text x="{x + 50:g}" y="{y + 126:g}" font-size="15" text-anchor="middle" '
             f'fill="#ffffff">{count}</text>')
    return backs + _card_back(x, y) + badge


# The words of the SVG picture's description and of its piles' labels. Every one is a whole phrase or sentence in
# the catalogues, with a context that tells the short labels a screen reader says of a pile (``"column 3: empty"``)
# from the sentences of the drawing's <desc> (``"Column 3: empty."``). Card names are in the "name" role: each card
# stands on its own in a list or before "on top", the nominative in Greek and Russian.

#: The letter an empty pile shows for the rank it takes (the board's marks, and A on an empty foundation).
_MARKS = {
    ACE: NP_("the mark of an empty foundation, which takes an Ace", "A"),
    KING: NP_("the mark of a cell or column kept for a King", "K"),
    QUEEN: NP_("the mark of a cell kept for a Queen", "Q"),
    JACK: NP_("the mark of a cell kept for a Jack", "J"),
}
#: An empty Camelot cell as a screen reader names it, by the court card it is kept for (None: any card).
_EMPTY_CELL = {
    None: NP_("a pile in a picture of the board, as a screen reader names it", "{cell}: empty"),
    KING: NP_("a pile in a picture of the board, as a screen reader names it", "{cell}: empty, kept for a king"),
    QUEEN: NP_("a pile in a picture of the board, as a screen reader names it", "{cell}: empty, kept for a queen"),
    JACK: NP_("a pile in a picture of the board, as a screen reader names it", "{cell}: empty, kept for a jack"),
}


def _names(cards: tuple[Shown, ...]) -> str:
    """Cards bottom to top as a list of names, the face-down ones said as such (never by name)."""
    return ", ".join(_("face-down card") if card is None else card_name(card, "name") for card in cards)


def _stock_words(count: int) -> tuple[str, str]:
    """The stock's label and its sentence of the description: how many cards, and nothing about them."""
    label = npgettext("a pile in a picture of the board, as a screen reader names it",
                      "stock, {count} card", "stock, {count} cards", count)
    sentence = npgettext("a sentence of a picture's description of the board",
                         "Stock: {count} card face down.", "Stock: {count} cards face down.", count)
    return label.format(count=count), sentence.format(count=count)


def _klondike_waste_words(waste: tuple[int, ...], shown: tuple[int, ...]) -> tuple[str, str]:
    """The waste's label (how many cards) and its sentence (the cards a player sees on top)."""
    label = npgettext("a pile in a picture of the board, as a screen reader names it",
                      "waste, {count} card", "waste, {count} cards", len(waste)).format(count=len(waste))
    if not shown:
        return label, pgettext("a sentence of a picture's description of the board", "Waste: empty.")
    sentence = npgettext("a sentence of a picture's description of the board", "Waste: {cards} on top.",
                         "Waste: {cards} on top.", len(shown))
    return label, sentence.format(cards=_names(shown))


def _foundation_words(number: int, pile: tuple[int, ...]) -> tuple[str, str]:
    """A foundation's label and its sentence: how many cards, and the top one by name."""
    if not pile:
        return (pgettext("a pile in a picture of the board, as a screen reader names it",
                         "foundation {number}: empty").format(number=number),
                pgettext("a sentence of a picture's description of the board",
                         "Foundation {number}: empty.").format(number=number))
    label = npgettext("a pile in a picture of the board, as a screen reader names it",
                      "foundation {number}: {count} card, {card} on top",
                      "foundation {number}: {count} cards, {card} on top", len(pile))
    sentence = npgettext("a sentence of a picture's description of the board",
                         "Foundation {number}: {count} card, {card} on top.",
                         "Foundation {number}: {count} cards, {card} on top.", len(pile))
    values = {"number": number, "count": len(pile), "card": card_name(pile[-1], "name")}
    return label.format(**values), sentence.format(**values)


def _column_words(number: int, column: tuple[Shown, ...]) -> tuple[str, str]:
    """A tableau column's label and its sentence: its cards bottom to top, face-down ones unnamed."""
    if not column:
        return (pgettext("a pile in a picture of the board, as a screen reader names it",
                         "column {number}: empty").format(number=number),
                pgettext("a sentence of a picture's description of the board",
                         "Column {number}: empty.").format(number=number))
    cards = _names(column)
    label = pgettext("a pile in a picture of the board, as a screen reader names it", "column {number}: {cards}")
    if len(column) == 1:
        sentence = pgettext("a sentence of a picture's description of the board", "Column {number}: {card}.")
        return label.format(number=number, cards=cards), sentence.format(number=number, card=cards)
    sentence = pgettext("a sentence of a picture's description of the board",
                        "Column {number}: {cards} (bottom to top).")
    return label.format(number=number, cards=cards), sentence.format(number=number, cards=cards)


def _grid_summary(empty: int, removed: int, phase: str) -> str:
    """The sentence that ends the description of a Camelot position: empty cells, cards removed, the phase.

    Two counts need two plural choices, which one gettext message cannot make; so the sentence is a pattern whose
    parts are each a whole phrase, and translators may reorder or re-punctuate it.
    """
    cells = npgettext("a part of the sentence that sums up Camelot's grid: '12 empty cells; 3 cards removed; "
                      "phase: filling.'", "{count} empty cell", "{count} empty cells", empty).format(count=empty)
    gone = npgettext("a part of the sentence that sums up Camelot's grid: '12 empty cells; 3 cards removed; "
                     "phase: filling.'", "{count} card removed", "{count} cards removed", removed).format(count=removed)
    return pgettext("the sentence that sums up Camelot's grid in a picture's description, from its parts: "
                    "'12 empty cells; 3 cards removed; phase: filling.'",
                    "{cells}; {removed}; {phase}.").format(cells=cells, removed=gone, phase=phase_words(phase))


def _column_height(column: tuple[Shown, ...]) -> int:
    return _H + sum(_FAN_UP if card is not None else _FAN_DOWN for card in column[:-1])


def _svg_klondike(board: _KlondikeBoard, colours: tuple[str, ...]) -> tuple[list[str], list[str], float, float]:
    width = len(board.tableau)
    x_of = [_MARGIN + i * (_W + _GAP) for i in range(width)]
    parts: list[str] = []
    desc: list[str] = []

    stock = board.header.stock
    label, sentence = _stock_words(stock)
    parts.append(_pile("stock", label, _stock(stock, x_of[0], _MARGIN, can_redeal=board.can_redeal), count=stock))
    desc.append(sentence)

    shown = board.waste[-board.draw:]
    waste = "".join(_card_face(card, x_of[1] + i * _FAN_WASTE, _MARGIN, colours) for i, card in enumerate(shown))
    label, sentence = _klondike_waste_words(board.waste, shown)
    parts.append(_pile("waste", label, waste or _slot(x_of[1], _MARGIN), count=len(board.waste)))
    desc.append(sentence)

    for i, pile in enumerate(board.foundations):
        x = x_of[width - 4 + i]
        top = _card_face(pile[-1], x, _MARGIN, colours) if pile else _slot(x, _MARGIN, ACE)
        label, sentence = _foundation_words(i + 1, pile)
        parts.append(_pile(f"f{i + 1}", label, top, count=len(pile)))
        desc.append(sentence)

    # Empty columns that only a King may fill are marked K, so that a learner sees the rule on the board.
    kings_only = VARIANT_RULES[board.header.variant].empty_column == "king"
    top_of_tableau = _MARGIN + _H + _ROW_GAP
    for i, column in enumerate(board.tableau):
        x, y = x_of[i], top_of_tableau
        cards = []
        for card in column:
            cards.append(_card_back(x, y) if card is None else _card_face(card, x, y, colours))
            y += _FAN_UP if card is not None else _FAN_DOWN
        label, sentence = _column_words(i + 1, column)
        parts.append(_pile(f"t{i + 1}", label,
                           "".join(cards) or _slot(x, top_of_tableau, KING if kings_only else None),
                           count=len(column)))
        desc.append(sentence)

    board_width = 2 * _MARGIN + width * _W + (width - 1) * _GAP
    board_height = top_of_tableau + max(_H, *map(_column_height, board.tableau)) + _MARGIN
    return parts, desc, board_width, board_height


def _svg_camelot(board: _CamelotBoard, colours: tuple[str, ...]) -> tuple[list[str], list[str], float, float]:
    parts: list[str] = []
    desc: list[str] = []
    stock = board.header.stock
    label, sentence = _stock_words(stock)
    parts.append(_pile("stock", label, _stock(stock, _MARGIN, _MARGIN, can_redeal=False), count=stock))
    desc.append(sentence)
    waste_y = _MARGIN + _H + _GAP
    if board.waste is None:
        parts.append(_pile("waste", pgettext("a pile in a picture of the board, as a screen reader names it",
                                             "waste, empty"), _slot(_MARGIN, waste_y), count=0))
        desc.append(pgettext("a sentence of a picture's description of the board", "Waste: empty."))
    else:
        waste = card_name(board.waste, "name")
        parts.append(_pile("waste", pgettext("a pile in a picture of the board, as a screen reader names it",
                                             "waste: {card}, to be placed").format(card=waste),
                           _card_face(board.waste, _MARGIN, waste_y, colours), count=1))
        desc.append(pgettext("a sentence of a picture's description of the board",
                             "Waste: {card}, to be placed.").format(card=waste))

    left = _MARGIN + _W + 2 * _GAP + 8  # a wider gap sets the grid apart from the stock and waste
    for r, row in enumerate(board.grid):
        for c, card in enumerate(row):
            x, y = left + c * (_W + _GAP), _MARGIN + r * (_H + _GAP)
            name = _cell_name(r, c)
            court = _camelot_court(r, c)
            # The cell's name is move notation (``place r2c3``), the same in every language.
            if card is not None:
                words = {"cell": name, "card": card_name(card, "name")}
                parts.append(_pile(name, pgettext("a pile in a picture of the board, as a screen reader names it",
                                                  "{cell}: {card}").format(**words),
                                   _card_face(card, x, y, colours), count=1))
                desc.append(pgettext("a sentence of a picture's description of the board",
                                     "Cell {cell}: {card}.").format(**words))
                continue
            accepts = "any" if court is None else RANK_LABELS[court - 1]  # notation, as on the board's cells
            parts.append(_pile(name, translate(_EMPTY_CELL[court]).format(cell=name), _slot(x, y, court), count=0,
                               accepts=accepts))
    empty = sum(card is None for row in board.grid for card in row)
    desc.append(_grid_summary(empty, board.removed, board.phase))
    return parts, desc, left + 4 * _W + 3 * _GAP + _MARGIN, 2 * _MARGIN + 4 * _H + 3 * _GAP


def svg_picture(position: Mapping[str, Any], *, four_colour: bool = False, card_width: float = 72,
                caption: bool = True) -> str:
    """A static SVG drawing of the position, laid out like the reference program.

    Klondike family: stock and waste top left, foundations top right, the tableau fanned below. Camelot: the stock
    and the waste beside the 4 × 4 grid, whose empty border cells show the court card they are kept for. Face-down
    cards are drawn as card backs; an empty stock shows a round arrow while a redeal is still allowed, and a cross
    once it is spent.

    ``four_colour`` draws clubs green and diamonds blue; ``card_width`` is a card's width in CSS pixels (the whole
    drawing scales with it, and it stays sharp at any zoom since it is all vector shapes); ``caption`` adds the
    status line under the board. The result is a complete ``<svg>`` element, usable inline in HTML or saved as a
    ``.svg`` file. Raises ValueError when ``position`` is not a FORMAT.md position or a style value is out of range.
    """
    board = _read(position)
    if isinstance(card_width, bool) or not isinstance(card_width, (int, float)) or not 16 <= card_width <= 400:
        raise ValueError(f"card_width must be a number of pixels from 16 to 400, not {short(card_width)}")
    flag(four_colour, "four_colour")
    flag(caption, "caption")
    colours = _FOUR_COLOURS if four_colour else _TWO_COLOURS
    if isinstance(board, _KlondikeBoard):
        parts, desc, width, height = _svg_klondike(board, colours)
    else:
        parts, desc, width, height = _svg_camelot(board, colours)
    status = _status_words(board)
    if caption:
        line = SEPARATOR.join(status)
        # A long line (a big deal number, a finished game) shrinks to fit the board rather than run off it; 0.6 em
        # is a generous average width for these characters in the usual sans-serif fonts.
        size = min(17.0, (width - 2 * _MARGIN) / (0.6 * len(line)))
        parts.append(f'<text x="{_MARGIN}" y="{height + 4:g}" font-size="{size:.1f}" fill="#ffffff" '
                     f'fill-opacity=".92">{escape(line)}</text>')
        height += _CAPTION_HEIGHT - _MARGIN + 8
    scale = card_width / _W
    body = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'width="{width * scale:.1f}" height="{height * scale:.1f}" role="img" '
            f'aria-labelledby="{_ID}-title {_ID}-desc" font-family={_attr(_FONT)} '
            f'style="max-width:100%;height:auto">'
            f'<title id="{_ID}-title">{escape(", ".join(status))}</title>'
            f'<desc id="{_ID}-desc">{escape(" ".join(desc))}</desc>{_defs()}'
            f'<rect width="{width:g}" height="{height:g}" rx="10" fill="{FELT}" stroke="{_FELT_EDGE}" '
            f'stroke-width="2"/>{"".join(parts)}</svg>')
    # Ids must be unique within a notebook page that inlines several pictures; deriving them from the drawing
    # itself keeps the output deterministic (and, like the drawing, free of any hidden card).
    prefix = "sw" + hashlib.sha1(body.encode()).hexdigest()[:10]
    return body.replace(_ID, prefix)


class Picture:
    """A drawing of a position that a notebook displays as an image.

    It offers both an SVG and an HTML representation: front ends that prefer images use the SVG, and exported HTML
    pages (nbconvert, Jupyter Book) keep the inline drawing, so the board stays visible where no widget can run.
    ``svg`` is the drawing as text; ``save(path)`` writes it to a ``.svg`` file.
    """

    __slots__ = ("svg",)

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f'<div class="solitaire-widget-picture">{self.svg}</div>'

    def save(self, path: str | Path) -> None:
        """Write the drawing to ``path`` as a standalone SVG file."""
        Path(path).write_text(self.svg, encoding="utf-8")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Picture) and other.svg == self.svg

    def __hash__(self) -> int:
        return hash(self.svg)

    def __repr__(self) -> str:
        title = self.svg[self.svg.index("<title") :].split(">", 1)[1].split("<", 1)[0]
        return f"<Picture: {title}>"


def picture(game_or_position: object, *, four_colour: bool = False, card_width: float = 72,
            caption: bool = True) -> Picture:
    """A :class:`Picture` of a game (anything with a ``position()`` method) or of a FORMAT.md position dict.

    The style keywords are those of :func:`svg_picture`. Raises ValueError for anything that is neither.
    """
    if isinstance(game_or_position, Mapping):
        position = game_or_position
    elif not isinstance(game_or_position, type) and callable(getattr(game_or_position, "position", None)):
        position = game_or_position.position()  # type: ignore[attr-defined]
    else:
        what = f"the class {game_or_position.__name__}" if isinstance(game_or_position, type) else \
            type(game_or_position).__name__
        raise ValueError(f"picture() takes a game (an object with a position() method) or a position dict, not {what}")
    return Picture(svg_picture(position, four_colour=four_colour, card_width=card_width, caption=caption))
