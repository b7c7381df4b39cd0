"""Parse trees kept between runs (:mod:`distant_galaxy.rules.tree_cache`) and the language's own
tree classes (:mod:`distant_galaxy.rules.tree`): every rule text of the shipped scenarios gives
the tree Lark gives (rule names, tokens, every position), from the parser and from the cache;
syntax errors are never kept; a warm parse imports no Lark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lark import Token as LarkToken
from lark import Tree as LarkTree

from distant_galaxy.cache import save_kept
from distant_galaxy.errors import RuleError
from distant_galaxy.rules import lark_parse, syntax, tree_cache
from distant_galaxy.rules.tree import Token, Tree
from distant_galaxy.scenario.find import scenario_files
from tests.cli.conftest import child_env

#: Rule-like texts of the shipped scenarios: the values of the keys that hold rules.
RULE_KEYS = {"if", "do", "when", "where", "value", "score", "facts", "expr", "effect", "then"}


def shape(node: Any) -> Any:
    """Everything of a tree (of either kind): names, tokens with their places, every meta."""
    if isinstance(node, (Token, LarkToken)):
        return ("K", node.type, node.value, node.start_pos, node.line, node.column,
                node.end_line, node.end_column, node.end_pos)
    if isinstance(node, (Tree, LarkTree)):
        meta = sorted(vars(node.meta).items())
        data = shape(node.data) if isinstance(node.data, (Token, LarkToken)) else node.data
        return ("T", data, meta, [shape(c) for c in node.children])
    return node


def rule_texts() -> list[tuple[str, str]]:
    """(text, start) of strings of the shipped scenarios that parse as a rule."""
    from distant_galaxy.loader import load_yaml_file

    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, str(k))
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in RULE_KEYS:
            found.add(value)

    for path in scenario_files():
        walk(load_yaml_file(path).data)
    out = []
    for text in sorted(found):
        for start in ("start_expr", "start_effect"):
            try:
                lark_parse.parser().parse(text, start=start)
            except Exception:
                continue
            out.append((text, start))
            break
    return out


def test_the_language_trees_are_lark_trees_in_every_part(cache_folder: Path,
                                                        monkeypatch: pytest.MonkeyPatch):
    texts = rule_texts()
    assert len(texts) > 50
    for text, start in texts:
        lark = lark_parse.parser().parse(text, start=start)
        ours = syntax.parse(text, start)  # parsed now, then kept
        assert shape(ours) == shape(lark), text
        assert ours == lark_parse.parse_tree(text, start)
    save_kept()
    parsed: list[str] = []
    real = lark_parse.parse_tree
    monkeypatch.setattr(lark_parse, "parse_tree", lambda text, start, pos=None:
                        parsed.append(text) or real(text, start, pos))
    monkeypatch.setenv("DG_CACHE_DIR", str(cache_folder) + "/")  # the kept file read again
    for text, start in texts:
        kept = syntax.parse(text, start)
        assert shape(kept) == shape(lark_parse.parser().parse(text, start=start)), text
    assert parsed == []


def test_a_syntax_error_is_never_kept(cache_folder: Path):
    for _ in range(2):
        with pytest.raises(RuleError, match="syntax error: unexpected end of text"):
            syntax.parse("1 +", "start_expr")
    save_kept()
    assert not (cache_folder / tree_cache.NAME).exists()


def test_the_tree_classes_behave_as_lark_s():
    text, start = max(rule_texts(), key=lambda pair: len(pair[0]))
    lark = lark_parse.parser().parse(text, start=start)
    ours = lark_parse.parse_tree(text, start)
    assert [t.data for t in ours.iter_subtrees()] == [t.data for t in lark.iter_subtrees()]
    assert [t.data for t in ours.iter_subtrees_topdown()] == \
        [t.data for t in lark.iter_subtrees_topdown()]
    assert repr(ours) == repr(lark) and hash(ours) == hash(lark)
    token = Token("NAME", "x", 0, 1, 1, 1, 2, 1)
    assert token == "x" and not token == Token("STRING", "x") and hash(token) == hash("x")
    assert (token == Token("STRING", "x")) == (LarkToken("NAME", "x") == LarkToken("STRING", "x"))
    assert repr(token) == repr(LarkToken("NAME", "x"))
    assert Tree("a", []).meta.empty and Tree("a", []) != 3


def test_a_warm_parse_imports_no_lark(cache_folder: Path):
    code = ("import sys\n"
            "from distant_galaxy.rules import syntax\n"
            "tree = syntax.parse('unit.speed + 2 > 3', 'start_expr')\n"
            "print(tree.data, 'lark' in sys.modules)\n")
    env = child_env()
    env["DG_CACHE_DIR"] = str(cache_folder)
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, timeout=60).stdout.strip() for _ in range(2)]
    assert runs == ["start_expr True", "start_expr False"]
