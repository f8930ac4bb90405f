"""Naive definitions, kept as oracles for the fast code.

Each is the textbook definition computed the slow, obvious way, independent of the
fast path's tricks (ratio order, prefix sums, binary search, the exact-division recurrence).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction


def naive_delta(
    weights0: Sequence[int], weights1: Sequence[int], denominator: int, alpha: Fraction
) -> Fraction:
    """δ*(α) = max(Σ_z [P_z − αQ_z]_+, Σ_z [Q_z − αP_z]_+), summed over every output.

    With P_z = a_z/D, Q_z = b_z/D and α = n/d each term is (d·a_z − n·b_z)/(D·d).
    """
    n, d = alpha.numerator, alpha.denominator
    forward = sum(max(d * a - n * b, 0) for a, b in zip(weights0, weights1, strict=True))
    backward = sum(max(d * b - n * a, 0) for a, b in zip(weights0, weights1, strict=True))
    return Fraction(max(forward, backward), denominator * d)


def naive_delta_of(dist0: Sequence[Fraction], dist1: Sequence[Fraction], alpha: Fraction) -> Fraction:
    """The same definition on Fractions: Σ over outputs of positive excesses, both ways."""
    forward = sum((max(p - alpha * q, Fraction(0)) for p, q in zip(dist0, dist1, strict=True)), Fraction(0))
    backward = sum((max(q - alpha * p, Fraction(0)) for p, q in zip(dist0, dist1, strict=True)), Fraction(0))
    return max(forward, backward)


def binomial_counts(p: int, k: int) -> tuple[list[Fraction], list[Fraction]]:
    """P(T = t | x) straight from C(k,t) q^t (1−q)^(k−t), with q the chance of reporting 1."""
    truth = Fraction(p, 100)
    one_given_0, one_given_1 = 1 - truth, truth
    dist0 = [math.comb(k, t) * one_given_0**t * (1 - one_given_0) ** (k - t) for t in range(k + 1)]
    dist1 = [math.comb(k, t) * one_given_1**t * (1 - one_given_1) ** (k - t) for t in range(k + 1)]
    return dist0, dist1


def transcript_laws(mode: str, p: int, k: int) -> dict[int, dict[tuple[int, ...], Fraction]]:
    """Law of the full released transcript under x = 0 and x = 1, by enumeration.

    fresh: k independent responses, each 1 w.p. (1−p) when x = 0;  copy: one response
    repeated k times;  xor: the pair (R, x XOR R) with a fair R.
    """
    truth = Fraction(p, 100)
    laws: dict[int, dict[tuple[int, ...], Fraction]] = {0: {}, 1: {}}
    for x in (0, 1):
        law = laws[x]
        if mode == "fresh":
            for z in itertools.product((0, 1), repeat=k):
                law[z] = math.prod((truth if bit == x else 1 - truth for bit in z), start=Fraction(1))
        elif mode == "copy":
            law[(x,) * k] = truth
            law[(1 - x,) * k] = law.get((1 - x,) * k, Fraction(0)) + 1 - truth
        else:
            for r in (0, 1):
                law[(r, x ^ r)] = Fraction(1, 2)
    return laws


def transcript_delta(mode: str, p: int, k: int, alpha: Fraction) -> Fraction:
    """δ*(α) of the full transcript (all 2^k sequences), not of its count."""
    laws = transcript_laws(mode, p, k)
    outputs = sorted(set(laws[0]) | set(laws[1]))
    dist0 = [laws[0].get(z, Fraction(0)) for z in outputs]
    dist1 = [laws[1].get(z, Fraction(0)) for z in outputs]
    return naive_delta_of(dist0, dist1, alpha)
