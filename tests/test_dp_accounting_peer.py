"""Cross-check against an independent accountant: Google's dp-accounting PLD.

The PLD is built from our two count distributions (``from_two_probability_mass_functions``),
once optimistic and once pessimistic. Its discretisation brackets the true hockey-stick
divergence, so our exact δ*(α) must lie between the two, up to float noise (1e-12).
The self-composed single response is checked the same way: composing explicitly, since
an accountant fed a repeated randomized-response *event* counts the response once.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from generator.core import channels
from generator.core.channels import Channel
from generator.core.profile import Profile

pld_module = pytest.importorskip("dp_accounting.pld.privacy_loss_distribution")

TOLERANCE = 1e-12
ALPHAS = [Fraction(a) for a in (1, 2, 3, 5, 9, 20, 57)] + [Fraction(57, 10), Fraction(11, 10)]


def log_pmf(weights: tuple[int, ...], denominator: int) -> dict[int, float]:
    # math.log of big ints is exact enough for a float peer; zero mass is left out.
    return {i: math.log(w) - math.log(denominator) for i, w in enumerate(weights) if w}


def pld_of(channel: Channel, pessimistic: bool) -> object:
    return pld_module.from_two_probability_mass_functions(
        log_pmf(channel.weights0, channel.denominator),
        log_pmf(channel.weights1, channel.denominator),
        pessimistic_estimate=pessimistic,
        symmetric=False,
    )


def bracket(pld_low: object, pld_high: object, alpha: Fraction) -> tuple[float, float]:
    epsilon = math.log(alpha.numerator) - math.log(alpha.denominator)
    low = float(pld_low.get_delta_for_epsilon(epsilon))  # type: ignore[attr-defined]
    high = float(pld_high.get_delta_for_epsilon(epsilon))  # type: ignore[attr-defined]
    return low, high


@pytest.mark.parametrize("mode", ["fresh", "copy"])
@pytest.mark.parametrize("p", [10, 37, 60, 75, 90, 99])
@pytest.mark.parametrize("k", [1, 2, 3, 7, 20])
def test_exact_delta_lies_between_optimistic_and_pessimistic(mode: str, p: int, k: int) -> None:
    channel = channels.build(mode, p, k)
    profile = Profile(channel)
    optimistic, pessimistic = pld_of(channel, False), pld_of(channel, True)
    for alpha in ALPHAS:
        exact = profile.delta(alpha)
        low, high = bracket(optimistic, pessimistic, alpha)
        assert low - TOLERANCE <= exact <= high + TOLERANCE, (alpha, low, float(exact), high)
        assert high - low < 0.05  # the bracket is informative, not vacuous


@pytest.mark.parametrize(("p", "k"), [(75, 2), (75, 10), (90, 5), (60, 30)])
def test_explicitly_composed_response_agrees(p: int, k: int) -> None:
    one = channels.fresh(p, 1)
    optimistic = pld_of(one, False).self_compose(k)  # type: ignore[attr-defined]
    pessimistic = pld_of(one, True).self_compose(k)  # type: ignore[attr-defined]
    profile = Profile(channels.fresh(p, k))
    for alpha in ALPHAS:
        low, high = bracket(optimistic, pessimistic, alpha)
        exact = profile.delta(alpha)
        assert low - TOLERANCE <= exact <= high + TOLERANCE, (alpha, low, float(exact), high)


def test_xor_has_infinite_loss_in_the_peer_too() -> None:
    channel = channels.xor(75, 2)
    pessimistic = pld_of(channel, True)
    assert float(pessimistic.get_delta_for_epsilon(math.log(100))) == pytest.approx(1.0)  # type: ignore[attr-defined]
    assert Profile(channel).delta(Fraction(100)) == 1
