// The synced state as the front end sees it: a typed mirror of docs/PROTOCOL.md.
// Python owns every one of these values; the front end only reads them and sends intents back.

export type Variant = "athena" | "thumb-and-pouch" | "aunt-mary" | "camelot" | "klondike";
export type GameStatus = "playing" | "won" | "stuck" | "lost";
export type CardSize = "auto" | "small" | "medium" | "large";
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
  /** What a screen reader says of the stock ("Stock, 23 cards"), in the board's language. */
  stock_label: string;
  score: number;
  moves: number;
  status: GameStatus;
  can_undo: boolean;
  can_redo: boolean;
  /** Undo brings back the game New deal or Restart left (until this game's first move). */
  left_game: boolean;
  /** Every legal move in the rules model's text form (`t3-t5x2`, `waste-f1`, `place r2c3`, ...). */
  legal: string[];
  /** Won in all but the moving: every card face up, the stock spent, the foundations can take the rest. */
  can_finish: boolean;
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
  /** The view whose request an error answers ("" for anything else): only that view shows the error. */
  view?: string;
  /** The reasons behind the message (a hint's), shown on asking "Why?"; "" for none. */
  why?: string;
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
  /** The figure for the status line ("Win chance ≈ 62%"); `text` is the whole sentence. */
  short: string;
  text: string;
}

/** What the coach says of the last move, when it cut the win chance by much. */
export interface CoachNote {
  text: string;
  blunder: boolean;
  id: number;
}

/** One point of the review's chance graph: the fair chance after move `move` (the first point: before the first
 * move), with its 95% interval. */
export interface ReviewPoint {
  move: number;
  share: number;
  low: number;
  high: number;
  costly: boolean;
}

/** The game review (Python's `review` trait): its progress while it works, then the graph and the costliest moves. */
export interface ReviewState {
  state: "off" | "running" | "done" | "failed";
  /** Bumped by every press of Review, so that a view opens the panel again even for the same review. */
  id: number;
  text: string;
  done: number;
  total: number;
  points: ReviewPoint[];
  heading: string;
  costly: { move: number; text: string }[];
  note: string;
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

/** Every word the front end shows, in the board's language (Python's `words` trait). */
export interface Words {
  buttons: Record<string, string>;
  titles: Record<string, string>;
  banners: Record<string, string>;
  /** The won banner's figures: the labels of `moves`, `score` and `time`. */
  won: Record<string, string>;
  step: string;
  clock: string;
  meter_running: string;
  toolbar: string;
  lesson: string;
  table: string;
  board: string;
  board_deal: string;
  piles: Record<string, string>;
  marks: Record<string, string>;
  cards: Record<string, string>;
  face_down: string;
  rules_title: string;
  /** The game's rules, as sections: [heading, paragraphs]. */
  rules: [string, string[]][];
  /** The game chooser's labels and choices (`draw_3`, `redeals_-1`, `deals_hard`, ...). */
  chooser: Record<string, string>;
  games: GameChoice[];
  /** What the status line says of a proved-winnable deal, by difficulty level ("" when not graded). */
  deal_badges: Record<string, string>;
  /** The review panel: its title, the graph's name and axes, and the chance axis's marks ([share, label]). */
  review: { title: string; graph: string; move: string; chance: string; ticks: [number, string][] };
}

/** One game in the chooser. */
export interface GameChoice {
  variant: Variant;
  title: string;
  /** Each option's allowed values, the default first. */
  options: Record<string, number[]>;
  /** The full options for each number of cards turned (Klondike's redeals follow the draw). */
  defaults: Record<string, Record<string, number>>;
}

export type DealKind = "any" | "winnable" | "easy" | "medium" | "hard";

/** What the board keeps of the game (Python's `record` trait): the clock, the result, the Statistics panel. */
export interface GameRecord {
  /** Seconds played when this was sent; the clock runs on from there while `running`. */
  seconds: number;
  running: boolean;
  /** A sentence once the game is over ("Time played: 3:07; hints used: 1; moves undone: 4."). */
  result: string;
  title: string;
  /** The Statistics panel: [label, value] pairs, or none and a `note` saying why. */
  rows: [string, string][];
  note: string;
}

/** What the board says of the deal on it (Python's `deal_note` trait). */
export interface DealNote {
  kind: DealKind;
  level: "" | "easy" | "medium" | "hard";
  text: string;
  searching: boolean;
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
  review: ReviewState;
  lesson_state: Lesson;
  highlight: boolean;
  animate: boolean;
  four_color: boolean;
  card_size: CardSize;
  card_back: CardBack;
  high_contrast: boolean;
  show_chances: boolean;
  coach: boolean;
  language: string;
  words: Words;
  deals: DealKind;
  deal_note: DealNote;
  auto_finish: boolean;
  clock: boolean;
  record: GameRecord;
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
  | { action: "undo" | "redo" | "restart" | "hint" | "winnable" | "finish" | "review" }
  | {
      action: "new_deal";
      variant?: Variant;
      options?: Record<string, number>;
      deal?: number | "next" | "previous" | null;
      deals?: DealKind;
    }
  | { action: "lesson_next" | "lesson_back" | "lesson_close" }
  | { action: "coach_close" }
  | { action: "page_language"; language: string };

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
