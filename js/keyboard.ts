// Keyboard play: a cursor over piles and cards, Enter or Space to pick up and put down, and letter keys
// for the toolbar. Every key pressed on the board stops here, so none reaches JupyterLab's shortcuts.

import type { Table } from "./table";
import { isCell } from "./table";
import type { Action } from "./types";

export interface Cursor {
  pile: string;
  /** Card index in the pile; -1 for the pile itself (empty, or the stock). */
  index: number;
}

export class Keyboard {
  cursor: Cursor = { pile: "stock", index: -1 };

  constructor(
    private readonly root: HTMLElement,
    private readonly table: Table,
    private readonly command: (action: Action) => void,
  ) {
    root.addEventListener("keydown", this.keydown);
    // Lumino looks for this attribute before running a shortcut; stopping the events covers the rest.
    root.dataset.lmSuppressShortcuts = "true";
    for (const type of ["keyup", "keypress"]) root.addEventListener(type, (e) => e.stopPropagation());
  }

  private readonly keydown = (e: KeyboardEvent): void => {
    e.stopPropagation();
    // Typing in the game chooser's fields is typing, not playing.
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
    // Nor is reading a panel over the felt (arrows scroll the Rules; Escape closes the panel, which sees it first).
    if (t instanceof Element && t.closest("[role='dialog']")) return;
    const onButton = e.target instanceof HTMLButtonElement;
    if (onButton && (e.key === "Enter" || e.key === " ")) return;
    if (this.handle(e)) {
      e.preventDefault();
      this.root.classList.add("sw-keyboard");
      this.paint();
    }
  };

  private handle(e: KeyboardEvent): boolean {
    const ctrl = e.ctrlKey || e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (ctrl && key === "z" && !e.shiftKey) return this.run({ action: "undo" });
    if (ctrl && (key === "y" || (key === "z" && e.shiftKey))) return this.run({ action: "redo" });
    if (ctrl || e.altKey) return false;
    switch (key) {
      case "ArrowLeft":
        return this.step(0, -1);
      case "ArrowRight":
        return this.step(0, 1);
      case "ArrowUp":
        return this.step(-1, 0);
      case "ArrowDown":
        return this.step(1, 0);
      case "Enter":
      case " ":
        this.table.activate(this.cursor.pile, this.cursor.index);
        return true;
      case "Escape":
        this.table.hold(null);
        return true;
      case "d":
        this.table.activate("stock", -1);
        return true;
      case "f":
        this.table.toFoundation(this.cursor.pile);
        return true;
      case "u":
        return this.run({ action: "undo" });
      case "h":
        return this.run({ action: "hint" });
      default:
        return false;
    }
  }

  private run(action: Action): boolean {
    this.command(action);
    return true;
  }

  /** Rows of piles as they stand on the board, for moving the cursor between them. */
  private rows(): string[][] {
    const names = this.table.board.pileNames;
    if (names.some(isCell)) {
      return [1, 2, 3, 4].map((r) => [r === 1 ? "stock" : "waste", ...[1, 2, 3, 4].map((c) => `r${r}c${c}`)]);
    }
    const columns = names.filter((n) => /^t\d$/.test(n));
    const top = columns.map((_, i) => {
      if (i === 0) return "stock";
      if (i === 1) return "waste";
      const f = i - (columns.length - 4) + 1;
      return f >= 1 ? `f${f}` : "";
    });
    return [top, columns];
  }

  private step(dRow: number, dCol: number): boolean {
    const cards = this.table.cardsIn(this.cursor.pile);
    // Inside a fanned column, up and down walk over its face-up cards before leaving it.
    if (/^t\d$/.test(this.cursor.pile) && dRow !== 0) {
      let firstUp = cards.length;
      while (firstUp > 0 && cards[firstUp - 1].dataset.card !== "down") firstUp -= 1;
      const next = this.cursor.index + dRow;
      if (next >= firstUp && next < cards.length) {
        this.cursor = { pile: this.cursor.pile, index: next };
        return true;
      }
    }
    const rows = this.rows();
    let r = Math.max(0, rows.findIndex((row) => row.includes(this.cursor.pile)));
    let c = Math.max(0, rows[r].indexOf(this.cursor.pile));
    if (dCol !== 0) {
      // Along a row, jump over the gap between the waste and the foundations.
      let next = c + dCol;
      while (next >= 0 && next < rows[r].length && !rows[r][next]) next += dCol;
      if (next >= 0 && next < rows[r].length) c = next;
    } else {
      r = Math.min(rows.length - 1, Math.max(0, r + dRow));
      while (c > 0 && !rows[r][c]) c -= 1;
    }
    const pile = rows[r][c];
    this.cursor = { pile, index: this.table.cardsIn(pile).length - 1 };
    return true;
  }

  /** Draw the cursor on the card (or empty pile) it is over. */
  paint(): void {
    for (const el of this.root.querySelectorAll(".sw-cursor")) el.classList.remove("sw-cursor");
    const pile = this.table.board.pile(this.cursor.pile);
    if (!pile) {
      this.cursor = { pile: "stock", index: -1 };
      return;
    }
    const cards = this.table.cardsIn(this.cursor.pile);
    if (this.cursor.index >= cards.length) this.cursor.index = cards.length - 1;
    (cards[this.cursor.index] ?? pile).classList.add("sw-cursor");
  }
}
