"""The composition lesson's records: everything it shows of one catalogue example, and its files.

The build writes ``examples/<slug>.json`` for every catalogue example and
``examples/index.json`` with their slugs (under ``docs/generated/``).
"""

from __future__ import annotations

from generator.core.claim import check_claim
from generator.core.composition import compose
from generator.core.profile import INTEGER_GRID, Profile
from generator.core.pure_epsilon import pure_epsilon
from generator.course.records import (
    Record,
    channel_record,
    claim_record,
    composition_record,
    dumps,
    profile_record,
    pure_record,
)
from generator.lessons.composition.catalogue import BY_SLUG, CATALOGUE, Example


def example_record(example: Example) -> Record:
    """Everything the lesson shows of one catalogue example."""
    channel = example.channel()
    profile = Profile(channel)
    return {
        "slug": example.slug,
        "title": example.title,
        "channel": channel_record(channel),
        "claim": claim_record(channel, check_claim(profile, example.alpha, example.delta)),
        "pure_epsilon": pure_record(pure_epsilon(channel)),
        "composition": composition_record(compose(profile, example.alpha0)),
        "grid": profile_record(profile, INTEGER_GRID),
    }


def record(slug: str) -> Record:
    """The record of the catalogue example ``slug``."""
    return example_record(BY_SLUG[slug])


def generated_files() -> dict[str, str]:
    """Relative path -> text for every file this lesson writes under ``docs/generated/``."""
    files = {f"examples/{example.slug}.json": dumps(example_record(example)) for example in CATALOGUE}
    files["examples/index.json"] = dumps([example.slug for example in CATALOGUE])
    return files
