"""The optimal-composition lesson: the privacy loss, the advanced theorem and the exact optimum.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records (:mod:`.records`), its quiz, its cards
and figures (the lab's two charts, and the accountants' table of :mod:`.accountants`), and
its lab (:mod:`.lab`).
"""

from __future__ import annotations

from generator.course.lesson_declared import declared_lesson
from generator.course.templates import render
from generator.lessons.optimal.accountants import accountants_html
from generator.lessons.optimal.catalogue import BY_SLUG, DATA, PATH
from generator.lessons.optimal.charts import CHARTS
from generator.lessons.optimal.lab import FOLDER, LAB
from generator.lessons.optimal.records import ExampleRecord, example_record


def record(slug: str) -> ExampleRecord:
    """Everything the lesson shows of one catalogue example."""
    return example_record(BY_SLUG[slug])


def figure(kind: str, slug: str) -> str:
    """``{{ figure accountants|profile|loss <slug> }}``: the accountants' table, or a worked
    example's chart with its caption."""
    if kind == "accountants":
        return accountants_html(slug)
    if kind not in CHARTS.kinds:
        raise ValueError(f"unknown figure kind {kind!r}; expected 'accountants', 'profile' or 'loss'")
    shown = LAB.example_record(slug)
    chart = CHARTS.chart(kind)
    label = chart.alt_text(shown)
    image = chart.image(shown)
    return render("figure.html", FOLDER, kind=kind, slug=slug, chart=image, label=label, view=LAB.view(shown))


LESSON = declared_lesson(PATH, DATA.quiz, (LAB,), record, figure=figure)
