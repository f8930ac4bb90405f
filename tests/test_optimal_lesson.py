"""The optimal-composition lesson: its catalogue, its records against the core, its page.

Properties checked:

1. The issue's hand-checked case: two (ln 3, 3/5) steps need δ = 1 - (2/5)² = 21/25 at α = 9,
   held against a brute force over the 4² transcripts of the mixed mechanism M̃.
2. With δ₀ = 0 the optimal profile is the fresh count channel's, at every α the page names.
3. Every catalogue row's record agrees with the core: the optimal α is the least one that
   meets δ, it is at most the basic α, its ε is at most the advanced ε′ where they apply, and
   the readings (ratios, the crossover k, the law of L) are what they claim.
4. The catalogue is read strictly, and the page says what its records say (glossary terms,
   the English term at first use, the example the heterogeneous text describes).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from generator.core.advanced_composition import advanced_epsilon
from generator.core.channels import fresh_counts
from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition, Step
from generator.core.profile import Profile
from generator.core.rational import fraction_str
from generator.course.lesson_data import LessonDataError
from generator.course.lessons import lessons
from generator.lessons.optimal import records
from generator.lessons.optimal.catalogue import BY_SLUG, CATALOGUE, catalogue_from_data

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "lessons" / "optimal.md"
GLOSSARY = ROOT / "docs" / "glossary.md"


def mixed_mechanism(alpha0: Fraction, delta0: Fraction) -> tuple[list[Fraction], list[Fraction]]:
    """M̃'s two laws over ("x is 0", "says 0", "says 1", "x is 1") (Kairouz, Oh, Viswanath)."""
    p = alpha0 / (1 + alpha0)
    keep = 1 - delta0
    return [delta0, keep * p, keep * (1 - p), Fraction(0)], [Fraction(0), keep * (1 - p), keep * p, delta0]


def brute_force_delta(alpha0: Fraction, delta0: Fraction, k: int, alpha: Fraction) -> Fraction:
    """δ*(α) of M̃'s k-fold product: both directions' positive excesses over all 4^k transcripts."""
    law0, law1 = mixed_mechanism(alpha0, delta0)
    directions = [Fraction(0), Fraction(0)]
    for transcript in itertools.product(range(4), repeat=k):
        p = math.prod((law0[z] for z in transcript), start=Fraction(1))
        q = math.prod((law1[z] for z in transcript), start=Fraction(1))
        directions[0] += max(Fraction(0), p - alpha * q)
        directions[1] += max(Fraction(0), q - alpha * p)
    return max(directions)


def test_the_hand_checked_case() -> None:
    record = records.record("hand")
    assert (record["alpha0"], record["delta0"], record["k"], record["delta"]) == ("3", "3/5", 2, "21/25")
    assert record["basic"]["alpha"] == "9"
    assert record["delta_at_basic"] == "21/25" == fraction_str(1 - Fraction(2, 5) ** 2)
    assert brute_force_delta(Fraction(3), Fraction(3, 5), 2, Fraction(9)) == Fraction(21, 25)
    assert (record["rr_delta_at_basic"], record["no_reveal"], record["reveal"]) == ("0", "4/25", "21/25")
    # the basic theorem's δ = 6/5 counts the chance that both steps reveal, δ₀² = 9/25, twice
    assert (record["basic"]["delta"], record["basic_unused"]) == ("6/5", "9/25")
    assert not record["basic"]["applies"]
    assert not record["advanced"]["applies"]
    # at the target 21/25 the least α is 9: below it the responses need δ (9 - α)/16 > 0
    assert (record["optimal"]["alpha"], record["optimal"]["epsilon"]) == ("9", "2.197")
    assert BY_SLUG["hand"].composition.delta(Fraction(9) - Fraction(1, 10**6)) > Fraction(21, 25)


@pytest.mark.parametrize("slug", ["hand", "five"])
def test_the_brute_force_agrees_at_small_k(slug: str) -> None:
    example = BY_SLUG[slug]
    assert example.alpha0 is not None
    assert example.delta0 is not None
    for alpha in (Fraction(1), Fraction(2), Fraction(9, 2), example.alpha0**example.k):
        expected = brute_force_delta(example.alpha0, example.delta0, example.k, alpha)
        assert example.composition.delta(alpha) == expected, alpha


@pytest.mark.parametrize("slug", [e.slug for e in CATALOGUE if not e.heterogeneous and e.delta0 == 0])
def test_delta0_zero_is_the_fresh_count_channel(slug: str) -> None:
    example = BY_SLUG[slug]
    composition = example.composition
    assert isinstance(composition, OptimalComposition)
    fresh = Profile(fresh_counts(composition.truth_probability, composition.k))
    record = records.record(slug)
    alphas = [
        Fraction(1),
        Fraction(2),
        Fraction(record["basic"]["alpha"]),
        Fraction(record["optimal"]["alpha"]),
    ]
    for alpha in alphas:
        assert composition.delta(alpha) == fresh.delta(alpha), alpha
    assert record["no_reveal"] == "1"
    assert record["reveal"] == "0"
    assert record["delta_at_basic"] == "0"  # α₀^k is the largest ratio: pure DP at the basic ε


@pytest.mark.parametrize("example", CATALOGUE, ids=lambda example: example.slug)
def test_every_record_agrees_with_the_core(example: Any) -> None:
    record = records.record(example.slug)
    composition = example.composition
    delta = example.delta
    alpha = composition.smallest_alpha(delta)
    basic_alpha = math.prod((step.alpha for step in composition.steps), start=Fraction(1))
    basic_delta = sum((step.delta for step in composition.steps), start=Fraction(0))
    assert record["basic"]["alpha"] == fraction_str(basic_alpha)
    assert record["basic"]["applies"] == (basic_delta <= delta)
    assert record["advanced"]["applies"] == (basic_delta < delta)
    assert record["delta_at_basic"] == fraction_str(composition.delta(basic_alpha))
    assert Fraction(record["no_reveal"]) + Fraction(record["reveal"]) == 1
    assert Fraction(record["basic_unused"]) >= 0  # the optimal δ never exceeds the basic theorem's
    if alpha is None:
        assert record["optimal"]["alpha"] is None
        assert record["optimal"]["epsilon_text"] == "∞"
        assert composition.delta(Fraction(10**9)) > delta
        return
    assert record["optimal"]["alpha"] == fraction_str(alpha)
    assert record["optimal"]["epsilon"] == ln_decimal(alpha)
    assert composition.delta(alpha) <= delta
    if alpha > 1:
        assert composition.delta(alpha * (1 - Fraction(1, 10**12))) > delta  # the least such α
    if record["basic"]["applies"]:
        assert alpha <= basic_alpha
    if record["advanced"]["applies"]:
        assert Fraction(record["optimal"]["epsilon"]) <= Fraction(record["advanced"]["epsilon"])
        ratio = Fraction(record["advanced"]["epsilon"]) / Fraction(record["optimal"]["epsilon"])
        assert abs(Fraction(record["ratio"]["advanced"]) - ratio) < Fraction(1, 100)


def test_the_support_of_the_loss() -> None:
    for example in CATALOGUE:
        record = records.record(example.slug)
        loss = example.composition.loss()
        assert record["support_size"] == len(loss.ratios)
        assert sum(loss.probabilities) + loss.infinite == 1
        if not example.heterogeneous:
            assert record["support_size"] == example.k + 1
    uneven = BY_SLUG["uneven"]
    alphas = [step.alpha for step in uneven.steps]
    # what the page says: the second and third ratios multiply to the first, so two sign
    # patterns give the same loss for each sign of the fourth step
    assert alphas[1] * alphas[2] == alphas[0]
    sums = {
        math.prod(a if s else 1 / a for a, s in zip(alphas, signs, strict=True))
        for signs in itertools.product((0, 1), repeat=4)
    }
    record = records.record("uneven")
    assert (record["support_bound"], record["support_size"], len(sums)) == (16, 14, 14)


def test_the_law_of_the_loss_and_its_readings() -> None:
    for slug in ("k100", "k1000"):
        example = BY_SLUG[slug]
        record = records.record(slug)
        loss = example.composition.loss()
        logs = [math.log(ratio.numerator) - math.log(ratio.denominator) for ratio in loss.ratios]
        mean = sum(float(p) * x for p, x in zip(loss.probabilities, logs, strict=True))
        spread = math.sqrt(
            sum(float(p) * (x - mean) ** 2 for p, x in zip(loss.probabilities, logs, strict=True))
        )
        assert abs(float(record["loss"]["mean"]) - mean) < 1e-3
        assert abs(float(record["loss"]["spread"]) - spread) < 1e-3
        epsilon0 = math.log(11 / 10)
        assert abs(float(record["loss"]["basic_sigmas"]) - (example.k * epsilon0 - mean) / spread) < 0.06
        optimal = float(record["optimal"]["epsilon"])
        assert abs(float(record["loss"]["optimal_sigmas"]) - (optimal - mean) / spread) < 0.06
        assert record["loss"]["top_probability"] == fraction_str(Fraction(11, 21) ** example.k)
    # the page: from k = 100 to k = 1000 the optimal ε stays some 4 σ above the mean, kε₀ does not
    near, far = records.record("k100")["loss"], records.record("k1000")["loss"]
    assert abs(Fraction(near["optimal_sigmas"]) - Fraction(far["optimal_sigmas"])) < Fraction(1, 2)
    assert Fraction(far["basic_sigmas"]) > 3 * Fraction(near["basic_sigmas"])


def test_the_crossover_is_where_advanced_starts_to_win() -> None:
    first = records.record("k100")["crossover"]
    alpha0, delta = Fraction(11, 10), Fraction(1, 100000)

    def wins(k: int) -> bool:
        steps = (Step(alpha0, Fraction(0)),) * k
        return Fraction(advanced_epsilon(steps, delta, 9)) < Fraction(ln_decimal(alpha0**k, 9))

    assert first == 29
    assert wins(first)
    assert not wins(first - 1)
    assert records.crossover(Fraction(2), delta) is None
    assert records.record("k10")["k"] < first < records.record("k100")["k"]  # the table's two sides


def test_basic_wins_at_small_k_and_advanced_at_large_k() -> None:
    def eps(slug: str, method: str) -> Fraction:
        return Fraction(records.record(slug)[method]["epsilon"])

    for slug in ("five", "k10"):
        assert eps(slug, "basic") < eps(slug, "advanced")
        assert eps(slug, "optimal") <= eps(slug, "basic")
    for slug in ("k100", "k1000", "delta0"):
        assert eps(slug, "advanced") < eps(slug, "basic")
        assert eps(slug, "optimal") < eps(slug, "advanced")
    over = records.record("delta0-over")
    assert not over["basic"]["applies"]
    assert not over["advanced"]["applies"]
    assert over["optimal"]["alpha"] is None


ROW = {
    "slug": "x",
    "title": "x",
    "alpha0": "11/10",
    "delta0": "0",
    "k": 10,
    "delta": "1/100000",
    "preset": False,
}


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({**ROW, "extra": 1}, "unknown key 'extra'"),
        ({key: value for key, value in ROW.items() if key != "k"}, "missing key 'k'"),
        ({**ROW, "delta": "0"}, "δ field"),
        ({**ROW, "k": 1001}, "k field"),
        ({**ROW, "alpha0": "1.0001"}, "α₀ field"),
        ({**ROW, "delta0": "1"}, "δ₀ field"),
        ({**ROW, "alpha0": "1e1"}, "not a decimal"),
        ({"slug": "x", "title": "x", "steps": [["2", "0"]] * 13, "delta": "1/10", "preset": False}, "1..12"),
        ({"slug": "x", "title": "x", "steps": [["2"]], "delta": "1/10", "preset": False}, "pair"),
        (
            {"slug": "x", "title": "x", "steps": [["2", "0"]], "k": 1, "delta": "1/10", "preset": False},
            "key 'k'",
        ),
    ],
)
def test_the_catalogue_refuses_bad_rows(row: dict[str, Any], message: str) -> None:
    with pytest.raises(LessonDataError, match="catalogue\\[0\\] 'x'") as error:
        catalogue_from_data([row], "lesson.json: catalogue")
    assert message in str(error.value)


def test_the_catalogue_refuses_a_repeated_slug() -> None:
    with pytest.raises(LessonDataError, match="repeats an earlier row"):
        catalogue_from_data([ROW, ROW], "lesson.json: catalogue")


def test_the_catalogue_holds_the_rows_the_lesson_needs() -> None:
    assert sum(example.preset for example in CATALOGUE) in range(3, 6)
    assert [example.slug for example in CATALOGUE if example.heterogeneous] == ["uneven"]
    assert 3 <= len(BY_SLUG["uneven"].steps) <= 4
    assert {BY_SLUG[slug].k for slug in ("k10", "k100", "k1000")} == {10, 100, 1000}
    assert records.generated_files().keys() == {
        *(f"optimal/{example.slug}.json" for example in CATALOGUE),
        "optimal/index.json",
    }


def test_the_quiz_has_enough_questions() -> None:
    quiz = lessons()["optimal"].quiz
    assert quiz is not None
    assert len(quiz.questions) >= 6


def test_the_page_introduces_its_terms_and_links_the_glossary() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert page.startswith("# 프라이버시 손실과 최적 합성")
    assert "[용어집](../glossary.md)" in page
    for term in (
        "프라이버시 손실 확률변수(privacy loss random variable)",
        "고급 합성 정리(advanced composition theorem",
        "최적 합성(optimal composition",
        "회계 방법(privacy accountant)",
        "렌니 DP(Rényi differential privacy, RDP)",
        "프라이버시 손실 분포(privacy loss distribution, PLD)",
        "병렬 합성(parallel composition)",
    ):
        assert term in page, term
    glossary = GLOSSARY.read_text(encoding="utf-8")
    for row in (
        "| 프라이버시 손실 확률변수 | privacy loss random variable |",
        "| 고급 합성 정리 | advanced composition theorem |",
        "| 렌니 DP | Rényi differential privacy (RDP) |",
        "| 프라이버시 손실 분포 | privacy loss distribution (PLD) |",
        "| 병렬 합성 | parallel composition |",
    ):
        assert row in glossary, row
    terms = [
        line.split(" | ")[0].removeprefix("| ") for line in glossary.splitlines() if line.startswith("| ")
    ][2:]
    assert terms == sorted(terms), "the glossary is in 가나다 order"
