"""The lab on a lesson page: ``{{ lab composition }}`` becomes ``lab_html("composition")``.

The markup is complete without JavaScript: every input shows its default value and every
output shows the default state's result, computed by the Python core (the catalogue row
:data:`DEFAULT_SLUG`), with the static SVG charts of that state. The lab module
(``lab/composition.mjs`` in this folder, over the kit) then takes the same elements over
and patches values and attributes into them from the BigInt engine; every sentence it
writes is one of :data:`generator.lessons.composition.result_html.TEXTS`, handed over as
``data-text-*``, so no Korean text is typed twice. :func:`lab_state_html` renders the lab
for any state, which is what the page must show after an update to it (the parity tests).

Interfaces the script relies on, all in this markup (the template
``templates/composition_lab.html`` over the course's ``lab.html`` and ``fields.html``):

- ``data-lab`` on the lab, with ``data-default`` (the default URL query) and the guided
  examples as buttons carrying ``data-preset``
  (their :func:`generator.lessons.composition.lab_url.lab_query`);
- one ``data-field`` wrapper per input, with its limit (``data-limit``: the JSON of
  :meth:`generator.core.input_limits.FieldLimit.as_json`, which the engine's ``parseField``
  reads), ``data-places`` (digits the stepper keeps) and its Korean messages per refusal
  (``data-messages``: empty, too-long, syntax, step, range; the engine's reason codes);
- outputs marked as DESIGN.md's "Lab outputs" table says (``data-out``, ``data-exact``,
  ``data-value``), rendered by ``templates/results.html`` as the cards are;
- the per-mode Vega-Lite specs of :func:`generator.lessons.composition.charts.chart_spec`, inline as JSON
  (``data-lab-specs``), since ``file://`` pages cannot fetch them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from generator.core.input_limits import LAB_ALPHA0, LAB_K, P
from generator.course.lab_fields import CLAIM_ALPHA, CLAIM_DELTA, Field
from generator.course.lab_shell import LabShell
from generator.course.placeholders import record_of
from generator.course.records import Record
from generator.lessons.composition.catalogue import BY_SLUG, CATALOGUE
from generator.lessons.composition.charts import chart_spec
from generator.lessons.composition.data import SLUG
from generator.lessons.composition.figures import example_chart
from generator.lessons.composition.lab_url import lab_query
from generator.lessons.composition.result_html import TEXTS, render_html, view

DEFAULT_SLUG = "fresh-k2"
ROOT_ID = "lab"
PREFIX = "cl-lab"
CHART_KINDS = ("distribution", "profile")
IGNORED_BY_XOR = ("k", "p")

MODE_HINTS = {
    "fresh": "매번 새로 무작위 응답을 뽑아 k개를 공개",
    "copy": "무작위 응답 하나를 k번 똑같이 공개",
    "xor": "공정한 동전 R과 x XOR R을 함께 공개",
}
XOR_DISABLED = "XOR 모드는 공정한 동전 R과 x XOR R, 두 출력으로 정해져 있어 k와 p를 쓰지 않습니다."
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


# The key results the summary bar keeps in view (data-out name, short term): the verdict,
# the required δ, the pure ε and the composition panel's three δ.
SUMMARY = (
    ("claim", "판정"),
    ("delta-required", "필요한 δ"),
    ("eps-pure", "순수 ε"),
    ("delta0", "δ₀"),
    ("theorem-delta", "정리의 δ"),
    ("composed-delta-exact", "정확한 δ"),
)


@cache
def chart_specs() -> dict[str, dict[str, dict[str, Any]]]:
    """mode -> kind -> the Altair spec of the first catalogue example in that mode."""
    first: dict[str, str] = {}
    for example in CATALOGUE:
        first.setdefault(str(example.mode), example.slug)
    return {
        mode: {kind: chart_spec(kind, record_of(slug)) for kind in CHART_KINDS}
        for mode, slug in first.items()
    }


def presets() -> list[tuple[str, str]]:
    """(query, title) of every catalogue example, the first title of each query."""
    queries: dict[str, str] = {}
    for example in CATALOGUE:
        queries.setdefault(lab_query(example), example.title)
    return list(queries.items())


def default_values() -> dict[str, str]:
    """The default state's field texts, from its URL query."""
    return dict(pair.split("=", 1) for pair in lab_query(BY_SLUG[DEFAULT_SLUG]).split("&"))


def shell() -> LabShell:
    return LabShell(
        name=SLUG,
        root_id=ROOT_ID,
        prefix=PREFIX,
        title="실험실",
        default_query=lab_query(BY_SLUG[DEFAULT_SLUG]),
        presets=presets(),
        specs=chart_specs(),
        own_texts=TEXTS,
        summary=SUMMARY,
    )


def lab_state_html(record: Record, values: Mapping[str, str], charts: Mapping[str, str] | None = None) -> str:
    """The lab showing the state of ``record``, its fields holding ``values`` (their texts),
    with the static charts ``charts`` (kind -> image; none: empty chart boxes)."""
    shown = view(record)
    mode = record["channel"]["mode"]
    return render_html(
        "composition_lab.html",
        lab=shell(),
        texts=TEXTS,
        shown=shown,
        mode=mode,
        xor=mode == "xor",
        mode_hints=MODE_HINTS,
        xor_disabled=XOR_DISABLED,
        fields=FIELDS,
        ignorable=IGNORED_BY_XOR,
        values=values,
        eps_lines={"alpha": shown["eps_alpha"], "alpha0": shown["eps_alpha0"]},
        charts=charts or dict.fromkeys(CHART_KINDS, ""),
    )


def lab_html(lesson: str) -> str:
    """The lab of a lesson, showing the default state's result."""
    if lesson != SLUG:
        raise ValueError(f"unknown lab {lesson!r}; expected one of {[SLUG]}")
    charts = {kind: example_chart(kind, DEFAULT_SLUG) for kind in CHART_KINDS}
    return lab_state_html(record_of(DEFAULT_SLUG), default_values(), charts)
