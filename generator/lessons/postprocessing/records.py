"""The post-processing lesson's records: everything it shows of one catalogue example.

A post row's record holds the channel M and the released f(M) (their laws), the map, and
both profiles: δ*_M(α) and δ*_{f∘M}(α) at the row's α, with each maximal event, and on the
integer grid :data:`GRID`. For a map of the output alone the second never exceeds the first
(:mod:`generator.core.post_processing`); for a map that reads x the record lists the α where
it does. A group row's record holds one person's point (α₁, δ₁ = δ*_RR(α₁)), the group's
exact δ*(α₁^g) (g fresh responses, :func:`generator.core.channels.fresh_counts`), the chain
bounds from (α₁, δ₁), the summed δ₁ Σ_{i<g} α₁^i and the textbook g α₁^{g−1} δ₁, each capped
at 1, and the exact pure ε, g·ln(p/(1 − p)).

The build writes ``postprocessing/<slug>.json`` for every catalogue example and
``postprocessing/index.json`` with their slugs (under ``docs/generated/``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from generator.core.finite_channel import FiniteChannel
from generator.core.group_privacy import approximate_chain, geometric_chain, pure_chain
from generator.core.logarithm import ln_decimal
from generator.core.post_processing import (
    StochasticMap,
    deterministic_parts,
    is_invertible_on,
    post_process_by_input,
    post_process_randomized,
)
from generator.core.profile import Profile, ProfilePoint
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.rational import decimal_str, fraction_str
from generator.core.readable import output_set_text, readable
from generator.course.records import Record, dumps, law_record, pure_record
from generator.lessons.postprocessing.catalogue import (
    BY_SLUG,
    CATALOGUE,
    Example,
    GroupExample,
    PostExample,
)

FOLDER = "postprocessing"
GRID: Sequence[Fraction] = tuple(Fraction(a) for a in range(1, 11))


def value_record(value: Fraction) -> Record:
    """An exact value with its decimal and its reading (:func:`generator.core.readable.readable`)."""
    return {"exact": fraction_str(value), "decimal": decimal_str(value), "reading": readable(value).text}


def point_record(channel: FiniteChannel, point: ProfilePoint) -> Record:
    """δ*(α) with its maximal event, as labels and as a set's text."""
    labels = [channel.labels[i] for i in point.event.outputs]
    return {
        **value_record(point.delta),
        "direction": str(point.event.direction),
        "event": labels,
        "event_text": output_set_text(labels),
    }


def map_record(rows: StochasticMap) -> list[list[str]]:
    return [[fraction_str(entry) for entry in row] for row in rows.rows]


def released(example: PostExample) -> FiniteChannel:
    """f(M): the map of the output alone, or the pair (F⁰, F¹) when it reads x."""
    if example.map1 is None:
        return post_process_randomized(example.channel, example.map0)
    return post_process_by_input(example.channel, example.map0, example.map1)


def preimage_record(example: PostExample, image: FiniteChannel, point: ProfilePoint) -> Record | None:
    """For a deterministic f of the output alone: the image's maximal event S at α and the
    channel's event T = f⁻¹(S) with P(T) = P'(S) and Q(T) = Q'(S); else None."""
    parts = list(deterministic_parts(example.map0))
    if example.map1 is not None or len(parts) != 1:
        return None
    images = parts[0][1]
    channel = example.channel
    outputs = [z for z, y in enumerate(images) if y in point.event.outputs]
    labels = [channel.labels[z] for z in outputs]
    image_labels = [image.labels[y] for y in point.event.outputs]
    return {
        "event": image_labels,
        "event_text": output_set_text(image_labels),
        "outputs": labels,
        "text": output_set_text(labels),
        "mass0": fraction_str(sum((channel.distribution0[z] for z in outputs), Fraction(0))),
        "mass1": fraction_str(sum((channel.distribution1[z] for z in outputs), Fraction(0))),
    }


def post_record(example: PostExample) -> Record:
    """A post row: both laws, the map, both profiles at α and on the grid, where f∘M exceeds M."""
    channel, image = example.channel, released(example)
    before, after = Profile(channel), Profile(image)
    grid = [(alpha, before.delta(alpha), after.delta(alpha)) for alpha in GRID]
    exceeds = [fraction_str(alpha) for alpha, old, new in grid if new > old]
    at_alpha = (before.delta(example.alpha), after.delta(example.alpha))
    parts = list(deterministic_parts(example.map0))
    return {
        "kind": "post",
        "slug": example.slug,
        "title": example.title,
        "reads_x": example.reads_x,
        "channel": law_record(channel),
        "image": law_record(image),
        "map0": map_record(example.map0),
        "map1": None if example.map1 is None else map_record(example.map1),
        "outputs": len(channel.labels),
        "image_outputs": len(image.labels),
        "invertible": example.map1 is None and is_invertible_on(channel, example.map0),
        "parts": {
            "count": len(parts),
            "list": [{"weight": fraction_str(weight), "images": list(images)} for weight, images in parts],
        },
        "claim": {
            "alpha": fraction_str(example.alpha),
            "epsilon": ln_decimal(example.alpha),
            "channel": point_record(channel, before.point(example.alpha)),
            "image": point_record(image, after.point(example.alpha)),
            "saved": value_record(at_alpha[0] - at_alpha[1]),
            "equal": at_alpha[0] == at_alpha[1],
        },
        "grid": [
            {"alpha": fraction_str(alpha), "channel": fraction_str(old), "image": fraction_str(new)}
            for alpha, old, new in grid
        ],
        "exceeds": exceeds,
        "exceeds_count": len(exceeds),
        "equal_at": [fraction_str(alpha) for alpha, old, new in grid if new == old],
        "below_at": [fraction_str(alpha) for alpha, old, new in grid if new < old],
        "preimage": preimage_record(example, image, after.point(example.alpha)),
        "pure_channel": pure_record(channel_pure_epsilon(channel)),
        "pure_image": pure_record(channel_pure_epsilon(image)),
    }


def group_record(example: GroupExample) -> Record:
    """A group row: one person's (α₁, δ₁), the group's exact δ*(α₁^g), the chain bounds, pure ε."""
    single, group = example.single(), example.group()
    g, alpha1 = example.g, example.alpha1
    delta1 = Profile(single).delta(alpha1)
    group_alpha = pure_chain(alpha1, g)
    exact = Profile(group).point(group_alpha)
    textbook = approximate_chain(alpha1, delta1, g)
    summed = geometric_chain(alpha1, delta1, g)
    geometric = sum((alpha1**i for i in range(g)), Fraction(0))
    ratio = example.p / (1 - example.p)
    pure = PureEpsilon(PureKind.FINITE, g, ratio)
    if channel_pure_epsilon(group).max_likelihood_ratio != pure.max_likelihood_ratio:
        raise AssertionError(f"{example.slug}: the group's pure ε is not g·ln(p/(1 − p))")
    return {
        "kind": "group",
        "slug": example.slug,
        "title": example.title,
        "p": fraction_str(example.p),
        "q": fraction_str(1 - example.p),
        "ratio": fraction_str(ratio),
        "g": g,
        "g_minus_one": g - 1,
        "single": {
            "channel": law_record(single),
            "alpha": fraction_str(alpha1),
            "epsilon": ln_decimal(alpha1),
            "delta": value_record(delta1),
            "pure": alpha1 == ratio,
        },
        "group": {
            "channel": law_record(group),
            "alpha": value_record(group_alpha),
            "epsilon": ln_decimal(group_alpha),
            "exact": point_record(group, exact),
            "alpha_at_delta1": _optional_alpha(Profile(group).smallest_alpha(delta1)),
        },
        "textbook": {
            **value_record(textbook.delta),
            "uncapped": value_record(g * alpha1 ** (g - 1) * delta1),
            "factor": value_record(g * alpha1 ** (g - 1)),
            "trivial": textbook.delta == 1,
        },
        "summed": {
            **value_record(summed.delta),
            "uncapped": value_record(delta1 * geometric),
            "factor": value_record(geometric),
            "trivial": summed.delta == 1,
        },
        "pure": {
            "text": pure.describe(),
            "decimal": ln_decimal(ratio**g),
            "single_text": PureEpsilon(PureKind.FINITE, 1, ratio).describe(),
            "single_decimal": ln_decimal(ratio),
            "ratio": fraction_str(ratio**g),
        },
    }


def _optional_alpha(value: Fraction | None) -> Record | None:
    """An α the group needs (with its ε), or None when no finite α is enough."""
    return None if value is None else {**value_record(value), "epsilon": ln_decimal(value)}


def example_record(example: Example) -> Record:
    """Everything the lesson shows of one catalogue example."""
    return post_record(example) if isinstance(example, PostExample) else group_record(example)


def record(slug: str) -> Record:
    """The record of the catalogue example ``slug``."""
    return example_record(BY_SLUG[slug])


def generated_files() -> dict[str, str]:
    """Relative path -> text for every file this lesson writes under ``docs/generated/``."""
    files = {f"{FOLDER}/{example.slug}.json": dumps(example_record(example)) for example in CATALOGUE}
    files[f"{FOLDER}/index.json"] = dumps([example.slug for example in CATALOGUE])
    return files
