"""Pictures of real games: every position met in random play draws correctly, in every variant."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import solitaire_widget as sw
from solitaire_widget.pictures import Picture, svg_picture, text_picture

from .picture_positions import POSITIONS, visible_codes, with_hidden_cards_shuffled


def random_positions(variant: str, deal: int, steps: int, **options: int) -> list[dict]:
    """The positions of one random game, start included."""
    game = sw.new_game(variant, deal=deal, **options)
    chooser = random.Random(deal)
    positions = [game.position()]
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(chooser.choice(moves))
        positions.append(game.position())
    return positions


@pytest.mark.parametrize(("variant", "options"), [
    ("athena", {}), ("athena", {"draw": 3}), ("thumb-and-pouch", {}), ("aunt-mary", {}), ("camelot", {}),
    ("klondike", {"draw": 3, "redeals": -1}),
])
def test_every_position_of_a_random_game_draws(variant: str, options: dict[str, int]) -> None:
    for position in random_positions(variant, deal=11, steps=80, **options)[::4]:
        svg = svg_picture(position)
        drawn = [e.get("data-card") for e in ET.fromstring(svg).iter() if e.get("data-card") not in (None, "down")]
        assert sorted(drawn) == sorted(visible_codes(position))
        assert svg_picture(with_hidden_cards_shuffled(position, seed=3)) == svg
        assert text_picture(with_hidden_cards_shuffled(position, seed=3)) == text_picture(position)


def test_a_game_prints_and_draws_itself() -> None:
    game = sw.new_game("aunt-mary", deal=1)
    assert str(game) == text_picture(game.position())
    assert str(game).splitlines()[0] == "Aunt Mary · deal 1 · score 0/52 · moves 0 · stock 16 · redeals left 2"
    assert game._repr_svg_() == svg_picture(game.position())
    drawn = sw.picture(game, four_colour=True)
    assert isinstance(drawn, Picture) and isinstance(drawn, sw.Picture)
    assert drawn.svg == svg_picture(game.position(), four_colour=True)


def test_the_redeals_left_agree_with_the_game() -> None:
    game = sw.new_game("thumb-and-pouch", deal=4)
    while game.redeals_left:
        game.play("deal" if game.stock_count else "redeal")
        assert f"redeals left {game.redeals_left}" in str(game).splitlines()[0]


def test_a_finished_game_says_so() -> None:
    game = sw.new_game("camelot", deal=2)
    chooser = random.Random(2)
    while game.status == "playing":
        game.play(chooser.choice(game.legal_moves()))
    assert str(game).splitlines()[0].endswith(f" · {game.status}")


@pytest.mark.parametrize("variant", ["athena", "thumb-and-pouch", "aunt-mary"])
def test_the_hand_built_start_positions_are_the_real_deal_1(variant: str) -> None:
    assert POSITIONS[variant] == sw.new_game(variant, deal=1).position()


@pytest.mark.parametrize("variant", ["athena", "thumb-and-pouch", "aunt-mary", "camelot", "klondike"])
def test_the_status_line_reads_as_the_boards(variant: str) -> None:
    from solitaire_widget.widget.view import status_line

    for position in random_positions(variant, deal=6, steps=60)[::10]:
        game = sw.Game.from_position(position)
        assert str(game).splitlines()[0] == status_line(game)
