"""Greek and Russian: every message translated, placeholders and plural forms right, the language chosen as
documented, and no English reaching a board that speaks Greek or Russian through whole games (issue 25)."""

from __future__ import annotations

import gettext
import random
import re
import string
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

import solitaire_widget as sw
from solitaire_widget import i18n
from solitaire_widget.i18n import LANGUAGES, check_language, using
from solitaire_widget.widget import Solitaire

from ..widget.conftest import FakeFrontEnd

LOCALE = Path(i18n.__file__).with_name("locale")
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def catalogue(language: str):
    with (LOCALE / language / "LC_MESSAGES" / "solitaire_widget.po").open("rb") as file:
        return read_po(file, locale=language)


def template():
    with (LOCALE / "solitaire_widget.pot").open("rb") as file:
        return read_po(file)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(language):
    translated = catalogue(language)
    # The catalogue's header must declare the language's plural forms as gettext knows them (Babel's table).
    assert translated.num_plurals == get_plural(language).num_plurals
    assert not [(message.id, problem) for message, problems in translated.check() for problem in problems]
    expected = {(message.context, message.id if isinstance(message.id, str) else message.id[0])
                for message in template() if message.id}
    chooser = gettext.c2py(translated.plural_expr)
    only_one = [{n for n in range(1000) if chooser(n) == index} == {1} for index in range(translated.num_plurals)]
    present = {}
    for message in translated:
        if not message.id:
            continue
        key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
        present[key] = message
        assert not message.fuzzy, f"{language}: fuzzy translation of {key}"
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(form.strip() for form in forms), f"{language}: {key} is not translated"
        assert len(forms) == (1 if isinstance(message.id, str) else translated.num_plurals), key
        source = fields(message.id if isinstance(message.id, str) else message.id[1])
        for index, form in enumerate(forms):
            dropped = source - fields(form)
            assert fields(form) <= source, f"{language}: {key}: placeholders {fields(form)} against {source}"
            # A form used for one only ("A card…", "Ένα φύλλο…") may leave the number out, as English does.
            assert not dropped or (dropped == {"count"} and only_one[index]), \
                f"{language}: {key}: form {index} leaves out {dropped}"
    missing = expected - set(present)
    assert not missing, f"{language}: {len(missing)} messages missing, e.g. {sorted(missing, key=str)[:3]}"


def test_the_template_is_what_the_code_says():
    """The catalogue template is up to date: every message of the code is in it (make messages extracts them)."""
    from babel.messages.extract import extract_from_dir

    keywords = {"_": None, "N_": None, "NP_": ((1, "c"), 2), "pgettext": ((1, "c"), 2),
                "npgettext": ((1, "c"), 2, 3), "ngettext": (1, 2)}
    found = set()
    for _, _, message, _, context in extract_from_dir(str(Path(sw.__file__).parent), keywords=keywords,
                                                    method_map=[("**.py", "python")]):
        found.add((context, message if isinstance(message, str) else message[0]))
    listed = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template() if m.id}
    assert found == listed, f"run make messages: not listed {sorted(found - listed, key=str)[:3]}, " \
                            f"stale {sorted(listed - found, key=str)[:3]}"


@pytest.mark.parametrize(("language", "counts"), [("ru", {1: "карта", 2: "карты", 5: "карт", 21: "карта"}),
                                                  ("el", {1: "φύλλο", 2: "φύλλα"})])
def test_plural_forms_follow_the_language(language, counts):
    with using(language):
        for count, word in counts.items():
            text = i18n.ngettext("Stock, {count} card", "Stock, {count} cards", count).format(count=count)
            assert word in text.split(), f"{language} {count}: {text}"
    board = sw.Solitaire("athena", deal=1, language=language)  # 24 cards in the stock: карты, φύλλα
    assert counts[2] in board.view["stock_label"].split(), board.view["stock_label"]


def test_a_wrong_language_names_the_languages_there_are():
    for bad in ("xx", "", None, 3, "english"):
        with pytest.raises(ValueError, match="the languages are en \\(English\\), el \\(Ελληνικά\\), ru"):
            check_language(bad)
        with pytest.raises(ValueError, match="the languages are"):
            Solitaire("athena", deal=1, language=bad) if bad is not None else check_language(bad)
    with pytest.raises(ValueError, match="the languages are"):
        sw.set_language("de")
    with pytest.raises(ValueError, match="the languages are"):
        sw.rules("athena", language="fr")
    for bad in ("", "spider", None, 3):
        with pytest.raises(ValueError, match="athena"):  # the message names the games there are
            sw.rules(bad)


def test_the_language_is_chosen_as_documented(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    assert i18n.kernel_language() == "ru"
    widget = Solitaire("athena", deal=1)
    assert widget.language == "ru", "with nothing set, the kernel's locale"
    front = FakeFrontEnd(widget)
    front.intent("page_language", language="el-GR")
    assert widget.language == "el", "the page's language (JupyterLab's) comes before the kernel's"
    front.intent("page_language", language="de-DE")
    assert widget.language == "el", "a language we do not speak changes nothing"
    try:
        sw.set_language("en")
        assert Solitaire("athena", deal=1).language == "en", "the default comes before the page and the kernel"
        assert Solitaire("athena", deal=1, language="ru").language == "ru", "the board's own comes first"
    finally:
        sw.set_language(None)
    widget.set_language("ru")
    assert widget.language == "ru" and widget.words["buttons"]["undo"] == i18n.translations("ru").gettext("Undo")
    widget.set_language(None)
    assert widget.language == "el"


def test_changing_the_language_redraws_the_board_s_words_at_once():
    widget = Solitaire("camelot", deal=3, language="en")
    english = (widget.status_line, widget.words, widget.view["stock_label"])
    widget.set_language("ru")
    assert widget.status_line.startswith("Камелот") and widget.words != english[1]
    assert widget.view["stock_label"] != english[2]
    assert widget.words["rules"] == [[heading, list(paragraphs)] for heading, paragraphs in
                                     sw.rules("camelot", language="ru").sections] or \
        widget.words["rules"] == [(heading, list(paragraphs)) for heading, paragraphs in
                                  sw.rules("camelot", language="ru").sections]


def _english_words() -> set[str]:
    """The English words of the catalogue that no translation keeps: seeing one on a Greek or Russian board means
    an untranslated sentence."""
    words = set()
    for message in template():
        if message.id:
            text = message.id if isinstance(message.id, str) else " ".join(message.id)
            words |= {word.lower() for word in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}", "", text))}
    kept = set()
    for language in TRANSLATED:
        for message in catalogue(language):
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            for form in forms:
                kept |= {word.lower() for word in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}", "", form))}
    return words - kept


def _board_texts(widget: Solitaire) -> list[str]:
    texts = [widget.status_line, widget.message["text"], widget.view["stock_label"], widget.winnable["text"],
             widget.meter["text"]]
    if widget.suggestion:
        texts.append(widget.suggestion["text"])
    if widget.coach_note:
        texts.append(widget.coach_note["text"])

    def walk(value):
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key != "variant":  # the chooser's game ids ("aunt-mary") are keys for the code, not words
                    walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(widget.words)
    return [re.sub(r"\{[^}]*\}", "", text) for text in texts]  # the board fills the words' templates itself


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("variant", sw.VARIANTS)
def test_no_english_reaches_a_board_that_speaks_another_language(language, variant):
    english = _english_words()
    rng = random.Random(f"{language}{variant}")
    widget = Solitaire(variant, deal=rng.randrange(10**6), language=language, hint_time=0.2)
    front = FakeFrontEnd(widget)
    seen: list[str] = []
    for step in range(160):
        legal = widget.game.legal_moves()
        roll = rng.random()
        if roll < 0.05:
            front.intent("undo") if widget.game.can_undo else None
        elif roll < 0.08:
            front.intent("redo") if widget.game.can_redo else None
        elif roll < 0.1:
            front.intent("foundation", pile=rng.choice(["waste", "t1", "t2", "t3"]))
        elif roll < 0.15:
            front.play({"kind": "move", "from": "t1", "to": "t2", "count": 1})  # mostly refused: a reason
        elif roll < 0.17:
            widget.hint()
        elif legal:
            front.play(rng.choice(legal).to_dict())
        else:
            front.intent("new_deal")
        seen += _board_texts(widget)
    widget.check_winnable(time_limit=1)
    widget._check.join(10)
    seen += _board_texts(widget)
    found = {}
    for text in seen:
        for word in re.findall(r"[A-Za-z]{4,}", text):
            if word.lower() in english:
                found.setdefault(word.lower(), text)
    assert not found, f"English on a {language} board: {list(found.items())[:3]}"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("variant", sw.VARIANTS)
def test_a_picture_speaks_the_language_in_force(language, variant):
    """The SVG picture's title, description, every aria-label and its caption, and the text picture's status line,
    carry no English in Greek or Russian: a screen reader reads them aloud."""
    from solitaire_widget.i18n import using
    from solitaire_widget.pictures import svg_picture, text_picture

    english = _english_words()
    rng = random.Random(f"picture{language}{variant}")
    game = sw.new_game(variant, deal=rng.randrange(10**6))
    positions = [game.position()]
    for _ in range(60):  # a game under way: waste, foundations, emptied columns, Camelot's removals
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        positions.append(game.position())
    found = {}
    with using(language):
        for position in positions[::6] + positions[-1:]:
            svg = svg_picture(position)
            texts = re.findall(r"<(?:title|desc|text)[^>]*>([^<]*)<", svg) + re.findall(r'aria-label="([^"]*)"', svg)
            texts.append(text_picture(position).splitlines()[0])
            for text in texts:
                for word in re.findall(r"[A-Za-z]{4,}", text):
                    if word.lower() in english:
                        found.setdefault(word.lower(), text)
    assert not found, f"English in a {language} picture: {list(found.items())[:3]}"
    with using("en"):
        assert "foundation" in svg_picture(positions[0]).lower() or variant == "camelot"


@pytest.mark.parametrize("value", [2.85, 0.125, 14.725, 0.05, 99.95, 0.0, 1234.5678])
@pytest.mark.parametrize("digits", [0, 1, 2])
def test_a_figure_rounds_the_same_in_every_language(value: float, digits: int) -> None:
    """A mean score or a share reads the same in every language but for its decimal sign: 2.85 is 2.9 in English
    (Python's rounding of the float) and 2,9 in Greek and Russian, never 2,8 (Babel's half-to-even of "2.85")."""
    english = f"{value:.{digits}f}"
    assert i18n.decimal(value, digits).replace(",", "") == english.replace(",", "")
    for language in ("el", "ru"):
        with using(language):
            written = i18n.decimal(value, digits)
            assert written.replace("\xa0", "").replace(".", "").replace(",", ".") == english
        if value <= 100:  # a share: its percentage (above 100%, the locale groups thousands)
            with using(language):
                assert i18n.percent(value / 100, digits, fixed=True).rstrip("\xa0%").replace(",", ".") == english
