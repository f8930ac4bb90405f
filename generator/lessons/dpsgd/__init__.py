"""The DP-SGD lesson: Poisson subsampling, the RDP accountant and a certified bracket on the
optimal ε of T steps.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records (:mod:`.records`, kept in the build
cache), its quiz, its cards and its lab (:mod:`.lab`).
"""

from __future__ import annotations

from pathlib import Path

from generator.course.lessons import Lesson
from generator.course.quiz import quiz_of
from generator.course.templates import render
from generator.lessons.dpsgd.catalogue import BY_SLUG, DATA, PATH, SLUG
from generator.lessons.dpsgd.lab import FOLDER, LAB, example_texts
from generator.lessons.dpsgd.records import ExampleRecord, example_record
from generator.lessons.dpsgd.view import accountant_shown, bracket_shown


def record(slug: str) -> ExampleRecord:
    """Everything the lesson shows of one worked example."""
    example = BY_SLUG[slug]
    return example_record(example, example_texts(example))


def card(slug: str) -> str:
    """A worked example's card: its run, the certified bracket, both RDP ε, a lab link."""
    example = BY_SLUG[slug]
    shown = record(slug)
    view = {
        "out:eps-certified": bracket_shown(shown["bracket"]),
        "out:eps-rdp": accountant_shown(shown["rdp"]),
        "out:eps-rdp-classic": accountant_shown(shown["rdp_classic"]),
    }
    query = LAB.query(example_texts(example))
    return render("card.html", FOLDER, example=example, record=shown, view=view, query=query, lab=LAB)


LESSON = Lesson(
    slug=SLUG,
    folder=Path(__file__).resolve().parent,
    examples=tuple(example.slug for example in DATA.catalogue),
    record=record,
    quiz=quiz_of(SLUG, DATA.quiz, PATH),
    labs=(LAB,),
    card=card,
)
