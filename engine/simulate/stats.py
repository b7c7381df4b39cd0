"""Interval arithmetic for win rates: Wilson's score interval for one proportion, Newcombe's
hybrid score interval for a difference of two independent proportions, the exact sign test of
paired outcomes, and quartiles.

References (the tests check the published examples):

* E. B. Wilson (1927), "Probable inference, the law of succession, and statistical inference",
  JASA 22:209–212; the form used is Newcombe (1998a), method 3, without continuity correction.
* R. G. Newcombe (1998), "Interval estimation for the difference between independent
  proportions: comparison of eleven methods", Statistics in Medicine 17:873–890, method 10.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The 97.5 % point of the standard normal distribution (a two-sided 95 % interval)."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval (lower, upper) for ``successes`` out of ``trials``; (0, 1) for
    no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes {successes} not within 0..{trials}")
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    denom = 1 + z2 / trials
    lo = 0.0 if successes == 0 else (centre - half) / denom
    hi = 1.0 if successes == trials else (centre + half) / denom
    return lo, hi


def newcombe(successes_a: int, trials_a: int, successes_b: int, trials_b: int,
             z: float = Z95) -> tuple[float, float, float]:
    """The difference ``p_b - p_a`` of two independent proportions with Newcombe's hybrid score
    interval (method 10): (difference, lower, upper)."""
    pa = successes_a / trials_a if trials_a else 0.0
    pb = successes_b / trials_b if trials_b else 0.0
    la, ua = wilson(successes_a, trials_a, z)
    lb, ub = wilson(successes_b, trials_b, z)
    d = pb - pa
    lower = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    upper = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return d, lower, upper


def sign_test(more: int, fewer: int) -> float:
    """One-sided exact sign test: P(X ≥ more) for X ~ Binomial(more + fewer, ½) — how likely a
    lead this large is if neither side is better (1.0 with no pairs). ``more`` and ``fewer`` are
    the discordant pairs (the pairs only one side won): McNemar's exact test."""
    n = more + fewer
    if n == 0:
        return 1.0
    return sum(math.comb(n, i) for i in range(more, n + 1)) / 2 ** n


def sign_test_two_sided(only_a: int, only_b: int) -> float:
    """The two-sided exact sign test of discordant pairs: twice the smaller tail, at most 1."""
    return min(1.0, 2 * min(sign_test(only_a, only_b), sign_test(only_b, only_a)))


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated linearly between order statistics (the
    "inclusive" method: Hyndman & Fan type 7, numpy's and R's default)."""
    if not sorted_values:
        raise ValueError("no values")
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile) of ``values`` (:func:`quantile`)."""
    s = sorted(values)
    return quantile(s, 0.25), quantile(s, 0.5), quantile(s, 0.75)


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the sample standard deviation (0 for fewer than two values)."""
    m = sum(values) / len(values)
    if len(values) < 2:
        return m, 0.0
    return m, math.sqrt(sum((x - m) ** 2 for x in values) / (len(values) - 1))


def welch(mean_a: float, sd_a: float, n_a: int, mean_b: float, sd_b: float, n_b: int,
          z: float = Z95) -> tuple[float, float, float]:
    """``mean_b - mean_a`` with a normal-approximation (Welch) interval: (difference, lower,
    upper). For the lengths of hundreds of games, where the approximation is good."""
    d = mean_b - mean_a
    if n_a < 1 or n_b < 1:
        return d, d, d
    half = z * math.sqrt(sd_a * sd_a / n_a + sd_b * sd_b / n_b)
    return d, d - half, d + half
