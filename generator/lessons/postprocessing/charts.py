"""The two labs' charts: both privacy profiles on the integer α grid, and the group's exact δ*
against the chain bounds.

The data are named data sets that the labs swap with ``view.data`` (their modules build the
same rows from their own records), one per series, so the row fields are an interface:

    channel, image          alpha, delta (floats); exact (the δ as a string): δ*_M and δ*_{f∘M}
    exact, sum, textbook    alpha1, delta (floats); exact: the group's δ* and both chain bounds
    chosen                  one row: the chosen α₁ with the group's exact δ*, fields of ``exact``

Each series is its own layer, named in the legend by :func:`generator.course.charts.series_layer`.
Floats are chart coordinates only, each derived from the exact value beside it.
"""

from __future__ import annotations

from fractions import Fraction

import altair as alt

from generator.core.rational import fraction_str
from generator.course.charts import ALPHA_TITLE, coordinate, series_layer
from generator.course.lab_charts import Chart, LabCharts
from generator.lessons.postprocessing.records import GroupRecord, PostRecord
from generator.lessons.postprocessing.view import GROUP_TEXTS, post_chart_label

POST_LEGEND = ("채널 M", "후처리한 f∘M")
GROUP_LEGEND = ("그룹의 정확한 δ*", "사슬의 합 δ₁·Σα₁ⁱ", "교과서 사슬 g·α₁ᵍ⁻¹·δ₁")
COLOURS = ("#4c78a8", "#d62728", "#9aa5b1")

Row = dict[str, str | float]
Rows = list[Row]


def _row(key: str, x: Fraction, delta: Fraction) -> Row:
    return {key: coordinate(x), "delta": coordinate(delta), "exact": fraction_str(delta)}


def post_rows(record: PostRecord) -> dict[str, Rows]:
    """The profiles chart's data sets: per grid α, δ*_M and δ*_{f∘M}."""
    return {
        "channel": [_row("alpha", row["alpha"], row["channel"]) for row in record["grid"]],
        "image": [_row("alpha", row["alpha"], row["image"]) for row in record["grid"]],
    }


def group_rows(record: GroupRecord) -> dict[str, Rows]:
    """The group chart's data sets: over α₁ the exact δ*, the summed and the textbook chain,
    and the chosen α₁."""
    curve = record["curve"]
    return {
        "exact": [_row("alpha1", point["alpha1"], point["exact"]) for point in curve],
        "sum": [_row("alpha1", point["alpha1"], point["sum"]) for point in curve],
        "textbook": [_row("alpha1", point["alpha1"], point["textbook"]) for point in curve],
        "chosen": [_row("alpha1", record["alpha1"], record["delta_required"])],
    }


def _tooltip(title: str) -> list[alt.Tooltip]:
    return [alt.Tooltip("series:N", title="계열"), alt.Tooltip("exact:N", title=title)]


def profiles_chart(record: PostRecord) -> alt.LayerChart:
    """δ*_M (solid) and δ*_{f∘M} (dashed) on the integer grid, one line with points each."""
    x = alt.X("alpha:Q", title=ALPHA_TITLE, axis=alt.Axis(tickMinStep=1))
    y = alt.Y("delta:Q", title="δ*(α)", scale=alt.Scale(domain=[0, 1]))
    layers = []
    for name, dash, series in zip(("channel", "image"), ([1, 0], [4, 2]), POST_LEGEND, strict=True):
        line = alt.Chart(alt.NamedData(name)).mark_line(point=True, strokeWidth=2, strokeDash=dash)
        layers.append(
            series_layer(line, series, POST_LEGEND, COLOURS).encode(x=x, y=y, tooltip=_tooltip("δ*"))
        )
    return alt.LayerChart(
        layer=layers,
        width=320,
        height=240,
        description="채널과 후처리한 채널의 프라이버시 프로필",
    )


def group_chart(record: GroupRecord) -> alt.LayerChart:
    """Over one person's α₁: the group's exact δ*(α₁^g) and both chain bounds, the chosen α₁ marked."""
    x = alt.X("alpha1:Q", title="한 사람의 α₁")
    y = alt.Y("delta:Q", title="그룹의 δ (α = α₁ᵍ)", scale=alt.Scale(domain=[0, 1]))
    layers = [
        series_layer(
            alt.Chart(alt.NamedData(name)).mark_line(point=True, strokeWidth=2), series, GROUP_LEGEND, COLOURS
        )
        for name, series in zip(("exact", "sum", "textbook"), GROUP_LEGEND, strict=True)
    ]
    chosen = alt.Chart(alt.NamedData("chosen")).mark_point(
        filled=True, size=140, stroke="#111111", strokeWidth=1.5
    )
    layers.append(series_layer(chosen, GROUP_LEGEND[0], GROUP_LEGEND, COLOURS))
    return alt.LayerChart(
        layer=[layer.encode(x=x, y=y, tooltip=_tooltip("δ")) for layer in layers],
        width=320,
        height=240,
        description="그룹의 정확한 δ와 두 사슬 상계",
    )


POST_CHARTS: LabCharts[PostRecord] = LabCharts.single(
    Chart("profiles", profiles_chart, post_rows, post_chart_label)
)
GROUP_CHARTS: LabCharts[GroupRecord] = LabCharts.single(
    Chart("group", group_chart, group_rows, GROUP_TEXTS["chart-label"])
)
