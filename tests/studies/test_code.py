"""A study's key names the code behind its rows: a hash of the modules its kind of player runs, found by following
their imports, blind to comments and docstrings, and changed by anything else."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_widget.studies import Store, StoreError, study
from solitaire_widget.studies.code import PACKAGE_DIR, code_hash, code_sources
from solitaire_widget.studies.players import PLAYER_KINDS, PLAYS_WITH, player_for

MODULES = {
    "__init__.py": "from . import player, unused\n",
    "player.py": '"""Plays."""\nfrom typing import TYPE_CHECKING\n\nfrom .rules import legal\nfrom . import i18n\n\n'
                 "if TYPE_CHECKING:\n    from .unused import Hidden\n\n\n"
                 "def play(x):\n    \"\"\"Play x.\"\"\"\n"
                 "    from solitaire_widget.late import later  # runs when called\n    return legal(x) + later()\n",
    "rules/__init__.py": "from .core import legal\n",
    "rules/core.py": "from . import _fast\n\n\ndef legal(x):\n    return x + 1  # one more\n",
    "rules/_fast.c": "/* the fast path */\nint legal(int x) { return x + 1; } // one more\n",
    "late.py": "LIMIT = 2\n\n\ndef later():\n    return LIMIT\n",
    "i18n.py": "from .unused import words\n",
    "unused.py": "Hidden = words = None\n",
}


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A small package of the same name, whose player imports rules (with a compiled core), a module inside a
    function, words (not followed) and, for type checking only, a module that is otherwise unused."""
    root = tmp_path / "solitaire_widget"
    for name, text in MODULES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def _edit(package: Path, name: str, old: str, new: str) -> None:
    path = package / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_the_sources_are_what_the_player_imports(package: Path) -> None:
    found = code_sources(["player"], package_dir=package)
    assert sorted(found) == ["late", "player", "rules", "rules._fast", "rules.core"]
    assert found["rules._fast"].suffix == ".c"
    assert sorted(code_sources(["player"], alone=["unused"], package_dir=package)) == [
        "late", "player", "rules", "rules._fast", "rules.core", "unused"]


@pytest.mark.parametrize(("name", "old", "new"), [
    ("player.py", '"""Play x."""', '"""Play x, explained at length."""'),
    ("player.py", '"""Plays."""\n', ""),
    ("rules/core.py", "# one more", "# add one"),
    ("rules/core.py", "return x + 1", "return (x\n            + 1)"),
    ("rules/_fast.c", "/* the fast path */", "/* the fast path,\n   in C */"),
    ("rules/_fast.c", "{ return x + 1; }", "{\n    return x + 1;\n}"),
    ("i18n.py", "words", "other_words"),
    ("unused.py", "None", "1"),
    ("player.py", "def play(x):", "def play(x: int) -> int:"),
    ("player.py", "from typing import TYPE_CHECKING\n", "from typing import TYPE_CHECKING, Any\n"),
    ("player.py", "    from .unused import Hidden\n", "    from .unused import Hidden, words\n"),
    ("late.py", "LIMIT = 2", "LIMIT: int = 2"),
])
def test_words_comments_and_layout_leave_the_hash_alone(package: Path, name: str, old: str, new: str) -> None:
    before = code_hash(["player"], package_dir=package)
    _edit(package, name, old, new)
    assert code_hash(["player"], package_dir=package) == before


@pytest.mark.parametrize(("name", "old", "new"), [
    ("rules/core.py", "x + 1", "x + 2"),
    ("rules/_fast.c", "x + 1", "x + 2"),
    ("late.py", "LIMIT = 2", "LIMIT = 3"),
    ("player.py", "def play(x)", "def play(y=0, x=0)"),
    ("player.py", "def play(x):", "from dataclasses import dataclass, InitVar\n\n\n@dataclass\nclass P:\n"
                                  "    x: InitVar[int]\n\n\ndef play(x):"),
])
def test_any_other_change_changes_the_hash(package: Path, name: str, old: str, new: str) -> None:
    before = code_hash(["player"], package_dir=package)
    _edit(package, name, old, new)
    assert code_hash(["player"], package_dir=package) != before


def test_a_root_must_be_a_module_of_the_package(package: Path) -> None:
    with pytest.raises(ValueError, match="'nowhere' is not a module of solitaire_widget"):
        code_hash(["nowhere"], package_dir=package)


def test_each_kind_hashes_its_own_play_and_not_words() -> None:
    sources = {kind: set(code_sources(roots, alone=["studies.players"])) for kind, roots in PLAYS_WITH.items()}
    for kind, names in sources.items():
        assert {"game", "games.klondike", "games.camelot", "games._rules_core", "studies.players"} <= names, kind
        assert not any(name.split(".")[0] in ("i18n", "pictures", "widget", "rulebook") for name in names), kind
    assert {"solver.api", "solver.search", "solver._klondike_core"} <= sources["solver"]
    assert {"advice.player", "advice.win_chances", "solver.api"} <= sources["fair"]
    assert not {"advice.hints", "advice.coach", "advice.deals", "advice.game_review"} & sources["fair"]
    assert "strategies" in sources["strategy"] and not any(name.startswith(("solver", "advice"))
                                                           for name in sources["strategy"])
    assert (PACKAGE_DIR / "solver" / "_klondike_core.c").exists()


def test_the_key_holds_the_code_and_every_setting_that_changes_play() -> None:
    solver = player_for("athena", "solver", {"node_limit": 1000})
    key = solver.study_key("athena", {"draw": 1, "redeals": 2})
    assert key["code"] == solver.code and len(key["code"]) == 16 and key["engine"] in ("c", "python")
    assert key["settings"] == {"time_limit": 10.0, "node_limit": 1000}
    assert player_for("camelot", "solver", {}).study_key("camelot", {})["engine"] == "python"
    fair = player_for("athena", "fair", {"samples": 4})
    assert fair.study_key("athena", {})["settings"] == {**PLAYER_KINDS["fair"], "samples": 4}
    assert fair.code != solver.code != player_for("athena", "bold", {}).code
    assert player_for("athena", "undo-search", {}).study_key("athena", {})["search"] == 3000
    assert player_for("athena", "bold", {}).study_key("athena", {})["search"] == 0


def test_a_store_of_other_code_is_refused_saying_so(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    first = study("thumb-and-pouch", "bold", range(1, 3), workers=1, store=path, progress=False)
    with pytest.raises(StoreError, match=r"differs in code '[0-9a-f]{16}' \(asked: '0{16}'\)\. Its rows were made by "
                                         r"other code"):
        Store.open(path, {**first.study, "code": "0" * 16})
    with Store.open(path, first.study) as same:
        assert same.rows() == list(first.rows), "the same code opens its own store"


def test_an_annotation_in_any_block_leaves_the_hash_alone(tmp_path: Path) -> None:
    """Annotated assignments in else, finally and except blocks are plain ones too, as in a body."""
    root = tmp_path / "solitaire_widget"
    root.mkdir()
    plain = ("def f(xs):\n    for x in xs:\n        pass\n    else:\n        last = 1\n    try:\n        pass\n"
             "    except ValueError:\n        bad = 2\n    finally:\n        done = 3\n    return last + bad + done\n")
    (root / "m.py").write_text(plain)
    before = code_hash(["m"], package_dir=root)
    (root / "m.py").write_text(plain.replace("last = 1", "last: int = 1").replace("bad = 2", "bad: int = 2")
                               .replace("done = 3", "done: int = 3"))
    assert code_hash(["m"], package_dir=root) == before
