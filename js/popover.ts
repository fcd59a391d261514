// A panel that lies over the felt (the game chooser, Statistics, Rules), so that opening it moves no card. Escape,
// its Close button or a press anywhere outside it (other than on the button that opens it) closes it. The keyboard's
// focus moves into it when it opens, and back to its button when it closes with the focus inside.

export interface PopoverOptions {
  /** Where the focus goes when it opens (the panel itself by default). */
  focus?: () => HTMLElement;
  /** Called just before it opens (to fill it in). */
  onOpen?: () => void;
  /** Called once it has opened or closed. */
  onToggle?: (open: boolean) => void;
}

/** The element that has the focus in the document or shadow root that holds `node` (marimo draws the board in one). */
function focused(node: Node): Element | null {
  const root = node.getRootNode();
  return root instanceof ShadowRoot || root instanceof Document ? root.activeElement : document.activeElement;
}

export class Popover {
  constructor(
    readonly panel: HTMLElement,
    private readonly opener: HTMLElement,
    private readonly options: PopoverOptions = {},
  ) {
    panel.hidden = true;
    panel.tabIndex = -1;
    panel.setAttribute("role", "dialog");
    panel.classList.add("sw-popover");
    opener.setAttribute("aria-haspopup", "dialog");
    opener.setAttribute("aria-expanded", "false");
    panel.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      this.toggle(false);
    });
  }

  get open(): boolean {
    return !this.panel.hidden;
  }

  /** Open or close it (`open` left out: the other way round). */
  toggle(open?: boolean): void {
    const show = open ?? !this.open;
    if (show === this.open) return;
    if (show) {
      this.options.onOpen?.();
      this.panel.hidden = false;
      document.addEventListener("pointerdown", this.outside, true);
      (this.options.focus?.() ?? this.panel).focus({ preventScroll: true });
    } else {
      const inside = this.panel.contains(focused(this.panel));
      this.panel.hidden = true;
      document.removeEventListener("pointerdown", this.outside, true);
      if (inside) this.opener.focus({ preventScroll: true });
    }
    this.opener.setAttribute("aria-expanded", String(show));
    this.options.onToggle?.(show);
  }

  /** Stop listening to the page (the view is going away). */
  stop(): void {
    document.removeEventListener("pointerdown", this.outside, true);
  }

  // The path, not the target: a page that draws the board in a shadow root (marimo) shows the document only its host.
  private readonly outside = (e: PointerEvent): void => {
    const path = e.composedPath();
    if (!path.includes(this.panel) && !path.includes(this.opener)) this.toggle(false);
  };
}
