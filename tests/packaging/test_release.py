"""The release people install: its metadata (PyPI's classifiers, the Pythons it promises, the licence, the readme),
``twine check`` on the sdist and both wheels, and what they hold: the package with its front-end bundle, style sheet,
compiled catalogues, published tables and ``py.typed``; no tests, notebooks, node_modules, virtual environments or
build leftovers. The builds come from the session's ``release`` fixture (conftest.py)."""

from __future__ import annotations

import email.parser
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

import solitaire_widget

from .conftest import REPO, Release

pytestmark = pytest.mark.slow

tomllib = pytest.importorskip("tomllib")
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
PYTHON_CLASSIFIER = re.compile(r"Programming Language :: Python :: 3\.(\d+)$")

#: In the wheels and in the sdist (under src/), whatever else they hold.
PACKAGE_FILES = [
    "solitaire_widget/__init__.py",
    "solitaire_widget/py.typed",
    "solitaire_widget/static/widget.js",
    "solitaire_widget/static/widget.css",
    "solitaire_widget/studies/published.json",
]
CATALOGUES = [f"solitaire_widget/locale/{language}/LC_MESSAGES/solitaire_widget.mo" for language in ("el", "ru")]
CORES = ("solitaire_widget/solver/_klondike_core", "solitaire_widget/games/_rules_core")
#: Never in a wheel or an sdist: (what, pattern over a member's path).
NEVER = [
    ("tests", re.compile(r"(^|/)tests?/")),
    ("notebooks", re.compile(r"(^|/)notebooks/|\.ipynb$")),
    ("node_modules", re.compile(r"(^|/)node_modules/")),
    ("a virtual environment", re.compile(r"(^|/)\.?venv/")),
    ("byte code", re.compile(r"__pycache__/|\.py[co]$")),
    ("build leftovers", re.compile(r"(^|/)(build|dist|artifacts)/|\.egg-info/|\.o$|\.obj$")),
    ("the studies' stores", re.compile(r"(^|/)\.studies/|\.sqlite$")),
    ("git's files", re.compile(r"(^|/)\.git/")),
]


def wheel_names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.parser.Parser().parsestr(archive.read(name).decode())


def sdist_names(sdist: Path) -> list[str]:
    with tarfile.open(sdist) as archive:
        top = f"{sdist.name.removesuffix('.tar.gz')}/"
        names = [member.name for member in archive.getmembers() if member.isfile()]
    assert all(name.startswith(top) for name in names), names[:5]
    return [name.removeprefix(top) for name in names]


def forbidden(names: list[str]) -> list[tuple[str, str]]:
    return [(what, name) for name in names for what, pattern in NEVER if pattern.search(name)]


# -- metadata ---------------------------------------------------------------------------------------------------

def test_classifiers_are_pypis_own() -> None:
    trove = pytest.importorskip("trove_classifiers")
    unknown = [c for c in PROJECT["classifiers"] if c not in trove.classifiers or c in trove.deprecated_classifiers]
    assert not unknown, f"PyPI rejects unknown or deprecated classifiers: {unknown}"
    assert PROJECT["classifiers"] == sorted(PROJECT["classifiers"])


def test_python_classifiers_say_what_requires_python_promises() -> None:
    """Every 3.x from the oldest that ``requires-python`` admits up to the newest listed, no gap; the suite's own
    Python among them; cibuildwheel builds the same versions; and no licence classifier beside the SPDX
    expression (PEP 639 forbids both)."""
    minors = sorted(int(m.group(1)) for c in PROJECT["classifiers"] if (m := PYTHON_CLASSIFIER.match(c)))
    promised = SpecifierSet(PROJECT["requires-python"])
    oldest = min(minor for minor in range(0, 30) if f"3.{minor}" in promised)
    assert minors == list(range(oldest, minors[-1] + 1)), (minors, str(promised))
    assert f"3.{minors[-1] + 1}" in promised  # no upper bound: the newest is the newest released, not a cap
    assert sys.version_info[:2] in {(3, minor) for minor in minors}, f"this Python {sys.version} is not listed"
    built = sorted(int(m) for m in re.findall(r"cp3(\d+)-\*", PYPROJECT["tool"]["cibuildwheel"]["build"]))
    assert built == minors
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_one_version_source() -> None:
    """The version is written once, in _version.py: pyproject reads it from there (dynamic), and the changelog's
    latest release is that version or an Unreleased section sits above it."""
    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "src/solitaire_widget/_version.py"
    versions = re.findall(r"^## \[([^\]]+)\]", (REPO / "CHANGELOG.md").read_text(), flags=re.M)
    assert versions[0] == "Unreleased" and versions[1] == solitaire_widget.__version__, versions


def test_licence_file() -> None:
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    text = (REPO / "LICENSE").read_text()
    assert text.startswith("MIT License") and "Copyright (c) 2026 the solitaire-widget authors" in text


def test_wheel_metadata(release: Release) -> None:
    for wheel in (release.wheel, release.pure_wheel):
        metadata = wheel_metadata(wheel)
        assert metadata["Name"] == "solitaire-widget"
        assert metadata["Version"] == solitaire_widget.__version__
        assert metadata["Requires-Python"] == PROJECT["requires-python"]
        assert metadata["License-Expression"] == "MIT" and metadata["License-File"] == "LICENSE"
        assert metadata.get_all("Classifier") == PROJECT["classifiers"]
        assert {url.split(",")[0] for url in metadata.get_all("Project-URL")} >= {"Homepage", "Source", "Changelog"}
        assert metadata["Description-Content-Type"] == "text/markdown"
        assert metadata.get_payload().strip() == (REPO / "README.md").read_text().strip()
        assert f"{wheel.name.split('-')[0]}-{metadata['Version']}.dist-info/licenses/LICENSE" in wheel_names(wheel)


def test_twine_check(release: Release) -> None:
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(release.sdist), str(release.wheel),
                           str(release.pure_wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 3, done.stdout


# -- contents ---------------------------------------------------------------------------------------------------

def source_modules() -> set[str]:
    """The package's modules as git has them (and new ones not yet added), as paths inside the package."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "src/solitaire_widget"],
                            cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    return {name.removeprefix("src/") for name in listed if name.endswith(".py") and (REPO / name).exists()}


@pytest.mark.parametrize("which", ["wheel", "pure_wheel"])
def test_wheel_contents(release: Release, which: str) -> None:
    wheel: Path = getattr(release, which)
    names = wheel_names(wheel)
    missing = [name for name in [*PACKAGE_FILES, *CATALOGUES] if name not in names]
    assert not missing, f"{wheel.name} lacks {missing}"
    assert source_modules() <= set(names), sorted(source_modules() - set(names))
    assert not forbidden(names), forbidden(names)
    assert all(name.startswith(("solitaire_widget/", "solitaire_widget-")) for name in names)
    assert not [name for name in names if name.endswith((".c", ".h", ".ts", ".pot"))]
    cores = [name for name in names if name.startswith(CORES)]
    if which == "pure_wheel":
        assert wheel.name.endswith("-py3-none-any.whl") and not cores, (wheel.name, cores)
    elif wheel.name.endswith("-py3-none-any.whl"):
        # No compiler here: the build warned and made the pure package (make test refuses that, below).
        assert not cores
        assert os.environ.get("SOLITAIRE_REQUIRE_CORE") != "1", "the compiled cores were not built"
    else:
        tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
        assert f"-{tag}-{tag}-" in wheel.name, wheel.name
        assert len(cores) == 2 and all(name.endswith((".so", ".pyd")) for name in cores), cores


def test_sdist_contents(release: Release) -> None:
    names = sdist_names(release.sdist)
    wanted = [f"src/{name}" for name in PACKAGE_FILES] + [
        "pyproject.toml", "hatch_build.py", "README.md", "LICENSE", "CHANGELOG.md", "package.json",
        "package-lock.json", "tsconfig.json", "babel.cfg", "js/widget.ts", "js/widget.css", "PKG-INFO",
        "src/solitaire_widget/solver/_klondike_core.c", "src/solitaire_widget/games/_rules_core.c",
        "src/solitaire_widget/locale/el/LC_MESSAGES/solitaire_widget.po",
        "src/solitaire_widget/locale/ru/LC_MESSAGES/solitaire_widget.po",
    ]
    missing = [name for name in wanted if name not in names]
    assert not missing, f"the sdist lacks {missing}"
    assert {f"src/{name}" for name in source_modules()} <= set(names)
    assert not forbidden(names), forbidden(names)
    # Built from sources at install time, never shipped built: the cores and the catalogues.
    assert not [name for name in names if name.endswith((".so", ".pyd", ".mo", ".whl"))]
    assert not [name for name in names if name.startswith(("docs/", "benchmarks/", "tools/", ".ci/"))]
