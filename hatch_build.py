"""Hatch build hook: compile the optional C cores, ``solitaire_widget.solver._klondike_core`` (the solver's search)
and ``solitaire_widget.games._rules_core`` (the rules model's legal-move generation).

The cores only make things faster; the package works the same without them, in pure Python. So a failed compile
never fails the build: the hook prints a warning (``pip install -v`` shows it) and the wheel stays pure Python.

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

#: (module, its C source, the package folder the built module goes in).
CORES = [
    ("solitaire_widget.solver._klondike_core", "src/solitaire_widget/solver/_klondike_core.c",
     "src/solitaire_widget/solver"),
    ("solitaire_widget.games._rules_core", "src/solitaire_widget/games/_rules_core.c", "src/solitaire_widget/games"),
]


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
        # The language catalogues first: the package needs them whatever happens to the C cores.
        for mo in compile_catalogues(Path(self.root)):
            relative = mo.relative_to(Path(self.root) / "src")
            if version != "editable":
                build_data["force_include"][str(mo)] = str(relative)
        if wanted == "0":
            self.app.display_info("solitaire-widget: SOLITAIRE_BUILD_CORE=0, the C cores are not built: pure Python")
            return
        # Kept until finalize(): the wheel is packed from it.
        self.scratch = tempfile.mkdtemp(prefix="solitaire-core-")
        for module, source, folder in CORES:
            try:
                built = compile_core(Path(self.root), Path(self.scratch) / module, module, source)
            except Exception as error:  # any failure to compile leaves the pure-Python package
                if wanted == "1":
                    raise
                self.app.display_warning(
                    f"solitaire-widget: WARNING: {module} could not be compiled, so it runs in pure Python "
                    f"(correct, only slower). {type(error).__name__}: {error}")
                continue
            name = built.name
            package = folder.removeprefix("src/")
            if version == "editable":
                # The editable install imports the package from src/: the module goes next to its source.
                shutil.copyfile(built, Path(self.root) / folder / name)
                self.app.display_info(f"solitaire-widget: built {module} in place: {name}")
                continue
            build_data["force_include"][str(built)] = f"{package}/{name}"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
            self.app.display_info(f"solitaire-widget: built {module}: {name}")

    def remove_in_place_module(self) -> None:
        """Delete this interpreter's builds of the cores from src/ (an editable install's earlier build)."""
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        for module, _, folder in CORES:
            (Path(self.root) / folder / f"{module.rsplit('.', 1)[1]}{suffix}").unlink(missing_ok=True)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None


def compile_core(root: Path, scratch: Path, module: str, source: str) -> Path:
    """Compile ``module`` from ``source`` with setuptools' build_ext; the path of the built module, in ``scratch``."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    unix = sys.platform != "win32"
    extension = Extension(
        module,
        sources=[str(root / source)],
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


def compile_catalogues(root: Path) -> list[Path]:
    """Compile every ``locale/<language>/LC_MESSAGES/*.po`` of the package to the ``.mo`` beside it (git-ignored),
    with Babel (a build requirement: at run time the standard library's gettext reads the ``.mo``). A catalogue
    with errors fails the build: a language must never ship half broken."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    built = []
    for po in sorted((root / "src" / "solitaire_widget" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            catalogue = read_po(source, locale=po.parent.parent.name)
        errors = [(message.id, problem) for message, problems in catalogue.check() for problem in problems]
        if errors:
            raise RuntimeError(f"{po}: {errors[:3]}")
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, catalogue, use_fuzzy=False)
        built.append(mo)
    return built
