"""The optimal-composition lesson: its catalogue, its records against the core, its page.

Properties checked:

1. The issue's hand-checked case: two (ln 3, 3/5) steps need δ = 1 - (2/5)² = 21/25 at α = 9,
   held against a brute force over the 4² transcripts of the mixed mechanism M̃.
2. With δ₀ = 0 the optimal profile is the fresh count channel's, at every α the page names.
3. Every catalogue row's record agrees with the core: the optimal α is the least one that
   meets δ, it is at most the basic α, its ε is at most the advanced ε′ where they apply, and
   the readings (ratios, the crossover k, the law of L) are what they claim.
4. Records hold exact values as Fractions (never a string to parse back).
5. The catalogue is read strictly, and the page says what its records say (glossary terms,
   the English term at first use, the example the heterogeneous text describes).
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from generator.core.advanced_composition import advanced_epsilon
from generator.core.channels import fresh_counts
from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition, Step
from generator.core.profile import Profile
from generator.course.lesson_about import split_front_matter
from generator.course.lesson_file import Catalogue, LessonDataError, read_data
from generator.course.lessons import lessons
from generator.course.records import to_json
from generator.lessons.optimal import records
from generator.lessons.optimal.catalogue import BY_SLUG, DATA, Example
from generator.lessons.optimal.lab import LAB
from generator.lessons.optimal.records import ExampleRecord

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "lessons" / "optimal.md"
GLOSSARY = ROOT / "docs" / "glossary.md"
CATALOGUE = DATA.catalogue


def record(slug: str) -> ExampleRecord:
    return records.example_record(BY_SLUG[slug])


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
    hand = record("hand")
    assert (hand["alpha0"], hand["delta0"], hand["k"], hand["delta"]) == (
        Fraction(3),
        Fraction(3, 5),
        2,
        Fraction(21, 25),
    )
    assert hand["basic"]["alpha"] == 9
    assert hand["delta_at_basic"] == Fraction(21, 25) == 1 - Fraction(2, 5) ** 2
    assert brute_force_delta(Fraction(3), Fraction(3, 5), 2, Fraction(9)) == Fraction(21, 25)
    assert (hand["rr_delta_at_basic"], hand["no_reveal"], hand["reveal"]) == (
        Fraction(0),
        Fraction(4, 25),
        Fraction(21, 25),
    )
    # the basic theorem's δ = 6/5 counts the chance that both steps reveal, δ₀² = 9/25, twice
    assert (hand["basic"]["delta"], hand["basic_unused"]) == (Fraction(6, 5), Fraction(9, 25))
    assert not hand["basic"]["applies"]
    assert not hand["advanced"]["applies"]
    # at the target 21/25 the least α is 9: below it the responses need δ (9 - α)/16 > 0
    assert (hand["optimal"]["alpha"], hand["optimal"]["epsilon"]) == (Fraction(9), "2.197")
    assert BY_SLUG["hand"].composition().delta(Fraction(9) - Fraction(1, 10**6)) > Fraction(21, 25)


@pytest.mark.parametrize("slug", ["hand", "five"])
def test_the_brute_force_agrees_at_small_k(slug: str) -> None:
    example = BY_SLUG[slug]
    assert example.alpha0 is not None
    assert example.delta0 is not None
    assert example.k is not None
    for alpha in (Fraction(1), Fraction(2), Fraction(9, 2), example.alpha0**example.k):
        expected = brute_force_delta(example.alpha0, example.delta0, example.k, alpha)
        assert example.composition().delta(alpha) == expected, alpha


@pytest.mark.parametrize("slug", [e.slug for e in CATALOGUE if not e.heterogeneous and e.delta0 == 0])
def test_delta0_zero_is_the_fresh_count_channel(slug: str) -> None:
    composition = BY_SLUG[slug].composition()
    assert isinstance(composition, OptimalComposition)
    fresh = Profile(fresh_counts(composition.truth_probability, composition.k))
    shown = record(slug)
    optimal = shown["optimal"]["alpha"]
    assert optimal is not None
    for alpha in (Fraction(1), Fraction(2), shown["basic"]["alpha"], optimal):
        assert composition.delta(alpha) == fresh.delta(alpha), alpha
    assert (shown["no_reveal"], shown["reveal"]) == (Fraction(1), Fraction(0))
    assert shown["delta_at_basic"] == 0  # α₀^k is the largest ratio: pure DP at the basic ε


@pytest.mark.parametrize("example", CATALOGUE, ids=lambda example: example.slug)
def test_every_record_agrees_with_the_core(example: Example) -> None:
    shown = record(example.slug)
    composition = example.composition()
    delta = example.delta
    alpha = composition.smallest_alpha(delta)
    basic_alpha = math.prod((step.alpha for step in composition.steps), start=Fraction(1))
    basic_delta = sum((step.delta for step in composition.steps), start=Fraction(0))
    assert shown["basic"]["alpha"] == basic_alpha
    assert shown["basic"]["applies"] == (basic_delta <= delta)
    assert shown["advanced"]["applies"] == (basic_delta < delta)
    assert shown["delta_at_basic"] == composition.delta(basic_alpha)
    assert shown["no_reveal"] + shown["reveal"] == 1
    assert shown["basic_unused"] >= 0  # the optimal δ never exceeds the basic theorem's
    if alpha is None:
        assert shown["optimal"]["alpha"] is None
        assert shown["optimal"]["epsilon_text"] == "∞"
        assert composition.delta(Fraction(10**9)) > delta
        return
    assert shown["optimal"]["alpha"] == alpha
    assert shown["optimal"]["epsilon"] == ln_decimal(alpha)
    assert composition.delta(alpha) <= delta
    if alpha > 1:
        assert composition.delta(alpha * (1 - Fraction(1, 10**12))) > delta  # the least such α
    if shown["basic"]["applies"]:
        assert alpha <= basic_alpha
    epsilon = shown["advanced"]["epsilon"]
    if epsilon is not None:
        assert Fraction(shown["optimal"]["epsilon"]) <= Fraction(epsilon)
        ratio = Fraction(epsilon) / Fraction(shown["optimal"]["epsilon"])
        assert abs(Fraction(shown["ratio"]["advanced"]) - ratio) < Fraction(1, 100)


def leaves(value: object, key: str = "") -> list[tuple[str, object]]:
    """Every leaf of a record, with its key."""
    if isinstance(value, dict):
        return [leaf for name, item in value.items() for leaf in leaves(item, name)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in leaves(item, key)]
    return [(key, value)]


@pytest.mark.parametrize("example", CATALOGUE, ids=lambda example: example.slug)
def test_records_hold_fractions_and_write_them_reduced(example: Example) -> None:
    shown = record(example.slug)
    found = leaves(shown)
    assert not [key for key, leaf in found if isinstance(leaf, float)]
    # strings are names, decimals and readings ("…_approx": the fraction itself when short)
    kept = [(key, leaf) for key, leaf in found if isinstance(leaf, str) and "/" in leaf]
    assert all(key.endswith("_approx") for key, _ in kept), kept
    written = json.loads(json.dumps(to_json(shown)))
    assert written["delta"] == f"{example.delta.numerator}/{example.delta.denominator}"


def test_the_support_of_the_loss() -> None:
    for example in CATALOGUE:
        shown = record(example.slug)
        loss = example.composition().loss()
        assert shown["support_size"] == len(loss.ratios)
        assert sum(loss.probabilities) + loss.infinite == 1
        if not example.heterogeneous:
            assert shown["support_size"] == (example.k or 0) + 1
    uneven = BY_SLUG["uneven"]
    assert uneven.steps is not None
    alphas = [alpha for alpha, _ in uneven.steps]
    # what the page says: the second and third ratios multiply to the first, so two sign
    # patterns give the same loss for each sign of the fourth step
    assert alphas[1] * alphas[2] == alphas[0]
    sums = {
        math.prod(a if s else 1 / a for a, s in zip(alphas, signs, strict=True))
        for signs in itertools.product((0, 1), repeat=4)
    }
    shown = record("uneven")
    assert (shown["support_bound"], shown["support_size"], len(sums)) == (16, 14, 14)
    assert [step["alpha"] for step in shown["steps"]] == alphas


def test_the_law_of_the_loss_and_its_readings() -> None:
    for slug in ("k100", "k1000"):
        example = BY_SLUG[slug]
        shown = record(slug)
        loss = example.composition().loss()
        logs = [math.log(ratio.numerator) - math.log(ratio.denominator) for ratio in loss.ratios]
        mean = sum(float(p) * x for p, x in zip(loss.probabilities, logs, strict=True))
        spread = math.sqrt(
            sum(float(p) * (x - mean) ** 2 for p, x in zip(loss.probabilities, logs, strict=True))
        )
        law = shown["loss"]
        assert abs(float(law["mean"]) - mean) < 1e-3
        assert abs(float(law["spread"]) - spread) < 1e-3
        epsilon0 = math.log(11 / 10)
        assert abs(float(law["basic_sigmas"]) - (shown["k"] * epsilon0 - mean) / spread) < 0.06
        optimal = float(shown["optimal"]["epsilon"])
        assert abs(float(law["optimal_sigmas"]) - (optimal - mean) / spread) < 0.06
        assert law["top_probability"] == Fraction(11, 21) ** shown["k"]
        assert (law["mean_factor"], law["drift_factor"]) == (Fraction(1, 21), Fraction(1, 10))
    # the page: from k = 100 to k = 1000 the optimal ε stays some 4 σ above the mean, kε₀ does not
    near, far = record("k100")["loss"], record("k1000")["loss"]
    assert abs(Fraction(near["optimal_sigmas"]) - Fraction(far["optimal_sigmas"])) < Fraction(1, 2)
    assert Fraction(far["basic_sigmas"]) > 3 * Fraction(near["basic_sigmas"])


def test_the_crossover_is_where_advanced_starts_to_win() -> None:
    first = record("k100")["crossover"]
    alpha0, delta = Fraction(11, 10), Fraction(1, 100000)

    def wins(k: int) -> bool:
        steps = (Step(alpha0, Fraction(0)),) * k
        return Fraction(advanced_epsilon(steps, delta, 9)) < Fraction(ln_decimal(alpha0**k, 9))

    assert first == 29
    assert wins(first)
    assert not wins(first - 1)
    assert records.crossover(Fraction(2), delta) is None
    assert record("k10")["k"] < first < record("k100")["k"]  # the table's two sides


def test_basic_wins_at_small_k_and_advanced_at_large_k() -> None:
    def eps(slug: str, method: str) -> Fraction:
        answer: dict[str, Any] = record(slug)[method]  # type: ignore[literal-required]
        return Fraction(answer["epsilon"])

    for slug in ("five", "k10"):
        assert eps(slug, "basic") < eps(slug, "advanced")
        assert eps(slug, "optimal") <= eps(slug, "basic")
    for slug in ("k100", "k1000", "delta0"):
        assert eps(slug, "advanced") < eps(slug, "basic")
        assert eps(slug, "optimal") < eps(slug, "advanced")
    over = record("delta0-over")
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
STEPS_ROW = {"slug": "x", "title": "x", "steps": [["2", "0"]], "delta": "1/10", "preset": False}


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({**ROW, "extra": 1}, "extra: Extra inputs are not permitted"),
        ({key: value for key, value in ROW.items() if key != "k"}, "alpha0, delta0 and k"),
        ({**ROW, "alpha0": "x"}, "alpha0: not a decimal"),
        ({**ROW, "k": "10"}, "k: Input should be a valid integer"),
        ({**STEPS_ROW, "steps": [["2"]]}, "steps[0][1]: Field required"),
        ({**STEPS_ROW, "steps": []}, "at least one step"),
        ({**STEPS_ROW, "k": 1}, "no alpha0, delta0 or k"),
    ],
)
def test_the_data_file_refuses_bad_rows(tmp_path: Path, row: dict[str, Any], message: str) -> None:
    path = tmp_path / "lesson.json"
    data = json.loads(
        (ROOT / "generator" / "lessons" / "optimal" / "lesson.json").read_text(encoding="utf-8")
    )
    data["catalogue"] = [row]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LessonDataError, match=r"catalogue\[0\] 'x'") as error:
        read_data(path, Catalogue[Example])
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({**ROW, "delta": "0"}, "delta: range"),
        ({**ROW, "k": 1001}, "k: range"),
        ({**ROW, "alpha0": "1.0001"}, "alpha0: step"),
        ({**ROW, "delta0": "1"}, "delta0: range"),
        ({**STEPS_ROW, "steps": [["2", "0"]] * 13}, "steps: count"),
        ({**STEPS_ROW, "steps": [["2", "1"]]}, "steps: range"),
    ],
)
def test_a_row_the_lab_would_refuse_is_an_error(row: dict[str, Any], message: str) -> None:
    example = Example.model_validate_json(json.dumps(row))
    with pytest.raises(LessonDataError, match="catalogue row 'x' is no state of the lab 'optimal'") as error:
        replace(LAB, examples=replace(LAB.examples, rows=[example.model_copy(update={"opens": True})]))
    assert message in str(error.value)


def test_the_catalogue_refuses_a_repeated_slug(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    data = json.loads(
        (ROOT / "generator" / "lessons" / "optimal" / "lesson.json").read_text(encoding="utf-8")
    )
    data["catalogue"] = [ROW, ROW]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LessonDataError, match="repeats an earlier row"):
        read_data(path, Catalogue[Example])


def test_the_catalogue_holds_the_rows_the_lesson_needs() -> None:
    assert sum(example.preset for example in CATALOGUE) in range(3, 6)
    assert [example.slug for example in CATALOGUE if example.heterogeneous] == ["uneven"]
    assert 3 <= BY_SLUG["uneven"].step_count <= 4
    assert {BY_SLUG[slug].k for slug in ("k10", "k100", "k1000")} == {10, 100, 1000}
    assert lessons()["optimal"].generated().keys() == {
        *(f"optimal/{example.slug}.json" for example in CATALOGUE),
        "optimal/index.json",
    }


def test_the_quiz_has_enough_questions() -> None:
    quiz = lessons()["optimal"].quiz
    assert quiz is not None
    assert len(quiz.questions) >= 6


def test_the_page_introduces_its_terms_and_links_the_glossary() -> None:
    page = split_front_matter(PAGE.read_text(encoding="utf-8"))[1]
    assert page.startswith("# 프라이버시 손실과 최적 합성")
    assert "[용어집](../glossary.md)" in page
    for term in (
        "프라이버시 손실 확률변수(privacy loss random variable)",
        "고급 합성 정리(advanced composition theorem",
        "최적 합성(optimal composition",
        "회계 방법(privacy accountant)",
        "레니 DP(Rényi differential privacy, RDP)",
        "프라이버시 손실 분포(privacy loss distribution, PLD)",
        "병렬 합성(parallel composition)",
    ):
        assert term in page, term
    glossary = GLOSSARY.read_text(encoding="utf-8")
    for row in (
        "| 프라이버시 손실 확률변수 | privacy loss random variable |",
        "| 고급 합성 정리 | advanced composition theorem |",
        "| 레니 DP | Rényi differential privacy (RDP) |",
        "| 프라이버시 손실 분포 | privacy loss distribution (PLD) |",
        "| 병렬 합성 | parallel composition |",
    ):
        assert row in glossary, row
    terms = [
        line.split(" | ")[0].removeprefix("| ") for line in glossary.splitlines() if line.startswith("| ")
    ][2:]
    assert terms == sorted(terms), "the glossary is in 가나다 order"
