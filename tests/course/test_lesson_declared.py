"""A lesson declared from its data file and labs (generator/course/lesson_declared.py): its
slug and folder are the data file's, its examples are its labs' catalogue rows, lab by lab,
then its page records, and its card is its first lab's unless it draws its own."""

from __future__ import annotations

import importlib

import pytest

from generator.course.lesson_declared import declared_lesson
from generator.course.lesson_file import QuizData
from generator.course.lessons import Lesson, lessons


def quiz_data(lesson: Lesson) -> QuizData:
    """The quiz section of the lesson's data file, as its catalogue read it."""
    data = importlib.import_module(f"generator.lessons.{lesson.slug}.catalogue").DATA
    quiz: QuizData = data.quiz
    return quiz


@pytest.fixture(params=sorted(lessons()))
def lesson(request: pytest.FixtureRequest) -> Lesson:
    return lessons()[request.param]


def test_a_lesson_is_its_data_files_folder(lesson: Lesson) -> None:
    for lab in lesson.labs:
        assert lab.folder == lesson.folder
        assert lab.examples.path == lesson.folder / "lesson.json"
        assert (lab.folder / "templates" / lab.template).is_file()
    assert lesson.folder.name == lesson.slug


def test_its_examples_are_its_labs_rows_then_its_page_records(lesson: Lesson) -> None:
    rows = tuple(row.slug for lab in lesson.labs for row in lab.examples.rows)
    assert lesson.examples[: len(rows)] == rows
    pages = lesson.examples[len(rows) :]
    assert not set(pages) & set(rows)


def test_redeclared_it_is_the_same_lesson(lesson: Lesson) -> None:
    first = lesson.labs[0]
    path = first.examples.path
    rows = {row.slug for lab in lesson.labs for row in lab.examples.rows}
    pages = tuple(slug for slug in lesson.examples if slug not in rows)
    again = declared_lesson(
        path,
        quiz_data(lesson),
        lesson.labs,
        lesson.record,
        pages=pages,
        card=lesson.card,
        figure=lesson.figure,
    )
    assert again == lesson


def test_the_card_defaults_to_the_first_labs() -> None:
    lesson = lessons()["events"]
    plain = declared_lesson(lesson.labs[0].examples.path, quiz_data(lesson), lesson.labs, lesson.record)
    assert plain.card == lesson.labs[0].example_card
    assert plain.examples == lesson.examples
