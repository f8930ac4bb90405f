"""The optimal-composition lesson: the privacy loss, the advanced theorem and the exact optimum.

``LESSON`` is what the course machinery sees of it (:class:`generator.course.lessons.Lesson`).
"""

from __future__ import annotations

from pathlib import Path

from generator.course.lessons import LegacyLesson
from generator.course.quiz import quiz_from_data
from generator.lessons.optimal import accountants, golden, lab_page, records
from generator.lessons.optimal.catalogue import CATALOGUE
from generator.lessons.optimal.data import FILE


def figure_html(kind: str, slug: str) -> str:
    """``{{ figure <kind> <slug> }}``: the accountants' table, or one of the lab's charts."""
    if kind == "accountants":
        return accountants.accountants_html(slug)
    return lab_page.figure_html(kind, slug)


LESSON = LegacyLesson(
    slug=FILE.slug,
    examples=tuple(example.slug for example in CATALOGUE),
    record=records.record,
    quiz=quiz_from_data(FILE.slug, FILE.data["quiz"], f"{FILE.path}: quiz"),
    card=lab_page.card_html,
    figure=figure_html,
    lab=lab_page.lab_html,
    lab_entry=Path(__file__).resolve().parent / "lab" / "main.mjs",
    generated=records.generated_files,
    golden=golden.golden_files,
)
