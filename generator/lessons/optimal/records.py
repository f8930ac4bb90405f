"""The optimal-composition lesson's records: everything it shows of one catalogue example.

One record answers the lesson's question for k steps and a target δ three ways, each as
(α, ε = ln α) with α exact:

- ``optimal``: the smallest α at which the optimal composition meets δ (``"∞"`` when none does);
- ``basic``: α = Π αᵢ, valid when Σ δᵢ <= δ;
- ``advanced``: the advanced theorem's ε′ at δ′ = δ - Σ δᵢ, valid when δ′ > 0;

and beside them the optimal δ at the basic α (how much of the basic theorem's δ it uses),
the chance (1 - δ₀)^k that no step reveals x, the support of the privacy loss L and, for k
equal steps, the law of L that makes ε grow like √k. Every exact value is a reduced fraction
string; an ε is ln of an exact α, correctly rounded (:func:`generator.core.logarithm.ln_decimal`),
and a long value also has its reading (``…_approx``, :func:`generator.core.readable.readable`).

The build writes ``optimal/<slug>.json`` for every catalogue example and ``optimal/index.json``
with their slugs (under ``docs/generated/``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from generator.core.advanced_composition import advanced_interval
from generator.core.logarithm import Interval, decimal_text, ln_decimal, ln_interval
from generator.core.optimal_composition import OptimalComposition, Step
from generator.core.rational import fraction_str
from generator.core.readable import readable
from generator.course.records import Record, dumps, optimal_answer_record, optimal_record
from generator.lessons.optimal.catalogue import BY_SLUG, CATALOGUE, Example

FOLDER = "optimal"
INFINITE = "∞"
RATIO_PLACES = 2
SIGMA_PLACES = 1


def approx(value: Fraction) -> str:
    """A value as a sentence reads it: the fraction when short, else its few-digit reading."""
    shown = readable(value)
    return shown.exact if shown.approx is None or not shown.long else shown.approx


def _with_reading(name: str, value: Fraction) -> Record:
    """``name``: the exact value, ``name_approx``: its reading."""
    return {name: fraction_str(value), f"{name}_approx": approx(value)}


def _quotient(top: Interval, bottom: Interval) -> Interval:
    """top/bottom for intervals of one precision, top >= 0 and bottom > 0, rounded outwards."""
    scale = 1 << top.bits
    return Interval(top.lo * scale // bottom.hi, -(-top.hi * scale // bottom.lo), top.bits)


def _difference(left: Interval, right: Interval) -> Interval:
    """left - right for intervals of one precision, rounded outwards."""
    return Interval(left.lo - right.hi, left.hi - right.lo, left.bits)


def _ratio(top: Callable[[int], Interval], bottom: Fraction) -> str:
    """ε/ε_opt, correctly rounded to :data:`RATIO_PLACES` decimals, with ε_opt = ln(bottom) > 0."""
    return decimal_text(lambda bits: _quotient(top(bits), ln_interval(bottom, bits)), RATIO_PLACES)


def crossover(alpha0: Fraction, delta: Fraction) -> int | None:
    """The least k from which the advanced theorem beats the basic one, for δ₀ = 0.

    With δ′ = δ, ε₀√(2k ln(1/δ)) + kε₀(α₀ - 1) < kε₀ ⇔ √(2k ln(1/δ)) < k(2 - α₀)
    ⇔ k > x = 2 ln(1/δ)/(2 - α₀)², which needs α₀ < 2. So k = ⌊x⌋ + 1, and that is x + 1/2
    rounded half up; x is irrational (δ < 1), so no rounding boundary is ever hit.
    """
    if alpha0 >= 2:
        return None
    factor = 2 / (2 - alpha0) ** 2

    def shifted(bits: int) -> Interval:
        half = 1 << (bits - 1)
        return ln_interval(1 / delta, bits).scaled(factor) + Interval(half, half, bits)

    return int(decimal_text(shifted, places=0))


def _steps(steps: tuple[Step, ...]) -> list[Record]:
    return [
        {
            "alpha": fraction_str(step.alpha),
            "delta": fraction_str(step.delta),
            "epsilon": ln_decimal(step.alpha),
        }
        for step in steps
    ]


def loss_record(composition: OptimalComposition, alpha: Fraction | None) -> Record:
    """The law of L for k equal fresh responses, the part that makes ε grow like √k.

    Step i's loss is +ε₀ with probability p = α₀/(1 + α₀) and -ε₀ otherwise, so its mean is
    (p - (1 - p))ε₀ = fε₀ with f = (α₀ - 1)/(α₀ + 1) (``mean_factor``) and its variance
    ε₀² - f²ε₀² = 4p(1 - p)ε₀². The k losses are independent: their sum has mean kfε₀ and
    standard deviation σ = ε₀√(4kp(1 - p)) (``spread``). The basic theorem pays for the
    largest value kε₀, which only the transcript of k truths reaches, with probability p^k
    (``top_probability``), (kε₀ - kfε₀)/σ = (1 - f)√k/√(4p(1 - p)) standard deviations above
    the mean (``basic_sigmas``); the optimal ε = ln α lies (ln α - kfε₀)/σ above it
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

    loss: Record = {
        "mean_factor": fraction_str(mean_factor),
        "drift_factor": fraction_str(alpha0 - 1),
        "mean": decimal_text(mean),
        "spread": decimal_text(spread),
        **_with_reading("top_probability", p**k),
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


def example_record(example: Example) -> Record:
    """Everything the lesson shows of one catalogue example (see the module's docstring).

    The three answers are the course's :func:`~generator.course.records.optimal_answer_record`
    (the lab's too); beside each long exact value stands its reading (``…_approx``).
    """
    composition = example.composition
    steps = composition.steps
    answer = optimal_answer_record(composition, example.delta)
    optimal, basic, advanced = answer["optimal"], answer["basic"], answer["advanced"]
    alpha = None if optimal["alpha"] is None else Fraction(optimal["alpha"])
    basic_alpha, basic_delta = Fraction(basic["alpha"]), Fraction(basic["delta"])
    delta_at_basic = Fraction(answer["delta_at_basic"])
    optimal |= {
        "alpha_approx": INFINITE if alpha is None else approx(alpha),
        "epsilon_text": INFINITE if alpha is None else optimal["epsilon"],
    }
    basic["alpha_approx"] = approx(basic_alpha)
    record: Record = answer | {
        "slug": example.slug,
        "title": example.title,
        "heterogeneous": example.heterogeneous,
        "k": example.k,
        "delta_approx": approx(example.delta),
        "support_size": composition.support_size,
        "rr_delta_at_basic": fraction_str(composition.rr_delta(basic_alpha)),
        **_with_reading("no_reveal", composition.no_reveal),
        **_with_reading("reveal", 1 - composition.no_reveal),
        **_with_reading("basic_unused", basic_delta - delta_at_basic),
    }
    if alpha is not None and alpha > 1:
        ratio: Record = {}
        if basic["applies"]:
            ratio["basic"] = _ratio(lambda bits: ln_interval(basic_alpha, bits), alpha)
        if advanced["applies"]:
            delta_prime = Fraction(advanced["delta_prime"])
            ratio["advanced"] = _ratio(lambda bits: advanced_interval(steps, delta_prime, bits), alpha)
        record["ratio"] = ratio
    if isinstance(composition, OptimalComposition):
        record |= {
            "alpha0": fraction_str(composition.alpha0),
            "delta0": fraction_str(composition.delta0),
            "epsilon0": ln_decimal(composition.alpha0),
            "truth_probability": fraction_str(composition.truth_probability),
            "at_basic": optimal_record(composition, basic_alpha),
            "loss": loss_record(composition, alpha),
        }
        if composition.delta0 == 0 and (first := crossover(composition.alpha0, example.delta)) is not None:
            record["crossover"] = first
    else:
        record |= {"steps": _steps(steps), "support_bound": 2 ** len(steps)}
    return record


def record(slug: str) -> Record:
    """The record of the catalogue example ``slug``."""
    return example_record(BY_SLUG[slug])


def generated_files() -> dict[str, str]:
    """Relative path -> text for every file this lesson writes under ``docs/generated/``."""
    files = {f"{FOLDER}/{example.slug}.json": dumps(example_record(example)) for example in CATALOGUE}
    files[f"{FOLDER}/index.json"] = dumps([example.slug for example in CATALOGUE])
    return files
