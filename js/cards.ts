// Card faces and backs as DOM elements. Everything is text and CSS, so cards stay crisp at any zoom.

const RANK_LABELS: Record<string, string> = {
  A: "A", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
  "8": "8", "9": "9", T: "10", J: "J", Q: "Q", K: "K",
};
const RANK_NAMES: Record<string, string> = {
  A: "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
  "8": "eight", "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king",
};
const RANK_VALUES = "A23456789TJQK";
const SUIT_SYMBOLS: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAMES: Record<string, string> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** The words a screen reader says for a card code: "TD" is "ten of diamonds". */
export function cardName(code: string): string {
  return `${RANK_NAMES[code[0]] ?? "unknown"} of ${SUIT_NAMES[code[1]] ?? "unknown"}`;
}

/** Rank as a number, Ace 1 to King 13. */
export function rankValue(code: string): number {
  return RANK_VALUES.indexOf(code[0]) + 1;
}

/** "10♦": the short label used in corners and messages. */
export function cardLabel(code: string): string {
  return `${RANK_LABELS[code[0]] ?? "?"}${SUIT_SYMBOLS[code[1]] ?? "?"}`;
}

function span(className: string, text: string): HTMLSpanElement {
  const el = document.createElement("span");
  el.className = className;
  el.textContent = text;
  return el;
}

/** A face-up card: rank and suit in two corners, a large suit (or framed court letter) in the middle. */
export function makeFace(code: string): HTMLDivElement {
  const el = document.createElement("div");
  const rank = RANK_LABELS[code[0]] ?? "?";
  const suit = SUIT_SYMBOLS[code[1]] ?? "?";
  el.className = `sw-card sw-suit-${code[1].toLowerCase()}`;
  el.dataset.card = code;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code));
  const corner = (where: string) => {
    const c = span(`sw-corner sw-corner-${where}`, "");
    c.append(span("sw-rank", rank), span("sw-pip", suit));
    return c;
  };
  const court = "JQK".includes(code[0]);
  const middle = span(court ? "sw-middle sw-court" : "sw-middle", court ? rank : suit);
  if (court) middle.append(span("sw-court-suit", suit));
  const parts = [corner("tl"), middle, corner("br")];
  for (const part of parts) part.setAttribute("aria-hidden", "true");
  el.append(...parts);
  return el;
}

/** A face-down card: a back with no identity, as the synced state has none to give. */
export function makeBack(): HTMLDivElement {
  const el = document.createElement("div");
  el.className = "sw-card sw-down";
  el.dataset.card = "down";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", "face-down card");
  return el;
}
