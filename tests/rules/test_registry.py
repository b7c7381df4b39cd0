"""The registry of rule functions and effects."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import PluginError
from distant_galaxy.rules import FunctionSpec, Registry, default_registry


def test_decorators_register_and_iterate_sorted() -> None:
    reg = Registry()

    @reg.function("zeta", ["a"], "Zeta.", "zeta(1)", returns="int")
    def zeta(ctx: dict, a: int) -> int:
        return a

    @reg.effect("alpha", [], "Alpha.", "alpha()")
    def alpha(ctx: dict) -> None:
        return None

    assert [spec.name for spec in reg] == ["alpha", "zeta"]
    assert reg.get("zeta") is not None and reg.get("zeta").fn is zeta  # type: ignore[union-attr]
    assert reg.get("alpha").effect and not reg.get("zeta").effect  # type: ignore[union-attr]
    assert reg.get("nope") is None and "zeta" in reg and len(reg) == 2


def test_duplicates_and_bad_names_refused() -> None:
    reg = default_registry()
    with pytest.raises(PluginError, match="registered twice"):
        reg.register(FunctionSpec("abs", abs, ["x"], "", ""))
    for bad in ("_hidden", "count", "not", "2x", "true"):
        with pytest.raises(PluginError):
            reg.register(FunctionSpec(bad, abs, [], "", ""))
    with pytest.raises(PluginError, match="repeats"):
        reg.register(FunctionSpec("f", abs, ["a", "a"], "", ""))


def test_update_merges_registries() -> None:
    reg = default_registry()
    extra = Registry([FunctionSpec("double", lambda ctx, x: 2 * x, ["x"], "Twice.", "double(2)")])
    reg.update(extra)
    assert "double" in reg
    with pytest.raises(PluginError):
        reg.update(extra)


def test_signature_text() -> None:
    spec = FunctionSpec("emit", print, ["kind"], "", "", effect=True, kwargs=True)
    assert spec.signature() == "emit(kind, name=value...)"
    assert default_registry().get("max").signature() == "max(a, b, ...)"  # type: ignore[union-attr]


def test_seat_cells_names_a_parameter() -> None:
    reg = Registry()
    reg.function("mine", ["n", "seat"], "d", "mine(1, seat)", seat_cells="seat")(
        lambda ctx, n, seat: 0)
    assert reg.get("mine").seat_cells == "seat"
    with pytest.raises(PluginError, match="seat_cells"):
        reg.function("other", ["n"], "d", "other(1)", seat_cells="seat")(lambda ctx, n: 0)
