"""The lesson's two labs (``{{ lab postprocessing }}``, ``{{ lab group }}``), its worked-example
cards (``{{ card <slug> }}``) and figures (``{{ figure profiles|group <slug> }}``).

**The post-processing lab** (root ``#postprocessing-lab``): a channel (fresh counts at p and
k, or two rows of weights), a map f typed as a matrix, the toggle "f reads x" with its
second matrix F¹, and α. Outputs (DESIGN.md, "Lab outputs"): ``delta-required``
(δ*_{f∘M}(α)), ``delta-channel`` (δ*_M(α)), ``claim`` (``data-value`` pass when
δ*_{f∘M}(α) <= δ*_M(α), else fail), ``max-event`` (of the image, ``data-direction``,
``data-outputs``), ``eps-pure`` (the image's) and ``eps-pure-channel`` (``data-value`` a
decimal or ``inf``), ``invertible`` (``data-value`` yes/no), ``violation`` (``data-value``
the first α where the image needs more, or ""), and the table of both profiles on the
integer grid with their difference.

**The group lab** (root ``#group-lab``): p, g and α₁. Outputs: ``delta-single`` (δ₁),
``delta-required`` (the group's exact δ* at α₁^g, ``data-alpha`` α₁^g), ``chain-textbook``,
``chain-sum``, ``eps-pure`` (exact g·ln(p/(1 − p)), ``data-value`` its decimal),
``max-event``, and the table of the curve.

Each lab's markup is complete without JavaScript: its default state computed by the core.
The lab modules (``lab/postprocessing.mjs``, ``lab/group.mjs``) patch values into the same
elements; every sentence they write is one of :data:`POST_TEXTS` or :data:`GROUP_TEXTS`,
handed over as ``data-text-*``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.channels import fresh_counts
from generator.core.finite_channel import FiniteChannel
from generator.core.input_limits import (
    GROUP_ALPHA1,
    GROUP_G,
    GROUP_P,
    LAB_ALPHA,
    POST_K,
    POST_MAP,
    POST_MAP1,
    POST_P,
    MatrixLimit,
)
from generator.core.list_fields import WEIGHTS0, WEIGHTS1, list_text
from generator.core.post_processing import StochasticMap
from generator.course.charts import chart_image
from generator.course.lab_fields import Field, ListField, field_text
from generator.course.lab_shell import LabShell
from generator.course.records import Record
from generator.course.templates import reading, render
from generator.lessons.postprocessing.catalogue import BY_SLUG, CATALOGUE, GroupExample, PostExample
from generator.lessons.postprocessing.charts import GROUP_LEGEND, POST_LEGEND, group_spec, profiles_spec
from generator.lessons.postprocessing.data import FILE
from generator.lessons.postprocessing.lab_state import (
    GRID_END,
    GROUP_PARAMS,
    POST_PARAMS,
    READS,
    GroupState,
    PostState,
    group_record,
    number_text,
    post_record,
    read_group_state,
    read_post_state,
)

POST_DEFAULT = "fresh3-threshold"
GROUP_DEFAULT = "group2"
POST_ROOT = "postprocessing-lab"
GROUP_ROOT = "group-lab"
POST_PREFIX = "cl-post"
GROUP_PREFIX = "cl-group"
# The texts of the fields a channel of the other source keeps (they are read all the same).
IDLE_TEXTS = {"p": "0.75", "k": "3", "weights0": "3,1", "weights1": "1,3"}


@dataclass(frozen=True)
class RuledField(Field):
    """A number field with the messages of the state's rules that it shows."""

    state_messages: tuple[tuple[str, str], ...] = ()

    def messages(self) -> dict[str, str]:
        return {**super().messages(), **dict(self.state_messages)}


@dataclass(frozen=True)
class MatrixField:
    """A typed matrix (a map f): its limit, label, rule and messages (the ``list`` macro's)."""

    limit: MatrixLimit
    label: str
    rule: str
    example: str
    state_messages: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def hint(self) -> str:
        return self.rule

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    def messages(self) -> dict[str, str]:
        high = field_text(self.limit.weight, self.limit.weight.high or Fraction(0))
        return {
            "empty": f"값을 입력하세요. {self.rule}",
            "too-long": "값이 너무 깁니다. 1,000자 이하로 입력하세요.",
            "syntax": (
                "행은 ;, 항목은 쉼표로 나누고, 각 항목은 0 이상의 정수·소수·분수로 쓰세요 "
                f"(예: {self.example})."
            ),
            "count": (
                f"행은 1개부터 {self.limit.max_rows}개까지, "
                f"열은 1개부터 {self.limit.max_columns}개까지입니다."
            ),
            "shape": "모든 행의 항목 수가 같아야 합니다.",
            "step": "정수 가중치 행에는 정수만 쓸 수 있습니다.",
            "range": f"정수 가중치는 0부터 {high}까지입니다.",
            "zero-sum": "모든 값이 0인 행은 확률분포가 되지 않습니다. 0보다 큰 값을 하나 이상 넣으세요.",
            "row-sum": (
                "분수나 소수로 쓴 행은 합이 정확히 1이어야 합니다. 정수 가중치로 쓰면 행의 합으로 나눕니다."
            ),
            **dict(self.state_messages),
        }


_ROW_RULE = "출력 0부터 차례로, 쉼표로 구분한 0 이상의 정수 가중치입니다. 행의 합으로 나누어 확률로 씁니다."
_MAP_RULE = (
    "채널의 출력마다 한 행, 행은 ;로 나눕니다. 정수 가중치 행은 그 합으로 나누고, "
    "분수·소수 행은 합이 1이어야 합니다."
)
_ROWS = ("rows", "채널의 출력 수만큼 행이 있어야 합니다. 출력 하나에 한 행씩 쓰세요.")

POST_FIELDS = (
    Field(
        POST_P, "참말 확률 p", 2, "확률", "{low}부터 {high}까지, 소수 셋째 자리까지입니다.", "0.75", "decimal"
    ),
    Field(POST_K, "응답 수 k", 0, "개", "{low}부터 {high}까지의 정수입니다.", "3", "numeric"),
    ListField(WEIGHTS0, "x = 0일 때의 가중치 (P)", _ROW_RULE, "3,1"),
    ListField(
        WEIGHTS1,
        "x = 1일 때의 가중치 (Q)",
        _ROW_RULE,
        "1,3",
        (("mismatch", "두 행의 출력 수가 같아야 합니다. x = 0 행과 같은 개수의 값을 입력하세요."),),
    ),
    MatrixField(POST_MAP, "후처리 사상 f (x = 0일 때 F⁰)", _MAP_RULE, "1,0;0,1", (_ROWS,)),
    MatrixField(
        POST_MAP1,
        "x = 1일 때의 사상 F¹",
        _MAP_RULE,
        "0,1;1,0",
        (_ROWS, ("shape", "F¹은 F⁰과 열 수가 같아야 합니다 (출력 공간이 같아야 합니다).")),
    ),
    Field(LAB_ALPHA, "살펴볼 α", 1, "배", "{low}부터 {high}까지, 0.1 단위입니다.", "2.0 또는 5/2", "decimal"),
)
READS_FIELD = ListField(
    READS, "f가 x를 읽게 하기", "켜면 x = 1일 때 F¹을 씁니다. 더는 출력만의 함수가 아닙니다.", "1"
)
GROUP_FIELDS = (
    Field(
        GROUP_P,
        "참말 확률 p",
        2,
        "확률",
        "{low}부터 {high}까지, 소수 셋째 자리까지입니다.",
        "0.75",
        "decimal",
    ),
    Field(GROUP_G, "그룹 크기 g", 0, "명", "{low}부터 {high}까지의 정수입니다.", "2", "numeric"),
    RuledField(
        GROUP_ALPHA1,
        "한 사람의 α₁",
        1,
        "배",
        "{low}부터 p/(1 − p)까지(최대 {high}), 0.1 단위입니다.",
        "2.5",
        "decimal",
        (("above-ratio", "α₁은 p/(1 − p) 이하여야 합니다. 그보다 크면 한 사람의 δ₁이 이미 0입니다."),),
    ),
)

POST_SUMMARY = (
    ("claim", "판정"),
    ("delta-required", "δ*_f∘M(α)"),
    ("delta-channel", "δ*_M(α)"),
    ("eps-pure", "f∘M의 순수 ε"),
)
GROUP_SUMMARY = (
    ("delta-required", "그룹의 δ*"),
    ("chain-sum", "사슬의 합"),
    ("chain-textbook", "교과서 사슬"),
    ("eps-pure", "그룹의 순수 ε"),
)

POST_TEXTS = {
    "verdict-pass": (
        "성립: α = {alpha}에서 후처리한 쪽의 δ*는 {image}, 채널의 δ*는 {channel}이고 앞의 값이 크지 않습니다"
    ),
    "verdict-fail": (
        "깨짐: α = {alpha}에서 후처리한 쪽의 δ*는 {image}, 채널의 δ*는 {channel}이고 앞의 값이 더 큽니다"
    ),
    "violation": (
        "f가 x를 읽어 부등식이 α = {alpha}에서 처음 깨집니다: 후처리한 쪽의 사건 {event}({direction} 방향)에 "
        "필요한 δ는 {image}이고 채널의 δ*는 {channel}입니다."
    ),
    "violation-none": "살펴본 모든 α에서 후처리한 쪽의 δ*가 채널의 δ* 이하입니다.",
    "announcement": "{verdict}. {violation}",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 후처리한 쪽의 모든 사건이 δ 없이 부등식을 만족합니다",
    "eps-infinite": "∞ (한쪽에서만 나오는 출력이 있어 유한한 순수 ε이 없음)",
    "eps-zero": "0 (두 분포가 같음)",
    "invertible-yes": "예: 채널이 낼 수 있는 출력 위에서 일대일인 결정적 사상이라 δ*가 그대로여야 합니다",
    "invertible-no": "아니요",
    "holds": "예",
    "breaks": "아니요",
    "grid-caption": "정수 α = 1부터 {end}까지 두 프로필과 차이 δ*_M − δ*_f∘M",
    "caption": "정수 α 격자에서 채널 M(파랑)과 후처리한 f∘M(빨강)의 δ*(α)입니다. {verdict}.",
    "chart-label": "두 프로필의 그래프. α = 1부터 {end}까지의 값은 아래 표에 있습니다.",
    "series-channel": POST_LEGEND[0],
    "series-image": POST_LEGEND[1],
}
GROUP_TEXTS = {
    "announcement": "그룹의 δ*는 {exact}, 사슬의 합은 {sum}, 교과서 사슬은 {textbook}입니다.",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 그룹 변화의 모든 사건이 δ 없이 부등식을 만족합니다",
    "curve-caption": (
        "α₁을 1부터 p/(1 − p) = {ratio}까지 10등분한 점에서 그룹의 정확한 δ*(α₁ᵍ)와 두 사슬 상한"
    ),
    "caption": (
        "한 사람의 α₁마다 g = {g}명 그룹의 δ를 α = α₁ᵍ에서 그렸습니다. 검은 점이 고른 α₁ = {alpha1}입니다."
    ),
    "chart-label": "그룹의 정확한 δ와 두 사슬 상한의 그래프. 값은 아래 표에 있습니다.",
    "series-exact": GROUP_LEGEND[0],
    "series-sum": GROUP_LEGEND[1],
    "series-textbook": GROUP_LEGEND[2],
}

# The lesson's headings (docs/lessons/postprocessing.md ids) that explain each result.
EXPLAINED_BY: dict[str, str] = {}


# ---------------------------------------------------------------------------------------
# Queries


def _integer_root(value: int, k: int) -> int | None:
    """The integer r with r^k = value, if there is one (binary search on integers)."""
    low, high = 0, max(1, value)
    while low < high:
        mid = (low + high) // 2
        if mid**k < value:
            low = mid + 1
        else:
            high = mid
    return low if low**k == value else None


def fresh_source(channel: FiniteChannel) -> Fraction | None:
    """The truth probability p when the channel is k <= 6 fresh counts at p (on the p field's
    grid), else None: p^k is P(count 0 | x = 0), and the whole channel must match."""
    k = len(channel.labels) - 1
    if not POST_K.in_range(Fraction(k)):
        return None
    first = channel.distribution0[0]
    num, den = _integer_root(first.numerator, k), _integer_root(first.denominator, k)
    if num is None or den is None:
        return None
    truth = Fraction(num, den)
    if not (POST_P.in_range(truth) and POST_P.on_grid(truth)) or fresh_counts(truth, k) != channel:
        return None
    return truth


def map_text(rows: StochasticMap) -> str:
    """A map as the address keeps it: a row of integers as weights, any other row exact."""
    return ";".join(",".join(number_text(entry) for entry in row) for row in rows.rows)


def post_texts(example: PostExample) -> dict[str, str]:
    """The nine texts that open the post-processing lab on an example."""
    texts = dict(IDLE_TEXTS)
    truth = fresh_source(example.channel)
    if truth is not None:
        texts.update(source="fresh", p=field_text(POST_P, truth), k=str(len(example.channel.labels) - 1))
    else:
        texts.update(
            source="rows",
            weights0=list_text(example.channel.weights0),
            weights1=list_text(example.channel.weights1),
        )
    first = map_text(example.map0)
    texts.update(
        map=first,
        reads="1" if example.map1 is not None else "",
        map1=first if example.map1 is None else map_text(example.map1),
        alpha=field_text(LAB_ALPHA, example.alpha),
    )
    return texts


def group_texts(example: GroupExample) -> dict[str, str]:
    return {
        "p": field_text(GROUP_P, example.p),
        "g": str(example.g),
        "alpha1": field_text(GROUP_ALPHA1, example.alpha1),
    }


def query(params: tuple[str, ...], texts: dict[str, str]) -> str:
    return "&".join(f"{name}={texts[name]}" for name in params)


def lab_query(example: PostExample | GroupExample) -> str:
    """The query string that opens the example's lab on its inputs."""
    if isinstance(example, PostExample):
        return query(POST_PARAMS, post_texts(example))
    return query(GROUP_PARAMS, group_texts(example))


def post_state(example: PostExample) -> PostState:
    state = read_post_state(post_texts(example))
    if not isinstance(state, PostState):
        raise ValueError(f"{example.slug}: the lab cannot open this example: {state}")
    return state


def group_state(example: GroupExample) -> GroupState:
    state = read_group_state(group_texts(example))
    if not isinstance(state, GroupState):
        raise ValueError(f"{example.slug}: the lab cannot open this example: {state}")
    return state


# ---------------------------------------------------------------------------------------
# Views


def _epsilon(pure: Record) -> dict[str, str]:
    kind = pure["kind"]
    sentence = {"infinite": POST_TEXTS["eps-infinite"], "zero": POST_TEXTS["eps-zero"]}.get(kind, "")
    return {"kind": kind, "exact": pure["exact"], "decimal": pure["decimal"], "sentence": sentence}


def _max_event(event: Record, texts: dict[str, str]) -> str:
    if not event["outputs"]:
        return texts["max-event-none"]
    return texts["max-event"].format(event=event["text"], direction=event["direction"])


def post_view(record: Record) -> dict[str, Any]:
    """The values a post-processing state's templates show, all from its record."""
    verdict = POST_TEXTS["verdict-pass" if record["passes"] else "verdict-fail"].format(
        alpha=record["alpha"], image=reading(record["delta_image"]), channel=reading(record["delta_channel"])
    )
    found = record["violation"]
    violation = (
        POST_TEXTS["violation"].format(
            alpha=found["alpha"],
            event=found["event"]["text"],
            direction=found["event"]["direction"],
            image=reading(found["image"]),
            channel=reading(found["channel"]),
        )
        if found
        else POST_TEXTS["violation-none"]
    )
    end = len(record["grid"])
    return {
        "record": record,
        "verdict": verdict,
        "violation": violation,
        "max_event": _max_event(record["max_event"], POST_TEXTS),
        "epsilon": _epsilon(record["pure_image"]),
        "epsilon_channel": _epsilon(record["pure_channel"]),
        "invertible": POST_TEXTS["invertible-yes" if record["invertible"] else "invertible-no"],
        "grid_caption": POST_TEXTS["grid-caption"].format(end=end),
        "caption": POST_TEXTS["caption"].format(verdict=verdict),
        "chart_label": POST_TEXTS["chart-label"].format(end=end),
        "grid_rows": GRID_END,
        "texts": POST_TEXTS,
        "explained_by": EXPLAINED_BY,
    }


def group_view(record: Record) -> dict[str, Any]:
    """The values a group state's templates show, all from its record."""
    return {
        "record": record,
        "max_event": _max_event(record["max_event"], GROUP_TEXTS),
        "epsilon": _epsilon(record["pure"]),
        "curve_caption": GROUP_TEXTS["curve-caption"].format(ratio=record["ratio"]),
        "caption": GROUP_TEXTS["caption"].format(g=record["g"], alpha1=record["alpha1"]),
        "chart_label": GROUP_TEXTS["chart-label"],
        "texts": GROUP_TEXTS,
        "explained_by": EXPLAINED_BY,
    }


def _presets(kind: type[PostExample] | type[GroupExample]) -> list[tuple[str, str]]:
    return [(lab_query(e), e.title) for e in CATALOGUE if isinstance(e, kind) and e.preset]


def post_lab_html() -> str:
    """The post-processing lab (``{{ lab postprocessing }}``), showing its default state."""
    example = BY_SLUG[POST_DEFAULT]
    assert isinstance(example, PostExample)
    record = post_record(post_state(example))
    shown = post_view(record)
    spec = profiles_spec(record)
    shell = LabShell(
        name="postprocessing",
        root_id=POST_ROOT,
        prefix=POST_PREFIX,
        title="후처리 실험실",
        default_query=lab_query(example),
        presets=_presets(PostExample),
        specs={"profiles": {"profiles": spec}},
        own_texts=POST_TEXTS,
        summary=POST_SUMMARY,
    )
    return render(
        "post_lab.html",
        FILE.path.parent,
        lab=shell,
        fields=POST_FIELDS,
        reads_field=READS_FIELD,
        values=post_texts(example),
        chart=chart_image(spec, str(shown["chart_label"])),
        **shown,
    )


def group_lab_html() -> str:
    """The group lab (``{{ lab group }}``), showing its default state."""
    example = BY_SLUG[GROUP_DEFAULT]
    assert isinstance(example, GroupExample)
    record = group_record(group_state(example))
    shown = group_view(record)
    spec = group_spec(record)
    shell = LabShell(
        name="group",
        root_id=GROUP_ROOT,
        prefix=GROUP_PREFIX,
        title="그룹 프라이버시 실험실",
        default_query=lab_query(example),
        presets=_presets(GroupExample),
        specs={"group": {"group": spec}},
        own_texts=GROUP_TEXTS,
        summary=GROUP_SUMMARY,
    )
    return render(
        "group_lab.html",
        FILE.path.parent,
        lab=shell,
        fields=GROUP_FIELDS,
        values=group_texts(example),
        chart=chart_image(spec, str(shown["chart_label"])),
        **shown,
    )


def _record_and_view(example: PostExample | GroupExample) -> tuple[Record, dict[str, Any]]:
    if isinstance(example, PostExample):
        record = post_record(post_state(example))
        return record, post_view(record)
    record = group_record(group_state(example))
    return record, group_view(record)


def card_html(slug: str) -> str:
    """A worked example's card: its inputs, its lab's results and a link to the lab."""
    example = BY_SLUG[slug]
    _, shown = _record_and_view(example)
    post = isinstance(example, PostExample)
    return render(
        "card.html",
        FILE.path.parent,
        example=example,
        post=post,
        query=lab_query(example),
        root_id=POST_ROOT if post else GROUP_ROOT,
        **shown,
    )


def figure_html(kind: str, slug: str) -> str:
    """``{{ figure profiles <post slug> }}`` or ``{{ figure group <group slug> }}``: a chart and its table."""
    example = BY_SLUG[slug]
    record, shown = _record_and_view(example)
    if kind == "profiles" and isinstance(example, PostExample):
        chart = chart_image(profiles_spec(record), str(shown["chart_label"]))
        return render("post_figure.html", FILE.path.parent, chart=chart, prefix=f"cl-fig-{slug}", **shown)
    if kind == "group" and isinstance(example, GroupExample):
        chart = chart_image(group_spec(record), str(shown["chart_label"]))
        return render("group_figure.html", FILE.path.parent, chart=chart, prefix=f"cl-fig-{slug}", **shown)
    raise ValueError(f"unknown figure {kind!r} for {slug!r}; expected 'profiles' (post rows) or 'group'")
