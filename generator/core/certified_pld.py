"""A certified bracket on the optimal ε of DP-SGD: T Poisson-subsampled Gaussian steps at a δ.

**What is bracketed.** The smallest ε at which T steps of the Poisson-subsampled Gaussian (rate
q, noise multiplier σ, add/remove neighbours) are (ε, δ)-DP is

    ε* = max(ε_remove, ε_add),   ε_d = inf{ε : δ_d(ε) <= δ},

where δ_d is the hockey-stick divergence of the T-fold product of direction d's dominating pair
(:mod:`generator.core.subsampled_gaussian`, which cites why these pairs are tight).

**Per direction, two proven ends.** The upper end composes the connect-the-dots PLD
(:mod:`generator.core.connect_dots`: the mechanism is a post-processing of it) and the lower end
the aligned-bins PLD (:mod:`generator.core.aligned_bins`: it is, up to moves that only lower δ,
a post-processing of the mechanism), each T times on its lattice with every rounding toward its
side, and inverts it at δ (:mod:`generator.core.lattice_pld`). So ε_d lies in [lower_d, upper_d]
and ε* in [max_d lower_d, max_d upper_d].

**Only what matters is refined.** A direction whose upper end is at most the other's lower end
can change neither end of the bracket, so its lower end is never computed (for Abadi et al.'s
example the add direction's upper end, 0.9372 at h = 10⁻⁴, lies below the remove direction's
lower end, 0.9468). At q = 1 the two pairs are one Gaussian pair, mirrored and shifted, and only
the remove direction is computed. Every bound ever computed stays valid, so the bracket keeps the
best of all rounds.

**Width.** The discretization's loss is of second order in the lattice step h: the bracket is
about C·T·h² wide with C near 2 (measured: C ≈ 2 for (q, σ, T) = (0.01, 4, 10⁴), 1.3 for
(0.01, 1.1, 10³), 5.5 for (0.01, 4, 10³)). A query for a bracket at most W wide starts at
h = √(W/(2.5·T)) and, while the bracket is wider than W, shrinks h by √(0.8·W/width).

**The other errors** (units of the masses, cut tails, the line's cut points) are held below a
budget of δ·W/256 of δ each, far below the width's share (the slope |dδ/dε| is of the order of δ
or more): the unit is 2^-bits with 2^bits >= 2^24·T/budget (each product rounds each coefficient
by less than one unit, and a product at level 2^j is repeated T/2^j times in the final power),
each cut of a product moves at most budget/(4T), and each end of the line holds at most
budget/T of P.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from generator.core.aligned_bins import aligned_bins
from generator.core.certified import Enclosure, UncertifiedError
from generator.core.connect_dots import connect_the_dots
from generator.core.lattice_pld import Side
from generator.core.subsampled_gaussian import Direction, SubsampledGaussian

DEFAULT_WIDTH = Fraction(1, 10**4)
_ROUNDS = 8


@dataclass(frozen=True)
class Accuracy:
    """The settings other than the lattice step: the mass unit 2^-bits, the P-mass left beyond
    each cut point of the line (``tail``), and the units a product's tails may drop (``slack``)."""

    bits: int
    tail: Fraction
    slack: int

    @classmethod
    def for_query(cls, steps: int, delta: Fraction, width: Fraction) -> Accuracy:
        """Each error held below δ·width/256 (see the module docstring)."""
        budget = Fraction(delta) * width / 256
        bits = math.ceil(steps / budget).bit_length() + 24
        slack = budget / (4 * steps) * (1 << bits)
        return cls(bits, budget / steps, slack.numerator // slack.denominator)


def direction_bound(
    mechanism: SubsampledGaussian,
    direction: Direction,
    side: Side,
    steps: int,
    delta: Fraction,
    step: Fraction,
    accuracy: Accuracy,
) -> Fraction | None:
    """One proven end of ε_d: the upper end (None: infinite) or the lower end, on the lattice step."""
    discretize = connect_the_dots if side is Side.UPPER else aligned_bins
    pld = discretize(mechanism.pair(direction), step, accuracy.bits, accuracy.tail)
    return pld.power(steps, accuracy.slack).epsilon(delta)


@dataclass(frozen=True)
class DirectionBracket:
    """What is proven of one direction's ε_d: lower <= ε_d <= upper (None: not computed, or ∞)."""

    direction: Direction
    lower: Fraction
    upper: Fraction | None


@dataclass(frozen=True)
class EpsilonBracket:
    """ε* of T steps at δ lies in ``epsilon``; the directions' own ends, and the finest step used."""

    mechanism: SubsampledGaussian
    steps: int
    delta: Fraction
    epsilon: Enclosure
    directions: tuple[DirectionBracket, ...]
    step: Fraction


def _check_query(steps: int, delta: Fraction, width: Fraction) -> None:
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise ValueError(f"the number of steps must be a positive integer, got {steps!r}")
    if not 0 < delta < 1:
        raise ValueError(f"delta must lie in (0, 1), got {delta}")
    if width <= 0:
        raise ValueError(f"the bracket's width must be positive, got {width}")


def _grid(squared: Fraction) -> int:
    """The least n with n² >= squared: the lattice step 1/n."""
    ceiling = -(-squared.numerator // squared.denominator)
    root = math.isqrt(ceiling)
    return root if root * root == ceiling else root + 1


def epsilon_bracket(
    mechanism: SubsampledGaussian,
    steps: int,
    delta: Fraction,
    width: Fraction = DEFAULT_WIDTH,
    goal: Fraction | None = None,
) -> EpsilonBracket:
    """A proven bracket on ε* at most ``width`` wide, the lattice refined until it is.

    With a ``goal``, refining also stops as soon as the bracket decides ε* against it (its upper
    end at most the goal, or its lower end above it), whatever its width.
    """
    delta, width = Fraction(delta), Fraction(width)
    _check_query(steps, delta, width)
    accuracy = Accuracy.for_query(steps, delta, width)
    lowers = dict.fromkeys(Direction, Fraction(0))
    uppers: dict[Direction, Fraction | None] = dict.fromkeys(Direction)
    n = _grid(Fraction(5 * steps, 2) / width)  # h = √(W/(2.5·T))

    def matters(direction: Direction) -> bool:
        if direction is Direction.ADD and mechanism.q == 1:
            return False  # at q = 1 both pairs are N(1, σ²) against N(0, σ²), up to a shift
        upper = uppers[direction]
        return upper is None or upper > max(lowers.values())

    for _ in range(_ROUNDS):
        step = Fraction(1, n)
        for direction in Direction:
            if matters(direction):
                found = direction_bound(mechanism, direction, Side.UPPER, steps, delta, step, accuracy)
                current = uppers[direction]
                if found is not None and (current is None or found < current):
                    uppers[direction] = found
        # the direction with the larger upper end first: its lower end may settle the other
        for direction in sorted(Direction, key=lambda d: (uppers[d] is None, uppers[d] or 0), reverse=True):
            if matters(direction):
                found = direction_bound(mechanism, direction, Side.LOWER, steps, delta, step, accuracy)
                lowers[direction] = max(lowers[direction], found or Fraction(0))
        if mechanism.q == 1:
            lowers[Direction.ADD], uppers[Direction.ADD] = lowers[Direction.REMOVE], uppers[Direction.REMOVE]
        lower = max(lowers.values())
        if any(upper is None for upper in uppers.values()):
            raise UncertifiedError("the mass sent to +∞ alone exceeds δ: no finite upper end")
        upper = max(u for u in uppers.values() if u is not None)
        decided = goal is not None and (upper <= goal or lower > goal)
        if upper - lower <= width or decided:
            directions = tuple(DirectionBracket(d, lowers[d], uppers[d]) for d in Direction)
            return EpsilonBracket(mechanism, steps, delta, Enclosure(lower, upper), directions, step)
        n = max(n + 1, _grid(n * n * (upper - lower) * 5 / (4 * width)))  # h·√(0.8·W/width)
    raise UncertifiedError(f"no bracket {width} wide after {_ROUNDS} refinements")
