"""The optimal-composition lab's two charts of one state, from its record.

``profile``: the exact optimal δ(ε) at the profile's kinks (α = 1 and every likelihood
ratio above 1, :func:`generator.lessons.optimal.records.curve_rows`) on a log δ axis, with
the three answers as points: the optimal (ε_opt, δ), the advanced theorem's (ε′, δ) and the
basic theorem's (ln Π αᵢ, Σ δᵢ). A log axis has no 0, so every δ below the floor
δ·CURVE_FLOOR is drawn on it (the caption says so). ``loss``: the law of the privacy loss L
as bars (its mass at +∞ is in the caption).

The data are named data sets that the lab swaps with ``view.data`` (the browser's module
builds the same rows from its own record), so the row fields are an interface:

    curve    epsilon, delta (floats)
    points   series (the answer's name), epsilon, delta (floats)
    bars     loss, probability (floats)

Floats are chart coordinates only, each the nearest double to an exact value (the record's).
"""

from __future__ import annotations

import altair as alt

from generator.course.lab_charts import Chart, LabCharts
from generator.lessons.optimal.records import StateRecord
from generator.lessons.optimal.view import TEXTS

BLUE = "#4c78a8"
# Each answer's name in the legend, in the legend's order, and its colour.
SERIES = {"optimal": "최적 합성", "advanced": "고급 합성 정리", "basic": "기본 합성 정리"}
COLOURS = ("#d62728", "#ff7f0e", "#2ca02c")

Rows = list[dict[str, object]]


def profile_rows(record: StateRecord) -> dict[str, Rows]:
    """The δ(ε) chart's named data sets: the curve, and the three answers' points."""
    points = [
        {"series": SERIES[point["answer"]], "epsilon": point["epsilon"], "delta": point["delta"]}
        for point in record["points"]
    ]
    return {"curve": [dict(row) for row in record["curve"]], "points": points}


def loss_rows(record: StateRecord) -> dict[str, Rows]:
    """The loss chart's named data set: the bars of L's law."""
    return {"bars": [dict(row) for row in record["bars"]]}


def profile_chart(record: StateRecord) -> alt.LayerChart:
    """The optimal δ(ε) as a line on a log δ axis, and the three answers as points."""
    x = alt.X("epsilon:Q", title="ε")
    # One notation for every tick: d3's default writes 0.000001 beside 1e-7.
    y = alt.Y("delta:Q", title="δ (로그 눈금)", scale=alt.Scale(type="log"), axis=alt.Axis(format="~e"))
    colour = alt.Color(
        "series:N",
        scale=alt.Scale(domain=list(SERIES.values()), range=list(COLOURS)),
        legend=alt.Legend(title=None, orient="bottom", direction="vertical", symbolOpacity=1),
    )
    curve = alt.Chart(alt.NamedData("curve")).mark_line(color=BLUE, strokeWidth=2, interpolate="linear")
    points = alt.Chart(alt.NamedData("points")).mark_point(filled=True, size=120, opacity=1)
    tooltip = [
        alt.Tooltip("series:N", title="답"),
        alt.Tooltip("epsilon:Q", title="ε", format=".3f"),
        alt.Tooltip("delta:Q", title="δ", format=".3g"),
    ]
    return alt.LayerChart(
        layer=[
            curve.encode(x=x, y=y, order=alt.Order("epsilon:Q")),
            points.encode(x=x, y=y, tooltip=tooltip, color=colour),
        ],
        width=320,
        height=260,
        description="최적 합성의 δ(ε) 곡선과 세 답의 점",
    )


def loss_chart(record: StateRecord) -> alt.LayerChart:
    """The law of L under x = 0: one bar per value of at least the bars' mass."""
    bars = alt.Chart(alt.NamedData("bars")).mark_bar(color=BLUE, size=3)
    tooltip = [
        alt.Tooltip("loss:Q", title="L", format=".4f"),
        alt.Tooltip("probability:Q", title="확률", format=".3g"),
    ]
    return alt.LayerChart(
        layer=[
            bars.encode(
                x=alt.X("loss:Q", title="프라이버시 손실 L = ln(P/Q)"),
                y=alt.Y("probability:Q", title="P(L)"),
                tooltip=tooltip,
            )
        ],
        width=320,
        height=200,
        description="프라이버시 손실 L의 분포",
    )


CHARTS: LabCharts[StateRecord] = LabCharts(
    "optimal",
    (
        Chart("profile", profile_chart, profile_rows, TEXTS["chart-profile"]),
        Chart("loss", loss_chart, loss_rows, TEXTS["chart-loss"]),
    ),
)
