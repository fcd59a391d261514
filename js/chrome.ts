// Everything around the cards: toolbar, status line (with the win-chance meter), message line, game-over banner,
// coach bar, lesson bar, the Rules panel and the game review's panel. Every word comes from Python's `words` trait
// (see words.ts).

import { Chooser } from "./chooser";
import { Popover } from "./popover";
import { clockText, RecordView } from "./record";
import { ReviewView } from "./review";
import type {
  Action,
  CoachNote,
  DealKind,
  DealNote,
  GameRecord,
  Lesson,
  Message,
  Meter,
  ReviewState,
  View,
  Winnable,
  Words,
} from "./types";
import { fill, words } from "./words";

function div(className: string): HTMLDivElement {
  const el = document.createElement("div");
  el.className = className;
  return el;
}

/** A button sending `action`, named by `key` in the words' `buttons` and `titles` (set by `Chrome.showWords`). */
interface Named {
  el: HTMLButtonElement;
  key: string;
}

export class Chrome {
  readonly toolbar = div("sw-toolbar");
  readonly banner = div("sw-banner");
  readonly lessonBar = div("sw-lesson");
  readonly coachBar = div("sw-coach");
  readonly rulesPanel = div("sw-rules");
  readonly chooser: Chooser;
  readonly record: RecordView;
  readonly review = new ReviewView();
  private readonly rules: Popover;
  private readonly coachText = div("sw-coach-text");
  private readonly meter = document.createElement("span");
  private readonly meterBar = document.createElement("span");
  private readonly meterText = document.createElement("span");
  readonly statusLine = div("sw-status");
  readonly messageLine = div("sw-message");
  private readonly bannerText = div("sw-banner-text");
  /** A won game's figures under "You won!": moves, score and the time played. */
  private readonly bannerFigures = document.createElement("dl");
  private lastRecord: GameRecord | null = null;
  /** The banner's Undo: a lost or stuck game is one step from playable again. */
  private readonly bannerUndo: HTMLButtonElement;
  private readonly caption = div("sw-caption");
  private readonly stepText = div("sw-step");
  private readonly verdict = document.createElement("span");
  private readonly statusText = document.createElement("span");
  private readonly dealBadge = document.createElement("span");
  private readonly rulesBody = div("sw-rules-body");
  private readonly rulesTitle = document.createElement("h3");
  private readonly named: Named[] = [];
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private messageId = -1;
  /** The message line with what it may hold behind "Why?" (a hint's reasons: the line says what to do, in one
   * short sentence). */
  readonly messageRow = div("sw-message-row");
  private readonly whyButton: HTMLButtonElement;
  private readonly whyText = div("sw-why");
  private lastView: View | null = null;
  private lastLesson: Lesson | null = null;
  private lastMeter: Meter | null = null;
  private lastWinnable: Winnable | null = null;
  private lastNote: DealNote | null = null;

  constructor(send: (a: Action) => void) {
    const make = (key: string, onClick: () => void, action = key): HTMLButtonElement => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sw-button";
      b.dataset.action = action;
      b.addEventListener("click", onClick);
      this.named.push({ el: b, key });
      return b;
    };
    const intent = (key: string, action: Action) => make(key, () => send(action), action.action);
    const b = this.buttons;
    b.new_deal = intent("new_deal", { action: "new_deal" });
    b.restart = intent("restart", { action: "restart" });
    b.undo = intent("undo", { action: "undo" });
    b.redo = intent("redo", { action: "redo" });
    b.hint = intent("hint", { action: "hint" });
    b.winnable = intent("winnable", { action: "winnable" });
    b.rules = make("rules", () => this.toggleRules(), "rules");
    b.game = make("game", () => this.chooser.toggle(), "game");
    b.finish = intent("finish", { action: "finish" });
    b.finish.hidden = true;
    b.review = intent("review", { action: "review" });
    b.review.setAttribute("aria-haspopup", "dialog");
    this.chooser = new Chooser(send, b.game, (open) => {
      if (open) this.only("chooser");
    });
    b.statistics = make("statistics", () => this.record.toggle(), "statistics");
    this.record = new RecordView(b.statistics, (open) => {
      if (open) this.only("statistics");
    });
    b.coach_undo = intent("coach_undo", { action: "undo" });
    b.coach_close = intent("coach_close", { action: "coach_close" });
    b.lesson_back = intent("lesson_back", { action: "lesson_back" });
    b.lesson_next = intent("lesson_next", { action: "lesson_next" });
    b.lesson_close = intent("lesson_close", { action: "lesson_close" });
    this.toolbar.setAttribute("role", "toolbar");
    // Finish comes and goes: it is last, and keeps its room while hidden (widget.css), so that no other button and
    // no pile moves when it does.
    this.toolbar.append(b.game, b.new_deal, b.restart, b.undo, b.redo, b.hint, b.winnable, b.review, b.statistics,
      b.rules, b.finish);

    const actions = div("sw-banner-actions");
    this.bannerUndo = intent("undo", { action: "undo" });
    actions.append(this.bannerUndo, intent("new_deal", { action: "new_deal" }), intent("restart", { action: "restart" }),
      intent("review", { action: "review" }));
    this.bannerFigures.className = "sw-banner-figures";
    this.banner.append(this.bannerText, this.bannerFigures, actions);
    this.banner.setAttribute("role", "alert");

    const nav = div("sw-lesson-actions");
    nav.append(b.lesson_back, b.lesson_next, b.lesson_close);
    this.lessonBar.append(this.stepText, this.caption, nav);
    this.caption.setAttribute("aria-live", "polite");

    this.coachBar.setAttribute("role", "alert");
    this.coachBar.hidden = true;
    const coachActions = div("sw-coach-actions");
    coachActions.append(b.coach_undo, b.coach_close);
    this.coachBar.append(this.coachText, coachActions);

    this.rules = new Popover(this.rulesPanel, b.rules, {
      onToggle: (open) => {
        if (open) this.only("rules");
      },
    });
    const rulesClose = make("rules_close", () => this.toggleRules(false), "rules_close");
    const rulesHead = div("sw-rules-head");
    rulesHead.append(this.rulesTitle, rulesClose);
    this.rulesPanel.append(rulesHead, this.rulesBody);

    this.verdict.className = "sw-verdict";
    this.meter.className = "sw-meter";
    this.meter.hidden = true;
    this.meterBar.className = "sw-meter-bar";
    this.meterText.className = "sw-meter-text";
    this.meter.append(this.meterBar, this.meterText);
    this.dealBadge.className = "sw-deal-badge";
    this.dealBadge.hidden = true;
    this.statusLine.append(this.statusText, this.record.clock, this.dealBadge, this.meter, this.verdict);
    this.messageLine.setAttribute("aria-live", "polite");
    this.messageLine.setAttribute("role", "status");
    this.whyButton = make("why", () => this.toggleWhy(), "why");
    this.whyButton.classList.add("sw-why-button");
    this.whyButton.setAttribute("aria-expanded", "false");
    this.whyButton.hidden = true;
    this.whyText.hidden = true;
    const line = div("sw-message-line");
    line.append(this.messageLine, this.whyButton);
    this.messageRow.append(line, this.whyText);
  }

  /** Show or hide the reasons behind the message on show. */
  toggleWhy(open?: boolean): void {
    const show = open ?? this.whyText.hidden;
    this.whyText.hidden = !show;
    this.whyButton.setAttribute("aria-expanded", String(show));
  }

  /** Say everything again in the words in force (called when they change: a new language, or another game). */
  showWords(w: Words): void {
    for (const { el, key } of this.named) {
      el.textContent = w.buttons[key] ?? "";
      el.title = w.titles[key] ?? "";
    }
    // A button whose label changes keeps the room of its longer label, so that the buttons after it stay put.
    this.buttons.winnable.dataset.labelA = w.buttons.winnable ?? "";
    this.buttons.winnable.dataset.labelB = w.buttons.stop ?? "";
    this.toolbar.setAttribute("aria-label", w.toolbar);
    this.lessonBar.setAttribute("aria-label", w.lesson);
    this.rulesPanel.setAttribute("aria-label", w.rules_title);
    this.rulesTitle.textContent = w.rules_title;
    this.rulesBody.replaceChildren();
    for (const [heading, paragraphs] of w.rules) {
      const h = document.createElement("h4");
      h.textContent = heading;
      this.rulesBody.append(h);
      for (const text of paragraphs) {
        const p = document.createElement("p");
        p.textContent = text;
        this.rulesBody.append(p);
      }
    }
    this.chooser.showWords();
    this.record.showWords();
    this.review.showWords();
    if (this.lastView) this.showView(this.lastView);
    if (this.lastNote) this.showDealNote(this.lastNote, this.chooserKind);
    if (this.lastLesson) this.showLesson(this.lastLesson);
    if (this.lastMeter) this.showMeter(this.lastMeter);
    if (this.lastWinnable) this.showWinnable(this.lastWinnable);
  }

  /** Open or close the Rules panel (a front-end view of words the board already holds: no message to Python). */
  toggleRules(open?: boolean): void {
    this.rules.toggle(open);
  }

  /** Stop the timers and listeners of the page (the view is going away). */
  stop(): void {
    this.chooser.stop();
    this.record.stop();
    this.rules.stop();
    this.review.stop();
  }

  /** Keep one panel open at a time (the game chooser, the Statistics or the Rules). */
  private only(panel: "chooser" | "statistics" | "rules"): void {
    if (panel !== "chooser" && this.chooser.open) this.chooser.toggle(false);
    if (panel !== "statistics" && this.record.open) this.record.toggle(false);
    if (panel !== "rules" && this.rules.open) this.toggleRules(false);
  }

  showRecord(record: GameRecord, clockOn: boolean): void {
    this.lastRecord = record;
    this.record.show(record, clockOn);
    this.showFigures();
  }

  /** Under "You won!": the moves, the score, and the time played when the board kept it. */
  private showFigures(): void {
    const view = this.lastView;
    const won = view?.status === "won";
    this.bannerFigures.hidden = !won;
    if (!view || !won) {
      this.bannerFigures.replaceChildren();
      return;
    }
    const labels = words().won ?? {};
    const seconds = this.lastRecord?.seconds ?? 0;
    const figures: [string, string][] = [["moves", String(view.moves)], ["score", String(view.score)]];
    if (seconds > 0) figures.push(["time", clockText(seconds)]);
    this.bannerFigures.replaceChildren(
      ...figures.map(([key, value]) => {
        const item = div("sw-banner-figure");
        item.dataset.figure = key;
        const term = document.createElement("dt");
        term.textContent = labels[key] ?? "";
        const figure = document.createElement("dd");
        figure.textContent = value;
        item.append(term, figure);
        return item;
      }),
    );
  }

  private chooserKind: DealKind = "any";

  /** What kind of deal is on the board: a badge on the status line (the whole sentence as its tooltip), or the
   * search for the next deal while it runs. */
  showDealNote(note: DealNote, kind: DealKind): void {
    this.lastNote = note;
    this.chooserKind = kind;
    const badges = words().deal_badges ?? {};
    const badge = note.searching ? note.text : note.kind === "any" ? "" : (badges[note.level] ?? badges[""] ?? "");
    this.dealBadge.hidden = badge === "";
    this.dealBadge.textContent = badge;
    this.dealBadge.title = note.text;
    this.dealBadge.dataset.level = note.level;
    this.dealBadge.dataset.searching = String(note.searching);
    if (this.lastView) this.chooser.showView(this.lastView, kind);
  }

  showView(view: View): void {
    const ended = this.lastView?.status === "playing" && view.status !== "playing";
    this.lastView = view;
    this.buttons.undo.disabled = !view.can_undo && !view.left_game;
    this.buttons.redo.disabled = !view.can_redo;
    this.buttons.hint.disabled = view.status !== "playing";
    this.buttons.review.disabled = !view.can_undo; // no move played since the start: nothing to review
    this.buttons.finish.hidden = !view.can_finish;
    this.chooser.showView(view, this.chooserKind);
    this.banner.hidden = view.status === "playing";
    this.bannerText.textContent = words().banners[view.status] ?? "";
    this.banner.dataset.status = view.status;
    this.bannerUndo.hidden = view.status === "won" || !view.can_undo;
    this.showFigures();
    if (ended) {
      // The game ended in play: its banner shows whole, Undo included, even where it sits below a tall board
      // (Camelot's four rows in a short window). "nearest" scrolls only as far as that takes, and not at all when
      // the banner is in sight; a board opened on a finished game scrolls nothing.
      requestAnimationFrame(() => this.banner.scrollIntoView?.({ block: "nearest", inline: "nearest" }));
    }
  }

  showStatus(text: string): void {
    this.statusText.textContent = text;
  }

  /** The message line. An error another view's request caused is not this player's doing: it is not shown. */
  showMessage(message: Message, viewId: string): void {
    if (message.id === this.messageId) return;
    if (message.kind === "error" && message.view && message.view !== viewId) return;
    this.messageId = message.id;
    this.messageLine.textContent = message.text;
    this.messageLine.dataset.kind = message.kind;
    this.whyText.textContent = message.why ?? "";
    this.whyButton.hidden = !message.why;
    this.toggleWhy(false);
  }

  showWinnable(w: Winnable): void {
    this.lastWinnable = w;
    this.verdict.textContent = w.text;
    this.verdict.dataset.verdict = w.verdict;
    const running = w.state === "running";
    this.buttons.winnable.textContent = words().buttons[running ? "stop" : "winnable"] ?? "";
    this.buttons.winnable.setAttribute("aria-pressed", String(running));
  }

  /** The fair win chance: a short figure on the status line, the whole sentence as its tooltip. */
  showMeter(meter: Meter): void {
    this.lastMeter = meter;
    this.meter.hidden = meter.state === "off";
    this.meter.dataset.state = meter.state;
    this.meter.title = meter.text;
    const share = meter.share;
    this.meterText.textContent = meter.state === "running" ? words().meter_running : meter.short || meter.text;
    this.meterBar.style.setProperty("--sw-share", share === null ? "0" : String(share));
    this.meter.setAttribute("aria-label", meter.text);
  }

  /** The game review: its panel opens for each press of Review, over the felt. */
  showReview(state: ReviewState): void {
    this.review.show(state);
  }

  showCoach(note: CoachNote | null): void {
    this.coachBar.hidden = note === null;
    this.coachText.textContent = note?.text ?? "";
  }

  showLesson(lesson: Lesson): void {
    this.lastLesson = lesson;
    this.lessonBar.hidden = !lesson.active;
    this.stepText.textContent = lesson.total > 0 ? fill(words().step, { step: lesson.step, total: lesson.total }) : "";
    this.caption.textContent = lesson.caption;
    this.buttons.lesson_back.disabled = !lesson.can_back;
    this.buttons.lesson_next.disabled = !lesson.can_next;
  }
}
