"""The table's size cap: a full table keeps its heaviest proofs, so a search capped far below its size still ends.

That both engines thin the table alike, node for node, is checked in test_compiled_core.py (at tiny caps, and
with a memory shared by several searches).
"""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.solver import compiled, search
from solitaire_widget.solver.budget import Budget
from solitaire_widget.solver.klondike import KlondikeState
from solitaire_widget.solver.search import Memory, depth_first, make_room, proof_mark, thin

from ..fake_clock import FakeClock


def test_a_proof_mark_is_negative_and_says_how_much_work_the_proof_took():
    assert [proof_mark(work) for work in (0, 1, 2, 3, 4, 1_000, 2**40)] == [-1, -2, -3, -3, -4, -11, -42]


def table_with_proofs() -> dict[bytes, tuple[tuple[int, int], int]]:
    """Two unproved states, and proofs of weights 1 (four of them), 3 (three) and 7 (two)."""
    table = {b"open": ((0, 0), 5), b"left unproved": ((0, 0), 0)}
    for weight, count in ((1, 4), (3, 3), (7, 2)):
        for n in range(count):
            table[bytes([weight, n])] = ((0, n), -1 - weight)
    return table


@pytest.mark.parametrize(("keep", "weights_kept"), [
    (100, {1, 3, 7}), (9, {1, 3, 7}), (8, {3, 7}), (5, {3, 7}), (4, {7}), (2, {7}), (1, set()), (0, set()),
])
def test_thinning_keeps_the_heaviest_whole_weights_that_fit(keep, weights_kept):
    table = table_with_proofs()
    thin(table, keep)
    assert all(visit < 0 for _, visit in table.values())  # unproved states are forgotten
    assert {-1 - visit for _, visit in table.values()} == weights_kept
    assert len(table) == sum({1: 4, 3: 3, 7: 2}[w] for w in weights_kept) <= keep
    # What is kept is kept as it was.
    assert all(record == table_with_proofs()[key] for key, record in table.items())


def test_room_is_made_by_thinning_unless_the_deadline_is_too_near(monkeypatch):
    # What a thinning took is read off the clock before and after it (here one that moves 0.25 s a reading).
    clock = FakeClock.install(monkeypatch, [search], tick=0.25)
    table = table_with_proofs()
    took = make_room(table, 10, Budget(None, None, None), None)
    assert took == 0.25 and clock.reads == 2
    monkeypatch.undo()
    assert len(table) == 5  # half the cap of 10: weights 3 and 7

    # A deadline nearer than the last thinning took: emptied, and the last thinning's time kept.
    table = table_with_proofs()
    assert make_room(table, 10, Budget(0.5, None, None), 3600.0) == 3600.0
    assert table == {}
    # Before a search's first thinning, the expected time is THIN_SECONDS_PER_STATE a state.
    table = table_with_proofs()
    assert make_room(table, 10, Budget(len(table) * search.THIN_SECONDS_PER_STATE / 2, None, None), None) is None
    assert table == {}


def aunt_mary_19() -> KlondikeState:
    # Lost: a search with room for all of its 11,548 states proves it in 43,760 nodes.
    return KlondikeState(sw.new_game("aunt-mary", deal=19).position())


def test_a_search_with_a_quarter_of_the_room_it_needs_still_ends(monkeypatch):
    memory = Memory(aunt_mary_19().game())
    verdict, _, stats = depth_first(aunt_mary_19(), Budget(None, 160_000, None), 2_887, memory)
    assert verdict == "unwinnable"
    assert stats["table_clears"] > 5
    assert 0 < memory.info()["proved"] <= memory.info()["states"] <= 2_887

    # Emptying the table at its cap instead, as the search first did, throws its progress away every time.
    monkeypatch.setattr(search, "thin", lambda table, keep: table.clear())
    verdict, _, stats = depth_first(aunt_mary_19(), Budget(None, 160_000, None), 2_887)
    assert verdict == "unknown" and stats["table_clears"] > 5


def test_a_phase_of_a_solve_thins_past_its_own_deadline_but_not_the_solves():
    # A phase's proofs serve the phases after it, so only the whole solve's deadline counts.
    phase = Budget(None, None, None).within(1e-9, None)
    table = table_with_proofs()
    assert make_room(table, 10, phase, None) is not None and len(table) == 5
    phase = Budget(1e-9, None, None).within(None, None)
    table = table_with_proofs()
    assert make_room(table, 10, phase, None) is None and table == {}


ENGINES = ["python", pytest.param("c", marks=pytest.mark.skipif(not compiled.available(),
                                                                  reason="the compiled solver core is not built"))]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("near", [False, True], ids=["deadline-far", "deadline-near"])
def test_both_engines_empty_a_full_table_when_the_solve_must_end_first(engine, near):
    search_with = depth_first if engine == "python" else compiled.search
    memory = Memory(aunt_mary_19().game())

    def info() -> dict[str, int]:
        return memory.info() if engine == "python" else compiled._klondike_core.memory_info(memory.core)

    # A first search, cut off, leaves thousands of proofs (but not the root's).
    search_with(aunt_mary_19(), Budget(None, 30_000, None), 1_000_000, memory)
    assert info()["proved"] > 2_000
    # A second one, of 100 nodes, with a smaller cap: its first new state makes room. Its solve's deadline
    # is past, or is nowhere near.
    budget = Budget(None, 100, None)
    if near:
        budget.final = budget.started - 1
    _, _, stats = search_with(aunt_mary_19(), budget, 2_000, memory)
    assert stats["table_clears"] == 1 and stats["nodes"] == 100
    if near:
        assert info()["proved"] < 100  # emptied: only what its hundred nodes proved
    else:
        assert 500 < info()["proved"] <= 1_000 + 100  # thinned: the heaviest proofs, in at most half the cap
