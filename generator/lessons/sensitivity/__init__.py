"""The sensitivity lesson: global sensitivity, clipping, and discrete noise mechanisms computed
exactly.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their page records (:mod:`.examples`, with the
continuous mechanisms of the theory), its quiz, its cards and figures, and its lab (:mod:`.lab`).
"""

from __future__ import annotations

from generator.course.lesson_declared import declared_lesson
from generator.course.templates import render
from generator.lessons.sensitivity.catalogue import BY_SLUG, DATA, PATH
from generator.lessons.sensitivity.charts import CHARTS
from generator.lessons.sensitivity.examples import (
    CONTINUOUS,
    ContinuousRecord,
    ExampleRecord,
    continuous_record,
    example_record,
)
from generator.lessons.sensitivity.lab import FOLDER, LAB
from generator.lessons.sensitivity.view import TEXTS


def record(slug: str) -> ExampleRecord | ContinuousRecord:
    """Everything the page's prose reads of one example (a catalogue row, or ``continuous``)."""
    return continuous_record() if slug == CONTINUOUS else example_record(BY_SLUG[slug])


def figure(kind: str, slug: str) -> str:
    """``{{ figure laws <slug> }}``: a worked example's two laws, chart and table."""
    if kind != "laws":
        raise ValueError(f"unknown figure kind {kind!r}; expected 'laws'")
    shown = LAB.example_record(slug)
    chart = CHARTS.chart(kind).image(shown)
    return render("figure.html", FOLDER, slug=slug, chart=chart, view=LAB.view(shown), texts=TEXTS)


LESSON = declared_lesson(PATH, DATA.quiz, (LAB,), record, pages=(CONTINUOUS,), figure=figure)
