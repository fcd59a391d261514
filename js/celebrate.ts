// A win worth seeing: the cards leave the foundations one by one, King first, and bound across the felt until they
// are off it, while the banner says "You won!" with the game's figures. Copies of the cards fly; each card they copy
// is hidden while its copy is away, and every one is back in its place once the last has left, or at once when the
// board shows another position (undo, a new deal). Under the browser's reduced-motion setting, or with the board's `animate` off, the
// widget does not call this: the banner says it all.

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

/** The cards to throw, in the order they go: the foundations' cards from the top down, taking the piles in turn;
 * Camelot's win leaves no card on the table, so a whole deck, Kings first, from the grid's four corners. */
function launches(felt: HTMLElement): Launch[] {
  const origin = felt.getBoundingClientRect();
  const at = (el: Element): { left: number; top: number } => {
    const box = el.getBoundingClientRect();
    return { left: box.left - origin.left, top: box.top - origin.top };
  };
  const piles = [...felt.querySelectorAll<HTMLElement>('[data-pile^="f"]')];
  const stacks = piles.map((pile) => [...pile.querySelectorAll<HTMLElement>(":scope > .sw-card[data-card]")]);
  const found: Launch[] = [];
  const height = Math.max(0, ...stacks.map((s) => s.length));
  for (let level = 0; level < height; level++) {
    stacks.forEach((stack, p) => {
      const card = stack[stack.length - 1 - level];
      const code = card?.dataset.card;
      if (card && code && code !== "down") found.push({ code, card, ...at(piles[p]) });
    });
  }
  if (found.length > 0) return found;
  const corners = ["r1c1", "r1c4", "r4c1", "r4c4"]
    .map((name) => felt.querySelector(`[data-pile="${name}"]`))
    .filter((el): el is Element => el !== null);
  if (corners.length === 0) return [];
  const ranks = "KQJT98765432A";
  const suits = "SHDC";
  const deck: Launch[] = [];
  for (const rank of ranks) {
    [...suits].forEach((suit, i) => deck.push({ code: `${rank}${suit}`, ...at(corners[i % corners.length]) }));
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
