"""The sensitivity lesson's records: everything it shows of one example, and its files.

A catalogue row's record holds the two neighbouring databases and their answers, the
sensitivity Δ ("∞" without clipping), the mechanism's two exact laws, δ*(α) at a few α with
the maximal event, the exact pure ε of the pair next to the bound the theory promises
(Δ·ln α₀, ln α₀, or ln α and 2 ln α for the exponential mechanism) and the accuracy
P(|Y - t| <= τ) on D. Every value is an exact string; a logarithm is written as text
("2·ln(2)") with its correctly rounded decimal (:func:`generator.core.logarithm.ln_decimal`).

The record ``continuous`` is no catalogue row: it holds the continuous mechanisms of the
theory for the seed's examples, the Laplace standard deviation √2·Δ₁/ε and the Gaussian
σ = √(2 ln(1.25/δ))·Δ₂/ε. They are irrational, so they are given as correctly rounded
decimals computed from exact intervals (:func:`generator.core.logarithm.decimal_text`),
never as floats.

The build writes ``sensitivity/<slug>.json`` for every example and ``sensitivity/index.json``
with the catalogue's slugs (under ``docs/generated/``).
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.discrete_noise import rate_estimate, within
from generator.core.finite_channel import FiniteChannel
from generator.core.logarithm import Interval, decimal_text, ln_decimal, ln_interval
from generator.core.profile import Profile
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.rational import decimal_str, fraction_str
from generator.core.readable import output_set_text, readable
from generator.core.sensitivity import Neighbour, clip
from generator.course.records import Record, dumps, law_record
from generator.lessons.sensitivity.catalogue import BY_SLUG, CATALOGUE, Example, Mechanism, histogram

FOLDER = "sensitivity"
CONTINUOUS = "continuous"
RATE_SAMPLE = (65, 100)  # the server's sample for rr-2: this many reports of 1 among so many

# The seed's continuous examples: a count and a mean of ages in [0, 100] over a public n, both
# with the Laplace mechanism at ε = 1/2; a histogram with the Gaussian at ε = 9/10, δ = 10⁻⁵.
LAPLACE_EPSILON = Fraction(1, 2)
MEAN_N, MEAN_BOUND = 10_000, 100
GAUSS_EPSILON, GAUSS_DELTA = Fraction(9, 10), Fraction(1, 10**5)


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


def epsilon_record(pure: PureEpsilon) -> Record:
    """An exact ε: its text, its correctly rounded decimal and e^ε."""
    ratio = pure.max_likelihood_ratio
    return {
        "kind": str(pure.kind),
        "exact": pure.describe(),
        "decimal": "inf" if ratio is None else ln_decimal(ratio),
        "max_ratio": None if ratio is None else fraction_str(ratio),
    }


def promised_epsilon(example: Example) -> PureEpsilon:
    """The ε the theory promises for the relation: Δ·ln α₀ (∞ for Δ = ∞) for the geometric
    mechanism, ln α₀ for k-ary response, ln α for the exponential one with a monotone score
    (add/remove: one count rises) and 2 ln α with a general one (replace: one rises, one falls)."""
    alpha0 = example.alpha0
    if example.mechanism is Mechanism.GEOMETRIC:
        delta = example.sensitivity()
        return power_epsilon(None if delta is None else alpha0**delta, alpha0)
    if example.mechanism is Mechanism.EXPONENTIAL and example.neighbour is Neighbour.REPLACE:
        return power_epsilon(alpha0**2, alpha0)
    return power_epsilon(alpha0, alpha0)


def _texts(values: tuple[int, ...]) -> list[str]:
    return [fraction_str(v) for v in values]


def change_record(database0: tuple[int, ...], database1: tuple[int, ...]) -> Record:
    """How D′ differs from D: a record added at the end, one removed, or one replaced."""
    if len(database1) == len(database0) + 1:
        return {"kind": "add", "index": len(database0), "old": None, "new": fraction_str(database1[-1])}
    index = next(
        (i for i, (a, b) in enumerate(zip(database0, database1, strict=False)) if a != b), len(database1)
    )
    if len(database1) + 1 == len(database0):
        return {"kind": "remove", "index": index, "old": fraction_str(database0[index]), "new": None}
    return {
        "kind": "replace",
        "index": index,
        "old": fraction_str(database0[index]),
        "new": fraction_str(database1[index]),
    }


def profile_record(channel: FiniteChannel, alphas: list[Fraction]) -> list[Record]:
    """δ*(α) with its maximal event at each α."""
    profile = Profile(channel)
    points = []
    for alpha in alphas:
        point = profile.point(alpha)
        labels = [channel.labels[i] for i in point.event.outputs]
        points.append(
            {
                "alpha": fraction_str(alpha),
                "delta": fraction_str(point.delta),
                "delta_decimal": decimal_str(point.delta),
                "direction": str(point.event.direction),
                "outputs": labels,
                "text": output_set_text(labels),
            }
        )
    return points


def _alphas(example: Example, ratio: Fraction | None) -> list[Fraction]:
    """1 (total variation), α₀, the powers of α₀ below the pair's ratio, and that ratio."""
    alphas = {Fraction(1), example.alpha0}
    power = example.alpha0
    while ratio is not None and example.alpha0 > 1 and power < ratio:
        alphas.add(power)
        power *= example.alpha0
    if ratio is not None:
        alphas.add(ratio)
    return sorted(alphas)


def example_record(example: Example) -> Record:
    """Everything the lesson shows of one catalogue example."""
    pair = example.neighbours()
    channel = example.channel()
    pure = channel_pure_epsilon(channel)
    ratio = pure.max_likelihood_ratio
    promised = promised_epsilon(example)
    accuracy = within(channel.distribution0, example.lo, pair.answer0, example.tolerance)
    record: Record = {
        "slug": example.slug,
        "title": example.title,
        "mechanism": str(example.mechanism),
        "query": example.query,
        "neighbour": str(example.neighbour),
        "alpha0": fraction_str(example.alpha0),
        "bound": None if example.bound is None else fraction_str(example.bound),
        "range": [fraction_str(example.lo), fraction_str(example.hi)],
        "tolerance": fraction_str(example.tolerance),
        "database0": _texts(pair.database0),
        "database1": _texts(pair.database1),
        "text0": ", ".join(_texts(pair.database0)),
        "text1": ", ".join(_texts(pair.database1)),
        "size0": fraction_str(len(pair.database0)),
        "size1": fraction_str(len(pair.database1)),
        "change": change_record(pair.database0, pair.database1),
        "answer0": fraction_str(pair.answer0),
        "answer1": fraction_str(pair.answer1),
        "moved": fraction_str(abs(pair.answer0 - pair.answer1)),
        "channel": law_record(channel),
        "profile": profile_record(channel, _alphas(example, ratio)),
        "tv": profile_record(channel, [Fraction(1)])[0],
        "at_alpha0": profile_record(channel, [example.alpha0])[0],
        "pure_epsilon": {**epsilon_record(pure), "exact": power_epsilon(ratio, example.alpha0).describe()},
        "promised_epsilon": epsilon_record(promised),
        "accuracy": fraction_str(accuracy),
        "accuracy_decimal": decimal_str(accuracy),
    }
    if example.mechanism is Mechanism.GEOMETRIC:
        delta = example.sensitivity()
        record["sensitivity"] = "∞" if delta is None else fraction_str(delta)
        # inside the range P(Y = t) = (1 - r)/(1 + r) with r = 1/α₀, that is (α₀ - 1)/(α₀ + 1)
        record["ratio"] = fraction_str(1 / example.alpha0)
        record["centre"] = fraction_str((example.alpha0 - 1) / (example.alpha0 + 1))
        if example.bound is not None:
            record["clipped0"] = _texts(tuple(clip(v, example.bound) for v in pair.database0))
            record["clipped1"] = _texts(tuple(clip(v, example.bound) for v in pair.database1))
    else:
        k = example.categories
        record["k"] = fraction_str(k)
        if example.mechanism is Mechanism.EXPONENTIAL:
            record["sensitivity"] = fraction_str(example.sensitivity() or 0)
            record["scores0"] = _texts(histogram(pair.database0, k))
            record["scores1"] = _texts(histogram(pair.database1, k))
        else:
            record["truth_probability"] = fraction_str(example.alpha0 / (example.alpha0 + k - 1))
            record["other_probability"] = fraction_str(1 / (example.alpha0 + k - 1))
            if k == 2:
                ones, total = RATE_SAMPLE
                truth = example.alpha0 / (example.alpha0 + 1)
                estimate = rate_estimate(ones, total, truth)
                record["estimate"] = {
                    "ones": fraction_str(ones),
                    "total": fraction_str(total),
                    "share": fraction_str(Fraction(ones, total)),
                    "rate": fraction_str(estimate),
                    "rate_decimal": decimal_str(estimate),
                }
    return record


def _sqrt2_times(factor: Fraction) -> str:
    """√2·factor, correctly rounded at 3 decimals (4 below 1/10)."""
    places = 3 if factor >= Fraction(1, 10) else 4
    return decimal_text(lambda bits: Interval(2 << bits, 2 << bits, bits).sqrt().scaled(factor), places)


def _gauss_factor(delta: Fraction, bits: int) -> Interval:
    """√(2 ln(1.25/δ)) as an interval."""
    return ln_interval(Fraction(5, 4) / delta, bits).scaled(Fraction(2)).sqrt()


def continuous_record() -> Record:
    """The Laplace and Gaussian examples: exact inputs, correctly rounded irrational outputs."""
    count_scale = 1 / LAPLACE_EPSILON
    mean_sensitivity = Fraction(MEAN_BOUND, MEAN_N)
    mean_scale = mean_sensitivity / LAPLACE_EPSILON
    gauss_scale = 1 / GAUSS_EPSILON  # Δ₂ = 1 for a histogram under add/remove
    return {
        "laplace": {
            "epsilon": fraction_str(LAPLACE_EPSILON),
            "epsilon_decimal": decimal_str(LAPLACE_EPSILON),
            "count_scale": fraction_str(count_scale),
            "count_std": _sqrt2_times(count_scale),
            "mean_n": fraction_str(MEAN_N),
            "mean_bound": fraction_str(MEAN_BOUND),
            "mean_sensitivity": fraction_str(mean_sensitivity),
            "mean_scale": fraction_str(mean_scale),
            "mean_std": _sqrt2_times(mean_scale),
        },
        "gauss": {
            "epsilon": fraction_str(GAUSS_EPSILON),
            "epsilon_decimal": decimal_str(GAUSS_EPSILON),
            "delta": fraction_str(GAUSS_DELTA),
            "delta_reading": readable(GAUSS_DELTA).approx,
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


def record(slug: str) -> Record:
    """The record of the example ``slug`` (a catalogue row, or ``continuous``)."""
    if slug == CONTINUOUS:
        return continuous_record()
    return example_record(BY_SLUG[slug])


EXAMPLES = (*(example.slug for example in CATALOGUE), CONTINUOUS)


def generated_files() -> dict[str, str]:
    """Relative path -> text for every file this lesson writes under ``docs/generated/``."""
    files = {f"{FOLDER}/{slug}.json": dumps(record(slug)) for slug in EXAMPLES}
    files[f"{FOLDER}/index.json"] = dumps([example.slug for example in CATALOGUE])
    return files
