"""The auditing lesson: membership inference as a hypothesis test, the trade-off curve of k
fresh randomized responses against the region their guarantee allows, and privacy auditing
with exact Clopper–Pearson bounds.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records (:mod:`.records`, through the lab's
grids), the advantage bounds at a large ε (``bounds``), its quiz, its cards and its lab
(:mod:`.lab`).
"""

from __future__ import annotations

from fractions import Fraction

from generator.course.lesson_declared import declared_lesson
from generator.lessons.audit.catalogue import BY_SLUG, DATA, PATH
from generator.lessons.audit.lab import LAB
from generator.lessons.audit.records import BoundsRecord, Curve, StateRecord, bounds_record, curve_record

BOUNDS = "bounds"


class ExampleRecord(StateRecord):
    """A worked example's record: its setting, its state and the mechanism's whole curve."""

    slug: str
    title: str
    alpha0: Fraction
    k: int
    threshold: int
    delta: Fraction
    trials: int
    tp: int
    fp: int
    confidence: Fraction
    level: Fraction
    target: Fraction
    curve: Curve


def example_record(slug: str) -> ExampleRecord:
    """A worked example's state (from the lab's tables) and what the prose adds."""
    example = BY_SLUG[slug]
    state = LAB.example_record(slug)
    return {
        **state,
        "slug": example.slug,
        "title": example.title,
        "alpha0": example.alpha0,
        "k": example.k,
        "threshold": example.threshold,
        "delta": example.delta,
        "trials": example.trials,
        "tp": example.tp,
        "fp": example.fp,
        "confidence": example.confidence,
        "level": 1 - example.confidence,
        "target": example.target,
        "curve": curve_record(example.alpha0, example.k),
    }


def record(slug: str) -> ExampleRecord | BoundsRecord:
    """Everything the page's prose reads of one example (a catalogue row, or ``bounds``)."""
    return bounds_record(LAB.examples.opening().alpha0) if slug == BOUNDS else example_record(slug)


LESSON = declared_lesson(PATH, DATA.quiz, (LAB,), record, pages=(BOUNDS,))
