"""Every limit on what people type, defined once.

One grammar reads every exact number a person types, on the command line, in the lab's
fields and in its URL parameters (:func:`generator.core.rational.parse_rational`): a plain
decimal (``3``, ``5.7``, ``.5``) or a ratio of plain integers (``57/10``), at most
:data:`MAX_NUMBER_CHARS` characters long. Counts (k, p) are plain digits. What differs from
place to place is only the interval a value must lie in and the grid it must sit on; each
such rule is one :class:`FieldLimit` here.

The lab's limits reach the browser as data: the page writes each field's
:meth:`FieldLimit.as_json` into the field's markup, and the golden vectors carry them to the
engine's tests, so the BigInt engine never types a limit of its own.
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.fields import FieldLimit, Kind, PairsLimit


def _count(name: str, low: int, high: int) -> FieldLimit:
    return FieldLimit(name, Kind.COUNT, Fraction(low), Fraction(high), 0)


P = _count("p", 0, 100)  # an integer percent, everywhere

# The lab (fields and URL). k stops at 100 so that every update stays interactive; α and α₀
# lie on the 0.1 grid, which is what the URL writes (one decimal) and the stepper keeps.
LAB_K = _count("k", 1, 100)
LAB_ALPHA = FieldLimit("alpha", Kind.NUMBER, Fraction(1), Fraction(100), 1)
LAB_DELTA = FieldLimit("delta", Kind.NUMBER, Fraction(0), Fraction(1), None)
LAB_ALPHA0 = FieldLimit("alpha0", Kind.NUMBER, Fraction(1), Fraction(100), 1)
LAB_FIELDS: tuple[FieldLimit, ...] = (LAB_K, P, LAB_ALPHA, LAB_DELTA, LAB_ALPHA0)

# The command line answers one query at a time, so it goes further: k up to 100 000 (beyond
# that one query takes minutes and gigabytes) and any exact α >= 1.
CLI_K = _count("k", 1, 100_000)
CLI_ALPHA = FieldLimit("alpha", Kind.NUMBER, Fraction(1), None, None)

# The SCORM pass mark, in percent of correct answers.
MASTERY = _count("mastery", 0, 100)

# The events lab: a channel typed as two rows of non-negative integer weights over at most
# MAX_OUTPUTS outputs (2^8 = 256 events, each drawn), and an event listing output indices.
MAX_OUTPUTS = 8
WEIGHT = _count("weight", 0, 1_000_000)
OUTPUT_INDEX = _count("output", 0, MAX_OUTPUTS - 1)

# The optimal-composition lab: k steps of (ln α₀, δ₀), or up to MAX_STEPS steps (αᵢ, δᵢ) of
# their own, and a target δ. k stops at 1 000 so that an update stays interactive (the
# binomial weights of k = 1 000 have some 17 000 bits at α₀ = 100). α₀ has at most 3 decimals
# (its denominator divides 1 000) and the address keeps its shortest decimal ("1.1", never
# "1.100"); the δs take any exact value of their interval, which stops 10^-10 short of the
# open ends: δ₀ = 1 reveals x at once, and the target must lie in (0, 1). A list of steps
# "3:0,2:0.01" reads each α by α₀'s rule and each δ by δ₀'s.
OPTIMAL_K = _count("k", 1, 1000)
OPTIMAL_ALPHA0 = FieldLimit("alpha0", Kind.NUMBER, Fraction(1), Fraction(100), 3, fixed=False)
_NEAR_ONE = 1 - Fraction(1, 10**10)
OPTIMAL_DELTA0 = FieldLimit("delta0", Kind.NUMBER, Fraction(0), _NEAR_ONE, None)
OPTIMAL_DELTA = FieldLimit("delta", Kind.NUMBER, Fraction(1, 10**10), _NEAR_ONE, None)
MAX_STEPS = 12
OPTIMAL_STEPS = PairsLimit("steps", OPTIMAL_ALPHA0, OPTIMAL_DELTA0, MAX_STEPS)

# The post-processing lab: a channel of k <= 6 fresh responses at a truth probability p in
# [1/2, 1] with at most 3 decimals (or two typed rows of weights); its map is a matrix of
# at most MAX_OUTPUTS rows and columns.
POST_P = FieldLimit("p", Kind.NUMBER, Fraction(1, 2), Fraction(1), 3)
POST_K = _count("k", 1, 6)
# The group lab: one randomized response at p in (1/2, 1) (3 decimals, so 0.501 to 0.999), a
# group of g <= 20 and one person's point α₁ on the 0.1 grid (at most p/(1 - p), a rule of
# the whole state).
GROUP_P = FieldLimit("p", Kind.NUMBER, Fraction(501, 1000), Fraction(999, 1000), 3)
GROUP_G = _count("g", 1, 20)
GROUP_ALPHA1 = FieldLimit("alpha1", Kind.NUMBER, Fraction(1), Fraction(100), 1)

# The dpsgd command's limits: q in [10⁻⁶, 1], σ in [0.3, 100] (the noise search's grid starts at
# 0.3; below it one step's loss spreads so far that a bracket takes minutes), a width in
# [10⁻⁶, 1] and an ε goal in [0.01, 100]; the steps and δ are the optimal command's.
MIN_SIGMA = Fraction(3, 10)
DPSGD_Q = FieldLimit("q", Kind.NUMBER, Fraction(1, 10**6), Fraction(1), None)
DPSGD_SIGMA = FieldLimit("sigma", Kind.NUMBER, MIN_SIGMA, Fraction(100), None)
DPSGD_WIDTH = FieldLimit("width", Kind.NUMBER, Fraction(1, 10**6), Fraction(1), None)
# The amplification lab: randomized response at α₀ (read as the optimal lab reads it,
# OPTIMAL_ALPHA0) on a record sampled at rate q, on a 0.001 grid from 0.001 to 1 (q = 1 is no
# sampling at all).
AMPLIFY_RATE = FieldLimit("rate", Kind.NUMBER, Fraction(1, 1000), Fraction(1), 3, fixed=False)
DPSGD_EPSILON = FieldLimit("epsilon_goal", Kind.NUMBER, Fraction(1, 100), Fraction(100), None)
