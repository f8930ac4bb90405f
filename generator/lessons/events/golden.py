"""Golden vectors of the events lab: the core's answers for a seeded sample of its domain.

``python -m generator golden --out DIR`` writes them as ``DIR/events-golden.json`` (beside
the other labs' files), never committed; ``tests/js/events_engine.test.mjs`` holds the
browser engine to them. Parts:

``limits``
    Each field's rule as the page hands it over (``as_json``).
``parse_cases``
    ``[field, text, answer]`` for every field and each of its texts (:data:`LIST_TEXTS`,
    :data:`NUMBER_TEXTS`): the canonical
    text of the value (a list joined by ",", a fraction string) or the refusal's code.
``state_cases``
    Whole states whose fields parse but break a rule of the state (rows of different lengths,
    an event index beyond the outputs): the texts and the refusal of each field.
``samples``
    :data:`SAMPLE_SIZE` seeded states over the whole domain (1 to 8 outputs, weights from 0 to
    10^6, zeros and rows of different sums, α on the 0.1 grid, δ often at or either side of
    δ*(α), any event), each with the texts as typed and the full record
    (:func:`generator.lessons.events.records.state_record`).
"""

from __future__ import annotations

import random
from fractions import Fraction

from generator.core.input_limits import LAB_ALPHA, LAB_DELTA, MAX_NUMBER_CHARS, MAX_OUTPUTS
from generator.core.list_fields import EVENT, WEIGHTS0, WEIGHTS1, list_text, read_list
from generator.core.profile import Profile
from generator.core.rational import Refusal, fraction_str, read_field
from generator.course.lab_fields import field_text
from generator.course.records import Record, dumps
from generator.lessons.events.lab_state import LabState, read_state
from generator.lessons.events.records import state_record

FILE_NAME = "events-golden.json"
SEED = 9
SAMPLE_SIZE = 400
LIST_TEXTS = (
    *("", " ", "0", "9,6,1", " 9 , 6 ,1 ", "1,0", "0,1", "0,0", "1,1,1,1,1,1,1,1", "1,1,1,1,1,1,1,1,1"),
    *("1000000", "1000001", "007,1", "1,,2", ",1", "1,", "1;2", "1 2", "-1,2", "+1", "1.5,2", "1/2"),
    *("a,b", "NaN", "٣", "<script>", "0,0,1", "7", "8", "3,1,2", "2,2", "9" * 20, "1," * 600),
)
NUMBER_TEXTS = ("", "3", "3.0", "57/10", "5.75", "1", "0.9", "100.1", "0", "1/3", "0.375", "1e3", "x")
FIELD_LIMITS = (WEIGHTS0, WEIGHTS1, EVENT, LAB_ALPHA, LAB_DELTA)


def _answer(value: object) -> str:
    if isinstance(value, Refusal):
        return str(value)
    if isinstance(value, tuple):
        return list_text(value)
    assert isinstance(value, Fraction)
    return fraction_str(value)


def parse_cases() -> list[list[str]]:
    """``[field, text, answer]`` for each field and text."""
    cases = [
        [limit.name, text, _answer(read_list(limit, text))]
        for limit in (WEIGHTS0, WEIGHTS1, EVENT)
        for text in LIST_TEXTS
    ]
    cases += [
        [limit.name, text, _answer(read_field(limit, text))]
        for limit in (LAB_ALPHA, LAB_DELTA)
        for text in NUMBER_TEXTS
    ]
    return cases


STATE_CASES = (
    {"weights0": "9,6,1", "weights1": "1,6", "alpha": "3.0", "delta": "0", "event": "0"},
    {"weights0": "1", "weights1": "1,1", "alpha": "3.0", "delta": "0", "event": ""},
    {"weights0": "9,6,1", "weights1": "1,6,9", "alpha": "3.0", "delta": "0", "event": "0,3"},
    {"weights0": "1,1", "weights1": "1,1,1", "alpha": "3.0", "delta": "0", "event": "2"},
    {"weights0": "0,0", "weights1": "1,6,9", "alpha": "3.0", "delta": "0", "event": "2"},
)


def state_cases() -> list[Record]:
    cases = []
    for texts in STATE_CASES:
        state = read_state(texts)
        assert not isinstance(state, LabState), texts
        cases.append(
            {"texts": texts, "refusals": {name: str(reason) for name, reason in sorted(state.items())}}
        )
    return cases


def _weights(rng: random.Random, n: int) -> list[int]:
    scale = rng.choice((3, 10, 1000, 1_000_000))
    while True:
        row = [rng.randint(0, scale) if rng.random() > 0.2 else 0 for _ in range(n)]
        if sum(row):
            return row


def _delta_text(rng: random.Random, required: Fraction) -> str:
    """δ as typed: often δ*(α) itself or just either side of it, else a short decimal."""
    choice = rng.random()
    if choice < 0.25:
        return field_text(LAB_DELTA, required)
    if choice < 0.5:
        nudged = required + Fraction(rng.choice((-1, 1)), 10**6)
        return field_text(LAB_DELTA, min(max(nudged, Fraction(0)), Fraction(1)))
    return field_text(LAB_DELTA, Fraction(rng.randint(0, 1000), 1000))


def sample_case(rng: random.Random) -> Record:
    n = rng.randint(1, MAX_OUTPUTS)
    weights0, weights1 = _weights(rng, n), _weights(rng, n)
    tenths = rng.choice((10, 11, 20, 30, 57, 90, 1000, rng.randint(10, 1000)))
    alpha = Fraction(tenths, 10)
    alpha_text = field_text(LAB_ALPHA, alpha) if rng.random() < 0.8 else f"{tenths}/10"
    event = sorted(rng.sample(range(n), rng.randint(0, n)))
    probe = LabState(tuple(weights0), tuple(weights1), alpha, Fraction(0), tuple(event))
    required = Profile(probe.channel()).delta(alpha)
    texts = {
        "weights0": list_text(tuple(weights0)),
        "weights1": list_text(tuple(weights1)),
        "alpha": alpha_text,
        "delta": _delta_text(rng, required),
        "event": list_text(tuple(event)),
    }
    state = read_state(texts)
    assert isinstance(state, LabState), texts
    return {"texts": texts, "record": state_record(state.channel(), state.alpha, state.delta, state.event)}


def golden_vectors(sample_size: int = SAMPLE_SIZE) -> Record:
    rng = random.Random(SEED)
    return {
        "limits": {
            limit.name: limit.as_json() for limit in (WEIGHTS0, WEIGHTS1, EVENT, LAB_ALPHA, LAB_DELTA)
        },
        "max_chars": MAX_NUMBER_CHARS,
        "parse_cases": parse_cases(),
        "state_cases": state_cases(),
        "seed": SEED,
        "samples": [sample_case(rng) for _ in range(sample_size)],
    }


def golden_files() -> dict[str, str]:
    """File name -> text of this lab's golden vectors."""
    return {FILE_NAME: dumps(golden_vectors())}
