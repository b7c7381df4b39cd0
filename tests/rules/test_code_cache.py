"""The rules' generated code kept between runs (:mod:`distant_galaxy.rules.code_cache`): the code
read back is the code :func:`compile` gives, a rule made from it runs the same, a text Python
refuses is never kept, and a broken or foreign cache file is not used."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from distant_galaxy.cache import save_kept
from distant_galaxy.rules import RuleEnv, code_cache, codegen, compile_expr, default_registry

TEXT = "def make(k):\n    def rule(ctx):\n        return ctx['a'] * k + 1\n    return rule\n"
ENV = RuleEnv(default_registry(), {"limit": "int", "a": "int"}, {})


def test_kept_code_is_the_code_compile_gives(cache_folder: Path, monkeypatch: pytest.MonkeyPatch):
    first = code_cache.compiled(TEXT, "<generated rule>")
    save_kept()
    monkeypatch.setenv("DG_CACHE_DIR", str(cache_folder) + "/")  # the kept file read again
    refuse = []
    monkeypatch.setattr(code_cache, "compile", lambda *a: refuse.append(a), raising=False)
    kept = code_cache.compiled(TEXT, "<generated rule>")
    assert refuse == [] and kept is not first
    fresh = compile(TEXT, "<generated rule>", "exec")
    assert marshal.dumps(kept) == marshal.dumps(fresh)
    namespace: dict = {"__builtins__": {}}
    exec(kept, namespace)
    assert namespace["make"](3)({"a": 2}) == 7


def test_a_rule_from_kept_code_is_generated_and_runs_the_same(cache_folder: Path,
                                                               monkeypatch: pytest.MonkeyPatch):
    text = "limit * a + 424242"  # a shape of its own
    before = compile_expr(text, ENV)
    save_kept()
    codegen._compiled.cache_clear()
    monkeypatch.setenv("DG_CACHE_DIR", str(cache_folder) + "/")
    after = compile_expr(text, ENV)
    assert codegen.is_generated(after) and codegen.is_generated(before)
    for ctx in ({"limit": 2, "a": 3}, {"limit": -7, "a": 11}):
        assert after(ctx) == before(ctx)


def test_a_text_python_refuses_is_never_kept(cache_folder: Path):
    with pytest.raises(SyntaxError):
        code_cache.compiled("def (:\n", "<generated rule>")
    save_kept()
    assert not (cache_folder / code_cache.NAME).exists()


def test_a_foreign_cache_file_is_not_used(cache_folder: Path, monkeypatch: pytest.MonkeyPatch):
    cache_folder.mkdir(mode=0o700)
    key = code_cache.content_key(f"<generated rule>\0{TEXT}".encode())
    other = compile("def make(k):\n    return None\n", "<generated rule>", "exec")
    (cache_folder / code_cache.NAME).write_bytes(marshal.dumps((("another", "maker"),
                                                          {key: marshal.dumps(other)})))
    code = code_cache.compiled(TEXT, "<generated rule>")
    namespace: dict = {"__builtins__": {}}
    exec(code, namespace)
    assert namespace["make"](3)({"a": 2}) == 7
