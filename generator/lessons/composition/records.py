"""The composition lesson's records: everything it shows of one catalogue example, and its files.

The build writes ``examples/<slug>.json`` for every catalogue example and every two-step
release, and ``examples/index.json`` with their slugs (under ``docs/generated/``).
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.claim import check_claim
from generator.core.composition import compose, pure_bound
from generator.core.finite_channel import FiniteChannel, post_process
from generator.core.optimal_composition import OptimalComposition
from generator.core.profile import INTEGER_GRID, Profile
from generator.core.pure_epsilon import channel_pure_epsilon, pure_epsilon
from generator.core.rational import fraction_str
from generator.course.records import (
    Record,
    channel_record,
    claim_record,
    composition_record,
    dumps,
    law_record,
    optimal_record,
    profile_record,
    pure_record,
)
from generator.lessons.composition.catalogue import (
    BY_SLUG,
    CATALOGUE,
    TWO_STEP,
    TWO_STEP_BY_SLUG,
    Example,
    TwoStep,
)


def example_record(example: Example) -> Record:
    """Everything the lesson shows of one catalogue example.

    ``optimal`` is the optimal composition of the panel's q steps, each (ln α₀, δ₀)-DP with
    the panel's δ₀, at the composed α = α₀^q: what the worst mechanism with the same step
    guarantees needs, between this channel's exact δ and the basic theorem's bound (None
    where the panel has no steps, as for xor).
    """
    channel = example.channel()
    profile = Profile(channel)
    panel = compose(profile, example.alpha0)
    optimal = None
    if panel.queries is not None and panel.delta0 is not None and panel.composed_alpha is not None:
        steps = OptimalComposition(example.alpha0, panel.delta0, panel.queries)
        optimal = optimal_record(steps, panel.composed_alpha)
    return {
        "slug": example.slug,
        "title": example.title,
        "channel": channel_record(channel),
        "claim": claim_record(channel, check_claim(profile, example.alpha, example.delta)),
        "pure_epsilon": pure_record(pure_epsilon(channel)),
        "composition": composition_record(panel),
        "optimal": optimal,
        "grid": profile_record(profile, INTEGER_GRID),
    }


def _ratio(p0: Fraction, p1: Fraction) -> str:
    """P(z | x=0) / P(z | x=1) exactly, "∞" when only x = 0 gives z, "—" when neither does."""
    if p1:
        return fraction_str(p0 / p1)
    return "∞" if p0 else "—"


def _ones(label: str) -> str:
    """A transcript's count of ones: "01" -> "1"."""
    return str(label.count("1"))


def _release_record(channel: FiniteChannel, alpha: Fraction, delta: Fraction) -> Record:
    profile = Profile(channel)
    return {
        "channel": law_record(channel),
        "ratios": [_ratio(*pair) for pair in zip(channel.distribution0, channel.distribution1, strict=True)],
        "claim": claim_record(channel, check_claim(profile, alpha, delta)),
        "pure_epsilon": pure_record(channel_pure_epsilon(channel)),
    }


def two_step_record(row: TwoStep) -> Record:
    """A two-step release: its steps, the pair's law, claim and pure ε, and the same of its count.

    ``steps.alpha`` is what the basic theorem certifies from the conditional guarantees:
    the first step's largest likelihood ratio times the largest of the second step's over
    both values of Z₁ (:func:`generator.core.composition.pure_bound`).
    """
    first, second = row.steps()
    first_alpha = pure_epsilon(first).max_likelihood_ratio
    second_alphas = [pure_epsilon(step).max_likelihood_ratio for step in second]
    worst_second = None if None in second_alphas else max(a for a in second_alphas if a is not None)
    bound = pure_bound([first_alpha, worst_second])
    channel = row.channel()
    return {
        "slug": row.slug,
        "title": row.title,
        "steps": {
            "first": fraction_str(Fraction(row.p1, 100)),
            "second": [fraction_str(Fraction(p, 100)) for p in row.p2],
            "first_alpha": None if first_alpha is None else fraction_str(first_alpha),
            "second_alpha": [None if a is None else fraction_str(a) for a in second_alphas],
            "alpha": None if bound is None else fraction_str(bound),
        },
        **_release_record(channel, row.alpha, row.delta),
        "count": _release_record(post_process(channel, _ones), row.alpha, row.delta),
    }


def record(slug: str) -> Record:
    """The record of the catalogue example or two-step release ``slug``."""
    if slug in TWO_STEP_BY_SLUG:
        return two_step_record(TWO_STEP_BY_SLUG[slug])
    return example_record(BY_SLUG[slug])


def slugs() -> tuple[str, ...]:
    """Every slug the lesson's placeholders may name: the catalogue's, then the two-step rows'."""
    return (*(example.slug for example in CATALOGUE), *(row.slug for row in TWO_STEP))


def generated_files() -> dict[str, str]:
    """Relative path -> text for every file this lesson writes under ``docs/generated/``."""
    files = {f"examples/{slug}.json": dumps(record(slug)) for slug in slugs()}
    files["examples/index.json"] = dumps(list(slugs()))
    return files
