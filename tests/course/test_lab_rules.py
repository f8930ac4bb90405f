"""A lab's rules across fields read limits of their own, its ignored fields are shown off, and
its worked examples are states of it.

- ``Lab.rule_limits``: limits that only the rules across fields apply (no field reads them)
  reach the browser as the root's ``data-rule-limits`` and the golden vectors' ``limits``,
  beside every field's own; a name may not be both a field's and such a limit's.
- ``fields(lab, values, view)``: a field that the state of ``values`` ignores is rendered
  disabled (its inputs and step buttons) with the class ``cl-lab-field-disabled``, as the lab
  kit marks it after an update; the fields the state uses are not.
- ``Lab.examples`` (:class:`Examples`): the page opens with the one row that says
  ``"opens": true``, a row marked ``preset`` is a button and rows without that column all are;
  a row that is no state of the lab, or rows of which none or two say they open the lab, stop
  the lesson with the file's path.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import replace
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest

from generator.core.fields import ChoiceLimit, FieldLimit, Kind
from generator.course.golden import Golden, golden_vectors
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab, Texts, Values
from generator.course.lesson_file import LessonDataError, Row
from generator.course.shown import View, text

WIDEST = 5
WIDTH = FieldLimit("width", Kind.COUNT, Fraction(0), Fraction(WIDEST), 0)
SHAPE = ChoiceLimit("shape", ("wide", "narrow"))
SIZE = FieldLimit("size", Kind.COUNT, Fraction(0), Fraction(9), 0)
FIELDS = (
    Field(SHAPE, "모양", "하나를 고릅니다.", labels=("넓게", "좁게")),
    Field(SIZE, "크기", "{low}부터 {high}까지입니다.", "3", state_messages={"wide": "너무 큽니다."}),
)
TEMPLATE = """{% extends "lab.html" %}
{% import "fields.html" as field_markup %}
{% block inputs %}{{ field_markup.fields(lab, values, view) }}{% endblock %}
{% block outputs %}<p data-out="size">{{ view["out:size"].content }}</p>{% endblock %}
"""


def _rules(values: Values) -> Mapping[str, str]:
    size = values.get("size")
    return {"size": "wide"} if isinstance(size, int) and size > WIDEST else {}


def _ignored(texts: Texts) -> Collection[str]:
    return ("size",) if texts.get("shape") == "narrow" else ()


def _view(record: int) -> View:
    return {"out:size": text(str(record))}


def _state(values: Values) -> int:
    size = values["size"]
    return size if isinstance(size, int) and values["shape"] == "wide" else 0


class ToyRow(Row):
    shape: str
    size: str


class PresetRow(ToyRow):
    preset: bool


def _texts(row: ToyRow) -> Texts:
    return {"shape": row.shape, "size": row.size}


def _examples(folder: Path, *rows: ToyRow) -> Examples[ToyRow]:
    return Examples(folder / "lesson.json", rows, _texts)


def _lab(
    folder: Path, default: Texts, golden: Golden | None = None, examples: Examples[ToyRow] | None = None
) -> Lab[int, int]:
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "toy_lab.html").write_text(TEMPLATE, encoding="utf-8")
    lab: Lab[int, int] = Lab(
        name="toy",
        title="장난감",
        fields=FIELDS,
        state=_state,
        record=lambda state: state,
        view=_view,
        examples=examples or _examples(folder, ToyRow(slug="opening", title="처음", opens=True, **default)),
        rules=_rules,
        ignored=_ignored,
        rule_limits=(WIDTH,),
        golden=golden,
    )
    return lab


def test_the_limits_of_the_rules_reach_the_page_and_the_golden_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("generator.course.golden.ROOT", tmp_path)
    lab = _lab(
        tmp_path,
        {"shape": "wide", "size": "3"},
        golden=Golden(sample=lambda rng: {"shape": "wide", "size": str(rng.randint(0, 5))}, size=2, seed=1),
    )
    assert lab.limits == {"shape": SHAPE.as_json(), "size": SIZE.as_json(), "width": WIDTH.as_json()}
    html = lab.html()
    shipped = html.split('data-rule-limits="', 1)[1].split('"', 1)[0]
    assert json.loads(unescape(shipped)) == {"width": WIDTH.as_json()}
    assert golden_vectors(lab)["limits"] == lab.limits
    assert lab.read_values({"shape": "wide", "size": "6"})[1] == {"size": "wide"}


def test_a_lab_without_such_limits_carries_no_attribute(tmp_path: Path) -> None:
    plain = replace(_lab(tmp_path, {"shape": "wide", "size": "3"}), rule_limits=())
    assert "data-rule-limits" not in plain.html()
    assert plain.limits == {"shape": SHAPE.as_json(), "size": SIZE.as_json()}


def test_a_name_is_a_field_or_a_limit_of_the_rules_not_both(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="share a name"):
        replace(_lab(tmp_path, {"shape": "wide", "size": "3"}), rule_limits=(SIZE,))


def _wrapper(html: str, name: str) -> str:
    start = html.index(f'data-field="{name}"')
    opening = html.rindex("<", 0, start)
    end = html.index("</fieldset>" if html[opening:].startswith("<fieldset") else "</p>\n</div>", start)
    return html[opening:end]


@pytest.mark.parametrize(("shape", "off"), [("wide", False), ("narrow", True)])
def test_a_field_the_state_ignores_is_rendered_disabled(tmp_path: Path, shape: str, off: bool) -> None:
    html = _lab(tmp_path, {"shape": shape, "size": "3"}).html()
    size = _wrapper(html, "size")
    assert ("cl-lab-field-disabled" in size.split(">", 1)[0]) is off
    assert size.count(" disabled") == (3 if off else 0)  # the input and both step buttons
    choice = _wrapper(html, "shape")
    assert "cl-lab-field-disabled" not in choice
    assert " disabled" not in choice


def test_a_radio_group_the_state_ignores_is_rendered_disabled(tmp_path: Path) -> None:
    always = replace(_lab(tmp_path, {"shape": "wide", "size": "3"}), ignored=lambda texts: ("shape",))
    choice = _wrapper(always.html(), "shape")
    assert 'class="cl-lab-field cl-lab-choice cl-lab-field-disabled"' in choice
    assert choice.count(" disabled>") == 2


def test_the_page_opens_with_the_named_row_and_presets_follow_the_column(tmp_path: Path) -> None:
    rows = (
        PresetRow(slug="small", title="작게", shape="wide", size="1", preset=False),
        PresetRow(slug="opening", title="처음", opens=True, shape="wide", size="3", preset=True),
        PresetRow(slug="narrow", title="좁게", shape="narrow", size="0", preset=True),
    )
    lab = _lab(tmp_path, {}, examples=_examples(tmp_path, *rows))
    assert lab.default == {"shape": "wide", "size": "3"}
    assert [title for _, title in lab.preset_texts] == ["처음", "좁게"]
    every = _lab(
        tmp_path,
        {},
        examples=_examples(
            tmp_path, ToyRow(slug="opening", title="처음", opens=True, shape="wide", size="2")
        ),
    )
    assert every.preset_texts == (({"shape": "wide", "size": "2"}, "처음"),)


def test_a_row_that_is_no_state_of_the_lab_stops_the_lesson(tmp_path: Path) -> None:
    rows = (
        ToyRow(slug="opening", title="처음", opens=True, shape="wide", size="3"),
        ToyRow(slug="big", title="큼", shape="wide", size="7"),
    )
    with pytest.raises(
        LessonDataError, match=r"lesson\.json: catalogue row 'big' is no state of the lab 'toy'"
    ):
        _lab(tmp_path, {}, examples=_examples(tmp_path, *rows))


def test_examples_of_which_none_or_two_open_the_lab_stop_the_lesson(tmp_path: Path) -> None:
    first = ToyRow(slug="first", title="처음", shape="wide", size="3")
    with pytest.raises(
        LessonDataError, match=r'lesson\.json: one row of a lab\'s examples says "opens": true; found none'
    ):
        _lab(tmp_path, {}, examples=_examples(tmp_path, first))
    both = (
        first.model_copy(update={"opens": True}),
        ToyRow(slug="second", title="둘째", opens=True, shape="wide", size="2"),
    )
    with pytest.raises(LessonDataError, match="found 'first', 'second'"):
        _lab(tmp_path, {}, examples=_examples(tmp_path, *both))
