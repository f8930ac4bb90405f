"""The optimal-composition lesson's records: everything it shows of a composition, typed.

One record answers the lesson's question for k steps and a target δ three ways
(:class:`Answers`, the lab's, the cards' and the command line's), each as (α, ε = ln α)
with α exact and ε its correctly rounded decimal (:func:`generator.core.logarithm.ln_decimal`):

- ``optimal``: the smallest α at which the optimal composition meets δ (none, and ε "inf",
  when even α → ∞ leaves the reveal mass P(L = +∞) above δ);
- ``basic``: α = Π αᵢ, valid when Σ δᵢ <= δ;
- ``advanced``: the advanced theorem's ε′ at δ′ = δ − Σ δᵢ, valid when δ′ > 0;

and beside them δ(Π αᵢ), the part of the basic theorem's δ that is really needed.

A state of the lab (:class:`State`, :func:`state_record`) adds, with L the privacy loss of
the worst case (the product of Kairouz, Oh and Viswanath's M̃ᵢ) and δ(α) = E_P[(1 − αe^{−L})₊]
its exact profile, what the charts place: δ at the kinks of the profile, α = 1 and every
ratio e^L > 1 (δ is linear in α between them), from α = 1 down to the first kink below
δ·:data:`CURVE_FLOOR`, at most :data:`CURVE_POINTS` of them evenly by index; the three
answers as points; and the law of L, every value of mass at least :data:`BAR_MASS`. A chart
coordinate is the nearest double to an exact value (an irrational ε is placed by
:func:`generator.core.logarithm.nearest_float`, never by its rounded decimal).

A worked example (:func:`example_record`) adds the readings the page's prose names: the
chance (1 − δ₀)^k that no step reveals x, the support of L, the ratios of the theorems' ε to
the optimal one and, for k equal steps, the law of L that makes ε grow like √k. The lab's
module (``lab/optimal.mjs``) returns records of :class:`StateRecord`'s shape, which the
golden vectors hold equal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NotRequired, TypedDict

from generator.core.advanced_composition import advanced_epsilon, advanced_interval, basic_composition
from generator.core.logarithm import Interval, decimal_text, ln_decimal, ln_float, ln_interval, nearest_float
from generator.core.optimal_composition import HeterogeneousComposition, OptimalComposition, Step
from generator.core.readable import readable
from generator.lessons.optimal.catalogue import Composition, Example

SAME, MIXED = "same", "mixed"
CURVE_POINTS = 80
CURVE_FLOOR = Fraction(1, 1000)  # the curve stops at its first kink below δ·CURVE_FLOOR
BAR_MASS = Fraction(1, 10**6)
INFINITE = "∞"
RATIO_PLACES = 2
SIGMA_PLACES = 1


class Optimal(TypedDict):
    """The smallest α with δ(α) <= δ (None: no α is enough) and ln α ("inf" for none)."""

    alpha: Fraction | None
    epsilon: str


class Basic(TypedDict):
    """The basic theorem: α = Π αᵢ, ln α, δ = Σ δᵢ, and whether that δ is within the target."""

    alpha: Fraction
    epsilon: str
    delta: Fraction
    applies: bool


class Advanced(TypedDict):
    """The advanced theorem at δ′ = δ − Σ δᵢ: its ε′ when δ′ > 0, else None."""

    delta_prime: Fraction
    epsilon: str | None
    applies: bool


class Answers(TypedDict):
    """The target δ and the three answers, with the optimal δ at the basic α."""

    delta: Fraction
    optimal: Optimal
    basic: Basic
    advanced: Advanced
    delta_at_basic: Fraction


def answers(composition: Composition, delta: Fraction) -> Answers:
    """The ε that the steps need at δ three ways (see the module's notes)."""
    basic = basic_composition(composition.steps)
    alpha = composition.smallest_alpha(delta)
    delta_prime = delta - basic.delta
    return {
        "delta": delta,
        "optimal": {"alpha": alpha, "epsilon": "inf" if alpha is None else ln_decimal(alpha)},
        "basic": {
            "alpha": basic.alpha,
            "epsilon": ln_decimal(basic.alpha),
            "delta": basic.delta,
            "applies": basic.delta <= delta,
        },
        "advanced": {
            "delta_prime": delta_prime,
            "epsilon": advanced_epsilon(composition.steps, delta_prime) if delta_prime > 0 else None,
            "applies": delta_prime > 0,
        },
        "delta_at_basic": composition.delta(basic.alpha),
    }


# ---------------------------------------------------------------------------------------
# A state of the lab


@dataclass(frozen=True)
class State:
    """Mode ``same``: k steps of (ln α₀, δ₀); mode ``mixed``: the listed steps (αᵢ, δᵢ). Both
    modes' fields hold values (the lab keeps them); the mode chooses which it composes."""

    mode: str
    alpha0: Fraction
    delta0: Fraction
    k: int
    steps: tuple[tuple[Fraction, Fraction], ...]
    delta: Fraction

    def composition(self) -> Composition:
        if self.mode == MIXED:
            return HeterogeneousComposition(tuple(Step(alpha, delta) for alpha, delta in self.steps))
        return OptimalComposition(self.alpha0, self.delta0, self.k)


class CurvePoint(TypedDict):
    """A kink of the profile: ε = ln α and δ(α) (clamped to the floor), nearest doubles."""

    epsilon: float
    delta: float


class AnswerPoint(TypedDict):
    """An answer as a point: ``answer`` names it ("optimal", "advanced", "basic")."""

    answer: str
    epsilon: float
    delta: float


class Bar(TypedDict):
    """A value of L and its probability under x = 0, nearest doubles."""

    loss: float
    probability: float


class StateRecord(Answers):
    """What the lab shows of one state: the answers, the support of L, P(L = +∞) and the
    charts' coordinates (see the module's notes)."""

    mode: str
    k: int
    support_size: int
    infinite: Fraction
    curve: list[CurvePoint]
    points: list[AnswerPoint]
    bars: list[Bar]
    omitted_bars: int


def _last_kink(composition: Composition, kinks: Sequence[Fraction], floor: Fraction) -> int:
    """The first kink whose δ is below the floor, else the last: δ falls as α grows, so a
    bisection finds it."""
    low, high = 0, len(kinks) - 1
    if composition.delta(kinks[high]) >= floor:
        return high
    while low < high:
        middle = (low + high) // 2
        if composition.delta(kinks[middle]) < floor:
            high = middle
        else:
            low = middle + 1
    return low


def curve_rows(composition: Composition, delta: Fraction, ratios: Sequence[Fraction]) -> list[CurvePoint]:
    """The profile's kinks as chart points, δ clamped to the floor δ·CURVE_FLOOR (a log axis
    has no 0), at most CURVE_POINTS of them evenly by index."""
    kinks = [Fraction(1), *(ratio for ratio in ratios if ratio > 1)]
    floor = delta * CURVE_FLOOR
    last = _last_kink(composition, kinks, floor)
    count = min(CURVE_POINTS, last + 1)
    indices = sorted({i * last // max(count - 1, 1) for i in range(count)})
    return [
        {"epsilon": ln_float(kinks[i]), "delta": float(max(composition.delta(kinks[i]), floor))}
        for i in indices
    ]


def bar_rows(ratios: Sequence[Fraction], probabilities: Sequence[Fraction]) -> list[Bar]:
    """The law of L as bars, every value of mass at least BAR_MASS."""
    return [
        {"loss": ln_float(ratio), "probability": float(mass)}
        for ratio, mass in zip(ratios, probabilities, strict=True)
        if mass >= BAR_MASS
    ]


def point_rows(answered: Answers, steps: Sequence[Step]) -> list[AnswerPoint]:
    """The answers that exist, as points: optimal and advanced at the target δ, basic at
    Σ δᵢ (clamped into the axis, [δ·CURVE_FLOOR, 1])."""
    target = answered["delta"]
    optimal, advanced, basic = answered["optimal"], answered["advanced"], answered["basic"]
    rows: list[AnswerPoint] = []
    if optimal["alpha"] is not None:
        rows.append({"answer": "optimal", "epsilon": ln_float(optimal["alpha"]), "delta": float(target)})
    if advanced["applies"]:
        delta_prime = advanced["delta_prime"]
        epsilon = nearest_float(lambda bits: advanced_interval(steps, delta_prime, bits))
        rows.append({"answer": "advanced", "epsilon": epsilon, "delta": float(target)})
    spent = min(max(basic["delta"], target * CURVE_FLOOR), Fraction(1))
    rows.append({"answer": "basic", "epsilon": ln_float(basic["alpha"]), "delta": float(spent)})
    return rows


def state_record(state: State) -> StateRecord:
    """What the lab shows of one state (see the module's notes)."""
    composition = state.composition()
    loss = composition.loss()
    answered = answers(composition, state.delta)
    bars = bar_rows(loss.ratios, loss.probabilities)
    return {
        **answered,
        "mode": state.mode,
        "k": len(composition.steps),
        "support_size": composition.support_size,
        "infinite": loss.infinite,
        "curve": curve_rows(composition, state.delta, loss.ratios),
        "points": point_rows(answered, composition.steps),
        "bars": bars,
        "omitted_bars": len(loss.ratios) - len(bars),
    }


# ---------------------------------------------------------------------------------------
# A worked example


class ShownOptimal(Optimal):
    alpha_approx: str  # the reading of α ("∞" for none)
    epsilon_text: str  # ε, or "∞"


class ShownBasic(Basic):
    alpha_approx: str


class Ratio(TypedDict, total=False):
    """Each theorem's ε over the optimal one, to RATIO_PLACES decimals (where it applies)."""

    basic: str
    advanced: str


class Loss(TypedDict):
    """The law of L for k equal fresh responses (:func:`loss_record`)."""

    mean_factor: Fraction
    drift_factor: Fraction
    mean: str
    spread: str
    top_probability: Fraction
    top_probability_approx: str
    basic_sigmas: NotRequired[str]
    optimal_sigmas: NotRequired[str]


class StepRecord(TypedDict):
    alpha: Fraction
    delta: Fraction
    epsilon: str


class ExampleRecord(TypedDict):
    """Everything the lesson shows of one catalogue example. Each long exact value has its
    reading beside it (``…_approx``); the keys of k equal steps (``alpha0`` to ``crossover``)
    and of steps of their own (``steps``, ``support_bound``) are the shape's."""

    slug: str
    title: str
    heterogeneous: bool
    k: int
    delta: Fraction
    delta_approx: str
    optimal: ShownOptimal
    basic: ShownBasic
    advanced: Advanced
    delta_at_basic: Fraction
    support_size: int
    rr_delta_at_basic: Fraction
    no_reveal: Fraction
    no_reveal_approx: str
    reveal: Fraction
    reveal_approx: str
    basic_unused: Fraction
    basic_unused_approx: str
    ratio: NotRequired[Ratio]
    alpha0: NotRequired[Fraction]
    delta0: NotRequired[Fraction]
    epsilon0: NotRequired[str]
    truth_probability: NotRequired[Fraction]
    loss: NotRequired[Loss]
    crossover: NotRequired[int]
    steps: NotRequired[list[StepRecord]]
    support_bound: NotRequired[int]


def approx(value: Fraction) -> str:
    """A value as a sentence reads it: the fraction when short, else its few-digit reading."""
    shown = readable(value)
    return shown.exact if shown.approx is None or not shown.long else shown.approx


def _quotient(top: Interval, bottom: Interval) -> Interval:
    """top/bottom for intervals of one precision, top >= 0 and bottom > 0, rounded outwards."""
    scale = 1 << top.bits
    return Interval(top.lo * scale // bottom.hi, -(-top.hi * scale // bottom.lo), top.bits)


def _difference(left: Interval, right: Interval) -> Interval:
    """left − right for intervals of one precision, rounded outwards."""
    return Interval(left.lo - right.hi, left.hi - right.lo, left.bits)


def _ratio(top: Callable[[int], Interval], bottom: Fraction) -> str:
    """ε/ε_opt, correctly rounded to RATIO_PLACES decimals, with ε_opt = ln(bottom) > 0."""
    return decimal_text(lambda bits: _quotient(top(bits), ln_interval(bottom, bits)), RATIO_PLACES)


def crossover(alpha0: Fraction, delta: Fraction) -> int | None:
    """The least k from which the advanced theorem beats the basic one, for δ₀ = 0.

    With δ′ = δ, ε₀√(2k ln(1/δ)) + kε₀(α₀ − 1) < kε₀ ⇔ √(2k ln(1/δ)) < k(2 − α₀)
    ⇔ k > x = 2 ln(1/δ)/(2 − α₀)², which needs α₀ < 2. So k = ⌊x⌋ + 1, and that is x + 1/2
    rounded half up; x is irrational (δ < 1), so no rounding boundary is ever hit.
    """
    if alpha0 >= 2:
        return None
    factor = 2 / (2 - alpha0) ** 2

    def shifted(bits: int) -> Interval:
        half = 1 << (bits - 1)
        return ln_interval(1 / delta, bits).scaled(factor) + Interval(half, half, bits)

    return int(decimal_text(shifted, places=0))


def loss_record(composition: OptimalComposition, alpha: Fraction | None) -> Loss:
    """The law of L for k equal fresh responses, the part that makes ε grow like √k.

    Step i's loss is +ε₀ with probability p = α₀/(1 + α₀) and −ε₀ otherwise, so its mean is
    (p − (1 − p))ε₀ = fε₀ with f = (α₀ − 1)/(α₀ + 1) (``mean_factor``) and its variance
    ε₀² − f²ε₀² = 4p(1 − p)ε₀². The k losses are independent: their sum has mean kfε₀ and
    standard deviation σ = ε₀√(4kp(1 − p)) (``spread``). The basic theorem pays for the
    largest value kε₀, which only the transcript of k truths reaches, with probability p^k
    (``top_probability``), (kε₀ − kfε₀)/σ = (1 − f)√k/√(4p(1 − p)) standard deviations above
    the mean (``basic_sigmas``); the optimal ε = ln α lies (ln α − kfε₀)/σ above it
    (``optimal_sigmas``), a number that hardly moves with k.
    """
    alpha0, k, p = composition.alpha0, composition.k, composition.truth_probability
    mean_factor = (alpha0 - 1) / (alpha0 + 1)
    variance = 4 * k * p * (1 - p)

    def mean(bits: int) -> Interval:
        return ln_interval(alpha0, bits).scaled(k * mean_factor)

    def spread(bits: int) -> Interval:
        return (ln_interval(alpha0, bits) * ln_interval(alpha0, bits)).scaled(variance).sqrt()

    def basic_sigmas(bits: int) -> Interval:
        one = Interval(1 << bits, 1 << bits, bits)
        return one.scaled(k**2 * (1 - mean_factor) ** 2 / variance).sqrt()

    loss: Loss = {
        "mean_factor": mean_factor,
        "drift_factor": alpha0 - 1,
        "mean": decimal_text(mean),
        "spread": decimal_text(spread),
        "top_probability": p**k,
        "top_probability_approx": approx(p**k),
    }
    if alpha0 > 1:
        loss["basic_sigmas"] = decimal_text(basic_sigmas, SIGMA_PLACES)
    exponent = k * mean_factor  # ln α > kfε₀ ⇔ α^den > α₀^num for kf = num/den
    if alpha is not None and alpha0 > 1 and alpha**exponent.denominator > alpha0**exponent.numerator:
        loss["optimal_sigmas"] = decimal_text(
            lambda bits: _quotient(_difference(ln_interval(alpha, bits), mean(bits)), spread(bits)),
            SIGMA_PLACES,
        )
    return loss


def _ratios(answered: Answers, steps: Sequence[Step], alpha: Fraction) -> Ratio:
    ratio: Ratio = {}
    basic, advanced = answered["basic"], answered["advanced"]
    if basic["applies"]:
        ratio["basic"] = _ratio(lambda bits: ln_interval(basic["alpha"], bits), alpha)
    if advanced["applies"]:
        delta_prime = advanced["delta_prime"]
        ratio["advanced"] = _ratio(lambda bits: advanced_interval(steps, delta_prime, bits), alpha)
    return ratio


def example_record(example: Example) -> ExampleRecord:
    """Everything the lesson shows of one catalogue example (see the class's notes)."""
    composition = example.composition()
    answered = answers(composition, example.delta)
    optimal, basic = answered["optimal"], answered["basic"]
    alpha = optimal["alpha"]
    unused = basic["delta"] - answered["delta_at_basic"]
    record: ExampleRecord = {
        "slug": example.slug,
        "title": example.title,
        "heterogeneous": example.heterogeneous,
        "k": example.step_count,
        "delta": example.delta,
        "delta_approx": approx(example.delta),
        "optimal": {
            **optimal,
            "alpha_approx": INFINITE if alpha is None else approx(alpha),
            "epsilon_text": INFINITE if alpha is None else optimal["epsilon"],
        },
        "basic": {**basic, "alpha_approx": approx(basic["alpha"])},
        "advanced": answered["advanced"],
        "delta_at_basic": answered["delta_at_basic"],
        "support_size": composition.support_size,
        "rr_delta_at_basic": composition.rr_delta(basic["alpha"]),
        "no_reveal": composition.no_reveal,
        "no_reveal_approx": approx(composition.no_reveal),
        "reveal": 1 - composition.no_reveal,
        "reveal_approx": approx(1 - composition.no_reveal),
        "basic_unused": unused,
        "basic_unused_approx": approx(unused),
    }
    if alpha is not None and alpha > 1:
        record["ratio"] = _ratios(answered, composition.steps, alpha)
    if isinstance(composition, OptimalComposition):
        record["alpha0"] = composition.alpha0
        record["delta0"] = composition.delta0
        record["epsilon0"] = ln_decimal(composition.alpha0)
        record["truth_probability"] = composition.truth_probability
        record["loss"] = loss_record(composition, alpha)
        if composition.delta0 == 0 and (first := crossover(composition.alpha0, example.delta)) is not None:
            record["crossover"] = first
    else:
        record["steps"] = [
            {"alpha": step.alpha, "delta": step.delta, "epsilon": ln_decimal(step.alpha)}
            for step in composition.steps
        ]
        record["support_bound"] = 2 ** len(composition.steps)
    return record
