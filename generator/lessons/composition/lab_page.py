"""The lab on a lesson page: ``{{ lab composition }}`` becomes ``lab_html("composition")``.

The markup is complete without JavaScript: every input shows its default value and every
output shows the default state's result, computed by the Python core (the catalogue row
:data:`DEFAULT_SLUG`), with the static SVG charts of that state. The lab script
(the bundle of ``site_overrides/assets/javascripts/lab/*.mjs``, see :mod:`generator.course.lab_bundle`:
``composition.mjs`` over the kit in ``kit/``) then takes the same elements over and fills
them from the BigInt engine, with the same texts: a test holds the two renderings of
the default state equal.

Interfaces the script relies on, all in this markup:

- ``data-lab`` on the lab, with ``data-default`` (the default URL query) and the guided
  examples as buttons carrying ``data-preset``
  (their :func:`generator.lessons.composition.lab_url.lab_query`);
- one ``data-field`` wrapper per input, with its limit (``data-limit``: the JSON of
  :meth:`generator.core.input_limits.FieldLimit.as_json`, which the engine's ``parseField``
  reads), ``data-places`` (digits the stepper keeps) and its Korean messages per refusal
  (``data-messages``: empty, too-long, syntax, step, range; the engine's reason codes);
- outputs marked as DESIGN.md's "Lab outputs" table says (``data-out``, ``data-exact``,
  ``data-value``), rendered by :mod:`generator.lessons.composition.result_html` as the cards are;
- the per-mode Vega-Lite specs of :func:`generator.lessons.composition.charts.chart_spec`, inline as JSON
  (``data-lab-specs``), since ``file://`` pages cannot fetch them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import Any

from markupsafe import Markup

from generator.core.input_limits import LAB_ALPHA0, LAB_K, P
from generator.course.lab_fields import CLAIM_ALPHA, CLAIM_DELTA, SCRIPT_TEXTS, STATIC_NOTE, Field
from generator.course.placeholders import record_of
from generator.course.records import Record
from generator.course.templates import environment, number_html
from generator.lessons.composition.catalogue import BY_SLUG, CATALOGUE
from generator.lessons.composition.charts import X_LABELS, chart_spec
from generator.lessons.composition.data import SLUG
from generator.lessons.composition.figures import (
    MODE_NAMES,
    channel_text,
    event_text,
    figure_html,
)
from generator.lessons.composition.lab_url import lab_query
from generator.lessons.composition.result_html import (
    COMPOSITION_NOTE,
    XOR_REASON,
    attributes,
    composition_entries,
    composition_note,
    ln_html,
    result_entries,
    verdict_html,
)

DEFAULT_SLUG = "fresh-k2"
CHART_KINDS = ("distribution", "profile")

MODE_HINTS = {
    "fresh": "매번 새로 무작위 응답을 뽑아 k개를 공개",
    "copy": "무작위 응답 하나를 k번 똑같이 공개",
    "xor": "공정한 동전 R과 x XOR R을 함께 공개",
}
XOR_DISABLED = "XOR 모드는 공정한 동전 R과 x XOR R, 두 출력으로 정해져 있어 k와 p를 쓰지 않습니다."
XOR_EXPLAINER = (
    "XOR 모드는 공정한 동전 R과 x XOR R을 함께 공개합니다. 두 좌표는 하나씩 떼어 보면 각각 공정한 "
    "동전이라 x에 대해 아무것도 알려 주지 않고, 좌표마다 ε = 0이 성립합니다. 그런데 두 좌표의 XOR을 "
    "계산하면 R이 지워지고 x만 남습니다. 그래서 필요한 δ는 어느 α에서나 1입니다.",
    "구성 정리가 더하는 것은 앞선 출력이 주어졌을 때의 조건부 보장입니다. 여기서는 R을 안 뒤의 "
    "두 번째 좌표가 x를 그대로 드러내므로, 좌표마다의 주변 보장을 아무리 더해도 실제 비용을 "
    "설명하지 못합니다.",
)
FIELDS: tuple[Field, ...] = (
    Field(LAB_K, "반복 횟수 k", 0, "회", "{low}부터 {high}까지의 정수입니다.", "3", "numeric"),
    Field(P, "참으로 답할 확률 p", 0, "%", "{low}부터 {high}까지의 정수 퍼센트입니다.", "75", "numeric"),
    CLAIM_ALPHA,
    CLAIM_DELTA,
    Field(
        LAB_ALPHA0,
        "단계별 α₀",
        1,
        "배",
        "{low}부터 {high}까지, 0.1 단위입니다.",
        "3.0 또는 57/10",
        "decimal",
    ),
)


_SYMBOLS = {"alpha": "α", "alpha0": "α₀"}
FIELD_MACROS: Any = environment().get_template("fields.html").module


def _field_html(field: Field, value: str, disabled: bool) -> str:
    ident = f"cl-lab-{field.name}"
    eps = ""
    if field.name in ("alpha", "alpha0"):
        symbol = "ε" if field.name == "alpha" else "ε₀"
        eps = (
            f'<output class="cl-lab-eps" for="{ident}" data-lab-area data-lab-eps="{field.name}">'
            f"{symbol} = ln {_SYMBOLS[field.name]} = "
            f"{ln_html(Fraction(value))}</output>"
        )
    return str(
        FIELD_MACROS.number(
            field,
            value,
            "cl-lab",
            disabled=disabled,
            described_extra=" cl-lab-xor-reason" if field.name in ("k", "p") else "",
            extra=Markup(eps),
        )
    )


def _modes_html(mode: str) -> str:
    options = "".join(
        f'<label class="cl-lab-mode"><input type="radio" name="mode" value="{name}"'
        f"{' checked' if name == mode else ''}> <span>{escape(title)}</span> "
        f'<span class="cl-lab-mode-hint">{escape(MODE_HINTS[name])}</span></label>'
        for name, title in MODE_NAMES.items()
    )
    return f'<fieldset class="cl-lab-modes"><legend>공개 방식</legend>{options}</fieldset>'


def _results_html(record: Record) -> str:
    return (
        '<section class="cl-lab-results" data-lab-area aria-labelledby="cl-lab-results-title">'
        '<h4 id="cl-lab-results-title">결과</h4>'
        f"{verdict_html(record['claim'])}"
        f'<dl class="cl-lab-list" data-lab-results>{"".join(result_entries(record))}</dl></section>'
    )


def _composition_html(record: Record) -> str:
    return (
        '<section class="cl-lab-composition" data-lab-area aria-labelledby="cl-lab-composition-title">'
        '<h4 id="cl-lab-composition-title">구성 정리와 정확한 값</h4>'
        f'<dl class="cl-lab-list" data-lab-composition>{"".join(composition_entries(record))}</dl>'
        f'<p class="cl-lab-note" data-lab-composition-note data-note-xor="{escape(XOR_REASON)}" '
        f'data-note-composed="{escape(COMPOSITION_NOTE)}">{escape(composition_note(record))}</p></section>'
    )


def _hidden_unless(shown: bool) -> str:
    return "" if shown else " hidden"


def _xor_html(mode: str) -> str:
    paragraphs = "".join(f"<p>{escape(text)}</p>" for text in XOR_EXPLAINER)
    return (
        '<section class="cl-lab-xor" data-lab-xor aria-labelledby="cl-lab-xor-title"'
        f"{_hidden_unless(mode == 'xor')}>"
        f'<h4 id="cl-lab-xor-title">XOR은 왜 합성되지 않나</h4>{paragraphs}</section>'
    )


def distribution_caption(record: Record) -> str:
    event = record["claim"]["event"]
    return (
        f"{channel_text(record)}: 출력마다 {X_LABELS[0]}일 때의 확률은 파랑, {X_LABELS[1]}일 때는 주황 "
        f"막대입니다. 최대 사건 {event_text(event['outputs'])}({event['direction']} 방향)의 막대에 검은 "
        "윤곽선이 있습니다."
    )


def profile_caption(record: Record) -> str:
    claim = record["claim"]
    return (
        f"{channel_text(record)}: 정수 α = 1, 2, …, 100에서 정확히 계산한 δ*(α)가 파란 점이고, 점 사이의 "
        f"선은 안내선입니다. 주황 선은 주장한 δ = {claim['delta']}, 빨간 점은 선택한 α = {claim['alpha']}"
        f"에서 따로 정확히 계산한 δ* = {claim['required']}입니다."
    )


def _cell(exact: str) -> str:
    return f'<td data-exact="{escape(exact)}">{number_html(exact)}</td>'


def probability_rows(record: Record) -> str:
    channel = record["channel"]
    event = set(record["claim"]["event"]["outputs"])
    return "".join(
        f'<tr data-output="{escape(label)}"><th scope="row">{escape(label)}</th>'
        f"{_cell(p0)}{_cell(p1)}<td>{'예' if label in event else '아니요'}</td></tr>"
        for label, p0, p1 in zip(
            channel["labels"], channel["distribution0"], channel["distribution1"], strict=True
        )
    )


def profile_rows(record: Record) -> str:
    claim, grid = record["claim"], record["grid"]
    selected = (
        f'<tr class="cl-selected" data-alpha="{escape(claim["alpha"])}"><th scope="row">'
        f"{escape(claim['alpha'])} (선택)</th>{_cell(claim['required'])}</tr>"
    )
    rows = "".join(
        f'<tr data-alpha="{escape(alpha)}"><th scope="row">{escape(alpha)}</th>{_cell(delta)}</tr>'
        for alpha, delta in zip(grid["alphas"], grid["deltas"], strict=True)
    )
    return selected + rows


_SVG = re.compile(r"<svg .*?</svg>", re.DOTALL)


def _static_svg(kind: str) -> str:
    """The default state's chart: the very SVG the lesson's figure of that example shows."""
    found = _SVG.search(figure_html(kind, DEFAULT_SLUG))
    if not found:
        raise ValueError(f"the {kind} figure of {DEFAULT_SLUG!r} has no SVG")
    return found.group()


def _table(ident: str, caption: str, head: Sequence[str], body_attribute: str, rows: str) -> str:
    header = "".join(f'<th scope="col">{escape(title)}</th>' for title in head)
    return (
        f'<table class="cl-table" id="{ident}"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{header}</tr></thead><tbody {body_attribute}>{rows}</tbody></table>"
    )


def _figures_html(record: Record) -> str:
    probability = _table(
        "cl-lab-probability",
        "출력별 확률표",
        ("출력", f"P(출력 | {X_LABELS[0]})", f"P(출력 | {X_LABELS[1]})", "최대 사건에 포함"),
        'data-lab-rows="distribution"',
        probability_rows(record),
    )
    profile = _table(
        "cl-lab-profile-table",
        "α마다 필요한 최소 δ",
        ("α = e^ε", "필요한 δ*(α)"),
        'data-lab-rows="profile"',
        profile_rows(record),
    )
    return (
        '<figure class="cl-figure cl-lab-figure" data-lab-area data-lab-figure="distribution">'
        f'<figcaption id="cl-lab-distribution-caption" data-lab-caption="distribution">'
        f"{escape(distribution_caption(record))}</figcaption>"
        '<div class="cl-lab-chart" data-lab-chart="distribution" role="img" '
        'aria-label="출력별 확률 막대그래프. 값은 아래 확률표에 있습니다." '
        'aria-describedby="cl-lab-distribution-caption cl-lab-probability">'
        f'{_static_svg("distribution")}</div><div class="cl-lab-table-wrap">{probability}</div></figure>'
        '<figure class="cl-figure cl-lab-figure" data-lab-area data-lab-figure="profile">'
        f'<figcaption id="cl-lab-profile-caption" data-lab-caption="profile">'
        f"{escape(profile_caption(record))}</figcaption>"
        '<div class="cl-lab-chart" data-lab-chart="profile" role="img" '
        'aria-label="α에 따라 필요한 δ 그래프. 값은 아래 표에 있습니다." '
        'aria-describedby="cl-lab-profile-caption cl-lab-profile-table">'
        f"{_static_svg('profile')}</div>"
        f'<details class="cl-table-details"><summary>표로 보기</summary>{profile}</details></figure>'
    )


def chart_specs() -> dict[str, dict[str, object]]:
    """mode -> kind -> the Altair spec of the first catalogue example in that mode."""
    first: dict[str, str] = {}
    for example in CATALOGUE:
        first.setdefault(str(example.mode), example.slug)
    return {
        mode: {kind: chart_spec(kind, record_of(slug)) for kind in CHART_KINDS}
        for mode, slug in first.items()
    }


def _script_json(value: object) -> str:
    """JSON safe inside a <script> element: no "</" can close it early."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def _presets_html() -> str:
    queries: dict[str, str] = {}
    for example in CATALOGUE:
        queries.setdefault(lab_query(example), example.title)
    buttons = "".join(
        f'<button type="button" class="md-button cl-lab-preset"{attributes(data_preset=query)}>'
        f"{escape(title)}</button>"
        for query, title in queries.items()
    )
    return f'<div class="cl-lab-presets" role="group" aria-label="본문 예제 불러오기">{buttons}</div>'


def default_values() -> dict[str, str]:
    """The default state's field texts, from its URL query."""
    return dict(pair.split("=", 1) for pair in lab_query(BY_SLUG[DEFAULT_SLUG]).split("&"))


def lab_html(lesson: str) -> str:
    """The lab of a lesson, showing the default state's result."""
    if lesson != SLUG:
        raise ValueError(f"unknown lab {lesson!r}; expected one of {[SLUG]}")
    record = record_of(DEFAULT_SLUG)
    values = default_values()
    mode = values["mode"]
    fields = "".join(
        _field_html(field, values[field.name], mode == "xor" and field.name in ("k", "p")) for field in FIELDS
    )
    texts = attributes(**{f"data_text_{name}": text for name, text in SCRIPT_TEXTS.items()})
    return (
        f'<section class="cl-lab" id="lab" data-lab="{escape(lesson)}" '
        f'data-default="{escape(lab_query(BY_SLUG[DEFAULT_SLUG]))}"{texts} aria-labelledby="cl-lab-title">'
        '<h3 id="cl-lab-title" tabindex="-1">실험실</h3>'
        f'<p class="cl-lab-static" data-lab-static>{escape(STATIC_NOTE)}</p>'
        '<p class="cl-lab-notice" data-lab-notice role="status" hidden></p>'
        '<p class="cl-lab-notice cl-lab-failure" data-lab-error role="alert" hidden></p>'
        f"{_presets_html()}"
        '<form class="cl-lab-inputs" data-lab-form novalidate aria-label="실험 입력">'
        f"{_modes_html(mode)}"
        '<p class="cl-lab-xor-reason" id="cl-lab-xor-reason" data-lab-xor-reason'
        f"{_hidden_unless(mode == 'xor')}>"
        f"{escape(XOR_DISABLED)}</p>{fields}</form>"
        '<p class="cl-lab-live" data-lab-live aria-live="polite" aria-atomic="true"></p>'
        f"{_results_html(record)}{_figures_html(record)}{_composition_html(record)}{_xor_html(mode)}"
        f'<script type="application/json" data-lab-specs>{_script_json(chart_specs())}</script>'
        "</section>"
    )
