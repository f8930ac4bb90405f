"""Driving the lesson quiz in a browser, in a page or in a frame (an LMS's, an embed's).

Choosing an option grades nothing: only the question's check button commits it, so
:func:`answer` is what a learner does to answer, and :func:`select` only moves the choice.
"""

from __future__ import annotations

from playwright.sync_api import Frame, Locator, Page

from generator.course.quiz import CHECK_LABEL, SCRIPT_TEXTS
from generator.lessons.composition import LESSON as COMPOSITION_LESSON

COMPOSITION = COMPOSITION_LESSON.quiz

QUESTIONS = COMPOSITION.shown  # in the order the page shows the choices


def question(scope: Page | Frame, index: int) -> Locator:
    """The fieldset of the ``index``-th question of the lesson's quiz."""
    return scope.locator(f"#quiz-{COMPOSITION.lesson_id}-{QUESTIONS[index].id}")


def select(scope: Page | Frame, index: int, choice: int) -> None:
    """Click an option's label: the radio is chosen, nothing is checked."""
    question(scope, index).locator("label.cl-choice").nth(choice).click()


def check(scope: Page | Frame, index: int) -> None:
    """Press the question's check button, committing whatever option is chosen."""
    question(scope, index).get_by_role("button", name=CHECK_LABEL).click()


def answer(scope: Page | Frame, index: int, choice: int) -> None:
    """Choose an option and check it, as a learner answers."""
    select(scope, index, choice)
    check(scope, index)


def checked(scope: Page | Frame, index: int) -> list[str]:
    """The values of the question's checked radios (at most one)."""
    radios = question(scope, index).locator("input[type=radio]")
    return list(
        radios.evaluate_all("radios => radios.filter(radio => radio.checked).map(radio => radio.value)")
    )


def wrong(index: int) -> int:
    """A wrong choice of the ``index``-th question."""
    return (QUESTIONS[index].answer + 1) % len(QUESTIONS[index].choices)


def score_text(answered: int, correct: int, learned: int) -> str:
    """The score line for so many first answers, correct first answers and learned marks."""
    return SCRIPT_TEXTS["score"].format(
        answered=answered, correct=correct, learned=learned, total=len(QUESTIONS)
    )
