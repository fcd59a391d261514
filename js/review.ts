// The game review panel: the fair win chance after every move as a graph, and the costliest moves in words.
// It lies over the felt, so opening it moves no card; Close, Escape or a press outside it closes it. Python works
// the review out (the `review` trait, see docs/PROTOCOL.md) and sends every word; this only draws it.

import type { ReviewPoint, ReviewState } from "./types";
import { words } from "./words";

const SVG = "http://www.w3.org/2000/svg";
/** The graph's drawing box in SVG units; it scales to the panel's width. */
const WIDTH = 360;
const HEIGHT = 150;
const PAD = { left: 50, right: 12, top: 12, bottom: 32 };
/** The most numbered marks on the move axis. */
const MAX_MOVE_MARKS = 8;

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  text = "",
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  if (text) el.textContent = text;
  return el;
}

/** A step between numbered moves (1, 2, 5, 10, 20, 50...) that leaves at most MAX_MOVE_MARKS marks. */
function moveStep(span: number): number {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) if (span / (step * scale) <= MAX_MOVE_MARKS) return step * scale;
  }
}

export class ReviewView {
  readonly panel = document.createElement("div");
  private readonly title = document.createElement("h3");
  private readonly close = document.createElement("button");
  private readonly text = document.createElement("p");
  private readonly progress = document.createElement("progress");
  private readonly graph = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img" });
  private readonly heading = document.createElement("p");
  private readonly list = document.createElement("ol");
  private readonly note = document.createElement("p");
  private state: ReviewState | null = null;
  /** The request last closed in this view: the panel shows a request until it is closed. */
  private closed = 0;

  constructor() {
    const p = this.panel;
    p.className = "sw-review";
    p.hidden = true;
    p.tabIndex = -1;
    p.setAttribute("role", "dialog");
    this.close.type = "button";
    this.close.className = "sw-button";
    this.close.dataset.action = "review_close";
    this.close.addEventListener("click", () => this.hide(true));
    const head = document.createElement("div");
    head.className = "sw-review-head";
    head.append(this.title, this.close);
    this.text.className = "sw-review-text";
    this.progress.className = "sw-review-progress";
    this.graph.classList.add("sw-review-graph");
    this.heading.className = "sw-review-heading";
    this.list.className = "sw-review-list";
    this.note.className = "sw-review-note";
    p.append(head, this.text, this.progress, this.graph, this.heading, this.list, this.note);
    p.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      this.hide(true);
    });
  }

  get open(): boolean {
    return !this.panel.hidden;
  }

  showWords(): void {
    const w = words().review;
    this.title.textContent = w.title;
    this.panel.setAttribute("aria-label", w.title);
    this.graph.setAttribute("aria-label", w.graph);
    this.close.textContent = words().buttons.review_close ?? "";
    if (this.state) this.draw(this.state);
  }

  /** Show `state`: a view opens the panel for a request it has not closed (not for one it found on arriving). */
  show(state: ReviewState): void {
    if (this.state === null) this.closed = state.id;
    this.state = state;
    const wanted = state.state !== "off" && state.id !== this.closed;
    if (wanted) this.draw(state);
    if (wanted && !this.open) {
      this.panel.hidden = false;
      document.addEventListener("pointerdown", this.outside, true);
      this.panel.focus({ preventScroll: true });
    } else if (!wanted && this.open) {
      this.hide(false);
    }
  }

  /** Close the panel (until Review is pressed again); `refocus` gives the keyboard back to the board. */
  hide(refocus: boolean): void {
    if (this.state) this.closed = this.state.id;
    this.panel.hidden = true;
    document.removeEventListener("pointerdown", this.outside, true);
    if (refocus) this.panel.closest<HTMLElement>(".sw-root")?.focus({ preventScroll: true });
  }

  /** Stop listening to the page (the view is going away). */
  stop(): void {
    document.removeEventListener("pointerdown", this.outside, true);
  }

  // The path, not the target: a page that draws the board in a shadow root (marimo) shows the document only its host.
  private readonly outside = (e: PointerEvent): void => {
    if (!e.composedPath().includes(this.panel)) this.hide(false);
  };

  private draw(state: ReviewState): void {
    const running = state.state === "running";
    const done = state.state === "done";
    this.text.textContent = state.text;
    this.progress.hidden = !running;
    this.progress.max = Math.max(1, state.total);
    this.progress.value = state.done;
    this.graph.style.display = done && state.points.length > 0 ? "" : "none";
    this.heading.hidden = !done;
    this.heading.textContent = state.heading;
    this.list.hidden = !done || state.costly.length === 0;
    this.list.replaceChildren(
      ...state.costly.map((item) => {
        const li = document.createElement("li");
        li.dataset.move = String(item.move);
        li.textContent = item.text;
        return li;
      }),
    );
    this.note.hidden = !done;
    this.note.textContent = state.note;
    if (done) this.drawGraph(state);
  }

  private drawGraph(state: ReviewState): void {
    const points = state.points;
    const w = words().review;
    const first = points[0]?.move ?? 0;
    const span = Math.max(1, (points[points.length - 1]?.move ?? 0) - first);
    const x = (move: number): number => PAD.left + ((move - first) / span) * (WIDTH - PAD.left - PAD.right);
    const y = (share: number): number => PAD.top + (1 - share) * (HEIGHT - PAD.top - PAD.bottom);
    const at = (point: ReviewPoint, share: number): string => `${x(point.move).toFixed(1)},${y(share).toFixed(1)}`;
    const label = (cls: string, x: number, y: number, text: string, extra: Record<string, string> = {}) =>
      svg("text", { class: cls, x, y, "text-anchor": "middle", ...extra }, text);
    const parts: SVGElement[] = [];
    for (const [share, text] of w.ticks) {
      const level = y(share);
      parts.push(svg("line", { class: "sw-review-grid", x1: PAD.left, x2: WIDTH - PAD.right, y1: level, y2: level }));
      parts.push(label("sw-review-tick", PAD.left - 4, y(share) + 3, text, { "text-anchor": "end" }));
    }
    const step = moveStep(span);
    for (let move = Math.ceil(first / step) * step; move <= first + span; move += step) {
      parts.push(label("sw-review-tick", x(move), HEIGHT - PAD.bottom + 12, String(move)));
    }
    parts.push(label("sw-review-axis", (PAD.left + WIDTH - PAD.right) / 2, HEIGHT - 4, w.move));
    const middle = (PAD.top + HEIGHT - PAD.bottom) / 2;
    parts.push(label("sw-review-axis", 10, middle, w.chance, { transform: `rotate(-90 10 ${middle})` }));
    const band = [...points.map((p) => at(p, p.high)), ...[...points].reverse().map((p) => at(p, p.low))];
    parts.push(svg("polygon", { class: "sw-review-band", points: band.join(" ") }));
    parts.push(svg("polyline", { class: "sw-review-line", points: points.map((p) => at(p, p.share)).join(" ") }));
    const said = new Map(state.costly.map((item) => [item.move, item.text]));
    for (const point of points.filter((p) => p.costly)) {
      const [cx, cy] = [x(point.move), y(point.share)];
      const mark = svg("circle", { class: "sw-review-costly", cx, cy, r: 3.5, "data-move": point.move });
      const text = said.get(point.move);
      if (text) mark.append(svg("title", {}, text));
      parts.push(mark, label("sw-review-number", cx, cy - 6, String(point.move)));
    }
    this.graph.replaceChildren(...parts);
  }
}
