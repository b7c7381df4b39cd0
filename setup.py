"""The optional compiled build (issue 19, item 5): ``DG_COMPILE=1 pip install .``.

Without ``DG_COMPILE=1`` (the default) this file adds nothing: the package is pure Python, as
``pyproject.toml`` describes it. With it, the hot modules of the turn loop listed in
:data:`COMPILED` are also compiled, unchanged, by Cython into extension modules that Python
imports instead of the ``.py`` files beside them (which stay in the wheel, for tracebacks and
reading). A ``.pxd`` file beside a listed module (``engine/core/game.pxd``) declares C types
for it in Cython's "pure Python mode" (classes as extension types with their hot fields in C),
without changing the ``.py``, which stays the pure build's source (``state.py`` is compiled from
a copy whose dataclasses drop ``slots=True``: :data:`UNSLOTTED`); the ``.pxd`` files are in the
sdist and in no wheel. Cython is then a build requirement (``setup_requires``, installed by pip
into the build environment; with ``--no-build-isolation`` it must be installed already). The
figures and what CI checks are in docs/performance.md ("Issue 19 item 5: the compiled build").
"""

from __future__ import annotations

import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The modules compiled when ``DG_COMPILE=1`` (import name, source file).
COMPILED = [
    ("distant_galaxy.core.state", "engine/core/state.py"),
    ("distant_galaxy.core.game", "engine/core/game.py"),
    ("distant_galaxy.core.turns", "engine/core/turns.py"),
    ("distant_galaxy.core.actions", "engine/core/actions.py"),
    ("distant_galaxy.core.grid", "engine/core/grid.py"),
    ("distant_galaxy.builtin.board.kinds", "engine/builtin/board/kinds.py"),
    ("distant_galaxy.builtin.board.section", "engine/builtin/board/section.py"),
    ("distant_galaxy.builtin.board.bitlines", "engine/builtin/board/bitlines.py"),
    ("distant_galaxy.scenario.rules", "engine/scenario/rules.py"),
    ("distant_galaxy.scenario.context", "engine/scenario/context.py"),
    ("distant_galaxy.core.journal", "engine/core/journal.py"),
]
#: Sources compiled from a copy (``build/compiled/src/``) where these classes are ``@dataclass``
#: instead of ``@dataclass(slots=True)``: their ``.pxd`` makes them extension types, whose fields
#: are C fields (Cython's own dataclass of an extension type has no ``slots`` argument). The
#: ``.py`` itself stays the pure build's source, unchanged.
UNSLOTTED = {"engine/core/state.py": ("Token", "Pending", "GameState")}
#: Cython's options: Python semantics kept (annotations are not C types), no asserts removed.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True,
              "embedsignature": False}


def _pxd_root() -> str:
    """A folder where the packages have their import names (``distant_galaxy/`` is ``engine/``),
    so that Cython finds the ``.pxd`` file beside a compiled ``.py`` (``engine/core/game.pxd``
    declares C types for ``distant_galaxy.core.game``): links to the source folders."""
    root = os.path.abspath(os.path.join("build", "compiled", "pxd"))
    os.makedirs(root, exist_ok=True)
    for name, folder in (("distant_galaxy", "engine"), ("distant_galaxy_episodes", "plugins")):
        link = os.path.join(root, name)
        if not os.path.islink(link):
            os.symlink(os.path.abspath(folder), link)
    return root


def _source(source: str) -> str:
    """The file Cython compiles for ``source``: itself, or the copy of an :data:`UNSLOTTED` one."""
    classes = UNSLOTTED.get(source)
    if classes is None:
        return source
    with open(source, encoding="utf-8") as f:
        text = f.read()
    for name in classes:
        slotted = f"@dataclass(slots=True)\nclass {name}:"
        if slotted not in text:
            raise RuntimeError(f"{source}: no '@dataclass(slots=True)' class {name} to compile")
        text = text.replace(slotted, f"@dataclass\nclass {name}:")
    copy = os.path.join("build", "compiled", "src", source)
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    # written at every build: Cython's dependency check would not see its .pxd change
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text)
    return copy


class CythonBuildExt(build_ext):
    """``build_ext`` that turns the listed ``.py`` sources into C with Cython first."""

    def finalize_options(self) -> None:
        from Cython.Build import cythonize  # only the compiled build needs Cython

        self.distribution.ext_modules = cythonize(
            self.distribution.ext_modules, compiler_directives=DIRECTIVES,
            build_dir="build/compiled/cython", include_path=[_pxd_root()], quiet=True)
        super().finalize_options()


if os.environ.get("DG_COMPILE") == "1":
    # Its own build folder: a later pure build (build/lib) never picks up the extension modules.
    setup(ext_modules=[Extension(name, [_source(source)]) for name, source in COMPILED],
          cmdclass={"build_ext": CythonBuildExt}, setup_requires=["cython>=3.0"],
          options={"build": {"build_base": "build/compiled"}})
else:
    setup()
