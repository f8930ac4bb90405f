"""The optimal-composition lab (``{{ lab optimal }}``), its cards (``{{ card <slug> }}``) and
figures (``{{ figure profile|loss <slug> }}``).

The learner composes k steps of (ln α₀, δ₀) (mode ``same``) or a list of up to 12 steps
(αᵢ, δᵢ) of their own (mode ``mixed``) and asks for a target δ. The markup is complete
without JavaScript: it shows the default state (the catalogue row :data:`DEFAULT_SLUG`)
computed by the Python core, with the static SVG of both charts. The lab module
(``lab/lab.mjs``, over the kit) then takes the same elements over; every sentence it writes
is one of :data:`TEXTS`, handed over as ``data-text-*``, so no Korean text is typed twice.

URL (README, "The optimal-composition lab"): ``mode=same|mixed``, ``alpha0``, ``delta0``,
``k``, ``steps`` (``3:0,2:0.01``: αᵢ:δᵢ, comma-separated) and ``delta``, every number as its
shortest exact decimal (or reduced fraction). A missing parameter takes its default, so
``alpha0=1.1&delta0=0&k=100&delta=0.00001`` opens mode same. Outputs (DESIGN.md):
``eps-optimal``, ``eps-basic`` (``data-alpha``, ``data-value``), ``eps-advanced``
(``data-value``), ``delta-at-basic``, ``theorem-delta`` (Σ δᵢ), ``loss-infinite`` (P(L = +∞))
(each ``data-exact``) and ``support-size`` (``data-value``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from markupsafe import Markup

from generator.core.input_limits import (
    OPTIMAL_ALPHA0,
    OPTIMAL_DELTA,
    OPTIMAL_DELTA0,
    OPTIMAL_K,
    OPTIMAL_STEPS,
    StepListLimit,
)
from generator.core.rational import fraction_of
from generator.core.readable import readable
from generator.course.charts import chart_image
from generator.course.lab_fields import Field
from generator.course.lab_shell import LabShell
from generator.course.records import Record
from generator.course.templates import fill_html, number_html, reading, render
from generator.lessons.optimal.catalogue import BY_SLUG, CATALOGUE, Example
from generator.lessons.optimal.charts import chart_specs
from generator.lessons.optimal.data import FILE
from generator.lessons.optimal.lab_state import BAR_MASS, CURVE_FLOOR, LabState, state_record

DEFAULT_SLUG = "k100"
PREFIX = "cl-optimal"
ROOT_ID = "optimal-lab"
MODES = (("same", "같은 (ln α₀, δ₀) 단계 k번"), ("mixed", "서로 다른 단계 (αᵢ, δᵢ)의 목록"))

FIELDS = (
    Field(
        OPTIMAL_ALPHA0,
        "각 단계의 α₀ = e^ε₀",
        3,
        "배",
        "{low}부터 {high}까지, 소수 셋째 자리까지입니다.",
        "1.1 또는 11/10",
        "decimal",
    ),
    Field(
        OPTIMAL_DELTA0,
        "각 단계의 δ₀",
        2,
        "확률",
        "{low}부터 {high}까지입니다. 1이면 x가 바로 드러나므로 받지 않습니다.",
        "0.000001 또는 1/1000000",
        "decimal",
    ),
    Field(OPTIMAL_K, "단계 수 k", 0, "번", "{low}부터 {high}까지의 정수입니다.", "100", "numeric"),
)
DELTA_FIELD = Field(
    OPTIMAL_DELTA,
    "목표 δ",
    10,
    "확률",
    "0보다 크고 1보다 작은 값, 곧 {low}부터 {high}까지이며, 입력한 소수나 분수를 그대로 정확히 씁니다.",
    "0.00001 또는 1/100000",
    "decimal",
)


@dataclass(frozen=True)
class StepsField:
    """The typed list of steps "αᵢ:δᵢ, …" (:class:`generator.core.input_limits.StepListLimit`),
    written by the course's list markup (``fields.html``)."""

    limit: StepListLimit
    label: str
    rule: str
    example: str

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    @property
    def hint(self) -> str:
        return self.rule

    def messages(self) -> dict[str, str]:
        return {
            "empty": f"단계를 하나 이상 입력하세요. {self.rule}",
            "too-long": "값이 너무 깁니다. 1,000자 이하로 입력하세요.",
            "syntax": f"단계마다 α:δ 꼴로 쓰고 쉼표로 구분하세요 (예: {self.example}).",
            "count": f"단계는 1개부터 {self.limit.max_items}개까지입니다.",
            "step": "각 αᵢ는 소수 셋째 자리까지 입력하세요 (예: 1.105).",
            "range": "각 αᵢ는 1부터 100까지, 각 δᵢ는 0 이상 1 미만입니다.",
        }


STEPS_FIELD = StepsField(
    OPTIMAL_STEPS,
    "단계 목록 (αᵢ:δᵢ)",
    "단계마다 αᵢ:δᵢ를 쓰고 쉼표로 구분합니다. 12단계까지입니다.",
    "3:0, 2:0.01",
)

# The key results the summary bar keeps in view (data-out name, short term).
SUMMARY = (
    ("eps-optimal", "최적 ε"),
    ("eps-advanced", "고급 정리 ε′"),
    ("eps-basic", "기본 정리 ε"),
    ("delta-at-basic", "기본 α에서 최적 δ"),
)

# The lesson's paragraph (its heading id in docs/lessons/optimal.md) that explains each result.
EXPLAINED_BY = {
    "eps-optimal": "optimal",
    "eps-basic": "basic-vs-advanced",
    "eps-advanced": "advanced",
    "theorem-delta": "basic-vs-advanced",
    "delta-at-basic": "optimal-derivation",
    "loss-infinite": "reveal",
    "support-size": "heterogeneous",
}

# Every sentence the lab module writes, with {slots} it fills; Python fills them the same way.
TEXTS = {
    "eps-with-alpha": "{epsilon} (α = {alpha})",
    # a long α reads "≈ 58.66" on its own: "(α ≈ 58.66)", never "(α = ≈ 58.66)"
    "eps-with-long-alpha": "{epsilon} (α {alpha})",
    "eps-infinite": "∞ (어떤 단계가 x를 드러낼 확률 {reveal} > 목표 δ)",
    "basic-over": "— (δ의 합 {sum} > 목표 δ)",
    "advanced-value": "{epsilon} (δ′ = {delta_prime})",
    "advanced-over": "— (δ′ = δ − Σ δᵢ ≤ 0)",
    "support": "{count}개",
    "caption-profile": (
        "정확한 최적 δ(ε) 곡선(파란 선)을 꺾이는 점 {points}곳에서 계산해 이었고, 세 답을 점으로 찍었습니다. "
        "δ 축은 로그 눈금이라 목표 δ의 1/1000({floor})보다 작은 δ는 맨 아래 선에 그렸습니다."
    ),
    "caption-loss": (
        "x = 0일 때 프라이버시 손실 L의 분포입니다. 유한한 값 {count}개 가운데 확률 10⁻⁶ 이상인 {shown}개를 "
        "막대로 그렸고, 나머지 {omitted}개는 생략했습니다. L = +∞일 확률은 {infinite}입니다."
    ),
    "announcement": "최적 ε {optimal}, 고급 정리 ε′ {advanced}, 기본 정리 ε {basic}",
    "chart-profile": "최적 합성의 δ(ε) 곡선과 세 답의 점. 값은 결과 목록에 있습니다.",
    "chart-loss": "프라이버시 손실 L의 분포 막대그래프. 설명은 그림 제목에 있습니다.",
}


def _with_alpha(epsilon: str, alpha: str) -> Markup:
    """An ε with its α (lab.mjs's withAlpha): "2.197 (α = 9)", or "4.072 (α ≈ 58.66)"."""
    name = "eps-with-long-alpha" if readable(fraction_of(alpha)).long else "eps-with-alpha"
    return fill_html(TEXTS[name], epsilon=epsilon, alpha=number_html(alpha))


def example_state(example: Example) -> LabState:
    """The lab's state of a catalogue row; the other mode's fields keep the default's values."""
    default = BY_SLUG[DEFAULT_SLUG]
    # the first heterogeneous row's steps fill the list while the lab shows mode same
    mixed = next(row for row in CATALOGUE if row.heterogeneous)
    if example.heterogeneous:
        assert default.alpha0 is not None
        assert default.delta0 is not None
        return LabState("mixed", default.alpha0, default.delta0, default.k, example.steps, example.delta)
    assert example.alpha0 is not None
    assert example.delta0 is not None
    return LabState("same", example.alpha0, example.delta0, example.k, mixed.steps, example.delta)


def _answer(value: str | None, alpha: str | None, html: Markup) -> dict[str, object]:
    return {"value": value, "alpha": alpha, "html": html}


def view(record: Record) -> dict[str, object]:
    """The values a state's template shows, all taken from its record."""
    optimal, basic, advanced = record["optimal"], record["basic"], record["advanced"]
    if optimal["alpha"] is None:
        shown_optimal = _answer(
            "inf", None, fill_html(TEXTS["eps-infinite"], reveal=reading(record["infinite"]))
        )
    else:
        shown_optimal = _answer(
            optimal["epsilon"],
            optimal["alpha"],
            _with_alpha(optimal["epsilon"], optimal["alpha"]),
        )
    if basic["applies"]:
        shown_basic = _answer(
            basic["epsilon"],
            basic["alpha"],
            _with_alpha(basic["epsilon"], basic["alpha"]),
        )
    else:
        shown_basic = _answer(None, None, fill_html(TEXTS["basic-over"], sum=reading(basic["delta"])))
    if advanced["applies"]:
        shown_advanced = _answer(
            advanced["epsilon"],
            None,
            fill_html(
                TEXTS["advanced-value"],
                epsilon=advanced["epsilon"],
                delta_prime=reading(advanced["delta_prime"]),
            ),
        )
    else:
        shown_advanced = _answer(None, None, fill_html(TEXTS["advanced-over"]))
    floor = Fraction(record["delta"]) * CURVE_FLOOR
    assert Fraction(1, 10**6) == BAR_MASS  # the loss caption says 10⁻⁶
    captions = {
        "profile": TEXTS["caption-profile"].format(points=len(record["curve"]), floor=reading(str(floor))),
        "loss": TEXTS["caption-loss"].format(
            count=record["support_size"],
            shown=len(record["bars"]),
            omitted=record["omitted_bars"],
            infinite=reading(record["infinite"]),
        ),
    }
    words = {"inf": "∞"}
    return {
        "record": record,
        "optimal": shown_optimal,
        "basic": shown_basic,
        "advanced": shown_advanced,
        "support": TEXTS["support"].format(count=record["support_size"]),
        "captions": captions,
        "announcement": TEXTS["announcement"].format(
            optimal=words.get(optimal["epsilon"], optimal["epsilon"]),
            advanced=advanced["epsilon"] if advanced["applies"] else "—",
            basic=basic["epsilon"] if basic["applies"] else "—",
        ),
    }


def lab_query(example: Example) -> str:
    """The query string that opens the lab on an example's inputs."""
    return example_state(example).query()


def presets() -> list[tuple[str, str]]:
    return [(lab_query(example), example.title) for example in CATALOGUE if example.preset]


def _charts(record: Record) -> dict[str, Markup]:
    specs = chart_specs(record)
    return {kind: chart_image(spec, TEXTS[f"chart-{kind}"]) for kind, spec in specs.items()}


def lab_html() -> str:
    """The lab, showing the default state's result."""
    state = example_state(BY_SLUG[DEFAULT_SLUG])
    record = state_record(state)
    shell = LabShell(
        name=FILE.slug,
        root_id=ROOT_ID,
        prefix=PREFIX,
        title="최적 합성 실험실",
        default_query=state.query(),
        presets=presets(),
        specs={"optimal": chart_specs(record)},
        own_texts=TEXTS,
        summary=SUMMARY,
    )
    return render(
        "optimal_lab.html",
        FILE.path.parent,
        lab=shell,
        modes=MODES,
        same_fields=FIELDS,
        steps_field=STEPS_FIELD,
        delta_field=DELTA_FIELD,
        values=state.texts(),
        charts=_charts(record),
        shown=view(record),
        explained_by=EXPLAINED_BY,
        texts=TEXTS,
    )


def card_html(slug: str) -> str:
    """A worked example's card: its inputs, the three answers, a link to the lab."""
    example = BY_SLUG[slug]
    shown = view(state_record(example_state(example)))
    return render(
        "card.html", FILE.path.parent, example=example, query=lab_query(example), root_id=ROOT_ID, shown=shown
    )


def figure_html(kind: str, slug: str) -> str:
    """``{{ figure profile|loss <slug> }}``: a worked example's chart with its caption."""
    if kind not in ("profile", "loss"):
        raise ValueError(f"unknown figure kind {kind!r}; expected 'profile' or 'loss'")
    record = state_record(example_state(BY_SLUG[slug]))
    chart = _charts(record)[kind]
    return render(
        "figure.html",
        FILE.path.parent,
        kind=kind,
        slug=slug,
        chart=chart,
        label=TEXTS[f"chart-{kind}"],
        shown=view(record),
    )
