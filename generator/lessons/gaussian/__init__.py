"""The Gaussian lesson: the Laplace and Gaussian mechanisms, Rényi DP and zCDP, with every
irrational number certified.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records (:mod:`.records`), the deployments'
numbers (``deployments``, computed by :mod:`generator.core.zcdp_deployments`), its quiz, its
cards and its lab (:mod:`.lab`).
"""

from __future__ import annotations

from generator.course.lesson_declared import declared_lesson
from generator.lessons.gaussian.catalogue import BY_SLUG, DATA, PATH
from generator.lessons.gaussian.lab import LAB
from generator.lessons.gaussian.records import (
    DeploymentsRecord,
    ExampleRecord,
    deployments_record,
    example_extras,
)

DEPLOYMENTS = "deployments"


def example_record(slug: str) -> ExampleRecord:
    """A worked example's state (from the lab's table) and what the prose adds."""
    example = BY_SLUG[slug]
    state = LAB.example_record(slug)
    mechanism = example.gaussian() if example.mechanism == "gaussian" else example.laplace()
    mu_squared, rdp_classic, ratio, deviation = example_extras(mechanism, example.delta)
    return {
        **state,
        "slug": example.slug,
        "title": example.title,
        "noise": example.noise,
        "sensitivity": example.sensitivity,
        "k": example.k,
        "delta": example.delta,
        "mu_squared": mu_squared,
        "rdp_classic": rdp_classic,
        "classic_true_delta_ratio": ratio,
        "deviation": deviation,
    }


def record(slug: str) -> ExampleRecord | DeploymentsRecord:
    """Everything the page's prose reads of one example (a catalogue row, or ``deployments``)."""
    return deployments_record() if slug == DEPLOYMENTS else example_record(slug)


LESSON = declared_lesson(PATH, DATA.quiz, (LAB,), record, pages=(DEPLOYMENTS,))
