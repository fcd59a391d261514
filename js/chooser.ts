// The game chooser: a panel to switch game, options and deal (a number typed in, the previous or next number, a
// random one, or only proved-winnable deals of a difficulty). It only sends a "new_deal" intent; Python checks it,
// deals, and the board follows the new view like any other.

import { Popover } from "./popover";
import type { Action, DealKind, GameChoice, Variant, View } from "./types";
import { words } from "./words";

const DEAL_KINDS: DealKind[] = ["any", "winnable", "easy", "medium", "hard"];

function labelled(text: HTMLElement, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement("label");
  label.className = "sw-field";
  label.append(text, control);
  return label;
}

function span(className: string): HTMLSpanElement {
  const el = document.createElement("span");
  el.className = className;
  return el;
}

function fillSelect(select: HTMLSelectElement, choices: [string, string][], value: string): void {
  select.replaceChildren(
    ...choices.map(([key, text]) => {
      const option = document.createElement("option");
      option.value = key;
      option.textContent = text;
      return option;
    }),
  );
  select.value = value;
}

export class Chooser {
  readonly panel = document.createElement("form");
  private readonly title = document.createElement("h3");
  private readonly game = document.createElement("select");
  private readonly draw = document.createElement("select");
  private readonly redeals = document.createElement("select");
  private readonly deals = document.createElement("select");
  private readonly number = document.createElement("input");
  private readonly help = document.createElement("p");
  private readonly labels: Record<string, HTMLSpanElement> = {};
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private readonly drawField: HTMLLabelElement;
  private readonly redealsField: HTMLLabelElement;
  private view: View | null = null;
  private kind: DealKind = "any";
  private readonly popover: Popover;

  /** `opener` is the toolbar's Game… button; `onToggle` hears of every opening and closing. */
  constructor(
    private readonly send: (action: Action) => void,
    opener: HTMLElement,
    onToggle: (open: boolean) => void,
  ) {
    const p = this.panel;
    p.className = "sw-chooser";
    // Opening sets it to the game on the board and puts the focus on the game's list.
    this.popover = new Popover(p, opener, {
      focus: () => this.game,
      onOpen: () => this.showView(this.view, this.kind),
      onToggle,
    });
    for (const key of ["game", "draw", "redeals", "deals", "number"]) this.labels[key] = span("sw-field-label");
    this.number.type = "number";
    this.number.min = "0";
    this.number.max = "4294967295";
    this.number.step = "1";
    this.number.inputMode = "numeric";
    this.drawField = labelled(this.labels.draw, this.draw);
    this.redealsField = labelled(this.labels.redeals, this.redeals);
    const button = (key: string, onClick: () => void, submit = false): HTMLButtonElement => {
      const b = document.createElement("button");
      b.type = submit ? "submit" : "button";
      b.className = "sw-button";
      b.dataset.action = `chooser-${key}`;
      if (!submit) b.addEventListener("click", onClick);
      this.buttons[key] = b;
      return b;
    };
    const head = document.createElement("div");
    head.className = "sw-chooser-head";
    head.append(this.title, button("chooser_close", () => this.toggle(false)));
    const fields = document.createElement("div");
    fields.className = "sw-chooser-fields";
    fields.append(
      labelled(this.labels.game, this.game),
      this.drawField,
      this.redealsField,
      labelled(this.labels.deals, this.deals),
      labelled(this.labels.number, this.number),
    );
    const actions = document.createElement("div");
    actions.className = "sw-chooser-actions";
    actions.append(
      button("play_number", () => undefined, true),
      button("random", () => this.deal(null)),
      button("previous", () => this.deal("previous")),
      button("next", () => this.deal("next")),
    );
    this.help.className = "sw-chooser-help";
    p.append(head, fields, actions, this.help);

    p.addEventListener("submit", (e) => {
      e.preventDefault();
      const typed = this.number.value.trim();
      this.deal(typed === "" ? null : Number(typed));
    });
    this.game.addEventListener("change", () => this.fillOptions(this.choice(), null));
    this.draw.addEventListener("change", () => {
      const defaults = this.choice()?.defaults[this.draw.value];
      if (defaults && "redeals" in defaults) this.redeals.value = String(defaults.redeals);
    });
  }

  get open(): boolean {
    return this.popover.open;
  }

  /** Open or close the panel (see Popover). */
  toggle(open?: boolean): void {
    this.popover.toggle(open);
  }

  /** Stop listening to the page (the view is going away). */
  stop(): void {
    this.popover.stop();
  }

  showWords(): void {
    const w = words().chooser ?? {};
    this.title.textContent = w.title ?? "";
    this.panel.setAttribute("aria-label", w.title ?? "");
    for (const [key, label] of Object.entries(this.labels)) label.textContent = w[key] ?? "";
    for (const [key, b] of Object.entries(this.buttons)) {
      b.textContent = key === "chooser_close" ? (words().buttons.chooser_close ?? "") : (w[key] ?? "");
    }
    this.help.textContent = w.deals_help ?? "";
    fillSelect(
      this.deals,
      DEAL_KINDS.map((kind) => [kind, w[`deals_${kind}`] ?? kind]),
      this.kind,
    );
    this.showView(this.view, this.kind);
  }

  /** Follow the board: the game, options and deal on it (unless the player is busy in the open panel). */
  showView(view: View | null, kind: DealKind): void {
    this.view = view;
    this.kind = kind;
    if (!view || (this.open && this.panel.contains(document.activeElement))) return;
    const games = words().games ?? [];
    fillSelect(
      this.game,
      games.map((g) => [g.variant, g.title]),
      view.variant,
    );
    this.fillOptions(this.choice(), view.options);
    this.deals.value = kind;
    this.number.value = view.deal === null ? "" : String(view.deal);
  }

  private choice(): GameChoice | undefined {
    return (words().games ?? []).find((g) => g.variant === (this.game.value as Variant));
  }

  /** The option selects for `game`, set to `current` (the board's options) or to the game's defaults. */
  private fillOptions(game: GameChoice | undefined, current: Record<string, number> | null): void {
    const w = words().chooser ?? {};
    const draws = game?.options.draw ?? [];
    const redeals = game?.options.redeals ?? [];
    const values = current ?? game?.defaults[String(draws[0] ?? 1)] ?? {};
    fillSelect(
      this.draw,
      draws.map((d) => [String(d), w[`draw_${d}`] ?? String(d)]),
      String(values.draw ?? draws[0] ?? ""),
    );
    fillSelect(
      this.redeals,
      redeals.map((r) => [String(r), w[`redeals_${r}`] ?? String(r)]),
      String(values.redeals ?? redeals[0] ?? ""),
    );
    this.drawField.hidden = draws.length < 2;
    this.redealsField.hidden = redeals.length < 2;
  }

  private deal(deal: number | "next" | "previous" | null): void {
    const game = this.choice();
    if (!game) return;
    const options: Record<string, number> = {};
    if (!this.drawField.hidden) options.draw = Number(this.draw.value);
    if (!this.redealsField.hidden) options.redeals = Number(this.redeals.value);
    this.send({
      action: "new_deal",
      variant: game.variant,
      options,
      deal,
      deals: this.deals.value as DealKind,
    });
    this.toggle(false);
  }
}
