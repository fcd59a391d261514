"""The SVG picture: well-formed, self-contained, accessible, and showing what a player sees and nothing more."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widget import Game
from solitaire_widget.cards import card_name, parse_card
from solitaire_widget.pictures import Picture, picture, svg_picture, text_picture

from .picture_positions import (
    ATHENA_1,
    ATHENA_DRAW_3,
    CAMELOT,
    THUMB_AND_POUCH_1,
    hidden_codes,
    visible_codes,
    with_hidden_cards_shuffled,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def cards_drawn(root: ET.Element) -> list[str]:
    return [element.get("data-card", "") for element in root.iter() if element.get("data-card")]


def piles_drawn(root: ET.Element) -> dict[str, ET.Element]:
    return {element.get("data-pile", ""): element for element in root.iter() if element.get("data-pile")}


def test_is_well_formed_and_sized_by_card_width(position: dict[str, Any]) -> None:
    small, large = parse(svg_picture(position, card_width=50)), parse(svg_picture(position, card_width=100))
    assert small.get("viewBox") == large.get("viewBox")
    assert float(large.get("width", "0")) == pytest.approx(2 * float(small.get("width", "0")), abs=0.1)
    assert float(large.get("height", "0")) == pytest.approx(2 * float(small.get("height", "0")), abs=0.1)


def test_shows_exactly_the_face_up_cards(position: dict[str, Any]) -> None:
    drawn = cards_drawn(parse(svg_picture(position)))
    assert sorted(code for code in drawn if code != "down") == sorted(visible_codes(position))
    if position["variant"] != "camelot":
        face_down = sum(code.islower() for column in position["tableau"] for code in column)
        assert drawn.count("down") == face_down + bool(position["stock"])


def test_every_card_is_named_for_screen_readers(position: dict[str, Any]) -> None:
    root = parse(svg_picture(position))
    for element in root.iter():
        code = element.get("data-card")
        if code:
            expected = "face-down card" if code == "down" else card_name(parse_card(code))
            assert (element.get("role"), element.get("aria-label")) == ("img", expected)
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert f"deal {position['deal']}, score {position['score']}/" in (title.text or "")
    assert (desc.text or "").startswith(f"Stock: {len(position['stock'])} cards face down.")
    assert root.get("aria-labelledby", "").split() == [title.get("id"), desc.get("id")]


def test_never_reveals_a_hidden_card(position: dict[str, Any]) -> None:
    svg = svg_picture(position)
    words = " ".join(element.get("aria-label", "") for element in parse(svg).iter()) + svg
    for code in hidden_codes(position):
        assert card_name(parse_card(code)) not in words
        assert f'"{code}"' not in svg


def test_the_drawing_does_not_depend_on_hidden_cards(position: dict[str, Any]) -> None:
    assert svg_picture(with_hidden_cards_shuffled(position, seed=7)) == svg_picture(position)


def test_has_a_hook_for_every_pile(position: dict[str, Any]) -> None:
    names = set(piles_drawn(parse(svg_picture(position))))
    if position["variant"] == "camelot":
        expected = {f"r{r}c{c}" for r in range(1, 5) for c in range(1, 5)}
    else:
        expected = {f"t{i + 1}" for i in range(len(position["tableau"]))} | {"f1", "f2", "f3", "f4"}
    assert names == expected | {"stock", "waste"}


def test_is_self_contained(position: dict[str, Any]) -> None:
    svg = svg_picture(position)
    root = parse(svg)
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids))
    for reference in re.findall(r'href="#([^"]+)"|url\(#([^)]+)\)', svg):
        assert "".join(reference) in ids
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<image" not in svg and "@font-face" not in svg


def test_two_pictures_on_one_page_do_not_share_ids() -> None:
    ids = [set(re.findall(r'id="([^"]+)"', svg_picture(p))) for p in (ATHENA_1, THUMB_AND_POUCH_1)]
    assert ids[0] and not ids[0] & ids[1]


def test_the_draw_three_waste_fans_its_top_three_cards() -> None:
    waste = piles_drawn(parse(svg_picture(ATHENA_DRAW_3)))["waste"]
    assert cards_drawn(waste) == ["5C", "5D", "4C"]  # bottom to top: the playable card is drawn last, on top
    assert waste.get("data-count") == "10"


def test_an_empty_stock_shows_whether_a_redeal_is_left() -> None:
    def stock_of(redeals_used: int) -> ET.Element:
        spent = {**THUMB_AND_POUCH_1, "stock": [], "waste": THUMB_AND_POUCH_1["stock"], "redeals_used": redeals_used}
        return piles_drawn(parse(svg_picture(spent)))["stock"]

    def shapes(stock: ET.Element) -> list[str]:
        return [path.get("d", "") for path in stock.iter(f"{SVG}path")]

    arrow, cross = shapes(stock_of(1)), shapes(stock_of(2))
    assert len(arrow) == 2 and arrow[0].startswith("M72 70A22")  # a round arrow: a redeal is left
    assert cross == ["M36 56l28 28M64 56l-28 28"]  # a cross: the stock is spent


def test_empty_columns_show_whether_only_a_king_may_fill_them() -> None:
    def marks(position: dict[str, Any]) -> list[str]:
        column = piles_drawn(parse(svg_picture(position)))["t4"]
        return [text.text or "" for text in column.iter(f"{SVG}text")]

    athena = copy.deepcopy(ATHENA_DRAW_3)
    assert marks(athena) == ["K"]
    assert marks({**athena, "variant": "thumb-and-pouch", "options": {"draw": 1, "redeals": 2}}) == []


def test_camelot_cells_say_what_they_are_kept_for() -> None:
    cells = piles_drawn(parse(svg_picture(CAMELOT)))
    assert cells["r1c4"].get("data-accepts") == "K" and cells["r4c1"].get("data-accepts") == "K"
    assert cells["r1c2"].get("data-accepts") == "Q" and cells["r4c3"].get("data-accepts") == "Q"
    assert cells["r2c1"].get("data-accepts") == "J" and cells["r2c4"].get("data-accepts") == "J"
    assert cells["r3c3"].get("data-accepts") == "any"
    assert cells["r1c4"].get("aria-label") == "r1c4: empty, kept for a king"
    assert cells["r1c1"].get("aria-label") == "r1c1: king of spades"
    assert cards_drawn(cells["waste"]) == ["QH"]


def test_four_colours_tell_the_suits_apart() -> None:
    def colours(svg: str) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for element in parse(svg).iter():
            code = element.get("data-card")
            if code and code != "down":
                found.setdefault(code[1], set()).update(
                    child.get("fill", "") for child in element.iter() if child.tag == f"{SVG}text")
        return found

    two, four = colours(svg_picture(ATHENA_DRAW_3)), colours(svg_picture(ATHENA_DRAW_3, four_colour=True))
    assert two["S"] == four["S"] and two["H"] == four["H"]
    assert two["D"] == two["H"] != four["D"]
    assert len(set().union(*four.values())) == 4


def test_caption_can_be_left_out() -> None:
    with_caption, without = parse(svg_picture(ATHENA_1)), parse(svg_picture(ATHENA_1, caption=False))
    assert float(without.get("height", "0")) < float(with_caption.get("height", "0"))
    assert "redeals left 2" in ET.tostring(with_caption, encoding="unicode")
    assert "·" not in ET.tostring(without, encoding="unicode")


class FakeGame:
    """Anything with a position() method is drawn as a game; the picture module never imports game.py."""

    def position(self) -> dict[str, Any]:
        return copy.deepcopy(CAMELOT)


def test_picture_of_a_game_or_a_position() -> None:
    drawn = picture(FakeGame(), card_width=60)
    assert isinstance(drawn, Picture)
    assert drawn == picture(CAMELOT, card_width=60)
    assert drawn._repr_svg_() == drawn.svg == svg_picture(CAMELOT, card_width=60)
    html = drawn._repr_html_()
    assert html.startswith("<div") and drawn.svg in html
    assert repr(drawn) == "<Picture: Camelot, deal 7, score 3/40, moves 12, stock 40, phase: filling>"


def test_picture_saves_a_standalone_svg_file(tmp_path: Any) -> None:
    target = tmp_path / "board.svg"
    picture(ATHENA_1).save(target)
    parse(target.read_text(encoding="utf-8"))


def malformed(**changes: Any) -> dict[str, Any]:
    position = copy.deepcopy(ATHENA_1)
    for key, value in changes.items():
        if value is KeyError:
            del position[key]
        else:
            position[key] = value
    return position


@pytest.mark.parametrize("bad", [[1, 2, 3], "athena", None])
def test_a_position_must_be_a_dict(bad: Any) -> None:
    with pytest.raises(ValueError, match="a position must be a dict as described in FORMAT.md"):
        svg_picture(bad)


@pytest.mark.parametrize(("bad", "message"), [
    (malformed(variant="spider"), "unknown variant 'spider'"),
    (malformed(variant=KeyError), "'variant' is missing"),
    (malformed(format=2), "format 1, not 2"),
    (malformed(tableau=ATHENA_1["tableau"][:6]), "7 tableau columns"),
    (malformed(tableau="9c KS"), "7 tableau columns"),
    (malformed(foundations=[[], []]), "list of 4 piles"),
    (malformed(waste=["4c"]), "waste[0]: '4c' is written in lower case"),
    (malformed(waste=["4C"]), "4♣ is both in stock[23] and in waste[0]"),
    (malformed(waste=["XX"]), "waste[0]: 'XX' is not a card"),
    (malformed(waste=None), "waste must be a list of cards"),
    (malformed(stock=KeyError), "'stock' is missing"),
    (malformed(moves=-1), "'moves' must be at least 0"),
    (malformed(moves="3"), "'moves' must be a whole number"),
    (malformed(score=True), "'score' must be a whole number"),
    (malformed(status="paused"), "'status' must be one of"),
    (malformed(options={"draw": 2}), "'draw' must be 1 or 3"),
    (malformed(options={"redeals": -2}), "'redeals' must be a whole number"),
    (malformed(options=[]), "'options' must be a dict"),
    ({**CAMELOT, "grid": [[None] * 4] * 3}, "4 rows of 4 cells"),
    ({**CAMELOT, "grid": [[None] * 4] * 3 + [[None, None, None, "qc"]]}, "grid[3][3]: 'qc' is written in lower case"),
    ({**CAMELOT, "stock": CAMELOT["stock"][:-1], "waste": ["QH", CAMELOT["stock"][-1]]}, "at most one card"),
    ({**CAMELOT, "phase": "deal"}, "'phase' must be 'fill' or 'remove'"),
    ({**CAMELOT, "phase": ["fill"]}, "'phase' must be 'fill' or 'remove'"),
    (malformed(variant=["athena"]), "unknown variant ['athena']"),
    (malformed(status={"won": True}), "'status' must be one of"),
    (malformed(deal="1"), "'deal' must be a whole number"),
])
def test_bad_input_is_refused_with_a_clear_message(bad: Any, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        svg_picture(bad)
    with pytest.raises(ValueError, match=re.escape(message)):
        picture(bad)


@pytest.mark.parametrize("card_width", [0, 1000, "72", True, None])
def test_bad_card_width_is_refused(card_width: Any) -> None:
    with pytest.raises(ValueError, match="card_width"):
        svg_picture(ATHENA_1, card_width=card_width)


@pytest.mark.parametrize("thing", [42, None, object()])
def test_picture_refuses_what_is_neither_a_game_nor_a_position(thing: object) -> None:
    with pytest.raises(ValueError, match="a game .* or a position dict"):
        picture(thing)


def test_a_long_caption_shrinks_to_fit_the_board() -> None:
    def caption_size(position: dict[str, Any]) -> float:
        texts = [t for t in parse(svg_picture(position)).iter(f"{SVG}text") if "·" in (t.text or "")]
        return float(texts[0].get("font-size", "0"))

    assert caption_size(ATHENA_1) == 17
    long = {**CAMELOT, "deal": 4294967295, "status": "lost", "phase": "remove"}
    assert caption_size(long) < caption_size(CAMELOT) <= 17


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["", "AS", "as", "XX", "fill", "athena"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["draw", "redeals"]), inner,
                                                                max_size=2),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from([ATHENA_DRAW_3, CAMELOT]), key=st.sampled_from(
    ["variant", "options", "deal", "stock", "waste", "foundations", "tableau", "grid", "phase", "removed",
     "redeals_used", "moves", "score", "status", "format"]), value=json_values)
def test_any_damage_to_a_position_is_a_value_error_or_a_picture(base: dict[str, Any], key: str,
                                                                   value: Any) -> None:
    damaged = {**copy.deepcopy(base), key: value}
    try:
        svg = svg_picture(damaged)
        text = text_picture(damaged)
    except ValueError as error:
        # Refused only what the rules model refuses too, with a short message.
        assert len(str(error)) <= 400
        with pytest.raises(ValueError):
            Game.from_position(damaged)
        return
    parse(svg)
    assert text.splitlines()[0]
