// Pointer events (mouse, pen, touch) on the board: drag and drop, click-click, and double-click.
// One code path for all pointers; the browser's own click and dblclick events are not used, because
// touch screens do not send dblclick and a drag must never count as a click.

import type { Held, Table } from "./table";

const DRAG_THRESHOLD = 5;
const DOUBLE_CLICK_MS = 400;
const MOTION_MS = 150;
const ANSWER_TIMEOUT_MS = 3000;

interface Press {
  id: number;
  x: number;
  y: number;
  pile: string;
  index: number;
  card: HTMLElement | null;
  dragging: Held | null;
}

/** Cards dropped on a legal target stay where they landed until Python's new view (or refusal) arrives. */
interface Pending {
  seq: number;
  cards: HTMLElement[];
}

function locate(target: EventTarget | null): { pile: string; index: number; card: HTMLElement | null } | null {
  if (!(target instanceof Element)) return null;
  const pileEl = target.closest<HTMLElement>("[data-pile]");
  const pile = pileEl?.dataset.pile;
  if (!pileEl || !pile) return null;
  const card = target.closest<HTMLElement>(".sw-card");
  const index = card ? [...pileEl.children].indexOf(card) : -1;
  return { pile, index, card };
}

function overlap(a: DOMRect, b: DOMRect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

export class Pointer {
  private press: Press | null = null;
  private lastClick: { card: HTMLElement; time: number } | null = null;
  private pending: Pending | null = null;

  constructor(
    private readonly table: Table,
    private readonly animate: () => boolean,
  ) {
    const el = table.board.el;
    el.addEventListener("pointerdown", this.down);
    el.addEventListener("pointermove", this.move);
    el.addEventListener("pointerup", this.up);
    el.addEventListener("pointercancel", this.cancel);
  }

  /** Python refused the move behind a drop: the cards go back to their pile. */
  refused(seq: number): void {
    if (this.pending?.seq !== seq) return;
    this.snapBack(this.pending.cards);
    this.pending = null;
  }

  /** A new view has been drawn: the board has placed every card itself, so a drag in progress (the cards
   *  under it may have changed) is over too. */
  settled(): void {
    this.pending = null;
    if (this.press?.dragging) this.press = null;
  }

  private readonly down = (e: PointerEvent): void => {
    if (e.button !== 0 || this.press || this.pending) return;
    const at = locate(e.target);
    if (!at) return;
    this.press = { id: e.pointerId, x: e.clientX, y: e.clientY, ...at, dragging: null };
  };

  private readonly move = (e: PointerEvent): void => {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD || !press.card) return;
      const group = this.table.pickable(press.pile, press.index);
      if (!group) return;
      press.dragging = group;
      this.table.hold(group);
      this.table.board.el.setPointerCapture(e.pointerId);
    }
    for (const card of this.table.board.group(press.dragging.pile, press.dragging.index)) {
      card.classList.add("sw-lifted");
      card.style.transform = `translate(${dx}px, ${dy}px)`;
    }
    e.preventDefault();
  };

  private readonly up = (e: PointerEvent): void => {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    this.press = null;
    if (press.dragging) {
      this.drop(press.dragging, e.clientX, e.clientY);
      return;
    }
    // Only a face-up card can be double-clicked: quick clicks on the stock are quick deals.
    const card = press.card?.dataset.card !== "down" ? press.card : null;
    const last = this.lastClick;
    if (card && last && last.card === card && e.timeStamp - last.time < DOUBLE_CLICK_MS) {
      this.lastClick = null;
      this.table.toFoundation(press.pile);
      return;
    }
    this.lastClick = card ? { card, time: e.timeStamp } : null;
    this.table.activate(press.pile, press.index);
  };

  private readonly cancel = (e: PointerEvent): void => {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    this.press = null;
    if (press.dragging) this.snapBack(this.table.board.group(press.dragging.pile, press.dragging.index));
    this.table.hold(null);
  };

  /** Drop on the pile under the pointer, or else the one the dragged card overlaps most (forgiving of a
   *  drop slightly off the pile). Lifted cards ignore the pointer, so the pile under them is found. */
  private drop(held: Held, x: number, y: number): void {
    const cards = this.table.board.group(held.pile, held.index);
    const lead = cards[0];
    const under = locate(document.elementFromPoint(x, y));
    let best = under && this.table.board.el.contains(this.table.board.pile(under.pile) ?? null) ? under.pile : "";
    let bestArea = 0;
    if (lead && (!best || best === held.pile)) {
      best = "";
      const box = lead.getBoundingClientRect();
      for (const name of this.table.board.pileNames) {
        if (name === held.pile) continue;
        const area = overlap(box, this.table.board.pile(name)?.getBoundingClientRect() ?? new DOMRect());
        if (area > bestArea) [best, bestArea] = [name, area];
      }
    }
    const sent = best ? this.table.putDown(best) : null;
    if (sent?.legal) {
      // Without a kernel (a saved notebook) no answer ever comes: give up waiting after a while.
      this.pending = { seq: sent.seq, cards };
      window.setTimeout(() => this.refused(sent.seq), ANSWER_TIMEOUT_MS);
      return;
    }
    this.table.hold(null);
    this.snapBack(cards);
  }

  private snapBack(cards: HTMLElement[]): void {
    for (const card of cards) {
      const from = card.style.transform;
      card.style.transform = "";
      card.classList.remove("sw-lifted");
      if (from && this.animate()) {
        card.classList.add("sw-moving");
        card.animate([{ transform: from }, { transform: "none" }], { duration: MOTION_MS, easing: "ease-out" })
          .finished.then(
            () => card.classList.remove("sw-moving"),
            () => card.classList.remove("sw-moving"),
          );
      }
    }
  }
}
