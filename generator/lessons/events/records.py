"""The events lesson's records: everything it shows of one state, typed.

A state is a channel (two rows of weights), a claim (α, δ) and an event S. Its record holds
the channel's laws, per output its probabilities and both excesses, the event S with P(S),
Q(S), both excesses and the δ it needs, the claim against δ*(α) with the maximal event, the
pure ε, the total variation δ*(1) and the trade-off region of tests. The lab's engine
(``lab/events.mjs``) returns records of the same shape, which the golden vectors hold equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from generator.core.claim import check_claim
from generator.core.events import (
    EventCheck,
    TradeoffPoint,
    all_events,
    check_event,
    lower_boundary,
    upper_boundary,
)
from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.profile import Profile
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.rational import decimal_str
from generator.core.readable import output_set_text
from generator.course.records import Claim, Law, Pure, claim, law, pure


@dataclass(frozen=True)
class State:
    weights0: tuple[int, ...]
    weights1: tuple[int, ...]
    alpha: Fraction
    delta: Fraction
    event: tuple[int, ...]

    def channel(self) -> FiniteChannel:
        return from_rows(self.weights0, self.weights1)


class EventRecord(TypedDict):
    """One event S checked at α: its outputs, masses, excesses, the δ it needs, its verdict."""

    outputs: list[int]
    labels: list[str]
    text: str
    mass0: Fraction
    mass1: Fraction
    excess_01: Fraction
    excess_10: Fraction
    required: Fraction
    required_decimal: str
    advantage: Fraction
    passes: bool


class Output(TypedDict):
    """One output z: P_z, Q_z, both excesses, and whether z is in the maximal event."""

    label: str
    p: Fraction
    q: Fraction
    excess_01: Fraction
    excess_10: Fraction
    in_max_event: bool


class Test(TypedDict):
    """An event as the test "x = 0 when the output is in S": (FPR, TPR) = (Q(S), P(S))."""

    text: str
    fpr: Fraction
    tpr: Fraction


class Tradeoff(TypedDict):
    upper: list[tuple[Fraction, Fraction]]
    lower: list[tuple[Fraction, Fraction]]
    events: list[Test]


class StateRecord(TypedDict):
    channel: Law
    outputs: list[Output]
    event: EventRecord
    claim: Claim
    pure_epsilon: Pure
    tv: Fraction
    tradeoff: Tradeoff


class ExampleRecord(StateRecord):
    slug: str
    title: str


def event_record(channel: FiniteChannel, check: EventCheck, delta: Fraction) -> EventRecord:
    labels = [channel.labels[i] for i in check.outputs]
    return {
        "outputs": list(check.outputs),
        "labels": labels,
        "text": output_set_text(labels),
        "mass0": check.mass0,
        "mass1": check.mass1,
        "excess_01": check.excess_01,
        "excess_10": check.excess_10,
        "required": check.required,
        "required_decimal": decimal_str(check.required),
        "advantage": check.mass0 - check.mass1,
        "passes": delta >= check.required,
    }


def _points(points: list[TradeoffPoint]) -> list[tuple[Fraction, Fraction]]:
    return [(point.fpr, point.tpr) for point in points]


def tradeoff_record(channel: FiniteChannel) -> Tradeoff:
    """Each event's test as (FPR, TPR) = (Q(S), P(S)), and the region's two boundaries."""
    region = [check_event(channel, event, Fraction(1)) for event in all_events(channel)]
    return {
        "upper": _points(upper_boundary(channel)),
        "lower": _points(lower_boundary(channel)),
        "events": [
            {
                "text": output_set_text([channel.labels[i] for i in check.outputs]),
                "fpr": check.mass1,
                "tpr": check.mass0,
            }
            for check in region
        ],
    }


def outputs_record(channel: FiniteChannel, alpha: Fraction, maximal: tuple[int, ...]) -> list[Output]:
    """Per output z: P_z, Q_z, both excesses P_z − αQ_z and Q_z − αP_z, and whether z is in
    the maximal event (whose δ is the sum of one direction's positive excesses)."""
    rows: list[Output] = []
    for index, label in enumerate(channel.labels):
        single = check_event(channel, (index,), alpha)
        rows.append(
            {
                "label": label,
                "p": single.mass0,
                "q": single.mass1,
                "excess_01": single.excess_01,
                "excess_10": single.excess_10,
                "in_max_event": index in maximal,
            }
        )
    return rows


def state_record(state: State) -> StateRecord:
    """What the lab shows of one state: the channel, the event, the claim, ε, TV, the region."""
    channel = state.channel()
    profile = Profile(channel)
    result = check_claim(profile, state.alpha, state.delta)
    return {
        "channel": law(channel),
        "outputs": outputs_record(channel, state.alpha, result.required.event.outputs),
        "event": event_record(channel, check_event(channel, state.event, state.alpha), state.delta),
        "claim": claim(channel, result),
        "pure_epsilon": pure(channel_pure_epsilon(channel)),
        "tv": profile.delta(Fraction(1)),
        "tradeoff": tradeoff_record(channel),
    }
