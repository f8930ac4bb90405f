"""Records of exact results, typed, and their deterministic JSON.

A record is a TypedDict whose exact values are ``Fraction``s (an integral exact value too:
a weight, a denominator), whose counts and indices are ``int``s, and whose texts are
``str``s; records are what the page shows, what the placeholders read and what the lab's
engine returns in the browser. They become text only where they are written
(:func:`to_json`): every ``Fraction`` as a reduced fraction string ("3/8", "16"), every
tuple as a list. Keys are sorted and the text is indented (:func:`dumps`), so equal inputs
give equal bytes.

The records every lab shares are here: the two laws of a finite channel (:class:`Law`), a
claim checked against δ*(α) with its maximal event (:class:`Claim`, :class:`Maximal`), and a pure ε
(:class:`Pure`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import TypedDict

from generator.core.channels import Channel
from generator.core.claim import ClaimResult
from generator.core.finite_channel import FiniteChannel
from generator.core.profile import MaximalEvent, Profile
from generator.core.pure_epsilon import PureEpsilon
from generator.core.rational import decimal_str, fraction_str
from generator.core.readable import output_set_text

JsonValue = str | int | float | bool | None | list["JsonValue"] | dict[str, "JsonValue"]


def to_json(value: object) -> JsonValue:
    """A record as JSON values: a ``Fraction`` as its reduced fraction string, a tuple as a
    list, a mapping's keys as strings; ``str``, ``int``, ``bool`` and ``None`` as they are."""
    if isinstance(value, Fraction):
        return fraction_str(value)
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    raise TypeError(f"a record holds no {type(value).__name__}: {value!r}")


class Law(TypedDict):
    """The two laws of a finite channel: integer weights over one denominator, and the
    probabilities (weight / denominator) under x = 0 and x = 1."""

    labels: list[str]
    denominator: Fraction
    weights0: list[Fraction]
    weights1: list[Fraction]
    distribution0: list[Fraction]
    distribution1: list[Fraction]


def law(channel: FiniteChannel) -> Law:
    return {
        "labels": list(channel.labels),
        "denominator": Fraction(channel.denominator),
        "weights0": [Fraction(w) for w in channel.weights0],
        "weights1": [Fraction(w) for w in channel.weights1],
        "distribution0": list(channel.distribution0),
        "distribution1": list(channel.distribution1),
    }


class Maximal(TypedDict):
    """The maximal event: its direction ("0→1" or "1→0") and its outputs' labels."""

    direction: str
    outputs: list[str]
    text: str


class Claim(TypedDict):
    """A claim (α, δ) against δ*(α): the δ it needs, its decimal, the verdict, the event."""

    alpha: Fraction
    delta: Fraction
    required: Fraction
    required_decimal: str
    passes: bool
    event: Maximal


def maximal(channel: FiniteChannel, event: MaximalEvent) -> Maximal:
    labels = [channel.labels[i] for i in event.outputs]
    return {"direction": str(event.direction), "outputs": labels, "text": output_set_text(labels)}


def claim(channel: FiniteChannel, result: ClaimResult) -> Claim:
    return {
        "alpha": result.alpha,
        "delta": result.delta,
        "required": result.required.delta,
        "required_decimal": decimal_str(result.required.delta),
        "passes": result.passes,
        "event": maximal(channel, result.required.event),
    }


class Pure(TypedDict):
    """A pure ε: its kind (zero, finite, infinite), exact text ("2·ln(3)"), correctly rounded
    decimal and e^ε exactly (None for ∞)."""

    kind: str
    exact: str
    decimal: str
    max_ratio: Fraction | None


def pure(value: PureEpsilon) -> Pure:
    return {
        "kind": str(value.kind),
        "exact": value.describe(),
        "decimal": value.decimal(),
        "max_ratio": value.max_likelihood_ratio,
    }


class ProfileAnswer(TypedDict):
    """δ*(α) of a release at each α, with its maximal event: the command line's ``profile``."""

    mode: str
    p: int
    k: int
    alphas: list[Fraction]
    deltas: list[Fraction]
    events: list[Maximal]


def profile_record(profile: Profile[Channel], alphas: Sequence[Fraction]) -> ProfileAnswer:
    channel = profile.channel
    points = [profile.point(alpha) for alpha in alphas]
    return {
        "mode": str(channel.mode),
        "p": channel.p,
        "k": channel.k,
        "alphas": list(alphas),
        "deltas": [point.delta for point in points],
        "events": [maximal(channel, point.event) for point in points],
    }


def dumps(record: object) -> str:
    """Deterministic JSON text of a record: sorted keys, two-space indent, UTF-8, final newline."""
    return json.dumps(to_json(record), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
