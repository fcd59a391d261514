"""The examples in the advice's docstrings run, so its documentation cannot drift from the code."""

import doctest
import importlib

import pytest

MODULES = ["solitaire_widget.advice.win_chances", "solitaire_widget.advice.coach", "solitaire_widget.advice.player"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
