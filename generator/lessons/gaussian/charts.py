"""The δ-curve chart of one state: δ(ε) exact, and the δ that RDP and zCDP prove, on a log scale.

The chart draws the rows of the state's table (``curve`` of :mod:`.records`), one line per
series, so that what the table reads and what the chart draws are one set of values. Its data
set is named ``curve`` and the lab swaps it with ``view.data`` (the engine builds the same rows
from its own record, ``lab/gaussian.mjs``), so the row fields are an interface:

    curve   line ("exact", "rdp" or "zcdp": the record's column, named in the legend by the
            spec), epsilon and delta (floats), epsilon_text and delta_text (the table's
            strings, for the tooltip)

Floats are chart coordinates only: ε is the row's exact decimal read as the nearest double,
δ the row's ``*_point`` (a point of its certified enclosure) read the same way, as the
browser's ``Number`` reads it. A δ of 0 (the Laplace's beyond ε₀) has no place on a log scale
and is left out; the table still shows it.
"""

from __future__ import annotations

from fractions import Fraction

import altair as alt

from generator.course.charts import coordinate, series_layer
from generator.course.lab_charts import Chart, LabCharts
from generator.lessons.gaussian.records import CurveRow, StateRecord, curve_rows
from generator.lessons.gaussian.view import chart_label

LINES = ("exact", "rdp", "zcdp")
LEGEND = ("정확한 δ(ε)", "RDP가 증명하는 δ", "zCDP가 증명하는 δ")
COLOURS = ("#4c78a8", "#f58518", "#54a24b")

Row = dict[str, str | float]


def _rows(row: CurveRow) -> list[Row]:
    drawn = (
        (row["exact"], row["exact_point"]),
        (row["rdp"], row["rdp_point"]),
        (row["zcdp"], row["zcdp_point"]),
    )
    return [
        {
            "line": line,
            "epsilon": coordinate(Fraction(row["epsilon"])),
            "delta": coordinate(Fraction(point)),
            "epsilon_text": row["epsilon"],
            "delta_text": text,
        }
        for line, (text, point) in zip(LINES, drawn, strict=True)
        if point and Fraction(point) > 0
    ]


def chart_rows(record: StateRecord) -> dict[str, list[Row]]:
    """The named data set of the δ-curve chart, from a state's record."""
    return {"curve": [found for row in curve_rows(record["curve"]) for found in _rows(row)]}


def curve_chart(record: StateRecord) -> alt.LayerChart:
    """One line with points per series, δ on a log scale."""
    x_axis = alt.Axis(tickCount=5, labelOverlap=True)
    x = alt.X("epsilon:Q", title="ε", scale=alt.Scale(zero=False), axis=x_axis)
    y = alt.Y("delta:Q", title="δ(ε) (로그 눈금)", scale=alt.Scale(type="log"), axis=alt.Axis(format=".0e"))
    tooltip = [alt.Tooltip("epsilon_text:N", title="ε"), alt.Tooltip("delta_text:N", title="δ")]
    layers = [
        series_layer(
            alt.Chart(alt.NamedData("curve"))
            .mark_line(strokeWidth=2, point=True)
            .transform_filter(alt.datum.line == line),
            name,
            LEGEND,
            COLOURS,
        ).encode(x=x, y=y, tooltip=tooltip)
        for line, name in zip(LINES, LEGEND, strict=True)
    ]
    return alt.LayerChart(
        layer=layers,
        width=300,
        height=260,
        description="ε에 따른 δ(ε): 정확한 값, RDP가 증명하는 값, zCDP가 증명하는 값",
    )


CHARTS: LabCharts[StateRecord] = LabCharts.single(Chart("delta-curve", curve_chart, chart_rows, chart_label))
