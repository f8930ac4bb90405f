"""The lessons state only what is true: each statement issue 22 found wrong, held fixed.

Every test names the error it guards against. Where a statement's truth is a number, the
number comes from the core (never typed here); where it is a condition that a theorem
needs, the test checks that every text stating the theorem states the condition with it.
"""

from __future__ import annotations

import re
from fractions import Fraction

from generator.core import channels
from generator.core.pure_epsilon import pure_epsilon
from generator.course.placeholders import expand, record_of
from tests.course.texts import (
    GLOSSARY,
    all_pages,
    home_section,
    intro,
    page,
    question_texts,
    quiz,
    quiz_texts,
    section,
    sentences,
    units,
)

# The max-ε bound of parallel composition, not the 2·max bound of a replaced record.
_PARALLEL_MAX = re.compile(r"(?<!2)\\max_i\\varepsilon_i")
# What makes the max bound true: add/remove neighbours, or a partition that ignores the values.
_PARALLEL_CONDITION = re.compile(r"추가·삭제|값과 상관없이")


def _claimed_quiz_texts() -> list[str]:
    """What a quiz states as true: prompts, correct choices and explanations (never a distractor)."""
    return [text.text for text in quiz_texts() if text.kind in ("prompt", "answer", "explanation")]


def test_parallel_composition_is_never_stated_without_its_condition() -> None:
    """Issue 22, error 1: with a partition by value and replace neighbours a record moves between
    two parts, so max εᵢ holds only for add/remove neighbours or a partition fixed in advance."""
    stated = [unit for text in all_pages().values() for unit in units(text) if _PARALLEL_MAX.search(unit)]
    stated += [text for text in _claimed_quiz_texts() if _PARALLEL_MAX.search(text)]
    assert stated, "the course states parallel composition somewhere"
    assert [unit for unit in stated if not _PARALLEL_CONDITION.search(unit)] == []
    parallel = section(page("optimal"), "parallel")
    assert "\\varepsilon_i+\\varepsilon_j\\le2\\max_i\\varepsilon_i" in parallel
    assert "교체 이웃" in parallel
    glossary = next(
        line for line in GLOSSARY.read_text(encoding="utf-8").splitlines() if line.startswith("| 병렬 합성")
    )
    assert "\\varepsilon_i+\\varepsilon_j" in glossary


def _sensitivity_texts() -> list[str]:
    titles = [str(record_of(slug, "sensitivity")["title"]) for slug in ("count-add", "count-replace")]
    lesson_quiz = [
        text.text
        for question in quiz("sensitivity").questions
        for text in question_texts("sensitivity", question)
    ]
    home = home_section("sensitivity")
    return [page("sensitivity"), home, *titles, *lesson_quiz]


def test_a_count_is_always_named_apart() -> None:
    """Issue 22, error 2: "개수" meant both the number of records n (sensitivity 0 under replace)
    and the number meeting a condition (sensitivity 1 under replace). Each has its own name."""
    texts = _sensitivity_texts()
    bare = [match for text in texts for match in re.findall(r".{0,12}(?<!조건 )개수.{0,12}", text)]
    assert bare == [], (
        "every 개수 in the sensitivity lesson is a 조건 개수; the number of records is 레코드 수"
    )
    lesson = page("sensitivity")
    assert "레코드 수 $n$" in lesson
    assert "조건 개수(조건을 만족하는 레코드의 수)" in lesson
    unchanged = [
        sentence
        for sentence in sentences(lesson)
        if "교체 이웃" in sentence
        and re.search(r"변하지 않|count-replace\.sensitivity|\\Delta_1=0", sentence)
    ]
    assert unchanged, "the page says which count does not move under replace"
    assert all(re.search(r"레코드(의)? 수", sentence) for sentence in unchanged), unchanged


def _about_the_events_lesson(text: str) -> list[str]:
    return [s for s in sentences(text) if re.search(r"events\.md|앞 단원|사건 단원", s)]


def test_the_prerequisite_lesson_is_described_as_it_is() -> None:
    """Issue 22, error 3: the events lesson has no example of many people answering once each;
    its concept channel is the same bit answered twice, counted."""
    composition = page("composition")
    described = _about_the_events_lesson(composition) + sentences(home_section("events"))
    assert [s for s in described if re.search(r"여러 사람|각자", s)] == []
    transcript_step = next(s for s in _about_the_events_lesson(section(composition, "concept")))
    assert "같은 비트" in transcript_step
    assert "두 번" in transcript_step


def test_the_flipped_response_question_has_one_right_answer() -> None:
    """Issue 22, error 4: the old binary-response question had every choice ε-LDP. The new one
    asks the ε of a response that flips more often than not, which has one value."""
    question = next(q for q in quiz("sensitivity").questions if q.id == "flipped-response-epsilon")
    p = Fraction(
        record_of("rr-2", "sensitivity")["channel"]["distribution0"][0]
    )  # the reported truth probability
    assert expand(question.prompt, lesson="sensitivity").count(str(p)) == 1
    percent = p * 100
    assert percent.denominator == 1
    core = pure_epsilon(channels.fresh(int(percent), 1)).describe()
    assert core == record_of("rr-2", "sensitivity")["pure_epsilon"]["exact"] == "ln(3)"
    choices = [expand(choice, lesson="sensitivity") for choice in question.choices]
    assert choices[question.answer].startswith("ε은 $\\ln 3$이다")
    assert not any(
        choice.startswith("ε은 $\\ln 3$이다") for i, choice in enumerate(choices) if i != question.answer
    )


def test_the_local_error_scale_is_the_counts_and_the_proportions() -> None:
    """Issue 22, error 5: √n/ε is the error of a count; the proportion's is about 1/(ε√n)."""
    local = section(page("sensitivity"), "randomized-response")
    assert "1/(\\varepsilon\\sqrt{n})" in local
    for sentence in sentences(local):
        if "\\sqrt{n}/\\varepsilon" in sentence:
            assert "개수" in sentence, sentence


def test_snapping_rounds_the_noisy_answer() -> None:
    """Issue 22, error 5: Mironov's snapping mechanism adds the noise, then rounds the sum to a
    power-of-two grid and clamps; it does not round the noise and the answer apart."""
    text = section(page("sensitivity"), "floating-point")
    snapping = next(s for s in sentences(text) if "$[-B,B]$로 자르고" in s)
    assert snapping.index("잡음을 더한 뒤") < snapping.index("2의 거듭제곱") < snapping.index("반올림")
    assert "스냅핑 메커니즘(snapping mechanism)" in text


def test_the_double_count_of_two_reveals_is_not_written_for_every_k() -> None:
    """Issue 22, error 5: kδ₀ − (1 − (1 − δ₀)^k) is δ₀² for k = 2 only, never δ₀^k."""
    lesson = page("optimal")
    assert not re.search(r"\\delta_0\^\{?\\?,?k", lesson)
    assert lesson.count("\\delta_0\\cdot\\delta_0") == 2
    assert record_of("hand", "optimal")["k"] == 2
    hand = record_of("hand", "optimal")
    assert Fraction(hand["basic_unused"]) == Fraction(hand["delta0"]) ** 2


def test_the_support_question_counts_both_merges() -> None:
    """Issue 22, error 5: two sign combinations meet at 0 for each sign of the fourth step: two merges."""
    uneven = record_of("uneven", "optimal")
    assert uneven["support_bound"] - uneven["support_size"] == 2
    question = next(q for q in quiz("optimal").questions if q.id == "heterogeneous-support")
    assert "넷째 단계" in question.explanation
    assert "두 번" in question.explanation
    assert "넷째 단계" in section(page("optimal"), "check-exercises")


def test_the_worst_step_does_not_reuse_the_running_p() -> None:
    """Issue 22, error 5: beside p = 0.9, the worst step's truth probability is α₀/(1+α₀), not a new p."""
    assert "p/(1-p)=\\alpha_0" not in section(page("composition"), "bound-vs-exact")


def test_the_privacy_loss_is_introduced_with_its_datasets_and_both_directions() -> None:
    """Issue 22, error 5: D was never introduced, and pure ε was one direction only."""
    loss = section(page("optimal"), "privacy-loss")
    first = units(loss)[0]
    assert "$D$, $D'$" in first
    assert "L'=\\ln(Q(Z')/P(Z'))" in loss
    assert "두 방향" in loss


def test_the_loss_exercise_states_alpha_at_least_one() -> None:
    """Issue 22, error 5: E_P[(1 − αe^{−L})₊] = p − α(1 − p) needs α ≥ 1 as well as α ≤ α₀."""
    exercises = section(page("optimal"), "check-exercises")
    assert exercises.count("1\\le\\alpha\\le\\alpha_0") == 1
    assert "\\alpha\\ge1" in exercises


def test_the_exponential_mechanisms_base_is_not_the_claims_alpha() -> None:
    """Issue 22, error 5: the exponential mechanism's base is α₀; α is the claim's."""
    lesson = page("sensitivity")
    exponential = section(lesson, "exponential")
    glossary = next(
        line
        for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
        if line.startswith("| 지수 메커니즘")
    )
    question = next(q for q in quiz("sensitivity").questions if "지수 메커니즘" in q.prompt)
    texts = [
        exponential,
        section(lesson, "check-exercises"),
        glossary,
        *(t.text for t in question_texts("sensitivity", question)),
    ]
    bare_alpha = re.compile(r"\\alpha(?!_0)(?:\^|\$|\))|\\ln\\alpha(?!_0)")
    assert [match for text in texts for match in bare_alpha.findall(text)] == []
    assert "\\alpha_0^{u(D,c)}" in exponential


def test_the_laplace_section_names_noise_and_output_apart() -> None:
    """Issue 22, error 5: z was both the noise and the output; the output is y."""
    continuous = section(page("sensitivity"), "continuous")
    assert "p(z)" not in continuous
    assert "|z-t" not in continuous
    assert "p_D(y)=\\frac{1}{2b}e^{-|y-t|/b}" in continuous


def test_the_openings_say_what_earlier_lessons_did() -> None:
    """Issue 22, error 5: the composition lesson compared the bound min{1, kδ₀} with exact values
    and computed one optimal composition; it proved the deterministic post-processing case and
    left group privacy out, it borrowed nothing unexplained."""
    optimal = intro(page("optimal"))
    assert "(k\\varepsilon_0,\\ k\\delta_0)" not in optimal
    assert "\\min\\{1,k\\delta_0\\}" in optimal
    assert "최적 합성의 값을 예제 하나에서" in optimal
    postprocessing = intro(page("postprocessing"))
    assert "설명 없이" not in postprocessing
    assert "결정적 함수" in postprocessing
    assert "다루지 않는다" in postprocessing


def test_the_advanced_theorem_is_a_martingale_bound() -> None:
    """Issue 22, error 5: the advanced theorem needs no independence; its losses form a martingale."""
    home = home_section("optimal")
    assert "독립" not in home
    assert "마팅게일" in home
    assert "적응적" in home
