"""The README's first command, ``make lab``, run as a user runs it: it starts JupyterLab on the getting-started
notebook, here as well as on a desktop (as root, as in many containers, JupyterLab refuses to start unless told
``--allow-root``, which the Makefile passes then).

The test adds only what keeps it off the user's way through the Makefile's ``LAB_ARGS``: no browser, 127.0.0.1 on a
free port, no token. Its Jupyter config, runtime and data folders are temporary ones. It waits until the notebook is
served, then stops the whole process group (make, jupyter and whatever they started).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = "00-getting-started.ipynb"

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group (JupyterLab shuts down on it), SIGKILL if it is still there after 20 s."""
    for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def test_make_lab_serves_the_getting_started_notebook(tmp_path: Path) -> None:
    stale = subprocess.run(["make", "-q", "setup"], cwd=REPO, capture_output=True)
    if stale.returncode != 0:
        pytest.fail("the environment is older than pyproject.toml or package.json: run `make setup` first "
                    "(`make test` does), or `make lab` would set it up again inside this test")
    port = free_port()
    lab_args = (f"--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} --ServerApp.port_retries=0 "
                "--IdentityProvider.token= --ServerApp.password=")
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTER_DATA_DIR=str(tmp_path / "data"),
        IPYTHONDIR=str(tmp_path / "ipython"),
        PYTHONUNBUFFERED="1",
    )
    log_path = tmp_path / "make-lab.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(["make", "--no-print-directory", "lab", f"LAB_ARGS={lab_args}"], cwd=REPO,
                                   stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        contents = None
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"`make lab` exited with code {process.returncode}:\n{log_path.read_text()[-3000:]}")
            try:
                status, body = get(f"{base}/api/contents/{NOTEBOOK}?content=0")
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                status, body = 0, b""
            if status == 200:
                contents = json.loads(body)
                break
            time.sleep(0.5)
        else:
            pytest.fail(f"`make lab` served no {NOTEBOOK} on port {port} in 120 s:\n{log_path.read_text()[-3000:]}")
        assert contents["name"] == NOTEBOOK and contents["type"] == "notebook"
        status, page = get(f"{base}/lab/tree/{NOTEBOOK}")
        assert status == 200 and b"JupyterLab" in page
    finally:
        stop_group(process)
    log = log_path.read_text()
    assert "Running as root is not recommended" not in log
    if os.geteuid() == 0:
        assert "--allow-root" in log.splitlines()[0], log.splitlines()[0]
