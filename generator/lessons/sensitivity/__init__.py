"""The sensitivity lesson: global sensitivity, clipping, and noise mechanisms computed exactly.

``LESSON`` is what the course machinery sees of it (:class:`generator.course.lessons.Lesson`).
"""

from __future__ import annotations

from pathlib import Path

from generator.course.lessons import LegacyLesson
from generator.course.quiz import quiz_from_data
from generator.lessons.sensitivity import golden, lab_page, records
from generator.lessons.sensitivity.data import FILE

LESSON = LegacyLesson(
    slug=FILE.slug,
    examples=records.EXAMPLES,
    record=records.record,
    quiz=quiz_from_data(FILE.slug, FILE.data["quiz"], f"{FILE.path}: quiz"),
    card=lab_page.card_html,
    figure=lab_page.figure_html,
    lab=lab_page.lab_html,
    lab_entry=Path(__file__).resolve().parent / "lab" / "main.mjs",
    generated=records.generated_files,
    golden=golden.golden_files,
)
