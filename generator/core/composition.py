"""The composition panel: the basic theorem's bound next to the exact value.

Take a per-step budget α₀ = e^{ε₀}. One randomized response needs δ₀ = δ*_1(α₀), its
exact single-response δ. If each of q steps is (ε₀, δ₀)-DP conditionally on every
earlier transcript, basic composition (Dwork & Roth, Thm 3.16 / App. B) certifies

    (q·ε₀, min(1, q·δ₀)),   i.e. at α = α₀^q the bound min(1, q·δ₀).

fresh  asks q = k valid conditional queries (independent responses);
copy   asks q = 1: the other k - 1 copies are post-processing of the first response;
xor    has no valid conditional step: given R, the second coordinate is x XOR R, which
       reveals x, so marginal guarantees do not compose and no bound is given.

The exact δ*(α₀^q) of the mechanism is reported beside the bound; it is never larger
and is often smaller (p = 0.9, k = 2, α₀ = 3: bound 1, exact 0.72).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from generator.core import channels
from generator.core.channels import Channel, Mode
from generator.core.profile import Profile, check_alpha


@dataclass(frozen=True)
class Composition:
    """The bound for q queries at α₀ and the exact δ at α₀^q (None where none applies)."""

    alpha0: Fraction
    delta0: Fraction | None
    queries: int | None
    composed_alpha: Fraction | None
    theorem_delta: Fraction | None
    exact_delta: Fraction | None

    @property
    def applies(self) -> bool:
        return self.queries is not None


def valid_queries(channel: Channel) -> int | None:
    """How many conditional queries touch the secret: k, 1, or None for xor."""
    return {Mode.FRESH: channel.k, Mode.COPY: 1, Mode.XOR: None}[channel.mode]


def compose(profile: Profile[Channel], alpha0: Fraction) -> Composition:
    """The composition panel of a channel at the per-step budget α₀."""
    check_alpha(alpha0)
    channel = profile.channel
    queries = valid_queries(channel)
    if queries is None:
        return Composition(alpha0, None, None, None, None, None)
    delta0 = Profile(channels.fresh(channel.p, 1)).delta(alpha0)
    composed_alpha = alpha0**queries
    return Composition(
        alpha0=alpha0,
        delta0=delta0,
        queries=queries,
        composed_alpha=composed_alpha,
        theorem_delta=min(Fraction(1), queries * delta0),
        exact_delta=profile.delta(composed_alpha),
    )


def pure_bound(step_alphas: Sequence[Fraction | None]) -> Fraction | None:
    """Basic composition of pure steps: the α = e^ε it certifies for the whole transcript.

    Step i is given as α_i = e^{ε_i}, the largest likelihood ratio it has for any fixed
    earlier transcript (None when some has none, ε_i = ∞). Multiplying the chain rule's
    factors P_i(z_i | z_<i) <= α_i Q_i(z_i | z_<i) gives P(z) <= (Π_i α_i) Q(z), so the
    transcript is (Σ_i ε_i, 0)-DP: α = Π_i α_i, or None when a step has no finite ε.
    """
    bound = Fraction(1)
    for alpha in step_alphas:
        if alpha is None:
            return None
        check_alpha(alpha)
        bound *= alpha
    return bound
