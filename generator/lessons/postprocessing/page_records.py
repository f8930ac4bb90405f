"""What the lesson's page says of each worked example: the records its placeholders read.

Each catalogue row is a state of one of the two labs (:mod:`.lab` reads it); its record here
is what the prose needs of that state, which is more than the lab shows.

A post row's record holds the channel M and the released f(M) (their laws), the map, its
deterministic parts (:func:`generator.core.post_processing.deterministic_parts`), and both
profiles: δ*_M(α) and δ*_{f∘M}(α) at the row's α, with each maximal event, and on the integer
grid :data:`GRID`. For a map of the output alone the second never exceeds the first; for a
map that reads x the record lists the α where it does. For a deterministic map of the output
alone it also pulls the image's maximal event S back to the channel's event T = f⁻¹(S), whose
masses P(T) = P'(S) and Q(T) = Q'(S) are the image's.

A group row's record holds one person's point (α₁, δ₁ = δ*_RR(α₁)), the group's exact
δ*(α₁^g) (g fresh responses, :func:`generator.core.channels.fresh_counts`), the chain bounds
from (α₁, δ₁), the summed δ₁ Σ_{i<g} α₁^i and the textbook g α₁^{g−1} δ₁, each capped at 1,
their uncapped values and factors, and the exact pure ε, g·ln(p/(1 − p)).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypedDict

from generator.core.finite_channel import FiniteChannel
from generator.core.group_privacy import GroupBound, approximate_chain, geometric_chain, pure_chain
from generator.core.logarithm import ln_decimal
from generator.core.post_processing import deterministic_parts, is_invertible_on
from generator.core.profile import Profile, ProfilePoint
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.rational import decimal_str
from generator.core.readable import output_set_text, readable
from generator.course.records import Law, Pure, law, pure
from generator.lessons.postprocessing.records import GroupState, PostState, matrix

GRID: Sequence[Fraction] = tuple(Fraction(a) for a in range(1, 11))


class Value(TypedDict):
    """An exact value with its decimal and its reading (:func:`generator.core.readable.readable`)."""

    exact: Fraction
    decimal: str
    reading: str


class Point(Value):
    """δ*(α) with its maximal event, as labels and as a set's text."""

    direction: str
    event: list[str]
    event_text: str


class Part(TypedDict):
    weight: Fraction
    images: list[int]


class Parts(TypedDict):
    count: int
    list: list[Part]


class Claim(TypedDict):
    alpha: Fraction
    epsilon: str
    channel: Point
    image: Point
    saved: Value
    equal: bool


class GridPoint(TypedDict):
    alpha: Fraction
    channel: Fraction
    image: Fraction


class Preimage(TypedDict):
    """The image's maximal event S and the channel's T = f⁻¹(S), with P(T) and Q(T)."""

    event: list[str]
    event_text: str
    outputs: list[str]
    text: str
    mass0: Fraction
    mass1: Fraction


class PostExampleRecord(TypedDict):
    kind: str
    slug: str
    title: str
    reads_x: bool
    channel: Law
    image: Law
    map0: list[list[Fraction]]
    map1: list[list[Fraction]] | None
    outputs: int
    image_outputs: int
    invertible: bool
    parts: Parts
    claim: Claim
    grid: list[GridPoint]
    exceeds: list[Fraction]
    exceeds_count: int
    equal_at: list[Fraction]
    below_at: list[Fraction]
    preimage: Preimage | None
    pure_channel: Pure
    pure_image: Pure


def value_record(value: Fraction) -> Value:
    return {"exact": value, "decimal": decimal_str(value), "reading": readable(value).text}


def point_record(channel: FiniteChannel, point: ProfilePoint) -> Point:
    labels = [channel.labels[i] for i in point.event.outputs]
    return {
        **value_record(point.delta),
        "direction": str(point.event.direction),
        "event": labels,
        "event_text": output_set_text(labels),
    }


def preimage_record(state: PostState, image: FiniteChannel, point: ProfilePoint) -> Preimage | None:
    """For a deterministic f of the output alone: the image's maximal event S at α and the
    channel's event T = f⁻¹(S) with P(T) = P'(S) and Q(T) = Q'(S); else None."""
    parts = list(deterministic_parts(state.maps()[0]))
    if state.reads or len(parts) != 1:
        return None
    images = parts[0][1]
    channel = state.channel()
    outputs = [z for z, y in enumerate(images) if y in point.event.outputs]
    labels = [channel.labels[z] for z in outputs]
    image_labels = [image.labels[y] for y in point.event.outputs]
    return {
        "event": image_labels,
        "event_text": output_set_text(image_labels),
        "outputs": labels,
        "text": output_set_text(labels),
        "mass0": sum((channel.distribution0[z] for z in outputs), Fraction(0)),
        "mass1": sum((channel.distribution1[z] for z in outputs), Fraction(0)),
    }


def post_example_record(slug: str, title: str, state: PostState) -> PostExampleRecord:
    """A post row: both laws, the map, both profiles at α and on the grid, where f∘M exceeds M."""
    channel, image = state.channel(), state.image()
    map0, map1 = state.maps()
    before, after = Profile(channel), Profile(image)
    grid = [(alpha, before.delta(alpha), after.delta(alpha)) for alpha in GRID]
    exceeds = [alpha for alpha, old, new in grid if new > old]
    at_alpha = (before.delta(state.alpha), after.delta(state.alpha))
    parts = list(deterministic_parts(map0))
    return {
        "kind": "post",
        "slug": slug,
        "title": title,
        "reads_x": state.reads,
        "channel": law(channel),
        "image": law(image),
        "map0": matrix(map0),
        "map1": matrix(map1) if state.reads else None,
        "outputs": len(channel.labels),
        "image_outputs": len(image.labels),
        "invertible": not state.reads and is_invertible_on(channel, map0),
        "parts": {
            "count": len(parts),
            "list": [{"weight": weight, "images": list(images)} for weight, images in parts],
        },
        "claim": {
            "alpha": state.alpha,
            "epsilon": ln_decimal(state.alpha),
            "channel": point_record(channel, before.point(state.alpha)),
            "image": point_record(image, after.point(state.alpha)),
            "saved": value_record(at_alpha[0] - at_alpha[1]),
            "equal": at_alpha[0] == at_alpha[1],
        },
        "grid": [{"alpha": alpha, "channel": old, "image": new} for alpha, old, new in grid],
        "exceeds": exceeds,
        "exceeds_count": len(exceeds),
        "equal_at": [alpha for alpha, old, new in grid if new == old],
        "below_at": [alpha for alpha, old, new in grid if new < old],
        "preimage": preimage_record(state, image, after.point(state.alpha)),
        "pure_channel": pure(channel_pure_epsilon(channel)),
        "pure_image": pure(channel_pure_epsilon(image)),
    }


class Single(TypedDict):
    channel: Law
    alpha: Fraction
    epsilon: str
    delta: Value
    pure: bool


class Needed(Value):
    """An α the group needs, with its ε."""

    epsilon: str


class Group(TypedDict):
    channel: Law
    alpha: Value
    epsilon: str
    exact: Point
    alpha_at_delta1: Needed | None


class Chain(Value):
    """A chain bound capped at 1, with its uncapped value and its factor before δ₁."""

    uncapped: Value
    factor: Value
    trivial: bool


class PureText(TypedDict):
    text: str
    decimal: str
    single_text: str
    single_decimal: str
    ratio: Fraction


class GroupExampleRecord(TypedDict):
    kind: str
    slug: str
    title: str
    p: Fraction
    q: Fraction
    ratio: Fraction
    g: int
    g_minus_one: int
    single: Single
    group: Group
    textbook: Chain
    summed: Chain
    pure: PureText


def _chain(bound: GroupBound, factor: Fraction, delta1: Fraction) -> Chain:
    return {
        **value_record(bound.delta),
        "uncapped": value_record(factor * delta1),
        "factor": value_record(factor),
        "trivial": bound.delta == 1,
    }


def _needed(value: Fraction | None) -> Needed | None:
    """An α the group needs (with its ε), or None when no finite α is enough."""
    return None if value is None else {**value_record(value), "epsilon": ln_decimal(value)}


def group_example_record(slug: str, title: str, state: GroupState) -> GroupExampleRecord:
    """A group row: one person's (α₁, δ₁), the group's exact δ*(α₁^g), the chain bounds, pure ε."""
    single, group = state.single(), state.group()
    g, alpha1, ratio = state.g, state.alpha1, state.ratio
    delta1 = Profile(single).delta(alpha1)
    group_alpha = pure_chain(alpha1, g)
    exact = Profile(group).point(group_alpha)
    whole, one = state.pure(), PureEpsilon(PureKind.FINITE, 1, ratio)
    return {
        "kind": "group",
        "slug": slug,
        "title": title,
        "p": state.p,
        "q": 1 - state.p,
        "ratio": ratio,
        "g": g,
        "g_minus_one": g - 1,
        "single": {
            "channel": law(single),
            "alpha": alpha1,
            "epsilon": ln_decimal(alpha1),
            "delta": value_record(delta1),
            "pure": alpha1 == ratio,
        },
        "group": {
            "channel": law(group),
            "alpha": value_record(group_alpha),
            "epsilon": ln_decimal(group_alpha),
            "exact": point_record(group, exact),
            "alpha_at_delta1": _needed(Profile(group).smallest_alpha(delta1)),
        },
        "textbook": _chain(approximate_chain(alpha1, delta1, g), g * alpha1 ** (g - 1), delta1),
        "summed": _chain(
            geometric_chain(alpha1, delta1, g), sum((alpha1**i for i in range(g)), Fraction(0)), delta1
        ),
        "pure": {
            "text": whole.describe(),
            "decimal": whole.decimal(),
            "single_text": one.describe(),
            "single_decimal": one.decimal(),
            "ratio": ratio**g,
        },
    }
