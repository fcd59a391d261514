"""Issue 33, for Camelot: its win celebrated on its own 4×4 grid, and its lost banner beside the grid.

- A won Camelot game (the first deal the solver wins within a small node budget, its line played from Python and its
  last removal made on the board by dragging one card onto its partner, or clicking a Ten) says "You won!" large over
  the felt with the game's figures (score 40, for the 40 cards from Ace to Ten), the status line says the game is
  won, and copies of the cards bound off the felt: the twelve court cards from their own cells (each hidden while
  its copy flies, so no card shows twice), the forty removed cards from the emptied centre. Undo ends it at once.
- A Camelot game lost because a court card dealt has no free cell of its kind (the first deal where filling the
  centre first, then the first free cell, runs into it; the fatal deal made by clicking the stock) shows the lost
  banner as a bar under the grid, covering none of its cells (the centre ones above all), nor the stock or the
  waste, and says why.
"""

from __future__ import annotations

from functools import cache

import pytest
import solitaire_widget as sw
from solitaire_widget import Game, Move

from . import scenarios
from .board import BANNER_LOOKS, Board

pytestmark = pytest.mark.browser

#: The solver's budget per deal when looking for a winnable deal: nodes, not seconds, so that the choice of deal and
#: its line are the same on every machine and under any load.
NODE_BUDGET = 5_000
CELLS = tuple(f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5))
COURT_CELLS = {"K": ("r1c1", "r1c4", "r4c1", "r4c4"), "Q": ("r1c2", "r1c3", "r4c2", "r4c3"),
               "J": ("r2c1", "r3c1", "r2c4", "r3c4")}


@cache
def winnable_deal() -> tuple[int, tuple[str, ...]]:
    """The first Camelot deal (from 1) that the solver proves winnable within :data:`NODE_BUDGET` nodes, and the
    winning line it found (text form). The relaxed game settles most lost deals in no nodes at all, so this takes a
    fraction of a second."""
    for deal in range(1, 200):
        result = sw.solve(sw.new_game("camelot", deal=deal), time_limit=None, node_limit=NODE_BUDGET)
        if result.verdict == "winnable":
            return deal, tuple(str(move) for move in result.line)
    raise LookupError(f"no Camelot deal below 200 is proved winnable within {NODE_BUDGET} nodes")

# True when the element is wholly inside the part of the page its scrolling container shows (the notebook's panel,
# above JupyterLab's status bar), or the window when nothing scrolls it.
_IN_SIGHT = """(el) => {
  const box = el.getBoundingClientRect();
  let view = {top: 0, bottom: window.innerHeight};
  for (let up = el.parentElement; up; up = up.parentElement) {
    const overflow = getComputedStyle(up).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && up.scrollHeight > up.clientHeight) {
      view = up.getBoundingClientRect();
      break;
    }
  }
  return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
}"""


@cache
def court_without_a_cell() -> tuple[int, tuple[str, ...]]:
    """The first Camelot deal where filling by the helper's policy (:func:`scenarios.fill_camelot`) ends in a court
    card dealt with no free cell of its kind, and the moves up to that deal (the last move, a deal, loses the game)."""

    def lost_on_a_court(game: Game) -> tuple[str, ...] | None:
        moves = scenarios.fill_camelot(game)
        waste = game.position()["waste"]
        if moves and game.status == "lost" and moves[-1] == "deal" and waste and waste[-1][0] in scenarios.COURT:
            return tuple(moves)
        return None

    return scenarios.find_deal("camelot", lost_on_a_court, "a court card dealt with no free cell")


# -- the win -----------------------------------------------------------------------------------------------------

def _win_on_the_board(board: Board, deal: int, line: tuple[str, ...]) -> None:
    """Play ``line`` from Python but its last move, then that move (a removal) with a real gesture on the board."""
    board.play_from_python(*line[:-1])
    board.wait_for_position(scenarios.after_moves("camelot", deal, line[:-1]),
                            what="the position one removal from the win")
    board.wait_until_settled()
    last = Move.parse(line[-1])
    assert last.kind == "remove", f"a Camelot win ends with a removal, not {last}"
    if len(last.cells) == 2:
        board.drag(*last.cells)  # one card dropped onto its partner
    else:
        board.click_pile(last.cells[0])  # a Ten goes with a click


# Where each copy of a card in flight started (relative to the felt), and which of the board's own cards are hidden.
_CASCADE = """(root) => {
  const felt = root.querySelector('.sw-felt').getBoundingClientRect();
  const cells = {};
  for (const pile of root.querySelectorAll('.sw-grid [data-pile]')) {
    const box = pile.getBoundingClientRect();
    cells[pile.dataset.pile] = [Math.round(box.left - felt.left), Math.round(box.top - felt.top)];
  }
  const copies = [...root.querySelectorAll('.sw-cascade-card')].map((card) => [
    card.dataset.card, Math.round(parseFloat(card.style.left)), Math.round(parseFloat(card.style.top))]);
  const hidden = [...root.querySelectorAll('.sw-grid [data-card]')].filter(
    (card) => getComputedStyle(card).visibility === 'hidden').map((card) => card.dataset.card);
  return {cells, copies, hidden};
}"""

_IN_FLIGHT = """(root) => {
  const felt = root.querySelector('.sw-felt').getBoundingClientRect();
  return [...root.querySelectorAll('.sw-cascade-card')].filter((card) => {
    const box = card.getBoundingClientRect();
    return box.right > felt.left && box.left < felt.right && box.top > felt.top + felt.height * 0.3;
  }).length;
}"""


def test_a_won_camelot_game_is_celebrated_on_the_felt(show_board, screenshot_dir):
    deal, line = winnable_deal()
    won = scenarios.after_moves("camelot", deal, line)
    assert won["status"] == "won" and won["score"] == 40, won
    courts = {f"r{r}c{c}": card for r, row in enumerate(won["grid"], 1) for c, card in enumerate(row, 1) if card}
    assert sorted(card[0] for card in courts.values()) == sorted("JQK" * 4), courts

    board = show_board("camelot", deal)
    _win_on_the_board(board, deal, line)
    board.wait_for_kernel_value("w.game.status", "won")

    # The banner: "You won!" large, over the felt, with the moves and the score out of 40.
    board.root.locator(".sw-banner[data-status='won']").wait_for(state="visible", timeout=15_000)
    banner = board.root.evaluate(BANNER_LOOKS)
    assert banner["text"] == "You won!", banner
    assert banner["size"] >= 28, f"'You won!' is not large: {banner}"
    assert banner["width"] >= 2.5 * banner["card"], f"the banner is a small box: {banner}"
    assert banner["inside"], f"the banner is not over the felt: {banner}"
    assert banner["figures"]["moves"] == ["Moves", str(len(line))], banner
    assert banner["figures"]["score"] == ["Score", "40"], banner

    # The status line says so.
    status = board.root.locator(".sw-status").inner_text()
    assert status.startswith(f"Camelot · deal {deal} · score 40/40 · moves {len(line)} · stock 0"), status
    assert status.endswith(" · won"), f"the status line does not say the game is won: {status!r}"

    # The cards bound off the felt: a deck's worth, the court cards from their own cells, the rest from the centre.
    cascade = board.root.locator(".sw-cascade .sw-cascade-card")
    cascade.first.wait_for(state="attached", timeout=5_000)
    seen = board.root.evaluate(_CASCADE)
    copies = seen["copies"]
    assert len(copies) == 52, f"{len(copies)} cards take part, not a deck's 52"
    assert sorted(code for code, _, _ in copies) == sorted(r + s for r in "A23456789TJQK" for s in "SHDC")
    where = {code: (x, y) for code, x, y in copies}
    for cell, card in courts.items():
        (x, y), (cx, cy) = where[card], seen["cells"][cell]
        assert abs(x - cx) <= 1 and abs(y - cy) <= 1, (
            f"the copy of {card} starts at {(x, y)}, not at its cell {cell} {(cx, cy)}")
    centre = [tuple(seen["cells"][cell]) for cell in scenarios.CENTRE]
    strays = [code for code, x, y in copies if code[0] not in scenarios.COURT and (x, y) not in centre]
    assert not strays, f"removed cards that do not start from the centre cells: {strays}"
    assert all(code[0] == "K" for code, _, _ in copies[:4]), f"the Kings do not go first: {copies[:4]}"

    board.page.wait_for_timeout(1500)
    # (Not LabPage.screenshot, which lets animations finish first: the cards in flight are the point.)
    board.root.screenshot(path=str(screenshot_dir / "won-camelot.png"))
    hidden = board.root.evaluate(_CASCADE)["hidden"]
    assert sorted(hidden) == sorted(courts.values()), (
        f"1.5 s in, every court card's copy is away, so each court card should be hidden in its cell: {hidden}")
    in_flight = board.root.evaluate(_IN_FLIGHT)
    assert in_flight >= 3, f"only {in_flight} cards are in flight over the felt 1.5 s into the celebration"
    # The board still holds the won position (the copies fly, the cards stay the game's).
    assert {cell: cards for cell, cards in board.shown().items() if cards and cell in CELLS} == {
        cell: [card] for cell, card in courts.items()}

    # Undo ends the celebration at once, and puts every card back in sight.
    board.button("undo").click()
    board.root.locator(".sw-banner").wait_for(state="hidden")
    assert board.root.locator(".sw-cascade").count() == 0
    hidden = board.root.evaluate("(root) => [...root.querySelectorAll('.sw-card')].filter("
                                 "(c) => getComputedStyle(c).visibility === 'hidden').length")
    assert hidden == 0


# -- the loss ----------------------------------------------------------------------------------------------------

_NO_CELL = {"K": "No corner is free for",
            "Q": "No cell in the middle of the top or bottom row is free for",
            "J": "No cell in the middle of the left or right column is free for"}

# The places (the grid's cells, the stock and the waste) whose box the banner's box overlaps.
_COVERED_PLACES = """(root) => {
  const b = root.querySelector('.sw-banner').getBoundingClientRect();
  return [...root.querySelectorAll('[data-pile]')].filter((cell) => {
    const c = cell.getBoundingClientRect();
    return c.left < b.right && b.left < c.right && c.top < b.bottom && b.top < c.bottom;
  }).map((cell) => cell.dataset.pile);
}"""


def test_the_camelot_lost_banner_leaves_the_grid_in_sight(show_board, screenshot_dir):
    deal, moves = court_without_a_cell()
    lost = scenarios.after_moves("camelot", deal, moves)
    court = lost["waste"][-1]
    board = show_board("camelot", deal)
    board.play_from_python(*moves[:-1])
    board.wait_for_position(scenarios.after_moves("camelot", deal, moves[:-1]), what="the grid before the fatal deal")
    board.wait_until_settled()
    board.click_pile("stock")  # deals the court card that has nowhere to go
    board.wait_for_kernel_value("w.game.status", "lost")
    banner = board.root.locator(".sw-banner")
    banner.wait_for(state="visible")
    assert banner.get_attribute("data-status") == "lost"
    board.wait_for_position(lost, what="the lost position")
    board.wait_until_settled()
    board.root.screenshot(path=str(screenshot_dir / "lost-camelot.png"))

    covered = board.root.evaluate(_COVERED_PLACES)
    assert not set(covered) & set(scenarios.CENTRE), f"the lost banner covers the grid's centre: {covered}"
    assert covered == [], f"the lost banner covers places on the table: {covered}"
    grid, box = board.box(board.root.locator(".sw-grid")), board.box(banner)
    assert box["y"] >= grid["y"] + grid["height"], f"the lost banner is not under the grid: banner {box}, grid {grid}"
    assert banner.locator("[data-action='undo']").is_visible(), "the lost banner offers no Undo"
    # ...and in sight, Undo included, without scrolling: a banner under a tall grid is scrolled into view.
    board.page.wait_for_function(_IN_SIGHT, arg=banner.element_handle(), timeout=5_000)

    # What the player reads: the status line says lost, the message line says why.
    status = board.root.locator(".sw-status").inner_text()
    assert status.endswith(" · lost"), f"the status line does not say the game is lost: {status!r}"
    message = board.message()
    assert _NO_CELL[court[0]] in message and "so the game is lost" in message, message
    # The court card that lost it is on the waste, in sight too.
    assert board.shown()["waste"][-1:] == [court]
    assert court[0] in COURT_CELLS and all(board.shown()[cell] for cell in COURT_CELLS[court[0]]), (
        f"a cell for {court} is free on the board: {board.shown()}")
