"""The block placeholders a lesson page may use, by name.

``{{ quiz <lesson> }}`` and ``{{ lab <lesson> }}`` are the course's own blocks: they render
the quiz and the lab of the lesson with that slug. Every other block is a lesson's own
(``Lesson.blocks``), e.g. ``{{ figure distribution fresh-k2 }}``; see
:mod:`generator.course.placeholders` for the grammar.
"""

from __future__ import annotations

from generator.course.lessons import BlockRenderer, LessonError, lesson_blocks, lessons
from generator.course.quiz import quiz_html


def lab_html(lesson_id: str) -> str:
    """The lab of a lesson (the ``{{ lab <lesson> }}`` block); an unknown lab is an error."""
    labs = {slug: lesson.lab for slug, lesson in lessons().items() if lesson.lab is not None}
    if lesson_id not in labs:
        raise ValueError(f"unknown lab {lesson_id!r}; expected one of {list(labs)}")
    return labs[lesson_id]()


COURSE_BLOCKS: dict[str, BlockRenderer] = {"quiz": quiz_html, "lab": lab_html}


def blocks() -> dict[str, BlockRenderer]:
    """Every block renderer by name: the lessons' own, then the course's."""
    own = lesson_blocks()
    clash = sorted(set(own) & set(COURSE_BLOCKS))
    if clash:
        raise LessonError(f"block {clash[0]!r} is the course's; a lesson may not define it")
    return {**own, **COURSE_BLOCKS}
