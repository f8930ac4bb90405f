"""Golden vectors of the noise-mechanism lab: the core's answers for a seeded sample of its domain.

``python -m generator golden --out DIR`` writes them as ``DIR/sensitivity-golden.json``
(beside the other labs' files), never committed; ``tests/js/sensitivity_engine.test.mjs``
holds the browser engine to them. Parts:

``limits``
    Each field's rule as the page hands it over (``as_json``), and ``defaults``, the default
    state's texts (the value an ignored field falls back to).
``parse_cases``
    ``[field, text, answer]`` for every field and each of its texts: the canonical text of
    the value or the refusal's code.
``state_cases``
    Whole states whose fields parse but break a rule of the state (a record outside the
    categories, a range in the wrong order, too wide or too small for f(D) and f(D′)), and
    states with a bad text in a field the mechanism ignores (which reads): the texts and
    the refusal of each field, or the record.
``samples``
    The catalogue's states, then :data:`SAMPLE_SIZE` seeded states of every mechanism (1 to
    10 records, clipped, unclipped and counted, both relations, α₀ on its 0.1 grid from 1
    to 100, ranges that just hold both answers or reach the width's limit), each with the
    texts as typed and the full record (:func:`~generator.lessons.sensitivity.lab_state.state_record`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from generator.core.input_limits import MAX_RANGE_WIDTH, MAX_RECORDS, RANGE_HI
from generator.core.rational import Refusal, fraction_str
from generator.core.sensitivity import Neighbour
from generator.course.records import Record, dumps
from generator.lessons.sensitivity.catalogue import CATALOGUE, Mechanism
from generator.lessons.sensitivity.lab_state import (
    DEFAULT_TEXTS,
    LIMITS,
    LabState,
    example_state,
    read_state,
    read_text,
    state_record,
    state_refusals,
)

FILE_NAME = "sensitivity-golden.json"
SEED = 12
SAMPLE_SIZE = 160
COMMON_TEXTS = ("", " ", "x", "<script>alert(1)</script>", "٣", "NaN", "1e3", "9" * 1001)
FIELD_TEXTS = {
    "values": (
        *("3,-1,7,2", " 3 , -1,7 ", "0", "-100,100", "-101", "101", "1,,2", ",1", "1,", "1;2", "1 2"),
        *("+1", "1.5", "--1", "-", "1/2", "−1", ",".join(["1"] * MAX_RECORDS), ",".join(["1"] * 11)),
    ),
    "query": ("count", "sum", "unclipped", "Sum", "answer"),
    "neighbour": ("add-remove", "replace", "add", "remove"),
    "mechanism": ("geometric", "k-ary", "exponential", "laplace"),
    "bound": ("1", "2", "100", "0", "101", "-2", "2.5", "2.0", "1/2"),
    "alpha0": ("1", "2", "2.0", "1.5", "1.25", "100", "100.1", "0.9", "3/2", "-2"),
    "k": ("2", "10", "1", "11", "4.5", "-4"),
    "lo": ("-10", "0", "007", "-1000", "-1001", "1000", "-2.5", "2.0", "+3", "- 3", "-0"),
    "hi": ("10", "-10", "1000", "1001", "2.5", "1/2"),
    "alpha": ("4", "4.0", "1", "100", "4.05", "0.5", "57/10"),
    "tolerance": ("0", "1", "60", "61", "-1", "1.5"),
}


def _answer(value: object) -> str:
    if isinstance(value, Refusal):
        return str(value)
    if isinstance(value, tuple):
        return ",".join(str(entry) for entry in value)
    if isinstance(value, Fraction):
        return fraction_str(value)
    return str(value)


def parse_cases() -> list[list[str]]:
    return [
        [name, text, _answer(read_text(limit, text))]
        for name, limit in LIMITS.items()
        for text in (*FIELD_TEXTS[name], *COMMON_TEXTS)
    ]


STATE_CASES = (
    {"mechanism": "k-ary", "values": "3,1", "k": "3"},
    {"mechanism": "exponential", "values": "0,-1", "k": "4"},
    {"lo": "5", "hi": "4"},
    {"lo": "-40", "hi": "21"},
    {"lo": "-30", "hi": "30", "values": "100,100,100", "query": "unclipped"},
    {"lo": "2", "hi": "10"},
    {"query": "count", "lo": "5", "hi": "10"},
    {"query": "unclipped", "neighbour": "replace", "lo": "-20", "hi": "20"},
    {"mechanism": "k-ary", "values": "1,0", "k": "2", "lo": "x", "hi": "", "bound": "0", "query": "no"},
    {"mechanism": "exponential", "values": "0,1,1", "k": "3", "tolerance": "-1", "lo": "9", "hi": "1"},
    {"query": "count", "bound": "0"},
)


def state_cases() -> list[Record]:
    cases = []
    for change in STATE_CASES:
        texts = {**DEFAULT_TEXTS, **change}
        state = read_state(texts)
        if isinstance(state, LabState):
            cases.append({"texts": texts, "record": state_record(state)})
        else:
            cases.append(
                {"texts": texts, "refusals": {name: str(reason) for name, reason in sorted(state.items())}}
            )
    return cases


def _base() -> LabState:
    state = read_state(DEFAULT_TEXTS)
    assert isinstance(state, LabState)
    return state


def _alpha0(rng: random.Random) -> Fraction:
    return (
        rng.choice((Fraction(1), Fraction(2), Fraction(3, 2), Fraction(11, 10), Fraction(100)))
        if rng.random() < 0.6
        else Fraction(rng.randint(10, 1000), 10)
    )


def sample_state(rng: random.Random) -> LabState:
    """One state of any mechanism whose rules hold (the ignored fields keep the default's)."""
    base = _base()
    mechanism = rng.choice((Mechanism.GEOMETRIC, Mechanism.GEOMETRIC, Mechanism.K_ARY, Mechanism.EXPONENTIAL))
    size = rng.randint(1, MAX_RECORDS)
    alpha = Fraction(rng.choice((10, 11, 20, 40, 1000, rng.randint(10, 1000))), 10)
    neighbour = rng.choice(("add-remove", "replace"))
    if mechanism is not Mechanism.GEOMETRIC:
        k = rng.randint(2, 10)
        values = tuple(rng.randrange(k) for _ in range(size))
        state = replace(base, mechanism=mechanism, values=values, k=k, alpha0=_alpha0(rng), alpha=alpha)
        return replace(state, neighbour=Neighbour(neighbour))
    spread = rng.choice((3, 10, 100))
    values = tuple(rng.randint(-spread, spread) for _ in range(size))
    query = rng.choice(("count", "sum", "sum", "unclipped"))
    state = replace(
        base,
        values=values,
        query=query,
        bound=rng.choice((1, 2, 5, rng.randint(1, 100))),
        neighbour=Neighbour(neighbour),
        alpha0=_alpha0(rng),
        alpha=alpha,
        tolerance=rng.randint(0, 4),
    )
    far = 30_000
    pair = state.example(-far, far).neighbours()
    low, high = sorted((pair.answer0, pair.answer1))
    if high - low > MAX_RANGE_WIDTH or max(high, -low) > RANGE_HI.high:  # no range holds both: count instead
        state = replace(state, query="count")
        pair = state.example(-far, far).neighbours()
        low, high = sorted((pair.answer0, pair.answer1))
    room = MAX_RANGE_WIDTH - (high - low)
    below = rng.choice((0, 1, rng.randint(0, room)))
    above = rng.choice((0, rng.randint(0, room - below)))
    state = replace(state, lo=low - below, hi=high + above)
    assert not state_refusals(state), state
    return state


def sample_case(state: LabState) -> Record:
    texts = state.texts()
    assert read_state(texts) == state, texts
    return {"texts": texts, "record": state_record(state)}


def golden_vectors(sample_size: int = SAMPLE_SIZE) -> Record:
    rng = random.Random(SEED)
    return {
        "limits": {name: limit.as_json() for name, limit in LIMITS.items()},
        "defaults": DEFAULT_TEXTS,
        "parse_cases": parse_cases(),
        "state_cases": state_cases(),
        "seed": SEED,
        "samples": [
            *(sample_case(example_state(example)) for example in CATALOGUE),
            *(sample_case(sample_state(rng)) for _ in range(sample_size)),
        ],
    }


def golden_files() -> dict[str, str]:
    """File name -> text of this lab's golden vectors."""
    return {FILE_NAME: dumps(golden_vectors())}
