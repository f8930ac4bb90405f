"""The block placeholders a page may use, by name; each is the course's.

``{{ lessons }}`` lists the course's lessons (the home page's list, from each lesson page's
front matter); on a lesson's page, ``{{ quiz }}`` renders the lesson's quiz, ``{{ lab <name> }}``
one of its labs, and ``{{ card <example> }}`` and ``{{ figure <kind> <example> }}`` a
worked example's card and one of its figures (``Lesson.card``, ``Lesson.figure``). Names are
scoped to the page's lesson: two lessons may each have an example or a lab of one name. See
:mod:`generator.course.placeholders` for the grammar. A name that does not resolve is an
error that names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from generator.course.course_order import Place, lessons_markdown
from generator.course.lesson_about import LessonAbout
from generator.course.lessons import BlockRenderer, Lesson, lessons
from generator.course.quiz import quiz_html


def _lesson(lesson_id: str | None, block: str) -> Lesson:
    if lesson_id is None or lesson_id not in lessons():
        raise ValueError(f"the {block} block belongs on a lesson's page")
    return lessons()[lesson_id]


def own_quiz_html(lesson_id: str | None) -> str:
    """The quiz of the page's lesson (the ``{{ quiz }}`` block)."""
    return quiz_html(_lesson(lesson_id, "quiz").slug)


def lab_html(lesson_id: str | None, name: str) -> str:
    """A lab of the page's lesson (the ``{{ lab <name> }}`` block); an unknown lab is an error."""
    labs = {lab.name: lab for lab in _lesson(lesson_id, "lab").labs}
    if name not in labs:
        raise ValueError(f"unknown lab {name!r}; expected one of {list(labs)}")
    return labs[name].html()


def _example(lesson_id: str | None, example: str, block: str) -> Lesson:
    lesson = _lesson(lesson_id, block)
    if example not in lesson.examples:
        raise ValueError(f"unknown catalogue example {example!r} of lesson {lesson.slug!r}")
    return lesson


def card_html(lesson_id: str | None, example: str) -> str:
    """The worked example's card (the ``{{ card <example> }}`` block)."""
    lesson = _example(lesson_id, example, "card")
    if lesson.card is None:
        raise ValueError(f"lesson {lesson.slug!r} has no cards")
    return lesson.card(example)


def figure_html(lesson_id: str | None, kind: str, example: str) -> str:
    """One figure of a worked example (the ``{{ figure <kind> <example> }}`` block)."""
    lesson = _example(lesson_id, example, "figure")
    if lesson.figure is None:
        raise ValueError(f"lesson {lesson.slug!r} has no figures")
    return lesson.figure(kind, example)


def blocks(
    lesson_id: str | None = None,
    order: Sequence[Place] = (),
    about: Mapping[str, LessonAbout] | None = None,
) -> dict[str, BlockRenderer]:
    """Every block renderer by name, for a page of ``lesson_id`` (None: a page of no lesson), in
    a course of lessons ``order`` whose pages say ``about`` them (for ``{{ lessons }}``)."""
    return {
        "lessons": partial(lessons_markdown, order, about or {}),
        "quiz": partial(own_quiz_html, lesson_id),
        "lab": partial(lab_html, lesson_id),
        "card": partial(card_html, lesson_id),
        "figure": partial(figure_html, lesson_id),
    }
