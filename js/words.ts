// The words the board shows, in its language: Python sends them (the `words` trait, from its gettext catalogues),
// so the front end holds no English of its own and every language is one catalogue on the Python side.

import type { Words } from "./types";

let current: Words | null = null;

/** Use `words` from now on (called when the trait arrives or changes). */
export function setWords(words: Words): void {
  current = words;
}

/** The words in force (an empty set before the first arrive: the board then shows no text yet). */
export function words(): Words {
  return (
    current ?? {
      buttons: {},
      titles: {},
      banners: {},
      won: {},
      step: "",
      clock: "",
      meter_running: "",
      toolbar: "",
      lesson: "",
      table: "",
      board: "",
      board_deal: "",
      piles: {},
      marks: {},
      cards: {},
      face_down: "",
      rules_title: "",
      rules: [],
      chooser: {},
      games: [],
      deal_badges: {},
      review: { title: "", graph: "", move: "", chance: "", ticks: [] },
    }
  );
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
