"""Golden vectors of the lesson's two labs: the core's answers for a seeded sample of each domain.

``python -m generator golden --out DIR`` writes ``DIR/postprocessing-golden.json``, never
committed; ``tests/js/postprocessing_engine.test.mjs`` holds the engine to it. Parts:

``limits``
    Each field's rule as the pages hand it over (``as_json``), by lab and field.
``parse_cases``
    ``[lab, field, text, answer]``: the canonical text of the value (a list or a matrix's
    rows joined, a fraction string) or the refusal's code, for every field and each of
    :data:`MAP_TEXTS`, :data:`LIST_TEXTS` or :data:`NUMBER_TEXTS`.
``state_cases``
    Whole states whose fields read but break a rule of the state, with each field's refusal.
``post_samples``, ``group_samples``
    Seeded states over each domain (channels of both sources, maps of 1 to 8 columns as
    weights or fractions, deterministic, invertible and x-reading maps; p, g and α₁ up to
    their limits), each with its texts and its full record.
"""

from __future__ import annotations

import random
from fractions import Fraction

from generator.core.input_limits import (
    GROUP_ALPHA1,
    GROUP_G,
    GROUP_P,
    LAB_ALPHA,
    MAX_NUMBER_CHARS,
    MAX_OUTPUTS,
    POST_K,
    POST_MAP,
    POST_MAP1,
    POST_P,
)
from generator.core.list_fields import WEIGHTS0, WEIGHTS1, list_text, read_list
from generator.core.rational import Refusal, fraction_str, read_field
from generator.course.lab_fields import field_text
from generator.course.records import Record, dumps
from generator.lessons.postprocessing.lab_state import (
    GROUP_PARAMS,
    POST_PARAMS,
    READS,
    GroupState,
    LabRefusal,
    PostState,
    group_record,
    number_text,
    post_record,
    read_group_state,
    read_map,
    read_post_state,
)

FILE_NAME = "postprocessing-golden.json"
SEED = 10
POST_SAMPLES = 300
GROUP_SAMPLES = 150
MAP_TEXTS = (
    *("", " ", "1,0;0,1", " 1 , 0 ; 0 , 1 ", "1;1", "1/2,1/2;1,0", "0.5,0.5;1/3,2/3", "1/2,1/3", "0,0;1,1"),
    *("1,0;0", "1,,0", "1,0;", ";", "a,b", "1e3", "-1,2", "<script>", "1/0,1", "1000001,1", "2.5,1"),
    *("1,1,1,1,1,1,1,1", "1,1,1,1,1,1,1,1,1", "1;1;1;1;1;1;1;1;1", "0.25,0.75", "007,1", "1:2", "٣"),
    "1," * 600,
)
LIST_TEXTS = ("", "1", "0", "1,1", "2", "x", "1;1")
NUMBER_TEXTS = (
    "",
    "0.75",
    "0.5",
    "0.501",
    "1",
    "0.7501",
    "0.999",
    "3/4",
    "2",
    "2.5",
    "2.55",
    "20",
    "21",
    "x",
    "1e3",
)
POST_NUMBERS = (POST_P, POST_K, LAB_ALPHA)
GROUP_NUMBERS = (GROUP_P, GROUP_G, GROUP_ALPHA1)


def _answer(value: object) -> str:
    if isinstance(value, (Refusal, LabRefusal)):
        return str(value)
    if isinstance(value, tuple):
        return ";".join(value) if value and isinstance(value[0], str) else list_text(value)
    assert isinstance(value, Fraction)
    return fraction_str(value)


def parse_cases() -> list[list[str]]:
    cases = [
        ["post", limit.name, text, _answer(read_map(limit, text))]
        for limit in (POST_MAP, POST_MAP1)
        for text in MAP_TEXTS
    ]
    cases += [
        ["post", limit.name, text, _answer(read_list(limit, text))]
        for limit in (WEIGHTS0, READS)
        for text in LIST_TEXTS
    ]
    cases += [
        ["post", limit.name, text, _answer(read_field(limit, text))]
        for limit in POST_NUMBERS
        for text in NUMBER_TEXTS
    ]
    cases += [
        ["group", limit.name, text, _answer(read_field(limit, text))]
        for limit in GROUP_NUMBERS
        for text in NUMBER_TEXTS
    ]
    return cases


_POST = {
    "source": "rows",
    "p": "0.75",
    "k": "3",
    "weights0": "3,1",
    "weights1": "1,3",
    "map": "1,0;0,1",
    "reads": "",
    "map1": "1,0;0,1",
    "alpha": "2.0",
}
POST_STATE_CASES = (
    {"weights1": "1,3,1"},
    {"map": "1;1;1"},
    {"source": "fresh", "k": "2"},
    {"reads": "1", "map1": "1,0,0;0,1,0"},
    {"reads": "1", "map1": "1,0;0,1;1,0"},
    {"source": "other"},
    {"source": ""},
    {"weights0": "1,1,1", "map": "1;1"},
)
GROUP_STATE_CASES = ({"p": "0.75", "g": "2", "alpha1": "3.1"}, {"p": "0.6", "g": "1", "alpha1": "1.6"})


def state_cases() -> list[Record]:
    cases: list[Record] = []
    for change in POST_STATE_CASES:
        texts = {**_POST, **change}
        refused = read_post_state(texts)
        assert not isinstance(refused, PostState), texts
        cases.append(
            {"lab": "post", "texts": texts, "refusals": {k: str(v) for k, v in sorted(refused.items())}}
        )
    for texts in GROUP_STATE_CASES:
        refused_group = read_group_state(texts)
        assert not isinstance(refused_group, GroupState), texts
        cases.append(
            {
                "lab": "group",
                "texts": texts,
                "refusals": {k: str(v) for k, v in sorted(refused_group.items())},
            }
        )
    return cases


def _weights(rng: random.Random, n: int) -> list[int]:
    scale = rng.choice((3, 10, 1000, 1_000_000))
    while True:
        row = [rng.randint(0, scale) if rng.random() > 0.25 else 0 for _ in range(n)]
        if sum(row):
            return row


def _map(rng: random.Random, rows: int, width: int) -> str:
    """A map as typed: deterministic, a permutation, integer weights or exact fractions."""
    kind = rng.choice(("deterministic", "permutation", "weights", "fractions"))
    if kind == "permutation" and width == rows:
        images = rng.sample(range(width), width)
        return ";".join(",".join("1" if y == image else "0" for y in range(width)) for image in images)
    lines = []
    for _ in range(rows):
        if kind in ("deterministic", "permutation"):
            image = rng.randrange(width)
            lines.append(",".join("1" if y == image else "0" for y in range(width)))
            continue
        row = _weights(rng, width)
        if kind == "weights":
            lines.append(list_text(tuple(row)))
        else:
            total = sum(row)
            lines.append(",".join(number_text(Fraction(w, total)) for w in row))
    return ";".join(lines)


def post_sample(rng: random.Random) -> Record:
    texts = dict(_POST)
    if rng.random() < 0.45:
        k = rng.randint(1, 6)
        p = Fraction(rng.choice((500, 1000, rng.randint(500, 1000))), 1000)
        texts.update(source="fresh", p=field_text(POST_P, p), k=str(k))
        outputs = k + 1
    else:
        outputs = rng.randint(1, MAX_OUTPUTS)
        texts.update(
            weights0=list_text(tuple(_weights(rng, outputs))),
            weights1=list_text(tuple(_weights(rng, outputs))),
        )
    width = rng.randint(1, MAX_OUTPUTS)
    texts["map"] = _map(rng, outputs, width)
    reads = rng.random() < 0.3
    texts["reads"] = "1" if reads else ""
    texts["map1"] = _map(rng, outputs, width) if reads else texts["map"]
    texts["alpha"] = field_text(
        LAB_ALPHA, Fraction(rng.choice((10, 15, 20, 25, 30, rng.randint(10, 1000))), 10)
    )
    state = read_post_state(texts)
    assert isinstance(state, PostState), (texts, state)
    return {"texts": texts, "record": post_record(state)}


def group_sample(rng: random.Random) -> Record:
    p = Fraction(rng.choice((501, 600, 750, 900, 999, rng.randint(501, 999))), 1000)
    g = rng.choice((1, 2, 3, 20, rng.randint(1, 20)))
    ratio = p / (1 - p)
    top = min(int(ratio * 10), 1000)
    alpha1 = Fraction(rng.choice((10, top, rng.randint(10, top))), 10)
    texts = {"p": field_text(GROUP_P, p), "g": str(g), "alpha1": field_text(GROUP_ALPHA1, alpha1)}
    state = read_group_state(texts)
    assert isinstance(state, GroupState), (texts, state)
    return {"texts": texts, "record": group_record(state)}


def golden_vectors(post_samples: int = POST_SAMPLES, group_samples: int = GROUP_SAMPLES) -> Record:
    rng = random.Random(SEED)
    post_limits = (POST_P, POST_K, WEIGHTS0, WEIGHTS1, POST_MAP, READS, POST_MAP1, LAB_ALPHA)
    return {
        "limits": {
            "post": {limit.name: limit.as_json() for limit in post_limits},
            "group": {limit.name: limit.as_json() for limit in GROUP_NUMBERS},
        },
        "params": {"post": list(POST_PARAMS), "group": list(GROUP_PARAMS)},
        "max_chars": MAX_NUMBER_CHARS,
        "parse_cases": parse_cases(),
        "state_cases": state_cases(),
        "seed": SEED,
        "post_samples": [post_sample(rng) for _ in range(post_samples)],
        "group_samples": [group_sample(rng) for _ in range(group_samples)],
    }


def golden_files() -> dict[str, str]:
    """File name -> text of the labs' golden vectors."""
    return {FILE_NAME: dumps(golden_vectors())}
