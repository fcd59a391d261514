"""Hatch build hook: compile the solver's optional C core, ``solitaire_widget.solver._klondike_core``.

The core (``src/solitaire_widget/solver/_klondike_core.c``) only makes the Klondike-family solver faster; the
package works the same without it, in pure Python. So a failed compile never fails the build: the hook prints a
warning (``pip install -v`` shows it) and the wheel stays pure Python.

* Wheel: the extension is compiled into a temporary directory and added to the wheel, which is then tagged for
  this interpreter and platform.
* Editable install (``make setup``): the extension is compiled next to its source, in
  ``src/solitaire_widget/solver/`` (git-ignored), where the editable install imports the package from. An earlier
  build there is deleted first, so a failed compile never leaves a stale module behind.
* ``SOLITAIRE_BUILD_CORE=0`` skips the compile (to check the pure-Python package); ``SOLITAIRE_BUILD_CORE=1``
  makes a failed compile fail the build instead of warning.

The compile goes through setuptools' ``build_ext``, which knows each platform's compiler and flags for
extension modules (it is listed in ``build-system.requires``).
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "solitaire_widget.solver._klondike_core"
SOURCE = "src/solitaire_widget/solver/_klondike_core.c"


class CompiledCoreHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self.scratch: str | None = None
        if self.target_name != "wheel":
            return
        wanted = os.environ.get("SOLITAIRE_BUILD_CORE", "").strip()
        if version == "editable":
            # A module left from an earlier build would be imported in place of the source as it is now.
            self.remove_in_place_module()
        if wanted == "0":
            self.app.display_info("solitaire-widget: SOLITAIRE_BUILD_CORE=0, the solver stays pure Python")
            return
        # Kept until finalize(): the wheel is packed from it.
        self.scratch = tempfile.mkdtemp(prefix="solitaire-core-")
        try:
            built = compile_core(Path(self.root), Path(self.scratch))
        except Exception as error:  # any failure to compile leaves the pure-Python package
            if wanted == "1":
                raise
            self.app.display_warning(
                "solitaire-widget: WARNING: the solver's C core could not be compiled, so the solver will run in "
                f"pure Python (correct, only slower). {type(error).__name__}: {error}")
            return
        name = built.name
        if version == "editable":
            # The editable install imports the package from src/: the module goes next to its source.
            shutil.copyfile(built, Path(self.root) / "src" / "solitaire_widget" / "solver" / name)
            self.app.display_info(f"solitaire-widget: built the solver's C core in place: {name}")
            return
        build_data["force_include"][str(built)] = f"solitaire_widget/solver/{name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"solitaire-widget: built the solver's C core: {name}")

    def remove_in_place_module(self) -> None:
        """Delete this interpreter's build of the module from src/ (an editable install's earlier build)."""
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        stale = Path(self.root) / "src" / "solitaire_widget" / "solver" / f"_klondike_core{suffix}"
        stale.unlink(missing_ok=True)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None


def compile_core(root: Path, scratch: Path) -> Path:
    """Compile the extension with setuptools' build_ext; the path of the built module, inside ``scratch``."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    unix = sys.platform != "win32"
    extension = Extension(
        MODULE,
        sources=[str(root / SOURCE)],
        extra_compile_args=["-std=c99", "-O2"] if unix else [],
    )
    distribution = Distribution({"name": "solitaire-widget-core", "ext_modules": [extension]})
    command = build_ext(distribution)
    command.build_lib = str(scratch / "lib")
    command.build_temp = str(scratch / "temp")
    command.inplace = False
    command.ensure_finalized()
    command.run()
    outputs = [Path(path) for path in command.get_outputs()]
    if len(outputs) != 1 or not outputs[0].is_file():
        raise RuntimeError(f"build_ext produced {outputs!r}, not one extension module")
    return outputs[0]
