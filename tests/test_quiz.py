"""The quiz renderer: parsed markup, answers against the core, the storage key.

The markup is read back with html.parser and checked against the typed questions and
against the core's records (never against numbers typed here), so a question whose
correct choice drifted away from the core fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.course.placeholders import PLACEHOLDER, expand, record_of
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
from generator.lessons.composition.quiz import COMPOSITION

QUIZ_JS = Path(__file__).resolve().parent.parent / "site_overrides" / "assets" / "javascripts" / "quiz.js"


@dataclass
class ParsedQuestion:
    id: str
    answer: int
    legend: str = ""
    choices: list[str] = field(default_factory=list)
    radio_names: set[str] = field(default_factory=set)
    radio_values: list[str] = field(default_factory=list)
    explanation: str = ""
    summary: str = ""
    learned_toggles: int = 0
    feedback_regions: int = 0
    check_buttons: list[str] = field(default_factory=list)
    check_attributes: list[dict[str, str]] = field(default_factory=list)


class QuizParser(HTMLParser):
    """Collects the quiz form's attributes and, per fieldset, what a reader sees."""

    def __init__(self) -> None:
        super().__init__()
        self.form: dict[str, str] = {}
        self.questions: list[ParsedQuestion] = []
        self.reset_buttons: list[str] = []
        self.reset_notes: list[dict[str, str]] = []
        self.intro = ""
        self.score_lines = 0
        self._open: list[str] = []  # the stack of tags whose text we collect
        self._button: list[str] | None = None  # the list whose last entry the button text extends

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        classes = attributes.get("class", "").split()
        current = self.questions[-1] if self.questions else None
        if tag == "form":
            self.form = attributes
        elif tag == "fieldset":
            self.questions.append(ParsedQuestion(attributes["data-question"], int(attributes["data-answer"])))
        elif tag == "input" and current and attributes.get("type") == "radio":
            current.radio_names.add(attributes["name"])
            current.radio_values.append(attributes["value"])
        elif tag == "input" and current and "data-learned" in attributes:
            current.learned_toggles += 1
        elif tag == "p" and "data-feedback" in attributes and current:
            current.feedback_regions += 1
        elif tag == "p" and "data-score" in attributes:
            self.score_lines += 1
        elif tag == "p" and "data-reset-note" in attributes:
            self.reset_notes.append(attributes)
        elif tag == "p" and "cl-quiz-intro" in classes:
            self._open.append("intro")
        elif tag == "button" and attributes.get("type") == "reset":
            self._button = self.reset_buttons
            self.reset_buttons.append("")
        elif tag == "button" and "data-check" in attributes and current:
            self._button = current.check_buttons
            current.check_buttons.append("")
            current.check_attributes.append(attributes)
        for name in ("legend", "summary"):
            if tag == name:
                self._open.append(name)
        if tag == "span" and "cl-choice-text" in classes and current:
            current.choices.append("")
            self._open.append("choice")
        if tag == "details":
            self._open.append("explanation")

    def handle_endtag(self, tag: str) -> None:
        closing = {
            "legend": "legend",
            "summary": "summary",
            "span": "choice",
            "details": "explanation",
            "p": "intro",
        }
        if tag in closing and self._open and self._open[-1] == closing[tag]:
            self._open.pop()
        if tag == "button":
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button[-1] += data
        if self._open and self._open[-1] == "intro":
            self.intro += data
        if not self._open or not self.questions:
            return
        current = self.questions[-1]
        where = self._open[-1]
        if where == "legend":
            current.legend += data
        elif where == "choice":
            current.choices[-1] += data
        elif where == "summary":
            current.summary += data
        elif where == "explanation":
            current.explanation += data


@pytest.fixture(scope="module")
def parsed() -> QuizParser:
    parser = QuizParser()
    parser.feed(quiz_html("composition"))
    parser.close()
    return parser


def _question(parsed: QuizParser, question_id: str) -> ParsedQuestion:
    return next(question for question in parsed.questions if question.id == question_id)


def _correct_choice(question: ParsedQuestion) -> str:
    return question.choices[question.answer]


def test_at_least_six_questions_each_with_one_correct_choice(parsed: QuizParser) -> None:
    assert len(parsed.questions) >= 6
    assert [question.id for question in parsed.questions] == [q.id for q in COMPOSITION.questions]
    for question in parsed.questions:
        assert 3 <= len(question.choices) <= 4, question.id
        assert 0 <= question.answer < len(question.choices), question.id
        assert len(set(question.choices)) == len(question.choices), question.id
        assert question.radio_values == [str(index) for index in range(len(question.choices))]
        assert len(question.radio_names) == 1, question.id


def test_the_reference_questions_are_there(parsed: QuizParser) -> None:
    assert "순수 ε" in _question(parsed, "pure-epsilon-fresh").legend
    assert "x XOR R" in _question(parsed, "xor-marginals").legend


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
        assert _correct_choice(question).strip() in question.explanation
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


def test_pure_epsilon_answer_is_the_cores_exact_value(parsed: QuizParser) -> None:
    pure = record_of("fresh-k2")["pure_epsilon"]
    correct = _correct_choice(_question(parsed, "pure-epsilon-fresh"))
    assert pure["exact"] in correct  # 2·ln(3)
    assert f"ln {pure['max_ratio']}" in correct  # ln 9
    assert pure["decimal"] in correct
    wrong = [c for i, c in enumerate(_question(parsed, "pure-epsilon-fresh").choices) if i != 1]
    assert not any(pure["exact"] in choice for choice in wrong)


def test_xor_answer_says_the_pair_reveals_x(parsed: QuizParser) -> None:
    question = _question(parsed, "xor-marginals")
    assert "아니다" in _correct_choice(question)
    assert all("그렇다" in choice for i, choice in enumerate(question.choices) if i != question.answer)
    assert record_of("xor")["claim"]["required"] == "1"
    assert f"필요한 δ도 {record_of('xor')['claim']['required']}" in question.explanation


def test_copy_answer_counts_one_query(parsed: QuizParser) -> None:
    copy = record_of("copy-k2")
    correct = _correct_choice(_question(parsed, "copy-post-processing"))
    assert correct == f"질의 수 {copy['composition']['queries']}, ε = {copy['pure_epsilon']['exact']}"
    assert copy["composition"]["queries"] == 1


def test_claim_answer_matches_the_exact_decision(parsed: QuizParser) -> None:
    claim = record_of("exercise-fail")["claim"]
    question = _question(parsed, "claim-decided-exactly")
    assert claim["passes"] is False
    assert record_of("exercise-pass")["claim"]["passes"] is True
    assert "δ = 0.374" in question.legend
    assert f"{claim['required']} = {claim['required_decimal']}" in _correct_choice(question)
    assert _correct_choice(question).startswith("성립하지 않는다")


def test_bound_answer_is_theorem_delta_then_exact_delta(parsed: QuizParser) -> None:
    panel = record_of("composition-p90")["composition"]
    assert (panel["theorem_delta"], panel["exact_delta"]) == ("1", "18/25")
    question = _question(parsed, "bound-versus-exact")
    assert _correct_choice(question) == "상계 1, 정확한 값 0.72"
    assert f"{panel['exact_delta']} = 0.72" in question.explanation


def test_third_response_answer_keeps_the_required_delta(parsed: QuizParser) -> None:
    k2, k3 = record_of("fresh-k2")["claim"], record_of("fresh-k3")["claim"]
    assert k2["required"] == k3["required"] == "3/8"
    assert _correct_choice(_question(parsed, "third-fresh-response")) == f"그대로 {k3['required']}이다."


def test_no_placeholder_or_raw_tex_survives(parsed: QuizParser) -> None:
    html = quiz_html("composition")
    assert not PLACEHOLDER.search(html)
    assert "{{" not in html
    assert "}}" not in html
    assert not re.search(r"\\[(\[]|\$", html)
    assert "\n\n" not in html, "a blank line would end Markdown's raw HTML block"


def test_every_question_text_expands_through_the_core() -> None:
    # Each text is a template; the rendered text is exactly its expansion.
    html = quiz_html("composition")
    for question in COMPOSITION.questions:
        for template in (question.prompt, question.explanation, *question.choices):
            assert escape(expand(template), quote=False) in html


def test_storage_key_names_lesson_and_version(parsed: QuizParser) -> None:
    assert parsed.form["data-quiz"] == "composition"
    # Version 2: the saved state holds first (graded) and last answers, not one answer each.
    assert COMPOSITION.version == 2
    assert parsed.form["data-quiz-key"] == COMPOSITION.storage_key == "composition-lab:quiz:composition:v2"
    assert f":v{COMPOSITION.version}" in COMPOSITION.storage_key
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
