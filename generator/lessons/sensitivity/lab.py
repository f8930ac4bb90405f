"""The noise-mechanism lab, declared (``{{ lab sensitivity }}``): a small database D, a
mechanism with the query it answers and the neighbour relation, α₀, the output range or the
categories, the claim α of δ*(α) and the tolerance τ of the accuracy.

URL (README, "The noise-mechanism lab's address and outputs"): ``values`` (1 to
:data:`MAX_RECORDS` signed integers), ``query=count|sum|unclipped``, ``bound``,
``neighbour=add-remove|replace``, ``mechanism=geometric|k-ary|exponential``, ``alpha0``, ``k``,
``lo``, ``hi``, ``alpha``, ``tolerance``. Outputs: ``database``, ``answers``, ``sensitivity``,
``eps-pure``, ``eps-guarantee``, ``delta-required``, ``max-event``, ``accuracy`` and the table
of the two laws (:mod:`.view`).

The mechanism decides which fields count (:func:`ignored`): the geometric mechanism answers
the typed query (a sum clipped to [-B, B], or not) on [lo, hi] and has no k; k-ary response
releases the first person's category and is local (its neighbour replaces that answer); the
exponential mechanism picks the most common of k categories. A field the state ignores is
never refused, and the record does not depend on it. The rules of the whole state
(:func:`rules`), each shown beside the field it names:

- ``values`` "category": with categories every record must be one of 0..k-1;
- ``hi`` "order" (hi < lo) and "width" (more than :data:`MAX_RANGE_WIDTH` + 1 outputs, the
  high end of :data:`RANGE_WIDTH`, which the page hands to the browser's rules);
- ``lo`` and ``hi`` "narrow": the range must hold both f(D) and f(D′).
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

from generator.core.fields import ChoiceLimit, FieldLimit, IntegerLimit, Kind, ListLimit
from generator.core.input_limits import LAB_ALPHA, LAB_ALPHA0
from generator.core.sensitivity import Neighbour, Query
from generator.course.golden import Golden
from generator.course.inputs import CLAIM_ALPHA, Field
from generator.course.lab import Examples, Lab, Texts, Values
from generator.course.lesson_file import opening
from generator.lessons.sensitivity.catalogue import DATA, PATH, Example
from generator.lessons.sensitivity.charts import CHARTS
from generator.lessons.sensitivity.records import State, StateRecord, query_name, state_record
from generator.lessons.sensitivity.setting import ANSWER, MODE, Mechanism, Setting, geometric_neighbours
from generator.lessons.sensitivity.view import TEXTS, announcement, view

FOLDER = Path(__file__).resolve().parent
CATEGORY, ORDER, WIDTH, NARROW = "category", "order", "width", "narrow"


def _count(name: str, low: int, high: int) -> FieldLimit:
    return FieldLimit(name, Kind.COUNT, Fraction(low), Fraction(high), 0)


# A database of 1 to MAX_RECORDS signed integer records; a query on it (a count, a sum clipped
# to [-B, B], or an unclipped sum), a neighbour relation and a mechanism: two-sided geometric
# noise with ratio 1/α₀ folded onto the output range [lo, hi] (at most MAX_RANGE_WIDTH + 1
# outputs, one table row each), k-ary randomized response or the exponential mechanism over k
# categories; the claim α of δ*(α) and the tolerance τ of the accuracy P(|Y - t| <= τ), which
# at the widest range's width already holds every output. α₀ is the composition lab's.
MAX_RECORDS = 10
MAX_RANGE_WIDTH = 60
RANGE_WIDTH = _count("width", 0, MAX_RANGE_WIDTH)  # hi - lo, a rule of the whole state
RECORD_VALUES = ListLimit("values", IntegerLimit("value", -100, 100), 1, MAX_RECORDS)
NOISE_QUERY = ChoiceLimit("query", ("count", "sum", "unclipped"))
CLIP_BOUND = _count("bound", 1, 100)
NOISE_NEIGHBOUR = ChoiceLimit("neighbour", ("add-remove", "replace"))
NOISE_MECHANISM = ChoiceLimit("mechanism", ("geometric", "k-ary", "exponential"))
CATEGORIES = _count("k", 2, 10)
RANGE_LO = IntegerLimit("lo", -1000, 1000)
RANGE_HI = IntegerLimit("hi", -1000, 1000)
TOLERANCE = _count("tolerance", 0, MAX_RANGE_WIDTH)

_COUNT_RULE = "{low}부터 {high}까지의 정수입니다."
_RANGE_RULE = "{low}부터 {high}까지의 정수입니다. 범위 밖의 잡음은 끝으로 접습니다."
_RANGE_MESSAGES = {
    ORDER: "출력 범위의 끝 hi는 시작 lo보다 작을 수 없습니다.",
    WIDTH: f"출력 범위는 {MAX_RANGE_WIDTH + 1}개 출력까지입니다: hi − lo ≤ {MAX_RANGE_WIDTH}.",
    NARROW: "출력 범위가 f(D)와 f(D′)를 둘 다 담지 못합니다. lo를 줄이거나 hi를 늘리세요.",
}
FIELDS = (
    Field(
        RECORD_VALUES,
        "데이터셋 D의 레코드",
        f"한 사람에 한 값씩, 쉼표로 구분한 정수 {MAX_RECORDS}개까지입니다. "
        "범주 메커니즘에서는 범주 번호입니다.",
        "3,-1,7,2",
        state_messages={
            CATEGORY: "범주를 내는 메커니즘에서는 각 레코드가 범주 0부터 k − 1 가운데 하나여야 합니다."
        },
    ),
    Field(NOISE_QUERY, "질의 f", "", labels=("레코드 수 n", "잘라 낸 합 [−B, B]", "자르지 않은 합")),
    Field(CLIP_BOUND, "자르기 경계 B", _COUNT_RULE, "2", "값"),
    Field(NOISE_NEIGHBOUR, "이웃 관계", "", labels=("한 명 추가·삭제", "한 명 교체")),
    Field(
        NOISE_MECHANISM,
        "메커니즘",
        "",
        labels=("기하 메커니즘 (이산 라플라스)", "k-진 무작위 응답", "지수 메커니즘 (최빈값)"),
    ),
    Field(
        LAB_ALPHA0, "메커니즘의 α₀ = exp(ε₀)", "{low}부터 {high}까지, 0.1 단위입니다.", "2.0 또는 3/2", "배"
    ),
    Field(CATEGORIES, "범주 수 k", _COUNT_RULE, "4", "개"),
    Field(RANGE_LO, "출력 범위의 시작 lo", _RANGE_RULE, "-10", "값", state_messages=_RANGE_MESSAGES),
    Field(RANGE_HI, "출력 범위의 끝 hi", _RANGE_RULE, "-10", "값", state_messages=_RANGE_MESSAGES),
    CLAIM_ALPHA,
    Field(TOLERANCE, "정확도의 허용 오차 τ", _COUNT_RULE, "1", "값"),
)

# The key results the summary bar keeps in view (data-out name, short term).
SUMMARY = (
    ("sensitivity", "민감도 Δ"),
    ("eps-pure", "순수 ε"),
    ("delta-required", "δ*(α)"),
    ("accuracy", "정확도"),
)

T = TypeVar("T")


def _value(values: Values, name: str, kind: type[T]) -> T:
    value = values[name]
    if not isinstance(value, kind):
        raise TypeError(f"{name}: a {kind.__name__} expected, got {value!r}")
    return value


def ignored(texts: Texts) -> tuple[str, ...]:
    """The fields a state of this mechanism (and query) does not use."""
    mechanism, query = texts.get("mechanism", ""), texts.get("query", "")
    if mechanism == Mechanism.GEOMETRIC:
        return ("k",) if query == Query.SUM else ("k", "bound")
    if mechanism == Mechanism.K_ARY:
        return ("query", "bound", "neighbour", "lo", "hi", "tolerance")
    if mechanism == Mechanism.EXPONENTIAL:
        return ("query", "bound", "lo", "hi", "tolerance")
    return ()


def _clipping(values: Values) -> tuple[Query, int | None] | None:
    """The geometric mechanism's query and bound B (None: unclipped), if they read."""
    query, bound = values.get("query"), values.get("bound")
    if query == "count":
        return Query.COUNT, None
    if query == "unclipped":
        return Query.SUM, None
    return (Query.SUM, bound) if query == "sum" and isinstance(bound, int) else None


def rules(values: Values) -> dict[str, str]:
    """The rules of the whole state (see the module's notes), on the values that read (a
    refused field is absent); each names only fields that the state's mechanism uses."""
    mechanism, records = values.get("mechanism"), values.get("values")
    if mechanism in (Mechanism.K_ARY, Mechanism.EXPONENTIAL):
        k = values.get("k")
        outside = isinstance(records, tuple) and isinstance(k, int) and any(not 0 <= v < k for v in records)
        return {"values": CATEGORY} if outside else {}
    lo, hi = values.get("lo"), values.get("hi")
    if mechanism != Mechanism.GEOMETRIC or not isinstance(lo, int) or not isinstance(hi, int):
        return {}
    if hi < lo:
        return {"hi": ORDER}
    if hi - lo > MAX_RANGE_WIDTH:
        return {"hi": WIDTH}
    clipping, neighbour = _clipping(values), values.get("neighbour")
    if not isinstance(records, tuple) or clipping is None or not isinstance(neighbour, str):
        return {}
    pair = geometric_neighbours(records, *clipping, Neighbour(neighbour))
    if not lo <= pair.answer0 <= hi or not lo <= pair.answer1 <= hi:
        return {"lo": NARROW, "hi": NARROW}
    return {}


def setting_of(values: Values) -> Setting:
    """The lesson's setting of the values of a state whose rules hold."""
    records, alpha0 = _value(values, "values", tuple), _value(values, "alpha0", Fraction)
    mechanism = Mechanism(_value(values, "mechanism", str))
    if mechanism is Mechanism.GEOMETRIC:
        clipping = _clipping(values)
        if clipping is None:
            raise ValueError("the geometric mechanism needs a query (and a bound for a clipped sum)")
        query, bound = clipping
        lo, hi = _value(values, "lo", int), _value(values, "hi", int)
        neighbour = Neighbour(_value(values, "neighbour", str))
        tolerance = _value(values, "tolerance", int)
        return Setting(records, query.value, bound, neighbour, mechanism, alpha0, lo, hi, None, tolerance)
    k = _value(values, "k", int)
    if mechanism is Mechanism.K_ARY:
        return Setting(records, ANSWER, None, Neighbour.REPLACE, mechanism, alpha0, 0, k - 1, k, 0)
    neighbour = Neighbour(_value(values, "neighbour", str))
    return Setting(records, MODE, None, neighbour, mechanism, alpha0, 0, k - 1, k, 0)


def state(values: Values) -> State:
    return State(setting_of(values), _value(values, "alpha", Fraction))


# The texts of the fields a catalogue row does not set: the claim α, and the fields its
# mechanism ignores (which the address keeps all the same).
ROW_TEXTS = {
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


def example_texts(example: Example) -> dict[str, str]:
    """The lab's texts of a catalogue row (its address)."""
    setting = example.setting()
    texts = {
        **ROW_TEXTS,
        "values": RECORD_VALUES.text(setting.values),
        "neighbour": str(setting.neighbour),
        "mechanism": str(setting.mechanism),
        "alpha0": LAB_ALPHA0.text(setting.alpha0),
    }
    if setting.categorical:
        return {**texts, "k": CATEGORIES.text(setting.categories)}
    texts |= {"query": query_name(setting), "lo": str(setting.lo), "hi": str(setting.hi)}
    texts["tolerance"] = TOLERANCE.text(setting.tolerance)
    return texts if setting.bound is None else {**texts, "bound": CLIP_BOUND.text(setting.bound)}


# ---------------------------------------------------------------------------------------
# Golden vectors: a seeded sample of the lab's domain (course/golden.py)

# Texts a person may leave in a field that the mechanism ignores: never refused.
_STRAY = ("", "x", "0", "-1.5", "<script>", "1e3")

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


def _alpha0(rng: random.Random) -> Fraction:
    if rng.random() < 0.6:
        return rng.choice((Fraction(1), Fraction(2), Fraction(3, 2), Fraction(11, 10), Fraction(100)))
    return Fraction(rng.randint(10, 1000), 10)


def _categories(rng: random.Random, texts: dict[str, str], size: int) -> dict[str, str]:
    k = rng.randint(2, 10)
    texts |= {"k": str(k), "values": ",".join(str(rng.randrange(k)) for _ in range(size))}
    for name in ignored(texts):
        if rng.random() < 0.2:
            texts[name] = rng.choice(_STRAY)
    return texts


def sample(rng: random.Random) -> dict[str, str]:
    """One state of the whole domain whose rules hold: a catalogue row now and then, else any
    mechanism, 1 to 10 records, clipped, unclipped and counted, both relations, α₀ on its 0.1
    grid from 1 to 100, ranges that just hold both answers or reach the width's limit, and now
    and then a stray text in a field the mechanism ignores."""
    if rng.random() < 0.1:
        return example_texts(rng.choice(DATA.catalogue))
    tenths = rng.choice((10, 11, 20, 40, 1000, rng.randint(10, 1000)))
    texts = {
        **ROW_TEXTS,
        "mechanism": rng.choice(("geometric", "geometric", "k-ary", "exponential")),
        "neighbour": rng.choice(("add-remove", "replace")),
        "alpha0": LAB_ALPHA0.text(_alpha0(rng)),
        "alpha": LAB_ALPHA.text(Fraction(tenths, 10)) if rng.random() < 0.8 else f"{tenths}/10",
    }
    size = rng.randint(1, MAX_RECORDS)
    if texts["mechanism"] != Mechanism.GEOMETRIC:
        return _categories(rng, texts, size)
    spread = rng.choice((3, 10, 100))
    records = tuple(rng.randint(-spread, spread) for _ in range(size))
    bound = rng.choice((1, 2, 5, rng.randint(1, 100)))
    texts |= {"values": RECORD_VALUES.text(records), "bound": str(bound), "tolerance": str(rng.randint(0, 4))}
    texts["query"] = rng.choice(("count", "sum", "sum", "unclipped"))
    answers = _answers(texts, records, bound)
    if answers[1] - answers[0] > MAX_RANGE_WIDTH or max(answers[1], -answers[0]) > RANGE_HI.high:
        texts["query"] = "count"  # no range holds both answers: count instead
        answers = _answers(texts, records, bound)
    room = MAX_RANGE_WIDTH - (answers[1] - answers[0])
    below = rng.choice((0, 1, rng.randint(0, room)))
    above = rng.choice((0, rng.randint(0, room - below)))
    texts |= {"lo": str(answers[0] - below), "hi": str(answers[1] + above)}
    for name in ignored(texts):
        if rng.random() < 0.2:
            texts[name] = rng.choice(_STRAY)
    return texts


def _answers(texts: dict[str, str], records: tuple[int, ...], bound: int) -> tuple[int, int]:
    """f(D) and f(D′) of a geometric state's texts, lowest first."""
    clipping = _clipping({"query": texts["query"], "bound": bound})
    assert clipping is not None
    pair = geometric_neighbours(records, *clipping, Neighbour(texts["neighbour"]))
    low, high = sorted((pair.answer0, pair.answer1))
    return low, high


def _case(**changes: str) -> dict[str, str]:
    return {**example_texts(opening(PATH, DATA.catalogue)), **changes}


STATE_CASES = (
    _case(mechanism="k-ary", values="3,1", k="3"),
    _case(mechanism="exponential", values="0,-1", k="4"),
    _case(mechanism="exponential", values="0,-1", k="x"),
    _case(lo="5", hi="4"),
    _case(lo="5", hi="4", alpha="4.05"),
    _case(lo="-40", hi="21"),
    _case(lo="-30", hi="30", values="100,100,100", query="unclipped"),
    _case(lo="2", hi="10"),
    _case(query="count", lo="5", hi="10"),
    _case(query="count", bound="0", lo="5", hi="10"),
    _case(mechanism="k-ary", values="2", k="2", lo="9", hi="1"),
)


LAB: Lab[State, StateRecord] = Lab(
    name="sensitivity",
    title="잡음 메커니즘 실험실",
    fields=FIELDS,
    state=state,
    record=state_record,
    view=view,
    examples=Examples(PATH, DATA.catalogue, example_texts),
    own_texts=TEXTS,
    rules=rules,
    rule_limits=(RANGE_WIDTH,),
    ignored=ignored,
    charts=CHARTS,
    summary=SUMMARY,
    announcement=announcement,
    golden=Golden(sample=sample, size=200, seed=12, state_cases=STATE_CASES, extra_texts=FIELD_TEXTS),
)
