"""The rules' generated code kept between runs, as Python keeps modules' bytecode (issue 35).

:mod:`~distant_galaxy.rules.codegen` writes each rule as the text of a Python function and
compiles it with :func:`compile` when a scenario is loaded: about a fifth of ``dg validate``'s
time, paid again by every process for the same rules. :func:`compiled` gives the code object of
a generated text from the user's cache folder (:mod:`distant_galaxy.cache`) when a process
compiled it before, else compiles it and keeps it. The file holds, by the SHA-256 of each text,
the :mod:`marshal` form of its code — what Python's own ``__pycache__`` holds, in a folder only
the user can write to, never :mod:`pickle` — and says what made it: the Python version (its
bytecode's magic number) and the engine's version; a file of another maker, or one that does not
read, is not used. The code is the very one :func:`compile` gives for the text (a generated
function runs exactly as before); new codes are written back atomically when the process ends
(at most :data:`LIMIT`: those this process used first).
"""

from __future__ import annotations

import marshal
from importlib.util import MAGIC_NUMBER
from types import CodeType

from distant_galaxy.cache import KeptBytes, content_key, kept_bytes, maker

NAME = "rule-code.marshal"
LIMIT = 4096
MADE_BY = (MAGIC_NUMBER, *maker(()), 1)  # Python's bytecode, the engine's version


def compiled(text: str, filename: str) -> CodeType:
    """The code of a generated ``text``, as ``compile(text, filename, "exec")`` gives it (and
    raising what it raises), from the user's cache folder when a process compiled it before."""
    kept = _kept()
    key = content_key(f"{filename}\0{text}".encode("utf-8", "surrogatepass"))
    data = kept.get(key)
    if data is not None:
        try:
            code = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            code = None
        if type(code) is CodeType and code.co_filename == filename:
            return code
    code = compile(text, filename, "exec")
    kept.put(key, marshal.dumps(code))
    return code


def _kept() -> KeptBytes:
    return kept_bytes(NAME, lambda: MADE_BY, LIMIT)


__all__ = ["LIMIT", "MADE_BY", "NAME", "compiled"]
