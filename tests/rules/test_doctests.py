"""The examples in the rules model's docstrings run, so the documentation cannot drift from the code."""

import doctest
import importlib

import pytest

MODULES = ["solitaire_widget", "solitaire_widget.cards", "solitaire_widget.deals", "solitaire_widget.moves",
           "solitaire_widget.game", "solitaire_widget.knowledge", "solitaire_widget.intervals"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
