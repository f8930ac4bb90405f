"""The post-processing and group privacy lesson: what a released answer can still become.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records (:mod:`.page_records`), its quiz, its
cards and figures, and its two labs on one page (:mod:`.lab`).
"""

from __future__ import annotations

from generator.course.lesson_declared import declared_lesson
from generator.course.templates import render
from generator.lessons.postprocessing.catalogue import BY_SLUG, DATA, PATH, PostExample
from generator.lessons.postprocessing.charts import GROUP_CHARTS, POST_CHARTS
from generator.lessons.postprocessing.lab import (
    FOLDER,
    GROUP_LAB,
    POST_LAB,
    post_texts,
)
from generator.lessons.postprocessing.page_records import (
    GroupExampleRecord,
    PostExampleRecord,
    group_example_record,
    post_example_record,
)
from generator.lessons.postprocessing.view import group_view, post_view


def record(slug: str) -> PostExampleRecord | GroupExampleRecord:
    """Everything the page says of one catalogue example."""
    example = BY_SLUG[slug]
    if isinstance(example, PostExample):
        return post_example_record(slug, example.title, POST_LAB.read(post_texts(example)))
    return group_example_record(slug, example.title, GROUP_LAB.read(GROUP_LAB.examples.texts(example)))


def card(slug: str) -> str:
    """A worked example's card: its inputs, its lab's results and a link to the lab."""
    return (POST_LAB if POST_LAB.examples.holds(slug) else GROUP_LAB).example_card(slug)


def figure(kind: str, slug: str) -> str:
    """``{{ figure profiles <post slug> }}`` or ``{{ figure group <group slug> }}``: a chart and its table."""
    example, prefix = BY_SLUG[slug], f"cl-fig-{slug}"
    if kind == "profiles" and isinstance(example, PostExample):
        post = POST_LAB.record(POST_LAB.read(post_texts(example)))
        chart = POST_CHARTS.chart(kind).image(post)
        return render("post_figure.html", FOLDER, view=post_view(post), chart=chart, prefix=prefix)
    if kind == "group" and not isinstance(example, PostExample):
        group = GROUP_LAB.record(GROUP_LAB.read(GROUP_LAB.examples.texts(example)))
        chart = GROUP_CHARTS.chart(kind).image(group)
        return render("group_figure.html", FOLDER, view=group_view(group), chart=chart, prefix=prefix)
    raise ValueError(f"unknown figure {kind!r} for {slug!r}; expected 'profiles' (post rows) or 'group'")


LESSON = declared_lesson(PATH, DATA.quiz, (POST_LAB, GROUP_LAB), record, card=card, figure=figure)
