// The anywidget entry point: builds one view of a Solitaire widget and keeps it in step with the model.
// Python owns the game; this view draws the synced state and sends intents stamped with its revision.

import { boardColumns, boardRows } from "./board";
import { celebrate } from "./celebrate";
import { Chrome } from "./chrome";
import { Keyboard } from "./keyboard";
import { Pointer } from "./pointer";
import { Table } from "./table";
import { followTheme } from "./theme";
import type { Action, Answer, CardSize, Marks, Model, View, Words } from "./types";
import { fill, setWords } from "./words";

/** A fixed size: its card width in CSS pixels, which the board still shrinks below to fit a narrow cell. */
const FIXED_CARD_WIDTH: Record<Exclude<CardSize, "auto">, number> = { small: 60, medium: 84, large: 112 };
/** "auto" (the default): the cards fill the cell's width, as a desktop game fills its window, between these. */
const AUTO_MIN_WIDTH = 70;
const AUTO_MAX_WIDTH = 140;
/** Below this the cards stop shrinking (a very narrow cell scrolls sideways instead). */
const MIN_CARD_WIDTH = 28;
/** Gap between piles, in card widths (kept in step with --sw-gap in widget.css). */
const GAP = 0.16;
const PADDING = 12;
/** Room the window keeps above and below the felt under "auto" (the host's bars, the toolbar, the status line). */
const CHROME_HEIGHT = 160;

/** The card width for `size` in a cell `room` pixels wide, for a board `columns` card widths across and `rows`
 * card widths tall at the start of a game, in a window `windowHeight` pixels tall. */
export function cardWidth(size: CardSize, room: number, columns: number, rows: number, windowHeight: number): number {
  const fit = (room - 2 * PADDING) / (columns + (columns - 1) * GAP);
  if (size !== "auto") return Math.max(MIN_CARD_WIDTH, Math.min(FIXED_CARD_WIDTH[size] ?? 84, fit));
  // As wide as the cell allows, and no taller than the window (Camelot's four rows), between the two bounds; a cell
  // too narrow for the smallest still gets a board that fits it.
  const tall = Math.max(AUTO_MIN_WIDTH, (windowHeight - CHROME_HEIGHT) / rows);
  return Math.max(MIN_CARD_WIDTH, Math.min(AUTO_MAX_WIDTH, tall, fit));
}

/** How long to wait for Python's answer to an intent (no kernel: a saved notebook) before giving up on it. */
const ANSWER_TIMEOUT_MS = 3000;
const MAX_QUEUED = 8;
const SYNCED = [
  "view",
  "status_line",
  "message",
  "suggestion",
  "winnable",
  "meter",
  "coach_note",
  "review",
  "lesson_state",
  "highlight",
  "animate",
  "four_color",
  "card_size",
  "card_back",
  "high_contrast",
  "words",
  "deals",
  "deal_note",
  "record",
  "clock",
];

function isView(value: unknown): value is View {
  return typeof value === "object" && value !== null && "variant" in value && "rev" in value;
}

function isAnswer(value: unknown): value is Answer {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "answer";
}

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const viewId = Math.random().toString(36).slice(2, 10);
  // One intent in flight at a time. Python answers every intent after syncing its effect, so an intent queued
  // behind another (a quick second click on the stock) goes out stamped with the revision it will meet, instead
  // of being refused as stale. Without a kernel no answer comes: the queue gives up after a while.
  let seq = 0;
  let inFlight: number | null = null;
  let giveUp = 0;
  const queue: { action: Action; seq: number }[] = [];
  const transmit = (action: Action, number: number): void => {
    const view = model.get("view");
    inFlight = number;
    window.clearTimeout(giveUp);
    giveUp = window.setTimeout(() => {
      inFlight = null;
      queue.length = 0;
    }, ANSWER_TIMEOUT_MS);
    model.send({ ...action, type: "intent", rev: isView(view) ? view.rev : -1, seq: number, view: viewId });
  };
  const send = (action: Action): number => {
    seq += 1;
    if (inFlight === null) transmit(action, seq);
    else if (queue.length < MAX_QUEUED) queue.push({ action, seq });
    return seq;
  };
  const answered = (answer: Answer): void => {
    if (answer.seq !== inFlight) return;
    inFlight = null;
    const next = queue.shift();
    if (next) transmit(next.action, next.seq);
  };

  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const animating = (): boolean => model.get("animate") && !reducedMotion.matches;

  const root = document.createElement("div");
  root.className = "sw-root";
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  const stopTheme = followTheme(root); // data-theme="light" | "dark", from the host's own signals
  const table = new Table(send, (n) => queue.some((q) => q.seq === n), animating);
  const pointer = new Pointer(table, animating);
  const keyboard = new Keyboard(root, table, send);
  const chrome = new Chrome(send);
  const felt = document.createElement("div");
  felt.className = "sw-felt";
  // The panels lie over the felt, and the bars that come and go sit under it: opening, showing or hiding one moves
  // no card.
  felt.append(table.board.el, chrome.banner, chrome.review.panel, chrome.chooser.panel, chrome.record.panel,
    chrome.rulesPanel);
  root.append(chrome.toolbar, felt, chrome.lessonBar, chrome.coachBar, chrome.statusLine,
    chrome.messageRow);
  el.append(root);

  // The board takes the keyboard when touched, so keys go to the game and not to the notebook.
  // The focus ring and cursor show for keyboard users only: focus that arrives without a pointer (Tab) turns
  // them on, a pointer press (which focuses the board too, just above) turns them off.
  root.addEventListener("focus", () => root.classList.add("sw-keyboard"));
  root.addEventListener("pointerdown", (e) => {
    if (!(e.target instanceof HTMLButtonElement)) root.focus({ preventScroll: true });
    root.classList.remove("sw-keyboard");
  });

  // Size the cards to the output area, not to the board itself, which is only as wide as its cards; and follow it
  // (and, for "auto", the window's height) when it changes.
  const resize = (): void => {
    const view = model.get("view");
    if (!isView(view)) return;
    const size = model.get("card_size");
    const width = `${Math.floor(cardWidth(size, el.clientWidth, boardColumns(view), boardRows(view), window.innerHeight))}px`;
    if (root.style.getPropertyValue("--sw-cw") !== width) root.style.setProperty("--sw-cw", width);
  };
  const observer = new ResizeObserver(resize);
  observer.observe(el);
  window.addEventListener("resize", resize);

  let marked: Element[] = [];
  const mark = (marks: Marks | null): void => {
    for (const m of marked) m.classList.remove("sw-mark-from", "sw-mark-to");
    marked = [];
    if (!marks) return;
    for (const [names, cls] of [[marks.from, "sw-mark-from"], [marks.to, "sw-mark-to"]] as const) {
      for (const name of names) {
        const pile = table.board.pile(name);
        if (!pile) continue;
        const target = name === "stock" || name === "waste" ? pile : (pile.lastElementChild ?? pile);
        target.classList.add(cls);
        marked.push(target);
      }
    }
  };

  let shown: View | null = null;
  let spoken: Words | null = null;
  /** Ends the win's celebration at once (when the board shows another position). */
  let stopCelebration = (): void => undefined;
  const refresh = (): void => {
    const view = model.get("view");
    if (!isView(view)) return;
    const w = model.get("words");
    if (w && w !== spoken) {
      spoken = w;
      setWords(w);
      chrome.showWords(w);
      table.board.relabel(shown);
      root.setAttribute("aria-roledescription", w.table);
    }
    table.highlight = model.get("highlight");
    if (view !== shown) {
      const reshaped = !shown || boardColumns(shown) !== boardColumns(view);
      const justWon = shown?.status === "playing" && view.status === "won" && shown.deal === view.deal;
      shown = view;
      root.dataset.rev = String(view.rev);
      stopCelebration();
      if (reshaped) resize();
      table.show(view, animating());
      pointer.settled();
      chrome.showView(view);
      if (justWon && animating()) stopCelebration = celebrate(felt);
      const w = model.get("words");
      root.setAttribute("aria-label", view.deal === null ? w.board : fill(w.board_deal, { number: view.deal }));
      keyboard.paint();
    } else {
      table.hold(table.held);
    }
    const lesson = model.get("lesson_state");
    mark(model.get("suggestion") ?? (lesson.active ? lesson.marks : null));
    chrome.showStatus(model.get("status_line"));
    chrome.showMessage(model.get("message"), viewId);
    chrome.showWinnable(model.get("winnable"));
    chrome.showDealNote(model.get("deal_note"), model.get("deals"));
    chrome.showRecord(model.get("record"), model.get("clock"));
    chrome.showMeter(model.get("meter"));
    chrome.showCoach(model.get("coach_note"));
    chrome.showReview(model.get("review"));
    chrome.showLesson(lesson);
    root.classList.toggle("sw-four-color", model.get("four_color"));
    root.classList.toggle("sw-high-contrast", model.get("high_contrast"));
    root.dataset.back = model.get("card_back");
    if (root.dataset.size !== model.get("card_size")) {
      root.dataset.size = model.get("card_size");
      resize();
    }
  };

  // Several traits change together after a move; draw once, after the last of them has arrived.
  let queued = false;
  const schedule = (): void => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      refresh();
    });
  };
  const onMessage = (msg: unknown): void => {
    if (!isAnswer(msg) || msg.view !== viewId) return;
    if (msg.ok) {
      table.confirmed(msg.seq);
    } else {
      table.refused(msg.seq);
      pointer.refused(msg.seq);
    }
    answered(msg);
  };
  for (const name of SYNCED) model.on(`change:${name}`, schedule);
  model.on("msg:custom", onMessage);
  refresh();
  // The page's language (JupyterLab sets <html lang> to the language the user chose): Python speaks it when the
  // board was given no language of its own.
  const pageLanguage = document.documentElement.lang;
  if (pageLanguage) send({ action: "page_language", language: pageLanguage });

  return () => {
    stopCelebration();
    for (const name of SYNCED) model.off(`change:${name}`, schedule);
    model.off("msg:custom", onMessage);
    observer.disconnect();
    window.removeEventListener("resize", resize);
    stopTheme();
    chrome.stop();
  };
}

export default { render };
