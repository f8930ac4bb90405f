"""The DP-SGD lesson: Poisson subsampling, the RDP accountant and a certified bracket on the
optimal ε of T steps.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records (:mod:`.records`, kept in the build
cache), its quiz, its cards and its lab (:mod:`.lab`).
"""

from __future__ import annotations

from generator.course.lesson_declared import declared_lesson
from generator.course.templates import render
from generator.lessons.dpsgd.catalogue import AMPLIFY_BY_SLUG, BY_SLUG, DATA, PATH
from generator.lessons.dpsgd.lab import AMPLIFY_LAB, FOLDER, LAB, example_texts
from generator.lessons.dpsgd.records import AmplifyRecord, ExampleRecord, example_record
from generator.lessons.dpsgd.view import accountant_shown, bracket_shown


def record(slug: str) -> ExampleRecord | AmplifyRecord:
    """Everything the lesson shows of one worked example (of either lab)."""
    if slug in AMPLIFY_BY_SLUG:
        return AMPLIFY_LAB.example_record(slug)
    example = BY_SLUG[slug]
    return example_record(example, example_texts(example))


def card(slug: str) -> str:
    """A worked example's card: its run, the certified bracket, both RDP ε, a lab link; or an
    amplification row's, from its lab."""
    if slug in AMPLIFY_BY_SLUG:
        return AMPLIFY_LAB.example_card(slug)
    example = BY_SLUG[slug]
    shown = example_record(example, example_texts(example))
    view = {
        "out:eps-certified": bracket_shown(shown["bracket"]),
        "out:eps-rdp": accountant_shown(shown["rdp"]),
        "out:eps-rdp-classic": accountant_shown(shown["rdp_classic"]),
    }
    query = LAB.query(example_texts(example))
    return render("card.html", FOLDER, example=example, record=shown, view=view, query=query, lab=LAB)


LESSON = declared_lesson(PATH, DATA.quiz, (LAB, AMPLIFY_LAB), record, card=card)
