"""Lazy modules (:func:`distant_galaxy.lazy.lazy_module`): imported when a name is first read,
the same module object before and after, reachable as an attribute of its package."""

from __future__ import annotations

import subprocess
import sys

import pytest

from distant_galaxy.lazy import lazy_module
from tests.cli.conftest import child_env


def test_a_lazy_module_is_imported_when_first_used():
    code = ("import sys\nfrom distant_galaxy.lazy import lazy_module\n"
            "m = lazy_module('distant_galaxy.rules.lark_parse')\n"
            "before = 'lark' in sys.modules\n"
            "import distant_galaxy.rules\n"
            "same = distant_galaxy.rules.lark_parse is m\n"
            "m.parser\n"
            "print(before, 'lark' in sys.modules, same)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=child_env(), timeout=60)
    assert out.stdout.split() == ["False", "True", "True"], out.stderr


def test_an_imported_module_is_given_as_it_is():
    assert lazy_module("json") is sys.modules["json"]
    with pytest.raises(ModuleNotFoundError):
        lazy_module("no_such_module_here")
