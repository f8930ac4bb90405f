"""A lab's fields (generator/course/inputs.py and fields.html): a choice is a radio group, one
label per option and, if given, one hint per option after it."""

from __future__ import annotations

import pytest

from generator.core.fields import ChoiceLimit
from generator.course.inputs import Field
from generator.course.templates import environment

MODE = ChoiceLimit("mode", ("fresh", "copy"))


def _field(field: Field, value: str) -> str:
    source = '{% import "fields.html" as fields %}{{ fields.field(field, value, "cl-x") }}'
    return environment().from_string(source).render(field=field, value=value)


def test_a_choice_is_a_radio_group_with_its_hints() -> None:
    field = Field(MODE, "공개 방식", "", labels=("새 응답", "복사"), hints=("매번 새로", "한 번만"))
    assert field.widget == "radio"
    html = _field(field, "copy")
    hint = '<span class="cl-lab-choice-hint">{}</span>'
    assert (
        f'<label><input type="radio" name="mode" value="fresh"> 새 응답 {hint.format("매번 새로")}</label>'
        in html
    )
    assert f'<input type="radio" name="mode" value="copy" checked> 복사 {hint.format("한 번만")}' in html
    assert 'data-field="mode"' in html
    assert 'class="cl-lab-field cl-lab-choice"' in html


def test_a_choice_without_hints_shows_its_labels_alone() -> None:
    html = _field(Field(MODE, "공개 방식", "", labels=("새 응답", "복사")), "fresh")
    assert '<input type="radio" name="mode" value="fresh" checked> 새 응답</label>' in html
    assert "cl-lab-choice-hint" not in html


@pytest.mark.parametrize(
    ("labels", "hints", "message"),
    [(("새 응답",), (), "one label per choice"), (("새 응답", "복사"), ("매번",), "one hint per option")],
)
def test_labels_and_hints_match_the_choices(
    labels: tuple[str, ...], hints: tuple[str, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Field(MODE, "공개 방식", "", labels=labels, hints=hints)
