"""Closures for a few fixed shapes of simple operations, each evaluated in one Python call.

Written out by a hand-run generation (rules may not be compiled with eval/exec/codegen); each entry
is an ordinary function returning a closure with its own ``try`` (free in Python 3.11 until
something raises), so the nodes using them are *safe*. Operand letters as in
:mod:`engine.rules.inline`: ``C`` constant, ``N`` context name (``c[a]``), ``A`` a name's attribute
(``ga(c[a])``), ``F`` any other closure (``a(c)``), plus ``K``: a name's attribute combined with a
constant by an arithmetic operator (``oa(ga(c[a]), va)``, e.g. ``player.points + 2``), the
operator being the C function of :mod:`operator`, and ``L``: a ``K`` combined with a second
constant (``pa(oa(ga(c[a]), va), wa)``, e.g. ``(unit.speed + 1) * 2``).

* :data:`WITH_K` — ``o(x, y)`` for operand pairs where at least one is ``K`` or ``L`` (``o``: the C
  function of the operator): ``player.points + 2 >= limit`` is one call.
* :data:`LOGIC` — ``and``/``or`` of two simple comparisons ``p(l1, r1) and q(l2, r2)``, each
  with a left operand ``N``/``A``/``K`` and a right one ``C``/``N``/``A`` (``p``, ``q``: the C
  functions of the comparison operators), keyed by ``"LR.LR"``: ``unit.speed > 1 and x == 0`` is
  one call instead of three.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules.ops import CATCH, fail


# fmt: off
def _k_CK(o, a, b, gb, ob, vb, s):
    def run(c):
        try:
            return o(a, ob(gb(c[b]), vb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_CL(o, a, b, gb, ob, vb, pb, wb, s):
    def run(c):
        try:
            return o(a, pb(ob(gb(c[b]), vb), wb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_NK(o, a, b, gb, ob, vb, s):
    def run(c):
        try:
            return o(c[a], ob(gb(c[b]), vb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_NL(o, a, b, gb, ob, vb, pb, wb, s):
    def run(c):
        try:
            return o(c[a], pb(ob(gb(c[b]), vb), wb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_AK(o, a, ga, b, gb, ob, vb, s):
    def run(c):
        try:
            return o(ga(c[a]), ob(gb(c[b]), vb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_AL(o, a, ga, b, gb, ob, vb, pb, wb, s):
    def run(c):
        try:
            return o(ga(c[a]), pb(ob(gb(c[b]), vb), wb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_FK(o, a, b, gb, ob, vb, s):
    def run(c):
        try:
            return o(a(c), ob(gb(c[b]), vb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_FL(o, a, b, gb, ob, vb, pb, wb, s):
    def run(c):
        try:
            return o(a(c), pb(ob(gb(c[b]), vb), wb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_KC(o, a, ga, oa, va, b, s):
    def run(c):
        try:
            return o(oa(ga(c[a]), va), b)
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_KN(o, a, ga, oa, va, b, s):
    def run(c):
        try:
            return o(oa(ga(c[a]), va), c[b])
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_KA(o, a, ga, oa, va, b, gb, s):
    def run(c):
        try:
            return o(oa(ga(c[a]), va), gb(c[b]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_KF(o, a, ga, oa, va, b, s):
    def run(c):
        try:
            return o(oa(ga(c[a]), va), b(c))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_KK(o, a, ga, oa, va, b, gb, ob, vb, s):
    def run(c):
        try:
            return o(oa(ga(c[a]), va), ob(gb(c[b]), vb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_KL(o, a, ga, oa, va, b, gb, ob, vb, pb, wb, s):
    def run(c):
        try:
            return o(oa(ga(c[a]), va), pb(ob(gb(c[b]), vb), wb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_LC(o, a, ga, oa, va, pa, wa, b, s):
    def run(c):
        try:
            return o(pa(oa(ga(c[a]), va), wa), b)
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_LN(o, a, ga, oa, va, pa, wa, b, s):
    def run(c):
        try:
            return o(pa(oa(ga(c[a]), va), wa), c[b])
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_LA(o, a, ga, oa, va, pa, wa, b, gb, s):
    def run(c):
        try:
            return o(pa(oa(ga(c[a]), va), wa), gb(c[b]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_LF(o, a, ga, oa, va, pa, wa, b, s):
    def run(c):
        try:
            return o(pa(oa(ga(c[a]), va), wa), b(c))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_LK(o, a, ga, oa, va, pa, wa, b, gb, ob, vb, s):
    def run(c):
        try:
            return o(pa(oa(ga(c[a]), va), wa), ob(gb(c[b]), vb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _k_LL(o, a, ga, oa, va, pa, wa, b, gb, ob, vb, pb, wb, s):
    def run(c):
        try:
            return o(pa(oa(ga(c[a]), va), wa), pb(ob(gb(c[b]), vb), wb))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


WITH_K: dict[str, Callable[..., Callable[[dict], Any]]] = {
    'CK': _k_CK,
    'CL': _k_CL,
    'NK': _k_NK,
    'NL': _k_NL,
    'AK': _k_AK,
    'AL': _k_AL,
    'FK': _k_FK,
    'FL': _k_FL,
    'KC': _k_KC,
    'KN': _k_KN,
    'KA': _k_KA,
    'KF': _k_KF,
    'KK': _k_KK,
    'KL': _k_KL,
    'LC': _k_LC,
    'LN': _k_LN,
    'LA': _k_LA,
    'LF': _k_LF,
    'LK': _k_LK,
    'LL': _k_LL,
}


def _and_NC_NC(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_NN(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_NA(p, a, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_AC(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_AN(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_AA(p, a, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_KC(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_KN(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NC_KA(p, a, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], b) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_NC(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_NN(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_NA(p, a, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_AC(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_AN(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_AA(p, a, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_KC(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_KN(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NN_KA(p, a, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], c[b]) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_NC(p, a, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_NN(p, a, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_NA(p, a, b, gb, q, d, e, ge, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_AC(p, a, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_AN(p, a, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_AA(p, a, b, gb, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_KC(p, a, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_KN(p, a, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_NA_KA(p, a, b, gb, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_NC(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_NN(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_NA(p, a, ga, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_AC(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_AN(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_AA(p, a, ga, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_KC(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_KN(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AC_KA(p, a, ga, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_NC(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_NN(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_NA(p, a, ga, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_AC(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_AN(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_AA(p, a, ga, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_KC(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_KN(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AN_KA(p, a, ga, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_NC(p, a, ga, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_NN(p, a, ga, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_NA(p, a, ga, b, gb, q, d, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_AC(p, a, ga, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_AN(p, a, ga, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_AA(p, a, ga, b, gb, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_KC(p, a, ga, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_KN(p, a, ga, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_AA_KA(p, a, ga, b, gb, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_NC(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_NN(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_NA(p, a, ga, oa, va, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_AC(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_AN(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_AA(p, a, ga, oa, va, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_KC(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_KN(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KC_KA(p, a, ga, oa, va, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_NC(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_NN(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_NA(p, a, ga, oa, va, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_AC(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_AN(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_AA(p, a, ga, oa, va, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_KC(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_KN(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KN_KA(p, a, ga, oa, va, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_NC(p, a, ga, oa, va, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_NN(p, a, ga, oa, va, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_NA(p, a, ga, oa, va, b, gb, q, d, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_AC(p, a, ga, oa, va, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_AN(p, a, ga, oa, va, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_AA(p, a, ga, oa, va, b, gb, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_KC(p, a, ga, oa, va, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_KN(p, a, ga, oa, va, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _and_KA_KA(p, a, ga, oa, va, b, gb, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) and
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_NC(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_NN(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_NA(p, a, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_AC(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_AN(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_AA(p, a, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_KC(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_KN(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NC_KA(p, a, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], b) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_NC(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_NN(p, a, b, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_NA(p, a, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_AC(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_AN(p, a, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_AA(p, a, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_KC(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_KN(p, a, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NN_KA(p, a, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], c[b]) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_NC(p, a, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_NN(p, a, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_NA(p, a, b, gb, q, d, e, ge, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_AC(p, a, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_AN(p, a, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_AA(p, a, b, gb, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_KC(p, a, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_KN(p, a, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_NA_KA(p, a, b, gb, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(c[a], gb(c[b])) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_NC(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_NN(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_NA(p, a, ga, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_AC(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_AN(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_AA(p, a, ga, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_KC(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_KN(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AC_KA(p, a, ga, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), b) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_NC(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_NN(p, a, ga, b, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_NA(p, a, ga, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_AC(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_AN(p, a, ga, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_AA(p, a, ga, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_KC(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_KN(p, a, ga, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AN_KA(p, a, ga, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), c[b]) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_NC(p, a, ga, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_NN(p, a, ga, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_NA(p, a, ga, b, gb, q, d, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_AC(p, a, ga, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_AN(p, a, ga, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_AA(p, a, ga, b, gb, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_KC(p, a, ga, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_KN(p, a, ga, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_AA_KA(p, a, ga, b, gb, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(ga(c[a]), gb(c[b])) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_NC(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_NN(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_NA(p, a, ga, oa, va, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_AC(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_AN(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_AA(p, a, ga, oa, va, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_KC(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_KN(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KC_KA(p, a, ga, oa, va, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), b) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_NC(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_NN(p, a, ga, oa, va, b, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_NA(p, a, ga, oa, va, b, q, d, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_AC(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_AN(p, a, ga, oa, va, b, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_AA(p, a, ga, oa, va, b, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_KC(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_KN(p, a, ga, oa, va, b, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KN_KA(p, a, ga, oa, va, b, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), c[b]) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_NC(p, a, ga, oa, va, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(c[d], e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_NN(p, a, ga, oa, va, b, gb, q, d, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(c[d], c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_NA(p, a, ga, oa, va, b, gb, q, d, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(c[d], ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_AC(p, a, ga, oa, va, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(gd(c[d]), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_AN(p, a, ga, oa, va, b, gb, q, d, gd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(gd(c[d]), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_AA(p, a, ga, oa, va, b, gb, q, d, gd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(gd(c[d]), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_KC(p, a, ga, oa, va, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(od(gd(c[d]), vd), e))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_KN(p, a, ga, oa, va, b, gb, q, d, gd, od, vd, e, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(od(gd(c[d]), vd), c[e]))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


def _or_KA_KA(p, a, ga, oa, va, b, gb, q, d, gd, od, vd, e, ge, s):
    def run(c):
        try:
            return (p(oa(ga(c[a]), va), gb(c[b])) or
                    q(od(gd(c[d]), vd), ge(c[e])))
        except CATCH as exc:
            raise fail(s, exc) from exc
    return run


LOGIC: dict[str, dict[str, Callable[..., Callable[[dict], Any]]]] = {
    'and': {
        'NC.NC': _and_NC_NC,
        'NC.NN': _and_NC_NN,
        'NC.NA': _and_NC_NA,
        'NC.AC': _and_NC_AC,
        'NC.AN': _and_NC_AN,
        'NC.AA': _and_NC_AA,
        'NC.KC': _and_NC_KC,
        'NC.KN': _and_NC_KN,
        'NC.KA': _and_NC_KA,
        'NN.NC': _and_NN_NC,
        'NN.NN': _and_NN_NN,
        'NN.NA': _and_NN_NA,
        'NN.AC': _and_NN_AC,
        'NN.AN': _and_NN_AN,
        'NN.AA': _and_NN_AA,
        'NN.KC': _and_NN_KC,
        'NN.KN': _and_NN_KN,
        'NN.KA': _and_NN_KA,
        'NA.NC': _and_NA_NC,
        'NA.NN': _and_NA_NN,
        'NA.NA': _and_NA_NA,
        'NA.AC': _and_NA_AC,
        'NA.AN': _and_NA_AN,
        'NA.AA': _and_NA_AA,
        'NA.KC': _and_NA_KC,
        'NA.KN': _and_NA_KN,
        'NA.KA': _and_NA_KA,
        'AC.NC': _and_AC_NC,
        'AC.NN': _and_AC_NN,
        'AC.NA': _and_AC_NA,
        'AC.AC': _and_AC_AC,
        'AC.AN': _and_AC_AN,
        'AC.AA': _and_AC_AA,
        'AC.KC': _and_AC_KC,
        'AC.KN': _and_AC_KN,
        'AC.KA': _and_AC_KA,
        'AN.NC': _and_AN_NC,
        'AN.NN': _and_AN_NN,
        'AN.NA': _and_AN_NA,
        'AN.AC': _and_AN_AC,
        'AN.AN': _and_AN_AN,
        'AN.AA': _and_AN_AA,
        'AN.KC': _and_AN_KC,
        'AN.KN': _and_AN_KN,
        'AN.KA': _and_AN_KA,
        'AA.NC': _and_AA_NC,
        'AA.NN': _and_AA_NN,
        'AA.NA': _and_AA_NA,
        'AA.AC': _and_AA_AC,
        'AA.AN': _and_AA_AN,
        'AA.AA': _and_AA_AA,
        'AA.KC': _and_AA_KC,
        'AA.KN': _and_AA_KN,
        'AA.KA': _and_AA_KA,
        'KC.NC': _and_KC_NC,
        'KC.NN': _and_KC_NN,
        'KC.NA': _and_KC_NA,
        'KC.AC': _and_KC_AC,
        'KC.AN': _and_KC_AN,
        'KC.AA': _and_KC_AA,
        'KC.KC': _and_KC_KC,
        'KC.KN': _and_KC_KN,
        'KC.KA': _and_KC_KA,
        'KN.NC': _and_KN_NC,
        'KN.NN': _and_KN_NN,
        'KN.NA': _and_KN_NA,
        'KN.AC': _and_KN_AC,
        'KN.AN': _and_KN_AN,
        'KN.AA': _and_KN_AA,
        'KN.KC': _and_KN_KC,
        'KN.KN': _and_KN_KN,
        'KN.KA': _and_KN_KA,
        'KA.NC': _and_KA_NC,
        'KA.NN': _and_KA_NN,
        'KA.NA': _and_KA_NA,
        'KA.AC': _and_KA_AC,
        'KA.AN': _and_KA_AN,
        'KA.AA': _and_KA_AA,
        'KA.KC': _and_KA_KC,
        'KA.KN': _and_KA_KN,
        'KA.KA': _and_KA_KA,
    },
    'or': {
        'NC.NC': _or_NC_NC,
        'NC.NN': _or_NC_NN,
        'NC.NA': _or_NC_NA,
        'NC.AC': _or_NC_AC,
        'NC.AN': _or_NC_AN,
        'NC.AA': _or_NC_AA,
        'NC.KC': _or_NC_KC,
        'NC.KN': _or_NC_KN,
        'NC.KA': _or_NC_KA,
        'NN.NC': _or_NN_NC,
        'NN.NN': _or_NN_NN,
        'NN.NA': _or_NN_NA,
        'NN.AC': _or_NN_AC,
        'NN.AN': _or_NN_AN,
        'NN.AA': _or_NN_AA,
        'NN.KC': _or_NN_KC,
        'NN.KN': _or_NN_KN,
        'NN.KA': _or_NN_KA,
        'NA.NC': _or_NA_NC,
        'NA.NN': _or_NA_NN,
        'NA.NA': _or_NA_NA,
        'NA.AC': _or_NA_AC,
        'NA.AN': _or_NA_AN,
        'NA.AA': _or_NA_AA,
        'NA.KC': _or_NA_KC,
        'NA.KN': _or_NA_KN,
        'NA.KA': _or_NA_KA,
        'AC.NC': _or_AC_NC,
        'AC.NN': _or_AC_NN,
        'AC.NA': _or_AC_NA,
        'AC.AC': _or_AC_AC,
        'AC.AN': _or_AC_AN,
        'AC.AA': _or_AC_AA,
        'AC.KC': _or_AC_KC,
        'AC.KN': _or_AC_KN,
        'AC.KA': _or_AC_KA,
        'AN.NC': _or_AN_NC,
        'AN.NN': _or_AN_NN,
        'AN.NA': _or_AN_NA,
        'AN.AC': _or_AN_AC,
        'AN.AN': _or_AN_AN,
        'AN.AA': _or_AN_AA,
        'AN.KC': _or_AN_KC,
        'AN.KN': _or_AN_KN,
        'AN.KA': _or_AN_KA,
        'AA.NC': _or_AA_NC,
        'AA.NN': _or_AA_NN,
        'AA.NA': _or_AA_NA,
        'AA.AC': _or_AA_AC,
        'AA.AN': _or_AA_AN,
        'AA.AA': _or_AA_AA,
        'AA.KC': _or_AA_KC,
        'AA.KN': _or_AA_KN,
        'AA.KA': _or_AA_KA,
        'KC.NC': _or_KC_NC,
        'KC.NN': _or_KC_NN,
        'KC.NA': _or_KC_NA,
        'KC.AC': _or_KC_AC,
        'KC.AN': _or_KC_AN,
        'KC.AA': _or_KC_AA,
        'KC.KC': _or_KC_KC,
        'KC.KN': _or_KC_KN,
        'KC.KA': _or_KC_KA,
        'KN.NC': _or_KN_NC,
        'KN.NN': _or_KN_NN,
        'KN.NA': _or_KN_NA,
        'KN.AC': _or_KN_AC,
        'KN.AN': _or_KN_AN,
        'KN.AA': _or_KN_AA,
        'KN.KC': _or_KN_KC,
        'KN.KN': _or_KN_KN,
        'KN.KA': _or_KN_KA,
        'KA.NC': _or_KA_NC,
        'KA.NN': _or_KA_NN,
        'KA.NA': _or_KA_NA,
        'KA.AC': _or_KA_AC,
        'KA.AN': _or_KA_AN,
        'KA.AA': _or_KA_AA,
        'KA.KC': _or_KA_KC,
        'KA.KN': _or_KA_KN,
        'KA.KA': _or_KA_KA,
    },
}
# fmt: on
