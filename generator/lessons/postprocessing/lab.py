"""The lesson's two labs, declared: ``{{ lab postprocessing }}`` and ``{{ lab group }}``, on one page.

**The post-processing lab** (root ``#postprocessing-lab``). URL: ``source`` (``fresh`` or
``rows``), ``p``, ``k``, ``weights0``, ``weights1``, ``map``, ``reads``, ``map1``, ``alpha``.
A channel (k fresh counts at p, or two rows of weights), a map f typed as a matrix, the
toggle "f reads x" with its second matrix F¹, and α. Outputs (:mod:`.view`):
``delta-required`` (δ*_{f∘M}(α)), ``delta-channel`` (δ*_M(α)), ``claim`` (``data-value`` pass
when δ*_{f∘M}(α) <= δ*_M(α), else fail), ``max-event`` (of the image, ``data-direction``,
``data-outputs``), ``eps-pure`` (the image's) and ``eps-pure-channel`` (``data-value`` a
decimal or ``inf``), ``invertible`` (``data-value`` yes/no), ``violation`` (``data-value`` the
first α where the image needs more, or ""), and the table of both profiles on the integer
grid with their difference. The other source's fields, and F¹ while f does not read x, are
ignored (their text kept, never refused). Rules of the whole state, each shown beside its
field: ``weights1`` as long as ``weights0`` ("mismatch"); F⁰, and F¹ when f reads x, one row
per output of the channel ("rows"); F¹ as wide as F⁰ ("shape").

**The group lab** (root ``#group-lab``). URL: ``p``, ``g``, ``alpha1``. Outputs:
``delta-single`` (δ₁), ``delta-required`` (the group's exact δ* at α₁^g, ``data-alpha`` α₁^g),
``chain-textbook``, ``chain-sum``, ``eps-pure`` (exact g·ln(p/(1 − p)), ``data-value`` its
decimal), ``max-event``, and the table of the curve. α₁ above p/(1 − p) is refused beside α₁
("above-ratio"): there one person's δ₁ is 0 already.

The page holds both labs, so its address holds the state of the lab its fragment names
(``#postprocessing-lab`` or ``#group-lab``, kit/url's ``addressIsFor``).
"""

from __future__ import annotations

import random
from collections.abc import Collection
from fractions import Fraction
from pathlib import Path

from generator.core.fields import ChoiceLimit, FieldLimit, Kind, ListLimit, MatrixLimit
from generator.core.input_limits import (
    GROUP_ALPHA1,
    GROUP_G,
    GROUP_P,
    LAB_ALPHA,
    MAX_OUTPUTS,
    POST_K,
    POST_P,
    WEIGHT,
)
from generator.course.golden import Golden
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab, Texts, Values
from generator.course.lab_state import state_of
from generator.lessons.postprocessing.catalogue import (
    GROUP_EXAMPLES,
    PATH,
    POST_EXAMPLES,
    PostExample,
)
from generator.lessons.postprocessing.charts import GROUP_CHARTS, POST_CHARTS
from generator.lessons.postprocessing.records import (
    GroupRecord,
    GroupState,
    PostRecord,
    PostState,
    group_record,
    post_record,
)
from generator.lessons.postprocessing.view import (
    GROUP_TEXTS,
    POST_TEXTS,
    group_announcement,
    group_view,
    post_announcement,
    post_view,
)

FOLDER = Path(__file__).resolve().parent
MISMATCH, ROWS, SHAPE, ABOVE_RATIO = "mismatch", "rows", "shape", "above-ratio"

# ---------------------------------------------------------------------------------------
# The post-processing lab

SOURCE = ChoiceLimit("source", ("fresh", "rows"))
WEIGHTS0 = ListLimit("weights0", WEIGHT, 1, MAX_OUTPUTS, positive_sum=True)
WEIGHTS1 = ListLimit("weights1", WEIGHT, 1, MAX_OUTPUTS, positive_sum=True)
MAP = MatrixLimit("map", WEIGHT, MAX_OUTPUTS, MAX_OUTPUTS)
MAP1 = MatrixLimit("map1", WEIGHT, MAX_OUTPUTS, MAX_OUTPUTS)
# The toggle "f reads x": a group of one checkbox, its text "" or "1".
READS = ListLimit("reads", FieldLimit("reads", Kind.COUNT, Fraction(1), Fraction(1), 0), 0, 1, distinct=True)

_ROW_RULE = "출력 0부터 차례로, 쉼표로 구분한 0 이상의 정수 가중치입니다. 행의 합으로 나누어 확률로 씁니다."
_MAP_RULE = (
    "채널의 출력마다 한 행, 행은 ;로 나눕니다. 정수 가중치 행은 그 합으로 나누고, "
    "분수·소수 행은 합이 1이어야 합니다."
)
_ROWS_MESSAGE = "채널의 출력 수만큼 행이 있어야 합니다. 출력 하나에 한 행씩 쓰세요."
POST_FIELDS = (
    Field(
        SOURCE,
        "채널 M",
        "고른 쪽의 칸만 씁니다. 다른 쪽 칸은 값을 그대로 둔 채 꺼집니다.",
        labels=("k개의 새 응답 개수 (p, k)", "두 행의 가중치로 입력"),
    ),
    Field(POST_P, "참말 확률 p", "{low}부터 {high}까지, 소수 셋째 자리까지입니다.", "0.75", "확률"),
    Field(POST_K, "응답 수 k", "{low}부터 {high}까지의 정수입니다.", "3", "개"),
    Field(WEIGHTS0, "x = 0일 때의 가중치 (P)", _ROW_RULE, "3,1"),
    Field(
        WEIGHTS1,
        "x = 1일 때의 가중치 (Q)",
        _ROW_RULE,
        "1,3",
        state_messages={MISMATCH: "두 행의 출력 수가 같아야 합니다. x = 0 행과 같은 개수의 값을 입력하세요."},
    ),
    Field(MAP, "후처리 사상 f (x = 0일 때 F⁰)", _MAP_RULE, "1,0;0,1", state_messages={ROWS: _ROWS_MESSAGE}),
    Field(
        READS,
        "f가 x를 읽게 하기",
        "켜면 x = 1일 때 F¹을 씁니다. 더는 출력만의 함수가 아닙니다.",
        "1",
        labels=("f가 출력과 함께 x도 읽습니다",),
        checkboxes=True,
    ),
    Field(
        MAP1,
        "x = 1일 때의 사상 F¹",
        _MAP_RULE,
        "0,1;1,0",
        state_messages={
            ROWS: _ROWS_MESSAGE,
            SHAPE: "F¹은 F⁰과 열 수가 같아야 합니다 (출력 공간이 같아야 합니다).",
        },
    ),
    Field(LAB_ALPHA, "살펴볼 α", "{low}부터 {high}까지, 0.1 단위입니다.", "2.0 또는 5/2", "배"),
)

# The key results the summary bar keeps in view (data-out name, short term).
POST_SUMMARY = (
    ("claim", "판정"),
    ("delta-required", "f∘M의 δ*(α)"),
    ("delta-channel", "M의 δ*(α)"),
    ("eps-pure", "f∘M의 순수 ε"),
)


def post_ignored(texts: Texts) -> Collection[str]:
    """The other source's fields, and F¹ while the toggle is off (its text blank)."""
    ignored = ["p", "k"] if texts.get("source") == "rows" else ["weights0", "weights1"]
    if texts.get("reads", "").strip(" ") == "":
        ignored.append("map1")
    return ignored


def post_rules(values: Values) -> dict[str, str]:
    """The three rules of the whole state, on the values that read (a refused field is absent)."""
    refusals: dict[str, str] = {}
    source, k, weights0, weights1 = (values.get(name) for name in ("source", "k", "weights0", "weights1"))
    outputs: int | None = None
    if source == "fresh" and isinstance(k, int):
        outputs = k + 1
    elif source == "rows" and isinstance(weights0, tuple):
        outputs = len(weights0)
        if isinstance(weights1, tuple) and len(weights1) != outputs:
            refusals["weights1"] = MISMATCH
    maps = ("map", "map1") if values.get("reads") == (1,) else ("map",)
    for name in maps:
        rows = values.get(name)
        if isinstance(rows, tuple) and outputs is not None and len(rows) != outputs:
            refusals[name] = ROWS
    first, second = values.get("map"), values.get("map1")
    if (
        len(maps) == 2
        and isinstance(first, tuple)
        and isinstance(second, tuple)
        and "map1" not in refusals
        and len(first[0]) != len(second[0])
    ):
        refusals["map1"] = SHAPE
    return refusals


def post_state(values: Values) -> PostState:
    return PostState(
        source=values["source"],  # type: ignore[arg-type]
        p=values["p"],  # type: ignore[arg-type]
        k=values["k"],  # type: ignore[arg-type]
        weights0=values["weights0"],  # type: ignore[arg-type]
        weights1=values["weights1"],  # type: ignore[arg-type]
        map0=values["map"],  # type: ignore[arg-type]
        reads=values["reads"] == (1,),
        map1=values["map1"],  # type: ignore[arg-type]
        alpha=values["alpha"],  # type: ignore[arg-type]
    )


# What a row of the catalogue leaves out: the fields of the source it does not use.
_IDLE = {"p": Fraction(3, 4), "k": 3, "weights0": (3, 1), "weights1": (1, 3)}


def post_texts(example: PostExample) -> dict[str, str]:
    """The lab's texts of a post row (its address): F¹ is F⁰ unless the map reads x."""
    given: dict[str, object] = {name: getattr(example, name) for name in _IDLE}
    values = {
        **{name: _IDLE[name] if value is None else value for name, value in given.items()},
        "source": example.source,
        "map": example.map,
        "reads": () if example.map1 is None else (1,),
        "map1": example.map if example.map1 is None else example.map1,
        "alpha": example.alpha,
    }
    return {f.name: f.limit.text(values[f.name]) for f in POST_FIELDS}


# A state of two typed rows: the base of the samples and of the state cases.
ROWS_STATE = {
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
    elif kind in ("deterministic", "permutation"):
        images = [rng.randrange(width) for _ in range(rows)]
    else:
        lines = [_weights(rng, width) for _ in range(rows)]
        if kind == "weights":
            return MAP.text(lines)
        return MAP.text([[Fraction(w, sum(line)) for w in line] for line in lines])
    return MAP.text([[int(y == image) for y in range(width)] for image in images])


def post_sample(rng: random.Random) -> dict[str, str]:
    """One state of the whole domain: channels of both sources, maps of 1 to 8 columns as
    weights or fractions (deterministic, invertible and x-reading ones), α on the 0.1 grid."""
    texts = dict(ROWS_STATE)
    if rng.random() < 0.45:
        k = rng.randint(1, 6)
        p = Fraction(rng.choice((500, 1000, rng.randint(500, 1000))), 1000)
        texts.update(source="fresh", p=POST_P.text(p), k=str(k))
        outputs = k + 1
    else:
        outputs = rng.randint(1, MAX_OUTPUTS)
        texts.update(
            source="rows",
            weights0=WEIGHTS0.text(_weights(rng, outputs)),
            weights1=WEIGHTS1.text(_weights(rng, outputs)),
        )
    width = rng.randint(1, MAX_OUTPUTS)
    texts["map"] = _map(rng, outputs, width)
    reads = rng.random() < 0.3
    texts["reads"] = "1" if reads else ""
    texts["map1"] = _map(rng, outputs, width) if reads else texts["map"]
    texts["alpha"] = LAB_ALPHA.text(Fraction(rng.choice((10, 15, 20, 25, 30, rng.randint(10, 1000))), 10))
    return texts


POST_STATE_CASES = tuple(
    {**ROWS_STATE, **change}
    for change in (
        {"weights1": "1,3,1"},
        {"map": "1;1;1"},
        {"source": "fresh", "k": "2"},
        {"reads": "1", "map1": "1,0,0;0,1,0"},
        {"reads": "1", "map1": "1,0;0,1;1,0"},
        {"reads": "1", "map1": "1,0;1,0", "weights1": "1"},
        {"source": "fresh", "weights0": "x", "map": "1;1;1"},
        {"source": "rows", "k": "x", "weights0": "1,1,1", "map": "1;1"},
    )
)
# A field's own texts to read, beside its kind's (generator/course/golden.py).
POST_TEXTS_READ = {
    "p": ("0.75", "0.5", "0.501", "0.7501", "0.999", "3/4", "2"),
    "k": ("6", "7"),
    "map": ("1;1", "0.5,0.5;1/3,2/3", "1,0;0", "1,,0", "-1,2", "1/0,1", "2.5,1", "1:2", "007,1", "1," * 600),
    "reads": ("1", "01", " 1 ", "0", "2", "1,1"),
    "alpha": ("2.0", "2.5", "2.55", "5/2", "20", "101"),
}


POST_LAB: Lab[PostState, PostRecord] = Lab(
    name="postprocessing",
    title="후처리 실험실",
    fields=POST_FIELDS,
    state=post_state,
    record=post_record,
    view=post_view,
    examples=Examples(PATH, POST_EXAMPLES, post_texts),
    own_texts=POST_TEXTS,
    rules=post_rules,
    ignored=post_ignored,
    charts=POST_CHARTS,
    summary=POST_SUMMARY,
    announcement=post_announcement,
    golden=Golden(
        sample=post_sample, size=200, seed=10, state_cases=POST_STATE_CASES, extra_texts=POST_TEXTS_READ
    ),
    prefix="cl-post",
)

# ---------------------------------------------------------------------------------------
# The group lab

GROUP_FIELDS = (
    Field(GROUP_P, "참말 확률 p", "{low}부터 {high}까지, 소수 셋째 자리까지입니다.", "0.75", "확률"),
    Field(GROUP_G, "그룹 크기 g", "{low}부터 {high}까지의 정수입니다.", "2", "명"),
    Field(
        GROUP_ALPHA1,
        "한 사람의 α₁",
        "{low}부터 p/(1 − p)까지(최대 {high}), 0.1 단위입니다.",
        "2.5",
        "배",
        state_messages={
            ABOVE_RATIO: "α₁은 p/(1 − p) 이하여야 합니다. 그보다 크면 한 사람의 δ₁이 이미 0입니다."
        },
    ),
)
GROUP_SUMMARY = (
    ("delta-required", "그룹의 δ*"),
    ("chain-sum", "사슬의 합"),
    ("chain-textbook", "교과서 사슬"),
    ("eps-pure", "그룹의 순수 ε"),
)


def group_rules(values: Values) -> dict[str, str]:
    """α₁ may not exceed p/(1 − p) ("above-ratio")."""
    p, alpha1 = values.get("p"), values.get("alpha1")
    if isinstance(p, Fraction) and isinstance(alpha1, Fraction) and alpha1 > p / (1 - p):
        return {"alpha1": ABOVE_RATIO}
    return {}


def group_sample(rng: random.Random) -> dict[str, str]:
    """One state of the whole domain: p from 0.501 to 0.999, g up to 20, α₁ up to p/(1 − p)."""
    p = Fraction(rng.choice((501, 600, 750, 900, 999, rng.randint(501, 999))), 1000)
    g = rng.choice((1, 2, 3, 20, rng.randint(1, 20)))
    top = min(int(p / (1 - p) * 10), 1000)
    alpha1 = Fraction(rng.choice((10, top, rng.randint(10, top))), 10)
    return {"p": GROUP_P.text(p), "g": str(g), "alpha1": GROUP_ALPHA1.text(alpha1)}


GROUP_STATE_CASES = (
    {"p": "0.75", "g": "2", "alpha1": "3.1"},
    {"p": "0.6", "g": "1", "alpha1": "1.6"},
    {"p": "0.501", "g": "3", "alpha1": "1.1"},
)
GROUP_TEXTS_READ = {
    "p": ("0.75", "0.5", "0.501", "0.7501", "0.999", "3/4"),
    "g": ("20", "21"),
    "alpha1": ("2.5", "2.55", "5/2", "3"),
}


GROUP_LAB: Lab[GroupState, GroupRecord] = Lab(
    name="group",
    title="그룹 프라이버시 실험실",
    fields=GROUP_FIELDS,
    state=state_of(GroupState),
    record=group_record,
    view=group_view,
    examples=Examples.of_fields(PATH, GROUP_EXAMPLES, GROUP_FIELDS),
    own_texts=GROUP_TEXTS,
    rules=group_rules,
    charts=GROUP_CHARTS,
    summary=GROUP_SUMMARY,
    announcement=group_announcement,
    golden=Golden(
        sample=group_sample, size=100, seed=11, state_cases=GROUP_STATE_CASES, extra_texts=GROUP_TEXTS_READ
    ),
)
