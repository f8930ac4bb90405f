"""The block placeholders a lesson page may use, by name; each is the course's.

``{{ quiz <lesson> }}`` renders a lesson's quiz, ``{{ lab <name> }}`` one of the page's
lesson's labs, ``{{ card <example> }}`` and ``{{ figure <kind> <example> }}`` a worked
example's card and one of its figures (``Lesson.card``, ``Lesson.figure``). Names are
scoped to the page's lesson: two lessons may each have an example or a lab of one name.
(A lesson not yet on the lesson shape is found by the course-wide owner of the name.) See
:mod:`generator.course.placeholders` for the grammar. A name that does not resolve is an
error that names it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from generator.course.lessons import (
    BlockRenderer,
    LegacyLesson,
    Lesson,
    example_owners,
    lab_owners,
    lab_renderers,
    lessons,
)
from generator.course.quiz import quiz_html


def _lesson(lesson_id: str | None, owners: dict[str, str], name: str) -> Lesson | LegacyLesson | None:
    found = lessons().get(lesson_id) if lesson_id else None
    if isinstance(found, Lesson):
        return found
    owner = owners.get(name)
    return lessons()[owner] if owner else None


def lab_html(lesson_id: str | None, name: str) -> str:
    """A lab of the page's lesson (the ``{{ lab <name> }}`` block); an unknown lab is an error."""
    lesson = _lesson(lesson_id, lab_owners(), name)
    renderers = lab_renderers(lesson) if lesson else {}
    if name not in renderers:
        raise ValueError(f"unknown lab {name!r}; expected one of {list(renderers) or list(lab_owners())}")
    return renderers[name]()


def _owner(
    lesson_id: str | None, example: str, part: Callable[[Lesson | LegacyLesson], object | None], kind: str
) -> Lesson | LegacyLesson:
    lesson = _lesson(lesson_id, example_owners(), example)
    if lesson is None or example not in lesson.examples:
        raise ValueError(f"unknown catalogue example {example!r}")
    if part(lesson) is None:
        raise ValueError(f"lesson {lesson.slug!r} has no {kind}s")
    return lesson


def card_html(lesson_id: str | None, example: str) -> str:
    """The worked example's card (the ``{{ card <example> }}`` block)."""
    lesson = _owner(lesson_id, example, lambda lesson: lesson.card, "card")
    assert lesson.card is not None
    return lesson.card(example)


def figure_html(lesson_id: str | None, kind: str, example: str) -> str:
    """One figure of a worked example (the ``{{ figure <kind> <example> }}`` block)."""
    lesson = _owner(lesson_id, example, lambda lesson: lesson.figure, "figure")
    assert lesson.figure is not None
    return lesson.figure(kind, example)


def blocks(lesson_id: str | None = None) -> dict[str, BlockRenderer]:
    """Every block renderer by name, for a page of ``lesson_id`` (None: a page of no lesson)."""
    return {
        "quiz": quiz_html,
        "lab": partial(lab_html, lesson_id),
        "card": partial(card_html, lesson_id),
        "figure": partial(figure_html, lesson_id),
    }
