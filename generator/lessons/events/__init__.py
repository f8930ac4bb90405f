"""The events lesson (the course's prerequisite): the DP inequality over every event.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records, its quiz, its cards and figures, and
its lab (:mod:`.lab`).
"""

from __future__ import annotations

from generator.course.lesson_declared import declared_lesson
from generator.course.templates import render
from generator.lessons.events.catalogue import BY_SLUG, DATA, PATH
from generator.lessons.events.charts import CHARTS
from generator.lessons.events.lab import FOLDER, LAB
from generator.lessons.events.records import ExampleRecord


def record(slug: str) -> ExampleRecord:
    """Everything the lesson shows of one catalogue example."""
    example = BY_SLUG[slug]
    return {"slug": example.slug, "title": example.title, **LAB.example_record(slug)}


def figure(kind: str, slug: str) -> str:
    """``{{ figure tradeoff <slug> }}``: a worked example's trade-off chart with its table."""
    if kind != "tradeoff":
        raise ValueError(f"unknown figure kind {kind!r}; expected 'tradeoff'")
    shown = record(slug)
    chart = CHARTS.chart(kind).image(shown)
    return render("figure.html", FOLDER, slug=slug, chart=chart, view=LAB.view(shown))


LESSON = declared_lesson(PATH, DATA.quiz, (LAB,), record, figure=figure)
