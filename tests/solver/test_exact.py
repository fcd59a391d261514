"""The solver is exact: its verdicts agree with a brute force, its lines win, its proofs hold."""

from __future__ import annotations

import random

import pytest

import solitaire_widget as sw
from solitaire_widget.solver import compiled, solve
from solitaire_widget.solver.budget import Budget
from solitaire_widget.solver.klondike import KlondikeState
from solitaire_widget.solver.search import Memory, depth_first

from .helpers import (
    brute_force,
    camelot_position,
    family_position,
    random_camelot_endgame,
    random_family_endgame,
    replays_to_win,
)

# (variant, options): every pass limit and deal size the games have.
FAMILY_SETTINGS = [
    ("athena", {"draw": 1}),
    ("athena", {"draw": 3}),
    ("thumb-and-pouch", {}),
    ("aunt-mary", {}),
    ("klondike", {"draw": 1, "redeals": 0}),
    ("klondike", {"draw": 1, "redeals": 2}),
    ("klondike", {"draw": 1, "redeals": -1}),
    ("klondike", {"draw": 3, "redeals": 0}),
    ("klondike", {"draw": 3, "redeals": -1}),
]


@pytest.mark.parametrize(("variant", "options"), FAMILY_SETTINGS)
def test_tiny_endgames_agree_with_brute_force(variant, options):
    rng = random.Random(f"{variant}{options}")
    # Thumb and Pouch lets any card into an empty column, which makes the brute force blow up sooner.
    most = 4 if variant == "thumb-and-pouch" else 7
    checked = 0
    for attempt in range(40):
        if checked == 6:
            break
        position = random_family_endgame(rng, variant, rng.randint(3, most), spread=1 + attempt % 3, **options)
        try:
            expected = brute_force(position, max_states=5_000)
        except OverflowError:
            continue
        result = solve(position, time_limit=None)
        assert result.verdict == ("winnable" if expected else "unwinnable"), position
        if expected:
            assert replays_to_win(position, result)
        checked += 1
    assert checked == 6


@pytest.mark.skipif(not compiled.available(), reason="hundreds of thousands of nodes: too slow in pure Python")
@pytest.mark.parametrize(("variant", "options"), FAMILY_SETTINGS)
def test_searches_cut_off_and_sharing_a_memory_stay_exact(variant, options):
    # Restarts share what they prove (search.Memory). A search cut off must leave nothing behind that a later
    # one takes for a proof. Deals that a whole search decides in the plain order, each searched again in runs of
    # searches in random orders cut off after a few thousand nodes and sharing one memory: every verdict must be
    # the whole search's, and so must that of a whole search with the memory at the end.
    rng = random.Random(f"memory{variant}{options}")
    checked = proved_in_cut_searches = 0
    for deal in range(1, 40):
        position = sw.new_game(variant, deal=deal, **options).position()
        expected = compiled.search(KlondikeState(position), Budget(None, 300_000, None), 2_000_000)[0]
        if expected == "unknown":
            continue
        memory = Memory(KlondikeState(position).game())
        for _ in range(12):
            state = KlondikeState(position, rng.randrange(1, 1_000))
            verdict = compiled.search(state, Budget(None, rng.randint(100, 3_000), None), 2_000_000, memory)[0]
            assert verdict in ("unknown", expected), deal
            if verdict != "unknown":
                break
            proved_in_cut_searches += compiled._klondike_core.memory_info(memory.core)["proved"] > 0
        assert compiled.search(KlondikeState(position), Budget(None, None, None), 2_000_000, memory)[0] == expected
        checked += 1
        if checked == 8:
            break
    assert checked == 8
    # Thumb and Pouch deals are all won in the first cut; elsewhere cut searches prove states lost.
    assert proved_in_cut_searches > 0 or variant == "thumb-and-pouch"


def test_tiny_camelot_endgames_agree_with_brute_force():
    rng = random.Random("camelot")
    checked = {True: 0, False: 0}
    for _ in range(300):
        if checked[True] >= 6 and checked[False] >= 6:
            break
        position = random_camelot_endgame(rng, rng.randint(2, 4))
        expected = brute_force(position, max_states=20_000)
        result = solve(position, time_limit=None)
        assert result.verdict == ("winnable" if expected else "unwinnable"), position
        if expected:
            assert replays_to_win(position, result)
        checked[expected] += 1
    assert checked[True] >= 6 and checked[False] >= 6, checked


# Deals (found by scanning) that the solver decides within a small node budget, one or more per setting.
SOLVED_DEALS = [
    ("athena", {"draw": 1}, 10),
    ("athena", {"draw": 3}, 14),
    ("thumb-and-pouch", {}, 2),
    ("klondike", {"draw": 1, "redeals": 2}, 10),
    ("klondike", {"draw": 1, "redeals": 0}, 15),
    ("klondike", {"draw": 1, "redeals": -1}, 3),
    ("klondike", {"draw": 3, "redeals": -1}, 4),
    ("camelot", {}, 7),
    ("camelot", {}, 14),
]


@pytest.mark.parametrize(("variant", "options", "deal"), SOLVED_DEALS)
def test_winning_lines_of_real_deals_replay_to_a_win(variant, options, deal):
    game = sw.new_game(variant, deal=deal, **options)
    result = solve(game, time_limit=None, node_limit=200_000)
    assert result.verdict == "winnable"
    assert replays_to_win(game, result)
    assert game.moves == 0, "solving must not touch the game"


def test_lines_start_from_the_position_in_hand():
    game = sw.new_game("klondike", deal=2, draw=1)
    for move in solve(game, time_limit=None, node_limit=200_000).line[:10]:
        game.play(move)
    result = solve(game, time_limit=None, node_limit=200_000)
    assert result.verdict == "winnable" and replays_to_win(game, result)


# -- positions built to be unwinnable ---------------------------------------------------------------------------

# All but the hearts on the foundations, the Kings on top, with no empty column for them to come down to; some
# hearts in the stock, the others in the columns, each just above the next one down, unable to build on each other.
OTHERS_UP = {"C": "K", "D": "K", "S": "K"}


def test_the_pass_limit_is_real():
    # The stock deals 4H 5H 2H 3H AH. The first pass takes up only the AH, the second the 2H and the 3H (the
    # 5H then lies on the 4H), the third the 4H and the 5H.
    position = family_position("klondike", ["7H 6H", "8H", "9H", "TH", "JH", "QH", "KH"], foundations=OTHERS_UP,
                               stock="AH 3H 2H 5H 4H", draw=1, redeals=2)
    for used, winnable in ((0, True), (1, False), (2, False)):
        position["redeals_used"] = used
        assert solve(position).verdict == ("winnable" if winnable else "unwinnable"), used
        assert brute_force(position) == winnable
    position["redeals_used"] = 0
    position["options"]["redeals"] = 0
    assert solve(position).verdict == "unwinnable"
    position["options"]["redeals"] = -1
    result = solve(position)
    assert result.verdict == "winnable" and replays_to_win(position, result)
    assert [str(m) for m in result.line].count("redeal") == 2


def test_dead_stock_with_three_card_deals():
    # Dealt three at a time, AH and 2H always lie under the 3H, which has nowhere to go, on every pass.
    # One card at a time, the same stock comes out.
    for redeals in (0, -1):
        position = family_position("klondike", ["5H 4H", "7H 6H", "9H 8H", "TH", "JH", "QH", "KH"],
                                   foundations=OTHERS_UP, stock="3H 2H AH", draw=3, redeals=redeals)
        assert solve(position).verdict == "unwinnable"
        assert not brute_force(position)
        position["options"]["draw"] = 1
        result = solve(position)
        assert result.verdict == "winnable" and replays_to_win(position, result)


def test_buried_card_deadlock():
    # The 2S lies face down under the 3S, which can only go onto a red 4; both red 4s are deep in their
    # foundations, and with no empty column no King can come down to start unstacking them.
    position = family_position("athena", ["2s 3S", "KS", "QS", "JS", "TS 9S", "8S 7S 6S", "5S 4S"],
                               foundations={"C": "K", "D": "K", "H": "K", "S": "A"})
    assert solve(position).verdict == "unwinnable"
    assert not brute_force(position)


def test_kings_taken_down_into_empty_columns_can_undo_a_deadlock():
    # The same cards with four columns free: red and black Kings come down, the Queens swap onto them, and
    # so on down until a red 4 reaches the tableau and takes the 3S. Each of those moves only prepares the next.
    position = family_position("athena", ["2s 3S", "", "KS QS JS TS 9S 8S 7S 6S 5S 4S"],
                               foundations={"C": "K", "D": "K", "H": "K", "S": "A"})
    result = solve(position)
    assert result.verdict == "winnable" and replays_to_win(position, result)


def test_a_card_taken_down_from_a_foundation_can_be_the_way_out():
    # As above, but the diamonds are only up to the 4: the 4S goes onto the 5D, the 4D comes down onto the 5S,
    # and the 3S onto the 4D, uncovering the 2S.
    position = family_position("athena", ["2s 3S", "KD QD JD TD 9D 8D 7D 6D 5D", "KS QS JS TS 9S 8S 7S 6S 5S 4S"],
                               foundations={"C": "K", "D": "4", "H": "K", "S": "A"})
    result = solve(position)
    assert result.verdict == "winnable" and replays_to_win(position, result)
    assert "f2-t3" in [str(m) for m in result.line]


def test_camelot_king_without_a_corner():
    # Three corners hold Kings and the fourth a 4, which cannot go before the grid is full again; the last King
    # comes before that.
    position = camelot_position(
        ["KC QC QD KD", "JC . . JD", "JH 2C . JS", "KH QH QS 4C"], stock="8C 6C 5H KS 5D")
    assert solve(position).verdict == "unwinnable"
    assert not brute_force(position)


def test_camelot_full_grid_with_nothing_to_remove():
    position = camelot_position(
        ["KC QC QD KD", "JC 2C 2D JD", "JH 3C . JS", "KH QH QS KS"], stock="8C 7C 8D 7D 3H")
    assert solve(position).verdict == "unwinnable"
    assert not brute_force(position)


# -- what the table may skip ---------------------------------------------------------------------------------------

class _CostInKey:
    """A Klondike-family state searched with no dominance at all: its cost is part of its key."""

    def __init__(self, state: KlondikeState) -> None:
        self.state = state

    def __getattr__(self, name: str):
        return getattr(self.state, name)

    def key(self) -> bytes:
        return self.state.key() + bytes(self.state.cost())

    def cost(self) -> tuple[int, int]:
        return (0, 0)


class _BothSmaller(tuple):
    """A cost that only counts as no greater when both of its numbers are (the rule before redeals came first)."""

    def __le__(self, other: tuple) -> bool:  # type: ignore[override]
        return self[0] <= other[0] and self[1] <= other[1]


class _BothSmallerCost(_CostInKey):
    def key(self) -> bytes:
        return self.state.key()

    def cost(self) -> tuple[int, int]:
        return _BothSmaller(self.state.cost())


def _searched_ways(position: dict, ways: dict, node_limit: int) -> dict[str, tuple[str, int]]:
    """Search ``position`` once per wrapper in ``ways`` (name -> wrapper of a KlondikeState): name -> (verdict,
    nodes)."""
    answers = {}
    for name, wrap in ways.items():
        verdict, _, stats = depth_first(wrap(KlondikeState(position)), Budget(None, node_limit, None), 10**7)
        answers[name] = (verdict, stats["nodes"])
    return answers


@pytest.mark.parametrize("deal", [9, 13, 17, 18, 20])
def test_a_layout_seen_with_fewer_redeals_used_is_not_searched_again(deal):
    # Aunt Mary deals three passes, one card at a time. A layout seen with fewer redeals used is skipped whatever
    # its waste (KlondikeState.cost): the earlier state can deal out its pass, redeal and deal on to the later one.
    # The verdict is the same as with no skipping at all, and the search is shorter than with none, or with
    # skipping only when the redeals used and the waste are both no greater.
    position = sw.new_game("aunt-mary", deal=deal).position()
    answers = _searched_ways(position, {"redeals first": lambda s: s, "both": _BothSmallerCost, "none": _CostInKey},
                             100_000)
    verdicts = {verdict for verdict, _ in answers.values()}
    assert len(verdicts) == 1 and verdicts != {"unknown"}, answers
    assert answers["redeals first"][1] < min(answers["both"][1], answers["none"][1]), answers


class _WasteSizeInKey(_CostInKey):
    """With three-card deals and unlimited redeals: the waste size in the key, as with a limit on redeals."""

    def key(self) -> bytes:
        return self.state.key()[:-1] + bytes((self.state.pos,))


@pytest.mark.parametrize("deal", [6, 12])
def test_unlimited_three_card_wastes_of_one_class_are_searched_once(deal):
    # Dealing three at a time with unlimited redeals, the key holds the waste's class (KlondikeState.waste_class),
    # and a smaller waste of a class beats a bigger one: it reaches every waste top the bigger one does. The
    # verdict is the same as with the waste size in the key, and the search shorter.
    position = sw.new_game("klondike", deal=deal, draw=3, redeals=-1).position()
    answers = _searched_ways(position, {"class": lambda s: s, "size": _WasteSizeInKey}, 200_000)
    assert answers["class"][0] == answers["size"][0] != "unknown", answers
    assert answers["class"][1] < answers["size"][1], answers


def test_waste_classes():
    # A talon of 10 cards dealt three at a time: a fresh pass tops the waste with its 3rd, 6th, 9th and 10th
    # cards, which is what the wastes of class 0 reach; the others add a run of their own.
    state = KlondikeState(sw.new_game("klondike", deal=1, draw=3, redeals=-1).position())
    del state.talon[10:]
    classes = []
    for pos in range(11):
        state.pos = pos
        classes.append(state.waste_class())
    assert classes == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 0]
