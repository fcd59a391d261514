// Everything around the cards: toolbar, status line (with the win-chance meter), message line, game-over banner,
// coach bar and lesson bar.

import type { Action, CoachNote, Lesson, Message, Meter, View, Winnable } from "./types";

function button(label: string, action: Action, send: (a: Action) => void, title: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "sw-button";
  b.textContent = label;
  b.title = title;
  b.dataset.action = action.action;
  b.addEventListener("click", () => send(action));
  return b;
}

function div(className: string): HTMLDivElement {
  const el = document.createElement("div");
  el.className = className;
  return el;
}

const BANNERS: Record<string, string> = {
  won: "You won!",
  stuck: "No way forward: this game is stuck.",
  lost: "This game is lost.",
};

export class Chrome {
  readonly toolbar = div("sw-toolbar");
  readonly banner = div("sw-banner");
  readonly lessonBar = div("sw-lesson");
  readonly coachBar = div("sw-coach");
  private readonly coachText = div("sw-coach-text");
  private readonly meter = document.createElement("span");
  private readonly meterBar = document.createElement("span");
  private readonly meterText = document.createElement("span");
  readonly statusLine = div("sw-status");
  readonly messageLine = div("sw-message");
  private readonly bannerText = div("sw-banner-text");
  private readonly caption = div("sw-caption");
  private readonly stepText = div("sw-step");
  private readonly verdict = document.createElement("span");
  private readonly statusText = document.createElement("span");
  private readonly buttons: Record<string, HTMLButtonElement>;
  private messageId = -1;

  constructor(send: (a: Action) => void) {
    const make = (label: string, action: Action, title: string) => button(label, action, send, title);
    this.buttons = {
      new_deal: make("New deal", { action: "new_deal" }, "Deal a new game"),
      restart: make("Restart", { action: "restart" }, "Start this deal again"),
      undo: make("Undo", { action: "undo" }, "Undo the last move (U, Ctrl+Z)"),
      redo: make("Redo", { action: "redo" }, "Redo (Ctrl+Y)"),
      hint: make("Hint", { action: "hint" }, "Show a good move (H)"),
      winnable: make(
        "Still winnable?",
        { action: "winnable" },
        "Peek: ask the solver, which looks at the face-down cards, whether this position can still be won",
      ),
      coach_undo: make("Undo", { action: "undo" }, "Take that move back"),
      coach_close: make("Dismiss", { action: "coach_close" }, "Hide the coach's note"),
      lesson_back: make("Back", { action: "lesson_back" }, "Previous lesson step"),
      lesson_next: make("Next", { action: "lesson_next" }, "Next lesson step"),
      lesson_close: make("Close", { action: "lesson_close" }, "End the lesson"),
    };
    const b = this.buttons;
    this.toolbar.setAttribute("role", "toolbar");
    this.toolbar.setAttribute("aria-label", "Game controls");
    this.toolbar.append(b.new_deal, b.restart, b.undo, b.redo, b.hint, b.winnable);

    const actions = div("sw-banner-actions");
    actions.append(
      make("New deal", { action: "new_deal" }, "Deal a new game"),
      make("Restart", { action: "restart" }, "Start this deal again"),
    );
    this.banner.append(this.bannerText, actions);
    this.banner.setAttribute("role", "alert");

    this.lessonBar.setAttribute("aria-label", "Lesson");
    const nav = div("sw-lesson-actions");
    nav.append(b.lesson_back, b.lesson_next, b.lesson_close);
    this.lessonBar.append(this.stepText, this.caption, nav);
    this.caption.setAttribute("aria-live", "polite");

    this.coachBar.setAttribute("role", "alert");
    this.coachBar.hidden = true;
    const coachActions = div("sw-coach-actions");
    coachActions.append(b.coach_undo, b.coach_close);
    this.coachBar.append(this.coachText, coachActions);

    this.verdict.className = "sw-verdict";
    this.meter.className = "sw-meter";
    this.meter.hidden = true;
    this.meterBar.className = "sw-meter-bar";
    this.meterText.className = "sw-meter-text";
    this.meter.append(this.meterBar, this.meterText);
    this.statusLine.append(this.statusText, this.meter, this.verdict);
    this.messageLine.setAttribute("aria-live", "polite");
    this.messageLine.setAttribute("role", "status");
  }

  showView(view: View): void {
    this.buttons.undo.disabled = !view.can_undo;
    this.buttons.redo.disabled = !view.can_redo;
    this.buttons.hint.disabled = view.status !== "playing";
    this.banner.hidden = view.status === "playing";
    this.bannerText.textContent = BANNERS[view.status] ?? "";
    this.banner.dataset.status = view.status;
  }

  showStatus(text: string): void {
    this.statusText.textContent = text;
  }

  showMessage(message: Message): void {
    if (message.id === this.messageId) return;
    this.messageId = message.id;
    this.messageLine.textContent = message.text;
    this.messageLine.dataset.kind = message.kind;
  }

  showWinnable(w: Winnable): void {
    this.verdict.textContent = w.text;
    this.verdict.dataset.verdict = w.verdict;
    const running = w.state === "running";
    this.buttons.winnable.textContent = running ? "Stop checking" : "Still winnable?";
    this.buttons.winnable.setAttribute("aria-pressed", String(running));
  }

  /** The fair win chance: a short figure on the status line, the whole sentence as its tooltip. */
  showMeter(meter: Meter): void {
    this.meter.hidden = meter.state === "off";
    this.meter.dataset.state = meter.state;
    this.meter.title = meter.text;
    const share = meter.share;
    this.meterText.textContent =
      meter.state === "running" ? "Win chance…" : share === null ? meter.text : `Win chance ≈ ${Math.round(share * 100)}%`;
    this.meterBar.style.setProperty("--sw-share", share === null ? "0" : String(share));
    this.meter.setAttribute("aria-label", meter.text);
  }

  showCoach(note: CoachNote | null): void {
    this.coachBar.hidden = note === null;
    this.coachText.textContent = note?.text ?? "";
  }

  showLesson(lesson: Lesson): void {
    this.lessonBar.hidden = !lesson.active;
    this.stepText.textContent = lesson.total > 0 ? `Step ${lesson.step} of ${lesson.total}` : "";
    this.caption.textContent = lesson.caption;
    this.buttons.lesson_back.disabled = !lesson.can_back;
    this.buttons.lesson_next.disabled = !lesson.can_next;
  }
}
