"""Exact upper tails of a binomial law, Σ_{c=m}^{k} C(k,c) u^c v^(k-c), by binary splitting.

Summing the k - m + 1 terms one after another costs one multiplication and one exact
division of a number of about k·log₂(u + v) bits per term. The terms are hypergeometric:

    T_{c+1} / T_c = p(c) / q(c),   p(c) = (k - c)·u,   q(c) = (c + 1)·v,

so the tail is T_m·Σ_{i=m}^{k} Π_{j=m}^{i-1} p(j)/q(j). Binary splitting computes that sum
over [a, b) as R(a, b)/Q(a, b) with P = Π p, Q = Π q and

    R(a, b) = R(a, h)·Q(h, b) + P(a, h)·R(h, b)   (h the middle; R(a, a+1) = q(a)),

so the work is a tree of balanced products, which GMP multiplies in quasi-linear time; the
one division at the end, T_m·R/Q, is exact. gmpy2's integers do the arithmetic and the
result is handed back as a Python int.
"""

from __future__ import annotations

import gmpy2


def _split(a: int, b: int, k: int, u: int, v: int) -> tuple[object, object, object]:
    """(P(a, b), Q(a, b), R(a, b)) for the term ratio p(c)/q(c) = (k - c)u / ((c + 1)v)."""
    if b - a == 1:
        q = gmpy2.mpz((a + 1) * v)
        return gmpy2.mpz((k - a) * u), q, q
    middle = (a + b) // 2
    p1, q1, r1 = _split(a, middle, k, u, v)
    p2, q2, r2 = _split(middle, b, k, u, v)
    return p1 * p2, q1 * q2, r1 * q2 + p1 * r2  # type: ignore[operator]


def term(k: int, c: int, u: int, v: int) -> int:
    """C(k, c)·u^c·v^(k - c)."""
    return int(gmpy2.comb(k, c) * gmpy2.mpz(u) ** c * gmpy2.mpz(v) ** (k - c))


def upper_tail(k: int, m: int, u: int, v: int) -> int:
    """Σ_{c=m}^{k} C(k, c)·u^c·v^(k - c) for 0 <= m, exactly (0 when m > k)."""
    return _run(k, m, k, u, v) if m <= k else 0


def _run(n: int, lo: int, hi: int, u: int, v: int) -> int:
    """Σ_{c=lo}^{hi} C(n, c)·u^c·v^(n-c) for 0 <= lo <= hi <= n and v > 0, by binary splitting.

    The terms are hypergeometric (T_{c+1}/T_c = (n - c)u/((c + 1)v)), so the run is
    T_lo·R/Q with R, Q the splitting sums above over [lo, hi + 1): its cost is that of T_lo
    (a few powers) and of a product tree over the run's hi - lo + 1 terms, however far the
    run lies from the ends.
    """
    first = gmpy2.mpz(term(n, lo, u, v))
    if lo == hi:
        return int(first)
    _, q, r = _split(lo, hi + 1, n, u, v)
    return int(gmpy2.divexact(first * r, q))


def binomial_window(n: int, lo: int, hi: int, u: int, v: int) -> int:
    """Σ_{c=lo}^{hi} C(n, c)·u^c·v^(n-c), exactly, for any integers lo, hi (clamped to 0..n).

    A window of w terms is summed directly (:func:`_run`) when w is at most half of the
    n + 1 terms, and otherwise as (u + v)^n minus the two runs outside it, so at most about
    n/2 terms are ever split. When u or v is 0 a single term is left.
    """
    lo, hi = max(lo, 0), min(hi, n)
    if lo > hi:
        return 0
    if u == 0 or v == 0:  # one term only, at c = 0 (u = 0) or c = n (v = 0)
        only = 0 if u == 0 else n
        return int(gmpy2.mpz(u + v) ** n) if lo <= only <= hi else 0
    if 2 * (hi - lo + 1) <= n + 1:
        return _run(n, lo, hi, u, v)
    below = _run(n, 0, lo - 1, u, v) if lo > 0 else 0
    above = _run(n, hi + 1, n, u, v) if hi < n else 0
    return int(gmpy2.mpz(u + v) ** n) - below - above
