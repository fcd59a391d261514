"""Issue 33: a win worth seeing, moves within one frame, one felt colour, backs that look like backs.

- A won game (Thumb and Pouch deal 1, the solver's line played from Python and its last move on the board) says
  "You won!" large over the felt with the game's figures, while copies of the cards bound off the felt; under
  reduced motion the banner comes alone.
- A legal move that turns no card shows its cards in their new place before Python has answered (the kernel is kept busy while the
  card is dropped), and Python's view, when it comes, leaves the same card elements where they are (no flicker).
- A move Python refuses (Python moved first while the kernel was busy, so the intent is stale) goes back.
- The light felt is the colour of the pictures' felt (sw.picture in the same notebook).
- In a column each face-down card shows the back's colour, not a white strip.
"""

from __future__ import annotations

import io
from functools import cache

import pytest
import solitaire_widget as sw
from PIL import Image
from solitaire_widget.pictures import FELT

from . import scenarios
from .board import BANNER_LOOKS, Board

pytestmark = pytest.mark.browser

# Keep the kernel busy with `code` (a sleep) without waiting for it: an intent the board sends meanwhile waits on
# the shell channel behind it, so Python answers only after the sleep.
_START_BUSY = """
    (code) => {
      const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
      window.__swBusy = kernel.requestExecute({code, silent: false, store_history: false}).done.then(() => true);
    }
"""

# Watch pile `pile` for the card elements `codes`: records whether they all showed there, and whether, once they
# had, any mutation left one of them anywhere else or put another element in its place (a flicker).
_WATCH = """
    ([root, pile, codes]) => {
      const target = root.querySelector(`[data-pile="${pile}"]`);
      const state = {seen: false, flicker: 0, elements: null};
      const there = () => codes.map((code) => target.querySelector(`:scope > [data-card="${code}"]`));
      const check = () => {
        const found = there();
        const all = found.every((el) => el !== null);
        if (!state.seen && all) { state.seen = true; state.elements = found; return; }
        if (state.seen && (!all || found.some((el, i) => el !== state.elements[i]))) state.flicker += 1;
      };
      const observer = new MutationObserver(check);
      observer.observe(root, {subtree: true, childList: true, attributes: true});
      window.__swWatch = state;
      window.__swStopWatch = () => { observer.disconnect(); check();
                                     return {seen: state.seen, flicker: state.flicker}; };
    }
"""

_SHOWS_IN = """([root, pile, codes]) => {
  const target = root.querySelector(`[data-pile="${pile}"]`);
  return codes.every((code) => target.querySelector(`:scope > [data-card="${code}"]`) !== null);
}"""


def _rev(board: Board) -> str:
    return board.root.locator(".sw-root").get_attribute("data-rev") or ""


def _moved_codes(scenario: scenarios.MoveScenario) -> list[str]:
    """The codes of the cards the scenario's move (from the waste) carries, as the board shows them."""
    assert scenario.move.src == "waste", scenario.move
    return [code.upper() for code in scenario.before["waste"][-scenario.move.count:]]


def _show(show_board, scenario: scenarios.MoveScenario) -> Board:
    """The scenario's deal on a board, with its setup (a deal from the stock) played from Python."""
    board = show_board(scenario.variant, scenario.deal)
    board.play_from_python(*scenario.setup)
    board.wait_for_position(scenario.before, what="the position after the setup")
    board.wait_until_settled()
    return board


def test_a_move_shows_before_python_answers_and_python_confirms_it_without_flicker(show_board):
    scenario = scenarios.waste_move_after_a_deal("athena")
    board = _show(show_board, scenario)
    page = board.page
    codes = _moved_codes(scenario)
    rev = _rev(board)
    handle = board.root.element_handle()
    page.evaluate(_WATCH, [handle, scenario.move.dst, codes])
    page.evaluate(_START_BUSY, "import time; time.sleep(1.5)")
    page.wait_for_timeout(100)  # the sleep has begun
    board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    # Python is asleep: whatever the board shows now, it showed on its own.
    shown = page.evaluate(_SHOWS_IN, [handle, scenario.move.dst, codes])
    assert shown, f"the dragged cards {codes} are not on {scenario.move.dst} before Python answered: {board.shown()}"
    assert _rev(board) == rev, "Python's view came before the check: the kernel was not kept busy"
    assert page.evaluate("() => window.__swBusy")
    board.wait_for_position(scenario.after, what="Python's view of the move")
    page.wait_for_function("([root, rev]) => root.querySelector('.sw-root').dataset.rev !== rev", arg=[handle, rev])
    watched = page.evaluate("() => window.__swStopWatch()")
    handle.dispose()
    assert watched == {"seen": True, "flicker": 0}, watched
    assert board.history() == [*scenario.setup, str(scenario.move)]


def test_a_move_python_refuses_goes_back(show_board):
    scenario = scenarios.waste_move_after_a_deal("athena")
    board = _show(show_board, scenario)
    page = board.page
    codes = _moved_codes(scenario)
    handle = board.root.element_handle()
    # Python moves first (a deal from the stock) once the sleep is over: the board's move, sent meanwhile, carries
    # a revision Python has moved past, and is refused.
    page.evaluate(_START_BUSY, "import time; time.sleep(1.5); w.play('deal')")
    page.wait_for_timeout(100)
    board.drag(scenario.move.src, scenario.move.dst, scenario.move.count)
    assert page.evaluate(_SHOWS_IN, [handle, scenario.move.dst, codes]), "the move was not shown ahead of Python"
    page.evaluate("() => window.__swBusy")
    game = sw.new_game("athena", deal=scenario.deal)
    for move in (*scenario.setup, "deal"):
        game.play(move)
    board.wait_for_message("The board was out of date (another view or Python moved first), so nothing changed. "
                           "Try again on the board as it is now.")
    board.wait_for_position(game.position(), what="Python's position, the refused move taken back")
    board.wait_until_settled()
    assert page.evaluate(_SHOWS_IN, [handle, scenario.move.src, codes]), "the cards did not go back"
    handle.dispose()
    assert board.history() == [*scenario.setup, "deal"]


@cache
def _winning_line() -> tuple[str, ...]:
    result = sw.solve(sw.new_game("thumb-and-pouch", deal=1), time_limit=None, node_limit=5_000_000)
    assert result.line, f"Thumb and Pouch deal 1 is not won by the solver: {result}"
    return tuple(str(move) for move in result.line)


def _win_on_the_board(board: Board) -> int:
    """Play Thumb and Pouch deal 1 from Python up to its last move, and that move on the board; returns the moves."""
    line = _winning_line()
    board.play_from_python(*line[:-1])
    last = sw.Move.parse(line[-1])
    game = sw.new_game("thumb-and-pouch", deal=1)
    for move in line[:-1]:
        game.play(move)
    board.wait_for_position(game.position(), what="the position one move from the win")
    board.wait_until_settled()
    board.drag(last.src, last.dst, last.count)
    return len(line)


def _assert_won_banner(board: Board, moves: int) -> dict:
    board.root.locator(".sw-banner[data-status='won']").wait_for(state="visible", timeout=15_000)
    banner = board.root.evaluate(BANNER_LOOKS)
    assert banner["text"] == "You won!", banner
    assert banner["size"] >= 28, f"'You won!' is not large: {banner}"
    assert banner["width"] >= 2.5 * banner["card"], f"the banner is a small box: {banner}"
    assert banner["inside"], f"the banner is not over the felt: {banner}"
    assert banner["figures"]["moves"] == ["Moves", str(moves)], banner
    assert banner["figures"]["score"] == ["Score", "52"], banner
    return banner


def test_a_won_game_is_celebrated_on_the_felt(show_board, screenshot_dir):
    board = show_board("thumb-and-pouch", 1)
    moves = _win_on_the_board(board)
    _assert_won_banner(board, moves)
    cascade = board.root.locator(".sw-cascade .sw-cascade-card")
    cascade.first.wait_for(state="attached", timeout=5_000)
    assert cascade.count() == 52, "not every card of the foundations takes part"
    board.page.wait_for_timeout(1500)
    # (Not LabPage.screenshot, which lets animations finish first: the cards in flight are the point.)
    board.root.screenshot(path=str(screenshot_dir / "won-thumb-and-pouch.png"))
    in_flight = board.root.evaluate("""(root) => {
      const felt = root.querySelector('.sw-felt').getBoundingClientRect();
      return [...root.querySelectorAll('.sw-cascade-card')].filter((card) => {
        const box = card.getBoundingClientRect();
        return box.right > felt.left && box.left < felt.right && box.top > felt.top + felt.height * 0.3;
      }).length;
    }""")
    assert in_flight >= 3, f"only {in_flight} cards are in flight over the felt 1.5 s into the celebration"
    # The board still holds the won position (the copies fly, the cards stay the game's).
    assert [len(board.shown()[f"f{n}"]) for n in range(1, 5)] == [13, 13, 13, 13]
    # Undo ends the celebration at once, and puts every card back in sight.
    board.button("undo").click()
    board.root.locator(".sw-banner").wait_for(state="hidden")
    assert board.root.locator(".sw-cascade").count() == 0
    hidden = board.root.evaluate("(root) => [...root.querySelectorAll('.sw-card')].filter("
                                 "(c) => getComputedStyle(c).visibility === 'hidden').length")
    assert hidden == 0


def test_under_reduced_motion_the_win_is_the_banner_alone(show_board):
    board = show_board("thumb-and-pouch", 1)
    board.page.emulate_media(reduced_motion="reduce")
    try:
        moves = _win_on_the_board(board)
        _assert_won_banner(board, moves)
        board.page.wait_for_timeout(300)
        assert board.root.locator(".sw-cascade").count() == 0
        animation = board.root.locator(".sw-banner").evaluate("(b) => getComputedStyle(b).animationName")
        assert animation == "none"
    finally:
        board.page.emulate_media(reduced_motion="no-preference")


def test_the_felt_is_the_pictures_felt(open_notebook):
    lab = open_notebook(["import solitaire_widget as sw\nw = sw.Solitaire('athena', deal=1)\nw",
                         "sw.picture(w.game)"])
    lab.run_cell(0)
    board = Board(lab, 0, "w")
    board.wait_until_rendered()
    lab.run_cell(1)
    picture = lab.cell(1).locator(".jp-OutputArea-output svg").first
    picture.wait_for()
    # The picture's felt: the rectangle under everything else, as the browser paints it.
    painted = picture.evaluate("(svg) => getComputedStyle(svg.querySelector(':scope > rect')).fill")
    felt = board.root.locator(".sw-felt").evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert felt == painted, f"the board's felt is {felt}, the picture's {painted}"
    red, green, blue = (int(FELT[i:i + 2], 16) for i in (1, 3, 5))
    assert felt == f"rgb({red}, {green}, {blue})"


def test_face_down_cards_in_a_column_show_their_backs(show_board):
    board = show_board("klondike", 1, card_size="large")
    board.wait_until_settled()
    column = board.pile("t7")
    backs = column.locator("[data-card='down']")
    assert backs.count() == 6
    # The strip the second back leaves showing of the first: most of it is the back's colour, not the white margin.
    first, second = board.box(backs.nth(0)), board.box(backs.nth(1))
    shot = Image.open(io.BytesIO(board.page.screenshot(clip={
        "x": first["x"] + 4, "y": first["y"] + 1, "width": first["width"] - 8,
        "height": max(2.0, second["y"] - first["y"] - 2)}))).convert("RGB")
    data = shot.tobytes()
    pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
    blue = sum(1 for r, g, b in pixels if b > r + 40 and b > g + 20)
    assert blue / len(pixels) > 0.5, f"only {blue / len(pixels):.0%} of a stacked back's strip shows its colour"
