"""The events lesson (the course's prerequisite): the DP inequality over every event.

``LESSON`` is what the course machinery sees of it (:class:`generator.course.lessons.Lesson`).
"""

from __future__ import annotations

from pathlib import Path

from generator.course.lessons import Lesson
from generator.course.quiz import quiz_from_data
from generator.lessons.events import golden, records
from generator.lessons.events.catalogue import CATALOGUE
from generator.lessons.events.data import FILE
from generator.lessons.events.lab_page import card_html, figure_html, lab_html

LESSON = Lesson(
    slug=FILE.slug,
    examples=tuple(example.slug for example in CATALOGUE),
    record=records.record,
    quiz=quiz_from_data(FILE.slug, FILE.data["quiz"], f"{FILE.path}: quiz"),
    card=card_html,
    figure=figure_html,
    lab=lab_html,
    lab_entry=Path(__file__).resolve().parent / "lab" / "main.mjs",
    generated=records.generated_files,
    golden=golden.golden_files,
)
