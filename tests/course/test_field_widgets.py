"""The widgets of generator/course/templates/fields.html for a choice and a list of boxes.

1. A checkbox group has one box per possible entry, from the entries' low end: output
   indices 0, 1, …; a toggle whose only entry is 1 has the one box "1", ticked by the text "1".
2. A radio group shows its rule as a hint (and is described by it) when the field has one.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from generator.core.fields import ChoiceLimit, FieldLimit, Kind, ListLimit
from generator.course.inputs import Field
from generator.course.templates import environment

FIELDS: Any = environment().get_template("fields.html").module


def _count(name: str, low: int, high: int) -> FieldLimit:
    return FieldLimit(name, Kind.COUNT, Fraction(low), Fraction(high), 0)


def test_boxes_start_at_the_entries_low_end() -> None:
    indices = Field(
        ListLimit("event", _count("output", 0, 2), 0, 3, distinct=True),
        "S",
        "",
        labels=("a", "b", "c"),
        checkboxes=True,
    )
    assert indices.options == [("0", "a"), ("1", "b"), ("2", "c")]
    html = str(FIELDS.field(indices, "0,2", "x"))
    assert html.count('type="checkbox"') == 3
    assert 'value="0" checked' in html
    assert 'value="1">' in html
    assert 'value="2" checked' in html
    toggle = Field(
        ListLimit("reads", _count("reads", 1, 1), 0, 1, distinct=True),
        "r",
        "",
        labels=("on",),
        checkboxes=True,
    )
    assert toggle.options == [("1", "on")]
    assert 'name="reads" value="1" checked' in str(FIELDS.field(toggle, "1", "x"))
    assert 'name="reads" value="1">' in str(FIELDS.field(toggle, "", "x"))


def test_a_radio_group_shows_its_rule_when_it_has_one() -> None:
    limit = ChoiceLimit("source", ("fresh", "rows"))
    ruled = str(FIELDS.field(Field(limit, "M", "Only one side is used.", labels=("F", "R")), "rows", "x"))
    assert 'aria-describedby="x-source-hint x-source-error"' in ruled
    assert '<p class="cl-lab-hint" id="x-source-hint">Only one side is used.</p>' in ruled
    assert 'value="rows" checked' in ruled
    plain = str(FIELDS.field(Field(limit, "M", "", labels=("F", "R")), "fresh", "x"))
    assert 'aria-describedby="x-source-error"' in plain
    assert "cl-lab-hint" not in plain
