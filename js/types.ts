// The synced state as the front end sees it: a typed mirror of docs/PROTOCOL.md.
// Python owns every one of these values; the front end only reads them and sends intents back.

export type Variant = "athena" | "thumb-and-pouch" | "aunt-mary" | "camelot" | "klondike";
export type GameStatus = "playing" | "won" | "stuck" | "lost";
export type CardSize = "small" | "medium" | "large";
export type CardBack = "classic" | "lattice" | "plain";

/** Fields every game's view carries. */
interface BaseView {
  /** Revision of the board; bumped by Python on every change, echoed in every intent. */
  rev: number;
  variant: Variant;
  title: string;
  deal: number | null;
  options: Record<string, number>;
  /** Cards left in the stock: a count only, the stock is face down. */
  stock: number;
  /** The waste, bottom to top; the last card is the playable one. */
  waste: string[];
  score: number;
  moves: number;
  status: GameStatus;
  can_undo: boolean;
  can_redo: boolean;
  /** Every legal move in the rules model's text form (`t3-t5x2`, `waste-f1`, `place r2c3`, ...). */
  legal: string[];
}

/** Athena, Thumb and Pouch, Aunt Mary, Klondike. */
export interface FamilyView extends BaseView {
  variant: "athena" | "thumb-and-pouch" | "aunt-mary" | "klondike";
  foundations: string[][];
  /** Columns bottom to top; `null` is a face-down card, which carries no identity at all. */
  tableau: (string | null)[][];
  /** Passes through the stock still to come after this one; `null` when unlimited. */
  redeals_left: number | null;
}

export interface CamelotView extends BaseView {
  variant: "camelot";
  /** `grid[r][c]` is cell r{r+1}c{c+1}; `null` is an empty cell. */
  grid: (string | null)[][];
  phase: "fill" | "remove";
  removed: number;
}

export type View = FamilyView | CamelotView;

/** Piles to mark on the board, with a sentence saying why (hints, lesson steps). */
export interface Marks {
  from: string[];
  to: string[];
  text: string;
}

export interface Message {
  text: string;
  kind: "info" | "error" | "";
  /** Bumped on every message, so that the same sentence twice is still announced twice. */
  id: number;
}

export interface Winnable {
  state: "idle" | "running" | "done";
  verdict: "winnable" | "unwinnable" | "unknown" | "unavailable" | "";
  text: string;
}

/** The fair win-chance meter (Python's `meter` trait). */
export interface Meter {
  state: "off" | "running" | "done";
  share: number | null;
  low: number | null;
  high: number | null;
  samples: number;
  undecided: number;
  text: string;
}

/** What the coach says of the last move, when it cut the win chance by much. */
export interface CoachNote {
  text: string;
  blunder: boolean;
  id: number;
}

export interface Lesson {
  active: boolean;
  step: number;
  total: number;
  caption: string;
  can_back: boolean;
  can_next: boolean;
  marks: Marks | null;
}

/** The traits Python syncs (see docs/PROTOCOL.md). */
export interface Traits {
  view: View;
  status_line: string;
  message: Message;
  suggestion: Marks | null;
  winnable: Winnable;
  meter: Meter;
  coach_note: CoachNote | null;
  lesson_state: Lesson;
  highlight: boolean;
  animate: boolean;
  four_color: boolean;
  card_size: CardSize;
  card_back: CardBack;
  high_contrast: boolean;
  show_chances: boolean;
  coach: boolean;
}

/** A move in FORMAT.md's dict form: exactly what the Python side accepts. */
export type MoveDict =
  | { kind: "deal" }
  | { kind: "redeal" }
  | { kind: "move"; from: string; to: string; count: number }
  | { kind: "place"; to: string }
  | { kind: "remove"; cells: string[] };

export type Action =
  | { action: "play"; move: MoveDict }
  | { action: "foundation"; pile: string }
  | { action: "undo" | "redo" | "restart" | "new_deal" | "hint" | "winnable" }
  | { action: "lesson_next" | "lesson_back" | "lesson_close" }
  | { action: "coach_close" };

/** What the front end sends: an action stamped with the revision it was decided on. */
export type Intent = Action & { type: "intent"; rev: number; seq: number; view: string };

/** Python's direct answer to one intent, sent to every view; only the view that asked acts on it. */
export interface Answer {
  type: "answer";
  view: string;
  seq: number;
  ok: boolean;
  text: string;
}

/** The part of anywidget's model interface this front end uses. */
export interface Model {
  get<K extends keyof Traits>(key: K): Traits[K];
  on(event: string, callback: (...args: unknown[]) => void): void;
  off(event: string, callback: (...args: unknown[]) => void): void;
  send(content: Intent): void;
}
