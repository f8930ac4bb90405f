"""JSON-safe records of exact results, and their deterministic bytes.

Every exact value leaves as a reduced fraction string ("3/8"); only chart coordinates
would be plain numbers. Keys are sorted and the text is indented, so equal inputs give
equal bytes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from generator.core.advanced_composition import advanced_epsilon, basic_composition
from generator.core.channels import Channel
from generator.core.claim import ClaimResult
from generator.core.composition import Composition
from generator.core.finite_channel import FiniteChannel
from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import HeterogeneousComposition, OptimalComposition
from generator.core.profile import MaximalEvent, Profile
from generator.core.pure_epsilon import PureEpsilon
from generator.core.rational import decimal_str, fraction_str

Record = dict[str, Any]


def _optional(value: Fraction | int | None) -> str | None:
    return None if value is None else fraction_str(value)


def law_record(channel: FiniteChannel) -> Record:
    """The two laws of any finite channel: weights over one denominator, and the probabilities."""
    return {
        "labels": list(channel.labels),
        "denominator": fraction_str(channel.denominator),
        "weights0": [fraction_str(w) for w in channel.weights0],
        "weights1": [fraction_str(w) for w in channel.weights1],
        "distribution0": [fraction_str(f) for f in channel.distribution0],
        "distribution1": [fraction_str(f) for f in channel.distribution1],
    }


def channel_record(channel: Channel) -> Record:
    """A randomized-response release: its mode, p and k, and its laws."""
    return {
        "mode": str(channel.mode),
        "p": channel.p,
        "k": channel.k,
        "truth_probability": fraction_str(Fraction(channel.p, 100)),
        **law_record(channel),
    }


def event_record(channel: FiniteChannel, event: MaximalEvent) -> Record:
    return {"direction": str(event.direction), "outputs": [channel.labels[i] for i in event.outputs]}


def profile_record(profile: Profile[Channel], alphas: Sequence[Fraction]) -> Record:
    """δ*(α) for each α: the command line's output."""
    channel = profile.channel
    points = [profile.point(alpha) for alpha in alphas]
    return {
        "mode": str(channel.mode),
        "p": channel.p,
        "k": channel.k,
        "alphas": [fraction_str(alpha) for alpha in alphas],
        "deltas": [fraction_str(point.delta) for point in points],
        "events": [event_record(channel, point.event) for point in points],
    }


def claim_record(channel: FiniteChannel, result: ClaimResult) -> Record:
    return {
        "alpha": fraction_str(result.alpha),
        "delta": fraction_str(result.delta),
        "required": fraction_str(result.required.delta),
        "required_decimal": decimal_str(result.required.delta),
        "passes": result.passes,
        "event": event_record(channel, result.required.event),
    }


def pure_record(pure: PureEpsilon) -> Record:
    ratio = pure.max_likelihood_ratio
    return {
        "kind": str(pure.kind),
        "exact": pure.describe(),
        "decimal": pure.decimal(),
        "max_ratio": None if ratio is None else fraction_str(ratio),
    }


def composition_record(panel: Composition) -> Record:
    return {
        "alpha0": fraction_str(panel.alpha0),
        "delta0": _optional(panel.delta0),
        "queries": panel.queries,
        "composed_alpha": _optional(panel.composed_alpha),
        "theorem_delta": _optional(panel.theorem_delta),
        "exact_delta": _optional(panel.exact_delta),
    }


def optimal_record(optimal: OptimalComposition, alpha: Fraction) -> Record:
    """The optimal composition of k (ln α₀, δ₀) steps at α: its δ and the parts it is made of."""
    return {
        "alpha0": fraction_str(optimal.alpha0),
        "delta0": fraction_str(optimal.delta0),
        "k": optimal.k,
        "alpha": fraction_str(alpha),
        "truth_probability": fraction_str(optimal.truth_probability),
        "rr_delta": fraction_str(optimal.rr_delta(alpha)),
        "no_reveal": fraction_str(optimal.no_reveal),
        "delta": fraction_str(optimal.delta(alpha)),
        "sum_delta0": fraction_str(optimal.k * optimal.delta0),
    }


def optimal_answer_record(
    composition: OptimalComposition | HeterogeneousComposition, delta: Fraction
) -> Record:
    """The ε that the steps need at δ three ways: optimal, basic and advanced, with α exact.

    ``optimal.alpha`` is the smallest α at which the optimal composition meets δ (null, and
    ε "inf", when none does); the basic theorem's α = Π αᵢ applies when Σ δᵢ <= δ, the
    advanced theorem's ε′ when δ′ = δ - Σ δᵢ > 0 (null otherwise). ``delta_at_basic`` is the
    optimal δ at the basic α: how much of the basic theorem's δ is really used.
    """
    basic = basic_composition(composition.steps)
    alpha = composition.smallest_alpha(delta)
    delta_prime = delta - basic.delta
    return {
        "delta": fraction_str(delta),
        "optimal": {
            "alpha": _optional(alpha),
            "epsilon": "inf" if alpha is None else ln_decimal(alpha),
        },
        "basic": {
            "alpha": fraction_str(basic.alpha),
            "epsilon": ln_decimal(basic.alpha),
            "delta": fraction_str(basic.delta),
            "applies": basic.delta <= delta,
        },
        "advanced": {
            "delta_prime": fraction_str(delta_prime),
            "epsilon": advanced_epsilon(composition.steps, delta_prime) if delta_prime > 0 else None,
            "applies": delta_prime > 0,
        },
        "delta_at_basic": fraction_str(composition.delta(basic.alpha)),
    }


def dumps(record: Record | list[Any]) -> str:
    """Deterministic JSON text: sorted keys, two-space indent, UTF-8, final newline."""
    return json.dumps(record, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
