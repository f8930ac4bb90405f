"""The optimal-composition lab's two charts of one state, from its record.

``profile``: the exact optimal δ(ε) at the profile's kinks (α = 1 and every likelihood
ratio above 1, :func:`generator.lessons.optimal.lab_state.curve_rows`) on a log δ axis, with
the three answers as points: the optimal (ε_opt, δ), the advanced theorem's (ε′, δ) and the
basic theorem's (ln Π αᵢ, Σ δᵢ). A log axis has no 0, so every δ below the floor
δ·CURVE_FLOOR is drawn on it (the caption says so). ``loss``: the law of the privacy loss L
as bars (its mass at +∞ is in the caption).

The data are named data sets that the lab swaps with ``view.data`` (the engine builds the
same rows from its own record), so the row fields are an interface:

    curve    epsilon, delta (floats)
    points   series (the answer's name), epsilon, delta (floats), text (the values in words)
    bars     loss, probability (floats)

Floats are chart coordinates only, each the nearest double to an exact value.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import altair as alt

from generator.course.charts import chart_spec as cached_spec
from generator.course.records import Record
from generator.lessons.optimal.lab_state import CURVE_FLOOR

BLUE = "#4c78a8"
SERIES = ("최적 합성", "고급 합성 정리", "기본 합성 정리")
COLOURS = ("#d62728", "#ff7f0e", "#2ca02c")

Rows = list[dict[str, Any]]


def point_rows(record: Record) -> Rows:
    """The answers that exist, as points: optimal and advanced at the target δ, basic at Σ δᵢ
    (clamped into the axis, [δ·CURVE_FLOOR, 1])."""
    target = Fraction(record["delta"])
    rows: Rows = []
    optimal, advanced, basic = record["optimal"], record["advanced"], record["basic"]
    if optimal["alpha"] is not None:
        rows.append({"series": SERIES[0], "epsilon": float(optimal["epsilon"]), "delta": float(target)})
    if advanced["applies"]:
        rows.append({"series": SERIES[1], "epsilon": float(advanced["epsilon"]), "delta": float(target)})
    spent = min(max(Fraction(basic["delta"]), target * CURVE_FLOOR), Fraction(1))
    rows.append({"series": SERIES[2], "epsilon": float(basic["epsilon"]), "delta": float(spent)})
    return rows


def chart_rows(record: Record) -> dict[str, dict[str, Rows]]:
    """Chart kind -> its named data sets, from a state's record."""
    return {
        "profile": {"curve": list(record["curve"]), "points": point_rows(record)},
        "loss": {"bars": list(record["bars"])},
    }


def profile_chart(record: Record) -> alt.LayerChart:
    """The optimal δ(ε) as a line on a log δ axis, and the three answers as points."""
    x = alt.X("epsilon:Q", title="ε")
    y = alt.Y("delta:Q", title="δ (로그 눈금)", scale=alt.Scale(type="log"))
    rows = chart_rows(record)["profile"]
    colour = alt.Color(
        "series:N",
        scale=alt.Scale(domain=list(SERIES), range=list(COLOURS)),
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
        datasets=rows,
    )


def loss_chart(record: Record) -> alt.LayerChart:
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
        datasets=chart_rows(record)["loss"],
    )


def chart_specs(record: Record) -> dict[str, dict[str, Any]]:
    """Chart kind -> the validated Vega-Lite spec of a state's chart, its data sets inline."""
    return {"profile": cached_spec(profile_chart, record), "loss": cached_spec(loss_chart, record)}
