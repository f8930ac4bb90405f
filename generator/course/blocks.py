"""The block placeholders a lesson page may use, by name; each is the course's.

``{{ quiz <lesson> }}`` and ``{{ lab <lesson> }}`` render the quiz and the lab of the lesson
with that slug. ``{{ card <example> }}`` and ``{{ figure <kind> <example> }}`` render a worked
example's card and one of its figures, by the lesson that owns the catalogue example
(``Lesson.card``, ``Lesson.figure``); see :mod:`generator.course.placeholders` for the
grammar. A name, lesson or example that does not resolve is an error that names it.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.course.lessons import BlockRenderer, Lesson, example_owners, lab_owners, lab_renderers, lessons
from generator.course.quiz import quiz_html


def lab_html(lesson_id: str) -> str:
    """The lab of a lesson (the ``{{ lab <lesson> }}`` block); an unknown lab is an error."""
    owners = lab_owners()
    if lesson_id not in owners:
        raise ValueError(f"unknown lab {lesson_id!r}; expected one of {list(owners)}")
    return lab_renderers(lessons()[owners[lesson_id]])[lesson_id]()


def _owner(example: str, part: Callable[[Lesson], object | None], kind: str) -> Lesson:
    slug = example_owners().get(example)
    if slug is None:
        raise ValueError(f"unknown catalogue example {example!r}")
    lesson = lessons()[slug]
    if part(lesson) is None:
        raise ValueError(f"lesson {slug!r} has no {kind}s")
    return lesson


def card_html(example: str) -> str:
    """The worked example's card (the ``{{ card <example> }}`` block)."""
    lesson = _owner(example, lambda lesson: lesson.card, "card")
    assert lesson.card is not None
    return lesson.card(example)


def figure_html(kind: str, example: str) -> str:
    """One figure of a worked example (the ``{{ figure <kind> <example> }}`` block)."""
    lesson = _owner(example, lambda lesson: lesson.figure, "figure")
    assert lesson.figure is not None
    return lesson.figure(kind, example)


BLOCKS: dict[str, BlockRenderer] = {
    "quiz": quiz_html,
    "lab": lab_html,
    "card": card_html,
    "figure": figure_html,
}


def blocks() -> dict[str, BlockRenderer]:
    """Every block renderer by name."""
    return BLOCKS
