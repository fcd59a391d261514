"""Build the JupyterLite site (``make lite``): the notebooks, playable in the browser with no server and no install.

The site is static: JupyterLite's JupyterLab, the Pyodide kernel (Python compiled to WebAssembly), the board's
front end (anywidget's and ipywidgets' prebuilt JupyterLab extensions, taken from this environment), the notebooks,
and every wheel the kernel loads. Nothing is fetched from the network when the site runs, except a Pyodide package
that none of the notebooks' play needs (matplotlib, numpy, ...: see below).

Where each part comes from:

- Pyodide's runtime (the WebAssembly interpreter, the standard library, ``pyodide-lock.json``): the npm package
  ``pyodide``, the version the Pyodide kernel was made for (:data:`PYODIDE_VERSION`), packed with ``npm pack`` into
  the cache. The npm package holds no package wheels.
- The wheels the kernel itself loads from Pyodide's lock file (micropip, IPython and its dependencies, jedi, ...)
  and those the package depends on that the lock has (traitlets, platformdirs, tqdm, typing-extensions): PyPI's
  pure-Python wheels of the versions the lock names (``pip download``), put next to the lock file, whose entries
  are rewritten to their names and hashes.
- solitaire-widget's pure-Python wheel (built here with ``SOLITAIRE_BUILD_CORE=0``) and the dependencies the lock
  does not have (anywidget, psygnal, ipywidgets, comm, jupyterlab-widgets, Babel): PyPI's pure-Python wheels of the
  versions installed in this environment, served as piplite's wheels (``pypi/``, so ``%pip install
  solitaire-widget`` works in the site) and added to the lock file as well, so that a notebook's ``import
  solitaire_widget`` loads the package and its dependencies by itself, as in any Pyodide notebook. ipywidgets'
  ``widgetsnbextension`` is the Pyodide kernel's own stand-in (its front end is already in the site).
- Every other package of the lock (matplotlib, numpy, pandas, ...) keeps its address on Pyodide's CDN: a notebook
  cell that imports one of them works when the browser is online, and fails with a network error when it is not.

Everything downloaded is kept in ``lite/.cache/`` (git-ignored), so that a second build needs no network.

    python tools/lite.py                       # build lite/_output/
    python tools/lite.py --wheel dist/solitaire_widget-X-py3-none-any.whl   # with a wheel already built
    python -m http.server -d lite/_output      # then open http://localhost:8000/lab/index.html
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

REPO = Path(__file__).resolve().parents[1]
LITE = REPO / "lite"
CACHE = LITE / ".cache"
OUTPUT = LITE / "_output"
NOTEBOOKS = REPO / "notebooks"

#: The Pyodide the kernel was made for (jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION, checked below).
PYODIDE_VERSION = "314.0.6"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
#: What the browser's Python is (Pyodide 314 is CPython 3.14 on Emscripten): for the dependencies' markers.
BROWSER_ENVIRONMENT = {
    "python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
    "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": "",
}
#: What the Pyodide kernel loads from the lock file when it starts (its worker: micropip, then through piplite
#: ipykernel (its own stand-in), comm, pyodide-kernel, jedi and ipython).
KERNEL_NEEDS = ["micropip", "ipython", "jedi"]
#: The package's dependencies (pyproject.toml) and theirs that Pyodide's lock lacks; taken from PyPI at the versions
#: installed here. widgetsnbextension is the kernel's stand-in instead (ipywidgets' classic-notebook front end).
ADDED = ["anywidget", "psygnal", "ipywidgets", "comm", "jupyterlab-widgets", "babel"]
#: Files of the npm package the site does not need.
PYODIDE_SKIP = (".map", ".d.ts", ".html", "README.md")


class Missing(SystemExit):
    """A part the site needs could not be downloaded (no network, or the registry lacks it): the message names it."""


def log(message: str) -> None:
    print(f"lite: {message}", flush=True)


def run(command: list[str], **kwargs: object) -> None:
    log(" ".join(str(part) for part in command))
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- the parts ------------------------------------------------------------------------------------------------------

def pyodide_runtime() -> Path:
    """The npm package ``pyodide`` unpacked in the cache (``npm pack`` the first time: needs the npm registry)."""
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if (unpacked / "pyodide-lock.json").exists():
        return unpacked
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        try:
            run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE), "--silent"])
        except (OSError, subprocess.CalledProcessError) as error:
            raise Missing(f"lite: MISSING Pyodide {PYODIDE_VERSION}: `npm pack pyodide@{PYODIDE_VERSION}` failed "
                          f"({error}); the npm registry is needed once, for {tarball.name}") from None
    scratch = CACHE / "pyodide-unpacking"
    shutil.rmtree(scratch, ignore_errors=True)
    with tarfile.open(tarball) as archive:
        archive.extractall(scratch, filter="data")
    shutil.rmtree(unpacked, ignore_errors=True)
    (scratch / "package").rename(unpacked)
    shutil.rmtree(scratch)
    return unpacked


def pure_wheels(pins: dict[str, str], folder: Path) -> dict[str, Path]:
    """PyPI's pure-Python wheel of each ``name: version``, downloaded into ``folder`` unless it is there already."""
    folder.mkdir(parents=True, exist_ok=True)

    def have() -> dict[str, Path]:
        found = {}
        for wheel in folder.glob("*.whl"):
            name, version, _, tags = parse_wheel_filename(wheel.name)
            if str(version) == pins.get(name) or (name in pins and wheel.name.split("-")[1] == pins[name]):
                if any(tag.platform == "any" and tag.abi == "none" for tag in tags):
                    found[name] = wheel
        return found

    missing = [f"{name}=={version}" for name, version in pins.items() if name not in have()]
    if missing:
        try:
            run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                 "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", "3.14",
                 "--dest", str(folder), *missing])
        except subprocess.CalledProcessError:
            raise Missing(f"lite: MISSING wheels: `pip download` found no pure-Python wheel for "
                          f"{' '.join(missing)} (is PyPI reachable?)") from None
    found = have()
    lacking = sorted(set(pins) - set(found))
    if lacking:
        raise SystemExit(f"lite: no pure-Python wheel on PyPI for {', '.join(lacking)}")
    return {name: found[name] for name in pins}


def package_wheel(given: Path | None) -> Path:
    """solitaire-widget's pure-Python wheel: ``given``, or built now from the checkout (SOLITAIRE_BUILD_CORE=0)."""
    if given is not None:
        if not given.name.endswith("-py3-none-any.whl"):
            raise SystemExit(f"lite: {given} is not the pure-Python wheel (py3-none-any)")
        return given
    folder = CACHE / "package"
    shutil.rmtree(folder, ignore_errors=True)
    front_end = REPO / "src" / "solitaire_widget" / "static" / "widget.js"
    if not front_end.exists():
        raise SystemExit(f"lite: the front end is not built ({front_end}); `npm run build` builds it")
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(folder), str(REPO)],
        env={**os.environ, "SOLITAIRE_BUILD_CORE": "0"}, stdout=subprocess.DEVNULL)
    (wheel,) = folder.glob("solitaire_widget-*-py3-none-any.whl")
    return wheel


def kernel_stand_in(name: str) -> Path:
    """A wheel the Pyodide kernel's extension ships for piplite (its ``widgetsnbextension`` stand-in)."""
    from jupyterlite_pyodide_kernel import constants

    if constants.PYODIDE_VERSION != PYODIDE_VERSION:
        raise SystemExit(f"lite: jupyterlite-pyodide-kernel is made for Pyodide {constants.PYODIDE_VERSION}; "
                         f"PYODIDE_VERSION in tools/lite.py says {PYODIDE_VERSION}")
    folder = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
              / "static" / "pypi")
    wheels = sorted(folder.glob(f"{name}-4.*-py3-none-any.whl"))
    if not wheels:
        raise SystemExit(f"lite: no {name} wheel in {folder}: is jupyterlite-pyodide-kernel installed?")
    return wheels[-1]


# -- the lock file ------------------------------------------------------------------------------------------------

def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, the lock names of its dependencies for the browser, its top-level import names)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata_path,) = [n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(metadata_path).decode())
    depends = []
    for line in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or Marker(str(requirement.marker)).evaluate(BROWSER_ENVIRONMENT):
            depends.append(canonicalize_name(requirement.name))
    imports = set()
    for name in names:
        top = name.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in name or top.endswith(".py"):
            imports.add(top.removesuffix(".py"))
    return canonicalize_name(metadata["Name"]), metadata["Version"], sorted(set(depends)), sorted(imports)


def closure(lock: dict[str, dict], roots: list[str]) -> list[str]:
    """The lock's names of ``roots`` and of everything they depend on."""
    by_name = {canonicalize_name(name): name for name in lock}
    seen: list[str] = []
    todo = [canonicalize_name(root) for root in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in by_name:
            raise SystemExit(f"lite: {name} is not in Pyodide's lock file")
        seen.append(name)
        todo.extend(canonicalize_name(d) for d in lock[by_name[name]]["depends"])
    return sorted(by_name[name] for name in seen)


def write_lock(runtime: Path, target: Path, package: Path, added: dict[str, Path]) -> list[str]:
    """Pyodide's runtime in ``target`` with its lock file rewritten: the packages the kernel and the notebooks
    load as local wheels (from PyPI, next to the lock; the added ones in piplite's ``pypi/``), every other package
    at its address on Pyodide's CDN. Answers the names of the local packages."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for path in runtime.iterdir():
        if path.is_file() and not path.name.endswith(PYODIDE_SKIP) and path.name != "package.json":
            shutil.copy2(path, target / path.name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    packages: dict[str, dict] = lock["packages"]

    # The added wheels first: their dependencies that the lock has are local too.
    entries = {}
    for wheel in [package, *added.values()]:
        name, version, depends, imports = wheel_metadata(wheel)
        entries[name] = {
            "name": name, "version": version, "file_name": f"../../pypi/{wheel.name}", "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False,
        }
    in_lock = {canonicalize_name(name) for name in packages}
    needed = set(KERNEL_NEEDS)
    for entry in entries.values():
        unknown = [d for d in entry["depends"] if d not in entries and d not in in_lock]
        if unknown:
            raise SystemExit(f"lite: {entry['name']} needs {', '.join(unknown)}, in neither Pyodide's lock nor "
                             f"tools/lite.py's ADDED list")
        needed.update(d for d in entry["depends"] if d not in entries)
    local = closure(packages, sorted(needed))
    pins = {canonicalize_name(name): packages[name]["version"] for name in local}
    downloaded = pure_wheels(pins, CACHE / "pyodide-wheels")
    for name in local:
        wheel = downloaded[canonicalize_name(name)]
        shutil.copy2(wheel, target / wheel.name)
        packages[name].update(file_name=wheel.name, sha256=sha256(wheel), unvendored_tests=False)
    for name, entry in packages.items():
        if name not in local and "://" not in entry["file_name"]:
            entry["file_name"] = PYODIDE_CDN + entry["file_name"]
    for name, entry in entries.items():
        stale = [key for key in packages if canonicalize_name(key) == name]
        for key in stale:
            del packages[key]
        packages[name] = entry
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return sorted([*local, *entries])


# -- the site -----------------------------------------------------------------------------------------------------

def build(output: Path, wheel: Path | None) -> None:
    started = time.monotonic()
    runtime = pyodide_runtime()
    package = package_wheel(wheel)
    pins = {name: importlib.metadata.version(name) for name in ADDED}
    added = pure_wheels(pins, CACHE / "wheels")
    added["widgetsnbextension"] = kernel_stand_in("widgetsnbextension")

    # The site's own folder for JupyterLite: its configuration (checked in under lite/), Pyodide where the
    # Pyodide addon looks for it (static/pyodide), and nothing else.
    site_dir = CACHE / "site"
    shutil.rmtree(site_dir, ignore_errors=True)
    site_dir.mkdir(parents=True)
    for name in ("jupyter-lite.json", "overrides.json"):
        shutil.copy2(LITE / name, site_dir / name)
    local = write_lock(runtime, site_dir / "static" / "pyodide", package, added)
    log(f"local Pyodide packages: {', '.join(local)}")

    # The notebooks as they are in the checkout (outputs included), in their folders.
    contents = CACHE / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    shutil.copytree(NOTEBOOKS, contents, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))

    shutil.rmtree(output, ignore_errors=True)
    wheels = [package, *added.values()]
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(site_dir), "--output-dir", str(output),
         "--contents", str(contents), *[arg for w in wheels for arg in ("--piplite-wheels", str(w))],
         "--no-sourcemaps", "--no-unused-shared-packages"], cwd=site_dir)
    check(output, [w.name for w in wheels])
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    log(f"built {output.relative_to(REPO) if output.is_relative_to(REPO) else output} in "
        f"{time.monotonic() - started:.0f} s: {size / 1e6:.0f} MB; serve it with "
        f"`python -m http.server -d {output}` and open /lab/index.html")


def check(output: Path, wheels: list[str]) -> None:
    """What the site must hold: the local Pyodide, piplite's wheels, the front ends, the notebooks, no PyPI."""
    config = json.loads((output / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    problems = []
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {settings.get('pyodideUrl')!r}, not the site's own Pyodide")
    if settings.get("disablePyPIFallback") is not True:
        problems.append("piplite may fall back to PyPI")
    for wheel in wheels:
        if not (output / "pypi" / wheel).exists():
            problems.append(f"pypi/{wheel} is missing")
    extensions = {entry["name"] for entry in config.get("federated_extensions", [])}
    for name in ("anywidget", "@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"):
        if name not in extensions:
            problems.append(f"the front end {name} is not in the site")
    for notebook in NOTEBOOKS.rglob("*.ipynb"):
        if not (output / "files" / notebook.relative_to(NOTEBOOKS)).exists():
            problems.append(f"files/{notebook.relative_to(NOTEBOOKS)} is missing")
    if problems:
        raise SystemExit("lite: the site is incomplete:\n  " + "\n  ".join(problems))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the site's folder (default lite/_output)")
    parser.add_argument("--wheel", type=Path, help="solitaire-widget's pure-Python wheel (default: build it now)")
    parser.add_argument("--requirements", action="store_true",
                        help="print what the build needs (pyproject.toml's lite extra) and stop")
    options = parser.parse_args()
    if options.requirements:
        import tomllib

        extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
        print(" ".join(f"'{requirement}'" for requirement in extras["lite"]))
        return
    build(options.output.resolve(), options.wheel)


if __name__ == "__main__":
    main()
