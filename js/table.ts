// What a click, a drop or a key press means in each game: picking up, putting down, dealing, removing.
// The table turns gestures into intents; Python decides whether they are legal and answers.

import { Board } from "./board";
import { rankValue } from "./cards";
import { LegalMoves, removal } from "./legal";
import type { Action, MoveDict, View } from "./types";

/** What the player is holding: the top cards of `pile` from `index` up. */
export interface Held {
  pile: string;
  index: number;
  count: number;
}

export const isCell = (pile: string): boolean => /^r\dc\d$/.test(pile);
const isTableau = (pile: string): boolean => /^t\d$/.test(pile);

export class Table {
  readonly board = new Board();
  view: View | null = null;
  legal = new LegalMoves([]);
  held: Held | null = null;
  highlight = true;

  constructor(private readonly send: (action: Action) => number) {}

  show(view: View, animate: boolean): void {
    this.view = view;
    this.legal = new LegalMoves(view.legal);
    this.held = null;
    this.board.update(view, animate);
    this.paintHeld();
  }

  /** Cards in `pile` (elements, bottom to top). */
  cardsIn(pile: string): HTMLElement[] {
    return this.board.group(pile, 0);
  }

  /** The group that a gesture on card `index` of `pile` would pick up, or null when nothing can be held there. */
  pickable(pile: string, index: number): Held | null {
    const cards = this.cardsIn(pile);
    if (cards.length === 0 || pile === "stock") return null;
    // Only the top card of the waste, a foundation or a cell is playable; a click anywhere on it picks that one.
    const from = isTableau(pile) ? index : cards.length - 1;
    if (from < 0 || cards.slice(from).some((c) => c.dataset.card === "down")) return null;
    return { pile, index: from, count: cards.length - from };
  }

  hold(held: Held | null): void {
    this.held = held;
    this.paintHeld();
  }

  /** Mark the held cards, and (when the option is on) the piles they may legally go to. */
  private paintHeld(): void {
    for (const el of this.board.el.querySelectorAll(".sw-selected, .sw-target")) {
      el.classList.remove("sw-selected", "sw-target");
    }
    const held = this.held;
    if (!held) return;
    for (const el of this.board.group(held.pile, held.index)) el.classList.add("sw-selected");
    if (!this.highlight) return;
    for (const pile of this.legal.targets(held.pile, held.count)) this.board.pile(pile)?.classList.add("sw-target");
  }

  /** A click (or Enter) on card `index` of `pile`; `index` is -1 for the pile itself. */
  activate(pile: string, index: number): void {
    const view = this.view;
    if (!view) return;
    if (pile === "stock") {
      this.hold(null);
      this.send({ action: "play", move: { kind: view.stock > 0 || view.variant === "camelot" ? "deal" : "redeal" } });
      return;
    }
    const held = this.held;
    if (held) {
      if (held.pile === pile) {
        // Clicking the held cards again lets go; clicking lower in the same column picks up more.
        const again = this.pickable(pile, index);
        this.hold(again && again.index !== held.index && index >= 0 ? again : null);
        return;
      }
      this.putDown(pile);
      return;
    }
    if (view.variant === "camelot" && isCell(pile)) {
      const code = this.cardsIn(pile)[0]?.dataset.card;
      if (code && rankValue(code) === 10) {
        this.send({ action: "play", move: removal([pile]) });
        return;
      }
    }
    this.hold(this.pickable(pile, index));
  }

  /** The move that putting the held cards on `pile` means, or null when it means nothing at all. */
  intended(pile: string): MoveDict | null {
    const held = this.held;
    const view = this.view;
    if (!held || !view || pile === held.pile) return null;
    if (view.variant !== "camelot") {
      if (pile === "stock") return null;
      return { kind: "move", from: held.pile, to: pile, count: held.count };
    }
    if (!isCell(pile)) return null;
    if (held.pile === "waste") return { kind: "place", to: pile };
    return removal([held.pile, pile]);
  }

  /** Put the held cards down on `pile`; returns the intent's sequence number and whether it looked legal. */
  putDown(pile: string): { seq: number; legal: boolean } | null {
    const move = this.intended(pile);
    this.hold(null);
    if (!move) return null;
    return { seq: this.send({ action: "play", move }), legal: this.legal.has(move) };
  }

  /** Double-click: send the card to its foundation, which Python finds (or explains why none takes it). */
  toFoundation(pile: string): void {
    this.hold(null);
    if (this.view?.variant === "camelot" || pile === "stock") return;
    this.send({ action: "foundation", pile });
  }
}
