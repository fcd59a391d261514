// Light or dark: the board reads what the host page says about its own theme and marks its root element with
// data-theme="light" | "dark", which widget.css turns into colours. Hosts are asked in order, and the first one that
// answers decides; the browser's prefers-color-scheme is asked last, so a host that says light wins over a browser
// that prefers dark.
//
//   1. JupyterLab and Notebook 7: body[data-jp-theme-light], then the luminance of --jp-layout-color0.
//   2. marimo (and pages in Tailwind's convention): a `dark` or `light` class on <html>, <body> or any element
//      around the board, shadow roots included (marimo draws widgets in one).
//   3. VS Code's notebooks: body.vscode-dark / vscode-light / vscode-high-contrast(-light), then the luminance of
//      --vscode-editor-background.
//   4. The browser: prefers-color-scheme.

export type Theme = "light" | "dark";

/** Relative luminance below which white text reads better than black (WCAG: equal contrast at about 0.179). */
const DARK_BELOW = 0.179;

let canvas: CanvasRenderingContext2D | null | undefined;

/** Any CSS colour as [r, g, b, a] (0–255, alpha 0–1), or null when it cannot be read. */
function parseColor(text: string): [number, number, number, number] | null {
  const value = text.trim();
  if (!value) return null;
  if (canvas === undefined) canvas = document.createElement("canvas").getContext("2d");
  let normal = value;
  if (canvas) {
    // The canvas normalises names, hsl() and short hex to "#rrggbb" or "rgba(...)"; an invalid colour leaves the
    // previous fill, so set a sentinel first and check it changed.
    canvas.fillStyle = "#010203";
    canvas.fillStyle = value;
    normal = String(canvas.fillStyle);
    if (normal === "#010203" && value.toLowerCase() !== "#010203") return null;
  }
  const hex = /^#([0-9a-f]{6})$/i.exec(normal);
  if (hex) {
    const n = parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(normal);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith("%") ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
    return [parseFloat(rgb[1]), parseFloat(rgb[2]), parseFloat(rgb[3]), alpha];
  }
  return null;
}

/** "dark" or "light" from a background colour's relative luminance; null for no colour or a transparent one. */
function themeOfColor(text: string): Theme | null {
  const color = parseColor(text);
  if (!color || color[3] < 0.5) return null;
  const [r, g, b] = color.slice(0, 3).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < DARK_BELOW ? "dark" : "light";
}

/** The element and every element around it, up to <html>, stepping out of shadow roots to their hosts. */
function* around(el: Element): Generator<Element> {
  let node: Element | null = el;
  while (node) {
    yield node;
    if (node.parentElement) node = node.parentElement;
    else {
      const rootNode = node.getRootNode();
      node = rootNode instanceof ShadowRoot ? rootNode.host : null;
    }
  }
}

function jupyterTheme(el: Element): Theme | null {
  const light = document.body?.dataset.jpThemeLight;
  if (light === "true") return "light";
  if (light === "false") return "dark";
  return themeOfColor(getComputedStyle(el).getPropertyValue("--jp-layout-color0"));
}

function classTheme(el: Element): Theme | null {
  const chain = [...around(el), document.body, document.documentElement];
  for (const node of chain) {
    if (!node) continue;
    if (node.classList.contains("dark")) return "dark";
    if (node.classList.contains("light")) return "light";
  }
  return null;
}

function vscodeTheme(el: Element): Theme | null {
  const body = document.body;
  if (body) {
    const kind = body.dataset.vscodeThemeKind ?? "";
    const classes = body.classList;
    if (kind === "vscode-high-contrast-light" || classes.contains("vscode-high-contrast-light")) return "light";
    if (kind === "vscode-light" || classes.contains("vscode-light")) return "light";
    if (kind === "vscode-dark" || classes.contains("vscode-dark")) return "dark";
    if (kind === "vscode-high-contrast" || classes.contains("vscode-high-contrast")) return "dark";
  }
  return themeOfColor(getComputedStyle(el).getPropertyValue("--vscode-editor-background"));
}

/** Attributes of <html> and <body> through which hosts announce a change of theme. */
const WATCHED = ["class", "style", "data-jp-theme-light", "data-jp-theme-name", "data-vscode-theme-kind"];

const prefersDark = (): MediaQueryList | null =>
  typeof window.matchMedia === "function" ? window.matchMedia("(prefers-color-scheme: dark)") : null;

/** The theme the page around `el` is in, by the signals above, in order. */
export function detectTheme(el: Element): Theme {
  return jupyterTheme(el) ?? classTheme(el) ?? vscodeTheme(el) ?? (prefersDark()?.matches ? "dark" : "light");
}

/**
 * Keep `root`'s data-theme in step with the page: now, when it is first laid out (the host's variables only reach
 * it once it is in the document), when <html> or <body> change their classes or attributes (a host switching theme),
 * and when the browser's preference changes. Returns the function that stops following.
 */
export function followTheme(root: HTMLElement): () => void {
  const apply = (): void => {
    const theme = detectTheme(root);
    if (root.dataset.theme !== theme) root.dataset.theme = theme;
  };
  apply();

  const mutations = new MutationObserver(apply);
  for (const target of [document.documentElement, document.body]) {
    if (target) mutations.observe(target, { attributes: true, attributeFilter: WATCHED });
  }
  // Attached (and so inheriting the host's variables and shadow-root classes) some time after creation.
  const layout = new ResizeObserver(apply);
  layout.observe(root);
  const media = prefersDark();
  media?.addEventListener("change", apply);

  return () => {
    mutations.disconnect();
    layout.disconnect();
    media?.removeEventListener("change", apply);
  };
}
