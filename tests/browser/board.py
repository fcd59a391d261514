"""The board as a test sees it: its DOM hooks, real pointer gestures, and the live game in the kernel.

Only the hooks the issue fixes are relied on: every pile or cell element has ``data-pile`` with its FORMAT.md name,
and holds its cards (bottom to top, in DOM order) as elements with ``data-card`` (the card's code, or ``down``).
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .lab import LabPage
from .scenarios import expected_board

# Reads every pile of one board: {pile: [data-card, ...]}, cards in DOM order (bottom to top).
_JS_READ_PILES = """
    (root) => {
      const piles = {};
      for (const pile of root.querySelectorAll('[data-pile]')) {
        piles[pile.dataset.pile] = [...pile.querySelectorAll('[data-card]')].map((card) => card.dataset.card);
      }
      return piles;
    }
"""

# How the game-over banner looks: its status and words, its title's size, its figures ({name: [label, value]}),
# whether it lies inside the felt, and a card's width to measure it by.
BANNER_LOOKS = """(root) => {
  const banner = root.querySelector('.sw-banner');
  const title = banner.querySelector('.sw-banner-text');
  const felt = root.querySelector('.sw-felt').getBoundingClientRect();
  const box = banner.getBoundingClientRect();
  const figures = Object.fromEntries([...banner.querySelectorAll('.sw-banner-figure')].map(
    (f) => [f.dataset.figure, [f.querySelector('dt').textContent, f.querySelector('dd').textContent]]));
  return {status: banner.dataset.status, hidden: banner.hidden, text: title.textContent,
          size: parseFloat(getComputedStyle(title).fontSize), width: box.width, figures,
          inside: box.left >= felt.left && box.right <= felt.right && box.top >= felt.top && box.bottom <= felt.bottom,
          card: root.querySelector('.sw-card').getBoundingClientRect().width};
}"""

# True when no card is lifted or gliding and every pile is where it was at the last poll (polled every 100 ms).
_JS_SETTLED = """
    (root) => {
      if (root.querySelector('.sw-lifted, .sw-moving')) return false;
      const layout = [...root.querySelectorAll('[data-pile]')].map((pile) => {
        const box = pile.getBoundingClientRect();
        return [box.x, box.y, box.width, box.height].map(Math.round).join(',');
      }).join(';');
      const steady = root.__swLayout === layout;
      root.__swLayout = layout;
      return steady;
    }
"""

# True when the board shows `expected` (see scenarios.expected_board for the modes).
_JS_SHOWS = """
    ([root, expected]) => {
      const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
      for (const [name, want] of Object.entries(expected)) {
        const pile = root.querySelector(`[data-pile="${name}"]`);
        if (!pile) return false;
        const have = [...pile.querySelectorAll('[data-card]')].map((card) => card.dataset.card);
        if (want.mode === 'exact' && !same(have, want.cards)) return false;
        if (want.mode === 'backs' && (have.length === 0) !== (want.cards.length === 0)) return false;
        if (want.mode === 'backs' && have.some((card) => card !== 'down')) return false;
        if (want.mode === 'top') {
          if ((have.length === 0) !== (want.cards.length === 0)) return false;
          if (!same(have, want.cards.slice(want.cards.length - have.length))) return false;
        }
      }
      return true;
    }
"""


def describe_differences(shown: dict[str, list[str]], expected: dict[str, dict[str, Any]]) -> str:
    lines = []
    for name, want in expected.items():
        have = shown.get(name)
        if have is None:
            lines.append(f"  {name}: no element with data-pile={name!r}")
            continue
        cards = want["cards"]
        if want["mode"] == "exact":
            ok = have == cards
        elif want["mode"] == "backs":
            ok = bool(have) == bool(cards) and all(card == "down" for card in have)
        else:
            ok = bool(have) == bool(cards) and have == cards[len(cards) - len(have):]
        if not ok:
            lines.append(f"  {name}: shows {' '.join(have) or '(empty)'}; expected {' '.join(cards) or '(empty)'}"
                         + (" (top cards)" if want["mode"] == "top" else ""))
    return "\n".join(lines) or "  (no difference now: the board caught up late)"


class Board:
    """One ``sw.Solitaire`` displayed in cell ``cell_index``, bound to the Python name ``name`` in the kernel."""

    def __init__(self, lab: LabPage, cell_index: int, name: str = "w") -> None:
        self.lab = lab
        self.page = lab.page
        self.name = name
        self.cell_index = cell_index
        self.root: Locator = lab.cell(cell_index).locator(".jp-OutputArea-output").filter(
            has=self.page.locator("[data-pile]")).first

    # -- the DOM -----------------------------------------------------------------------------------------------

    def wait_until_rendered(self, timeout: float = 30_000) -> None:
        try:
            self.root.locator("[data-pile='stock']").wait_for(timeout=timeout)
        except PlaywrightTimeout:
            output = self.lab.cell(self.cell_index).locator(".jp-OutputArea").inner_text()
            errors = "\n".join(f"  {entry}" for entry in self.lab.console.errors()) or "  (none)"
            raise AssertionError(f"the board in cell {self.cell_index} did not render in {timeout / 1000:.0f} s.\n"
                                 f"The cell's output:\n{output or '(empty)'}\nBrowser console errors:\n"
                                 f"{errors}") from None

    def pile(self, name: str) -> Locator:
        return self.root.locator(f"[data-pile='{name}']")

    def cards(self, pile: str) -> Locator:
        return self.pile(pile).locator("[data-card]")

    def top_card(self, pile: str) -> Locator:
        return self.cards(pile).last

    def shown(self) -> dict[str, list[str]]:
        """Every pile's ``data-card`` values as the DOM has them now."""
        return self.root.evaluate(_JS_READ_PILES)

    def wait_for_position(self, position: dict[str, Any], *, timeout: float = 10_000, what: str = "") -> None:
        """Wait until the board shows ``position`` (a FORMAT.md dict); fail with every pile that differs."""
        expected = expected_board(position)
        handle = self.root.element_handle()
        try:
            self.page.wait_for_function(_JS_SHOWS, arg=[handle, expected], timeout=timeout)
        except PlaywrightTimeout:
            raise AssertionError(f"the board did not show {what or 'the expected position'} within "
                                 f"{timeout / 1000:.0f} s; piles that differ:\n"
                                 f"{describe_differences(self.shown(), expected)}") from None
        finally:
            handle.dispose()

    def text(self) -> str:
        return self.root.inner_text()

    def message(self) -> str:
        """The message line (``.sw-message``, the ``aria-live`` region): the last move or refusal, in words."""
        return self.root.locator(".sw-message").inner_text()

    def wait_for_message(self, text: str, *, timeout: float = 10_000) -> None:
        """Wait until the message line says exactly ``text``; fail with what it says instead."""
        line = self.root.locator(".sw-message")
        handle = line.element_handle()
        try:
            self.page.wait_for_function("([el, text]) => el.textContent.trim() === text", arg=[handle, text],
                                        timeout=timeout)
        except PlaywrightTimeout:
            raise AssertionError(f"the message line never said {text!r}; it says {self.message()!r}") from None
        finally:
            handle.dispose()

    def button(self, action: str) -> Locator:
        """A toolbar button by the intent it sends (``data-action``: undo, redo, restart, new_deal, hint...)."""
        return self.root.locator(f".sw-toolbar [data-action='{action}']")

    def wait_until_settled(self, timeout: float = 5_000) -> None:
        """Wait until no card is lifted by a drag or still gliding (``sw-lifted``, ``sw-moving``), and the piles
        have stopped moving on the page: a theme switch or a resize lays the board out again (the cards are sized to
        the room), and a gesture aimed before that lands beside its target."""
        handle = self.root.element_handle()
        try:
            self.page.wait_for_function(_JS_SETTLED, arg=handle, timeout=timeout, polling=100)
        finally:
            handle.dispose()

    def box(self, locator: Locator) -> dict[str, float]:
        box = locator.bounding_box()
        assert box is not None, f"{locator} has no box on screen"
        return box

    # -- gestures ----------------------------------------------------------------------------------------------

    def _grip(self, card: Locator) -> tuple[float, float]:
        """A point on the visible part of a card: its top strip, which shows even when cards are fanned over it."""
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box is not None, f"card {card} has no box on screen"
        return box["x"] + box["width"] / 2, box["y"] + min(12.0, box["height"] / 4)

    def _centre(self, locator: Locator) -> tuple[float, float]:
        box = locator.bounding_box()
        assert box is not None, f"{locator} has no box on screen"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def _drop_point(self, pile: str) -> tuple[float, float]:
        cards = self.cards(pile)
        return self._centre(cards.last if cards.count() else self.pile(pile))

    def drag(self, src: str, dst: str, count: int = 1, *, steps: int = 8) -> None:
        """Drag the top ``count`` cards of ``src`` onto ``dst`` with real pointer events (down, moves, up)."""
        cards = self.cards(src)
        total = cards.count()
        assert total >= count, f"{src} shows {total} cards; cannot drag {count}"
        x, y = self._grip(cards.nth(total - count))
        tx, ty = self._drop_point(dst)
        mouse = self.page.mouse
        mouse.move(x, y)
        mouse.down()
        mouse.move(x + 6, y + 6, steps=2)  # past any drag threshold
        mouse.move(tx, ty, steps=steps)
        mouse.up()

    def touch_drag(self, src: str, dst: str, count: int = 1, *, steps: int = 10) -> None:
        """Drag with a finger: touch start, moves and end sent through the browser's input pipeline (CDP), which
        turns them into pointer events of type "touch". Needs a context with ``has_touch=True``."""
        cards = self.cards(src)
        x, y = self._grip(cards.nth(cards.count() - count))
        tx, ty = self._drop_point(dst)
        session = self.page.context.new_cdp_session(self.page)
        try:
            session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            for step in range(1, steps + 1):
                point = {"x": x + (tx - x) * step / steps, "y": y + (ty - y) * step / steps}
                session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
            session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        finally:
            session.detach()

    def tap_pile(self, pile: str) -> None:
        cards = self.cards(pile)
        (cards.last if cards.count() else self.pile(pile)).tap()

    def click_pile(self, pile: str) -> None:
        """Click a pile: its top card when it has one, the pile itself otherwise."""
        cards = self.cards(pile)
        (cards.last if cards.count() else self.pile(pile)).click()

    def click_card(self, pile: str, count: int = 1) -> None:
        """Click the card ``count`` from the top of ``pile`` (1: the top card), on its visible strip."""
        cards = self.cards(pile)
        total = cards.count()
        assert total >= count, f"{pile} shows {total} cards; cannot click the {count}th from the top"
        x, y = self._grip(cards.nth(total - count))
        self.page.mouse.click(x, y)

    def double_click_top(self, pile: str) -> None:
        self.top_card(pile).dblclick()

    def focus(self) -> None:
        """Give the board keyboard focus by clicking an empty part of it (not a card)."""
        focusable = self.root.locator("[tabindex]").first
        try:
            focusable.focus()
        except PlaywrightError:
            self.root.click(position={"x": 2, "y": 2})

    # -- the kernel --------------------------------------------------------------------------------------------

    def game_position(self) -> dict[str, Any]:
        return self.lab.kernel_eval(f"{self.name}.game.position()")

    def history(self) -> list[str]:
        return self.lab.kernel_eval(f"[str(m) for m in {self.name}.game.history]")

    def wait_for_game(self, position: dict[str, Any], *, what: str = "", timeout: float = 15.0) -> None:
        """Wait until ``w.game.position()`` in the kernel equals ``position``."""
        self.lab.wait_for_kernel(f"{self.name}.game.position()", lambda value: value == position,
                                 timeout=timeout, what=what or "the expected position")

    def wait_for_kernel_value(self, expression: str, value: Any, *, timeout: float = 15.0) -> None:
        self.lab.wait_for_kernel(expression, lambda seen: seen == value, timeout=timeout,
                                 what=f"{expression} == {value!r}")

    def play_from_python(self, *moves: str) -> None:
        calls = "\n".join(f"{self.name}.play({json.dumps(move)})" for move in moves)
        self.lab.kernel_exec(calls)
