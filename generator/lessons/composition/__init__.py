"""The composition lesson: repeated releases of one bit, the composition theorem and the
exact cost.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`: the lab's states and the two-step releases) and their
records, its quiz, its cards and figures (:mod:`.figures`), and its lab (:mod:`.lab`).
"""

from __future__ import annotations

from functools import cache

from markupsafe import Markup

from generator.course.lesson_declared import declared_lesson
from generator.lessons.composition.catalogue import BY_SLUG, DATA, PATH, TWO_STEP_BY_SLUG, Example
from generator.lessons.composition.figures import figure_html
from generator.lessons.composition.lab import LAB
from generator.lessons.composition.records import (
    Optimal,
    StateRecord,
    TwoStepRecord,
    optimal_at_composed_alpha,
    two_step_record,
)
from generator.lessons.composition.view import epsilon_html


class ExampleRecord(StateRecord):
    """A catalogue example's record: the lab's, with its slug and title, and the optimal
    composition of the panel's steps at the composed α (:func:`.records.optimal_at_composed_alpha`)."""

    slug: str
    title: str
    optimal: Optimal | None


def _example(slug: str) -> Example:
    if slug not in BY_SLUG:
        raise ValueError(f"unknown catalogue example {slug!r}; expected one of {sorted(BY_SLUG)}")
    return BY_SLUG[slug]


@cache
def example_record(slug: str) -> ExampleRecord:
    """Everything the lesson shows of one catalogue example."""
    example = _example(slug)
    shown = LAB.record(LAB.read(LAB.examples.texts(example)))
    steps = optimal_at_composed_alpha(shown["composition"])
    return {"slug": example.slug, "title": example.title, **shown, "optimal": steps}


def record(slug: str) -> ExampleRecord | TwoStepRecord:
    """The record of the catalogue example or two-step release ``slug``."""
    if slug in TWO_STEP_BY_SLUG:
        return two_step_record(TWO_STEP_BY_SLUG[slug])
    return example_record(slug)


@cache
def figure(kind: str, slug: str) -> str:
    """``{{ figure <kind> <slug> }}``: a catalogue example's figure (:mod:`.figures`)."""
    return figure_html(kind, slug, example_record(slug))


def card(slug: str) -> str:
    """A worked example's card: its inputs, its two figures, the results and the composition
    panel the lab shows, and a link that opens it in the lab."""
    figures = Markup(figure("distribution", slug) + "\n" + figure("profile", slug))
    ln_alpha = epsilon_html(example_record(slug)["epsilon"]["claim"])
    return LAB.example_card(slug, figures=figures, ln_alpha=ln_alpha)


LESSON = declared_lesson(
    PATH, DATA.quiz, (LAB,), record, pages=tuple(TWO_STEP_BY_SLUG), card=card, figure=figure
)
