"""The build: compiled where it can be, pure where it cannot (issue 35, item 1).

A plain ``pip install .`` compiles the hot modules of the turn loop, the search bot and Asteroid
Belt's rules listed in :data:`COMPILED`, unchanged, by Cython into extension modules that Python
imports instead of the ``.py`` files beside them (which stay in the wheel, for tracebacks and
reading) — when it can: where Cython, a C compiler or Python's headers are missing, or the
compilation fails, the install goes on with the pure-Python build and says so in one line
(``distant-galaxy-engine: the pure-Python build …``), as PyYAML, MarkupSafe and msgpack do with
their optional C speed-ups. ``dg --version`` says which build runs (:mod:`distant_galaxy.build`).

- ``DG_PURE=1`` forces the pure build (no extension module is declared: a ``py3-none-any``
  wheel).
- ``DG_COMPILE=1`` requires the compiled build: an install that cannot compile fails (CI's and
  the benches' way to be sure what they measure).
- An editable install (``pip install -e``, ``setup.py develop``, ``build_ext --inplace``) is
  always pure: an extension module beside the ``.py`` in the source tree would silently shadow
  every later edit of it. No build ever writes into ``engine/`` or ``plugins/``.

A ``.pxd`` file beside a listed module (``engine/core/game.pxd``) declares C types for it in
Cython's "pure Python mode" (classes as extension types with their hot fields in C), without
changing the ``.py``, which stays the pure build's source (``state.py`` is compiled from a copy
whose dataclasses drop ``slots=True``: :data:`UNSLOTTED`); the ``.pxd`` files are in the sdist
and in no wheel. Cython is a build requirement (pyproject.toml's ``[build-system]``: pip fetches
it into the build environment; with ``--no-build-isolation`` it is used if installed). The
figures and what CI checks are in docs/performance.md ("Issue 19 item 5: the compiled build",
"Issue 35").
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The modules compiled by the default build (import name, source file).
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
    ("distant_galaxy.bots.mcts", "engine/bots/mcts.py"),
    ("distant_galaxy.bots.rollout", "engine/bots/rollout.py"),
    ("distant_galaxy.core.verbs", "engine/core/verbs.py"),
    ("distant_galaxy_episodes.asteroid_belt.movement", "plugins/asteroid_belt/movement.py"),
    ("distant_galaxy_episodes.asteroid_belt.model", "plugins/asteroid_belt/model.py"),
    ("distant_galaxy_episodes.asteroid_belt.actions", "plugins/asteroid_belt/actions.py"),
    ("distant_galaxy_episodes.asteroid_belt.bots", "plugins/asteroid_belt/bots.py"),
    ("distant_galaxy_episodes.asteroid_belt.shuttles", "plugins/asteroid_belt/shuttles.py"),
    ("distant_galaxy_episodes.asteroid_belt.defenders", "plugins/asteroid_belt/defenders.py"),
    ("distant_galaxy_episodes.asteroid_belt.removal", "plugins/asteroid_belt/removal.py"),
]
#: Sources compiled from a copy (``build/compiled/src/``) where these classes are ``@dataclass``
#: instead of ``@dataclass(slots=True)``: their ``.pxd`` makes them extension types, whose fields
#: are C fields (Cython's own dataclass of an extension type has no ``slots`` argument). The
#: ``.py`` itself stays the pure build's source, unchanged.
UNSLOTTED = {"engine/core/state.py": ("Token", "Pending", "Player", "GameState")}
#: Cython's options: Python semantics kept (annotations are not C types), no asserts removed.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True,
              "embedsignature": False}
#: The C compiler's options of every extension module: no debug information on POSIX compilers
#: (gcc, clang), which Python's own flags (``-g``) would otherwise write into each module: the 21
#: modules took 42 MB with it, 7 MB without. The machine code is the same (``-g`` does not change
#: what gcc generates), and tracebacks still name the lines of the ``.py`` files (Cython records
#: them without it).
COMPILE_ARGS = ["-g0"] if os.name == "posix" else []
#: Where the compiled build builds (never build/lib: a later pure build must not pick up its
#: extension modules) and where Cython writes its C files.
BUILD_BASE = os.path.join("build", "compiled")
#: The project's name in the lines the build prints.
NAME = "distant-galaxy-engine"


def wanted(environ: dict[str, str] | os._Environ[str]) -> str:
    """``"pure"`` (``DG_PURE=1``), ``"required"`` (``DG_COMPILE=1``) or ``"optional"``."""
    if environ.get("DG_PURE") == "1":
        return "pure"
    return "required" if environ.get("DG_COMPILE") == "1" else "optional"


def say(line: str) -> None:
    """One line of the build's output (pip shows it with ``-v``; ``python -m build`` always)."""
    print(f"{NAME}: {line}", file=sys.stderr, flush=True)


def _pxd_root() -> str:
    """A folder where the packages have their import names (``distant_galaxy/`` is ``engine/``),
    so that Cython finds the ``.pxd`` file beside a compiled ``.py`` (``engine/core/game.pxd``
    declares C types for ``distant_galaxy.core.game``): links to the source folders."""
    root = os.path.abspath(os.path.join(BUILD_BASE, "pxd"))
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
    copy = os.path.join(BUILD_BASE, "src", source)
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    # written at every build (Cython's dependency check would not see its .pxd change), whole:
    # another build reading it at the same time never sees half of it
    part = f"{copy}.{os.getpid()}.part"
    with open(part, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(part, copy)
    return copy


def compiler_problem(compiler: Any) -> str | None:
    """Why ``compiler`` cannot build an extension module (no compiler, no ``Python.h``), or
    None: a tiny C file that includes Python's header is compiled (not linked) in a temporary
    folder."""
    include = sysconfig.get_paths()["include"]
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.c")
        with open(probe, "w", encoding="utf-8") as f:
            f.write("#include <Python.h>\nint dg_probe(void) { return 0; }\n")
        try:
            compiler.compile([probe], output_dir=tmp, include_dirs=[include])
        except Exception as exc:  # CompileError, or the compiler not found at all
            command = getattr(compiler, "compiler_so", None) or ["the C compiler"]
            return (f"no C compiler that builds against Python's headers ({command[0]}: "
                    f"{_failure(exc)})")
    return None


def _failure(exc: BaseException) -> str:
    """How a compiler call failed, short: ``exit status 1``, ``not found`` or the message."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    if "exit status" in text:
        return text[text.index("exit status"):].rstrip(".")
    if "No such file" in text or isinstance(exc, FileNotFoundError):
        return "not found"
    return _one_line(exc)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


class OptionalBuildExt(build_ext):
    """``build_ext`` that compiles the listed ``.py`` sources with Cython when it can, and
    otherwise builds nothing (the pure build) and says why in one line."""

    extensions: list[Extension]

    def run(self) -> None:
        mode = wanted(os.environ)
        reason = self._pure_reason()
        if reason is None:
            try:
                self._compile()
                say(f"the compiled build ({len(self.extensions)} modules compiled by Cython)")
                return
            except Exception as exc:  # any failure of the optional speed-up: install pure
                if mode == "required":
                    raise
                reason = f"the compilation failed ({type(exc).__name__}: {_one_line(exc)})"
        elif mode == "required" and not self._editable():
            raise RuntimeError(f"DG_COMPILE=1, but {reason}")
        self._drop_outputs()
        self.extensions = []
        say(f"the pure-Python build: {reason}; `dg --version` says which build runs")

    def _editable(self) -> bool:
        return bool(self.editable_mode or self.inplace)

    def _pure_reason(self) -> str | None:
        """Why this build is pure before trying (editable, no Cython, no compiler), or None."""
        if self._editable():
            return ("an editable install is always pure (an extension module in the source tree "
                    "would shadow its .py)")
        try:
            import Cython  # noqa: F401  (only the compiled build needs it)
        except ImportError:
            return "Cython is not installed (pip installs it when it builds in isolation)"
        from distutils.ccompiler import new_compiler  # setuptools' own distutils
        from distutils.sysconfig import customize_compiler

        compiler = new_compiler(compiler=self.compiler, force=self.force)
        customize_compiler(compiler)  # CC, CFLAGS and the like, as the real build uses them
        return compiler_problem(compiler)

    def _compile(self) -> None:
        """Turn each listed source into C with Cython, then build the extension modules."""
        from Cython.Build import cythonize

        sources = [Extension(e.name, [_source(s) for s in e.sources]) for e in self.extensions]
        made = cythonize(sources,
                         compiler_directives=DIRECTIVES, quiet=True,
                         build_dir=os.path.join(BUILD_BASE, "cython"), include_path=[_pxd_root()])
        c_files = {e.name: e.sources for e in made}
        for ext in self.extensions:  # the same Extension objects: setuptools keeps its data on them
            ext.sources = c_files[ext.name]
        super().run()

    def _drop_outputs(self) -> None:
        """Delete extension modules a failed (or earlier) build left in the build folder, so
        that a pure build never ships one (never in the source tree: nothing is built there)."""
        if self._editable():
            return
        for ext in self.extensions:
            path = self.get_ext_fullpath(ext.name)
            if os.path.exists(path):
                os.remove(path)


def extensions(mode: str) -> list[Extension]:
    """The extension modules to declare: none for the pure build."""
    if mode == "pure":
        return []
    return [Extension(name, [source], extra_compile_args=COMPILE_ARGS)
            for name, source in COMPILED]


if __name__ == "__main__":
    _mode = wanted(os.environ)
    if _mode == "pure":
        say("the pure-Python build (DG_PURE=1)")
        setup()
    else:
        setup(ext_modules=extensions(_mode), cmdclass={"build_ext": OptionalBuildExt},
              options={"build": {"build_base": BUILD_BASE}})
