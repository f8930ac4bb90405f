"""The course's chart helpers: what a lesson's builder reads from them."""

from __future__ import annotations

from fractions import Fraction

from generator.course.charts import coordinate, group_colour


def test_a_group_colour_names_each_group_in_one_row_below_the_chart() -> None:
    colour = group_colour("law", ("D", "D′"), ("#4c78a8", "#f58518")).to_dict()
    assert colour["field"] == "law"
    assert colour["type"] == "nominal"
    assert colour["scale"] == {"domain": ["D", "D′"], "range": ["#4c78a8", "#f58518"]}
    assert colour["legend"]["orient"] == "bottom"
    assert colour["legend"]["direction"] == "horizontal"
    assert colour["legend"]["title"] is None


def test_a_coordinate_is_the_nearest_double() -> None:
    assert coordinate(Fraction(1, 3)) == 1 / 3
    assert coordinate(Fraction(151459, 10**6)) == 0.151459
    assert coordinate(7) == 7.0
