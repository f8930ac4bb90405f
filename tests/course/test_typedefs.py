"""The records' JSDoc types: each Python type maps to the JSON form the browser holds, and
every lesson's ``lab/types.mjs`` is the one its TypedDicts give (no drift)."""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

import pytest

from generator.course.lessons import lessons
from generator.course.typedefs import js_type, lesson_typedefs, typedef, typedef_files


class Inner(TypedDict):
    value: Fraction


class Outer(TypedDict):
    count: int
    flag: bool
    text: str
    exact: Fraction
    maybe: Fraction | None
    inner: Inner
    pairs: list[tuple[Fraction, Fraction]]
    many: tuple[int, ...]


def test_each_python_type_is_its_json_form() -> None:
    assert typedef(Outer) == (
        "/** @typedef {{count: number, flag: boolean, text: string, exact: string, maybe: string | null, "
        "inner: Inner, pairs: [string, string][], many: number[]}} Outer */"
    )


def test_an_untyped_field_is_refused() -> None:
    with pytest.raises(TypeError, match="cannot be typed"):
        js_type(object)


def test_every_lessons_typedefs_are_current() -> None:
    stale = [path for path, text in typedef_files().items() if path.read_text(encoding="utf-8") != text]
    assert stale == [], "run python -m generator typedefs"


def test_a_lookup_labs_record_type_is_what_its_grid_computes() -> None:
    """A lab whose record function is a lookup grid's (generic, so it names no type) is typed by
    the return type of the grid's ``computed``."""
    lesson = lessons()["gaussian"]
    assert "} StateRecord */" in lesson_typedefs(lesson)
