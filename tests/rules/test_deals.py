"""Deal numbers give exactly the reference program's games (RULES.md's test vectors), and stay pinned."""

import pytest

import solitaire_widget as sw
from solitaire_widget.cards import CODE
from solitaire_widget.deals import MersenneTwister, shuffled_deck


def order(deal: int) -> str:
    return " ".join(CODE[c] for c in shuffled_deck(deal))


def columns(game: sw.Game) -> str:
    return " | ".join(" ".join(game.cards_in(p)) for p in game.pile_names if p.startswith("t"))


def test_mersenne_twister_matches_the_reference_sequence():
    # The first outputs of MT19937 seeded with 5489, as published with the algorithm.
    rng = MersenneTwister(5489)
    assert [rng.next32() for _ in range(3)] == [3499211612, 581869302, 3890346734]


def test_range_draw_rejects_the_top_of_the_range():
    # For n = 3, 2**31 % 3 * 2 = 4 >= 3, so leftover is 1 and maxvalue is 2**32 - 2: only 2**32 - 1 is redrawn.
    class Fixed(MersenneTwister):
        def __init__(self, values):
            self.values = list(values)

        def next32(self):
            return self.values.pop(0)

    assert Fixed([2**32 - 1, 7]).below(3) == 1
    assert Fixed([2**32 - 2]).below(3) == (2**32 - 2) % 3


# RULES.md's test vectors, then three more deals pinned so that a change to dealing cannot slip through.
@pytest.mark.parametrize("deal, expected", [
    (1, "9C QH 8D 3C 6S AC 4D KS TD AD 2S JS 3H 9D 3D 5S JC 3S 7H 2D 6C JH AS 8H 4H KD 9H 9S 4C 5D 5C QS KH 6D KC "
        "TC 6H JD QD QC 8C 4S 8S 7D TS 2C 5H TH 7C AH 2H 7S"),
    (2, "QH 6C 7S 3C AS 3D 9D 7H 2H QS 7D 6D JS 4H 5H KC 3S 8S TD AH JD QD 8C 2D JH KH 6H 2C 9C TC 5D TS 3H QC 9H "
        "AD AC KD TH KS 7C 2S 4D 8D 9S JC 5C 4S 8H 4C 5S 6S"),
    (0, "6C 7S 7D 5S 2H 6S QD TD JH KC KH 4S QH 6D TC QS 9C 7H 9S 8C 4H 8D 6H 2C 8S 3S AS 3H JS JC 3D 4C 5D AD 2S "
        "QC 2D 5H 9H TS AC 8H 7C KD 3C KS 9D JD AH TH 5C 4D"),
    (1234, "2D 3S 7S KS 8H 5D QD 3C 4S 6S 9D AH 5H 3H 5S KH QS AC QC JH AS TH 2C 6C 6D QH 4D AD JS 8C 4H 7C 9H 8D "
           "KD 2S JC 6H JD TC 7H 7D 8S 9S TD KC 4C TS 3D 9C 5C 2H"),
    (4294967295, "KD 9D TD 3C 4H 6D 2H KH 3D 8H 9S 8D 5D KS JC 8C 6S QS JD QC 6C AC 2C 7H JH QD AS JS QH TS 9H 7C "
                 "4C 5C TC KC AH 5S 9C 2D 4S 3S 5H 7S 8S 4D 6H 2S AD 3H 7D TH"),
])
def test_dealing_order(deal, expected):
    assert order(deal) == expected


def test_deal_1_layouts_match_the_rule_book():
    athena = sw.new_game("athena", deal=1)
    assert columns(athena) == ("9c KS 3d JH | qh TD 5s AS | 8d AD jc 8H | 3c 2S 3s 4H | 6s JS 7h KD | "
                               "ac 3H 2d 9H | 4d 9D 6c 9S")
    assert athena.cards_in("stock")[-1] == "4C"
    thumb = sw.new_game("thumb-and-pouch", deal=1)
    assert columns(thumb) == ("9C | qh KS | 8d td 9D | 3c ad 3d 7H | 6s 2s 5s 2d AS | ac js jc 6c 8h KD | "
                              "4d 3h 3s jh 4h 9h 9S")
    assert " ".join(thumb.cards_in("stock")) == ("7S 2H AH 7C TH 5H 2C TS 7D 8S 4S 8C QC QD JD 6H TC KC 6D KH QS "
                                                 "5C 5D 4C")
    aunt = sw.new_game("aunt-mary", deal=1)
    assert columns(aunt) == ("5S JC 7H JH KD 5C | 9c 3S 2D AS 9H QS | qh ac 6C 8H 9S KH | 8d 4d ad 4H 4C 6D | "
                             "3c ks 2s 3h 5D KC | 6s td js 9d 3d TC")
    assert " ".join(aunt.cards_in("stock")) == "7S 2H AH 7C TH 5H 2C TS 7D 8S 4S 8C QC QD JD 6H"


@pytest.mark.parametrize("variant, deal, expected, stock_top", [
    ("athena", 7, "3d 8H 5h AS | kh QH 6s AC | 2s 3H jh 8S | 7h 7S th 4H | 4s 9S 5c KS | 5s 4C 2d TD | "
                  "6h AH qs 8C", "5D"),
    ("athena", 2026, "jd 3C 3s 8H | kh AC 2s TS | 6d 2C ks QH | 8s 7C qd TC | 6s KC 7s 9C | ah 6C qc 9H | "
                     "5s 5H 5d JH", "4H"),
    ("thumb-and-pouch", 7, "3D | kh 8H | 2s qh AH | 7h 3h 5h 5C | 4s 7s 6s 2d AC | 5s 9s jh qs 8s KS | "
                           "6h 4c th as 4h td 8C", "5D"),
    ("thumb-and-pouch", 2026, "JD | kh 3C | 6d ac 5H | 8s 2c 3s 7S | 6s 7c 2s qc TS | ah kc ks 5d qh 9C | "
                              "5s 6c qd 8h tc 9h JH", "4H"),
    ("aunt-mary", 7, "6S JH 5C AS KS TS | 3d TH 2D AC TD QD | kh 5s QS 8S 8C 6C | 2s 6h 3h 4H 5D 3S | "
                     "7h 8h 7s 4c 2H QC | 4s qh 9s ah 5h 9H", "7C"),
    ("aunt-mary", 2026, "2S KS 7S 8H 9C 2D | jd QD QC TS 9H 7D | kh ah 5D QH JH 2H | 6d 5s 2c TC 4H 4S | "
                        "8s 3c 7c 6c 6H AD | 6s ac kc 5h 3s 4C", "KD"),
    ("klondike", 2026, "JD | kh 3C | 6d ac 5H | 8s 2c 3s 7S | 6s 7c 2s qc TS | ah kc ks 5d qh 9C | "
                       "5s 6c qd 8h tc 9h JH", "4H"),
])
def test_more_layouts_pinned(variant, deal, expected, stock_top):
    game = sw.new_game(variant, deal=deal)
    assert columns(game) == expected
    assert game.cards_in("stock")[-1] == stock_top


def test_camelot_starts_with_everything_in_the_stock():
    game = sw.new_game("camelot", deal=1)
    assert game.stock_count == 52 and game.cards_in("stock")[-1] == "9C"
    assert all(game.cards_in(cell) == [] for cell in game.pile_names if cell.startswith("r"))
    game.play("deal")
    assert game.cards_in("waste") == ["9C"]


def test_stock_sizes():
    assert [sw.new_game(v, deal=5).stock_count for v in sw.VARIANTS] == [24, 24, 16, 52, 24]


@pytest.mark.parametrize("bad", [-1, 2**32, 1.5, "12", True, None.__class__])
def test_bad_deal_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="deal number"):
        sw.new_game("athena", deal=bad)


def test_random_deal_is_a_valid_number_and_follows_random_seed():
    import random

    random.seed(3)
    first = sw.new_game("athena").deal
    random.seed(3)
    assert sw.new_game("athena").deal == first
    assert 0 <= first <= 2**32 - 1
