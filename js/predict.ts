// The board as it will stand once Python has played a move, for the cards the move carries only: they change
// piles at once, on the pointer's release, and everything else waits for Python (a card turned face up under them,
// the score, the status, the next card dealt). No rule is judged here: the board predicts only a move Python itself
// listed as legal (LegalMoves.has), and Python's next view replaces the prediction, or the board rolls it back when
// Python refuses the move.

import type { CamelotView, FamilyView, MoveDict, View } from "./types";

/** The family games' pile `name` in `view` (a copy the caller may change), or null for the stock or an unknown name. */
function familyPile(view: FamilyView, name: string): (string | null)[] | null {
  if (name === "waste") return view.waste;
  const f = /^f(\d)$/.exec(name);
  if (f) return view.foundations[Number(f[1]) - 1] ?? null;
  const t = /^t(\d)$/.exec(name);
  if (t) return view.tableau[Number(t[1]) - 1] ?? null;
  return null;
}

function predictFamily(view: FamilyView, move: MoveDict): FamilyView | null {
  if (move.kind !== "move") return null;
  const next: FamilyView = {
    ...view,
    waste: [...view.waste],
    foundations: view.foundations.map((pile) => [...pile]),
    tableau: view.tableau.map((column) => [...column]),
  };
  const from = familyPile(next, move.from);
  const to = familyPile(next, move.to);
  if (!from || !to || from === to || move.count < 1 || move.count > from.length) return null;
  const carried = from.splice(from.length - move.count, move.count);
  // A face-down card is never carried: its face is Python's to show.
  if (carried.some((code) => code === null)) return null;
  to.push(...carried);
  return next;
}

function cell(name: string): [number, number] | null {
  const m = /^r(\d)c(\d)$/.exec(name);
  return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
}

function predictCamelot(view: CamelotView, move: MoveDict): CamelotView | null {
  const next: CamelotView = { ...view, waste: [...view.waste], grid: view.grid.map((row) => [...row]) };
  if (move.kind === "place") {
    const at = cell(move.to);
    const card = next.waste.pop();
    if (!at || card === undefined || next.grid[at[0]]?.[at[1]] !== null) return null;
    next.grid[at[0]][at[1]] = card;
    return next;
  }
  if (move.kind === "remove") {
    for (const name of move.cells) {
      const at = cell(name);
      if (!at || !next.grid[at[0]]?.[at[1]]) return null;
      next.grid[at[0]][at[1]] = null;
    }
    return next;
  }
  return null;
}

/** `view` with the cards `move` carries in their new places, or null when the move carries none (a deal, which
 * turns a card) or does not fit the view. */
export function predict(view: View, move: MoveDict): View | null {
  return view.variant === "camelot" ? predictCamelot(view, move) : predictFamily(view, move);
}

/** Whether `move` leaves a face-down card on top of the column it leaves: Python's view will turn it up. */
export function uncovers(view: View, move: MoveDict): boolean {
  if (view.variant === "camelot" || move.kind !== "move") return false;
  const t = /^t(\d)$/.exec(move.from);
  const column = t ? view.tableau[Number(t[1]) - 1] : undefined;
  return column !== undefined && column.length > move.count && column[column.length - move.count - 1] === null;
}
