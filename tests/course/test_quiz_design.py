"""Quizzes that test understanding, held over every lesson's quiz.

1. **Transfer.** At least half of each lesson's questions ask for transfer rather than a worked
   example's numbers. A transfer question says which kind it is in its prompt, in words a
   reader sees (:data:`TRANSFER_MARKERS`): a case the page does not work ("본문에 없는 경우"),
   a prediction before computing ("계산하기 전에", "계산하지 않고"), a judgement of an argument
   ("논증") or a counterexample ("반례").
2. **The answer does not stand out.** Every choice of a question has the same shape (as many
   sentences, the same kind of ending) and no choice is less than :data:`SHORTEST_SHARE` of the
   longest. In no lesson is the correct choice the strictly longest more often than chance: with
   n choices a question's chance is 1/n, a lesson's chance is the sum over its questions, and
   the margin allowed is :data:`LONGEST_MARGIN` question.
3. **Numbers and names.** A quiz types no computed number, names only its own lesson's examples,
   and its choices stay distinct once the numbers are filled in.
4. **Versions.** A quiz's content is pinned with its version (:data:`QUIZ_CONTENT`): a change to
   questions, choices or their order fails here until the version is raised and the pin updated,
   so answers saved for the old quiz are never read against the new one.
5. **Answers against the core** for the transfer questions whose answers are numbers.
"""

from __future__ import annotations

import hashlib
import json
import re
from fractions import Fraction

import pytest

from generator.core import channels
from generator.core.profile import Profile
from generator.course.lessons import lessons
from generator.course.placeholders import FILTERS, PLACEHOLDER, expand, record_of
from generator.course.quiz import Question, Quiz
from tests.course.test_lesson_pages import typed_numbers
from tests.course.texts import MATH, quiz, quizzes, sentences

TRANSFER_MARKERS = {
    "a case the page does not work": ("본문에 없는 경우",),
    "a prediction": ("계산하기 전에", "계산하지 않고"),
    "an argument to judge": ("논증",),
    "a counterexample": ("반례",),
}
SHORTEST_SHARE = 0.6
LONGEST_MARGIN = 1

# (version, digest of the questions as written). Raise the version with any change, then pin.
QUIZ_CONTENT = {
    "composition": (5, "2f0fff1500c56113"),
    "events": (4, "feacc13f31784b57"),
    "optimal": (5, "202e2ea855304ba3"),
    "postprocessing": (2, "091cb1f2d58db43d"),
    "sensitivity": (4, "646bc09fcb39d0d9"),
    "dpsgd": (2, "3c02974a64260e29"),
    "gaussian": (3, "a09e0405dc6ee359"),
    "localdp": (3, "1f3b2a51797fc892"),
    "audit": (1, "7086fbd06c69a89a"),
}


def transfer_kind(question: Question) -> str | None:
    """The kind of transfer a question asks for, by the words of its prompt."""
    for kind, markers in TRANSFER_MARKERS.items():
        if any(marker in question.prompt for marker in markers):
            return kind
    return None


def visible_length(text: str, lesson: str) -> int:
    """About how many characters a reader sees: numbers filled in, a TeX command one symbol."""
    text = expand(text, lesson=lesson).replace("$", "")
    text = re.sub(r"\\[A-Za-z]+", "x", text)
    return len(re.sub(r"[{}^_\\]", "", text))


def strictly_longest(question: Question, lesson: str) -> bool:
    lengths = [visible_length(choice, lesson) for choice in question.choices]
    others = lengths[: question.answer] + lengths[question.answer + 1 :]
    return lengths[question.answer] > max(others)


def digest(found: Quiz) -> str:
    written = [
        [question.id, question.prompt, list(question.choices), question.answer, question.explanation]
        for question in found.questions
    ]
    return hashlib.sha256(json.dumps(written, ensure_ascii=False).encode()).hexdigest()[:16]


LESSONS = sorted(quizzes())


@pytest.mark.parametrize("slug", LESSONS)
def test_at_least_half_of_each_quiz_asks_for_transfer(slug: str) -> None:
    questions = quiz(slug).questions
    kinds = [transfer_kind(question) for question in questions]
    assert 2 * sum(kind is not None for kind in kinds) >= len(questions), dict(
        zip([q.id for q in questions], kinds, strict=True)
    )
    assert len({kind for kind in kinds if kind}) >= 2, "more than one kind of transfer"


@pytest.mark.parametrize("slug", LESSONS)
def test_the_correct_choice_is_not_the_longest_more_often_than_chance(slug: str) -> None:
    questions = quiz(slug).questions
    chance = sum(Fraction(1, len(question.choices)) for question in questions)
    longest = [question.id for question in questions if strictly_longest(question, slug)]
    assert len(longest) <= chance + LONGEST_MARGIN, (longest, float(chance))


def _sentence_count(text: str) -> int:
    return len([s for s in sentences(MATH.sub("M", PLACEHOLDER.sub("V", text))) if re.search(r"[가-힣]", s)])


@pytest.mark.parametrize("slug", LESSONS)
def test_distractors_carry_as_much_as_the_answer(slug: str) -> None:
    for question in quiz(slug).questions:
        counts = {_sentence_count(choice) for choice in question.choices}
        assert len(counts) == 1, (
            question.id,
            "every choice gives as many sentences (a claim and its reason)",
        )
        lengths = [visible_length(choice, slug) for choice in question.choices]
        assert min(lengths) >= SHORTEST_SHARE * max(lengths), (question.id, lengths)


@pytest.mark.parametrize("slug", LESSONS)
def test_a_quiz_types_no_number_and_names_its_own_examples(slug: str) -> None:
    own = set(lessons()[slug].examples)
    for question in quiz(slug).questions:
        for text in (question.prompt, question.explanation, *question.choices):
            assert typed_numbers(text) == [], (question.id, text)
            named = {m["body"].split(".")[0].strip() for m in PLACEHOLDER.finditer(text)}
            assert named <= own, (question.id, named - own)
        expanded = [expand(choice, lesson=slug) for choice in question.choices]
        assert len(set(expanded)) == len(expanded), (question.id, "two choices read the same")


@pytest.mark.parametrize("slug", LESSONS)
def test_a_quizs_version_follows_its_content(slug: str) -> None:
    found = quiz(slug)
    assert (found.version, digest(found)) == QUIZ_CONTENT[slug], (
        "the quiz changed: raise its version in lesson.json, then pin (version, digest) here"
    )


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("본문에 없는 경우입니다. 무엇입니까?", "a case the page does not work"),
        ("계산하기 전에 예상해 보십시오.", "a prediction"),
        ("이 논증에 대한 판단으로 옳은 것은 무엇입니까?", "an argument to judge"),
        ("이 말의 반례가 되는 것은 무엇입니까?", "a counterexample"),
        ("필요한 δ는 얼마입니까?", None),
    ],
)
def test_the_transfer_markers_are_read_from_the_prompt(prompt: str, kind: str | None) -> None:
    assert transfer_kind(Question("q", prompt, ("a", "b", "c"), 0, "e")) == kind


# 5. Answers against the core


def _question(slug: str, question_id: str) -> Question:
    return next(question for question in quiz(slug).questions if question.id == question_id)


def test_the_tail_is_not_delta_counterexample_holds() -> None:
    """One response at α = 1: the loss exceeds 0 with probability p, the required δ is 2p − 1."""
    p = Fraction(record_of("hand", "optimal")["truth_probability"])
    assert p == Fraction(3, 4)
    profile = Profile(channels.fresh(int(p * 100), 1))
    assert profile.delta(Fraction(1)) == 2 * p - 1 != p
    assert profile.delta(Fraction(record_of("hand", "optimal")["alpha0"])) == 0  # the second choice: both 0
    assert "2p-1" in _question("optimal", "tail-is-not-delta").choices[0]


def test_the_small_k_prediction_is_what_the_theorems_give() -> None:
    five = record_of("five", "optimal")
    assert Fraction(five["basic"]["epsilon"]) < Fraction(five["advanced"]["epsilon"])
    assert _question("optimal", "basic-wins-small-k").choices[0].startswith("기본 정리가 낫다")


def test_the_revealing_steps_leave_no_finite_epsilon() -> None:
    over = record_of("delta0-over", "optimal")
    assert over["optimal"]["epsilon_text"] == "∞"
    assert Fraction(over["reveal"]) > Fraction(over["delta"])
    assert Fraction(over["basic"]["delta"]) > Fraction(over["delta"])
    assert over["advanced"]["applies"] is False


def test_the_replace_sum_on_an_interval_moves_by_its_length() -> None:
    """On [L, U] two clipped values differ by at most U − L, so a replace moves the sum by U − L:
    B on [0, B], and 2B on [−B, B], twice the add/remove sensitivity, as the core's examples give
    (the explanation's instance)."""
    add, replace = record_of("sum-add", "sensitivity"), record_of("sum-replace", "sensitivity")
    bound = Fraction(add["bound"])
    assert Fraction(replace["sensitivity"]) == 2 * bound == 2 * Fraction(add["sensitivity"])
    assert _question("sensitivity", "replace-doubles-sum").choices[0].startswith("$U-L$이다")


def test_the_fresh_versus_copied_prediction_is_the_cores() -> None:
    twice, once = record_of("rr-twice", "events")["pure_epsilon"], record_of("rr", "events")["pure_epsilon"]
    assert Fraction(twice["max_ratio"]) == Fraction(once["max_ratio"]) ** 2
    question = _question("events", "fresh-versus-copied")
    correct = expand(question.choices[question.answer], lesson="events")
    tex = FILTERS["tex"]
    assert correct.startswith(
        f"A는 $\\varepsilon={tex(twice['exact'])}$, B는 $\\varepsilon={tex(once['exact'])}$"
    )
