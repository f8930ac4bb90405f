"""The core's finite channels and events, held to the definitions by hypothesis.

Properties (each a test below):
  E1  two rows of weights become the laws w / Σw, whatever their sums.
  E2  an event's excesses are P(S) − αQ(S) and Q(S) − αP(S) from the distributions.
  E3  no event needs more δ than δ*(α), and the maximal event needs exactly δ*(α)
      (the definition "max over all 2^n events", computed naively).
  E4  δ*(1) is the total variation distance, the best test's TPR − FPR over all events.
  E5  every event's point (Q(S), P(S)) lies between the lower and the upper boundary.
  E6  the general pure ε agrees with the randomized-response formula, and is exact:
      δ*(e^ε) = 0 and δ* > 0 just below.
  E7  publishing one random record of n needs δ = 1/n at every α.
  E8  a second step chosen by the first output follows the chain rule P(i, j) = P₁(i)·P₂⁽ⁱ⁾(j),
      and the same second step after every output is the independent product.
  E9  a function of the output adds the weights of the outputs it merges, and never needs more
      δ than the channel it summarises.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.events import all_events, check_event, lower_boundary, upper_boundary
from generator.core.finite_channel import FiniteChannel, adaptive, from_rows, post_process, product
from generator.core.profile import Profile
from generator.core.pure_epsilon import PureKind, channel_pure_epsilon, pure_epsilon
from tests.oracles import naive_delta_of

alphas = st.fractions(min_value=1, max_value=50, max_denominator=100)


@st.composite
def rows(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    n = draw(st.integers(min_value=1, max_value=6))
    weight_rows = st.lists(st.integers(min_value=0, max_value=30), min_size=n, max_size=n).filter(sum)
    return draw(weight_rows), draw(weight_rows)


def laws(weights0: list[int], weights1: list[int]) -> tuple[list[Fraction], list[Fraction]]:
    return [Fraction(w, sum(weights0)) for w in weights0], [Fraction(w, sum(weights1)) for w in weights1]


@given(rows())
def test_rows_become_their_normalised_laws(pair: tuple[list[int], list[int]]) -> None:
    channel = from_rows(*pair)
    dist0, dist1 = laws(*pair)
    assert list(channel.distribution0) == dist0
    assert list(channel.distribution1) == dist1
    assert channel.labels == tuple(str(i) for i in range(len(dist0)))


def test_rows_are_reduced_to_the_smallest_common_denominator() -> None:
    channel = from_rows([9, 6, 1], [1, 6, 9])
    assert (channel.weights0, channel.weights1, channel.denominator) == ((9, 6, 1), (1, 6, 9), 16)
    uneven = from_rows([1, 0], [0, 3])
    assert (uneven.weights0, uneven.weights1, uneven.denominator) == ((1, 0), (0, 1), 1)


@pytest.mark.parametrize(
    ("weights0", "weights1"),
    [([1, 2], [1]), ([], []), ([0, 0], [1, 1]), ([1, -1], [1, 1]), ([1, True], [1, 1])],
)
def test_rows_that_are_no_channel_are_refused(weights0: list[int], weights1: list[int]) -> None:
    with pytest.raises(ValueError, match=r"rows|weights|sum"):
        from_rows(weights0, weights1)


@given(rows(), alphas, st.data())
def test_event_excesses_follow_the_definition(
    pair: tuple[list[int], list[int]], alpha: Fraction, data: st.DataObject
) -> None:
    channel = from_rows(*pair)
    dist0, dist1 = laws(*pair)
    event = data.draw(st.sampled_from(all_events(channel)))
    mass0 = sum((dist0[i] for i in event), Fraction(0))
    mass1 = sum((dist1[i] for i in event), Fraction(0))
    check = check_event(channel, event, alpha)
    assert (check.mass0, check.mass1) == (mass0, mass1)
    assert check.excess_01 == mass0 - alpha * mass1
    assert check.excess_10 == mass1 - alpha * mass0
    assert check.required == max(Fraction(0), mass0 - alpha * mass1, mass1 - alpha * mass0)


@given(rows(), alphas)
def test_the_maximal_event_needs_exactly_delta_star(
    pair: tuple[list[int], list[int]], alpha: Fraction
) -> None:
    channel = from_rows(*pair)
    needs = [check_event(channel, event, alpha).required for event in all_events(channel)]
    point = Profile(channel).point(alpha)
    assert max(needs) == point.delta == naive_delta_of(*laws(*pair), alpha)
    assert check_event(channel, point.event.outputs, alpha).required == point.delta


@given(rows())
def test_total_variation_is_the_best_tests_advantage(pair: tuple[list[int], list[int]]) -> None:
    channel = from_rows(*pair)
    dist0, dist1 = laws(*pair)
    half_l1 = sum((abs(p - q) for p, q in zip(dist0, dist1, strict=True)), Fraction(0)) / 2
    advantages = [check_event(channel, e, Fraction(1)) for e in all_events(channel)]
    assert max(c.mass0 - c.mass1 for c in advantages) == half_l1 == Profile(channel).delta(Fraction(1))


def _height(chain: list[tuple[Fraction, Fraction]], x: Fraction, pick: type[max] | type[min]) -> Fraction:
    """The boundary's height at x (at a vertical segment, its top or bottom by ``pick``)."""
    heights = []
    for (x0, y0), (x1, y1) in itertools.pairwise(chain):
        if x0 <= x <= x1:
            heights.append(y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0))
            if x1 == x0:
                heights.append(y1)
    return pick(heights)


@given(rows())
def test_every_event_lies_between_the_boundaries(pair: tuple[list[int], list[int]]) -> None:
    channel = from_rows(*pair)
    upper = [(p.fpr, p.tpr) for p in upper_boundary(channel)]
    lower = [(p.fpr, p.tpr) for p in lower_boundary(channel)]
    assert upper[0] == lower[0] == (0, 0)
    assert upper[-1] == lower[-1] == (1, 1)
    for event in all_events(channel):
        check = check_event(channel, event, Fraction(1))
        assert _height(lower, check.mass1, min) <= check.mass0 <= _height(upper, check.mass1, max)
    # Each vertex of the upper boundary is an event's point: the region's corners are tests.
    points = {
        (check_event(channel, e, Fraction(1)).mass1, check_event(channel, e, Fraction(1)).mass0)
        for e in all_events(channel)
    }
    assert set(upper) <= points
    assert set(lower) <= points


@given(st.sampled_from(["fresh", "copy", "xor"]), st.integers(0, 100), st.integers(1, 6))
def test_general_pure_epsilon_agrees_with_the_response_formula(mode: str, p: int, k: int) -> None:
    channel = channels.build(mode, p, k)
    general, special = channel_pure_epsilon(channel), pure_epsilon(channel)
    assert general.kind is special.kind
    assert general.max_likelihood_ratio == special.max_likelihood_ratio


@given(rows())
def test_general_pure_epsilon_is_the_exact_threshold(pair: tuple[list[int], list[int]]) -> None:
    channel = from_rows(*pair)
    pure = channel_pure_epsilon(channel)
    profile = Profile(channel)
    ratio = pure.max_likelihood_ratio
    if ratio is None:
        assert pure.kind is PureKind.INFINITE
        assert profile.delta(Fraction(10**9)) > 0
        return
    assert profile.delta(ratio) == 0
    if ratio > 1:
        assert profile.delta(ratio - Fraction(1, 10**6)) > 0


@pytest.mark.parametrize("n", [2, 4, 10, 1000])
def test_one_random_record_of_n_needs_one_over_n_at_every_alpha(n: int) -> None:
    channel = from_rows([1, n - 1], [0, n])
    profile = Profile(channel)
    assert {profile.delta(Fraction(a)) for a in (1, 2, 100, 10**6)} == {Fraction(1, n)}


def test_an_event_of_no_output_or_a_repeat_is_refused() -> None:
    channel = from_rows([9, 6, 1], [1, 6, 9])
    for bad in ([3], [-1], [0, 0]):
        with pytest.raises(ValueError, match="an event lists"):
            check_event(channel, bad, Fraction(3))


def test_the_composition_channels_are_finite_channels() -> None:
    assert isinstance(channels.fresh(75, 2), FiniteChannel)


@given(rows(), st.lists(rows(), min_size=1, max_size=6), alphas)
def test_a_second_step_chosen_by_the_first_output_follows_the_chain_rule(
    first_rows: tuple[list[int], list[int]], second_rows: list[tuple[list[int], list[int]]], alpha: Fraction
) -> None:
    first = from_rows(*first_rows)
    width = len(second_rows[0][0])
    seconds = [from_rows(*pair) for pair in second_rows if len(pair[0]) == width]
    seconds = (seconds * len(first.labels))[: len(first.labels)]
    pair = adaptive(first, seconds)
    for x, law in ((0, pair.distribution0), (1, pair.distribution1)):
        laws = [(step.distribution0, step.distribution1)[x] for step in seconds]
        head = (first.distribution0, first.distribution1)[x]
        assert list(law) == [head[i] * laws[i][j] for i in range(len(head)) for j in range(width)]
    assert pair.labels == tuple(
        first.labels[i] + seconds[i].labels[j] for i in range(len(seconds)) for j in range(width)
    )
    assert Profile(pair).delta(alpha) == naive_delta_of(pair.distribution0, pair.distribution1, alpha)


def test_the_same_second_step_everywhere_is_the_product() -> None:
    once = channels.fresh(75, 1)
    assert adaptive(once, [once, once]) == product(once, once)
    with pytest.raises(ValueError, match="one second channel for each output"):
        adaptive(once, [once])
    with pytest.raises(ValueError, match="same number of outputs"):
        adaptive(once, [once, channels.fresh(75, 2)])


@given(rows(), st.integers(min_value=1, max_value=3), alphas)
def test_a_function_of_the_output_merges_weights_and_never_needs_more_delta(
    pair: tuple[list[int], list[int]], buckets: int, alpha: Fraction
) -> None:
    channel = from_rows(*pair)
    merged = post_process(channel, lambda label: str(int(label) % buckets))
    assert set(merged.labels) <= {str(b) for b in range(buckets)}
    for label in merged.labels:
        index = merged.labels.index(label)
        members = [i for i, name in enumerate(channel.labels) if str(int(name) % buckets) == label]
        assert merged.distribution0[index] == sum(channel.distribution0[i] for i in members)
        assert merged.distribution1[index] == sum(channel.distribution1[i] for i in members)
    assert Profile(merged).delta(alpha) <= Profile(channel).delta(alpha)
    assert Profile(merged).delta(alpha) == naive_delta_of(merged.distribution0, merged.distribution1, alpha)
