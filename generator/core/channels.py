"""Release channels for one protected bit, as exact integer weights.

The secret is one bit x in {0, 1}; neighbouring inputs replace x = 0 by x = 1. A
randomized response reports x with probability p and flips it with probability 1 - p,
where p is an integer percent. Writing g = gcd(p, 100 - p) and s = 100 / g, one response
has probabilities u/s (truthful) and v/s (flipped) with u = p/g, v = (100 - p)/g, so every
probability in this module is an integer weight over one common denominator.

fresh  k independent responses, released as the count T of ones. A transcript with t
       ones has probability v^t u^(k-t) / s^k under x = 0, and C(k, t) transcripts share
       that count:  P(T = t | x=0) = C(k,t) v^t u^(k-t) / s^k,  and x = 1 mirrors t -> k-t.
copy   one response B shown k times, released as the count of ones: only 0 and k occur,
       with P(0 | x=0) = u/s and P(k | x=0) = v/s. The middle counts stay exact zeros.
xor    a fair mask R and the encoded pair 2R + (x XOR R): x = 0 gives {0, 3}, x = 1 gives
       {1, 2}, each with probability 1/2. p and k are ignored.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from generator.core.finite_channel import FiniteChannel, order_by_ratio


class Mode(enum.StrEnum):
    FRESH = "fresh"
    COPY = "copy"
    XOR = "xor"


@dataclass(frozen=True)
class Channel(FiniteChannel):
    """A randomized-response release of one bit: a finite channel with its mode, p and k."""

    mode: Mode
    p: int
    k: int


def check_parameters(p: int, k: int) -> None:
    """Refuse a percent outside 0..100 or a release count below 1."""
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 100:
        raise ValueError(f"p must be an integer percent from 0 to 100, got {p!r}")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be an integer of at least 1, got {k!r}")


def _response(p: int) -> tuple[int, int, int]:
    """(u, v, s): truthful and flipped weights of one response over denominator s."""
    g = math.gcd(p, 100 - p)  # gcd(0, 100) = 100 keeps p = 0 and p = 100 exact too
    return p // g, (100 - p) // g, 100 // g


def _count_channel(mode: Mode, p: int, k: int, weights0: list[int], denominator: int) -> Channel:
    """A channel released as a count t = 0..k whose x = 1 law mirrors x = 0's (t -> k - t)."""
    weights1 = weights0[::-1]
    if mode is Mode.FRESH:
        # The ratio w0_t / w1_t = (u/v)^(k-2t) falls with t when p > 50 and rises when
        # p < 50 (all ratios are 1 at p = 50), so the order is known without sorting.
        order: Sequence[int] = range(k, -1, -1) if p < 50 else range(k + 1)
        ratio_order = tuple(t for t in order if weights0[t] or weights1[t])
    else:
        ratio_order = order_by_ratio(weights0, weights1)
    return Channel(
        mode=mode,
        p=p,
        k=k,
        labels=tuple(str(t) for t in range(k + 1)),
        weights0=tuple(weights0),
        weights1=tuple(weights1),
        denominator=denominator,
        ratio_order=ratio_order,
    )


def _fresh_weights(u: int, v: int, k: int) -> list[int]:
    """w_t = C(k,t) v^t u^(k-t) for t = 0..k: the x = 0 count weights over (u + v)^k."""
    weights0 = [0] * (k + 1)
    if u == 0:
        weights0[k] = v**k
    else:
        # w_{t+1} = w_t (k-t) v / ((t+1) u), an exact division: O(k) big-by-small steps
        # instead of k big multiplications.
        weights0[0] = u**k
        for t in range(k):
            weights0[t + 1] = weights0[t] * (k - t) * v // ((t + 1) * u)
    return weights0


def fresh(p: int, k: int) -> Channel:
    """k independent responses, released as their count of ones."""
    check_parameters(p, k)
    u, v, s = _response(p)
    return _count_channel(Mode.FRESH, p, k, _fresh_weights(u, v, k), s**k)


def fresh_counts(truth: Fraction, k: int) -> FiniteChannel:
    """k independent responses that each tell the truth with any rational probability
    ``truth`` in [1/2, 1], released as their count of ones (the fresh mode without its
    integer percent: truth = a/b gives u = a, v = b - a over s = b, as in the module's
    formula). Output t is labelled "t"; the likelihood ratio (u/v)^(k-2t) falls with t.
    """
    if not isinstance(truth, Fraction) or not Fraction(1, 2) <= truth <= 1:
        raise ValueError(f"the truth probability must be an exact rational in [1/2, 1], got {truth!r}")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be an integer of at least 1, got {k!r}")
    u, s = truth.numerator, truth.denominator
    weights0 = _fresh_weights(u, s - u, k)
    weights1 = weights0[::-1]
    return FiniteChannel(
        labels=tuple(str(t) for t in range(k + 1)),
        weights0=tuple(weights0),
        weights1=tuple(weights1),
        denominator=s**k,
        ratio_order=tuple(t for t in range(k + 1) if weights0[t] or weights1[t]),
    )


def copy(p: int, k: int) -> Channel:
    """One response shown k times, released as the count of ones (0 or k)."""
    check_parameters(p, k)
    u, v, s = _response(p)
    return _count_channel(Mode.COPY, p, k, [u, *[0] * (k - 1), v], s)


XOR_LABELS = ("00", "01", "10", "11")  # output 2R + (x XOR R) written as the pair R, x XOR R


def xor(p: int, k: int) -> Channel:
    """The pair (R, x XOR R) with a fair mask R, encoded as 2R + (x XOR R)."""
    check_parameters(p, k)
    weights0 = (1, 0, 0, 1)  # x = 0: R = 0 -> 0, R = 1 -> 3
    weights1 = (0, 1, 1, 0)  # x = 1: R = 0 -> 1, R = 1 -> 2
    return Channel(
        mode=Mode.XOR,
        p=p,
        k=k,
        labels=XOR_LABELS,
        weights0=weights0,
        weights1=weights1,
        denominator=2,
        ratio_order=order_by_ratio(weights0, weights1),
    )


BUILDERS = {Mode.FRESH: fresh, Mode.COPY: copy, Mode.XOR: xor}


def build(mode: Mode | str, p: int, k: int) -> Channel:
    """The channel of a mode, by name."""
    return BUILDERS[Mode(mode)](p, k)
