"""The composition lesson: its data (catalogue, quiz), figures, cards and lab.

``LESSON`` is what the course machinery sees of it (:class:`generator.course.lessons.Lesson`).
"""

from __future__ import annotations

from pathlib import Path

from generator.course.lessons import LegacyLesson
from generator.lessons.composition import golden, records
from generator.lessons.composition.cards import card_html
from generator.lessons.composition.data import SLUG
from generator.lessons.composition.figures import figure_html
from generator.lessons.composition.lab_page import lab_html
from generator.lessons.composition.quiz import COMPOSITION

LESSON = LegacyLesson(
    slug=SLUG,
    examples=records.slugs(),
    record=records.record,
    quiz=COMPOSITION,
    card=card_html,
    figure=figure_html,
    lab=lambda: lab_html(SLUG),
    lab_entry=Path(__file__).resolve().parent / "lab" / "main.mjs",
    generated=records.generated_files,
    golden=golden.golden_files,
)
