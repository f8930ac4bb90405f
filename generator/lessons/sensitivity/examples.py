"""The sensitivity lesson's page records: everything the page's prose reads of one example.

A catalogue row's record (:func:`example_record`) holds the two neighbouring databases and
their answers, how D′ differs from D, the sensitivity Δ ("∞" without clipping), the
mechanism's two exact laws, δ*(α) at a few α with the maximal event, the exact pure ε of the
pair written in powers of α₀ next to the ε the mechanism guarantees
(:meth:`~generator.lessons.sensitivity.setting.Setting.guarantee`), and the accuracy
P(|Y - t| <= τ) on D; then what is the mechanism's own: the clipped values of a sum, the
scores of the exponential mechanism, k-ary response's probabilities and, at k = 2, the rate
a server estimates from a sample of reports. A logarithm is written as text ("2·ln(2)")
with its correctly rounded decimal (:func:`generator.core.logarithm.ln_decimal`).

The record ``continuous`` is no catalogue row (:func:`continuous_record`): it holds the
continuous mechanisms of the theory for the seed's examples, the Laplace standard deviation
√2·Δ₁/ε and the Gaussian σ = √(2 ln(1.25/δ))·Δ₂/ε. They are irrational, so they are given as
correctly rounded decimals computed from exact intervals
(:func:`generator.core.logarithm.decimal_text`), never as floats.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NotRequired, TypedDict

from generator.core.discrete_noise import rate_estimate, within
from generator.core.finite_channel import FiniteChannel
from generator.core.logarithm import Interval, decimal_text, ln_decimal, ln_interval
from generator.core.profile import Profile
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.rational import decimal_str
from generator.core.readable import output_set_text, readable
from generator.core.sensitivity import clip
from generator.course.records import Law, Pure, law, pure
from generator.lessons.sensitivity.catalogue import Example
from generator.lessons.sensitivity.setting import Mechanism, Setting, histogram

CONTINUOUS = "continuous"
RATE_SAMPLE = (65, 100)  # the server's sample for rr-2: this many reports of 1 among so many

# The seed's continuous examples: a count and a mean of ages in [0, 100] over a public n, both
# with the Laplace mechanism at ε = 1/2; a histogram with the Gaussian at ε = 9/10, δ = 10⁻⁵.
LAPLACE_EPSILON = Fraction(1, 2)
MEAN_N, MEAN_BOUND = 10_000, 100
GAUSS_EPSILON, GAUSS_DELTA = Fraction(9, 10), Fraction(1, 10**5)


class Change(TypedDict):
    """How D′ differs from D: a record added at the end, one removed, or one replaced."""

    kind: str
    index: int
    old: Fraction | None
    new: Fraction | None


class Point(TypedDict):
    """δ*(α) at one α with its maximal event."""

    alpha: Fraction
    delta: Fraction
    delta_decimal: str
    direction: str
    outputs: list[str]
    text: str


class Estimate(TypedDict):
    """The rate a server estimates from ``ones`` reports of 1 among ``total``."""

    ones: int
    total: int
    share: Fraction
    rate: Fraction
    rate_decimal: str


class ExampleRecord(TypedDict):
    slug: str
    title: str
    mechanism: str
    query: str
    neighbour: str
    alpha0: Fraction
    bound: Fraction | None
    range: list[Fraction]
    tolerance: Fraction
    database0: list[Fraction]
    database1: list[Fraction]
    text0: str
    text1: str
    size0: int
    size1: int
    change: Change
    answer0: Fraction
    answer1: Fraction
    moved: Fraction
    channel: Law
    profile: list[Point]
    tv: Point
    at_alpha0: Point
    pure_epsilon: Pure
    promised_epsilon: Pure
    accuracy: Fraction
    accuracy_decimal: str
    sensitivity: NotRequired[str]  # Δ as the page writes it: "2", or "∞" without clipping
    ratio: NotRequired[Fraction]  # the geometric ratio r = 1/α₀
    centre: NotRequired[Fraction]  # P(Y = t) inside the range
    clipped0: NotRequired[list[Fraction]]
    clipped1: NotRequired[list[Fraction]]
    k: NotRequired[int]
    scores0: NotRequired[list[int]]
    scores1: NotRequired[list[int]]
    truth_probability: NotRequired[Fraction]
    other_probability: NotRequired[Fraction]
    estimate: NotRequired[Estimate]


def power_epsilon(ratio: Fraction | None, base: Fraction) -> PureEpsilon:
    """ln(ratio) written as m·ln(base) when ratio = base^m, else ln(ratio); None is ∞."""
    if ratio is None:
        return PureEpsilon(PureKind.INFINITE)
    if ratio == 1:
        return PureEpsilon(PureKind.ZERO)
    power, multiplier = base, 1
    while base > 1 and power < ratio:
        power, multiplier = power * base, multiplier + 1
    if base > 1 and power == ratio:
        return PureEpsilon(PureKind.FINITE, multiplier, base)
    return PureEpsilon(PureKind.FINITE, 1, ratio)


def _exact(values: tuple[int, ...]) -> list[Fraction]:
    return [Fraction(v) for v in values]


def _text(values: tuple[int, ...]) -> str:
    return ", ".join(str(v) for v in values)


def change_record(database0: tuple[int, ...], database1: tuple[int, ...]) -> Change:
    """How D′ differs from D: a record added at the end, one removed, or one replaced."""
    if len(database1) == len(database0) + 1:
        return {"kind": "add", "index": len(database0), "old": None, "new": Fraction(database1[-1])}
    index = next(
        (i for i, (a, b) in enumerate(zip(database0, database1, strict=False)) if a != b), len(database1)
    )
    if len(database1) + 1 == len(database0):
        return {"kind": "remove", "index": index, "old": Fraction(database0[index]), "new": None}
    return {
        "kind": "replace",
        "index": index,
        "old": Fraction(database0[index]),
        "new": Fraction(database1[index]),
    }


def profile_record(channel: FiniteChannel, alphas: list[Fraction]) -> list[Point]:
    """δ*(α) with its maximal event at each α."""
    profile = Profile(channel)
    points: list[Point] = []
    for alpha in alphas:
        point = profile.point(alpha)
        labels = [channel.labels[i] for i in point.event.outputs]
        points.append(
            {
                "alpha": alpha,
                "delta": point.delta,
                "delta_decimal": decimal_str(point.delta),
                "direction": str(point.event.direction),
                "outputs": labels,
                "text": output_set_text(labels),
            }
        )
    return points


def _alphas(alpha0: Fraction, ratio: Fraction | None) -> list[Fraction]:
    """1 (total variation), α₀, the powers of α₀ below the pair's ratio, and that ratio."""
    alphas = {Fraction(1), alpha0}
    power = alpha0
    while ratio is not None and alpha0 > 1 and power < ratio:
        alphas.add(power)
        power *= alpha0
    if ratio is not None:
        alphas.add(ratio)
    return sorted(alphas)


def setting_record(slug: str, title: str, setting: Setting) -> ExampleRecord:
    """Everything the lesson's page shows of one setting, named ``slug`` and ``title``."""
    pair = setting.neighbours()
    channel = setting.channel()
    accuracy = within(channel.distribution0, setting.lo, pair.answer0, setting.tolerance)
    pair_ratio = channel_pure_epsilon(channel).max_likelihood_ratio
    record: ExampleRecord = {
        "slug": slug,
        "title": title,
        "mechanism": str(setting.mechanism),
        "query": setting.query,
        "neighbour": str(setting.neighbour),
        "alpha0": setting.alpha0,
        "bound": None if setting.bound is None else Fraction(setting.bound),
        "range": [Fraction(setting.lo), Fraction(setting.hi)],
        "tolerance": Fraction(setting.tolerance),
        "database0": _exact(pair.database0),
        "database1": _exact(pair.database1),
        "text0": _text(pair.database0),
        "text1": _text(pair.database1),
        "size0": len(pair.database0),
        "size1": len(pair.database1),
        "change": change_record(pair.database0, pair.database1),
        "answer0": Fraction(pair.answer0),
        "answer1": Fraction(pair.answer1),
        "moved": Fraction(abs(pair.answer0 - pair.answer1)),
        "channel": law(channel),
        "profile": profile_record(channel, _alphas(setting.alpha0, pair_ratio)),
        "tv": profile_record(channel, [Fraction(1)])[0],
        "at_alpha0": profile_record(channel, [setting.alpha0])[0],
        "pure_epsilon": pure(power_epsilon(pair_ratio, setting.alpha0)),
        "promised_epsilon": pure(setting.guarantee()),
        "accuracy": accuracy,
        "accuracy_decimal": decimal_str(accuracy),
    }
    if setting.mechanism is Mechanism.GEOMETRIC:
        delta = setting.sensitivity()
        record["sensitivity"] = "∞" if delta is None else str(delta)
        # inside the range P(Y = t) = (1 - r)/(1 + r) with r = 1/α₀, that is (α₀ - 1)/(α₀ + 1)
        record["ratio"] = 1 / setting.alpha0
        record["centre"] = (setting.alpha0 - 1) / (setting.alpha0 + 1)
        if setting.bound is not None:
            bound = setting.bound
            record["clipped0"] = [Fraction(clip(v, bound)) for v in pair.database0]
            record["clipped1"] = [Fraction(clip(v, bound)) for v in pair.database1]
        return record
    k = setting.categories
    record["k"] = k
    if setting.mechanism is Mechanism.EXPONENTIAL:
        record["sensitivity"] = str(setting.sensitivity())
        record["scores0"] = list(histogram(pair.database0, k))
        record["scores1"] = list(histogram(pair.database1, k))
        return record
    record["truth_probability"] = setting.alpha0 / (setting.alpha0 + k - 1)
    record["other_probability"] = 1 / (setting.alpha0 + k - 1)
    if k == 2:
        ones, total = RATE_SAMPLE
        estimate = rate_estimate(ones, total, setting.alpha0 / (setting.alpha0 + 1))
        record["estimate"] = {
            "ones": ones,
            "total": total,
            "share": Fraction(ones, total),
            "rate": estimate,
            "rate_decimal": decimal_str(estimate),
        }
    return record


def example_record(example: Example) -> ExampleRecord:
    """Everything the lesson's page shows of one catalogue example."""
    return setting_record(example.slug, example.title, example.setting())


class Laplace(TypedDict):
    epsilon: Fraction
    epsilon_decimal: str
    count_scale: Fraction
    count_std: str
    mean_n: int
    mean_bound: Fraction
    mean_sensitivity: Fraction
    mean_scale: Fraction
    mean_std: str


class Gauss(TypedDict):
    epsilon: Fraction
    epsilon_decimal: str
    delta: Fraction
    delta_reading: str
    log_term: str
    factor: str
    sigma: str
    sigma_replace: str


class ContinuousRecord(TypedDict):
    laplace: Laplace
    gauss: Gauss


def _sqrt2_times(factor: Fraction) -> str:
    """√2·factor, correctly rounded at 3 decimals (4 below 1/10)."""
    places = 3 if factor >= Fraction(1, 10) else 4
    return decimal_text(lambda bits: Interval(2 << bits, 2 << bits, bits).sqrt().scaled(factor), places)


def _gauss_factor(delta: Fraction, bits: int) -> Interval:
    """√(2 ln(1.25/δ)) as an interval."""
    return ln_interval(Fraction(5, 4) / delta, bits).scaled(Fraction(2)).sqrt()


def _reading(value: Fraction) -> str:
    """How a long value reads ("1 × 10⁻⁵")."""
    approx = readable(value).approx
    if approx is None:
        raise ValueError(f"{value} is short: it reads as itself")
    return approx


def continuous_record() -> ContinuousRecord:
    """The Laplace and Gaussian examples: exact inputs, correctly rounded irrational outputs."""
    count_scale = 1 / LAPLACE_EPSILON
    mean_sensitivity = Fraction(MEAN_BOUND, MEAN_N)
    mean_scale = mean_sensitivity / LAPLACE_EPSILON
    gauss_scale = 1 / GAUSS_EPSILON  # Δ₂ = 1 for a histogram under add/remove
    return {
        "laplace": {
            "epsilon": LAPLACE_EPSILON,
            "epsilon_decimal": decimal_str(LAPLACE_EPSILON),
            "count_scale": count_scale,
            "count_std": _sqrt2_times(count_scale),
            "mean_n": MEAN_N,
            "mean_bound": Fraction(MEAN_BOUND),
            "mean_sensitivity": mean_sensitivity,
            "mean_scale": mean_scale,
            "mean_std": _sqrt2_times(mean_scale),
        },
        "gauss": {
            "epsilon": GAUSS_EPSILON,
            "epsilon_decimal": decimal_str(GAUSS_EPSILON),
            "delta": GAUSS_DELTA,
            "delta_reading": _reading(GAUSS_DELTA),
            "log_term": ln_decimal(Fraction(5, 4) / GAUSS_DELTA),
            "factor": decimal_text(lambda bits: _gauss_factor(GAUSS_DELTA, bits)),
            "sigma": decimal_text(lambda bits: _gauss_factor(GAUSS_DELTA, bits).scaled(gauss_scale)),
            # replace neighbours: two bins move by 1, Δ₂ = √2, so σ grows by √2
            "sigma_replace": decimal_text(
                lambda bits: (
                    _gauss_factor(GAUSS_DELTA, bits) * Interval(2 << bits, 2 << bits, bits).sqrt()
                ).scaled(gauss_scale)
            ),
        },
    }
