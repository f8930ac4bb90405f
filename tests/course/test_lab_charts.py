"""A lab's charts declared once: the spec sets, images and rows derived from them, on a
hand-made two-chart lab whose spec set is named by its record."""

from __future__ import annotations

import altair as alt
import pytest

from generator.course.charts import chart_spec
from generator.course.lab_charts import Chart, LabCharts

Record = dict[str, object]


def bars_data(record: Record) -> dict[str, list[dict[str, object]]]:
    return {"bars": [{"x": x, "y": x * x} for x in range(int(str(record["n"])))]}


def dots_data(record: Record) -> dict[str, list[dict[str, object]]]:
    return {"dots": [{"x": 0, "y": int(str(record["n"]))}]}


def bars_chart(record: Record) -> alt.Chart:
    return alt.Chart(alt.NamedData("bars"), title=f"n = {record['n']}").mark_bar().encode(x="x:Q", y="y:Q")


def dots_chart(_record: Record) -> alt.Chart:
    return alt.Chart(alt.NamedData("dots")).mark_point().encode(x="x:Q", y="y:Q")


def by_mode(record: Record) -> str:
    return str(record["mode"])


FIRST: Record = {"mode": "a", "n": 3}
SECOND: Record = {"mode": "b", "n": 2}
CHARTS: LabCharts[Record] = LabCharts(
    by_mode,
    (
        Chart("bars", bars_chart, bars_data, "막대 그래프"),
        Chart("dots", dots_chart, dots_data, lambda record: f"점 {record['n']}개"),
    ),
)


def test_rows_name_the_set_and_give_each_charts_data_sets() -> None:
    assert CHARTS.rows(FIRST) == {
        "spec": "a",
        "data": {"bars": bars_data(FIRST), "dots": {"dots": [{"x": 0, "y": 3}]}},
    }
    assert CHARTS.rows(SECOND)["spec"] == "b"


def test_a_lab_of_one_chart_has_one_set_named_for_that_chart() -> None:
    single = LabCharts.single(Chart("dots", dots_chart, dots_data, "점"))
    assert single.rows(FIRST) == {"spec": "dots", "data": {"dots": {"dots": [{"x": 0, "y": 3}]}}}
    assert list(single.specs((FIRST, SECOND))) == ["dots"]


def test_specs_group_each_records_charts_under_its_set() -> None:
    specs = CHARTS.specs((FIRST, SECOND))
    assert list(specs) == ["a", "b"]
    assert specs["a"] == {
        "bars": chart_spec(bars_chart, FIRST, bars_data),
        "dots": chart_spec(dots_chart, FIRST, dots_data),
    }
    assert specs["b"]["bars"]["title"] == "n = 2"


def test_a_spec_carries_its_charts_data_sets_of_the_record() -> None:
    # The builders draw from named data only; the chart's data function fills the spec's data sets.
    assert CHARTS.chart("bars").spec(SECOND)["datasets"] == bars_data(SECOND)
    assert CHARTS.chart("dots").spec(FIRST)["datasets"] == {"dots": [{"x": 0, "y": 3}]}
    assert "datasets" not in chart_spec(dots_chart, FIRST)


def test_the_default_state_alone_is_shipped_unless_records_are_named() -> None:
    assert CHARTS.shipped_records(FIRST) == (FIRST,)
    named = LabCharts(by_mode, CHARTS.charts, shipped=lambda: (FIRST, SECOND))
    assert named.shipped_records(FIRST) == (FIRST, SECOND)


def test_labels_are_a_sentence_or_one_of_the_record() -> None:
    assert CHARTS.chart("bars").alt_text(FIRST) == "막대 그래프"
    assert CHARTS.chart("dots").alt_text(SECOND) == "점 2개"
    images = CHARTS.images(SECOND)
    assert list(images) == ["bars", "dots"]
    assert 'alt="점 2개"' in images["dots"]


def test_an_unknown_kind_is_named_with_the_kinds_there_are() -> None:
    with pytest.raises(ValueError, match=r"'pie'.*\['bars', 'dots'\]"):
        CHARTS.chart("pie")


def test_two_charts_of_one_kind_are_refused() -> None:
    with pytest.raises(ValueError, match="share a kind"):
        LabCharts("x", (CHARTS.charts[0], CHARTS.charts[0]))
