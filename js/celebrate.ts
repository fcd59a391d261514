// A win worth seeing: the cards leave the foundations one by one, King first, and bound across the felt until they
// are off it, while the banner says "You won!" with the game's figures. Copies of the cards fly; each card they copy
// is hidden while its copy is away, and every one is back in its place once the last has left, or at once when the
// board shows another position (undo, a new deal). Camelot throws a whole deck: its court cards from their cells,
// the cards its win removed from the emptied centre. Under the browser's reduced-motion setting, or with the board's
// `animate` off, the widget does not call this: the banner says it all.

import { makeFace } from "./cards";

/** Time between two cards leaving, in milliseconds. */
const STAGGER_MS = 90;
/** One step of the flight, in milliseconds (the keyframes are this far apart). */
const STEP_MS = 16;
/** The longest flight, in steps, should a card never leave the felt. */
const MAX_STEPS = 360;
/** Downward pull per step, and the share of its speed a card keeps when it bounces, in card widths. */
const GRAVITY = 0.0065;
const BOUNCE = 0.72;

interface Launch {
  code: string;
  left: number;
  top: number;
  /** The board's own card, hidden while its copy flies. */
  card?: HTMLElement;
}

/** Where `el` sits on the felt whose box is `origin`. */
function offset(el: Element, origin: DOMRect): { left: number; top: number } {
  const box = el.getBoundingClientRect();
  return { left: box.left - origin.left, top: box.top - origin.top };
}

/** The cards to throw, in the order they go: the foundations' cards from the top down, taking the piles in turn;
 * in Camelot, whose grid has no foundations, `camelotLaunches`. */
function launches(felt: HTMLElement): Launch[] {
  const origin = felt.getBoundingClientRect();
  const piles = [...felt.querySelectorAll<HTMLElement>('[data-pile^="f"]')];
  const stacks = piles.map((pile) => [...pile.querySelectorAll<HTMLElement>(":scope > .sw-card[data-card]")]);
  const found: Launch[] = [];
  const height = Math.max(0, ...stacks.map((s) => s.length));
  for (let level = 0; level < height; level++) {
    stacks.forEach((stack, p) => {
      const card = stack[stack.length - 1 - level];
      const code = card?.dataset.card;
      if (card && code && code !== "down") found.push({ code, card, ...offset(piles[p], origin) });
    });
  }
  return found.length > 0 ? found : camelotLaunches(felt, origin);
}

const RANKS = "KQJT98765432A";
const SUITS = "SHDC";
/** Camelot's centre cells, empty at a win. */
const CENTRE = ["r2c2", "r2c3", "r3c2", "r3c3"];

/** Camelot's win leaves the twelve court cards in their cells and has removed the forty others: a deck, Kings
 * first, each card still on the grid leaving from its own cell (and hidden there while its copy flies, so that no
 * card shows twice), the removed ones from the four centre cells the win emptied, in turn. */
function camelotLaunches(felt: HTMLElement, origin: DOMRect): Launch[] {
  const cells = [...felt.querySelectorAll<HTMLElement>('[data-pile^="r"]')];
  const centre = CENTRE.map((name) => felt.querySelector(`[data-pile="${name}"]`)).filter(
    (el): el is Element => el !== null,
  );
  if (cells.length === 0 || centre.length === 0) return [];
  const onGrid = new Map<string, Launch>();
  for (const cell of cells) {
    const card = cell.querySelector<HTMLElement>(":scope > .sw-card[data-card]");
    const code = card?.dataset.card;
    if (card && code && code !== "down") onGrid.set(code, { code, card, ...offset(cell, origin) });
  }
  const deck: Launch[] = [];
  let removed = 0;
  for (const rank of RANKS) {
    const gone: string[] = [];
    for (const suit of SUITS) {
      const launch = onGrid.get(`${rank}${suit}`);
      if (launch) deck.push(launch);
      else gone.push(`${rank}${suit}`);
    }
    for (const code of gone) deck.push({ code, ...offset(centre[removed++ % centre.length], origin) });
  }
  return deck;
}

/** The flight of the `index`th card from `launch`: keyframes of its offset from where it starts, falling, bouncing
 * on the felt's lower edge and leaving by a side. Deterministic (no randomness), so that every win looks alike. */
function flight(index: number, launch: Launch, width: number, height: number, cw: number): Keyframe[] {
  const ch = cw * 1.4;
  const direction = index % 4 < 2 ? -1 : 1;
  let vx = direction * cw * (0.025 + ((index * 7) % 5) * 0.009);
  let vy = -cw * (((index * 5) % 4) * 0.02);
  const g = cw * GRAVITY;
  const floor = height - ch - launch.top;
  let x = 0;
  let y = 0;
  const frames: Keyframe[] = [{ transform: "translate(0px, 0px)", opacity: 1 }];
  for (let step = 0; step < MAX_STEPS; step++) {
    vy += g;
    x += vx;
    y += vy;
    if (y > floor) {
      y = floor;
      vy = -vy * BOUNCE;
    }
    frames.push({ transform: `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)` });
    if (launch.left + x < -cw || launch.left + x > width) break;
  }
  frames[frames.length - 1].opacity = 1;
  return frames;
}

/** Celebrate a win on `felt`; returns a function that ends the celebration at once. */
export function celebrate(felt: HTMLElement): () => void {
  felt.querySelector(":scope > .sw-cascade")?.remove();
  const cards = launches(felt);
  if (cards.length === 0) return () => undefined;
  const layer = document.createElement("div");
  layer.className = "sw-cascade";
  layer.setAttribute("aria-hidden", "true");
  felt.append(layer);
  const width = felt.clientWidth;
  const height = felt.clientHeight;
  const probe = felt.querySelector<HTMLElement>(".sw-pile");
  const cw = probe?.getBoundingClientRect().width || 84;
  let left = cards.length;
  const animations: Animation[] = [];
  const timers: number[] = [];
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    for (const timer of timers) window.clearTimeout(timer);
    for (const animation of animations) animation.cancel();
    for (const launch of cards) launch.card?.style.removeProperty("visibility");
    layer.remove();
  };
  cards.forEach((launch, i) => {
    const card = makeFace(launch.code);
    card.classList.add("sw-cascade-card");
    card.removeAttribute("role");
    card.removeAttribute("aria-label");
    card.style.left = `${launch.left}px`;
    card.style.top = `${launch.top}px`;
    card.style.opacity = "0"; // unseen until its turn comes (the animation shows it)
    layer.append(card);
    const frames = flight(i, launch, width, height, cw);
    const animation = card.animate(frames, {
      duration: frames.length * STEP_MS,
      delay: i * STAGGER_MS,
      fill: "forwards",
      easing: "linear",
    });
    animations.push(animation);
    const real = launch.card;
    if (real) timers.push(window.setTimeout(() => real.style.setProperty("visibility", "hidden"), i * STAGGER_MS));
    animation.finished.then(
      () => {
        card.remove();
        left -= 1;
        if (left === 0) end();
      },
      () => undefined,
    );
  });
  return end;
}
