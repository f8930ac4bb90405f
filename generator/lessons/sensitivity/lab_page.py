"""The noise-mechanism lab (``{{ lab sensitivity }}``), its cards (``{{ card <slug> }}``) and
figures (``{{ figure laws <slug> }}``).

The learner types a small database D, picks a mechanism (geometric, k-ary response,
exponential), the query and the neighbour relation, α₀, the output range or the categories,
the claim α and the tolerance τ. The markup is complete without JavaScript: it shows the
default state computed by the Python core (:mod:`.lab_state`), with the static SVG of its
chart. The lab module (``lab/lab.mjs``, over the kit) then takes the same elements over;
every sentence it writes is one of :data:`TEXTS`, handed over as ``data-text-*``.

URL (README, "The noise-mechanism lab"): ``values`` (signed integers, comma-separated),
``query=count|sum|unclipped``, ``bound``, ``neighbour=add-remove|replace``,
``mechanism=geometric|k-ary|exponential``, ``alpha0``, ``k``, ``lo``, ``hi``, ``alpha``,
``tolerance``; a parameter the mechanism ignores keeps its text. Outputs: ``database``
(D and D′), ``sensitivity`` (``data-value``: Δ, ``inf``, or none), ``answers``
(``data-value`` "f(D),f(D′)"), ``delta-required`` (``data-exact``), ``max-event``
(``data-direction``, ``data-outputs``), ``eps-pure`` and ``eps-guarantee`` (``data-value``:
a decimal or ``inf``; ``data-ratio``: e^ε exactly), ``accuracy`` (``data-exact``) and the
table of the two laws (``data-lab-rows="laws"``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from markupsafe import Markup

from generator.core.input_limits import (
    CATEGORIES,
    CLIP_BOUND,
    LAB_ALPHA0,
    MAX_RANGE_WIDTH,
    MAX_RECORDS,
    NOISE_MECHANISM,
    NOISE_NEIGHBOUR,
    NOISE_QUERY,
    RANGE_HI,
    RANGE_LO,
    RECORD_VALUES,
    TOLERANCE,
    ChoiceLimit,
    IntegerLimit,
    IntegerListLimit,
)
from generator.course.charts import chart_image
from generator.course.lab_fields import CLAIM_ALPHA, STEP_HINT, Field
from generator.course.lab_shell import LabShell
from generator.course.records import Record
from generator.course.templates import cell_html, number_html, render
from generator.lessons.sensitivity.catalogue import BY_SLUG, CATALOGUE, Example
from generator.lessons.sensitivity.charts import chart_spec
from generator.lessons.sensitivity.data import FILE
from generator.lessons.sensitivity.lab_state import (
    CATEGORY,
    NARROW,
    ORDER,
    WIDTH,
    example_state,
    ignored,
    read_state,
    state_record,
)

DEFAULT_SLUG = "sum-replace"
PREFIX = "cl-sensitivity"
ROOT_ID = "sensitivity-lab"
_TOO_LONG = "값이 너무 깁니다. 1,000자 이하로 입력하세요."


@dataclass(frozen=True)
class ChoiceField:
    """A radio group (a choice limit): its legend and one label per choice."""

    limit: ChoiceLimit
    label: str
    labels: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    @property
    def options(self) -> list[tuple[str, str]]:
        return list(zip(self.limit.choices, self.labels, strict=True))

    def messages(self) -> dict[str, str]:
        choices = ", ".join(self.labels)
        return {"empty": f"하나를 고르세요: {choices}.", "syntax": f"다음 중 하나여야 합니다: {choices}."}


@dataclass(frozen=True)
class IntegerField:
    """A signed integer typed with its stepper (the course's number markup, ``fields.html``)."""

    limit: IntegerLimit
    label: str
    rule_text: str
    state_messages: tuple[tuple[str, str], ...] = ()
    places = 0
    step = "1"
    unit = "값"
    inputmode = "text"  # a phone's numeric pad may have no minus sign

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    @property
    def rule(self) -> str:
        return f"{self.limit.low}부터 {self.limit.high}까지의 정수입니다. {self.rule_text}"

    @property
    def range_text(self) -> str:
        return f"({self.limit.low}–{self.limit.high}, 정수)"

    @property
    def hint(self) -> str:
        return f"{self.rule} {STEP_HINT.format(step=self.step)}"

    def messages(self) -> dict[str, str]:
        return {
            "empty": f"값을 입력하세요. {self.rule}",
            "too-long": _TOO_LONG,
            "syntax": "정수만 입력하세요 (예: -10). 음수는 맨 앞에 - 를 붙이고, 공백이나 + 는 못 씁니다.",
            "step": "소수점 없이 정수로 입력하세요 (예: -10).",
            "range": f"범위를 벗어났습니다. {self.rule}",
            **dict(self.state_messages),
        }


@dataclass(frozen=True)
class ValuesField:
    """The database: a typed list of signed integers (:class:`IntegerListLimit`)."""

    limit: IntegerListLimit
    label: str
    hint: str

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    def messages(self) -> dict[str, str]:
        item = self.limit.item
        return {
            "empty": "데이터베이스가 비었습니다. 값을 하나 이상 입력하세요 (예: 3,-1,7,2).",
            "too-long": _TOO_LONG,
            "syntax": "쉼표로 구분한 정수만 입력하세요 (예: 3,-1,7,2). 음수는 - 를 붙입니다.",
            "count": f"기록은 1개부터 {self.limit.max_items}개까지입니다.",
            "step": "각 값은 소수점 없는 정수입니다.",
            "range": f"각 값은 {item.low}부터 {item.high}까지의 정수입니다.",
            CATEGORY: "범주를 내는 메커니즘에서는 각 기록이 범주 0부터 k − 1 가운데 하나여야 합니다.",
        }


VALUES_FIELD = ValuesField(
    RECORD_VALUES,
    "데이터베이스 D의 기록",
    f"한 사람에 한 값씩, 쉼표로 구분한 정수 {MAX_RECORDS}개까지입니다. 범주 메커니즘에서는 범주 번호입니다.",
)
MECHANISM_FIELD = ChoiceField(
    NOISE_MECHANISM,
    "메커니즘",
    ("기하 메커니즘 (이산 라플라스)", "k-갈래 무작위 응답", "지수 메커니즘 (최빈값)"),
)
QUERY_FIELD = ChoiceField(NOISE_QUERY, "질의 f", ("세기 (기록 수)", "잘라 낸 합 [−B, B]", "자르지 않은 합"))
NEIGHBOUR_FIELD = ChoiceField(NOISE_NEIGHBOUR, "이웃 관계", ("한 명 추가·삭제", "한 명 교체"))
BOUND_FIELD = Field(
    CLIP_BOUND, "자르기 경계 B", 0, "값", "{low}부터 {high}까지의 정수입니다.", "2", "numeric"
)
ALPHA0_FIELD = Field(
    LAB_ALPHA0,
    "메커니즘의 α₀ = e^ε₀",
    1,
    "배",
    "{low}부터 {high}까지, 0.1 단위입니다.",
    "2.0 또는 3/2",
    "decimal",
)
K_FIELD = Field(CATEGORIES, "범주 수 k", 0, "개", "{low}부터 {high}까지의 정수입니다.", "4", "numeric")
_RANGE_MESSAGES = (
    (ORDER, "출력 범위의 끝 hi는 시작 lo보다 작을 수 없습니다."),
    (WIDTH, f"출력 범위는 {MAX_RANGE_WIDTH + 1}개 출력까지입니다: hi − lo ≤ {MAX_RANGE_WIDTH}."),
    (NARROW, "출력 범위가 f(D)와 f(D′)를 둘 다 담지 못합니다. lo를 줄이거나 hi를 늘리세요."),
)
LO_FIELD = IntegerField(RANGE_LO, "출력 범위의 시작 lo", "범위 밖의 잡음은 끝으로 접습니다.", _RANGE_MESSAGES)
HI_FIELD = IntegerField(RANGE_HI, "출력 범위의 끝 hi", "범위 밖의 잡음은 끝으로 접습니다.", _RANGE_MESSAGES)
TOLERANCE_FIELD = Field(
    TOLERANCE, "정확도의 허용 오차 τ", 0, "값", "{low}부터 {high}까지의 정수입니다.", "1", "numeric"
)

SUMMARY = (
    ("sensitivity", "민감도 Δ"),
    ("eps-pure", "순수 ε"),
    ("delta-required", "δ*(α)"),
    ("accuracy", "정확도"),
)

# The lesson's paragraphs (heading ids in docs/lessons/sensitivity.md) that explain each result.
EXPLAINED_BY: dict[str, str] = {}

TEXTS = {
    "database": "D = ({d0}), D′ = ({d1})",
    "answers": "f(D) = {a0}, f(D′) = {a1}",
    "answers-k-ary": "첫 사람의 답: D에서 {a0}, D′에서 {a1}",
    "answers-exponential": "최빈값: D에서 {a0}, D′에서 {a1}",
    "sensitivity": "{value} (이 D′에서 답이 {distance}만큼 움직임)",
    "sensitivity-infinite": "∞ (자르지 않은 합: 한 사람이 합을 얼마든지 바꿀 수 있음)",
    "sensitivity-none": "— (범주를 내므로 답 사이의 거리가 없음)",
    "sensitivity-score": "{value} (점수 u = 범주의 기록 수)",
    "eps-value": "{exact} ≈ {decimal}",
    "eps-zero": "0 (두 분포가 같음)",
    "eps-infinite": "∞ (한쪽에서만 나오는 출력이 있음)",
    "eps-uncalibrated": "∞ (민감도가 무한하여 α₀를 어떻게 골라도 보정할 수 없음. 이 한 쌍만 보면 {pair})",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 모든 사건이 δ 없이 부등식을 만족합니다",
    "in-max": "예",
    "not-in-max": "아니요",
    "laws-caption": "출력 범위 [{lo}, {hi}]에서 두 데이터베이스가 내는 출력의 정확한 분포",
    "chart-caption": (
        "D(파란 선)와 D′(주황 선)에서 메커니즘이 각 출력 y를 낼 정확한 확률입니다. 그래프의 점 위치만 "
        "부동소수점으로 그렸고, 값은 아래 표에 분수로 있습니다."
    ),
    "chart-label": "두 이웃 데이터베이스의 출력 분포 그래프. 값은 아래 표에 있습니다.",
    "announcement": "민감도 {sensitivity}, 순수 ε {epsilon}, δ*(α) {delta}, 정확도 {accuracy}",
}


def lab_query(example: Example) -> str:
    return example_state(example).query_string()


def presets() -> list[tuple[str, str]]:
    return [(lab_query(example), example.title) for example in CATALOGUE if example.preset]


def _epsilon(pure: Record, pair: Record | None = None) -> dict[str, str]:
    """An ε's slot: data-value, data-ratio and its text (the kind's sentence, or the value)."""
    if pair is not None and pure["kind"] == "infinite" and pair["kind"] != "infinite":
        text = TEXTS["eps-uncalibrated"].format(pair=_epsilon(pair)["text"])
    elif pure["kind"] == "finite":
        text = TEXTS["eps-value"].format(exact=pure["exact"], decimal=pure["decimal"])
    else:
        text = TEXTS[f"eps-{pure['kind']}"]
    return {"value": pure["decimal"], "ratio": pure["max_ratio"] or "", "text": text}


def _numbers(values: list[int]) -> str:
    return ", ".join(str(value).replace("-", "−") for value in values)


def view(record: Record) -> dict[str, object]:
    """The values a state's template shows, all taken from its record."""
    mechanism, sensitivity = record["mechanism"], record["sensitivity"]
    answers_text = {"k-ary": "answers-k-ary", "exponential": "answers-exponential"}.get(mechanism, "answers")
    if sensitivity is None:
        shown_sensitivity = TEXTS["sensitivity-none"]
    elif sensitivity == "inf":
        shown_sensitivity = TEXTS["sensitivity-infinite"]
    elif mechanism == "exponential":
        shown_sensitivity = TEXTS["sensitivity-score"].format(value=sensitivity)
    else:
        shown_sensitivity = TEXTS["sensitivity"].format(value=sensitivity, distance=record["distance"])
    event = record["event"]
    channel = record["channel"]
    rows = [
        {
            "label": label,
            "p": p,
            "q": q,
            "p_html": cell_html(p),
            "q_html": cell_html(q),
            "in_max": label in event["outputs"],
        }
        for label, p, q in zip(
            channel["labels"], channel["distribution0"], channel["distribution1"], strict=True
        )
    ]
    return {
        "record": record,
        "database": TEXTS["database"].format(
            d0=_numbers(record["database0"]), d1=_numbers(record["database1"])
        ),
        "answers": TEXTS[answers_text].format(a0=record["answer0"], a1=record["answer1"]),
        "sensitivity": shown_sensitivity,
        "max_event": (
            TEXTS["max-event"].format(event=event["text"], direction=event["direction"])
            if event["outputs"]
            else TEXTS["max-event-none"]
        ),
        "epsilon": _epsilon(record["pure_epsilon"], record["pair_epsilon"]),
        "guarantee": _epsilon(record["guarantee"]),
        "delta_html": number_html(record["delta"]),
        "accuracy_html": number_html(record["accuracy"]),
        "rows": rows,
        "laws_caption": TEXTS["laws-caption"].format(lo=record["lo"], hi=record["hi"]),
        "texts": TEXTS,
        "explained_by": EXPLAINED_BY,
    }


def _chart(record: Record) -> Markup:
    return chart_image(chart_spec(record), TEXTS["chart-label"])


def lab_html() -> str:
    """The lab, showing the default state's result."""
    state = example_state(BY_SLUG[DEFAULT_SLUG])
    record = state_record(state)
    shell = LabShell(
        name=FILE.slug,
        root_id=ROOT_ID,
        prefix=PREFIX,
        title="잡음 메커니즘 실험실",
        default_query=state.query_string(),
        presets=presets(),
        specs={"sensitivity": {"laws": chart_spec(record)}},
        own_texts=TEXTS,
        summary=SUMMARY,
    )
    return render(
        "sensitivity_lab.html",
        FILE.path.parent,
        lab=shell,
        values=state.texts(),
        off=ignored(str(state.mechanism), state.query),
        values_field=VALUES_FIELD,
        choices=(MECHANISM_FIELD, QUERY_FIELD, NEIGHBOUR_FIELD),
        numbers=(BOUND_FIELD, ALPHA0_FIELD, K_FIELD, LO_FIELD, HI_FIELD, CLAIM_ALPHA, TOLERANCE_FIELD),
        chart=_chart(record),
        **view(record),
    )


def card_html(slug: str) -> str:
    """A worked example's card: its setting, the results, a link to the lab."""
    example = BY_SLUG[slug]
    state = example_state(example)
    assert read_state(state.texts()) == state
    return render(
        "card.html",
        FILE.path.parent,
        example=example,
        query=state.query_string(),
        root_id=ROOT_ID,
        **view(state_record(state)),
    )


def figure_html(kind: str, slug: str) -> str:
    """``{{ figure laws <slug> }}``: a worked example's two laws, chart and table."""
    if kind != "laws":
        raise ValueError(f"unknown figure kind {kind!r}; expected 'laws'")
    record = state_record(example_state(BY_SLUG[slug]))
    return render("figure.html", FILE.path.parent, slug=slug, chart=_chart(record), **view(record))
