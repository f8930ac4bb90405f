"""The two labs' charts: both privacy profiles on the integer α grid, and the group's exact δ*
against the chain bounds.

The data are named data sets that the labs swap with ``view.data`` (the engine builds the
same rows from its own record), so the row fields are an interface:

    profiles  alpha, delta (floats); series (a POST_LEGEND name); exact (the δ as a string)
    curve     alpha1, delta (floats); series (a GROUP_LEGEND name); exact
    chosen    one row: the chosen α₁ with the group's exact δ*, fields of ``curve``

Floats are chart coordinates only, each derived from the exact string beside it.
"""

from __future__ import annotations

from typing import Any

import altair as alt

from generator.course.charts import ALPHA_TITLE, coordinate
from generator.course.charts import chart_spec as cached_spec
from generator.course.records import Record

POST_LEGEND = ("채널 M", "후처리한 f∘M")
GROUP_LEGEND = ("그룹의 정확한 δ*", "사슬의 합 δ₁·Σα₁ⁱ", "교과서 사슬 g·α₁ᵍ⁻¹·δ₁")
COLOURS = ("#4c78a8", "#d62728", "#9aa5b1")

Rows = list[dict[str, Any]]


def _row(x: str, key: str, exact: str, series: str) -> dict[str, Any]:
    return {key: coordinate(x), "delta": coordinate(exact), "series": series, "exact": exact}


def post_rows(record: Record) -> dict[str, Rows]:
    """The profiles chart's data set: per grid α, δ*_M then δ*_{f∘M}."""
    rows: Rows = []
    for row in record["grid"]:
        rows.append(_row(row["alpha"], "alpha", row["channel"], POST_LEGEND[0]))
        rows.append(_row(row["alpha"], "alpha", row["image"], POST_LEGEND[1]))
    return {"profiles": rows}


def group_rows(record: Record) -> dict[str, Rows]:
    """The group chart's data sets: the curve over α₁ (exact, summed chain, textbook chain)
    and the chosen α₁."""
    curve: Rows = []
    for point in record["curve"]:
        for key, name in zip(("exact", "sum", "textbook"), GROUP_LEGEND, strict=True):
            curve.append(_row(point["alpha1"], "alpha1", point[key], name))
    chosen = [_row(record["alpha1"], "alpha1", record["delta_required"], GROUP_LEGEND[0])]
    return {"curve": curve, "chosen": chosen}


def _colour(legend: tuple[str, ...]) -> alt.Color:
    return alt.Color(
        "series:N",
        scale=alt.Scale(domain=list(legend), range=list(COLOURS[: len(legend)])),
        legend=alt.Legend(title=None, orient="bottom", direction="vertical"),
    )


def profiles_chart(record: Record) -> alt.Chart:
    """δ*_M and δ*_{f∘M} on the integer grid, one line with points each."""
    tooltip = [alt.Tooltip("series:N", title="계열"), alt.Tooltip("exact:N", title="δ*")]
    chart: alt.Chart = (
        alt.Chart(alt.NamedData("profiles"))
        .mark_line(point=True, strokeWidth=2)
        .encode(
            x=alt.X("alpha:Q", title=ALPHA_TITLE, axis=alt.Axis(tickMinStep=1)),
            y=alt.Y("delta:Q", title="δ*(α)", scale=alt.Scale(domain=[0, 1])),
            color=_colour(POST_LEGEND),
            strokeDash=alt.StrokeDash("series:N", legend=None),
            tooltip=tooltip,
        )
        .properties(
            width=320,
            height=240,
            description="채널과 후처리한 채널의 프라이버시 프로필",
            datasets=post_rows(record),
        )
    )
    return chart


def group_chart(record: Record) -> alt.LayerChart:
    """Over one person's α₁: the group's exact δ*(α₁^g) and both chain bounds, the chosen α₁ marked."""
    x = alt.X("alpha1:Q", title="한 사람의 α₁")
    y = alt.Y("delta:Q", title="그룹의 δ (α = α₁ᵍ)", scale=alt.Scale(domain=[0, 1]))
    tooltip = [alt.Tooltip("series:N", title="계열"), alt.Tooltip("exact:N", title="δ")]
    curve = alt.Chart(alt.NamedData("curve")).mark_line(point=True, strokeWidth=2)
    chosen = alt.Chart(alt.NamedData("chosen")).mark_point(
        filled=True, size=140, stroke="#111111", strokeWidth=1.5
    )
    return alt.LayerChart(
        layer=[
            curve.encode(x=x, y=y, color=_colour(GROUP_LEGEND), tooltip=tooltip),
            chosen.encode(x=x, y=y, color=_colour(GROUP_LEGEND), tooltip=tooltip),
        ],
        width=320,
        height=240,
        description="그룹의 정확한 δ와 두 사슬 상한",
        datasets=group_rows(record),
    )


def profiles_spec(record: Record) -> dict[str, Any]:
    return cached_spec(profiles_chart, record)


def group_spec(record: Record) -> dict[str, Any]:
    return cached_spec(group_chart, record)
