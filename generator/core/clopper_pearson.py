"""Exact one-sided Clopper–Pearson bounds for a binomial proportion, as proven enclosures.

An auditor who sees X successes in n independent trials of an unknown rate p bounds p at a
chosen level a (Clopper and Pearson 1934, "The use of confidence or fiducial limits
illustrated in the case of the binomial"):

    lower  p_L(x) is the p with P(X ≥ x | p) = a, and p_L(0) = 0;
    upper  p_U(x) is the p with P(X ≤ x | p) = a, and p_U(n) = 1.

P(X ≥ x | p) grows strictly with p from 0 to 1 (for x ≥ 1: it is the regularized incomplete
beta function I_p(x, n − x + 1), whose derivative n·C(n − 1, x − 1)·p^(x−1)·(1 − p)^(n−x) is
positive), so each root exists and is unique. The bound holds with probability at least
1 − a whatever p is: p_L(X) > p exactly when X ≥ x_p, the least count whose tail at p is
below a, and P(X ≥ x_p | p) < a (Casella and Berger, "Statistical inference", Thm 9.2.14 for
the pivoting of a discrete cdf). The upper bound is the mirror image: the count of failures,
n − X, has rate 1 − p, so p_U(x) = 1 − p_L'(n − x) with p_L' the lower bound of that count.

**Certified.** p_L is irrational in general (p_L(n) = a^(1/n)), so it leaves as an
:class:`~generator.core.certified.Enclosure` with exact ends: the dyadic cell
[m/2^B, (m + 1)/2^B] that holds it, proven by the signs of the tail at both ends. The tail at
a dyadic p = m/2^B is a polynomial in p with integer coefficients,

    P(X ≥ x | p) = Σ_{c ≥ x} C(n, c)·m^c·(2^B − m)^(n−c) / 2^(B·n),

which :func:`generator.core.binomial_tails.upper_tail` gives exactly. For speed the sign is
first read from an arb ball of the tail (:func:`binomial_tail`): the terms from x on, by the
ratio C(n, c+1)p^(c+1)q^(n−c−1) / (C(n, c)p^c q^(n−c)) = (n − c)p / ((c + 1)q), summed until
they fall below the working precision, with the rest bounded by a geometric series (the
ratios fall with c); from the far side, 1 − P(X ≤ x − 1), when x is below the mean. Only when
the ball still holds a at a high precision is the exact polynomial used, which decides every
case, the root sitting exactly on a dyadic point included (then the enclosure is that point).
The cell is found by a Newton iteration on the balls' midpoints kept inside the proven
bracket, so the search costs only time: the cell it returns is the one cell of width 2^-B
that holds the root, whatever the guesses were.

Measured at x = 0.7·n: the ball of the tail takes about 0.1, 0.3 and 0.6 ms at n = 10³, 10⁴
and 10⁵ (its terms span about 8 standard deviations), arb's regularized incomplete beta
(``arb.beta_lower(…, regularized=True)``) 2 to 5 ms for the same balls, and the exact
polynomial by binary splitting 1 ms, 8 ms and 0.15 s (it has n·B bits). A bound takes three
to five tails when a run of counts starts each search from its neighbours (:func:`lower_bounds`)
and about nine alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction

from flint import arb, ctx

from generator.core.binomial_tails import upper_tail
from generator.core.certified import Enclosure, exact, precision

EXTRA_BITS = 16  # working precision above bits + log₂ n: lgamma(n + 1) ~ n·ln n loses about that
MAX_DOUBLINGS = 3  # balls at 1, 2, 4 and 8 times the working precision before the exact tail
MAX_CELLS = 1 << 16  # cells kept: a staircase's roots are asked for again by the next one

_CELLS: dict[tuple[int, int, Fraction, int], Enclosure] = {}


def check_counts(successes: int, trials: int) -> None:
    """Refuse a count of trials below 1, or a count of successes outside 0 … trials."""
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise ValueError(f"the number of trials must be an integer of at least 1, got {trials!r}")
    if isinstance(successes, bool) or not isinstance(successes, int) or not 0 <= successes <= trials:
        raise ValueError(f"the count must be an integer from 0 to {trials}, got {successes!r}")


def check_level(level: Fraction) -> None:
    """Refuse a level that is not an exact rational strictly between 0 and 1."""
    if not isinstance(level, Fraction) or not 0 < level < 1:
        raise ValueError(f"the level must be an exact rational strictly between 0 and 1, got {level!r}")


def _check_bits(bits: int) -> None:
    if isinstance(bits, bool) or not isinstance(bits, int) or bits < 1:
        raise ValueError(f"the enclosure's bits must be a positive integer, got {bits!r}")


def _log_pmf(n: int, c: int, log_p: arb, log_q: arb) -> arb:
    """ln(C(n, c)·p^c·q^(n−c))."""
    return arb(n + 1).lgamma() - arb(c + 1).lgamma() - arb(n - c + 1).lgamma() + c * log_p + (n - c) * log_q


def binomial_tail(n: int, x: int, p: arb) -> tuple[arb, arb]:
    """(P(X ≥ x), P(X = x)) for X ~ Bin(n, p), 1 ≤ x ≤ n and 0 < p < 1, as arb balls at
    the working precision."""
    q = 1 - p
    odds = p / q
    if x >= n * p:
        # From x up: past the mode, the ratios (n − c)p/((c + 1)q) are below 1 and fall.
        first = _log_pmf(n, x, p.log(), q.log()).exp()
        return _falling_sum(first, x, n, odds), first
    # From x − 1 down, P(X ≥ x) = 1 − P(X ≤ x − 1): over the count of failures c = n − x + 1,
    # n − x + 2, …, the ratios (n − c)q/((c + 1)p) fall the same way.
    first = _log_pmf(n, x - 1, p.log(), q.log()).exp()
    return 1 - _falling_sum(first, n - x + 1, n, 1 / odds), first * odds * (n - x + 1) / x


def _falling_sum(first: arb, start: int, end: int, odds: arb) -> arb:
    """Σ_{c=start}^{end} t_c with t_start = first and t_(c+1) = t_c·odds·(n − c)/(c + 1), n =
    end, the ratios below 1 and falling with c: summed until a term is below the working
    precision relative to the sum (checked every 16 terms), the rest bounded by the geometric
    series of the next ratio."""
    small = arb(2) ** -ctx.prec
    term, total, c = first, first, start
    while c < end:
        for c in range(c, min(end, c + 16)):  # noqa: B020 (c continues after the block)
            term = term * odds * (end - c) / (c + 1)
            total += term
        c += 1
        if c < end:
            following = odds * (end - c) / (c + 1)
            if following < 1 and term * following < total * small:
                return total + arb(0).union(term * following / (1 - following))
    return total


def _evaluate(n: int, x: int, target: Fraction, m: int, bits: int) -> tuple[int, int]:
    """At p = m/2^bits (0 < m < 2^bits): the sign of P(X ≥ x | p) − target, proven (balls
    first, then the exact polynomial), and the cell (in units of 2^-bits) of the Newton point
    from p, a guess only.

    The derivative of P(X ≥ x | p) in p is x·P(X = x)/p (the beta density of the module's
    docstring), so Newton's step is (target − tail)·p/(x·P(X = x)), on the balls' midpoints.
    """
    work = bits + EXTRA_BITS + n.bit_length()
    newton = m
    for _ in range(MAX_DOUBLINGS + 1):
        with precision(work):
            p = arb(m) * arb(2) ** -bits  # exact: a dyadic number of bits + 1 bits at most
            tail, at_x = binomial_tail(n, x, p)
            level = exact(target)
            step = (level - tail) * arb(m) / (at_x * x)  # in units of 2^-bits
            if step.is_finite():
                mantissa, exponent = step.mid().floor().man_exp()  # an integer: exponent ≥ 0
                newton = m + int(mantissa) * 2 ** int(exponent)
            if tail < level or tail > level:
                return (1 if tail > level else -1), newton
        work *= 2
    scaled = upper_tail(n, x, m, 2**bits - m) * target.denominator - target.numerator * 2 ** (bits * n)
    return (scaled > 0) - (scaled < 0), newton


def _root(n: int, x: int, target: Fraction, bits: int, guess: Fraction) -> Enclosure:
    """The dyadic cell of width 2^-bits that holds the p with P(X ≥ x | p) = target (kept
    in :data:`_CELLS`, since the cell does not depend on the guess)."""
    key = (n, x, target, bits)
    found = _CELLS.get(key)
    if found is None:
        if len(_CELLS) >= MAX_CELLS:
            _CELLS.clear()
        found = _CELLS[key] = _search(n, x, target, bits, guess)
    return found


def _search(n: int, x: int, target: Fraction, bits: int, guess: Fraction) -> Enclosure:
    """The cell, searched from the guess.

    The bracket [lo, hi] (in units of 2^-bits) always has a proven negative sign at lo and a
    positive one at hi: at p = 0 the tail is 0 and at p = 1 it is 1, on either side of a target
    in (0, 1). Each step evaluates one point strictly inside, the Newton point when it falls
    inside and the middle otherwise, and keeps the half whose ends have opposite signs.
    """
    scale = 2**bits
    lo, hi = 0, scale
    cell = math.floor(guess * scale)
    while hi - lo > 1:
        # The Newton cell's lower end, or its upper end when the lower one is already proven;
        # the middle when Newton points outside the bracket.
        m = cell if lo < cell < hi else cell + 1 if cell == lo else (lo + hi) // 2
        sign, cell = _evaluate(n, x, target, m, bits)
        if sign == 0:
            return Enclosure(Fraction(m, scale), Fraction(m, scale))
        if sign < 0:
            lo = m
        else:
            hi = m
    return Enclosure(Fraction(lo, scale), Fraction(hi, scale))


def _run(first: int, trials: int, target: Fraction, bits: int) -> Iterator[Enclosure]:
    """The cells of the p with P(X ≥ x | p) = target for x = first, first + 1, … trials
    (first ≥ 1), one at a time.

    Each search starts where the roots before it point. After one root r: at r,
    P(X ≥ x | r) = target − P(X = x − 1 | r), and one Newton step with the derivative
    x·P(X = x | r)/r moves r by P(X = x − 1 | r)·r/(x·P(X = x | r)) = (1 − r)/(n − x + 1).
    After two or three, the roots' own differences, which change slowly with x, extrapolate
    (linearly, then quadratically): the search then mostly starts in the right cell.
    """
    ends: list[Fraction] = []
    guess = Fraction(first, trials)
    for x in range(first, trials + 1):
        if len(ends) == 1:
            guess = ends[0] + (1 - ends[0]) / (trials - x + 1)
        elif len(ends) == 2:
            guess = 2 * ends[1] - ends[0]
        elif len(ends) == 3:
            guess = 3 * ends[2] - 3 * ends[1] + ends[0]
        cell = _root(trials, x, target, bits, min(max(guess, Fraction(0)), Fraction(1)))
        ends = [*ends[-2:], cell.lower]
        yield cell


def _check(first: int, trials: int, level: Fraction, bits: int) -> None:
    check_counts(first, trials)
    check_level(level)
    _check_bits(bits)


def lower_bounds(first: int, trials: int, level: Fraction, bits: int = 64) -> Iterator[Enclosure]:
    """p_L(x) for the counts x = first, first + 1, … trials, one at a time: the rate with
    P(X ≥ x | p_L) = level, each in a cell 2^-bits wide, and p_L(0) = 0.

    With probability at least 1 − level the true rate is at least p_L(X).
    """
    _check(first, trials, level, bits)
    if first == 0:
        yield Enclosure(Fraction(0), Fraction(0))
    yield from _run(max(first, 1), trials, level, bits)


def upper_bounds(first: int, trials: int, level: Fraction, bits: int = 64) -> Iterator[Enclosure]:
    """p_U(x) for the counts x = first, first + 1, … trials, one at a time: the rate with
    P(X ≤ x | p_U) = level, each in a cell 2^-bits wide, and p_U(trials) = 1.

    P(X ≤ x | p) = level is P(X ≥ x + 1 | p) = 1 − level, the lower bound's equation at the
    other level. With probability at least 1 − level the true rate is at most p_U(X).
    """
    _check(first, trials, level, bits)
    if first < trials:
        yield from _run(first + 1, trials, 1 - level, bits)
    yield Enclosure(Fraction(1), Fraction(1))


def lower_bound(successes: int, trials: int, level: Fraction, bits: int = 64) -> Enclosure:
    """p_L(successes) alone (:func:`lower_bounds`)."""
    return next(lower_bounds(successes, trials, level, bits))


def upper_bound(successes: int, trials: int, level: Fraction, bits: int = 64) -> Enclosure:
    """p_U(successes) alone (:func:`upper_bounds`)."""
    return next(upper_bounds(successes, trials, level, bits))
