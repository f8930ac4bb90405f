"""The sampled Gaussian's two dominating pairs: losses, their inverse, masses and densities as balls.

Every value is checked against mpmath at 40 digits, written on the original output x (the add
pair mirrored by hand): the ball must hold it.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from flint import arb
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.certified import enclosure, exact, precision
from generator.core.subsampled_gaussian import Direction, DominatingPair, SubsampledGaussian

CASES = [(Fraction(1, 100), Fraction(4)), (Fraction(1, 2), Fraction(1)), (Fraction(1), Fraction(3, 5))]


def mp(value: Fraction) -> mpmath.mpf:
    return mpmath.mpf(value.numerator) / value.denominator


def holds(ball: arb, value: mpmath.mpf) -> bool:
    found = enclosure(ball)
    return bool(mp(found.lower) <= value <= mp(found.upper))


def densities_mp(
    q: Fraction, sigma: Fraction, direction: Direction, t: mpmath.mpf
) -> tuple[mpmath.mpf, mpmath.mpf]:
    """(p(t), q(t)) on the pair's coordinate: t = x (remove) or t = −x (add)."""
    s, rate = mp(sigma), mp(q)
    x = t if direction is Direction.REMOVE else -t
    without = mpmath.npdf(x, 0, s)
    with_record = (1 - rate) * without + rate * mpmath.npdf(x, 1, s)
    return (with_record, without) if direction is Direction.REMOVE else (without, with_record)


def gaussian_mass(mean: int, sigma: Fraction, low: mpmath.mpf, high: mpmath.mpf) -> mpmath.mpf:
    """P(low < X < high) for X ∼ N(mean, σ²), from mpmath's erfc of whichever tail is small."""
    scale = mp(sigma) * mpmath.sqrt(2)

    def upper(t: mpmath.mpf) -> mpmath.mpf:  # P(X > t)
        return mpmath.erfc((t - mean) / scale) / 2

    def lower(t: mpmath.mpf) -> mpmath.mpf:  # P(X < t)
        return mpmath.erfc((mean - t) / scale) / 2

    if high <= mean:
        return lower(high) - lower(low)
    if low >= mean:
        return upper(low) - upper(high)
    return 1 - lower(low) - upper(high)


@pytest.fixture(params=[(q, s, d) for q, s in CASES for d in Direction], ids=str)
def case(request: pytest.FixtureRequest) -> tuple[Fraction, Fraction, DominatingPair]:
    """(q, σ, pair) for each case and direction."""
    q, sigma, direction = request.param
    return q, sigma, SubsampledGaussian(q, sigma).pair(direction)


def test_floats_and_bad_parameters_are_refused() -> None:
    with pytest.raises(TypeError, match="exact"):
        SubsampledGaussian(0.01, Fraction(4))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"q must lie in \(0, 1\]"):
        SubsampledGaussian(Fraction(0), Fraction(4))
    with pytest.raises(ValueError, match=r"q must lie in \(0, 1\]"):
        SubsampledGaussian(Fraction(3, 2), Fraction(4))
    with pytest.raises(ValueError, match="sigma must be positive"):
        SubsampledGaussian(Fraction(1, 2), Fraction(0))


def test_the_loss_is_the_log_ratio_and_the_edge_inverts_it(
    case: tuple[Fraction, Fraction, DominatingPair],
) -> None:
    q, sigma, pair = case
    direction = pair.direction
    with mpmath.workdps(80), precision(200):
        for t in (Fraction(-7, 2), Fraction(0), Fraction(1, 3), Fraction(9, 2)):
            p, qq = densities_mp(q, sigma, direction, mp(t))
            loss = pair.loss(exact(t))
            assert holds(loss, mpmath.log(p / qq))
            back = pair.edge(loss)
            assert holds(back, mp(t)) or abs(enclosure(back).lower - t) < Fraction(1, 10**40)


@settings(max_examples=40)
@given(st.fractions(min_value=-30, max_value=30, max_denominator=1000))
def test_the_loss_increases_along_the_coordinate(t: Fraction) -> None:
    for direction in Direction:
        pair = SubsampledGaussian(Fraction(1, 10), Fraction(2)).pair(direction)
        with precision(128):
            assert pair.loss(exact(t)) < pair.loss(exact(t + Fraction(1, 1000)))


def test_floor_and_ceiling() -> None:
    mechanism = SubsampledGaussian(Fraction(1, 100), Fraction(4))
    with mpmath.workdps(60), precision(128):
        remove, add = mechanism.pair(Direction.REMOVE), mechanism.pair(Direction.ADD)
        assert remove.loss_ceiling is None
        assert add.loss_floor is None
        assert remove.loss_floor is not None
        assert holds(remove.loss_floor, mpmath.log(mpmath.mpf(99) / 100))
        assert add.loss_ceiling is not None
        assert holds(add.loss_ceiling, -mpmath.log(mpmath.mpf(99) / 100))
        # far out the loss approaches them
        assert remove.loss(exact(-400)) - remove.loss_floor < arb(10) ** -10
        assert add.loss_ceiling - add.loss(exact(400)) < arb(10) ** -10
    gaussian = SubsampledGaussian(Fraction(1), Fraction(1))
    assert all(
        gaussian.pair(d).loss_floor is None and gaussian.pair(d).loss_ceiling is None for d in Direction
    )


def test_interval_masses_keep_their_relative_precision_in_the_tails(
    case: tuple[Fraction, Fraction, DominatingPair],
) -> None:
    q, sigma, pair = case
    direction = pair.direction
    points = [
        Fraction(-40),
        Fraction(-39, 1) + Fraction(1, 1000),
        Fraction(-1, 2),
        Fraction(0),
        Fraction(1, 7),
    ]
    points += [Fraction(3), Fraction(30), Fraction(30) + Fraction(1, 10**6)]
    with mpmath.workdps(80), precision(128):
        cuts = [pair.end(False), *(pair.cut(exact(t)) for t in points), pair.end(True)]
        ends = [-mpmath.inf, *(mp(t) for t in points), mpmath.inf]
        for index in range(len(cuts) - 1):
            a, b = pair.masses(cuts[index], cuts[index + 1])
            low, high = ends[index], ends[index + 1]
            # on x the interval is [low, high] (remove) or [−high, −low] (add)
            x_low, x_high = (low, high) if direction is Direction.REMOVE else (-high, -low)
            zero, one = gaussian_mass(0, sigma, x_low, x_high), gaussian_mass(1, sigma, x_low, x_high)
            with_record = (1 - mp(q)) * zero + mp(q) * one
            p_mass, q_mass = (with_record, zero) if direction is Direction.REMOVE else (zero, with_record)
            for ball, value in ((a, p_mass), (b, q_mass)):
                assert holds(ball, value) or abs(value) < mpmath.mpf(10) ** -50
                if value > mpmath.mpf(10) ** -200:
                    assert enclosure(ball).width <= Fraction(1, 10**20) * Fraction(mpmath.nstr(value, 30))


@pytest.mark.parametrize("direction", list(Direction))
def test_densities_and_their_slopes(direction: Direction) -> None:
    q, sigma = Fraction(1, 10), Fraction(3, 2)
    pair = SubsampledGaussian(q, sigma).pair(direction)
    with mpmath.workdps(60), precision(128):
        for t in (Fraction(-2), Fraction(1, 4), Fraction(5)):
            (p, dp, ddp), (qq, dq, ddq) = pair.densities(exact(t))
            for index, (value, slope, curve) in enumerate(((p, dp, ddp), (qq, dq, ddq))):

                def density(u: mpmath.mpf, index: int = index) -> mpmath.mpf:
                    return densities_mp(q, sigma, direction, u)[index]

                assert holds(value, density(mp(t)))
                assert holds(slope, mpmath.diff(density, mp(t)))
                assert holds(curve, mpmath.diff(density, mp(t), 2))


def test_beyond_its_cut_points_p_holds_at_most_the_asked_mass(
    case: tuple[Fraction, Fraction, DominatingPair],
) -> None:
    q, sigma, pair = case
    direction = pair.direction
    mass = Fraction(1, 10**15)
    with mpmath.workdps(40):
        above, below = mp(pair.beyond(True, mass)), mp(pair.beyond(False, mass))
        sign = 1 if direction is Direction.REMOVE else -1  # the P tails, as intervals of x

        def p_tail(low: mpmath.mpf, high: mpmath.mpf) -> mpmath.mpf:
            x_low, x_high = (low, high) if sign == 1 else (-high, -low)
            zero, one = gaussian_mass(0, sigma, x_low, x_high), gaussian_mass(1, sigma, x_low, x_high)
            return (1 - mp(q)) * zero + mp(q) * one if sign == 1 else zero

        p_above, p_below = p_tail(above, mpmath.inf), p_tail(-mpmath.inf, below)
        assert p_above <= mp(mass)
        assert p_below <= mp(mass)
        assert p_above >= mp(mass) / 100  # and the cut is not absurdly far out
    with pytest.raises(ValueError, match="tail mass"):
        pair.beyond(True, Fraction(1, 2))
