"""Languages: every word the product shows a player, in English, Greek or Russian, through gettext catalogues.

The messages are written in English in the code, as whole sentences with named placeholders (``"The {card} cannot
go on the {target}."``), and translated in ``locale/<language>/LC_MESSAGES/solitaire_widget.po``: one file per
language, so adding a fourth language is a matter of one catalogue. The ``.po`` sources are compiled to ``.mo``
files when the package is built or installed (``hatch_build.py``, with Babel), and read at run time by the
standard library's :mod:`gettext`, which also does the plural forms each language declares in its catalogue's
header (Russian has three: 1 карта, 2 карты, 5 карт; Greek two). Numbers in sentences follow the language's
conventions through Babel's CLDR data (:func:`percent`, :func:`decimal`: "40%", "40 %", "0,9"), so a new
language brings its own without code; Babel also compiles the catalogues at build time.

Which language: the one set for the code that runs (``with using("el"):``, as the board does for each of its
messages), else the default set with :func:`set_language`, else the kernel's locale, else English.

>>> with using("ru"):
...     ngettext("{count} card", "{count} cards", 5).format(count=5)
'5 карт'
>>> check_language("el_GR"), check_language("EL")
('el', 'el')
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import locale as _locale
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from functools import cache
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal, format_percent

from .checks import short

__all__ = ["LANGUAGES", "NP_", "N_", "check_language", "decimal", "default_language", "get_language", "gettext",
           "ngettext", "npgettext", "percent", "pgettext", "set_language", "translate", "using"]

DOMAIN = "solitaire_widget"
LOCALE_DIR = Path(__file__).with_name("locale")


def _languages() -> dict[str, str]:
    """English, and every language with a catalogue under ``locale/``, each with its name in itself (from CLDR):
    a new catalogue file is all a new language needs."""
    codes = sorted(folder.name for folder in LOCALE_DIR.iterdir()
                   if any((folder / "LC_MESSAGES" / f"{DOMAIN}{suffix}").exists() for suffix in (".po", ".mo")))
    return {code: (Locale.parse(code).get_display_name(code) or code).capitalize() for code in ["en", *codes]}


#: The languages there are, with their names in themselves: ``{"en": "English", "el": "Ελληνικά", ...}``.
LANGUAGES: dict[str, str] = _languages()

_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("solitaire_widget_language", default=None)
_default: str | None = None


def check_language(language: object) -> str:
    """The language code for ``language``: ``"el"``, ``"el_GR"``, ``"el-GR"`` and ``"EL"`` are all ``"el"``.
    ValueError names the languages there are."""
    if isinstance(language, str) and language:
        code = language.replace("-", "_").split("_", 1)[0].split(".", 1)[0].lower()
        if code in LANGUAGES:
            return code
    choices = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    raise ValueError(f"unknown language {short(language)}; the languages are {choices}")


def set_language(language: str | None) -> None:
    """Make ``language`` the default for everything that is not given one (None: the kernel's locale, else
    English). A board follows it unless it was given a language of its own."""
    global _default
    _default = None if language is None else check_language(language)


def default_language() -> str | None:
    """The default set with :func:`set_language`, or None when none is."""
    return _default


def get_language() -> str:
    """The language in force here: the one set for this code (:func:`using`), the default, the kernel's locale,
    or English."""
    return _current.get() or _default or kernel_language()


def kernel_language() -> str:
    """The language of the kernel's locale when it is one of :data:`LANGUAGES`, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(name, "")
        for part in value.split(":"):
            try:
                return check_language(part)
            except ValueError:
                continue
    try:
        return check_language(_locale.getlocale()[0])
    except ValueError:
        return "en"


@contextmanager
def using(language: str) -> Iterator[str]:
    """Within the block, messages come in ``language`` (checked)."""
    token = _current.set(check_language(language))
    try:
        yield _current.get()  # type: ignore[misc]
    finally:
        _current.reset(token)


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalogue of ``language`` (English: the messages as written)."""
    language = check_language(language)
    if language == "en":
        return _gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.exists():
        raise RuntimeError(f"the {LANGUAGES[language]} catalogue is not compiled ({path} is missing): reinstall the "
                           "package (make setup), which compiles locale/*/LC_MESSAGES/*.po")
    with path.open("rb") as file:
        return _gettext.GNUTranslations(file)


def gettext(message: str) -> str:
    """``message`` in the language in force."""
    return translations(get_language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` that ``count`` takes in the language in force."""
    return translations(get_language()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, told apart from the same English words used elsewhere by
    ``context`` (the grammatical case a sentence needs, for example)."""
    return translations(get_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return translations(get_language()).npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it yet (for tables of words, translated where they
    are used, with :func:`translate`)."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message``, told apart by ``context``, for the catalogues; :func:`translate` translates the pair."""
    return context, message


def translate(marked: str | tuple[str, str]) -> str:
    """A message marked with :func:`N_` or :func:`NP_`, in the language in force."""
    if isinstance(marked, tuple):
        return pgettext(*marked)
    return gettext(marked)


def percent(share: float, digits: int = 0, *, fixed: bool = False) -> str:
    """``share`` (0 to 1) as a percentage with up to ``digits`` decimals (exactly ``digits`` when ``fixed``), written
    as the language in force writes it: "40%" in English and Greek, "40 %" in Russian, "45,2 %" with a decimal.

    The rounding is Python's own (``f"{share:.1%}"``), done once before Babel writes the number, so that a figure
    reads the same in every language: 95.2% in English is 95,2% in Greek, never 95,3%."""
    rounded = Decimal(f"{share * 100:.{digits}f}") / 100
    language = get_language()
    if not fixed:
        return format_percent(rounded, locale=language, decimal_quantization=False)
    pattern = Locale.parse(language).percent_formats[None].pattern
    # The locale's own pattern ("#,##0%", "#,##0\xa0%"), its last integer digit given the decimals asked for.
    with_decimals = re.sub(r"0(?![0#,.])", "0." + "0" * digits, pattern, count=1) if digits else pattern
    return format_percent(rounded, format=with_decimals, locale=language)


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, written as the language in force writes it: "0.9", "0,9".

    Rounded once, by Python (``f"{value:.1f}"``), before Babel writes it, as :func:`percent` does: Babel would
    round the float's shortest text half to even, 2.85 to 2,8, where the English table says 2.9."""
    rounded = Decimal(f"{value:.{digits}f}")
    return format_decimal(rounded, format="0." + "0" * digits if digits else "0", locale=get_language())
