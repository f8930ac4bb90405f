"""Every number of the reference's worked examples and exercises, against the core."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.core import channels
from generator.core.claim import check_claim
from generator.core.composition import compose
from generator.core.profile import Direction, Profile
from generator.core.pure_epsilon import PureKind, pure_epsilon
from generator.core.rational import parse_rational
from generator.lessons.composition.catalogue import BY_SLUG, CATALOGUE

F = Fraction


def profile(mode: str, p: int, k: int) -> Profile:
    return Profile(channels.build(mode, p, k))


def test_fresh_k2_distributions_are_9_6_1_over_16() -> None:
    channel = channels.fresh(75, 2)
    assert channel.distribution0 == (F(9, 16), F(6, 16), F(1, 16))
    assert channel.distribution1 == (F(1, 16), F(6, 16), F(9, 16))


def test_fresh_k2_needs_three_eighths_at_alpha_3_on_event_zero() -> None:
    point = profile("fresh", 75, 2).point(F(3))
    assert point.delta == F(3, 8)  # 9/16 − 3·1/16
    assert point.event.direction is Direction.ZERO_TO_ONE  # tie with {2} in 1→0: 0→1 wins
    assert point.event.outputs == (0,)


def test_fresh_k2_claim_delta_zero_fails_and_alpha_9_needs_nothing() -> None:
    fresh = profile("fresh", 75, 2)
    assert not check_claim(fresh, F(3), F(0)).passes
    assert fresh.delta(F(9)) == 0
    assert fresh.delta(F(9) - F(1, 10**6)) > 0


def test_fresh_k3_is_27_27_9_1_and_still_three_eighths() -> None:
    channel = channels.fresh(75, 3)
    assert [w * 64 for w in channel.distribution0] == [27, 27, 9, 1]
    point = Profile(channel).point(F(3))
    assert point.delta == F(3, 8)  # 27/64 − 3/64 = 24/64; output 1: 27 − 3·9 = 0
    assert point.event.outputs == (0,)  # zero excess is not part of the event


def test_copy_k2_is_three_quarters_zero_one_quarter() -> None:
    channel = channels.copy(75, 2)
    assert channel.distribution0 == (F(3, 4), F(0), F(1, 4))
    assert channel.distribution1 == (F(1, 4), F(0), F(3, 4))
    assert pure_epsilon(channel).max_likelihood_ratio == 3


def test_pure_epsilon_of_two_fresh_responses_is_ln_9() -> None:
    pure = pure_epsilon(channels.fresh(75, 2))
    assert pure.describe() == "2·ln(3)"
    assert pure.max_likelihood_ratio == 9
    assert pure.decimal() == "2.197"
    assert pure_epsilon(channels.copy(75, 2)).describe() == "ln(3)"


def test_pure_epsilon_boundaries() -> None:
    assert pure_epsilon(channels.fresh(50, 5)).kind is PureKind.ZERO
    assert pure_epsilon(channels.fresh(100, 2)).kind is PureKind.INFINITE
    assert pure_epsilon(channels.fresh(0, 2)).decimal() == "inf"
    assert pure_epsilon(channels.xor(50, 7)).kind is PureKind.INFINITE
    assert pure_epsilon(channels.fresh(25, 3)).describe() == "3·ln(3)"  # p < 1/2 by symmetry


def test_exercise_1_alpha_1_is_one_half() -> None:
    assert profile("fresh", 75, 2).delta(F(1)) == F(1, 2)  # differences (8, 0, −8)/16


def test_exercise_2_delta_0374_fails_and_0375_passes() -> None:
    fresh = profile("fresh", 75, 2)
    assert not check_claim(fresh, F(3), parse_rational("0.374")).passes
    assert check_claim(fresh, F(3), parse_rational("0.375")).passes


def test_exercise_4_composition_at_p90_is_06_then_1_then_072() -> None:
    panel = compose(profile("fresh", 90, 2), F(3))
    assert panel.delta0 == F(6, 10)  # 0.9 − 3·0.1
    assert panel.queries == 2
    assert panel.composed_alpha == 9
    assert panel.theorem_delta == 1  # min(1, 1.2)
    assert panel.exact_delta == F(72, 100)  # 0.81 − 9·0.01


def test_copy_composes_as_one_query() -> None:
    panel = compose(profile("copy", 75, 12), F(3))
    assert panel.queries == 1
    assert panel.exact_delta == profile("fresh", 75, 1).delta(F(3))


def test_xor_reveals_the_bit_and_has_no_bound() -> None:
    xor = profile("xor", 75, 2)
    assert all(xor.delta(F(a)) == 1 for a in (1, 3, 100, 10**9))
    panel = compose(xor, F(3))
    assert not panel.applies
    assert panel.theorem_delta is None
    assert panel.exact_delta is None


def test_xor_marginals_are_fair_coins() -> None:
    channel = channels.xor(0, 1)
    # output 2R + (x XOR R): first coordinate R = output // 2, second = output % 2
    for coordinate in (lambda z: z // 2, lambda z: z % 2):
        for distribution in (channel.distribution0, channel.distribution1):
            ones = sum(prob for z, prob in enumerate(distribution) if coordinate(z) == 1)
            assert ones == F(1, 2)


@pytest.mark.parametrize("k", [1, 2, 5])
def test_p50_is_free_and_p100_costs_everything(k: int) -> None:
    for mode in ("fresh", "copy"):
        assert profile(mode, 50, k).delta(F(1)) == 0
        assert profile(mode, 100, k).delta(F(10**6)) == 1


def test_k1_fresh_and_copy_agree() -> None:
    for alpha in (F(1), F(2), F(3), F(57, 10)):
        assert profile("fresh", 75, 1).delta(alpha) == profile("copy", 75, 1).delta(alpha)


def test_catalogue_matches_the_reference() -> None:
    assert {example.slug for example in CATALOGUE} >= {
        "concept",
        "fresh-k2",
        "fresh-k3",
        "copy-k2",
        "composition-p90",
        "xor",
        "boundary-p50",
        "boundary-p100",
        "boundary-k1",
    }
    concept = BY_SLUG["concept"]
    assert (concept.mode, concept.k, concept.p, concept.alpha, concept.delta) == ("fresh", 2, 75, 3, 0)
    assert len({example.slug for example in CATALOGUE}) == len(CATALOGUE)


def test_huge_k_keeps_exact_values() -> None:
    fresh = profile("fresh", 75, 10_000)
    delta = fresh.delta(F(3))
    assert 0 < delta < 1
    assert delta.denominator.bit_length() > 10_000  # 4^10 000 scale, not a float
