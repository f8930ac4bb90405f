"""The noise-mechanism lab's chart of one state: the two exact output laws, on D and on D′.

The data are one named data set that the lab swaps with ``view.data`` (the engine builds the
same rows from its own record), so the row fields are an interface:

    laws    output (the integer output y), law ("D" or "D′"), probability (a float),
            exact (its reduced fraction string)

Floats are chart coordinates only, each the nearest double to the exact string beside it.
"""

from __future__ import annotations

import altair as alt

from generator.core.rational import fraction_str
from generator.course.charts import coordinate, group_colour
from generator.course.lab_charts import Chart, LabCharts
from generator.lessons.sensitivity.records import StateRecord
from generator.lessons.sensitivity.view import TEXTS

LAWS = ("D", "D′")
COLOURS = ("#4c78a8", "#f58518")

Row = dict[str, str | float | int]
Rows = list[Row]


def chart_rows(record: StateRecord) -> dict[str, Rows]:
    """The chart's named data set, from a state's record."""
    channel = record["channel"]
    return {
        "laws": [
            {"output": int(label), "law": law, "probability": coordinate(p), "exact": fraction_str(p)}
            for law, distribution in zip(
                LAWS, (channel["distribution0"], channel["distribution1"]), strict=True
            )
            for label, p in zip(channel["labels"], distribution, strict=True)
        ]
    }


def laws_chart(record: StateRecord) -> alt.Chart:
    """Both laws as points joined by lines, one colour per neighbour."""
    tooltip = [
        alt.Tooltip("law:N", title="데이터셋"),
        alt.Tooltip("output:Q", title="출력 y"),
        alt.Tooltip("exact:N", title="확률 (정확한 분수)"),
    ]
    chart: alt.Chart = (
        alt.Chart(alt.NamedData("laws"))
        .mark_line(point=True, strokeWidth=1.5)
        .encode(
            x=alt.X("output:Q", title="출력 y", axis=alt.Axis(tickMinStep=1, format="d")),
            y=alt.Y("probability:Q", title="P(Y = y)"),
            color=group_colour("law", LAWS, COLOURS),
            tooltip=tooltip,
        )
        .properties(
            width=320,
            height=220,
            description="두 이웃 데이터셋에서 메커니즘이 내는 출력의 정확한 분포",
        )
    )
    return chart


CHARTS: LabCharts[StateRecord] = LabCharts.single(Chart("laws", laws_chart, chart_rows, TEXTS["chart-label"]))
