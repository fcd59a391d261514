"""The compiled core of the Klondike-family search is an exact mirror of the Python engine.

The Python engine (``solver/klondike.py`` and ``solver/search.py``) is the reference. For every position here
both engines run with the same node (and table) limits, and must agree on everything: the verdict, the number of
nodes, the largest table, the table thinnings, why the search stopped and the internal line, move for move. That
only holds if both make the same moves in the same order with the same pruning, so a change to either engine's
move order that is not made in the other shows up here at once.

These tests are skipped when the core is not built, except :func:`test_the_core_is_built_when_required`: with
``SOLITAIRE_REQUIRE_CORE=1`` (``make test`` sets it) a missing core is a failure.
"""

from __future__ import annotations

import _thread
import os
import random
import signal
import subprocess
import sys
import threading
import types
from typing import Any

import pytest

import solitaire_widget as sw
from solitaire_widget.solver import compiled, solve
from solitaire_widget.solver.budget import CHECK_EVERY, Budget
from solitaire_widget.solver.klondike import KlondikeState
from solitaire_widget.solver.restarts import relaxed
from solitaire_widget.solver.search import Memory, depth_first

from ..fake_clock import CountingFlag
from .helpers import family_position, random_family_endgame, replays_to_win

needs_core = pytest.mark.skipif(not compiled.available(), reason="the compiled solver core is not built")

# (variant, options): every pass limit and deal size of the family.
SETTINGS = [
    ("athena", {"draw": 1}),
    ("athena", {"draw": 3}),
    ("thumb-and-pouch", {}),
    ("aunt-mary", {}),
    ("klondike", {"draw": 1, "redeals": 0}),
    ("klondike", {"draw": 1, "redeals": 2}),
    ("klondike", {"draw": 1, "redeals": -1}),
    ("klondike", {"draw": 3, "redeals": 0}),
    ("klondike", {"draw": 3, "redeals": 2}),
    ("klondike", {"draw": 3, "redeals": -1}),
]
SETTING_IDS = [f"{variant}-{'-'.join(f'{k}{v}' for k, v in options.items())}" for variant, options in SETTINGS]


def both_engines(position: dict[str, Any], node_limit: int | None, table_limit: int = 2_000_000,
                 cancel: Any = None, perturb: int = 0,
                 guide: tuple[int, ...] | None = None) -> tuple[tuple, tuple]:
    """(Python's answer, the core's answer) for ``position``, each (verdict, internal line, stats)."""
    python = depth_first(KlondikeState(position, perturb, guide), Budget(None, node_limit, cancel), table_limit)
    if cancel is not None and hasattr(cancel, "reset"):
        cancel.reset()
    core = compiled.search(KlondikeState(position, perturb, guide), Budget(None, node_limit, cancel), table_limit)
    return python, core


def assert_same(position: dict[str, Any], node_limit: int | None, table_limit: int = 2_000_000,
                perturb: int = 0, guide: tuple[int, ...] | None = None) -> tuple:
    python, core = both_engines(position, node_limit, table_limit, perturb=perturb, guide=guide)
    assert core[0] == python[0], "verdict"
    assert core[2] == python[2], "stats"
    assert core[1] == python[1], "line"
    return core


def deal_position(variant: str, options: dict[str, int], deal: int) -> dict[str, Any]:
    return sw.new_game(variant, deal=deal, **options).position()


def midgame_position(variant: str, options: dict[str, int], deal: int, plies: int) -> dict[str, Any] | None:
    """The position after ``plies`` random legal moves from ``deal`` (None if the game ends first)."""
    game = sw.new_game(variant, deal=deal, **options)
    rng = random.Random(f"{variant}{options}{deal}{plies}")
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.is_over:
            return None
        game.play(rng.choice(moves))
    return game.position()


def test_the_core_is_built_when_required():
    if os.environ.get("SOLITAIRE_REQUIRE_CORE") == "1":
        assert compiled.available(), ("SOLITAIRE_REQUIRE_CORE=1 but the compiled solver core did not build or "
                                      "import: look for the build hook's warning in the install output")
        assert compiled.klondike_engine() in ("c", "python")  # "python" only when SOLITAIRE_SOLVER says so


# -- differential tests: real deals, mid-game positions, constructed positions ------------------------------------

@needs_core
@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_real_deals_agree(variant, options):
    for deal in range(1, 41):
        assert_same(deal_position(variant, options, deal), 2_000)
    for deal in range(1, 4):
        assert_same(deal_position(variant, options, deal), 20_000)


@needs_core
@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_perturbed_orders_agree(variant, options):
    # The restarts' orders: the same generator must draw the same numbers in both engines, seed for seed
    # (big and negative seeds too: both take them modulo 2**64).
    for deal in range(1, 9):
        for perturb in (1, 2, deal * 7919, 2**64 + 3, -5):
            assert_same(deal_position(variant, options, deal), 3_000, perturb=perturb)
    assert_same(deal_position(variant, options, 9), 30_000, perturb=4)


@needs_core
@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_guided_orders_agree(variant, options):
    # The guided searches of the restarts: a guide from the relaxed game's win, as solve() makes it, and random
    # guides, alone and with a perturbed order.
    for deal in range(1, 7):
        position = deal_position(variant, options, deal)
        easier = relaxed(position) or position
        verdict, line, _ = compiled.search(KlondikeState(easier), Budget(None, 50_000, None), 2_000_000)
        if verdict == "winnable":
            guide = KlondikeState(easier).guide_of(line)
            assert any(guide)
            assert_same(position, 3_000, guide=guide)
            assert_same(position, 3_000, perturb=deal, guide=guide)
        rng = random.Random(f"guide{variant}{options}{deal}")
        guide = tuple(rng.getrandbits(54) & rng.getrandbits(54) for _ in range(52))
        assert_same(position, 3_000, guide=guide)
        assert_same(position, 3_000, perturb=deal, guide=guide)


@needs_core
@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_midgame_positions_agree(variant, options):
    checked = 0
    for deal in range(1, 13):
        for plies in (8, 25, 60):
            position = midgame_position(variant, options, deal, plies)
            if position is None:
                continue
            assert_same(position, 2_000 if plies < 60 else 20_000)
            checked += 1
    assert checked >= 20


@needs_core
@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_random_endgames_agree_to_the_end(variant, options):
    # Small enough to be searched to the end: every verdict, "unwinnable" proofs included, must match.
    rng = random.Random(f"core{variant}{options}")
    verdicts = set()
    for attempt in range(30):
        position = random_family_endgame(rng, variant, rng.randint(3, 14), spread=1 + attempt % 7, **options)
        verdict = assert_same(position, 50_000, perturb=attempt % 3)[0]
        verdicts.add(verdict)
    assert verdicts & {"winnable", "unwinnable"}


# The constructed positions of test_exact.py and test_api.py.
OTHERS_UP = {"C": "K", "D": "K", "S": "K"}
CONSTRUCTED = [
    family_position("klondike", [], foundations={s: "K" for s in "CDHS"}),
    family_position("athena", ["KH", "QH", "JH"], foundations={"C": "K", "D": "K", "S": "K", "H": "T"}),
    *(family_position("klondike", ["7H 6H", "8H", "9H", "TH", "JH", "QH", "KH"], foundations=OTHERS_UP,
                      stock="AH 3H 2H 5H 4H", draw=1, redeals=redeals, redeals_used=used)
      for redeals, used in ((2, 0), (2, 1), (2, 2), (0, 0), (-1, 0), (-1, 5))),
    *(family_position("klondike", ["5H 4H", "7H 6H", "9H 8H", "TH", "JH", "QH", "KH"], foundations=OTHERS_UP,
                      stock="3H 2H AH", draw=draw, redeals=redeals)
      for draw in (1, 3) for redeals in (0, -1)),
    family_position("athena", ["2s 3S", "KS", "QS", "JS", "TS 9S", "8S 7S 6S", "5S 4S"],
                    foundations={"C": "K", "D": "K", "H": "K", "S": "A"}),
    family_position("athena", ["2s 3S", "", "KS QS JS TS 9S 8S 7S 6S 5S 4S"],
                    foundations={"C": "K", "D": "K", "H": "K", "S": "A"}),
    family_position("athena", ["2s 3S", "KD QD JD TD 9D 8D 7D 6D 5D", "KS QS JS TS 9S 8S 7S 6S 5S 4S"],
                    foundations={"C": "K", "D": "4", "H": "K", "S": "A"}),
    # The waste non-empty, three-card deals mid-pass, a redeal already used.
    family_position("klondike", ["9H 8H", "TH", "JH", "QH", "KH", "", ""], foundations=OTHERS_UP,
                    stock="AH 5H 2H", waste="7H 3H 6H 4H", draw=3, redeals=2, redeals_used=1),
    family_position("thumb-and-pouch", ["9H 8H", "TH", "JH", "QH", "KH", "", ""], foundations=OTHERS_UP,
                    stock="AH 5H 2H", waste="7H 3H 6H 4H", redeals_used=1),
]


@needs_core
@pytest.mark.parametrize("index", range(len(CONSTRUCTED)))
def test_constructed_positions_agree(index):
    python, core = both_engines(CONSTRUCTED[index], None)
    assert core == python


# -- the table cap, node limits, cancelling ----------------------------------------------------------------------

@needs_core
@pytest.mark.parametrize("table_limit", [1, 2, 7, 100, 250])
@pytest.mark.parametrize(("variant", "options", "deal"), [
    ("aunt-mary", {}, 17), ("athena", {"draw": 1}, 2), ("klondike", {"draw": 3, "redeals": -1}, 1),
    ("klondike", {"draw": 1, "redeals": 2}, 3),
])
def test_a_tiny_table_is_thinned_alike(variant, options, deal, table_limit):
    core = assert_same(deal_position(variant, options, deal), 5_000, table_limit)
    assert core[2]["table_clears"] > 0


@needs_core
def test_thinning_the_table_keeps_the_answer_exact():
    position = deal_position("aunt-mary", {}, 17)
    small = assert_same(position, 100_000, 100)
    assert small[2]["table_clears"] > 0
    assert small[0] == compiled.search(KlondikeState(position), Budget(None, 100_000, None), 2_000_000)[0]


@needs_core
@pytest.mark.parametrize("node_limit", [0, 1, 5, 511, 512, 513, 1_000, 1_024])
def test_node_limits_stop_both_engines_at_the_same_node(node_limit):
    python, core = both_engines(deal_position("klondike", {"draw": 1, "redeals": -1}, 1), node_limit)
    assert core == python
    assert core[0] == "unknown" and core[2]["stopped_by"] == "nodes" and core[2]["nodes"] == node_limit


class CancelAfter:
    """A cancel flag that turns on at its ``calls``-th look (so both engines stop at the same node)."""

    def __init__(self, calls: int) -> None:
        self.calls = calls
        self.seen = 0

    def is_set(self) -> bool:
        self.seen += 1
        return self.seen >= self.calls

    def reset(self) -> None:
        self.seen = 0


@needs_core
@pytest.mark.parametrize("calls", [1, 2, 4])
def test_cancelling_stops_both_engines_at_the_same_node(calls):
    python, core = both_engines(deal_position("klondike", {"draw": 1, "redeals": -1}, 1), None,
                                cancel=CancelAfter(calls))
    assert core == python
    assert core[2]["stopped_by"] == "cancelled" and core[2]["nodes"] == 512 * (calls - 1)


@needs_core
def test_an_error_in_the_cancel_flag_comes_through():
    class Broken:
        def is_set(self) -> bool:
            raise KeyError("broken flag")

    with pytest.raises(KeyError, match="broken flag"):
        compiled.search(KlondikeState(deal_position("athena", {"draw": 1}, 1)), Budget(None, None, Broken()),
                        1_000)


@needs_core
def test_the_time_limit_and_a_cancel_from_another_thread_stop_the_core(monkeypatch):
    # A deadline already passed stops the core at its first look at the clock, after CHECK_EVERY nodes.
    state = KlondikeState(deal_position("klondike", {"draw": 1, "redeals": -1}, 1))
    verdict, _line, stats = compiled.search(state, Budget(0.0, None, None), 2_000_000)
    assert verdict == "unknown" and stats["stopped_by"] == "time" and stats["nodes"] <= CHECK_EVERY

    # A cancel set from another thread while the core runs (with no time or node limit to stop it otherwise): the
    # core stops at the first look that sees it set, and looks no more.
    cancel = threading.Event()
    flag = CountingFlag(event=cancel)
    timer = threading.Timer(0.1, cancel.set)
    timer.start()
    verdict, _line, stats = compiled.search(state, Budget(None, None, flag), 2_000_000)
    timer.join()
    assert verdict == "unknown" and stats["stopped_by"] == "cancelled"
    assert flag.seen_set == 1 and flag.looks_after() == 0 and stats["nodes"] <= flag.looks * CHECK_EVERY

    # Through solve(), a cancel seen at the 5th look.
    flag = CountingFlag(after=5)
    monkeypatch.setenv(compiled.ENV_VAR, "c")
    result = solve(sw.new_game("klondike", deal=1, draw=1, redeals=-1), time_limit=30, cancel=flag)
    assert result.verdict == "unknown" and result.stats["stopped_by"] == "cancelled" and result.stats["engine"] == "c"
    assert flag.first_seen == 5 and result.stats["nodes"] <= flag.looks * CHECK_EVERY


@needs_core
def test_the_core_lets_other_threads_run():
    # The search runs without the GIL, so the main thread runs Python while a worker thread searches (as the
    # widget's "still winnable?" check does). The cancel flag here is a builtin (a list's __len__), which runs no
    # Python code, so a core that held the GIL would never let the main thread run until its node limit ended the
    # search: the search must end by the cancel the main thread sets once it has done its own work. The node limit
    # (some seconds of search) only keeps a failing test from hanging; the main thread's work is a thousandth of it.
    done: list[bool] = []
    flag = types.SimpleNamespace(is_set=done.__len__)
    answers = []
    worker = threading.Thread(target=lambda: answers.append(compiled.search(
        KlondikeState(deal_position("klondike", {"draw": 1, "redeals": -1}, 1)), Budget(None, 50_000_000, flag),
        2_000_000)))
    worker.start()
    counted = 0
    for _ in range(20_000):
        counted += 1
    done.append(True)
    worker.join()
    (verdict, _line, stats), = answers
    assert counted == 20_000 and verdict == "unknown" and stats["stopped_by"] == "cancelled"


@needs_core
def test_a_search_in_the_main_thread_can_be_interrupted():
    # Ctrl-C (or Jupyter's interrupt) raises KeyboardInterrupt in the main thread, as in the Python engine, even
    # with no time limit: the interrupt comes out of the search itself. The 5 s limit here only keeps a failing
    # test from hanging. Python's own Ctrl-C handler, which a process started in the background (SIGINT ignored)
    # lacks.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            compiled.search(KlondikeState(deal_position("klondike", {"draw": 1, "redeals": -1}, 1)),
                            Budget(5.0, None, None), 2_000_000)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)


# -- through the public API -----------------------------------------------------------------------------------------

@needs_core
@pytest.mark.parametrize(("variant", "options", "deal"), [
    ("athena", {"draw": 1}, 10), ("athena", {"draw": 3}, 14), ("thumb-and-pouch", {}, 2),
    ("klondike", {"draw": 1, "redeals": 2}, 10), ("klondike", {"draw": 1, "redeals": 0}, 15),
    ("klondike", {"draw": 1, "redeals": -1}, 3), ("klondike", {"draw": 3, "redeals": -1}, 4),
])
def test_winning_lines_from_the_core_replay_to_a_win(variant, options, deal, monkeypatch):
    game = sw.new_game(variant, deal=deal, **options)
    monkeypatch.setenv(compiled.ENV_VAR, "c")
    core = solve(game, time_limit=None, node_limit=200_000)
    assert core.verdict == "winnable" and core.stats["engine"] == "c"
    assert replays_to_win(game, core)
    monkeypatch.setenv(compiled.ENV_VAR, "python")
    python = solve(game, time_limit=None, node_limit=200_000)
    assert python.stats["engine"] == "python"
    assert python.line == core.line
    assert {k: v for k, v in python.stats.items() if k not in ("seconds", "engine")} == \
        {k: v for k, v in core.stats.items() if k not in ("seconds", "engine")}


def test_the_switch_picks_the_engine(monkeypatch):
    game = sw.new_game("athena", deal=1)
    monkeypatch.setenv(compiled.ENV_VAR, "python")
    assert solve(game, node_limit=100).stats["engine"] == "python"
    monkeypatch.delenv(compiled.ENV_VAR, raising=False)
    expected = "c" if compiled.available() else "python"
    assert solve(game, node_limit=100).stats["engine"] == expected
    monkeypatch.setenv(compiled.ENV_VAR, "auto")
    assert solve(game, node_limit=100).stats["engine"] == expected
    assert solve(sw.new_game("camelot", deal=1), node_limit=100).stats["engine"] == "python"
    monkeypatch.setenv(compiled.ENV_VAR, "fortran")
    with pytest.raises(ValueError, match="SOLITAIRE_SOLVER"):
        solve(game, node_limit=100)


def test_without_the_core_python_runs(monkeypatch):
    monkeypatch.setattr(compiled, "_klondike_core", None)
    monkeypatch.delenv(compiled.ENV_VAR, raising=False)
    result = solve(sw.new_game("klondike", deal=2, draw=1), time_limit=None, node_limit=50_000)
    assert result.verdict == "winnable" and result.stats["engine"] == "python"
    monkeypatch.setenv(compiled.ENV_VAR, "c")
    with pytest.raises(RuntimeError, match="not built"):
        solve(sw.new_game("athena", deal=1), node_limit=100)


@needs_core
def test_the_core_refuses_a_broken_state():
    state = KlondikeState(deal_position("athena", {"draw": 1}, 1))
    budget = Budget(None, 100, None)
    state.talon.append(state.talon[0])  # a card twice
    with pytest.raises(ValueError, match="twice"):
        compiled.search(state, budget, 100)
    state = KlondikeState(deal_position("athena", {"draw": 1}, 1))
    state.talon.pop()  # a card missing
    with pytest.raises(ValueError, match="every card once"):
        compiled.search(state, budget, 100)
    state = KlondikeState(deal_position("athena", {"draw": 1}, 1))
    state.cols[0][-1] += 64  # face down on top
    with pytest.raises(ValueError, match="face-down card on top"):
        compiled.search(state, budget, 100)
    state = KlondikeState(deal_position("athena", {"draw": 1}, 1))
    state.pos = 99
    with pytest.raises(ValueError, match="out of range"):
        compiled.search(state, budget, 100)
    state = KlondikeState(deal_position("athena", {"draw": 1}, 1))
    state.perturb = 1.5  # type: ignore[assignment]
    with pytest.raises(ValueError, match="perturb must be a whole number"):
        compiled.search(state, budget, 100)
    too_big = "whole number below 2\\*\\*54"
    for guide, message in (((0,) * 51, "52 bit masks"), (5, "sequence of 52"), ((0,) * 51 + (-1,), too_big),
                           ((0,) * 51 + (1 << 54,), too_big), ((0,) * 51 + ("1",), too_big)):
        state = KlondikeState(deal_position("athena", {"draw": 1}, 1), guide=guide)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=message):
            compiled.search(state, budget, 100)


@needs_core
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="limits the address space with RLIMIT_AS")
def test_running_out_of_memory_is_a_memory_error():
    # In a child process with little memory to spare, a search that needs a big table raises MemoryError (it
    # does not crash), and the next search in the same process works.
    script = """
import resource
import solitaire_widget as sw
from solitaire_widget.solver import solve
used = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (used + 40 * 2**20, resource.RLIM_INFINITY))
try:
    solve(sw.new_game("klondike", deal=1, draw=1, redeals=-1), time_limit=None, node_limit=20_000_000)
    print("no MemoryError")
except MemoryError:
    print("MemoryError")
print(solve(sw.new_game("thumb-and-pouch", deal=7), time_limit=None).verdict)
"""
    env = {**os.environ, compiled.ENV_VAR: "c"}
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                           env=env, check=False)
    assert child.stdout.split() == ["MemoryError", "winnable"], child.stderr


# -- searches sharing a memory -------------------------------------------------------------------------------------

# (perturb, node limit) of a run of searches sharing one memory, as restarts do: cut off, then whole.
MEMORY_RUN = [(0, 700), (1, 300), (2, 1_500), (3, 512), (4, 2_000), (0, 20_000)]


def memory_run(position: dict[str, Any], table_limit: int | list[int]) -> tuple[list[tuple], int]:
    """Both engines' answers to each search of :data:`MEMORY_RUN`, each engine with a memory of its own, and how
    many slots the core's table has at the end; checks at each step that the memories agree. ``table_limit``: one
    for all the searches, or one for each."""
    game = KlondikeState(position).game()
    python_memory, core_memory = Memory(game), Memory(game)
    limits = table_limit if isinstance(table_limit, list) else [table_limit] * len(MEMORY_RUN)
    answers = []
    for (perturb, node_limit), table_limit in zip(MEMORY_RUN, limits):
        python = depth_first(KlondikeState(position, perturb), Budget(None, node_limit, None), table_limit,
                             python_memory)
        core = compiled.search(KlondikeState(position, perturb), Budget(None, node_limit, None), table_limit,
                               core_memory)
        assert core == python, (perturb, node_limit)
        core_info = compiled._klondike_core.memory_info(core_memory.core)
        slots = core_info.pop("slots")
        assert python_memory.info() == core_info
        answers.append(core)
        if core[0] != "unknown":
            break
    return answers, slots


# Per setting, a deal that the plain order does not decide within 3,000 nodes.
LONGER_DEALS = [3, 2, 10, 1, 3, 3, 4, 4, 2, 3]


@needs_core
@pytest.mark.parametrize(("variant", "options", "deal"),
                         [(*setting, deal) for setting, deal in zip(SETTINGS, LONGER_DEALS)], ids=SETTING_IDS)
def test_searches_sharing_a_memory_agree(variant, options, deal):
    # Node for node, with the same states proved lost after each search.
    answers, _ = memory_run(deal_position(variant, options, deal), 2_000_000)
    assert answers[0][0] == "unknown"


@needs_core
@pytest.mark.parametrize("table_limit", [7, 40])
def test_a_shared_memory_is_thinned_alike(table_limit):
    answers, _ = memory_run(deal_position("aunt-mary", {}, 17), table_limit)
    assert sum(stats["table_clears"] for _, _, stats in answers) > 0


@needs_core
@pytest.mark.parametrize(("table_limits", "slots"), [
    # The core's first 4,096 slots hold up to 3,276 keys at 80% load: it does not double them for a table
    # thinned at 3,200 keys (doubling would be a pause for nothing), and does for one thinned at 3,300.
    ([3_200] * 6, 4_096), ([3_300] * 6, 8_192),
    # A memory that holds more keys than a later search's limit: that search thins it at once. The last
    # search, with room again, grows the slots for its 14,000 keys as usual.
    ([2_000_000, 2_000_000, 2_000_000, 50, 50, 2_000_000], 32_768),
], ids=["thinned-before-growing", "grown-then-thinned", "limit-below-the-memory"])
def test_a_shared_memory_agrees_whatever_its_limits(table_limits, slots):
    # Its searches reach some 14,000 states.
    answers, slots_at_the_end = memory_run(deal_position("klondike", {"draw": 1, "redeals": 0}, 3), table_limits)
    assert sum(stats["table_clears"] for _, _, stats in answers) > 0
    assert slots_at_the_end == slots


@needs_core
def test_the_core_refuses_a_memory_it_did_not_make_or_one_in_use():
    position = deal_position("klondike", {"draw": 1, "redeals": 2}, 3)
    state = KlondikeState(position)
    arguments = dict(columns=state.cols, found=state.found, talon=state.talon, pos=state.pos,
                     redeals_used=state.redeals_used, draw=1, redeals=2, alternate=True, king_only=True,
                     rearrange_first=True, perturb=0, node_limit=100, deadline=None, cancel=None, table_limit=100)
    for wrong in (object(), 3, "memory"):
        with pytest.raises(ValueError, match="memory must be None or what _klondike_core.memory"):
            compiled._klondike_core.search(**arguments, memory=wrong)
    for deadline in ("deadline", "final_deadline"):  # a time must be a number, or None
        with pytest.raises(TypeError, match="must be real number"):
            compiled._klondike_core.search(**{**arguments, deadline: "soon"})
    memory = compiled._klondike_core.memory()
    flag = threading.Event()
    started = threading.Event()

    class Waiting:
        def is_set(self) -> bool:
            started.set()
            return flag.wait(5)

    worker = threading.Thread(target=compiled._klondike_core.search,
                              kwargs={**arguments, "node_limit": None, "cancel": Waiting(), "memory": memory})
    worker.start()
    try:
        assert started.wait(5)
        with pytest.raises(RuntimeError, match="in use by another search"):
            compiled._klondike_core.search(**arguments, memory=memory)
    finally:
        flag.set()
        worker.join()
    assert compiled._klondike_core.search(**arguments, memory=memory)[0] in ("winnable", "unwinnable", "unknown")
    assert compiled._klondike_core.memory_info(memory)["next_visit"] > 0
