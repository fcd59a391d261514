// What the board keeps of the game: the clock on the status line and the Statistics panel. Python sends the
// figures (the `record` trait) after every change; the clock ticks on here between them.

import { Popover } from "./popover";
import type { GameRecord } from "./types";
import { words } from "./words";

/** `3:07`, or `1:02:09` past the hour (as Python writes it). */
export function clockText(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const two = (n: number): string => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(secs)}` : `${minutes}:${two(secs)}`;
}

export class RecordView {
  readonly panel = document.createElement("div");
  readonly clock = document.createElement("span");
  private readonly title = document.createElement("h3");
  private readonly table = document.createElement("dl");
  private readonly note = document.createElement("p");
  private readonly close = document.createElement("button");
  private record: GameRecord | null = null;
  private received = 0;
  private timer = 0;
  private readonly popover: Popover;

  /** `opener` is the toolbar's Statistics button; `onToggle` hears of every opening and closing. */
  constructor(opener: HTMLElement, onToggle: (open: boolean) => void) {
    this.panel.className = "sw-statistics";
    this.popover = new Popover(this.panel, opener, { onToggle });
    this.close.type = "button";
    this.close.className = "sw-button";
    this.close.dataset.action = "statistics_close";
    this.close.addEventListener("click", () => this.toggle(false));
    const head = document.createElement("div");
    head.className = "sw-statistics-head";
    head.append(this.title, this.close);
    this.note.className = "sw-statistics-note";
    this.panel.append(head, this.table, this.note);
    this.clock.className = "sw-clock";
    this.clock.hidden = true;
    this.clock.setAttribute("role", "timer");
  }

  get open(): boolean {
    return this.popover.open;
  }

  /** Open or close the panel (see Popover). */
  toggle(open?: boolean): void {
    this.popover.toggle(open);
  }

  showWords(): void {
    this.close.textContent = words().buttons.statistics_close ?? "";
    this.clock.setAttribute("aria-label", words().clock);
    this.clock.title = words().clock;
  }

  /** Show `record`; `clockOn` is the `clock` trait (the clock shows only when asked for). */
  show(record: GameRecord, clockOn: boolean): void {
    if (record !== this.record) {
      this.record = record;
      this.received = performance.now();
      this.title.textContent = record.title;
      this.panel.setAttribute("aria-label", record.title);
      this.table.replaceChildren(
        ...record.rows.flatMap(([label, value]) => {
          const dt = document.createElement("dt");
          dt.textContent = label;
          const dd = document.createElement("dd");
          dd.textContent = value;
          return [dt, dd];
        }),
      );
      this.note.textContent = record.note;
      this.note.hidden = record.note === "";
    }
    this.clock.hidden = !clockOn;
    window.clearInterval(this.timer);
    this.timer = 0;
    this.tick();
    if (clockOn && record.running) this.timer = window.setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    const r = this.record;
    if (!r) return;
    const seconds = r.seconds + (r.running ? (performance.now() - this.received) / 1000 : 0);
    this.clock.textContent = clockText(seconds);
  }

  /** Stop the clock's timer (the view is going away). */
  stop(): void {
    window.clearInterval(this.timer);
    this.timer = 0;
    this.popover.stop();
  }
}
