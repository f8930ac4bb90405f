"""The events lab (``{{ lab events }}``) and the worked-example cards (``{{ card <slug> }}``).

The learner types a channel as two rows of weights, a claim (α, δ), and ticks an event S.
The markup is complete without JavaScript: it shows the default state (the catalogue row
:data:`DEFAULT_SLUG`) computed by the Python core, with the static SVG of its trade-off
chart. The lab module (``lab/lab.mjs`` in this folder, over the kit) then takes the same
elements over and patches values and attributes into them; every sentence it writes is
one of :data:`TEXTS`, handed over as ``data-text-*``, so no Korean text is typed twice.

Outputs (DESIGN.md, "Lab outputs"): ``delta-required``, ``claim``, ``max-event``,
``eps-pure``, ``event-excess-01``, ``event-excess-10`` and ``tv``, plus ``event``,
``event-p``, ``event-q`` and ``event-delta`` (the δ this one event needs), each exact one
with ``data-exact``.
"""

from __future__ import annotations

from generator.core.input_limits import LAB_ALPHA, LAB_DELTA, MAX_OUTPUTS
from generator.core.list_fields import EVENT, WEIGHTS0, WEIGHTS1, list_text
from generator.course.charts import chart_image
from generator.course.lab_fields import CLAIM_ALPHA, CLAIM_DELTA, ListField, field_text
from generator.course.lab_shell import LabShell
from generator.course.placeholders import record_of
from generator.course.records import Record
from generator.course.templates import reading, render
from generator.lessons.events.catalogue import BY_SLUG, CATALOGUE, Example
from generator.lessons.events.charts import chart_spec
from generator.lessons.events.data import FILE

DEFAULT_SLUG = "three"
PREFIX = "cl-events"
ROOT_ID = "events-lab"
PARAMS = ("weights0", "weights1", "alpha", "delta", "event")

_ROW_RULE = "출력 0부터 차례로, 쉼표로 구분한 0 이상의 정수 가중치입니다. 행의 합으로 나누어 확률로 씁니다."
FIELDS = (
    ListField(
        WEIGHTS0,
        "x = 0일 때의 가중치 (P)",
        _ROW_RULE,
        "9,6,1",
    ),
    ListField(
        WEIGHTS1,
        "x = 1일 때의 가중치 (Q)",
        _ROW_RULE,
        "1,6,9",
        (("mismatch", "두 행의 출력 수가 같아야 합니다. x = 0 행과 같은 개수의 값을 입력하세요."),),
    ),
    CLAIM_ALPHA,
    CLAIM_DELTA,
)
EVENT_FIELD = ListField(
    EVENT,
    "사건 S에 넣을 출력",
    "체크한 출력들이 사건 S입니다. 아무것도 고르지 않으면 빈 사건입니다.",
    "0,1",
    (
        (
            "no-output",
            "채널에 없는 출력이 사건에 있습니다. 출력 번호는 0부터 가중치 개수보다 하나 작은 수까지입니다.",
        ),
    ),
)

# The key results the summary bar keeps in view (data-out name, short term).
SUMMARY = (
    ("claim", "판정"),
    ("delta-required", "필요한 δ*(α)"),
    ("event-delta", "사건 S의 δ"),
    ("eps-pure", "순수 ε"),
    ("tv", "총변동거리"),
)

# The lesson's paragraph (its heading id in docs/lessons/events.md) that explains each result
# of the lab; the lab's terms link there.
EXPLAINED_BY = {
    "event-p": "event-inequality",
    "event-q": "event-inequality",
    "event-excess-01": "event-inequality",
    "event-excess-10": "event-inequality",
    "event-delta": "event-inequality",
    "delta-required": "exact-delta",
    "max-event": "exact-delta",
    "eps-pure": "pure-approximate",
    "tv": "testing",
}

# Every sentence the lab module writes, with {slots} it fills; Python fills them the same way.
TEXTS = {
    "verdict-pass": "주장 통과: 필요한 δ*(α)({required})가 주장한 δ({delta}) 이하입니다",
    "verdict-fail": "주장 실패: 필요한 δ*(α)({required})가 주장한 δ({delta})보다 큽니다",
    "event-pass": "이 사건 하나는 주장한 δ 안에서 부등식을 만족합니다 (이 사건에 필요한 δ: {required}).",
    "event-fail": "이 사건 하나가 이미 주장을 깨뜨립니다 (이 사건에 필요한 δ: {required}).",
    "announcement": "{verdict}. {event}",
    "outputs-caption": "출력별 확률과 초과량 (α = {alpha})",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 모든 사건이 δ 없이 부등식을 만족합니다",
    "eps-infinite": "∞ (한쪽에서만 나오는 출력이 있어 유한한 순수 ε이 없음)",
    "eps-zero": "0 (두 분포가 같음)",
    "in-max": "예",
    "not-in-max": "아니요",
    "output": "출력 {label}",
    "caption": (
        "사건 {count}개 각각을 ‘출력이 S에 들면 x = 0이라고 답하는’ 검정으로 보고 "
        "(오탐률 Q(S), 탐지율 P(S))에 "
        "찍었습니다. 실선은 가장 좋은 검정들, 점선은 가장 나쁜 검정들의 경계이고, 빨간 점은 고른 사건 "
        "{event}입니다."
    ),
    "chart-label": "사건별 검정의 (오탐률, 탐지율) 그래프. 고른 사건 {event}의 점은 ({fpr}, {tpr})입니다.",
}


def lab_query(example: Example) -> str:
    """The query string that opens the lab on an example's inputs."""
    texts = (
        ("weights0", list_text(example.weights0)),
        ("weights1", list_text(example.weights1)),
        ("alpha", field_text(LAB_ALPHA, example.alpha)),
        ("delta", field_text(LAB_DELTA, example.delta)),
        ("event", list_text(example.event)),
    )
    return "&".join(f"{name}={text}" for name, text in texts)


def _epsilon(pure: Record) -> dict[str, str]:
    """The pure ε's text parts: exact, decimal, and the sentence for 0 or ∞."""
    kind = pure["kind"]
    sentence = {"infinite": TEXTS["eps-infinite"], "zero": TEXTS["eps-zero"]}.get(kind, "")
    return {"kind": kind, "exact": pure["exact"], "decimal": pure["decimal"], "sentence": sentence}


def view(record: Record) -> dict[str, object]:
    """The values a state's template shows, all taken from its record."""
    claim, event = record["claim"], record["event"]
    maximal = claim["event"]
    max_text = (
        TEXTS["max-event"].format(event=maximal["text"], direction=maximal["direction"])
        if maximal["outputs"]
        else TEXTS["max-event-none"]
    )
    return {
        "record": record,
        "verdict": TEXTS["verdict-pass" if claim["passes"] else "verdict-fail"].format(
            required=reading(claim["required"]), delta=reading(claim["delta"])
        ),
        "event_verdict": TEXTS["event-pass" if event["passes"] else "event-fail"].format(
            delta=reading(claim["delta"]), required=reading(event["required"])
        ),
        "max_event": max_text,
        "epsilon": _epsilon(record["pure_epsilon"]),
        "caption": TEXTS["caption"].format(count=len(record["tradeoff"]["events"]), event=event["text"]),
        "chart_label": TEXTS["chart-label"].format(
            event=event["text"], fpr=event["mass1"], tpr=event["mass0"]
        ),
        "max_outputs": MAX_OUTPUTS,
        "texts": TEXTS,
        "explained_by": EXPLAINED_BY,
    }


def presets() -> list[tuple[str, str]]:
    return [(lab_query(example), example.title) for example in CATALOGUE if example.preset]


def lab_html() -> str:
    """The lab, showing the default state's result."""
    example = BY_SLUG[DEFAULT_SLUG]
    record = record_of(DEFAULT_SLUG)
    values = dict(pair.split("=", 1) for pair in lab_query(example).split("&"))
    shell = LabShell(
        name=FILE.slug,
        root_id=ROOT_ID,
        prefix=PREFIX,
        title="사건 실험실",
        default_query=lab_query(example),
        presets=presets(),
        specs={"tradeoff": {"tradeoff": chart_spec(record)}},
        own_texts=TEXTS,
        summary=SUMMARY,
    )
    return render(
        "events_lab.html",
        FILE.path.parent,
        lab=shell,
        fields=FIELDS,
        event_field=EVENT_FIELD,
        values=values,
        chosen={int(i) for i in example.event},
        chart=chart_image(chart_spec(record), str(view(record)["chart_label"])),
        **view(record),
    )


def card_html(slug: str) -> str:
    """A worked example's card: its inputs, the event's and the claim's results, a lab link."""
    example = BY_SLUG[slug]
    shown = view(record_of(slug))
    return render(
        "card.html", FILE.path.parent, example=example, query=lab_query(example), root_id=ROOT_ID, **shown
    )


def figure_html(kind: str, slug: str) -> str:
    """``{{ figure tradeoff <slug> }}``: a worked example's trade-off chart with its table."""
    if kind != "tradeoff":
        raise ValueError(f"unknown figure kind {kind!r}; expected 'tradeoff'")
    record = record_of(slug)
    shown = view(record)
    chart = chart_image(chart_spec(record), str(shown["chart_label"]))
    return render("figure.html", FILE.path.parent, slug=slug, chart=chart, **shown)
