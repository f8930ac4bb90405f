"""Post-processing by a randomized map never needs more δ; a map that reads x again can.

Properties (each a test below):
  P1  hand values: merging both outputs of a randomized response needs no δ; the identity and
      a swap keep its profile; a threshold of three fresh counts keeps exactly the mass its
      cut keeps.
  P2  for random channels and random stochastic maps with small integer weights,
      δ*_{f∘M}(α) <= δ*_M(α) at every α of the grid 1..20, by the naive sum (hypothesis).
  P3  a permutation, or any deterministic map one-to-one on the support, keeps δ* exactly.
  P4  a randomized map is the convex combination of its deterministic parts.
  P5  a map that reads x is no post-processing: a counterexample is found by search, and a
      perfectly private channel followed by such a map leaks x.
  P6  bad maps are refused: a row that does not sum to 1, a row of weights that sums to 0.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from generator.core import channels
from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.post_processing import (
    StochasticMap,
    deterministic_parts,
    is_invertible_on,
    post_process_by_input,
    post_process_randomized,
)
from generator.core.profile import Profile
from tests.oracles import naive_delta_of

GRID = [Fraction(a) for a in range(1, 21)]


def naive_image(
    channel: FiniteChannel, map0: StochasticMap, map1: StochasticMap
) -> tuple[list[Fraction], list[Fraction]]:
    """P'_y = Σ_z P_z F⁰[z][y] and Q'_y = Σ_z Q_z F¹[z][y], straight from the definition."""
    width = map0.width
    law0 = [sum(p * map0.rows[z][y] for z, p in enumerate(channel.distribution0)) for y in range(width)]
    law1 = [sum(q * map1.rows[z][y] for z, q in enumerate(channel.distribution1)) for y in range(width)]
    return law0, law1


@st.composite
def channels_and_maps(draw: st.DrawFn) -> tuple[FiniteChannel, StochasticMap]:
    size = draw(st.integers(1, 5))
    weights = st.lists(st.integers(0, 6), min_size=size, max_size=size).filter(lambda row: sum(row) > 0)
    channel = from_rows(draw(weights), draw(weights))
    width = draw(st.integers(1, 4))
    row = st.lists(st.integers(0, 4), min_size=width, max_size=width).filter(lambda r: sum(r) > 0)
    return channel, StochasticMap.from_weights([draw(row) for _ in range(size)])


def test_hand_values_on_one_randomized_response() -> None:
    rr = from_rows([3, 1], [1, 3])
    merge = StochasticMap.from_weights([[1], [1]])
    assert [Profile(post_process_randomized(rr, merge)).delta(a) for a in GRID] == [0] * len(GRID)
    identity, swap = StochasticMap.deterministic([0, 1], 2), StochasticMap.deterministic([1, 0], 2)
    for rows in (identity, swap):
        image = Profile(post_process_randomized(rr, rows))
        assert [image.delta(a) for a in GRID] == [Profile(rr).delta(a) for a in GRID]
    # Counts 0..3 of ones among three fresh responses at p = 3/4 weigh (27, 27, 9, 1)/64 under
    # x = 0 and the reverse under x = 1; "at most one 1" keeps the cut between 1 and 2, which
    # needs P(≤1) - Q(≤1) = 54/64 - 10/64 = 11/16 at α = 1, all that the counts need.
    fresh = channels.fresh(75, 3)
    threshold = StochasticMap.deterministic([0, 0, 1, 1], 2)
    assert Profile(post_process_randomized(fresh, threshold)).delta(Fraction(1)) == Fraction(11, 16)
    assert Profile(fresh).delta(Fraction(1)) == Fraction(11, 16)


@settings(max_examples=200, deadline=None)
@given(channels_and_maps())
def test_post_processing_never_needs_more_delta(pair: tuple[FiniteChannel, StochasticMap]) -> None:
    channel, rows = pair
    law0, law1 = naive_image(channel, rows, rows)
    image = Profile(post_process_randomized(channel, rows))
    for alpha in GRID:
        assert image.delta(alpha) == naive_delta_of(law0, law1, alpha)
        assert image.delta(alpha) <= naive_delta_of(channel.distribution0, channel.distribution1, alpha)


@settings(max_examples=100, deadline=None)
@given(channels_and_maps(), st.randoms(use_true_random=False))
def test_a_permutation_keeps_the_profile(pair: tuple[FiniteChannel, StochasticMap], random: object) -> None:
    channel, _ = pair
    images = list(range(len(channel.labels)))
    random.shuffle(images)  # type: ignore[attr-defined]
    rows = StochasticMap.deterministic(images, len(images))
    assert is_invertible_on(channel, rows)
    image = Profile(post_process_randomized(channel, rows))
    assert [image.delta(a) for a in GRID] == [Profile(channel).delta(a) for a in GRID]


def test_a_map_one_to_one_on_the_support_keeps_the_profile_and_a_merge_is_not_invertible() -> None:
    channel = from_rows([3, 0, 1], [1, 0, 3])  # output 1 never happens
    onto_support = StochasticMap.deterministic([0, 0, 1], 2)
    assert is_invertible_on(channel, onto_support)
    image = Profile(post_process_randomized(channel, onto_support))
    assert [image.delta(a) for a in GRID] == [Profile(channel).delta(a) for a in GRID]
    assert not is_invertible_on(channel, StochasticMap.deterministic([0, 0, 0], 1))
    assert not is_invertible_on(channel, StochasticMap.from_weights([[1, 1], [1, 0], [0, 1]]))


@settings(max_examples=100, deadline=None)
@given(channels_and_maps())
def test_a_randomized_map_is_a_mixture_of_deterministic_ones(
    pair: tuple[FiniteChannel, StochasticMap],
) -> None:
    channel, rows = pair
    parts = list(deterministic_parts(rows))
    assert sum(weight for weight, _ in parts) == 1
    for z, y in itertools.product(range(len(rows.rows)), range(rows.width)):
        assert sum(weight for weight, images in parts if images[z] == y) == rows.rows[z][y]
    # The mixture's excess is at most the mixture of the parts' excesses (convexity).
    for alpha in (Fraction(1), Fraction(2), Fraction(5)):
        mixed = Profile(post_process_randomized(channel, rows)).delta(alpha)
        parts_delta = sum(
            weight
            * Profile(
                post_process_randomized(channel, StochasticMap.deterministic(images, rows.width))
            ).delta(alpha)
            for weight, images in parts
        )
        assert mixed <= parts_delta <= Profile(channel).delta(alpha)


def test_a_map_that_reads_x_can_need_more_delta() -> None:
    def leaks(case: tuple[tuple[FiniteChannel, StochasticMap], StochasticMap]) -> bool:
        (channel, map0), map1 = case
        if map0.width != map1.width or len(map1.rows) != len(map0.rows):
            return False
        image = Profile(post_process_by_input(channel, map0, map1))
        return image.delta(Fraction(2)) > Profile(channel).delta(Fraction(2))

    maps = st.builds(
        StochasticMap.from_weights,
        st.lists(
            st.lists(st.integers(0, 3), min_size=2, max_size=2).filter(lambda r: sum(r) > 0),
            min_size=2,
            max_size=2,
        ),
    )
    found = find(st.tuples(channels_and_maps(), maps), leaks)
    assert leaks(found)
    # And by hand: a channel that says nothing (P = Q) followed by "output 0 under x = 0,
    # output 1 under x = 1" releases x itself: δ*(α) = 1 at every α.
    silent = from_rows([1, 1], [1, 1])
    image = Profile(
        post_process_by_input(
            silent, StochasticMap.deterministic([0, 0], 2), StochasticMap.deterministic([1, 1], 2)
        )
    )
    assert [image.delta(a) for a in GRID] == [1] * len(GRID)
    assert [Profile(silent).delta(a) for a in GRID] == [0] * len(GRID)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: StochasticMap(((Fraction(1, 2), Fraction(1, 3)),)), "sums to 5/6, not 1"),
        (lambda: StochasticMap(((Fraction(3, 2), Fraction(-1, 2)),)), "exact fractions of at least 0"),
        (
            lambda: StochasticMap(
                ((Fraction(1),), (Fraction(1, 2), Fraction(1, 2))),
            ),
            "has 2 entries, not 1",
        ),
        (lambda: StochasticMap.from_weights([[0, 0]]), "positive sum"),
        (lambda: StochasticMap(()), "at least one row"),
    ],
)
def test_bad_maps_are_refused(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_a_map_must_fit_the_channel() -> None:
    rr = from_rows([3, 1], [1, 3])
    with pytest.raises(ValueError, match="3 rows for 2 outputs"):
        post_process_randomized(rr, StochasticMap.deterministic([0, 0, 0], 1))
    with pytest.raises(ValueError, match="same outputs"):
        post_process_by_input(
            rr, StochasticMap.deterministic([0, 0], 1), StochasticMap.deterministic([0, 1], 2)
        )
