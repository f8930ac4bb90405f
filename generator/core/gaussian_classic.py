"""The classic calibration of the Gaussian mechanism, and where it stops telling the truth.

Dwork & Roth (2014, Thm A.1): for ε in (0, 1) and c² > 2 ln(1.25/δ), noise σ >= cΔ/ε makes
the Gaussian mechanism (ε, δ)-DP. Read the other way, a mechanism with σ (k releases: σ/√k,
see :mod:`generator.core.gaussian`) claims

    ε_classic = √(2 ln(1.25/δ))·Δ√k/σ = √(2 ln(1.25/δ))·μ,   μ = Δ√k/σ,

and the claim is covered by the theorem only when ε_classic < 1. (The theorem asks for
c² > 2 ln(1.25/δ), strictly; the exact profile below decides the claim at c² equal to it.)

Whether the claim is true is a separate question, which the exact profile answers: the
mechanism is (ε_classic, δ)-DP exactly when δ(ε_classic) <= δ (Balle & Wang 2018, Thm 8).
Below ε = 1 the true δ is far smaller than δ (the bound is loose); above 1 the proof no
longer applies, yet the claim stays true for a while, until the true δ overtakes δ (near
ε ≈ 8.4 for δ = 10⁻⁵) and the classic calibration under-states δ by a growing factor. The
record below carries the classic ε, whether the theorem covers it, the true δ there, and
their ratio, all proven.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import Certified, certify, exact, sign
from generator.core.gaussian import GaussianMechanism
from generator.core.parameters import probability

CLASSIC_CONSTANT = Fraction(5, 4)  # the 1.25 in √(2 ln(1.25/δ))


def classic_epsilon_ball(mechanism: GaussianMechanism, delta: Fraction) -> arb:
    """ε_classic = √(2 ln(1.25/δ)·μ²) at the working precision."""
    return (2 * exact(CLASSIC_CONSTANT / delta).log() * exact(mechanism.mu_squared)).sqrt()


@dataclass(frozen=True)
class ClassicCalibration:
    """The classic claim (ε_classic, δ) for a mechanism, and the truth about it."""

    mechanism: GaussianMechanism
    claimed_delta: Fraction
    epsilon: Certified  # ε_classic
    covered: bool  # ε_classic < 1: Dwork & Roth's Thm A.1 applies
    true_delta: Certified  # δ(ε_classic) by the exact profile, to ``places`` decimals
    ratio: Certified  # δ(ε_classic)/δ
    holds: bool  # δ(ε_classic) <= δ: the claim is true


def classic_calibration(mechanism: GaussianMechanism, delta: Fraction, places: int = 3) -> ClassicCalibration:
    """The classic ε at δ, whether Thm A.1 covers it (ε < 1), and the true δ there.

    ε_classic is irrational, so the true δ is computed at the ball ε_classic itself (δ(ε)
    decreases, so the ball of δ(ε_classic) holds the true value). ``true_delta`` to
    ``places`` decimals shows 0.000 for a small δ; ``ratio`` (3 decimals at ``places`` = 3)
    says by how much the claimed δ is over or under the truth.
    """
    delta = probability("δ", delta, zero=False)

    def epsilon() -> arb:
        return classic_epsilon_ball(mechanism, delta)

    def true_delta() -> arb:
        return mechanism.delta_ball(epsilon())

    return ClassicCalibration(
        mechanism=mechanism,
        claimed_delta=delta,
        epsilon=certify(epsilon, places),
        covered=sign(lambda: 1 - epsilon()) > 0,
        true_delta=certify(true_delta, places),
        ratio=certify(lambda: true_delta() / exact(delta), places),
        holds=sign(lambda: exact(delta) - true_delta()) > 0,
    )
