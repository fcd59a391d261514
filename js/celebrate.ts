// A short celebration of a win: the top card of every pile hops in turn and the felt glows once. Under the
// browser's reduced-motion setting, or with the board's `animate` off, nothing moves (the banner says it all).

const STAGGER_MS = 70;
const LENGTH_MS = 700;

export function celebrate(felt: HTMLElement): void {
  const tops = [...felt.querySelectorAll<HTMLElement>("[data-pile] > .sw-card:last-child")];
  tops.forEach((card, i) => {
    card.style.animationDelay = `${i * STAGGER_MS}ms`;
  });
  felt.classList.remove("sw-celebrate");
  void felt.offsetWidth; // restart the animation when two wins come close together (undo, redo)
  felt.classList.add("sw-celebrate");
  window.setTimeout(
    () => {
      felt.classList.remove("sw-celebrate");
      for (const card of tops) card.style.animationDelay = "";
    },
    LENGTH_MS + tops.length * STAGGER_MS,
  );
}
