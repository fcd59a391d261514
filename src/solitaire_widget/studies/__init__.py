"""Studies over many deals: :func:`study` plays or solves them on one core, a process pool or a cluster, and keeps
the results in a store so that a long study resumes where it stopped.

>>> import solitaire_widget as sw
>>> result = sw.study("thumb-and-pouch", "bold", deals=range(1, 21), workers=1, progress=False)
>>> print(result.summary)
19 of 20 (95.0%, 95% CI 76.4%–99.1%)
>>> result.summary.outcomes
{'won': 19, 'stuck': 1}
"""

from __future__ import annotations

from .executors import PoolExecutor
from .players import PLAYER_KINDS, Player, Row
from .published import PublishedTable, published, published_tables
from .result import StudyResult, Summary
from .run import study
from .store import Store, StoreError

__all__ = ["PLAYER_KINDS", "Player", "PoolExecutor", "PublishedTable", "Row", "Store", "StoreError", "StudyResult",
           "Summary", "published", "published_tables", "study"]
