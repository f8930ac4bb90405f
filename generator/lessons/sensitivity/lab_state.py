"""The noise-mechanism lab's state from the texts of its fields (and URL parameters), and its
record: everything the lab shows of one state.

A state is a database D of 1 to 10 signed integers, a mechanism, the query it answers and the
neighbour relation, α₀, the categories k or the output range [lo, hi], the claim α and the
tolerance τ. The mechanism decides which fields count (:func:`ignored`): the geometric
mechanism answers the typed query (``count``, ``sum`` clipped to [-B, B], ``unclipped``) on
[lo, hi] and has no k; k-ary response releases the first person's category and is local
(neighbour: replace); the exponential mechanism picks the most common of k categories. An
ignored field is never refused, and the record does not depend on it.

The lab's model of a setting is the catalogue's :class:`~generator.lessons.sensitivity.catalogue.Example`
(:meth:`LabState.example`), so the worst neighbour D′ and the two exact laws are the ones the
page's examples use. Rules of the whole state, shown beside the field named:

- ``values`` "category": with categories every record must be one of 0..k-1;
- ``hi`` "order" (hi < lo) and "width" (more than MAX_RANGE_WIDTH + 1 outputs);
- ``lo`` and ``hi`` "narrow": the range must hold both f(D) and f(D′).

The record (:func:`state_record`): D, D′, f(D), f(D′), Δ (``"inf"`` unclipped, none for
k-ary response, which releases a category), the two laws, δ*(α) with its maximal event, the
pure ε of the pair (∞ for an unclipped sum: no α₀ calibrates a query of infinite
sensitivity, however small the pair's own ε), the mechanism's guarantee (Δ·ln α₀; ln α₀ for
k-ary response; 2·ln α₀ for the exponential mechanism, ln α₀ when the score is monotone, as
the count of a category is under adding or removing one record) and the accuracy
P(|Y - t| <= τ) on D (τ = 0 for categories: the chance to release the true one).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from generator.core.discrete_noise import within
from generator.core.input_limits import (
    CATEGORIES,
    CLIP_BOUND,
    LAB_ALPHA,
    LAB_ALPHA0,
    MAX_NUMBER_CHARS,
    MAX_RANGE_WIDTH,
    NOISE_MECHANISM,
    NOISE_NEIGHBOUR,
    NOISE_QUERY,
    RANGE_HI,
    RANGE_LO,
    RECORD_VALUES,
    TOLERANCE,
    ChoiceLimit,
    FieldLimit,
    IntegerLimit,
    IntegerListLimit,
    Kind,
)
from generator.core.profile import Profile
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.rational import Refusal, fraction_str, read_field
from generator.core.readable import output_set_text
from generator.core.sensitivity import Neighbour, Query
from generator.course.lab_fields import field_text
from generator.course.records import Record, law_record, pure_record
from generator.lessons.sensitivity.catalogue import ANSWER, MODE, Example, Mechanism

PARAMS = (
    "values",
    "query",
    "bound",
    "neighbour",
    "mechanism",
    "alpha0",
    "k",
    "lo",
    "hi",
    "alpha",
    "tolerance",
)
CATEGORY, ORDER, WIDTH, NARROW = "category", "order", "width", "narrow"

_INTEGER = re.compile(r"-?[0-9]+")
_SIGNED_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_ENTRY = re.compile(r" *(-?[0-9]+) *")

Reason = Refusal | str
Limit = FieldLimit | IntegerLimit | IntegerListLimit | ChoiceLimit


def read_integer(limit: IntegerLimit, text: str) -> int | Refusal:
    """A signed integer, or why not; in order: empty, length, grammar (a signed decimal is
    off the grid, "step"), interval."""
    if text == "":
        return Refusal.EMPTY
    if len(text) > MAX_NUMBER_CHARS:
        return Refusal.TOO_LONG
    if not _INTEGER.fullmatch(text):
        return Refusal.STEP if _SIGNED_DECIMAL.fullmatch(text) else Refusal.SYNTAX
    value = int(text)
    return value if limit.low <= value <= limit.high else Refusal.RANGE


def read_integers(limit: IntegerListLimit, text: str) -> tuple[int, ...] | Refusal:
    """The entries of a typed list of signed integers "3, -1,7", or why not; in order: empty
    (an empty database), length, grammar (every entry), number of entries, each entry's range."""
    if text.strip(" ") == "":
        return Refusal.EMPTY
    if len(text) > MAX_NUMBER_CHARS:
        return Refusal.TOO_LONG
    matches = [_ENTRY.fullmatch(part) for part in text.split(",")]
    if any(match is None for match in matches):
        return Refusal.SYNTAX
    if not 1 <= len(matches) <= limit.max_items:
        return Refusal.COUNT
    values = []
    for match in matches:
        assert match is not None
        value = read_integer(limit.item, match.group(1))
        if isinstance(value, Refusal):
            return value
        values.append(value)
    return tuple(values)


def read_choice(limit: ChoiceLimit, text: str) -> str | Refusal:
    if text == "":
        return Refusal.EMPTY
    return text if text in limit.choices else Refusal.SYNTAX


def read_text(limit: Limit, text: str) -> object:
    """Any field of the lab read against its limit: a value or a Refusal."""
    if isinstance(limit, IntegerListLimit):
        return read_integers(limit, text)
    if isinstance(limit, IntegerLimit):
        return read_integer(limit, text)
    if isinstance(limit, ChoiceLimit):
        return read_choice(limit, text)
    value = read_field(limit, text)
    return int(value) if isinstance(value, Fraction) and limit.kind is Kind.COUNT else value


LIMITS: dict[str, Limit] = {
    limit.name: limit
    for limit in (
        RECORD_VALUES,
        NOISE_QUERY,
        CLIP_BOUND,
        NOISE_NEIGHBOUR,
        NOISE_MECHANISM,
        LAB_ALPHA0,
        CATEGORIES,
        RANGE_LO,
        RANGE_HI,
        LAB_ALPHA,
        TOLERANCE,
    )
}
assert tuple(LIMITS) == PARAMS


def ignored(mechanism: str, query: str) -> tuple[str, ...]:
    """The fields a state of this mechanism (and query) does not use."""
    if mechanism == Mechanism.GEOMETRIC:
        return ("k",) if query == "sum" else ("k", "bound")
    if mechanism == Mechanism.K_ARY:
        return ("query", "bound", "neighbour", "lo", "hi", "tolerance")
    if mechanism == Mechanism.EXPONENTIAL:
        return ("query", "bound", "lo", "hi", "tolerance")
    return ()


@dataclass(frozen=True)
class LabState:
    values: tuple[int, ...]
    query: str
    bound: int
    neighbour: Neighbour
    mechanism: Mechanism
    alpha0: Fraction
    k: int
    lo: int
    hi: int
    alpha: Fraction
    tolerance: int

    def texts(self) -> dict[str, str]:
        return {
            "values": ",".join(str(value) for value in self.values),
            "query": self.query,
            "bound": str(self.bound),
            "neighbour": str(self.neighbour),
            "mechanism": str(self.mechanism),
            "alpha0": field_text(LAB_ALPHA0, self.alpha0),
            "k": str(self.k),
            "lo": str(self.lo),
            "hi": str(self.hi),
            "alpha": field_text(LAB_ALPHA, self.alpha),
            "tolerance": str(self.tolerance),
        }

    def query_string(self) -> str:
        """The address's query, in the lab's parameter order."""
        texts = self.texts()
        return "&".join(f"{name}={texts[name]}" for name in PARAMS)

    @property
    def categorical(self) -> bool:
        return self.mechanism is not Mechanism.GEOMETRIC

    def example(self, lo: int | None = None, hi: int | None = None) -> Example:
        """The catalogue's model of this setting (``lo``, ``hi``: another output range)."""
        query: str
        if self.mechanism is Mechanism.GEOMETRIC:
            query = str(Query.COUNT if self.query == "count" else Query.SUM)
            bound = self.bound if self.query == "sum" else None
            low, high, k = self.lo if lo is None else lo, self.hi if hi is None else hi, None
            neighbour = self.neighbour
        else:
            query = ANSWER if self.mechanism is Mechanism.K_ARY else MODE
            bound, low, high, k = None, 0, self.k - 1, self.k
            neighbour = Neighbour.REPLACE if self.mechanism is Mechanism.K_ARY else self.neighbour
        tolerance = 0 if self.categorical else self.tolerance
        return Example(
            "",
            "",
            self.values,
            query,
            bound,
            neighbour,
            self.mechanism,
            self.alpha0,
            low,
            high,
            k,
            tolerance,
            False,
        )


def state_refusals(state: LabState) -> dict[str, Reason]:
    """The rules of the whole state (see the module's notes), on fields that each read."""
    if state.categorical:
        return {} if all(0 <= value < state.k for value in state.values) else {"values": CATEGORY}
    if state.hi < state.lo:
        return {"hi": ORDER}
    if state.hi - state.lo > MAX_RANGE_WIDTH:
        return {"hi": WIDTH}
    far = RANGE_HI.high * (RECORD_VALUES.max_items + 1) * 2
    pair = state.example(-far, far).neighbours()
    if any(not state.lo <= value <= state.hi for value in (pair.answer0, pair.answer1)):
        return {"lo": NARROW, "hi": NARROW}
    return {}


DEFAULT_TEXTS = {
    "values": "3,-1,7,2",
    "query": "sum",
    "bound": "2",
    "neighbour": "replace",
    "mechanism": "geometric",
    "alpha0": "2.0",
    "k": "4",
    "lo": "-10",
    "hi": "10",
    "alpha": "4.0",
    "tolerance": "1",
}


def read_state(
    texts: Mapping[str, str], fallback: Mapping[str, str] = DEFAULT_TEXTS
) -> LabState | dict[str, Reason]:
    """The state of the eleven texts, or each refused field's reason. An ignored field is not
    refused: it takes ``fallback``'s value (the record never reads it)."""
    skip = ignored(texts.get("mechanism", ""), texts.get("query", ""))
    refusals: dict[str, Reason] = {}
    values: dict[str, object] = {}
    for name, limit in LIMITS.items():
        read = read_text(limit, texts.get(name, ""))
        if isinstance(read, Refusal) and name in skip:
            read = read_text(limit, fallback[name])
        if isinstance(read, Refusal):
            refusals[name] = read
        else:
            values[name] = read
    if refusals:
        return refusals
    state = LabState(
        values=values["values"],  # type: ignore[arg-type]
        query=str(values["query"]),
        bound=values["bound"],  # type: ignore[arg-type]
        neighbour=Neighbour(str(values["neighbour"])),
        mechanism=Mechanism(str(values["mechanism"])),
        alpha0=values["alpha0"],  # type: ignore[arg-type]
        k=values["k"],  # type: ignore[arg-type]
        lo=values["lo"],  # type: ignore[arg-type]
        hi=values["hi"],  # type: ignore[arg-type]
        alpha=values["alpha"],  # type: ignore[arg-type]
        tolerance=values["tolerance"],  # type: ignore[arg-type]
    )
    across = {name: reason for name, reason in state_refusals(state).items() if name not in skip}
    return across or state


def _pure(multiplier: int, ratio: Fraction) -> PureEpsilon:
    if multiplier == 0 or ratio == 1:
        return PureEpsilon(PureKind.ZERO)
    return PureEpsilon(PureKind.FINITE, multiplier, ratio)


def guarantee(state: LabState, delta_f: int | None) -> PureEpsilon:
    """The mechanism's pure ε over every pair of neighbours (see the module's notes)."""
    if state.mechanism is Mechanism.GEOMETRIC:
        return PureEpsilon(PureKind.INFINITE) if delta_f is None else _pure(delta_f, state.alpha0)
    if state.mechanism is Mechanism.K_ARY:
        return _pure(1, state.alpha0)
    return _pure(1 if state.neighbour is Neighbour.ADD_REMOVE else 2, state.alpha0)


def state_record(state: LabState) -> Record:
    """What the lab shows of one state (see the module's notes)."""
    example = state.example()
    pair = example.neighbours()
    channel = example.channel()
    point = Profile(channel).point(state.alpha)
    delta_f = None if state.mechanism is Mechanism.K_ARY else example.sensitivity()
    pair_epsilon = channel_pure_epsilon(channel)
    unclipped = state.mechanism is Mechanism.GEOMETRIC and delta_f is None
    labels = [channel.labels[i] for i in point.event.outputs]
    return {
        "mechanism": str(state.mechanism),
        "query": example.query if state.categorical else state.query,
        "neighbour": str(example.neighbour),
        "bound": example.bound,
        "k": example.k,
        "lo": example.lo,
        "hi": example.hi,
        "alpha0": field_text(LAB_ALPHA0, state.alpha0),
        "alpha": field_text(LAB_ALPHA, state.alpha),
        "tolerance": example.tolerance,
        "database0": list(pair.database0),
        "database1": list(pair.database1),
        "answer0": pair.answer0,
        "answer1": pair.answer1,
        "distance": None if state.categorical else abs(pair.answer0 - pair.answer1),
        "sensitivity": None
        if state.mechanism is Mechanism.K_ARY
        else ("inf" if delta_f is None else str(delta_f)),
        "channel": law_record(channel),
        "delta": fraction_str(point.delta),
        "event": {
            "direction": str(point.event.direction),
            "outputs": labels,
            "text": output_set_text(labels),
        },
        "pure_epsilon": pure_record(PureEpsilon(PureKind.INFINITE) if unclipped else pair_epsilon),
        "pair_epsilon": pure_record(pair_epsilon),
        "guarantee": pure_record(guarantee(state, delta_f)),
        "accuracy": fraction_str(within(channel.distribution0, example.lo, pair.answer0, example.tolerance)),
    }


def example_state(example: Example, fallback: Mapping[str, str] = DEFAULT_TEXTS) -> LabState:
    """The lab's state of a catalogue row; the fields its mechanism ignores keep ``fallback``'s."""
    default = read_state(fallback)
    assert isinstance(default, LabState)
    if example.mechanism is Mechanism.GEOMETRIC:
        query = example.query if example.bound is not None or example.query == "count" else "unclipped"
        return replace(
            default,
            values=example.values,
            query=query,
            bound=example.bound if example.bound is not None else default.bound,
            neighbour=example.neighbour,
            mechanism=example.mechanism,
            alpha0=example.alpha0,
            lo=example.lo,
            hi=example.hi,
            tolerance=example.tolerance,
        )
    return replace(
        default,
        values=example.values,
        neighbour=example.neighbour,
        mechanism=example.mechanism,
        alpha0=example.alpha0,
        k=example.categories,
    )
