"""The interval arithmetic against published values (distant_galaxy.simulate.stats)."""

from __future__ import annotations

import pytest

from distant_galaxy.simulate.stats import (
    mean_sd,
    newcombe,
    quantile,
    quartiles,
    sign_test,
    sign_test_two_sided,
    welch,
    wilson,
)


@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    # Newcombe (1998a), Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_newcombe_1998a(k, n, lo, hi):
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=6e-5)


@pytest.mark.parametrize(("a", "b", "lo", "hi"), [
    # Newcombe (1998b), Statistics in Medicine 17:873-890, Table II, method 10 (hybrid score);
    # the paper's difference is p1 - p2 with (a) as p1
    ((56, 70), (48, 80), 0.0524, 0.3339),
    ((9, 10), (3, 10), 0.1705, 0.8090),
    ((5, 56), (0, 29), -0.0381, 0.1926),
    ((0, 10), (0, 20), -0.1611, 0.2775),
    ((0, 10), (0, 10), -0.2775, 0.2775),
    ((10, 10), (0, 20), 0.6791, 1.0),
    ((10, 10), (0, 10), 0.6075, 1.0),
])
def test_newcombe_matches_newcombe_1998b(a, b, lo, hi):
    d, got_lo, got_hi = newcombe(b[0], b[1], a[0], a[1])  # ours is p_b - p_a: b first
    assert d == pytest.approx(a[0] / a[1] - b[0] / b[1])
    assert (got_lo, got_hi) == pytest.approx((lo, hi), abs=6e-5)


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(5, 5)[1] == 1.0 and wilson(0, 5)[0] == 0.0
    with pytest.raises(ValueError):
        wilson(6, 5)


def test_quartiles_are_the_inclusive_method():
    # R's quantile(c(1, 2, 3, 4), type = 7) and numpy.percentile: 1.75, 2.5, 3.25
    assert quartiles([4, 1, 3, 2]) == (1.75, 2.5, 3.25)
    assert quartiles([7]) == (7, 7, 7)
    assert quantile([1, 2, 3, 4, 5], 0.5) == 3


def test_welch_interval():
    m, sd = mean_sd([1, 2, 3, 4])
    assert m == 2.5 and sd == pytest.approx(1.2909944)
    d, lo, hi = welch(10.0, 2.0, 100, 11.0, 2.0, 100)
    assert d == 1.0 and (lo, hi) == pytest.approx((1 - 0.5543615, 1 + 0.5543615), abs=1e-6)  # 1.96 × √0.08


def test_sign_test_is_the_binomial_tail():
    """P(X ≥ 8) for X ~ Binomial(10, ½) = (45 + 10 + 1) / 1024; two-sided: twice the smaller
    tail (McNemar's exact test of 8 against 2 discordant pairs: p = 0.109)."""
    assert sign_test(8, 2) == pytest.approx(56 / 1024)
    assert sign_test(2, 8) == pytest.approx(1 - 11 / 1024)  # P(X ≥ 2) = 1 − P(X ≤ 1)
    assert sign_test_two_sided(8, 2) == sign_test_two_sided(2, 8) == pytest.approx(112 / 1024)
    assert sign_test(0, 0) == sign_test_two_sided(0, 0) == 1.0
    assert sign_test_two_sided(5, 5) == 1.0
