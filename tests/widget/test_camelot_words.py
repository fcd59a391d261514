"""Camelot on the board says when a phase begins and why a lost game is lost, in words a player reads."""

from __future__ import annotations

import solitaire_widget as sw
from solitaire_widget.strategies import play_out
from solitaire_widget.widget import Solitaire


def _line(deal: int) -> list[sw.Move]:
    game = sw.new_game("camelot", deal=deal)
    play_out(game, "centre-first", seed=1)
    return list(game.history)


def test_the_board_says_when_removing_begins_and_ends_and_why_the_game_is_lost() -> None:
    widget = Solitaire("camelot", deal=2, keep_statistics=False)
    said = []
    for move in _line(2):
        widget.play(move)
        said.append(widget.message["text"])
    full = [text for text in said if text.endswith("The grid is full: now remove the Tens, and the pairs that add up "
                                                   "to ten.")]
    back = [text for text in said if text.endswith("Back to filling the grid: place each card you deal.")]
    assert full and back and len(back) <= len(full)
    assert widget.game.status == "lost"
    assert said[-1].startswith("Dealt the king of spades. No corner is free for the king of spades, so the game is lost.")


def test_every_court_card_and_a_full_grid_have_their_reason() -> None:
    from solitaire_widget.widget.view import lost_reason

    grid = [["KS", "QS", "QH", "KH"], ["JS", "2C", "3C", "JH"], ["JD", "4C", "6D", "JC"], ["KD", "QD", "QC", "KC"]]
    assert lost_reason({"grid": grid, "waste": ["KC"]}).startswith("No corner is free for the king of clubs")
    assert "top or bottom row" in lost_reason({"grid": grid, "waste": ["QC"]})
    assert "left or right column" in lost_reason({"grid": grid, "waste": ["JC"]})
    assert lost_reason({"grid": grid, "waste": []}) == ("The grid is full and nothing in it can be removed, so the "
                                                        "game is lost.")
