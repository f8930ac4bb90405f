"""Amplification by subsampling, exactly: randomized response on a Poisson-sampled record.

The release. A dataset holds records with a bit each; every record but one person's holds 0.
Each record joins the batch independently with probability q (Poisson sampling), and the
release is randomized response at α₀ to "does the batch hold a 1?": the true answer with
probability α₀/(1 + α₀), the other one otherwise. Neighbours differ by the person's record
(add/remove): without it (x = 0) the true answer is always 0; with it and its bit 1 (x = 1)
the answer is 1 when the record was sampled, probability q, and 0 otherwise. So with
r = 1/(1 + α₀)

    P(Z = 1 | x = 0) = r,            P(Z = 1 | x = 1) = q·α₀·r + (1 − q)·r,

a finite channel whose every probability is rational, so its privacy profile δ*(α) is exact
(:mod:`generator.core.profile`).

The amplification bound (Balle, Barthe & Gaboardi 2018, Thm. 8; Li, Qardaji & Su 2012): an
ε₀-DP mechanism run on a Poisson sample of rate q is ln(1 + q(e^ε₀ − 1))-DP under add/remove
neighbours. Here the bound is attained: the likelihood ratio at Z = 1 is

    (q·α₀ + 1 − q)·r / r = 1 + q(α₀ − 1),

and at Z = 0 it is α₀/(q + (1 − q)·α₀) the other way, which is at most 1 + q(α₀ − 1) for
α₀ ≥ 1 (multiply out: (1 + q(α₀ − 1))(q + (1 − q)α₀) − α₀ = q(1 − q)(α₀ − 1)² ≥ 0). So the
pure ε of the sampled release is exactly ln(1 + q(α₀ − 1)), against ln α₀ without sampling.
"""

from __future__ import annotations

import math
from fractions import Fraction

from generator.core.finite_channel import FiniteChannel, from_rows


def check_rate(q: Fraction) -> None:
    if not 0 < q <= 1:
        raise ValueError(f"the sampling rate q must be in (0, 1], got {q}")


def subsampled_response(alpha0: Fraction, q: Fraction) -> FiniteChannel:
    """The release above over the outputs "0" and "1": x = 0 without the person's record,
    x = 1 with it."""
    if alpha0 < 1:
        raise ValueError(f"α₀ must be at least 1, got {alpha0}")
    check_rate(q)
    r = 1 / (1 + alpha0)
    one = q * alpha0 * r + (1 - q) * r
    laws = ((1 - r, r), (1 - one, one))
    common = math.lcm(*(p.denominator for law in laws for p in law))
    absent, present = ([int(p * common) for p in law] for law in laws)
    return from_rows(absent, present)


def amplified_ratio(alpha0: Fraction, q: Fraction) -> Fraction:
    """e^ε of the amplification bound, 1 + q(α₀ − 1): the sampled release's exact α."""
    check_rate(q)
    return 1 + q * (alpha0 - 1)
