"""The quiz renderer: parsed markup, answers against the core, the storage key.

The markup is read back with html.parser and checked against the typed questions and
against the core's records (never against numbers typed here), so a question whose
correct choice drifted away from the core fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.core import channels
from generator.core.optimal_composition import OptimalComposition
from generator.core.profile import Profile
from generator.core.pure_epsilon import pure_epsilon
from generator.course.katex_render import render_math, text_with_math
from generator.course.placeholders import FILTERS, PLACEHOLDER, expand, record_of
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
from tests.oracles import naive_delta_of
from tests.test_lesson_text import typed_numbers

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
        elif tag == "span" and self._open:
            self._open.append("inner")  # a formula's span inside a text being collected
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
        inner = tag == "span" and self._open and self._open[-1] == "inner"
        if inner or (tag in closing and self._open and self._open[-1] == closing[tag]):
            self._open.pop()
        if tag == "button":
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button[-1] += data
        if self._open and self._open[-1] == "intro":
            self.intro += data
        collecting = [where for where in self._open if where != "inner"]
        if not collecting or not self.questions:
            return
        current = self.questions[-1]
        where = collecting[-1]
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
    assert r"x\oplus R" in _question(parsed, "xor-marginals").legend


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


def _math(tex: str) -> str:
    """A formula as the parsed markup reads before KaTeX: arithmatex's inline delimiters."""
    return rf"\({tex}\)"


def _plain(template: str) -> str:
    """A text as the parsed markup reads: expanded, each $…$ between arithmatex's delimiters."""
    return re.sub(r"\$([^$]+)\$", lambda formula: _math(formula[1]), expand(template))


def _tex(exact: str) -> str:
    return str(FILTERS["tex"](exact))


def _wrong_choices(question: ParsedQuestion) -> list[str]:
    return [choice for index, choice in enumerate(question.choices) if index != question.answer]


def test_pure_epsilon_answer_is_the_cores_exact_value(parsed: QuizParser) -> None:
    pure = record_of("fresh-k2")["pure_epsilon"]
    question = _question(parsed, "pure-epsilon-fresh")
    assert pure_epsilon(channels.fresh(75, 2)).describe() == pure["exact"] == "2·ln(3)"
    assert _correct_choice(question) == _math(rf"\varepsilon=2\ln 3\approx {pure['decimal']}") + "이다"
    assert f"\\ln {pure['max_ratio']}={_tex(pure['exact'])}" in question.explanation  # ln 9 = 2 ln 3
    assert not any(_tex(pure["exact"]) + "\\approx" in choice for choice in _wrong_choices(question))


def test_xor_answer_says_the_pair_reveals_x(parsed: QuizParser) -> None:
    question = _question(parsed, "xor-marginals")
    required = record_of("xor")["claim"]["required"]
    assert required == "1"
    assert _correct_choice(question).startswith("함께 보면 유한한 ε이 없다")
    assert f"필요한 δ가 {_math(required)}" in _correct_choice(question)
    assert f"필요한 δ도 {_math(required)}" in question.explanation
    assert sum("유한한 ε이 없다" in choice for choice in question.choices) == 1


def test_copy_answer_counts_the_queries_that_read_the_secret(parsed: QuizParser) -> None:
    copy, fresh = record_of("copy-k2"), record_of("fresh-k2")
    question = _question(parsed, "copy-post-processing")
    assert "비밀 \\(x\\)를 읽는 질의" in question.legend
    assert copy["composition"]["queries"] == 1
    epsilon = _math(r"\varepsilon=" + _tex(copy["pure_epsilon"]["exact"]))
    assert _correct_choice(question) == f"질의 {_math(str(copy['composition']['queries']))}개, {epsilon}"
    # The conditional view: given the first copy, the second is a (0, 0) step; XOR has none.
    assert _math("(0,0)") in question.explanation
    assert "XOR" in question.explanation
    assert fresh["composition"]["queries"] == 2


def test_claim_answer_matches_the_exact_decision(parsed: QuizParser) -> None:
    claim = record_of("exercise-fail")["claim"]
    question = _question(parsed, "claim-decided-exactly")
    assert claim["passes"] is False
    assert record_of("exercise-pass")["claim"]["passes"] is True
    assert _math(r"\delta=0.374") in question.legend
    assert _math(f"{claim['required']}={claim['required_decimal']}") in _correct_choice(question)
    assert _correct_choice(question).startswith("성립하지 않는다")


def test_bound_answer_is_theorem_delta_then_exact_delta_with_the_optimal_between(parsed: QuizParser) -> None:
    panel = record_of("composition-p90")["composition"]
    assert (panel["theorem_delta"], panel["exact_delta"]) == ("1", "18/25")
    optimal = OptimalComposition(Fraction(3), Fraction(panel["delta0"]), panel["queries"])
    assert optimal.delta(Fraction(panel["composed_alpha"])) == Fraction(21, 25)
    question = _question(parsed, "bound-versus-exact")
    assert _correct_choice(question) == f"상계 {_math('1')}, 정확한 값 {_math('0.72')}"
    assert f"{panel['exact_delta']}=0.72" in question.explanation
    assert "0.84" in question.explanation
    assert "상계" in question.explanation
    assert "충분조건" not in question.explanation
    assert r"[p-\alpha_0(1-p)]_+" in question.explanation  # δ₀ with its clip
    # The strong distractors: the unclipped sum, and the optimal composition in either slot.
    assert {
        f"상계 {_math('1.2')}, 정확한 값 {_math('0.72')}",
        f"상계 {_math('0.84')}, 정확한 값 {_math('0.72')}",
    } <= set(question.choices)


def test_third_response_answer_keeps_the_required_delta(parsed: QuizParser) -> None:
    k2, k3 = record_of("fresh-k2")["claim"], record_of("fresh-k3")["claim"]
    assert k2["required"] == k3["required"] == "3/8"
    assert _correct_choice(_question(parsed, "third-fresh-response")).startswith(
        f"{_math('3/8')}에서 {_math('3/8')}으로, 그대로다."
    )


def test_alpha_versus_alpha0_answer_needs_the_composed_alpha(parsed: QuizParser) -> None:
    record = record_of("fresh-k2")
    question = _question(parsed, "alpha-versus-alpha0")
    correct = _correct_choice(question)
    assert correct.startswith("틀리다")
    assert _math(f"\\delta={record['claim']['required']}") in correct  # 3/8 at α = 3
    assert _math(record["composition"]["composed_alpha"]) in correct  # α₀² = 9
    assert Profile(channels.fresh(75, 2)).delta(Fraction(9)) == 0


def test_counts_answer_shows_what_the_count_loses(parsed: QuizParser) -> None:
    record = record_of("mixed")
    # The oracle: both laws by hand, δ*(1) of the pair and of its count of ones.
    first, second = (Fraction(3, 4), Fraction(1, 4)), (Fraction(1, 2), Fraction(1, 2))
    pair0 = [first[a] * second[b] for a in (0, 1) for b in (0, 1)]
    pair1 = [first[1 - a] * second[1 - b] for a in (0, 1) for b in (0, 1)]
    count0 = [pair0[0], pair0[1] + pair0[2], pair0[3]]
    count1 = [pair1[0], pair1[1] + pair1[2], pair1[3]]
    assert (
        naive_delta_of(pair0, pair1, Fraction(1)) == Fraction(record["claim"]["required"]) == Fraction(1, 2)
    )
    assert naive_delta_of(count0, count1, Fraction(1)) == Fraction(record["count"]["claim"]["required"])
    correct = _correct_choice(_question(parsed, "counts-suffice"))
    assert correct.startswith("반례이다")
    assert f"{_math('1/2')} 대신 {_math('1/4')}" in correct


def test_p_below_half_answer_mirrors_p_above_half(parsed: QuizParser) -> None:
    question = _question(parsed, "p-below-half")
    assert pure_epsilon(channels.fresh(25, 2)) == pure_epsilon(channels.fresh(75, 2))
    assert _correct_choice(question).startswith(_math(r"\varepsilon=2\ln 3") + "이다.")
    assert any(
        choice.startswith(_math(r"\varepsilon=\infty")) for choice in question.choices
    )  # p = 0, not p < 1/2
    assert pure_epsilon(channels.fresh(0, 2)).describe() == "∞"


def test_adaptive_answer_is_the_cores_exact_value(parsed: QuizParser) -> None:
    # The oracle: the pair's laws by the chain rule, written out by hand.
    second = {0: (Fraction(1, 2), Fraction(1, 2)), 1: (Fraction(3, 4), Fraction(1, 4))}  # by Z₁
    p0 = [(Fraction(3, 4), Fraction(1, 4))[z1] * second[z1][z2] for z1 in (0, 1) for z2 in (0, 1)]
    p1 = [(Fraction(1, 4), Fraction(3, 4))[z1] * second[z1][1 - z2] for z1 in (0, 1) for z2 in (0, 1)]
    assert naive_delta_of(p0, p1, Fraction(3)) == Fraction(3, 8)
    assert max(max(a / b, b / a) for a, b in zip(p0, p1, strict=True)) == 9
    record = record_of("adaptive")
    assert (record["claim"]["required"], record["pure_epsilon"]["max_ratio"], record["steps"]["alpha"]) == (
        "3/8",
        "9",
        "9",
    )
    correct = _correct_choice(_question(parsed, "adaptive-composition"))
    assert correct == "순수 ε은 " + _math(r"\varepsilon=\ln 9") + ", 필요한 δ는 " + _math(r"\delta_*(3)=3/8")


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
            assert str(text_with_math(expand(template))) in html


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
        assert question.choices == [_plain(choice) for choice in shown.choices]


def test_a_question_reordered_keeps_its_answer() -> None:
    question = Question("q", "prompt", ("a", "b", "c"), 1, "explanation")
    assert question.reordered((2, 0, 1)) == Question("q", "prompt", ("c", "a", "b"), 2, "explanation")
    with pytest.raises(ValueError, match="not an order"):
        question.reordered((0, 0, 1))


_DECIMAL = re.compile(r"\d\.\d")


def test_every_option_of_a_question_has_the_same_form() -> None:
    for quiz in (
        quiz_for(slug) for slug in ("composition", "events", "postprocessing", "sensitivity", "optimal")
    ):
        for question in quiz.questions:
            decimals = [bool(_DECIMAL.search(expand(choice))) for choice in question.choices]
            assert len(set(decimals)) == 1, f"{question.id}: only some options carry a decimal"
            formulas = [expand(choice).startswith("$") for choice in question.choices]
            assert len(set(formulas)) == 1, f"{question.id}: only some options are a formula"


def test_the_quiz_types_no_computed_number_by_hand() -> None:
    for question in (
        q
        for slug in ("composition", "events", "postprocessing", "sensitivity", "optimal")
        for q in quiz_for(slug).questions
    ):
        for text in (question.prompt, question.explanation, *question.choices):
            assert typed_numbers(text) == [], (question.id, text)


def test_storage_key_names_lesson_and_version(parsed: QuizParser) -> None:
    assert parsed.form["data-quiz"] == "composition"
    # Version 4: the questions were rewritten to ask for transfer (version 3 shuffled the choices).
    assert COMPOSITION.version == 4
    assert parsed.form["data-quiz-key"] == COMPOSITION.storage_key == "composition-lab:quiz:composition:v4"
    assert f":v{COMPOSITION.version}" in COMPOSITION.storage_key
    assert quiz_for("events").version == 3
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
