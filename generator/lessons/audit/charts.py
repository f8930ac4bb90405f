"""The trade-off chart of one state: the mechanism's curve, the chosen test, the region its
composed guarantee allows and the audit's confidence box.

The data are named data sets that the lab swaps with ``view.data`` (the engine builds the same
rows from its own record), so the row fields are an interface:

    curve, region, region_lower   fpr, tpr, step: chains joined in step order
    test                          one row: fpr, tpr (floats), fpr_exact, tpr_exact (strings)
    box                           one row: x, x2, y, y2: FPR ≤ FPR_high and TPR ≥ TPR_low, the
                                  rates the audit's bounds allow (the cell's outer ends)

Floats are chart coordinates only, each derived from the exact string beside it (a decimal of
the box is read as the double nearest to it, as the browser's ``Number`` reads it).
"""

from __future__ import annotations

from fractions import Fraction

import altair as alt

from generator.course.charts import coordinate, series_layer
from generator.course.lab_charts import Chart, LabCharts
from generator.lessons.audit.records import StateRecord
from generator.lessons.audit.view import chart_label

GREY = "#9aa5b1"
BLUE = "#4c78a8"
ORANGE = "#f58518"
SELECTED = "#d62728"
LEGEND = ("보장이 허락하는 영역", "트레이드오프 곡선", "감사의 신뢰 상자", "고른 검정")

Row = dict[str, str | float | int]
Rows = list[Row]


def _chain(points: list[list[str]]) -> Rows:
    return [
        {"fpr": coordinate(Fraction(x)), "tpr": coordinate(Fraction(y)), "step": i}
        for i, (x, y) in enumerate(points)
    ]


def chart_rows(record: StateRecord) -> dict[str, Rows]:
    """The named data sets of the trade-off chart, from a state's record."""
    rates, found = record["rates"], record["audit"]
    return {
        "curve": _chain(rates["curve"]),
        "region": _chain(rates["region"]),
        "region_lower": _chain(rates["region_lower"]),
        "test": [
            {
                "fpr": coordinate(Fraction(rates["fpr"])),
                "tpr": coordinate(Fraction(rates["tpr"])),
                "fpr_exact": rates["fpr"],
                "tpr_exact": rates["tpr"],
            }
        ],
        "box": [
            {
                "x": 0,
                "x2": coordinate(Fraction(found["fpr_upper"]["upper"])),
                "y": coordinate(Fraction(found["tpr_lower"]["lower"])),
                "y2": 1,
            }
        ],
    }


def _series(chart: alt.Chart, name: str) -> alt.Chart:
    return series_layer(chart, name, LEGEND, (GREY, BLUE, ORANGE, SELECTED))


def tradeoff_chart(record: StateRecord) -> alt.LayerChart:
    """The region's two edges, the curve, the audit's box and the chosen test in red."""
    x = alt.X("fpr:Q", title="위양성률 FPR", scale=alt.Scale(domain=[0, 1]))
    y = alt.Y("tpr:Q", title="참양성률 TPR", scale=alt.Scale(domain=[0, 1]))
    order = alt.Order("step:Q")
    tooltip = [alt.Tooltip("fpr_exact:N", title="FPR"), alt.Tooltip("tpr_exact:N", title="TPR")]
    region = alt.Chart(alt.NamedData("region")).mark_line(strokeWidth=2, strokeDash=[5, 3])
    lower = alt.Chart(alt.NamedData("region_lower")).mark_line(strokeWidth=2, strokeDash=[5, 3])
    curve = alt.Chart(alt.NamedData("curve")).mark_line(strokeWidth=2, point=True)
    box = alt.Chart(alt.NamedData("box")).mark_rect(opacity=0.15, stroke=ORANGE, strokeWidth=1.5)
    test = alt.Chart(alt.NamedData("test")).mark_point(
        filled=True, size=140, opacity=1, stroke="#111111", strokeWidth=1.5
    )
    return alt.LayerChart(
        layer=[
            _series(box, LEGEND[2]).encode(
                x=alt.X("x:Q", title="위양성률 FPR", scale=alt.Scale(domain=[0, 1])),
                x2="x2:Q",
                y=alt.Y("y:Q", title="참양성률 TPR", scale=alt.Scale(domain=[0, 1])),
                y2="y2:Q",
            ),
            _series(region, LEGEND[0]).encode(x=x, y=y, order=order),
            _series(lower, LEGEND[0]).encode(x=x, y=y, order=order),
            _series(curve, LEGEND[1]).encode(x=x, y=y, order=order),
            _series(test, LEGEND[3]).encode(x=x, y=y, tooltip=tooltip),
        ],
        width=300,
        height=300,
        description="메커니즘의 트레이드오프 곡선, 고른 검정, 합성된 보장의 영역, 감사의 신뢰 상자",
    )


CHARTS: LabCharts[StateRecord] = LabCharts.single(Chart("tradeoff", tradeoff_chart, chart_rows, chart_label))
