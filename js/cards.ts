// Card faces and backs as DOM elements. Every face and back is an inline SVG of our own drawing, in card units
// (a card is 100 × 140, the viewBox), so it scales as vectors to any card width and stays sharp on any screen.
// Colours come from CSS (widget.css): the ink is `currentColor`, which the card's suit class sets, so one drawing
// serves the two-colour, four-colour and high-contrast schemes alike, and switching scheme redraws nothing.

import { words } from "./words";

const RANK_LABELS: Record<string, string> = {
  A: "A", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
  "8": "8", "9": "9", T: "10", J: "J", Q: "Q", K: "K",
};
const RANK_VALUES = "A23456789TJQK";
const SUIT_SYMBOLS: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };
/** The words a screen reader says for a card code, in the board's language ("TD": "ten of diamonds"); Python
 * sends them with the other words, and the short label stands in until they arrive. */
export function cardName(code: string): string {
  return words().cards[code] ?? cardLabel(code);
}

/** Rank as a number, Ace 1 to King 13. */
export function rankValue(code: string): number {
  return RANK_VALUES.indexOf(code[0]) + 1;
}

/** "10♦": the short label used in corners and messages. */
export function cardLabel(code: string): string {
  return `${RANK_LABELS[code[0]] ?? "?"}${SUIT_SYMBOLS[code[1]] ?? "?"}`;
}

// -- Drawing helpers ------------------------------------------------------------------------------------------

/** A number for SVG markup: at most two decimals, no trailing zeros. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A circle as a path (so that several can share one path element). */
function circle(cx: number, cy: number, r: number): string {
  return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0z`;
}

// -- Suits ------------------------------------------------------------------------------------------------------

/** The four suit shapes, each in a 100-unit box centred on 0,0 and pointing up. */
const SUIT_PATHS: Record<string, string> = {
  // Three round leaves, a filler at the heart of them, and a flared stem.
  C: circle(0, -24, 23) + circle(-25, 11, 23) + circle(25, 11, 23) + circle(0, 5, 13) +
    "M-5 14C-5 32-11 43-22 50H22C11 43 5 32 5 14z",
  // Four gently hollowed sides.
  D: "M0-50C9-33 20-16 35 0 20 16 9 33 0 50-9 33-20 16-35 0-20-16-9-33 0-50z",
  H: "M0 47C-9 35-48 13-48-17-48-35-36-46-24-46-12-46-4-38 0-28 4-38 12-46 24-46 36-46 48-35 48-17 48 13 9 35 0 47z",
  // An upturned heart on a flared stem.
  S: "M0-50C9-36 47-17 47 10 47 26 37 35 25 35 15 35 8 30 4 23 5 35 10 43 21 50H-21C-10 43-5 35-4 23-8 30-15 35-25 " +
    "35-37 35-47 26-47 10-47-17-9-36 0-50z",
};

/** One suit shape of `size` card units centred on x, y; upside down when `flip`. */
function suitShape(suit: string, x: number, y: number, size: number, flip: boolean, cls: string): string {
  const turn = flip ? " rotate(180)" : "";
  return `<path class="${cls}" transform="translate(${n(x)} ${n(y)}) scale(${n(size / 100)})${turn}" ` +
    `d="${SUIT_PATHS[suit] ?? SUIT_PATHS.S}"/>`;
}

// -- Pips -------------------------------------------------------------------------------------------------------

// Pip columns and rows, in card units. Four rows for the Nine and Ten, three for the Four to the Eight.
const LEFT = 30;
const MID = 50;
const RIGHT = 70;
const TOP = 25;
const BOTTOM = 115;
const CENTRE = 70;
const ROW4 = [TOP, TOP + (BOTTOM - TOP) / 3, TOP + (2 * (BOTTOM - TOP)) / 3, BOTTOM];
const HALF_UP = (TOP + CENTRE) / 2;
const HALF_DOWN = (CENTRE + BOTTOM) / 2;
const PIP_SIZE = 18.5;

const sides = (...rows: number[]): [number, number][] =>
  rows.flatMap((y) => [[LEFT, y], [RIGHT, y]] as [number, number][]);

/** Where the pips of each rank sit: the traditional layouts, two side columns and a centre column. */
const PIP_LAYOUTS: Record<string, [number, number][]> = {
  "2": [[MID, TOP], [MID, BOTTOM]],
  "3": [[MID, TOP], [MID, CENTRE], [MID, BOTTOM]],
  "4": sides(TOP, BOTTOM),
  "5": [...sides(TOP, BOTTOM), [MID, CENTRE]],
  "6": sides(TOP, CENTRE, BOTTOM),
  "7": [...sides(TOP, CENTRE, BOTTOM), [MID, HALF_UP]],
  "8": [...sides(TOP, CENTRE, BOTTOM), [MID, HALF_UP], [MID, HALF_DOWN]],
  "9": [...sides(...ROW4), [MID, CENTRE]],
  "T": [...sides(...ROW4), [MID, (ROW4[0] + ROW4[1]) / 2], [MID, (ROW4[2] + ROW4[3]) / 2]],
};

function pips(rank: string, suit: string): string {
  if (rank === "A") {
    // One large pip; the Ace of Spades wears the traditional flourish, a ring around it.
    const ring = suit === "S" ? `<path class="sw-ace-ring" d="${circle(MID, CENTRE, 31)}"/>` : "";
    return `${ring}${suitShape(suit, MID, CENTRE, suit === "S" ? 42 : 46, false, "sw-pipmark sw-ink")}`;
  }
  return (PIP_LAYOUTS[rank] ?? [])
    .map(([x, y]) => {
      const low = y > CENTRE + 0.5;
      return suitShape(suit, x, y, PIP_SIZE, low, low ? "sw-pipmark sw-ink sw-pip-low" : "sw-pipmark sw-ink");
    })
    .join("");
}

// -- Corner indices ---------------------------------------------------------------------------------------------

/** Our own index lettering, stroked: each glyph's centre line in a box `w` wide and 16 high. */
const GLYPHS: Record<string, { d: string; w: number }> = {
  A: { d: "M0.4 16L5 0L9.6 16M2.1 10.4H7.9", w: 10 },
  "2": { d: "M0.9 3.6C1.3 1.4 3 0 5.1 0 7.5 0 9.1 1.6 9.1 4 9.1 6.6 7 8.4 0.8 16H9.6", w: 10 },
  "3": { d: "M1.1 0.4H9L4.6 6.5C7.6 6.4 9.4 8.4 9.4 11.2 9.4 14.2 7.4 16 4.7 16 3 16 1.7 15.4 0.6 14.2", w: 10 },
  "4": { d: "M7.2 16V0L0.4 10.8H9.8", w: 10 },
  "5": { d: "M8.8 0.4H2.2L1.4 7.2C2.4 6.6 3.5 6.2 4.9 6.2 7.7 6.2 9.4 8.3 9.4 11.1 9.4 14.1 7.4 16 4.7 16 3 16 1.7 " +
    "15.4 0.6 14.2", w: 10 },
  "6": { d: "M8.3 1.2C7.4 0.4 6.4 0 5.3 0 2.4 0 0.8 3.2 0.8 8.6 0.8 13.5 2.5 16 5.1 16 7.6 16 9.3 14 9.3 11.1 " +
    "9.3 8.2 7.6 6.4 5.2 6.4 3.3 6.4 1.7 7.5 0.9 9.6", w: 10 },
  "7": { d: "M0.5 0.4H9.6C6.5 4.8 4.5 10 3.9 16", w: 10 },
  "8": { d: "M5 7.3C2.8 7.3 1.3 5.9 1.3 3.7 1.3 1.5 2.8 0 5 0 7.2 0 8.7 1.5 8.7 3.7 8.7 5.9 7.2 7.3 5 7.3Z" +
    "M5 7.3C2.5 7.3 0.7 9 0.7 11.6 0.7 14.3 2.5 16 5 16 7.5 16 9.3 14.3 9.3 11.6 9.3 9 7.5 7.3 5 7.3Z", w: 10 },
  "9": { d: "M1.7 14.8C2.6 15.6 3.6 16 4.7 16 7.6 16 9.2 12.8 9.2 7.4 9.2 2.5 7.5 0 4.9 0 2.4 0 0.7 2 0.7 4.9 " +
    "0.7 7.8 2.4 9.6 4.8 9.6 6.7 9.6 8.3 8.5 9.1 6.4", w: 10 },
  // The Ten's two figures, narrow so that "10" fits the corner.
  "1": { d: "M0.3 3L3.6 0.2V16", w: 3.6 },
  "0": { d: "M4.1 0C1.8 0 0.5 3 0.5 8 0.5 13 1.8 16 4.1 16 6.4 16 7.7 13 7.7 8 7.7 3 6.4 0 4.1 0Z", w: 8.2 },
  J: { d: "M3.8 0.4H9.8M7.8 0.4V11.4C7.8 14.4 6.4 16 4 16 2.1 16 0.9 14.9 0.4 13", w: 10 },
  Q: { d: "M5 0C2.2 0 0.6 3 0.6 8 0.6 13 2.2 16 5 16 7.8 16 9.4 13 9.4 8 9.4 3 7.8 0 5 0ZM5.6 11.6L9.8 16.6", w: 10 },
  K: { d: "M1 0V16M9.6 0L1.2 9.8M4.4 6.3L9.8 16", w: 10 },
};
const GLYPH_HEIGHT = 16;
const GLYPH_GAP = 1.5;

/** The glyphs of a rank's index: the Ten is "1" and "0". */
function rankGlyphs(rank: string): string[] {
  return rank === "T" ? ["1", "0"] : [rank];
}

/** `rank` lettered `height` card units high (and `widen` times as wide as designed), its top centre at x, y, with
 *  strokes about `weight` card units wide. */
function lettering(rank: string, x: number, y: number, height: number, weight: number, cls: string, widen = 1): string {
  const glyphs = rankGlyphs(rank).map((g) => GLYPHS[g] ?? GLYPHS.A);
  const width = glyphs.reduce((sum, g) => sum + g.w, 0) + GLYPH_GAP * (glyphs.length - 1);
  const scale = height / GLYPH_HEIGHT;
  let at = -width / 2;
  const paths = glyphs.map((g, i) => {
    const shift = at ? ` transform="translate(${n(at)} 0)"` : "";
    const path = `<path class="sw-glyph sw-glyph-${rankGlyphs(rank)[i]}"${shift} d="${g.d}"/>`;
    at += g.w + GLYPH_GAP;
    return path;
  });
  const factors = widen === 1 ? n(scale) : `${n(scale * widen)} ${n(scale)}`;
  return `<g class="${cls}" transform="translate(${n(x)} ${n(y)}) scale(${factors})" ` +
    `stroke-width="${n(weight / scale)}">${paths.join("")}</g>`;
}

/** Index geometry, in card units: the rank above a small suit, all inside the top 22% a fanned card shows. */
interface IndexStyle {
  cls: string;
  x: number;
  top: number;
  height: number;
  /** How much wider than tall the lettering is drawn (1: as designed). */
  widen: number;
  weight: number;
  pipY: number;
  pipSize: number;
}
const INDEX_STYLES: IndexStyle[] = [
  // The usual index.
  { cls: "sw-index sw-index-normal", x: 10.5, top: 3.4, height: 12.6, widen: 1, weight: 2.1, pipY: 21.6, pipSize: 7.6 },
  // High contrast: larger and bolder, still above the 30-unit strip a fanned column leaves visible.
  { cls: "sw-index sw-index-large", x: 11, top: 2, height: 13.8, widen: 1.2, weight: 2.6, pipY: 21.9, pipSize: 8 },
];

function index(rank: string, suit: string, style: IndexStyle): string {
  return `<g class="${style.cls}" data-rank="${RANK_LABELS[rank] ?? "?"}" data-suit="${suit.toLowerCase()}">` +
    lettering(rank, style.x, style.top, style.height, style.weight, "sw-rank", style.widen) +
    suitShape(suit, style.x, style.pipY, style.pipSize, false, "sw-index-pip sw-ink") + "</g>";
}

// -- Court cards ------------------------------------------------------------------------------------------------

// A court card's picture is a framed bust, drawn twice head to head as on real cards. Each rank is its own figure
// (the King: pointed crown, beard, ermine collar, sceptre; the Queen: coronet, long hair, necklace, rose; the
// Jack: feathered beret, ruff, halberd), with its letter by its head; the suit is on its chest, by its head and (the
// King's) atop the sceptre, all in the suit's colour, with gold for crowns and trim.
const FRAME = { x: 21, y: 14, w: 58, h: 112 };

interface Figure {
  /** Drawn first: what is behind the head (long hair). */
  behind: string;
  /** Over the robe: collar, neckline. */
  collar: string;
  /** Over the face: headwear, hair, beard. */
  head: string;
  /** What the figure holds in its right hand (our left), given the suit. */
  prop: (suit: string) => string;
}

const FACE = "M50 26.8C45.6 26.8 42.8 30.6 42.8 35.6 42.8 40.8 45.8 44.4 50 44.4 54.2 44.4 57.2 40.8 57.2 35.6 57.2 " +
  "30.6 54.4 26.8 50 26.8Z";
const EYES = `<path class="sw-ink" d="${circle(47.1, 34.6, 0.85)}${circle(52.9, 34.6, 0.85)}"/>` +
  `<path class="sw-line" d="M45.6 32.4C46.6 31.9 47.8 31.9 48.6 32.3M51.4 32.3C52.2 31.9 53.4 31.9 54.4 32.4` +
  `M50 35.8V38.4"/>`;

const KING: Figure = {
  behind: "",
  collar:
    // An ermine collar: white fur with black tails.
    `<path class="sw-fur" d="M29 55.5C35 50.2 42 48.6 50 48.6 58 48.6 65 50.2 71 55.5 64.5 57.6 57.5 58.3 50 58.3 ` +
    `42.5 58.3 35.5 57.6 29 55.5Z"/>` +
    `<path class="sw-ink" d="M35.4 54.4h1.2v2.2h-1.2zM42 52.6h1.2v2.2H42zM49.4 54.6h1.2v2.2h-1.2zM56.8 52.6H58v2.2h` +
    `-1.2zM63.4 54.4h1.2v2.2h-1.2z"/>`,
  head:
    // A pointed crown with a jewel on each point, a full beard and a moustache.
    `<path class="sw-gold" d="M42.6 29.4L41 18.6 45.6 23.4 50 15.4 54.4 23.4 59 18.6 57.4 29.4Z"/>` +
    `<path class="sw-line" d="M42.4 27H57.6"/>` +
    `<path class="sw-ink" d="${circle(41, 18.2, 1.4)}${circle(50, 15, 1.5)}${circle(59, 18.2, 1.4)}"/>` +
    `<path class="sw-solid" d="M42.9 36.6C42.9 44.6 46.2 49.4 50 50.6 53.8 49.4 57.1 44.6 57.1 36.6 55.8 39.8 54 ` +
    `40.6 52.6 40.6 51.6 40.6 50.8 40.2 50 39.6 49.2 40.2 48.4 40.6 47.4 40.6 46 40.6 44.2 39.8 42.9 36.6Z"/>` +
    `<path class="sw-skin-line" d="M48.2 43.6H51.8"/>`,
  prop: (suit) =>
    // A sceptre topped by the suit.
    `<path class="sw-staff" d="M71 70V26"/>${suitShape(suit, 71, 22.6, 8.4, false, "sw-ink")}`,
};

const QUEEN: Figure = {
  // Long hair, falling to the shoulders.
  behind: `<path class="sw-solid" d="M50 24.6C43 24.6 40.4 29.6 40.4 36.6 40.4 42.6 39.4 47.6 36.6 51.6 40.4 52.8 44 ` +
    `52 46.4 48.8H53.6C56 52 59.6 52.8 63.4 51.6 60.6 47.6 59.6 42.6 59.6 36.6 59.6 29.6 57 24.6 50 24.6Z"/>`,
  collar:
    // A low round neckline, and a necklace of pearls.
    `<path class="sw-skin" d="M43.4 48.6H56.6C56 53 53.4 55.4 50 55.4 46.6 55.4 44 53 43.4 48.6Z"/>` +
    `<path class="sw-gold" d="${circle(44.6, 52, 1)}${circle(46.6, 54.2, 1)}${circle(50, 55.2, 1.1)}` +
    `${circle(53.4, 54.2, 1)}${circle(55.4, 52, 1)}"/>`,
  head:
    // A coronet of three rounded points, each with a pearl, and red lips.
    `<path class="sw-gold" d="M43.4 28.4L42.6 21.8C44.6 22.8 46 22.4 46.8 19.8 48 21.8 49 21.8 50 18.6 51 21.8 ` +
    `52 21.8 53.2 19.8 54 22.4 55.4 22.8 57.4 21.8L56.6 28.4Z"/>` +
    `<path class="sw-ink" d="${circle(42.6, 21, 1.15)}${circle(50, 17.6, 1.3)}${circle(57.4, 21, 1.15)}"/>` +
    `<path class="sw-ink" d="M48 41.2C49.3 40.6 50.7 40.6 52 41.2 50.7 42.2 49.3 42.2 48 41.2Z"/>`,
  prop: () =>
    // A rose on its stem, with a leaf.
    `<path class="sw-staff" d="M71 70V30"/><path class="sw-solid" d="M71 47C73.6 43 76.6 42.2 78.4 42.6 77.6 46.4 ` +
    `74.4 48 71 47Z"/>` +
    `<path class="sw-gold" d="${circle(71, 26.2, 4.8)}"/><path class="sw-line" d="${circle(71, 26.2, 2)}"/>`,
};

const JACK: Figure = {
  // Hair cut in a bob.
  behind: `<path class="sw-solid" d="M50 25.2C43.6 25.2 41.4 29.8 41.6 35.6 41.8 39.4 42.4 41.8 43.4 43H56.6 ` +
    `C57.6 41.8 58.2 39.4 58.4 35.6 58.6 29.8 56.4 25.2 50 25.2Z"/>`,
  collar:
    // A pleated ruff.
    `<path class="sw-fur" d="M41.2 48.4 43.4 52.4 45.6 49.2 47.8 53 50 49.6 52.2 53 54.4 49.2 56.6 52.4 58.8 48.4 ` +
    `54.6 46.8H45.4Z"/>`,
  head:
    // A beret worn at a slant, with a long feather.
    `<path class="sw-solid" d="M56.4 23.6C59.4 20.2 62.6 18 66.4 17 63.8 20.4 60.6 23 57.4 25.2Z"/>` +
    `<path class="sw-gold" d="M40.6 29.6C39.4 24.4 43.8 20.4 50.4 20.4 57 20.4 61.4 23.8 59.8 29.6Z"/>` +
    `<path class="sw-line" d="M41.4 27.6C46.6 26.6 53.6 26.6 59.6 27.6"/>` +
    `<path class="sw-line" d="M47.8 41C49.2 41.6 50.8 41.6 52.2 41"/>`,
  prop: () =>
    // A halberd: a spike and an axe blade on a long shaft.
    `<path class="sw-staff" d="M71 70V21.6"/><path class="sw-gold" d="M71 14.4L73.6 21.6H68.4Z"/>` +
    `<path class="sw-gold" d="M71 24.4C74.8 23 78 24.6 78.6 28.2 78 31.8 74.8 33.4 71 32Z"/>`,
};

const FIGURES: Record<string, Figure> = { K: KING, Q: QUEEN, J: JACK };

function court(rank: string, suit: string): string {
  const figure = FIGURES[rank] ?? KING;
  const { x, y, w, h } = FRAME;
  const half =
    // The cloak in the suit's colour, open on a tunic edged with gold, the suit on the chest.
    `<path class="sw-cloak" d="M${x} 70V56.4C24 51.6 32 49.4 42.4 48.2L38.6 70Z` +
    `M${x + w} 70V56.4C76 51.6 68 49.4 57.6 48.2` +
    `L61.4 70Z"/>` +
    `<path class="sw-tunic" d="M42.4 48.2H57.6L61.4 70H38.6Z"/>` +
    `<path class="sw-trim" d="M42.4 48.2L38.6 70M57.6 48.2L61.4 70"/>` +
    suitShape(suit, MID, 63.2, 11, false, "sw-emblem sw-ink") +
    figure.behind +
    `<path class="sw-skin" d="M46.8 43V49.4H53.2V43Z"/>` +
    figure.collar +
    `<path class="sw-skin" d="${FACE}"/>${EYES}` +
    figure.head +
    figure.prop(suit) +
    // Its hand on the staff.
    `<path class="sw-skin" d="${circle(71, 61, 2.6)}"/>` +
    // The rank and the suit by the figure's head, readable without the corners.
    lettering(rank, 27.6, 18, 9.6, 1.8, "sw-court-letter") +
    suitShape(suit, 27.6, 34, 6.8, false, "sw-ink");
  return `<g class="sw-court sw-court-${rank.toLowerCase()}">` +
    `<rect class="sw-frame" x="${x}" y="${y}" width="${w}" height="${h}" rx="2.5"/>` +
    `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">` +
    `<g>${half}</g><g transform="rotate(180 50 70)">${half}</g></svg>` +
    `<path class="sw-divider" d="M${x} ${CENTRE}H${x + w}"/>` +
    `<rect class="sw-frame-line" x="${x}" y="${y}" width="${w}" height="${h}" rx="2.5"/></g>`;
}

// -- Faces and backs --------------------------------------------------------------------------------------------

/** The whole face of a card, as SVG markup. */
function faceMarkup(code: string): string {
  const rank = code[0];
  const suit = code[1];
  const corners = INDEX_STYLES.map((style) => index(rank, suit, style)).join("");
  const middle = "JQK".includes(rank) ? court(rank, suit) : `<g class="sw-pips">${pips(rank, suit)}</g>`;
  return `<svg class="sw-art sw-face" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
    `<g class="sw-corner sw-corner-tl">${corners}</g>${middle}` +
    `<g class="sw-corner sw-corner-br" transform="rotate(180 50 70)">${corners}</g></svg>`;
}

/** Diagonal lines every `step` units across a w × h box, both ways: a lattice to clip into a field. */
function diagonals(w: number, h: number, step: number): string {
  let d = "";
  for (let c = -Math.ceil(h / step) * step; c <= w; c += step) d += `M${n(c)} 0L${n(c + h)} ${n(h)}`;
  for (let c = 0; c <= w + h; c += step) d += `M${n(c)} 0L${n(c - h)} ${n(h)}`;
  return d;
}

/** A grid of dots, every `step` units, offset in alternate rows. */
function dots(w: number, h: number, step: number, r: number): string {
  let d = "";
  for (let row = 0, y = step / 2; y < h; row += 1, y += step / 2) {
    for (let x = row % 2 ? step / 2 : 0; x <= w; x += step) d += circle(x, y, r);
  }
  return d;
}

/** The three backs, each its own drawing; CSS shows the one the root's data-back asks for. The field runs to a
 * narrow white margin and its frame lines sit well inside it, so that the strip a face-down card shows in a column
 * (its top 18 units) is the field's colour and pattern under a white edge, and a column of them reads as stacked
 * backs, not as ruled lines. */
function backMarkup(): string {
  const m = 4; // the white margin
  const fw = 100 - 2 * m;
  const fh = 140 - 2 * m;
  const field = (cls: string, art: string) =>
    `<g class="sw-back-design ${cls}"><rect class="sw-back-field" x="${m}" y="${m}" width="${fw}" height="${fh}" ` +
    `rx="4"/><svg x="${m}" y="${m}" width="${fw}" height="${fh}" viewBox="0 0 ${fw} ${fh}">${art}</svg></g>`;
  // Classic: a field of small dots in a double frame, with an oval medallion holding an eight-petalled flower.
  const petals = [0, 45, 90, 135, 180, 225, 270, 315]
    .map((a) => `<ellipse cx="50" cy="61.6" rx="2.6" ry="5.6" transform="rotate(${a} 50 70)"/>`).join("");
  const classic = field(
    "sw-back-classic",
    `<path class="sw-back-fine" d="${dots(fw, fh, 6, 1.2)}"/>` +
      `<rect class="sw-back-line" x="9" y="9" width="${fw - 18}" height="${fh - 18}" rx="2"/>` +
      `<rect class="sw-back-thin" x="11.5" y="11.5" width="${fw - 23}" height="${fh - 23}" rx="1.5"/>`,
  ) +
    `<g class="sw-back-design sw-back-classic"><ellipse class="sw-back-medallion" cx="50" cy="70" rx="22" ry="30"/>` +
    `<ellipse class="sw-back-thin" cx="50" cy="70" rx="18.5" ry="26.5"/>` +
    `<g class="sw-back-rosette">${petals}</g><path class="sw-back-bright" d="${circle(50, 70, 2.6)}"/></g>`;
  // Lattice: a trellis of crossing diagonals with a bead at every crossing.
  const lattice = field(
    "sw-back-lattice",
    `<path class="sw-back-trellis" d="${diagonals(fw, fh, 8)}"/>` +
      `<path class="sw-back-bead" d="${dots(fw, fh, 8, 1.3)}"/>` +
      `<rect class="sw-back-line" x="9" y="9" width="${fw - 18}" height="${fh - 18}" rx="2"/>`,
  );
  // Plain: one colour and a single fine line well inside the margin.
  const plain = field(
    "sw-back-plain",
    `<rect class="sw-back-thin" x="9" y="9" width="${fw - 18}" height="${fh - 18}" rx="2"/>`,
  );
  return `<svg class="sw-art sw-back" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
    `${classic}${lattice}${plain}</svg>`;
}

/** Parsed drawings, one per card code (and one for the backs), cloned for every new card element. */
const drawings = new Map<string, Element>();

function drawing(key: string, markup: () => string): Node {
  let art = drawings.get(key);
  if (!art) {
    const template = document.createElement("template");
    template.innerHTML = markup();
    art = template.content.firstElementChild as Element;
    drawings.set(key, art);
  }
  return art.cloneNode(true);
}

/** A face-up card: corner indices at both ends, and pips (Ace to Ten) or a court picture in the middle. */
export function makeFace(code: string): HTMLDivElement {
  const el = document.createElement("div");
  el.className = `sw-card sw-suit-${code[1].toLowerCase()}`;
  el.dataset.card = code;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code));
  el.append(drawing(code, () => faceMarkup(code)));
  return el;
}

/** A face-down card: a back with no identity, as the synced state has none to give. */
export function makeBack(): HTMLDivElement {
  const el = document.createElement("div");
  el.className = "sw-card sw-down";
  el.dataset.card = "down";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", words().face_down);
  el.append(drawing("down", backMarkup));
  return el;
}
