"""The events lesson's records: everything it shows of one catalogue example, and its files.

One record holds the channel's laws, the chosen event S with P(S), Q(S), both excesses and
the δ it needs, the claim (α, δ) against δ*(α) with the maximal event, the pure ε, the total
variation δ*(1) and the trade-off region of tests. The lab's engine returns records of the
same shape, so one renderer serves both (the golden vectors hold them equal).

The build writes ``events/<slug>.json`` for every catalogue example and ``events/index.json``
with their slugs (under ``docs/generated/``).
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.claim import check_claim
from generator.core.events import (
    EventCheck,
    TradeoffPoint,
    all_events,
    check_event,
    lower_boundary,
    upper_boundary,
)
from generator.core.finite_channel import FiniteChannel
from generator.core.profile import Profile
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.rational import decimal_str, fraction_str
from generator.core.readable import output_set_text
from generator.course.records import Record, claim_record, dumps, law_record, pure_record
from generator.lessons.events.catalogue import BY_SLUG, CATALOGUE, Example

FOLDER = "events"


def event_check_record(channel: FiniteChannel, check: EventCheck, delta: Fraction) -> Record:
    labels = [channel.labels[i] for i in check.outputs]
    return {
        "outputs": list(check.outputs),
        "labels": labels,
        "text": output_set_text(labels),
        "mass0": fraction_str(check.mass0),
        "mass1": fraction_str(check.mass1),
        "excess_01": fraction_str(check.excess_01),
        "excess_10": fraction_str(check.excess_10),
        "required": fraction_str(check.required),
        "required_decimal": decimal_str(check.required),
        "advantage": fraction_str(check.mass0 - check.mass1),
        "passes": delta >= check.required,
    }


def _points(points: list[TradeoffPoint]) -> list[list[str]]:
    return [[fraction_str(point.fpr), fraction_str(point.tpr)] for point in points]


def tradeoff_record(channel: FiniteChannel) -> Record:
    """Each event's test as (FPR, TPR) = (Q(S), P(S)), and the region's two boundaries."""
    region = [check_event(channel, event, Fraction(1)) for event in all_events(channel)]
    return {
        "upper": _points(upper_boundary(channel)),
        "lower": _points(lower_boundary(channel)),
        "events": [
            {
                "text": output_set_text([channel.labels[i] for i in check.outputs]),
                "fpr": fraction_str(check.mass1),
                "tpr": fraction_str(check.mass0),
            }
            for check in region
        ],
    }


def outputs_record(channel: FiniteChannel, alpha: Fraction, maximal: tuple[int, ...]) -> list[Record]:
    """Per output z: P_z, Q_z, both excesses P_z − αQ_z and Q_z − αP_z, and whether z is in
    the maximal event (whose δ is the sum of one direction's positive excesses)."""
    rows = []
    for index, label in enumerate(channel.labels):
        single = check_event(channel, (index,), alpha)
        rows.append(
            {
                "label": label,
                "p": fraction_str(single.mass0),
                "q": fraction_str(single.mass1),
                "excess_01": fraction_str(single.excess_01),
                "excess_10": fraction_str(single.excess_10),
                "in_max_event": index in maximal,
            }
        )
    return rows


def state_record(channel: FiniteChannel, alpha: Fraction, delta: Fraction, event: tuple[int, ...]) -> Record:
    """What the lab shows of one state: the channel, the event, the claim, ε, TV, the region."""
    profile = Profile(channel)
    result = check_claim(profile, alpha, delta)
    claim = claim_record(channel, result)
    pure = channel_pure_epsilon(channel)
    return {
        "channel": law_record(channel),
        "outputs": outputs_record(channel, alpha, result.required.event.outputs),
        "event": event_check_record(channel, check_event(channel, event, alpha), delta),
        "claim": {**claim, "event": {**claim["event"], "text": output_set_text(claim["event"]["outputs"])}},
        "pure_epsilon": pure_record(pure),
        "tv": fraction_str(profile.delta(Fraction(1))),
        "tradeoff": tradeoff_record(channel),
    }


def example_record(example: Example) -> Record:
    """Everything the lesson shows of one catalogue example."""
    record = state_record(example.channel(), example.alpha, example.delta, example.event)
    return {"slug": example.slug, "title": example.title, **record}


def record(slug: str) -> Record:
    """The record of the catalogue example ``slug``."""
    return example_record(BY_SLUG[slug])


def generated_files() -> dict[str, str]:
    """Relative path -> text for every file this lesson writes under ``docs/generated/``."""
    files = {f"{FOLDER}/{example.slug}.json": dumps(example_record(example)) for example in CATALOGUE}
    files[f"{FOLDER}/index.json"] = dumps([example.slug for example in CATALOGUE])
    return files
