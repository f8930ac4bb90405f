"""The δ-curve chart (generator/lessons/gaussian/charts.py): it draws the table's values.

Each drawn point reads, by the course's own reading, as the table's cell beside it (the exact δ
half-up, a bound rounded up), so the chart and the table cannot tell two stories; a δ of 0 is
left out of the log scale and kept in the table; the spec names each line once in its legend.
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.readable import reading, reading_up
from generator.lessons.gaussian.charts import CHARTS, LEGEND, LINES, chart_rows
from generator.lessons.gaussian.lab import LAB
from generator.lessons.gaussian.records import StateRecord, curve_rows


def record(**texts: str) -> StateRecord:
    return LAB.record(LAB.read({**LAB.default, **texts}))


def test_every_drawn_point_reads_as_its_table_cell() -> None:
    found = record()
    rows = chart_rows(found)["curve"]
    assert len(rows) == 3 * len(curve_rows(found["curve"])) == 15
    for row in rows:
        cell = next(r for r in curve_rows(found["curve"]) if r["epsilon"] == row["epsilon_text"])
        point = Fraction(cell[f"{row['line']}_point"])  # type: ignore[literal-required]
        assert row["delta"] == float(point)
        assert row["delta_text"] == cell[row["line"]]  # type: ignore[literal-required]
        assert row["epsilon"] == float(Fraction(cell["epsilon"]))
        read = reading(point) if row["line"] == "exact" else reading_up(point)
        assert read == row["delta_text"]


def test_the_bounds_lie_above_the_exact_curve() -> None:
    rows = chart_rows(record())["curve"]
    for epsilon in {row["epsilon_text"] for row in rows}:
        at = {row["line"]: row["delta"] for row in rows if row["epsilon_text"] == epsilon}
        assert at["exact"] < at["rdp"] < at["zcdp"]


def test_a_laplace_delta_of_zero_is_in_the_table_and_not_on_the_log_scale() -> None:
    found = record(mechanism="laplace")
    zeros = [row["epsilon"] for row in curve_rows(found["curve"]) if row["exact"] == "0"]
    drawn = [row["epsilon_text"] for row in chart_rows(found)["curve"]]
    assert zeros == ["1", "1.25", "1.5"]
    assert drawn == ["0.5", "0.75"]
    assert {row["line"] for row in chart_rows(found)["curve"]} == {"exact"}


def test_the_spec_draws_one_layer_per_line_on_a_log_scale() -> None:
    spec = CHARTS.chart("delta-curve").spec(record())
    layers = spec["layer"]
    assert isinstance(layers, list)
    assert len(layers) == len(LINES) == len(LEGEND)
    for layer, line in zip(layers, LINES, strict=True):
        assert {"filter": f"(datum.line === '{line}')"} in layer["transform"]
        assert layer["encoding"]["y"]["scale"] == {"type": "log"}
