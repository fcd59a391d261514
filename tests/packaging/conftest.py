"""The release, built once per test session: the sdist from a copy of this checkout, then from that sdist the wheel
for this machine (with the compiled cores) and the pure-Python wheel, as ``make dist`` builds them.

The copy holds the files git tracks or would track (what a clean clone has, with this checkout's edits), never the
checkout's own build products (``src/solitaire_widget/static/``, the compiled cores, ``node_modules``), so the build
makes everything itself: the front end's bundle (npm), the catalogues (Babel) and the cores (the C compiler). Each
build runs in build's isolated environment, with its build requirements from the package index.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Release:
    sdist: Path
    wheel: Path  # this machine's, with the compiled cores where they compile
    pure_wheel: Path  # py3-none-any
    log: Path


def checkout_copy(target: Path) -> Path:
    """The files of this checkout that git tracks or would track (not the ignored ones), copied into ``target``."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():  # a file deleted but not yet staged is still listed
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def build(args: list[str], log: Path, **env: str) -> None:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("SOLITAIRE_BUILD")}
    environment.update(env)
    with log.open("ab") as out:
        out.write(f"\n$ {' '.join(args)}  {env}\n".encode())
        out.flush()
        done = subprocess.run([sys.executable, "-m", "build", *args], stdout=out, stderr=subprocess.STDOUT,
                              env=environment)
    if done.returncode != 0:
        pytest.fail(f"python -m build {' '.join(args)} failed:\n{log.read_text()[-4000:]}")


@pytest.fixture(scope="session")
def release(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Release]:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("the release is built from a git checkout")
    home = tmp_path_factory.mktemp("release")
    source = checkout_copy(home / "checkout")
    dist = home / "dist"
    log = home / "build.log"
    build(["--sdist", "--outdir", str(dist), str(source)], log)
    (sdist,) = dist.glob("solitaire_widget-*.tar.gz")
    with tarfile.open(sdist) as archive:
        archive.extractall(home / "unpacked", filter="data")
    (unpacked,) = (home / "unpacked").iterdir()
    # With SOLITAIRE_REQUIRE_CORE=1 (make test) a core that does not compile fails the build, as in `make dist`.
    core = {"SOLITAIRE_BUILD_CORE": "1"} if os.environ.get("SOLITAIRE_REQUIRE_CORE") == "1" else {}
    build(["--wheel", "--outdir", str(dist / "platform"), str(unpacked)], log, **core)
    build(["--wheel", "--outdir", str(dist / "pure"), str(unpacked)], log, SOLITAIRE_BUILD_CORE="0")
    (wheel,) = (dist / "platform").glob("*.whl")
    (pure_wheel,) = (dist / "pure").glob("*.whl")
    yield Release(sdist=sdist, wheel=wheel, pure_wheel=pure_wheel, log=log)
