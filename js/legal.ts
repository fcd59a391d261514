// The legal moves Python sends, indexed for the questions the board asks while a card is held.
// This index only decides what to highlight and whether a drop may stay where it landed while Python
// answers; Python validates every intent itself.

import type { MoveDict } from "./types";

/** The rules model's text form of a move dict (docs/ARCHITECTURE.md): `t3-t5x2`, `place r2c3`, ... */
export function moveText(move: MoveDict): string {
  switch (move.kind) {
    case "deal":
    case "redeal":
      return move.kind;
    case "move":
      return `${move.from}-${move.to}${move.count > 1 ? `x${move.count}` : ""}`;
    case "place":
      return `place ${move.to}`;
    case "remove":
      return `remove ${[...move.cells].sort().join(" ")}`;
  }
}

/** Camelot cells named in reading order, as the text form wants them. */
export function removal(cells: string[]): MoveDict {
  return { kind: "remove", cells: [...cells].sort() };
}

export class LegalMoves {
  private readonly texts: Set<string>;
  /** "t3x2" -> destinations of that group. */
  private readonly destinations = new Map<string, Set<string>>();
  private readonly partners = new Map<string, Set<string>>();
  readonly places = new Set<string>();

  constructor(texts: readonly string[]) {
    this.texts = new Set(texts);
    for (const text of texts) {
      const move = /^(\w+)-(\w+)(?:x(\d+))?$/.exec(text);
      if (move) {
        const key = `${move[1]}x${move[3] ?? "1"}`;
        let set = this.destinations.get(key);
        if (!set) this.destinations.set(key, (set = new Set()));
        set.add(move[2]);
        continue;
      }
      const words = text.split(" ");
      if (words[0] === "place" && words[1]) this.places.add(words[1]);
      if (words[0] === "remove") {
        const cells = words.slice(1);
        if (cells.length === 2) {
          this.pair(cells[0], cells[1]);
          this.pair(cells[1], cells[0]);
        }
      }
    }
  }

  private pair(a: string, b: string): void {
    let set = this.partners.get(a);
    if (!set) this.partners.set(a, (set = new Set()));
    set.add(b);
  }

  has(move: MoveDict): boolean {
    return this.texts.has(moveText(move));
  }

  /** Where the top `count` cards of `pile` may legally go (Camelot: cells a held card may go to or pair with). */
  targets(pile: string, count: number): Set<string> {
    if (pile === "waste" && this.places.size > 0) return this.places;
    return this.destinations.get(`${pile}x${count}`) ?? this.partners.get(pile) ?? new Set();
  }
}
