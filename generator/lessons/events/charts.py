"""The trade-off chart of one state: every event as a test, and the region's boundaries.

Each event S is the test "say x = 0 when the output is in S", drawn at (FPR, TPR) =
(Q(S), P(S)). The data are named data sets that the lab swaps with ``view.data`` (the
engine builds the same rows from its own record), so the row fields are an interface:

    events   fpr, tpr (floats); text ("{0, 1}"), fpr_exact, tpr_exact (strings)
    upper    fpr, tpr, step: the best tests, joined in ratio order (Neyman–Pearson)
    lower    fpr, tpr, step: the worst tests
    chosen   one row: the ticked event, with the fields of ``events``

Floats are chart coordinates only, each derived from the exact string beside it.
"""

from __future__ import annotations

from fractions import Fraction

import altair as alt

from generator.core.rational import fraction_str
from generator.course.charts import coordinate, series_layer
from generator.course.lab_charts import Chart, LabCharts
from generator.lessons.events.records import StateRecord
from generator.lessons.events.view import chart_label

GREY = "#9aa5b1"
BLUE = "#4c78a8"
SELECTED = "#d62728"
LEGEND = ("사건 하나의 검정", "경계: 최선과 최악의 검정", "고른 사건 S")

Row = dict[str, str | float | int]
Rows = list[Row]


def _test_row(text: str, fpr: Fraction, tpr: Fraction) -> Row:
    return {
        "text": text,
        "fpr": coordinate(fpr),
        "tpr": coordinate(tpr),
        "fpr_exact": fraction_str(fpr),
        "tpr_exact": fraction_str(tpr),
    }


def _chain(points: list[tuple[Fraction, Fraction]]) -> Rows:
    return [{"fpr": coordinate(x), "tpr": coordinate(y), "step": i} for i, (x, y) in enumerate(points)]


def chart_rows(record: StateRecord) -> dict[str, Rows]:
    """The named data sets of the trade-off chart, from a state's record."""
    tradeoff, event = record["tradeoff"], record["event"]
    return {
        "events": [_test_row(row["text"], row["fpr"], row["tpr"]) for row in tradeoff["events"]],
        "upper": _chain(tradeoff["upper"]),
        "lower": _chain(tradeoff["lower"]),
        "chosen": [_test_row(event["text"], event["mass1"], event["mass0"])],
    }


def _series(chart: alt.Chart, name: str) -> alt.Chart:
    return series_layer(chart, name, LEGEND, (GREY, BLUE, SELECTED))


def tradeoff_chart(record: StateRecord) -> alt.LayerChart:
    """Points for every event, the two boundary chains, and the ticked event in red."""
    x = alt.X("fpr:Q", title="오탐률 Q(S)", scale=alt.Scale(domain=[0, 1]))
    y = alt.Y("tpr:Q", title="탐지율 P(S)", scale=alt.Scale(domain=[0, 1]))
    tooltip = [
        alt.Tooltip("text:N", title="사건 S"),
        alt.Tooltip("tpr_exact:N", title="P(S)"),
        alt.Tooltip("fpr_exact:N", title="Q(S)"),
    ]
    events = alt.Chart(alt.NamedData("events")).mark_point(filled=True, size=30, opacity=0.8)
    upper = alt.Chart(alt.NamedData("upper")).mark_line(strokeWidth=2)
    lower = alt.Chart(alt.NamedData("lower")).mark_line(strokeWidth=2, strokeDash=[5, 3])
    chosen = alt.Chart(alt.NamedData("chosen")).mark_point(
        filled=True, size=140, opacity=1, stroke="#111111", strokeWidth=1.5
    )
    order = alt.Order("step:Q")
    return alt.LayerChart(
        layer=[
            _series(upper, LEGEND[1]).encode(x=x, y=y, order=order),
            _series(lower, LEGEND[1]).encode(x=x, y=y, order=order),
            _series(events, LEGEND[0]).encode(x=x, y=y, tooltip=tooltip),
            _series(chosen, LEGEND[2]).encode(x=x, y=y, tooltip=tooltip),
        ],
        width=300,
        height=300,
        description="사건마다의 (오탐률, 탐지율) 점과 두 경계, 고른 사건",
    )


CHARTS: LabCharts[StateRecord] = LabCharts.single(Chart("tradeoff", tradeoff_chart, chart_rows, chart_label))
