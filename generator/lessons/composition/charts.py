"""Altair chart builders for one state's record: the distribution and the privacy profile.

Each builder returns a chart whose data are *named* data sets ("distribution", "profile",
"claim"); :data:`CHARTS` attaches them as the spec's top-level ``datasets``. The lab in the
browser embeds the very same spec (one per mode: the output axis is named for it) and swaps
the rows with ``view.data(name, rows)``; its module builds the same rows from its own record
(:data:`CHARTS`), so the row fields are an interface:

    distribution  output (label), order (position of the output), x ("x = 0" | "x = 1"),
                  probability (float), exact ("9/16"), reading ("9/16 ≈ 0.563"), in_event (bool)
    profile       alpha, delta (floats); alpha_exact, delta_exact, delta_reading (strings)
    claim         one row: alpha, delta, required (floats); alpha_exact, delta_exact,
                  required_exact, required_reading (strings)

Floats are chart coordinates only, each derived from the exact value beside it. A
``reading`` is the exact value as people read it (:func:`generator.course.templates.reading`:
"≈ 1 − 1.3 × 10⁻⁷" for a long fraction), which is what a tooltip shows.

The maximal event's outputs are marked by a grey band behind their bars, not by an outline:
at k = 100 a bar is two pixels wide and an outline would hide its colour. The α axis of the
profile is logarithmic, so that α = 1 … 10, where a small k does everything, takes half of it.
"""

from __future__ import annotations

from functools import partial

import altair as alt

from generator.core.rational import fraction_str
from generator.course.charts import ALPHA_TITLE, coordinate, series_layer
from generator.course.lab_charts import Chart, LabCharts
from generator.course.templates import reading
from generator.lessons.composition.records import StateRecord
from generator.lessons.composition.view import X_LABELS, chart_label

BLUE = "#4c78a8"  # x = 0
ORANGE = "#f58518"  # x = 1, and the claim δ
OUTLINE = "#111111"  # the selected claim α's point
EVENT_BAND = "#000000"  # behind the maximal event's outputs, at EVENT_BAND_OPACITY
EVENT_BAND_OPACITY = 0.1
ALPHA_TICKS = (1, 2, 3, 5, 10, 20, 30, 50, 100)
SELECTED = "#d62728"  # the selected claim α

PROFILE_LEGEND = ("정수 α에서의 정확한 δ*", "주장한 δ", "선택한 α의 정확한 δ*")

Row = dict[str, str | float | bool | int]
Rows = list[Row]


def distribution_rows(record: StateRecord) -> Rows:
    """One row per output and secret value, marking the claim's maximal event."""
    channel = record["channel"]
    event = set(record["claim"]["event"]["outputs"])
    rows: Rows = []
    for order, label in enumerate(channel["labels"]):
        for x_label, distribution in zip(
            X_LABELS, (channel["distribution0"], channel["distribution1"]), strict=True
        ):
            exact = distribution[order]
            rows.append(
                {
                    "output": label,
                    "order": order,
                    "x": x_label,
                    "probability": coordinate(exact),
                    "exact": fraction_str(exact),
                    "reading": reading(exact),
                    "in_event": label in event,
                }
            )
    return rows


def profile_rows(record: StateRecord) -> Rows:
    """The exact δ*(α) on the record's integer α grid."""
    grid = record["grid"]
    return [
        {
            "alpha": coordinate(alpha),
            "alpha_exact": fraction_str(alpha),
            "delta": coordinate(delta),
            "delta_exact": fraction_str(delta),
            "delta_reading": reading(delta),
        }
        for alpha, delta in zip(grid["alphas"], grid["deltas"], strict=True)
    ]


def claim_rows(record: StateRecord) -> Rows:
    """The claim (α, δ) and the exactly computed δ*(α) at the claim's α."""
    claim = record["claim"]
    return [
        {
            "alpha": coordinate(claim["alpha"]),
            "alpha_exact": fraction_str(claim["alpha"]),
            "delta": coordinate(claim["delta"]),
            "delta_exact": fraction_str(claim["delta"]),
            "required": coordinate(claim["required"]),
            "required_exact": fraction_str(claim["required"]),
            "required_reading": reading(claim["required"]),
        }
    ]


def distribution_data(record: StateRecord) -> dict[str, Rows]:
    """The distribution chart's named data set."""
    return {"distribution": distribution_rows(record)}


def profile_data(record: StateRecord) -> dict[str, Rows]:
    """The profile chart's named data sets: the curve and the claim."""
    return {"profile": profile_rows(record), "claim": claim_rows(record)}


def output_axis_title(mode: str) -> str:
    if mode == "xor":
        return "출력 (R, x XOR R)"
    return "출력 T: 공개된 1의 개수"


def distribution_chart(record: StateRecord) -> alt.LayerChart:
    """Grouped bars of P(output | x), with a grey band behind the maximal event's outputs."""
    x = alt.X(
        "output:O",
        sort=alt.EncodingSortField(field="order", op="min", order="ascending"),
        title=output_axis_title(record["channel"]["mode"]),
        axis=alt.Axis(labelAngle=0, labelOverlap=True),
    )
    rows = alt.Chart(alt.NamedData("distribution"))
    # Every row draws a band, transparent outside the event: a filtered layer would bring its
    # own sorted domain, and the union of two sorted domains is not sorted.
    in_band = (alt.datum.in_event) & (alt.datum.x == X_LABELS[0])
    band = rows.mark_rect(color=EVENT_BAND).encode(
        x=x, opacity=alt.when(in_band).then(alt.value(EVENT_BAND_OPACITY)).otherwise(alt.value(0))
    )
    bars = rows.mark_bar().encode(
        x=x,
        xOffset=alt.XOffset("x:N", sort=list(X_LABELS)),
        y=alt.Y("probability:Q", title="확률", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color(
            "x:N",
            title="비밀 비트",
            scale=alt.Scale(domain=list(X_LABELS), range=[BLUE, ORANGE]),
            legend=alt.Legend(orient="top"),
        ),
        tooltip=[
            alt.Tooltip("output:O", title="출력"),
            alt.Tooltip("x:N", title="비밀 비트"),
            alt.Tooltip("reading:N", title="확률"),
        ],
    )
    return alt.LayerChart(
        layer=[band, bars],
        width=280,
        height=200,
        description="출력별 확률: x = 0은 파랑, x = 1은 주황, 최대 사건의 출력은 회색 띠",
    )


def _series(chart: alt.Chart, name: str) -> alt.Chart:
    return series_layer(chart, name, PROFILE_LEGEND, (BLUE, ORANGE, SELECTED))


def profile_chart(record: StateRecord) -> alt.LayerChart:
    """δ*(α) at the integer α as points with a guide line, the claim δ and the selected α."""
    x = alt.X(
        "alpha:Q",
        title=ALPHA_TITLE,
        scale=alt.Scale(type="log", domain=[1, 100], nice=False),
        axis=alt.Axis(values=list(ALPHA_TICKS), format="d"),
    )
    y = alt.Y("delta:Q", title="필요한 δ", scale=alt.Scale(domain=[0, 1]))
    grid_tooltip = [
        alt.Tooltip("alpha_exact:N", title="α"),
        alt.Tooltip("delta_reading:N", title="δ*(α)"),
    ]
    profile = alt.Chart(alt.NamedData("profile"))
    claim = alt.Chart(alt.NamedData("claim"))
    guide = _series(profile.mark_line(strokeWidth=1, opacity=0.45), PROFILE_LEGEND[0]).encode(x=x, y=y)
    points = _series(profile.mark_point(filled=True, size=18, opacity=1), PROFILE_LEGEND[0]).encode(
        x=x, y=y, tooltip=grid_tooltip
    )
    claim_delta = _series(claim.mark_rule(strokeWidth=2, strokeDash=[6, 3]), PROFILE_LEGEND[1]).encode(
        y=alt.Y("delta:Q")
    )
    selected = _series(
        claim.mark_point(filled=True, size=110, opacity=1, stroke=OUTLINE, strokeWidth=1.5), PROFILE_LEGEND[2]
    ).encode(
        x=x,
        y=alt.Y("required:Q"),
        tooltip=[
            alt.Tooltip("alpha_exact:N", title="선택한 α"),
            alt.Tooltip("required_reading:N", title="δ*(α)"),
            alt.Tooltip("delta_exact:N", title="주장한 δ"),
        ],
    )
    return alt.LayerChart(
        layer=[guide, points, claim_delta, selected],
        width=280,
        height=200,
        description="정수 α마다 정확히 계산한 필요한 δ와 주장한 δ, 선택한 α의 점",
    )


def mode_of(record: StateRecord) -> str:
    """A state's spec set: its mode's (the output axis is named for it)."""
    return record["channel"]["mode"]


# The lab ships one spec set per mode (composition.lab adds which records carry them).
CHARTS: LabCharts[StateRecord] = LabCharts(
    mode_of,
    (
        Chart("distribution", distribution_chart, distribution_data, partial(chart_label, "distribution")),
        Chart("profile", profile_chart, profile_data, partial(chart_label, "profile")),
    ),
)
