"""The wheel as a user installs it: into a fresh virtual environment, with its JupyterLab extra only (no test or
development dependencies), from the session's build of a copy of the checkout (conftest.py). From there, outside
the checkout, it plays a game, solves a deal, gives a fair hint, prints the rules in Greek and makes a board
(installed_smoke.py); then the pure-Python wheel, put in its place, does the same without the compiled cores.

Not yet here: the board shown in JupyterLab in Chromium from that environment (the browser tests show it from the
checkout's editable install).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import Release

pytestmark = pytest.mark.slow

SMOKE = Path(__file__).with_name("installed_smoke.py")


def run(command: list[str], cwd: Path, env: dict[str, str], timeout: float) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_the_installed_wheel_plays(release: Release, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # Nothing from the suite's set-up but a data folder of the test's own (the statistics never touch the real one).
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"} and not key.startswith("SOLITAIRE_")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", SOLITAIRE_WIDGET_DATA=str(tmp_path / "data"))
    work = tmp_path / "work"  # no checkout on the path: the script runs from here
    work.mkdir()
    shutil.copy(SMOKE, work / SMOKE.name)

    run([str(python), "-m", "pip", "install", "--quiet", f"{release.wheel}[lab]"], work, env, timeout=600)
    installed = run([str(python), "-m", "pip", "list", "--format=freeze"], work, env, timeout=60).lower()
    assert "jupyterlab==" in installed and "ipykernel==" in installed
    assert not [name for name in ("pytest", "hypothesis", "playwright", "build", "twine") if f"\n{name}==" in
                f"\n{installed}"], installed
    site = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work, env, 60).strip()

    cores = "pure" if release.wheel.name.endswith("-py3-none-any.whl") else "compiled"
    out = run([str(python), SMOKE.name, site, cores], work, env, timeout=300)
    assert f"SMOKE OK {cores}" in out and "# Αθηνά" in out, out

    run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--force-reinstall", str(release.pure_wheel)],
        work, env, timeout=300)
    out = run([str(python), SMOKE.name, site, "pure"], work, env, timeout=300)
    assert "SMOKE OK pure" in out, out
