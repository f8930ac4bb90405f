"""The composition lesson's quiz: every right answer is the core's exact value, and every
distractor is a real misreading; no computed number is typed in the data file.

The markup is read back with the shared reader (tests/harness/quiz_markup.py) and checked against
the core's records and against oracles written out here (never against numbers typed here).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.core import channels
from generator.core.optimal_composition import OptimalComposition
from generator.core.profile import Profile
from generator.core.pure_epsilon import pure_epsilon
from generator.core.rational import fraction_str
from generator.course.placeholders import FILTERS, record_of
from generator.course.quiz import quiz_for, quiz_html
from tests.harness.quiz_markup import (
    ParsedQuestion,
    QuizParser,
    correct_choice,
    math,
    parsed_quiz,
    question_of,
)
from tests.oracles import naive_delta_of

COMPOSITION = quiz_for("composition")


@pytest.fixture(scope="module")
def parsed() -> QuizParser:
    return parsed_quiz(quiz_html("composition"))


def test_the_reference_questions_are_there(parsed: QuizParser) -> None:
    assert "순수 ε" in question_of(parsed, "pure-epsilon-fresh").legend
    assert r"x\oplus R" in question_of(parsed, "xor-marginals").legend


def _tex(exact: str) -> str:
    return str(FILTERS["tex"](exact))


def _wrong_choices(question: ParsedQuestion) -> list[str]:
    return [choice for index, choice in enumerate(question.choices) if index != question.answer]


def test_pure_epsilon_answer_is_the_cores_exact_value(parsed: QuizParser) -> None:
    pure = record_of("fresh-k2", "composition")["pure_epsilon"]
    question = question_of(parsed, "pure-epsilon-fresh")
    assert pure_epsilon(channels.fresh(75, 2)).describe() == pure["exact"] == "2·ln(3)"
    assert correct_choice(question) == math(rf"\varepsilon=2\ln 3\approx {pure['decimal']}") + "이다"
    assert f"\\ln {pure['max_ratio']}={_tex(pure['exact'])}" in question.explanation  # ln 9 = 2 ln 3
    assert not any(_tex(pure["exact"]) + "\\approx" in choice for choice in _wrong_choices(question))


def test_xor_answer_says_the_pair_reveals_x(parsed: QuizParser) -> None:
    question = question_of(parsed, "xor-marginals")
    required = fraction_str(record_of("xor", "composition")["claim"]["required"])
    assert required == "1"
    assert correct_choice(question).startswith("함께 보면 유한한 ε이 없다")
    assert f"필요한 δ가 {math(required)}" in correct_choice(question)
    assert f"필요한 δ도 {math(required)}" in question.explanation
    assert sum("유한한 ε이 없다" in choice for choice in question.choices) == 1


def test_copy_answer_counts_the_queries_that_read_the_secret(parsed: QuizParser) -> None:
    copy, fresh = record_of("copy-k2", "composition"), record_of("fresh-k2", "composition")
    question = question_of(parsed, "copy-post-processing")
    assert "비밀 \\(x\\)를 읽는 질의" in question.legend
    assert copy["composition"]["queries"] == 1
    epsilon = math(r"\varepsilon=" + _tex(copy["pure_epsilon"]["exact"]))
    assert correct_choice(question) == f"질의 {math(str(copy['composition']['queries']))}개, {epsilon}"
    # The conditional view: given the first copy, the second is a (0, 0) step; XOR has none.
    assert math("(0,0)") in question.explanation
    assert "XOR" in question.explanation
    assert fresh["composition"]["queries"] == 2


def test_claim_answer_matches_the_exact_decision(parsed: QuizParser) -> None:
    claim = record_of("exercise-fail", "composition")["claim"]
    question = question_of(parsed, "claim-decided-exactly")
    assert claim["passes"] is False
    assert record_of("exercise-pass", "composition")["claim"]["passes"] is True
    assert math(r"\delta=0.374") in question.legend
    assert math(f"{claim['required']}={claim['required_decimal']}") in correct_choice(question)
    assert correct_choice(question).startswith("성립하지 않는다")


def test_bound_answer_is_theorem_delta_then_exact_delta_with_the_optimal_between(parsed: QuizParser) -> None:
    panel = record_of("composition-p90", "composition")["composition"]
    assert (panel["theorem_delta"], panel["exact_delta"]) == (1, Fraction(18, 25))
    optimal = OptimalComposition(Fraction(3), Fraction(panel["delta0"]), panel["queries"])
    assert optimal.delta(Fraction(panel["composed_alpha"])) == Fraction(21, 25)
    question = question_of(parsed, "bound-versus-exact")
    assert correct_choice(question) == f"상계 {math('1')}, 정확한 값 {math('0.72')}"
    assert f"{panel['exact_delta']}=0.72" in question.explanation
    assert "0.84" in question.explanation
    assert "상계" in question.explanation
    assert "충분조건" not in question.explanation
    assert r"[p-\alpha_0(1-p)]_+" in question.explanation  # δ₀ with its clip
    # The strong distractors: the unclipped sum, and the optimal composition in either slot.
    assert {
        f"상계 {math('1.2')}, 정확한 값 {math('0.72')}",
        f"상계 {math('0.84')}, 정확한 값 {math('0.72')}",
    } <= set(question.choices)


def test_third_response_answer_keeps_the_required_delta(parsed: QuizParser) -> None:
    k2, k3 = record_of("fresh-k2", "composition")["claim"], record_of("fresh-k3", "composition")["claim"]
    assert k2["required"] == k3["required"] == Fraction(3, 8)
    assert correct_choice(question_of(parsed, "third-fresh-response")).startswith(
        f"{math('3/8')}에서 {math('3/8')}으로, 그대로다."
    )


def test_alpha_versus_alpha0_answer_needs_the_composed_alpha(parsed: QuizParser) -> None:
    record = record_of("fresh-k2", "composition")
    question = question_of(parsed, "alpha-versus-alpha0")
    correct = correct_choice(question)
    assert correct.startswith("틀리다")
    assert math(f"\\delta={record['claim']['required']}") in correct  # 3/8 at α = 3
    assert math(fraction_str(record["composition"]["composed_alpha"])) in correct  # α₀² = 9
    assert Profile(channels.fresh(75, 2)).delta(Fraction(9)) == 0


def test_counts_answer_shows_what_the_count_loses(parsed: QuizParser) -> None:
    record = record_of("mixed", "composition")
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
    correct = correct_choice(question_of(parsed, "counts-suffice"))
    assert correct.startswith("반례이다")
    assert f"{math('1/2')} 대신 {math('1/4')}" in correct


def test_p_below_half_answer_mirrors_p_above_half(parsed: QuizParser) -> None:
    question = question_of(parsed, "p-below-half")
    assert pure_epsilon(channels.fresh(25, 2)) == pure_epsilon(channels.fresh(75, 2))
    assert correct_choice(question).startswith(math(r"\varepsilon=2\ln 3") + "이다.")
    assert any(
        choice.startswith(math(r"\varepsilon=\infty")) for choice in question.choices
    )  # p = 0, not p < 1/2
    assert pure_epsilon(channels.fresh(0, 2)).describe() == "∞"


def test_adaptive_answer_is_the_cores_exact_value(parsed: QuizParser) -> None:
    # The oracle: the pair's laws by the chain rule, written out by hand.
    second = {0: (Fraction(1, 2), Fraction(1, 2)), 1: (Fraction(3, 4), Fraction(1, 4))}  # by Z₁
    p0 = [(Fraction(3, 4), Fraction(1, 4))[z1] * second[z1][z2] for z1 in (0, 1) for z2 in (0, 1)]
    p1 = [(Fraction(1, 4), Fraction(3, 4))[z1] * second[z1][1 - z2] for z1 in (0, 1) for z2 in (0, 1)]
    assert naive_delta_of(p0, p1, Fraction(3)) == Fraction(3, 8)
    assert max(max(a / b, b / a) for a, b in zip(p0, p1, strict=True)) == 9
    record = record_of("adaptive", "composition")
    assert (record["claim"]["required"], record["pure_epsilon"]["max_ratio"], record["steps"]["alpha"]) == (
        Fraction(3, 8),
        9,
        9,
    )
    correct = correct_choice(question_of(parsed, "adaptive-composition"))
    assert correct == "순수 ε은 " + math(r"\varepsilon=\ln 9") + ", 필요한 δ는 " + math(r"\delta_*(3)=3/8")
