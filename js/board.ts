// The card table: pile elements laid out like the reference program, and keyed reconciliation of the
// card elements inside them, so that a move touches only the cards that moved (no full rebuild), and
// a FLIP animation can glide each moved card from where it was to where it is now.

import { cardName, makeBack, makeFace } from "./cards";
import type { CamelotView, FamilyView, View } from "./types";
import { words } from "./words";

/** Fan offsets in card widths: face-down cards peek less than face-up ones, whose corner must show. */
const DOWN_STEP = 0.13;
const UP_STEP = 0.3;
const WASTE_STEP = 0.3;
const MOTION_MS = 150;

/** Camelot's court-card cells: which rank each empty border cell waits for. */
const CELL_MARKS: Record<string, string> = {
  r1c1: "K", r1c4: "K", r4c1: "K", r4c4: "K",
  r1c2: "Q", r1c3: "Q", r4c2: "Q", r4c3: "Q",
  r2c1: "J", r3c1: "J", r2c4: "J", r3c4: "J",
};

interface Slot {
  key: string;
  code: string | null;
  x: number;
  y: number;
}

function pileLabel(name: string): string {
  return words().piles[name] ?? name;
}

/** How many card widths the board is across, so the widget can size cards to the cell's width. */
export function boardColumns(view: View): number {
  return view.variant === "camelot" ? 5.4 : view.tableau.length;
}

/** How many card widths the board is tall at the start of a game (the top row and two cards' height of columns, or
 * Camelot's four rows), so that "auto" cards leave it in the window. */
export function boardRows(view: View): number {
  return view.variant === "camelot" ? 4 * 1.4 + 3 * 0.16 : 1.4 + 0.3 + 2 * 1.4;
}

export class Board {
  readonly el: HTMLDivElement;
  private readonly piles = new Map<string, HTMLDivElement>();
  private readonly cards = new Map<string, HTMLElement>();
  private shape = "";

  constructor() {
    this.el = document.createElement("div");
    this.el.className = "sw-board";
  }

  pile(name: string): HTMLDivElement | undefined {
    return this.piles.get(name);
  }

  get pileNames(): string[] {
    return [...this.piles.keys()];
  }

  /** Name the piles, and the marks of empty cells, again in the words in force (a new language). */
  relabel(view: View | null): void {
    for (const [name, pile] of this.piles) {
      pile.setAttribute("aria-label", pileLabel(name));
      const court = pile.dataset.court;
      if (court) pile.dataset.mark = words().marks[court] ?? court;
    }
    for (const card of this.cards.values()) {
      const code = card.dataset.card;
      if (code) card.setAttribute("aria-label", code === "down" ? words().face_down : cardName(code));
    }
    if (view) this.decorateStock(view);
  }

  /** Show `view`, moving, adding and removing only the card elements that changed. */
  update(view: View, animate: boolean): void {
    this.ensureShape(view);
    const slots = view.variant === "camelot" ? camelotSlots(view) : familySlots(view);
    const before = animate ? this.measure() : null;
    const stockBox = animate ? this.piles.get("stock")?.getBoundingClientRect() : undefined;
    const live = new Set<string>();
    for (const [name, pileSlots] of slots) {
      const pileEl = this.piles.get(name);
      if (!pileEl) continue;
      let maxX = 0;
      let maxY = 0;
      pileSlots.forEach((slot, i) => {
        live.add(slot.key);
        let el = this.cards.get(slot.key);
        if (!el) {
          el = slot.code === null ? makeBack() : makeFace(slot.code);
          this.cards.set(slot.key, el);
        }
        el.style.transform = "";
        el.classList.remove("sw-lifted");
        el.style.left = `calc(var(--sw-cw) * ${slot.x})`;
        el.style.top = `calc(var(--sw-cw) * ${slot.y})`;
        if (pileEl.children[i] !== el) pileEl.insertBefore(el, pileEl.children[i] ?? null);
        maxX = Math.max(maxX, slot.x);
        maxY = Math.max(maxY, slot.y);
      });
      while (pileEl.children.length > pileSlots.length) pileEl.lastElementChild?.remove();
      pileEl.style.width = `calc(var(--sw-cw) * ${1 + maxX})`;
      pileEl.style.height = `calc(var(--sw-ch) + var(--sw-cw) * ${maxY})`;
      pileEl.classList.toggle("sw-empty", pileSlots.length === 0);
    }
    for (const [key, el] of this.cards) {
      if (!live.has(key)) {
        el.remove();
        this.cards.delete(key);
      }
    }
    this.decorateStock(view);
    if (before) this.glide(before, stockBox);
  }

  /** Build the pile elements when the game (or its number of columns) changes; otherwise keep them. */
  private ensureShape(view: View): void {
    const shape = view.variant === "camelot" ? "camelot" : `family-${view.tableau.length}`;
    if (shape === this.shape) return;
    this.shape = shape;
    this.el.replaceChildren();
    this.piles.clear();
    this.cards.clear();
    this.el.dataset.shape = view.variant === "camelot" ? "camelot" : "family";
    const add = (parent: HTMLElement, name: string, extra = ""): HTMLDivElement => {
      const p = document.createElement("div");
      p.className = `sw-pile ${extra}`.trim();
      p.dataset.pile = name;
      p.setAttribute("role", "group");
      p.setAttribute("aria-label", pileLabel(name));
      parent.append(p);
      this.piles.set(name, p);
      return p;
    };
    if (view.variant === "camelot") {
      const side = document.createElement("div");
      side.className = "sw-side";
      const grid = document.createElement("div");
      grid.className = "sw-grid";
      this.el.append(side, grid);
      add(side, "stock", "sw-stock");
      add(side, "waste", "sw-waste");
      for (let r = 1; r <= 4; r++) {
        for (let c = 1; c <= 4; c++) {
          const cell = add(grid, `r${r}c${c}`, "sw-cell");
          const mark = CELL_MARKS[`r${r}c${c}`];
          if (mark) {
            cell.dataset.court = mark;
            cell.dataset.mark = words().marks[mark] ?? mark;
          }
        }
      }
      return;
    }
    const columns = view.tableau.length;
    const top = document.createElement("div");
    top.className = "sw-row sw-top";
    const tableau = document.createElement("div");
    tableau.className = "sw-row sw-tableau";
    this.el.style.setProperty("--sw-columns", String(columns));
    this.el.append(top, tableau);
    add(top, "stock", "sw-stock");
    add(top, "waste", "sw-waste");
    for (let f = 1; f <= 4; f++) {
      add(top, `f${f}`, "sw-foundation").style.gridColumn = String(columns - 4 + f);
    }
    // Where only a King may fill an empty column, the empty column says so.
    const kingsOnly = view.variant !== "thumb-and-pouch";
    for (let t = 1; t <= columns; t++) {
      const column = add(tableau, `t${t}`, "sw-column");
      if (kingsOnly) {
        column.dataset.court = "K";
        column.dataset.mark = words().marks.K ?? "K";
      }
    }
  }

  /** The stock shows its count, and once empty whether it can be turned over again or is spent. */
  private decorateStock(view: View): void {
    const stock = this.piles.get("stock");
    if (!stock) return;
    const redeal = view.legal.includes("redeal");
    stock.dataset.count = String(view.stock);
    stock.classList.toggle("sw-redeal", view.stock === 0 && redeal);
    stock.classList.toggle("sw-spent", view.stock === 0 && !redeal);
    stock.setAttribute("aria-label", view.stock_label);
  }

  private measure(): Map<string, DOMRect> {
    const rects = new Map<string, DOMRect>();
    for (const [key, el] of this.cards) rects.set(key, el.getBoundingClientRect());
    return rects;
  }

  /** FLIP: each card that moved starts where it was and glides home; a card turned up flips in place. */
  private glide(before: Map<string, DOMRect>, stockBox: DOMRect | undefined): void {
    for (const [key, el] of this.cards) {
      const last = el.getBoundingClientRect();
      const first = before.get(key);
      if (first) {
        const dx = first.left - last.left;
        const dy = first.top - last.top;
        if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
        this.play(el, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }]);
      } else if (el.parentElement?.dataset.pile === "waste" && stockBox && before.has("stock")) {
        const dx = stockBox.left - last.left;
        const dy = stockBox.top - last.top;
        this.play(el, [
          { transform: `translate(${dx}px, ${dy}px) scaleX(0.1)` },
          { transform: "none" },
        ]);
      } else if (el.parentElement) {
        const index = [...el.parentElement.children].indexOf(el);
        if (before.has(`down:${el.parentElement.dataset.pile}:${index}`)) {
          this.play(el, [{ transform: "scaleX(0)" }, { transform: "none" }]);
        }
      }
    }
  }

  private play(el: HTMLElement, frames: Keyframe[]): void {
    el.classList.add("sw-moving");
    el.animate(frames, { duration: MOTION_MS, easing: "ease-out" }).finished.then(
      () => el.classList.remove("sw-moving"),
      () => el.classList.remove("sw-moving"),
    );
  }

  /** Card elements of `pile` from `index` up: the group a pointer or the keyboard picks up. */
  group(pile: string, index: number): HTMLElement[] {
    const el = this.piles.get(pile);
    return el ? ([...el.children] as HTMLElement[]).slice(index) : [];
  }
}

function familySlots(view: FamilyView): Map<string, Slot[]> {
  const slots = new Map<string, Slot[]>();
  slots.set("stock", view.stock > 0 ? [{ key: "stock", code: null, x: 0, y: 0 }] : []);
  const fan = view.options.draw === 3 ? 3 : 1;
  const waste = view.waste;
  slots.set(
    "waste",
    waste.map((code, i) => ({ key: code, code, x: Math.max(0, i - Math.max(0, waste.length - fan)) * WASTE_STEP, y: 0 })),
  );
  view.foundations.forEach((pile, f) => {
    slots.set(`f${f + 1}`, pile.map((code) => ({ key: code, code, x: 0, y: 0 })));
  });
  view.tableau.forEach((column, t) => {
    const name = `t${t + 1}`;
    let y = 0;
    slots.set(
      name,
      column.map((code, i) => {
        const slot = { key: code ?? `down:${name}:${i}`, code, x: 0, y };
        y += code === null ? DOWN_STEP : UP_STEP;
        return slot;
      }),
    );
  });
  return slots;
}

function camelotSlots(view: CamelotView): Map<string, Slot[]> {
  const slots = new Map<string, Slot[]>();
  slots.set("stock", view.stock > 0 ? [{ key: "stock", code: null, x: 0, y: 0 }] : []);
  slots.set("waste", view.waste.map((code) => ({ key: code, code, x: 0, y: 0 })));
  view.grid.forEach((row, r) =>
    row.forEach((code, c) => {
      slots.set(`r${r + 1}c${c + 1}`, code === null ? [] : [{ key: code, code, x: 0, y: 0 }]);
    }),
  );
  return slots;
}
