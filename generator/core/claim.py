"""Does a channel satisfy the claim (α, δ)?

It does exactly when δ >= δ*(α). Both sides are rationals, so the test is the integer
cross-product  δ.num · δ*.den >= δ*.num · δ.den  (what ``Fraction`` comparison does);
a δ typed as 0.374 is the exact 374/1000, never a rounded float.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.profile import Profile, ProfilePoint


def check_delta(delta: Fraction) -> None:
    if not isinstance(delta, Fraction) or not 0 <= delta <= 1:
        raise ValueError(f"δ must be an exact rational in [0, 1], got {delta!r}")


@dataclass(frozen=True)
class ClaimResult:
    alpha: Fraction
    delta: Fraction
    required: ProfilePoint

    @property
    def passes(self) -> bool:
        return self.delta >= self.required.delta


def check_claim(profile: Profile[Any], alpha: Fraction, delta: Fraction) -> ClaimResult:
    """Decide the claim (α, δ) against the exact profile."""
    check_delta(delta)
    return ClaimResult(alpha, delta, profile.point(alpha))
