"""Where no thread can be started (Python in the browser: Pyodide has none), the board's searches still answer.

:class:`BackgroundSearch` then runs the search on the kernel's event loop once the request that started it has
been answered, so that what the board says first ("Looking for a good move…", the running meter) comes before the
answer and never after it. Checked here with ``threading.Thread.start`` made to fail as it does in Pyodide.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest

import solitaire_widget as sw
from solitaire_widget.widget.analysis import BackgroundSearch


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> Iterator[asyncio.AbstractEventLoop]:
    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    # A loop another test left running in this thread (Playwright's synchronous API keeps one for the session's
    # browser tests) is set aside while this loop plays the kernel's, then put back.
    running = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        yield loop
    finally:
        asyncio.set_event_loop(None)
        loop.close()
        asyncio._set_running_loop(running)


def _idle(loop: asyncio.AbstractEventLoop) -> None:
    """Let the loop run what is due, as the kernel does between requests."""
    loop.run_until_complete(asyncio.sleep(0))


def test_a_search_runs_on_the_event_loop_after_the_request(no_threads: asyncio.AbstractEventLoop) -> None:
    answers: list[object] = []
    search = BackgroundSearch("test")
    search.start(lambda cancel: 42, answers.append)
    assert answers == [] and search.running, "the search ran before the request that started it was answered"
    _idle(no_threads)
    assert answers == [42] and not search.running


def test_a_search_cancelled_or_replaced_before_it_runs_never_answers(no_threads: asyncio.AbstractEventLoop) -> None:
    answers: list[object] = []
    search = BackgroundSearch("test")
    search.start(lambda cancel: "first", answers.append)
    search.start(lambda cancel: "second", answers.append)
    _idle(no_threads)
    assert answers == ["second"]
    search.start(lambda cancel: "third", answers.append)
    search.cancel()
    _idle(no_threads)
    assert answers == ["second"] and not search.running


def test_the_board_s_hint_shows_without_threads(no_threads: asyncio.AbstractEventLoop) -> None:
    board = sw.Solitaire("athena", deal=1)
    board._board_hint()
    assert board.suggestion is None and "…" in board.message["text"]
    _idle(no_threads)
    assert board.suggestion is not None, f"no hint; the board says {board.message['text']!r}"
    assert board.message["text"] == board.suggestion["text"]


def _near_the_end(animate: bool) -> sw.Solitaire:
    """A Klondike board won in all but the moving (deal 2, along the solver's line)."""
    game = sw.new_game("klondike", 2)
    for move in sw.solve(game, time_limit=None, node_limit=5_000_000).line:
        if sw.finish.finishing_moves(game) is not None:
            break
        game.play(move)
    return sw.Solitaire(game=game, animate=animate)


def test_the_board_s_finish_plays_out_on_the_event_loop(no_threads: asyncio.AbstractEventLoop) -> None:
    """Finish on the board, with no thread to play it: the first card goes home at once, the others one event-loop
    call apart (FINISH_STEP), so that the browser draws each flight; the kernel answers requests in between."""
    board = _near_the_end(animate=True)
    left = len(sw.finish.finishing_moves(board.game) or [])
    played = len(board.game.history)
    ok, _ = board._board_finish()
    assert ok and len(board.game.history) == played + 1, "the first card goes home with the request"
    deadline = no_threads.time() + 60
    while board.game.status != "won" and no_threads.time() < deadline:
        no_threads.run_until_complete(asyncio.sleep(0.05))
    assert board.game.status == "won" and len(board.game.history) == played + left
    assert not board._finishing.is_set()


def test_a_finish_on_the_event_loop_stops_when_the_player_moves(no_threads: asyncio.AbstractEventLoop) -> None:
    board = _near_the_end(animate=True)
    board._board_finish()
    board.undo()  # the player takes the first card back: the finish stops, as on a thread
    no_threads.run_until_complete(asyncio.sleep(0.5))
    assert board.game.status == "playing" and not board._finishing.is_set()
    quick = _near_the_end(animate=False)  # without animation, every card at once
    quick._board_finish()
    assert quick.game.status == "won"
