"""The post-processing and group privacy lesson: what a released answer can still become.

``LESSON`` is what the course machinery sees of it (:class:`generator.course.lessons.Lesson`).
"""

from __future__ import annotations

from pathlib import Path

from generator.course.lessons import LegacyLesson
from generator.course.quiz import quiz_from_data
from generator.lessons.postprocessing import golden, records
from generator.lessons.postprocessing.catalogue import CATALOGUE
from generator.lessons.postprocessing.data import FILE
from generator.lessons.postprocessing.lab_page import card_html, figure_html, group_lab_html, post_lab_html

LESSON = LegacyLesson(
    slug=FILE.slug,
    examples=tuple(example.slug for example in CATALOGUE),
    record=records.record,
    quiz=quiz_from_data(FILE.slug, FILE.data["quiz"], f"{FILE.path}: quiz"),
    card=card_html,
    figure=figure_html,
    lab=post_lab_html,
    labs={"group": group_lab_html},
    lab_entry=Path(__file__).resolve().parent / "lab" / "main.mjs",
    generated=records.generated_files,
    golden=golden.golden_files,
)
