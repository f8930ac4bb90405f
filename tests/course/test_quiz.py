"""The quiz renderer (generator/course/quiz.py): parsed markup, accessibility, shuffled
choices, the storage key and the texts handed to the script, on the composition lesson's quiz.

The markup is read back with the shared reader (tests/harness/quiz_markup.py) and checked against
the typed questions.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import pytest

from generator.course.katex_render import render_math, text_with_math
from generator.course.lessons import lessons
from generator.course.placeholders import PLACEHOLDER, expand
from generator.course.quiz import (
    CHECK_LABEL,
    INTRO,
    RESET_LABEL,
    SCRIPT_TEXTS,
    Question,
    Quiz,
    quiz_for,
    quiz_html,
)
from tests.course.test_lesson_pages import typed_numbers
from tests.harness.quiz_markup import QuizParser, correct_choice, parsed_quiz, plain

QUIZ_JS = Path(__file__).resolve().parents[2] / "site_overrides" / "assets" / "javascripts" / "quiz.js"
COMPOSITION = quiz_for("composition")


@pytest.fixture(scope="module")
def parsed() -> QuizParser:
    return parsed_quiz(quiz_html("composition"))


def test_at_least_six_questions_each_with_onecorrect_choice(parsed: QuizParser) -> None:
    assert len(parsed.questions) >= 6
    assert [question.id for question in parsed.questions] == [q.id for q in COMPOSITION.questions]
    for question in parsed.questions:
        assert 3 <= len(question.choices) <= 4, question.id
        assert 0 <= question.answer < len(question.choices), question.id
        assert len(set(question.choices)) == len(question.choices), question.id
        assert question.radio_values == [str(index) for index in range(len(question.choices))]
        assert len(question.radio_names) == 1, question.id


def test_every_question_is_accessible_without_script(parsed: QuizParser) -> None:
    names = [name for question in parsed.questions for name in question.radio_names]
    assert len(set(names)) == len(names), "radio groups must not share a name"
    for question in parsed.questions:
        assert question.legend.strip(), question.id
        assert question.summary == "해설 보기"
        assert question.explanation.strip()
        assert question.learned_toggles == 1
        assert question.feedback_regions == 1
        # The worked answer states the correct choice, so it reads without JavaScript.
        assert correct_choice(question).strip() in question.explanation
    assert parsed.score_lines == 1
    assert parsed.reset_buttons == [RESET_LABEL] == ["다시 풀기"]


def test_every_question_has_one_check_button_hidden_until_the_script_runs(parsed: QuizParser) -> None:
    # An answer is committed by this button, never by choosing an option; without JavaScript
    # it would do nothing, so it is hidden and quiz.js shows it.
    for question in parsed.questions:
        assert question.check_buttons == [CHECK_LABEL] == ["답 확인"], question.id
        (attributes,) = question.check_attributes
        assert attributes["type"] == "button", "a submit button would send the form"
        assert "hidden" in attributes
    # The reset note starts hidden and is announced when quiz.js fills it.
    assert len(parsed.reset_notes) == 1
    assert "hidden" in parsed.reset_notes[0]
    assert parsed.reset_notes[0]["aria-live"] == "polite"


def test_the_intro_says_how_the_score_is_made_and_what_reset_does(parsed: QuizParser) -> None:
    assert parsed.intro == INTRO
    assert f"‘{CHECK_LABEL}’" in INTRO
    assert "처음 확인한 답만 들어갑니다" in INTRO  # the graded answer
    assert "점수는 바뀌지 않습니다" in INTRO  # later checks
    assert f"‘{RESET_LABEL}’" in INTRO
    assert "LMS" in INTRO  # the reset keeps a reported result


def _render_stub(tex: str, display: bool) -> str:
    return f'<span class="katex">{escape(tex)}</span>'


def test_the_quiz_maths_is_arithmatex_markup_that_katex_renders() -> None:
    html = quiz_html("composition")
    assert not PLACEHOLDER.search(html)
    assert "{{" not in html
    assert "}}" not in html
    assert "$" not in html, "every $…$ became arithmatex's markup"
    assert "\n\n" not in html, "a blank line would end Markdown's raw HTML block"
    rendered = render_math(html, _render_stub)
    assert "arithmatex" not in rendered.replace('class="arithmatex"', "")
    outside = re.sub(r'<span class="katex">.*?</span>', "", rendered)
    assert "\\" not in outside, "no raw TeX is left outside the formulas"
    # Short flat formulas are set as plain markup in KaTeX's fonts, the rest by KaTeX.
    assert rendered.count('class="katex"') > 20
    assert rendered.count('class="katex"') + rendered.count('class="cl-symbol"') > 200


def test_every_question_text_expands_through_the_core() -> None:
    # Each text is a template; the rendered text is exactly its expansion, formulas marked up.
    html = quiz_html("composition")
    for question in COMPOSITION.questions:
        for template in (question.prompt, question.explanation, *question.choices):
            assert str(text_with_math(expand(template, lesson="composition"))) in html


def test_choices_are_shown_shuffled_by_a_fixed_seed(parsed: QuizParser) -> None:
    for quiz in (quiz_for("composition"), quiz_for("events")):
        shown = quiz.shown
        assert shown == quiz.shown, "the same order on every build"
        positions = [question.answer for question in shown]
        assert len(set(positions)) > 1, f"{quiz.lesson_id}: every correct answer at position {positions[0]}"
        assert max(positions.count(p) for p in set(positions)) <= (len(positions) + 1) // 2
        for written, question in zip(quiz.questions, shown, strict=True):
            order = quiz.order(written)
            assert sorted(question.choices) == sorted(written.choices)
            assert question.choices == tuple(written.choices[i] for i in order)
            assert question.choices[question.answer] == written.choices[written.answer]
    # The markup follows the shown order: data-answer and the radios are shown positions.
    for question, shown in zip(parsed.questions, COMPOSITION.shown, strict=True):
        assert question.answer == shown.answer
        assert question.choices == [plain(choice, "composition") for choice in shown.choices]


def test_a_question_reordered_keeps_its_answer() -> None:
    question = Question("q", "prompt", ("a", "b", "c"), 1, "explanation")
    assert question.reordered((2, 0, 1)) == Question("q", "prompt", ("c", "a", "b"), 2, "explanation")
    with pytest.raises(ValueError, match="not an order"):
        question.reordered((0, 0, 1))


def test_storage_key_names_lesson_and_version(parsed: QuizParser) -> None:
    assert parsed.form["data-quiz"] == "composition"
    # Version 5: one choice of "third-fresh-response" was reworded (version 4 asked for transfer).
    assert COMPOSITION.version == 5
    assert parsed.form["data-quiz-key"] == COMPOSITION.storage_key == "composition-lab:quiz:composition:v5"
    assert f":v{COMPOSITION.version}" in COMPOSITION.storage_key
    assert quiz_for("events").version == 4
    bumped = Quiz("composition", COMPOSITION.version + 1, COMPOSITION.questions)
    assert bumped.storage_key != COMPOSITION.storage_key


def test_script_texts_are_carried_as_data(parsed: QuizParser) -> None:
    assert {name for name in parsed.form if name.startswith("data-text-")} == {
        f"data-text-{name}" for name in SCRIPT_TEXTS
    }
    for name, text in SCRIPT_TEXTS.items():
        assert parsed.form[f"data-text-{name}"] == text, name
    assert parsed.form["data-text-correct"] == "정답입니다."
    assert parsed.form["data-text-wrong"].startswith("오답입니다.")
    for name in ("answered", "total", "correct", "learned"):
        assert "{" + name + "}" in parsed.form["data-text-score"]
    # The texts of the grading rule: the check prompt, the graded first answer, the reset.
    assert CHECK_LABEL in SCRIPT_TEXTS["choose"]
    assert "처음 확인한 답" in SCRIPT_TEXTS["first-correct"]
    assert "처음 확인한 답" in SCRIPT_TEXTS["first-wrong"]
    assert RESET_LABEL in SCRIPT_TEXTS["reset-keeps"]


def test_quiz_js_types_no_sentence_and_names_only_carried_texts() -> None:
    script = QUIZ_JS.read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", script, flags=re.DOTALL)  # comments may quote labels
    assert not re.search(r"[가-힣]", code), "every sentence the quiz shows comes from quiz.py"
    used = set(re.findall(r'text\("([a-z-]+)"\)', code))
    used |= {name for pair in re.findall(r'"([a-z-]+)" : "([a-z-]+)"', code) for name in pair}
    assert {"choose", "first-correct", "first-wrong", "reset-keeps"} <= used
    assert used <= set(SCRIPT_TEXTS)


def test_unknown_lesson_raises() -> None:
    with pytest.raises(ValueError, match="no-such-lesson"):
        quiz_html("no-such-lesson")
    assert quiz_for("composition") is COMPOSITION


@pytest.mark.parametrize(
    ("choices", "answer"),
    [(("a", "b"), 0), (("a", "b", "c", "d", "e"), 0), (("a", "b", "c"), 3), (("a", "a", "b"), 0)],
)
def test_malformed_questions_are_refused(choices: tuple[str, ...], answer: int) -> None:
    with pytest.raises(ValueError, match="question"):
        Question("q", "prompt", choices, answer, "explanation")


def test_duplicate_question_ids_are_refused() -> None:
    question = COMPOSITION.questions[0]
    with pytest.raises(ValueError, match="distinct"):
        Quiz("composition", 1, (question, question))


# Every lesson's quiz, written by the same rules.
_DECIMAL = re.compile(r"\d\.\d")


def test_every_option_of_a_question_has_the_same_form() -> None:
    for quiz in (quiz_for(slug) for slug, lesson in lessons().items() if lesson.quiz is not None):
        for question in quiz.questions:
            decimals = [
                bool(_DECIMAL.search(expand(choice, lesson=quiz.lesson_id))) for choice in question.choices
            ]
            assert len(set(decimals)) == 1, f"{question.id}: only some options carry a decimal"
            formulas = [expand(choice, lesson=quiz.lesson_id).startswith("$") for choice in question.choices]
            assert len(set(formulas)) == 1, f"{question.id}: only some options are a formula"


def test_the_quiz_types_no_computed_number_by_hand() -> None:
    for question in (
        q
        for slug in ("composition", "events", "postprocessing", "sensitivity", "optimal")
        for q in quiz_for(slug).questions
    ):
        for text in (question.prompt, question.explanation, *question.choices):
            assert typed_numbers(text) == [], (question.id, text)
