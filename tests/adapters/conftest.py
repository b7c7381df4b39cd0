"""The scenarios the adapters' tests cover: every shipped scenario of ``dg list`` (base, no
variant, no option), so a newly shipped one is covered without touching the tests."""

from __future__ import annotations

from distant_galaxy.harness.conformance import shipped_cases

SHIPPED = [c.label for c in shipped_cases() if c.variant is None and not c.options]
