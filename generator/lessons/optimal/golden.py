"""Golden vectors of the optimal-composition lab: the core's answers for a seeded sample.

``python -m generator golden --out DIR`` writes them as ``DIR/optimal-golden.json`` (beside
the other labs' files), never committed; ``tests/js/optimal_engine.test.mjs`` holds the
browser engine to them. Parts:

``limits``
    Each field's rule as the page hands it over (``as_json``).
``parse_cases``
    ``[field, text, answer]`` for every field and each of its texts: the canonical text of
    the value (:func:`generator.lessons.optimal.lab_state.number_text`, the steps joined by
    ",") or the refusal's code.
``ln_cases``
    ``[value, places, text]``: :func:`generator.core.logarithm.ln_decimal` of exact values
    around 1, huge and tiny ones.
``samples``
    :data:`SAMPLE_SIZE` seeded states of both modes (k from 1 to 1 000, weighted to small k;
    α₀ on its 0.001 grid, integer and not; δ₀ often 0; targets from 10^-9 to 0.5 and the
    catalogue's; up to 12 mixed steps), each with the texts as typed and the full record
    (:func:`generator.lessons.optimal.lab_state.state_record`).
"""

from __future__ import annotations

import random
from fractions import Fraction

from generator.core.input_limits import (
    MAX_NUMBER_CHARS,
    MAX_STEPS,
    OPTIMAL_ALPHA0,
    OPTIMAL_DELTA,
    OPTIMAL_DELTA0,
    OPTIMAL_K,
    OPTIMAL_STEPS,
)
from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import Step
from generator.core.rational import Refusal, read_field
from generator.course.records import Record, dumps
from generator.lessons.optimal.catalogue import CATALOGUE
from generator.lessons.optimal.lab_page import example_state
from generator.lessons.optimal.lab_state import LabState, number_text, read_state, read_steps, state_record

FILE_NAME = "optimal-golden.json"
SEED = 11
SAMPLE_SIZE = 120
NUMBER_TEXTS = (
    *("", "1", "1.1", "1.100", "1.1001", "11/10", "0", "0.6", "3/5", "1/3", "0.00001", "0.0000000001"),
    *("0.00000000001", "0.9999999999", "1", "100", "100.001", "1000", "1001", "2.5", "1e3", "x", "-1"),
    *(" 1", "NaN", "<script>", "٣", "9" * 1001),
)
STEP_TEXTS = (
    *("", " ", "3:0", " 3 : 0 , 2:0.01 ", "3:0,", ",3:0", "3", "3:", ":0", "3:0:1", "3;0", "3 0"),
    *("1.1:1/3", "1.0001:0", "0.5:0", "3:1", "3:0.99999999999", "x:0", "3:y", "3:0;2:0"),
    *(",".join(["2:0"] * MAX_STEPS), ",".join(["2:0"] * (MAX_STEPS + 1)), "2:0," * 400, "<b>1</b>:0"),
)
LN_VALUES = (
    *("1", "11/10", "1/2", "1000001/1000000", "999999/1000000", "3", "9", "100", "1/100000"),
    *("2", str(Fraction(11, 10) ** 100), str(Fraction(99999, 1000) ** 50), "7/3"),
)


def _answer(value: object) -> str:
    if isinstance(value, Refusal):
        return str(value)
    if isinstance(value, tuple):
        return ",".join(f"{number_text(step.alpha)}:{number_text(step.delta)}" for step in value)
    assert isinstance(value, Fraction)
    return number_text(value)


def parse_cases() -> list[list[str]]:
    cases = [
        [limit.name, text, _answer(read_field(limit, text))]
        for limit in (OPTIMAL_ALPHA0, OPTIMAL_DELTA0, OPTIMAL_K, OPTIMAL_DELTA)
        for text in NUMBER_TEXTS
    ]
    cases += [[OPTIMAL_STEPS.name, text, _answer(read_steps(text))] for text in STEP_TEXTS]
    return cases


def ln_cases() -> list[list[object]]:
    return [[text, places, ln_decimal(Fraction(text), places)] for text in LN_VALUES for places in (0, 3, 4)]


def _alpha0(rng: random.Random) -> Fraction:
    return rng.choice(
        (
            Fraction(11, 10),
            Fraction(3),
            Fraction(2),
            Fraction(1),
            Fraction(100),
            Fraction(rng.randint(1000, 100_000), 1000),
        )
    )


def _small_delta(rng: random.Random) -> Fraction:
    return rng.choice(
        (
            Fraction(0),
            Fraction(0),
            Fraction(1, 10**8),
            Fraction(1, 10**6),
            Fraction(1, 1000),
            Fraction(rng.randint(0, 999), 1000),
        )
    )


def _target(rng: random.Random) -> Fraction:
    return rng.choice(
        (
            Fraction(1, 10**5),
            Fraction(1, 10**9),
            Fraction(1, 100),
            Fraction(1, 2),
            Fraction(1, 3),
            Fraction(rng.randint(1, 999), 1000),
        )
    )


def _k(rng: random.Random) -> int:
    return rng.choice(
        (1, 2, 3, rng.randint(1, 20), rng.randint(1, 200), 100, 1000 if rng.random() < 0.3 else 500)
    )


def sample_state(rng: random.Random) -> LabState:
    """One state of either mode (the other mode's fields hold values too, as in the lab)."""
    steps = tuple(
        Step(_alpha0(rng), _small_delta(rng) / rng.choice((1, 10))) for _ in range(rng.randint(1, MAX_STEPS))
    )
    mode = "mixed" if rng.random() < 0.4 else "same"
    alpha0, k = _alpha0(rng), _k(rng)
    # keep the costliest same-mode states (k = 1 000 at a long α₀) few
    if k > 200 and alpha0.denominator > 10 and rng.random() < 0.7:
        k = rng.randint(1, 200)
    return LabState(mode, alpha0, _small_delta(rng), k, steps, _target(rng))


def sample_case(rng: random.Random) -> Record:
    state = sample_state(rng)
    texts = state.texts()
    read = read_state(texts)
    assert read == state, texts
    return {"texts": texts, "record": state_record(state)}


def golden_vectors(sample_size: int = SAMPLE_SIZE) -> Record:
    rng = random.Random(SEED)
    examples = [example_state(example) for example in CATALOGUE]
    return {
        "limits": {
            limit.name: limit.as_json()
            for limit in (OPTIMAL_ALPHA0, OPTIMAL_DELTA0, OPTIMAL_K, OPTIMAL_DELTA, OPTIMAL_STEPS)
        },
        "max_chars": MAX_NUMBER_CHARS,
        "parse_cases": parse_cases(),
        "ln_cases": ln_cases(),
        "seed": SEED,
        "samples": [
            *({"texts": state.texts(), "record": state_record(state)} for state in examples),
            *(sample_case(rng) for _ in range(sample_size)),
        ],
    }


def golden_files() -> dict[str, str]:
    """File name -> text of this lab's golden vectors."""
    return {FILE_NAME: dumps(golden_vectors())}
