// What a click, a drop or a key press means in each game: picking up, putting down, dealing, removing.
// The table turns gestures into intents; Python decides whether they are legal and answers. A move Python listed as
// legal shows at once (js/predict.ts: only the cards it carries change piles), Python's view confirms it, and a
// refusal rolls it back.

import { Board } from "./board";
import { rankValue } from "./cards";
import { LegalMoves, removal } from "./legal";
import { predict, uncovers } from "./predict";
import type { Action, MoveDict, View } from "./types";

/** What the player is holding: the top cards of `pile` from `index` up. */
export interface Held {
  pile: string;
  index: number;
  count: number;
}

/** A move shown before Python's answer: the intent that carries it, and the move. */
interface Guess {
  seq: number;
  move: MoveDict;
}

/** How long a move shown ahead waits for Python's answer (no kernel: a saved notebook) before it is rolled back. */
const GUESS_TIMEOUT_MS = 3000;

export const isCell = (pile: string): boolean => /^r\dc\d$/.test(pile);
const isTableau = (pile: string): boolean => /^t\d$/.test(pile);

export class Table {
  readonly board = new Board();
  view: View | null = null;
  legal = new LegalMoves([]);
  held: Held | null = null;
  highlight = true;
  /** The move on show ahead of Python's answer, if any. */
  private guess: Guess | null = null;

  /** `send` sends an intent and returns its sequence number; `queued` says whether the intent with that number is
   * still waiting its turn (not yet sent); `animate` whether cards glide. */
  constructor(
    private readonly send: (action: Action) => number,
    private readonly queued: (seq: number) => boolean = () => false,
    private readonly animate: () => boolean = () => false,
  ) {}

  /** Draw Python's view. A move on show whose intent has not yet gone out (it waits behind another) cannot be in
   * this view: it stays on show on top of it, as long as the view still lists it as legal. */
  show(view: View, animate: boolean): void {
    this.view = view;
    this.legal = new LegalMoves(view.legal);
    this.held = null;
    const guess = this.guess;
    const ahead = guess && this.queued(guess.seq) && this.legal.has(guess.move) ? predict(view, guess.move) : null;
    this.board.update(ahead ?? view, animate);
    this.paintHeld();
  }

  /** Python played the move behind intent `seq` (its view has come already). */
  confirmed(seq: number): void {
    if (this.guess?.seq === seq) this.guess = null;
  }

  /** Python refused the move behind intent `seq`, or never answered: the cards go back where Python has them. */
  refused(seq: number): void {
    if (this.guess?.seq !== seq) return;
    this.guess = null;
    if (this.view) this.board.update(this.view, this.animate());
    this.paintHeld();
  }

  /** Whether a move is on show ahead of Python's answer. */
  get guessing(): boolean {
    return this.guess !== null;
  }

  /** Send a move; when Python listed it as legal (and no other move is on show ahead), show its cards moved at
   * once. Returns the intent's sequence number and whether the move looked legal. */
  private play(move: MoveDict): { seq: number; legal: boolean } {
    const legal = this.legal.has(move);
    // The intent goes out first, so that Python starts on it (a card it turns up waits for Python) while the board
    // draws the move: both happen before the next frame.
    const seq = this.send({ action: "play", move });
    if (legal) this.showAhead(seq, move);
    return { seq, legal };
  }

  /** Show `move`'s cards moved, ahead of Python's answer to intent `seq`; nothing when another move is on show
   * already or the move carries no card. */
  private showAhead(seq: number, move: MoveDict): void {
    // A move that uncovers a face-down card is left to Python's view, which places its cards and turns the card up
    // in one drawing (a dropped group stays where it was dropped meanwhile): drawing the board twice, the move
    // first and the card turned a moment later, made such moves a frame slower on a busy machine.
    const next = !this.guess && this.view && !uncovers(this.view, move) ? predict(this.view, move) : null;
    if (!next) return;
    this.guess = { seq, move };
    this.board.update(next, this.animate());
    window.setTimeout(() => this.refused(seq), GUESS_TIMEOUT_MS);
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
        this.play(removal([pile]));
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
    return this.play(move);
  }

  /** Double-click: send the card to its foundation, which Python finds (or explains why none takes it). */
  toFoundation(pile: string): void {
    this.hold(null);
    if (this.view?.variant === "camelot" || pile === "stock") return;
    // When Python listed a single foundation for the card, the card goes there at once; Python finds it itself.
    const foundations = [...this.legal.targets(pile, 1)].filter((name) => /^f\d$/.test(name));
    const seq = this.send({ action: "foundation", pile });
    if (foundations.length === 1) this.showAhead(seq, { kind: "move", from: pile, to: foundations[0], count: 1 });
  }
}
