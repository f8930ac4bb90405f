"""A lesson declared from its data file and its labs: what every lesson's ``LESSON`` shares.

Every lesson folder holds ``lesson.json`` (its catalogues and its quiz) and declares its labs
(:class:`~generator.course.lab.Lab`), each over catalogue rows of that file. The rest of a
:class:`~generator.course.lessons.Lesson` follows from these and is the same everywhere:

- the slug and the folder are the data file's folder and its name;
- the quiz is the file's ``quiz`` section, read by :func:`~generator.course.quiz.quiz_of`;
- the examples the page may name are every lab's catalogue rows, lab by lab, then the page
  records the prose also reads (``pages``: published numbers, say, that no lab shows);
- an example's card is the first lab's worked-example card (:meth:`Lab.example_card`),
  unless the lesson draws its cards itself.

A lesson then says only what is its own: its labs, its record of an example, its page records,
and its card and figures where it has them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.course.lab import Lab
from generator.course.lesson_file import QuizData
from generator.course.lessons import Lesson
from generator.course.quiz import quiz_of


def declared_lesson(
    path: Path,
    quiz: QuizData,
    labs: tuple[Lab[Any, Any], ...],
    record: Callable[[str], object],
    *,
    pages: tuple[str, ...] = (),
    card: Callable[[str], str] | None = None,
    figure: Callable[[str, str], str] | None = None,
) -> Lesson:
    """The lesson whose data file is ``path`` (see the module's notes)."""
    folder = path.parent
    rows = tuple(row.slug for lab in labs for row in lab.examples.rows)
    return Lesson(
        slug=folder.name,
        folder=folder,
        examples=(*rows, *pages),
        record=record,
        quiz=quiz_of(folder.name, quiz, path),
        labs=labs,
        card=card if card is not None or not labs else labs[0].example_card,
        figure=figure,
    )
