"""The hand-built positions of picture_positions.py as a fixture."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from .picture_positions import POSITIONS


@pytest.fixture(params=sorted(POSITIONS))
def position(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Each hand-built position in turn, as a fresh copy a test may change."""
    return copy.deepcopy(POSITIONS[request.param])
