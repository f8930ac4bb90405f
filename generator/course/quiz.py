"""The lesson quizzes as typed data, and the one renderer that turns a quiz into markup.

Each lesson's quiz is the ``quiz`` section of its data file, read by the schema
(:class:`generator.course.lesson_file.QuizData`) and made a :class:`Quiz` by :func:`quiz_of`.

A question's text never types a computed number: prompts, choices and explanations hold
value placeholders (``{{ fresh-k2.pure_epsilon.exact }}``) that
:func:`generator.course.placeholders.expand` fills from the core's records at render time, so a
change to the core shows up in the quiz on the next build. Their ``$…$`` formulas are set by
KaTeX with the page's (:func:`generator.course.katex_render.text_with_math`).

The choices are shown in an order of their own, shuffled per question by a seed fixed in
:data:`SHUFFLE_SEED` with the lesson and the question's id (:meth:`Quiz.shown`), so the
right answer does not sit where its author happened to write it, and every build shows
the same order. The data file's ``answer`` is the index among the choices as written; the
markup and the browser (radio values, ``data-answer``, the saved state) use the order as
shown. Changing that order changes what a saved index means: raise the quiz's version.

The markup works without JavaScript: each question is a ``<fieldset>`` of radio buttons
whose worked answer sits in a closed ``<details>``, and the whole quiz is a ``<form>`` whose
reset button clears the choices. ``quiz.js`` adds the rest: a question is answered only by
its check button (:data:`CHECK_LABEL`), the first checked answer of each question is the one
graded, later checks show feedback only, and the state is saved under
:attr:`Quiz.storage_key`. The sentences it shows are carried here, in data attributes, so
every word a reader sees comes from this module.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

from generator.course.course_name import SLUG
from generator.course.katex_render import text_with_math
from generator.course.lesson_file import LessonDataError, QuizData
from generator.course.lessons import lessons
from generator.course.placeholders import expand
from generator.course.templates import render

STORAGE_PREFIX = f"{SLUG}:quiz"
SHUFFLE_SEED = f"{SLUG}:choices"
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Question:
    """One multiple-choice question; ``answer`` is the index of the correct choice."""

    id: str
    prompt: str
    choices: tuple[str, ...]
    answer: int
    explanation: str

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.id):
            raise ValueError(f"question id {self.id!r} must be lowercase words joined by '-'")
        if not 3 <= len(self.choices) <= 4:
            raise ValueError(f"question {self.id!r} needs 3 or 4 choices, has {len(self.choices)}")
        if len(set(self.choices)) != len(self.choices):
            raise ValueError(f"question {self.id!r} repeats a choice")
        if not 0 <= self.answer < len(self.choices):
            raise ValueError(f"question {self.id!r}: answer {self.answer} is not a choice")

    def reordered(self, order: tuple[int, ...]) -> Question:
        """The question with its choices in ``order`` (written indices), the answer moved along."""
        if sorted(order) != list(range(len(self.choices))):
            raise ValueError(f"question {self.id!r}: {order} is not an order of its choices")
        return replace(self, choices=tuple(self.choices[i] for i in order), answer=order.index(self.answer))


@dataclass(frozen=True)
class Quiz:
    """The questions of one lesson, at one content version.

    ``version`` is part of the storage key: bump it whenever questions, choices or their
    order change, or the saved state's meaning does, so that answers saved for the old quiz
    are never read as answers to the new one. (Version 2: the first checked answer is graded.
    Shuffling the shown choices, :meth:`shown`, raised every quiz's version once more.)
    """

    lesson_id: str
    version: int
    questions: tuple[Question, ...]

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.lesson_id):
            raise ValueError(f"lesson id {self.lesson_id!r} must be lowercase words joined by '-'")
        if self.version < 1:
            raise ValueError("a content version starts at 1")
        ids = [question.id for question in self.questions]
        if not ids or len(set(ids)) != len(ids):
            raise ValueError(f"quiz {self.lesson_id!r} needs questions with distinct ids")

    def order(self, question: Question) -> tuple[int, ...]:
        """The written indices of a question's choices in the order shown: a shuffle seeded by
        :data:`SHUFFLE_SEED`, the lesson and the question's id, the same on every build."""
        order = list(range(len(question.choices)))
        random.Random(f"{SHUFFLE_SEED}:{self.lesson_id}:{question.id}").shuffle(order)
        return tuple(order)

    @property
    def shown(self) -> tuple[Question, ...]:
        """The questions as the page shows them: choices shuffled, ``answer`` its shown index."""
        return tuple(question.reordered(self.order(question)) for question in self.questions)

    @property
    def storage_key(self) -> str:
        """Where the browser keeps this quiz's answers: ``composition-lab:quiz:<lesson>:v<n>``."""
        return f"{STORAGE_PREFIX}:{self.lesson_id}:v{self.version}"


def quiz_of(lesson_id: str, data: QuizData, path: Path) -> Quiz:
    """A lesson's quiz from its data file's ``quiz`` section, read by the schema; a question
    that breaks a rule is a :class:`LessonDataError` that names the file and the question."""
    questions = []
    for index, question in enumerate(data.questions):
        try:
            questions.append(
                Question(
                    question.id, question.prompt, question.choices, question.answer, question.explanation
                )
            )
        except ValueError as error:
            raise LessonDataError(f"{path}: quiz.questions[{index}] {question.id!r}: {error}") from error
    try:
        return Quiz(lesson_id, data.version, tuple(questions))
    except ValueError as error:
        raise LessonDataError(f"{path}: quiz: {error}") from error


CHECK_LABEL = "답 확인"
RESET_LABEL = "다시 풀기"

# The quiz's rules, said once above the questions: what is graded, and what the reset button
# does on its own and inside an LMS (where quiz.js then also shows SCRIPT_TEXTS["reset-keeps"]).
INTRO = " ".join(
    (
        f"답을 고른 뒤 ‘{CHECK_LABEL}’을 누르면 정답인지 알려 주고 해설이 열립니다.",
        "점수에는 문제마다 처음 확인한 답만 들어갑니다.",
        "그 뒤에 다른 답을 골라 다시 확인하면 맞았는지는 알려 주지만 점수는 바뀌지 않습니다.",
        f"‘{RESET_LABEL}’를 누르면 처음 확인한 답과 학습 표시까지 모두 지우고 처음부터 다시 시작합니다.",
        "다만 LMS 안에서 모든 문제를 확인해 결과가 보고된 뒤에는 지금 고른 답만 지우고,",
        "점수에 들어간 답과 합격 여부는 그대로 둡니다.",
        "이해한 문제는 ‘학습 완료로 표시’에 체크해 두면 다시 볼 문제와 구별할 수 있습니다.",
    )
)

# What quiz.js shows; {answered}, {correct}, {learned} and {total} are filled in the browser,
# where answered and correct count first checked answers only.
SCRIPT_TEXTS = {
    "correct": "정답입니다.",
    "wrong": "오답입니다. 해설을 읽고 다른 답을 골라 다시 확인해 보세요.",
    "choose": f"먼저 답을 하나 고른 뒤 ‘{CHECK_LABEL}’을 누르세요.",
    "first-correct": "점수에는 처음 확인한 답이 들어가며, 그 답은 정답이었습니다.",
    "first-wrong": "점수에는 처음 확인한 답이 들어가며, 그 답은 오답이었습니다.",
    "score": "확인한 문제 {answered}/{total} · 첫 답 정답 {correct} · 학습 완료 {learned}",
    "reset-keeps": (
        f"LMS에 결과가 보고되었으므로 ‘{RESET_LABEL}’는 지금 고른 답만 지웁니다. "
        "점수에 들어간 첫 답과 합격 여부는 바뀌지 않습니다."
    ),
    "lms-mastery": (
        "이 퀴즈의 결과는 LMS에 보고됩니다. 모든 문제의 첫 답 가운데 {mastery}% 이상이 정답이면 합격입니다."
    ),
    "lms-passed": "LMS에 보고된 결과: {raw}점, 합격입니다. 합격 기준은 {mastery}%입니다.",
    "lms-failed": (
        "LMS에 보고된 결과: {raw}점, 불합격입니다. 합격 기준은 {mastery}%입니다. "
        "이 시도의 결과는 바뀌지 않으니, 다시 응시하려면 LMS에서 새 시도를 시작하세요."
    ),
    "saved": "고른 답과 학습 표시는 이 브라우저에 저장되어 다시 열어도 남습니다.",
    "unsaved": "이 환경에서는 저장할 수 없어, 페이지를 떠나면 고른 답이 사라집니다.",
    "discarded": (
        "이 브라우저에 저장되어 있던 퀴즈 기록 가운데 읽을 수 없는 부분은 버리고, "
        "읽을 수 있는 것만 불러왔습니다."
    ),
}


def quiz_for(lesson_id: str) -> Quiz:
    """The quiz of a lesson; an unknown lesson id is an error that names it."""
    quizzes = {slug: lesson.quiz for slug, lesson in lessons().items() if lesson.quiz is not None}
    if lesson_id not in quizzes:
        raise ValueError(f"no quiz for lesson {lesson_id!r} (known: {', '.join(sorted(quizzes))})")
    return quizzes[lesson_id]


def quiz_html(lesson_id: str) -> str:
    """The accessible quiz markup of a lesson (the ``{{ quiz }}`` block of its page), from the
    course template ``quiz.html``: the questions as shown (:attr:`Quiz.shown`), each text's
    value placeholders filled from the core, its formulas in arithmatex's markup for KaTeX,
    and every other character escaped."""
    quiz = quiz_for(lesson_id)
    questions = [
        {
            "id": question.id,
            "answer": question.answer,
            "prompt": text_with_math(expand(question.prompt, lesson=lesson_id)),
            "choices": [text_with_math(expand(choice, lesson=lesson_id)) for choice in question.choices],
            "explanation": text_with_math(expand(question.explanation, lesson=lesson_id)),
        }
        for question in quiz.shown
    ]
    return render(
        "quiz.html",
        quiz=quiz,
        questions=questions,
        texts=SCRIPT_TEXTS,
        intro=INTRO,
        check_label=CHECK_LABEL,
        reset_label=RESET_LABEL,
    )
