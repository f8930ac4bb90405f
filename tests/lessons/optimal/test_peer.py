"""The exact optimal composition against google ``dp_accounting``'s PLD, and the stored figures.

Three claims, each about the worst-case step M̃ self-composed k times
(:mod:`tests.accountants_refresh` builds its PLD):

1. Drift: every ε in ``generator/lessons/optimal/accountants.json`` is what the installed
   ``dp_accounting`` computes now, to 1e-9 relative (``inf`` only as ``inf``). On a failure,
   run ``.venv/bin/python -m tests.accountants_refresh`` and review the diff.
2. Bracket: the pessimistic PLD rounds each step's loss up, so its δ at every ε is at least
   the exact δ_opt(e^ε) and its ε at every δ at least the exact one; the optimistic PLD
   rounds down and is never above. α is rational for the core, and ε = ln α goes to the PLD
   as a float, so the comparisons allow float noise (1e-12 in δ, 1e-9 in ε).
3. Every stored row brackets the core's exact ε, which the table shows.

The table itself (``{{ figure accountants <slug> }}``) and the file's strict reader are
checked at the end.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("dp_accounting")

from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition
from generator.course.lesson_file import LessonDataError, read_data
from generator.lessons.optimal import accountants
from generator.lessons.optimal.accountants import (
    INTERVALS,
    AccountantCase,
    AccountantsFile,
    accountants_html,
    exact_alpha,
    float_reading,
    stored,
)
from tests.accountants_refresh import CASE_SLUGS, case_figures, composed_pld, pld_epsilon

RELATIVE = 1e-9
DELTA_NOISE = 1e-12
EPSILON_NOISE = 1e-9

RELEASE, CASES = stored().dp_accounting, stored().cases
# (α₀, δ₀, k) for the bracket, δ₀ > 0 among them; the interval keeps k = 200 quick.
COMPOSITIONS = [
    (Fraction(11, 10), Fraction(0), 10),
    (Fraction(11, 10), Fraction(0), 200),
    (Fraction(3), Fraction(0), 5),
    (Fraction(3), Fraction(3, 5), 2),
    (Fraction(2), Fraction(1, 100), 20),
    (Fraction(11, 10), Fraction(1, 10**8), 100),
]
ALPHAS = sorted(
    [Fraction(a) for a in (1, 2, 3, 5, 9, 20)] + [Fraction(11, 10), Fraction(57, 10), Fraction(3, 2)]
)
TARGETS = [Fraction(1, 10**5), Fraction(1, 1000), Fraction(1, 10)]


def ln(value: Fraction) -> float:
    return math.log(value.numerator) - math.log(value.denominator)


def exact_epsilon(composition: OptimalComposition, target: Fraction) -> float:
    alpha = composition.smallest_alpha(target)
    return math.inf if alpha is None else ln(alpha)


def same(stored_value: float, now: float) -> bool:
    if math.isinf(stored_value) or math.isinf(now):
        return stored_value == now
    return abs(stored_value - now) <= RELATIVE * max(abs(stored_value), abs(now))


def test_the_file_holds_the_refresh_cases_made_by_the_installed_release() -> None:
    assert version("dp-accounting") == RELEASE, "the figures were made with another dp-accounting"
    assert tuple(case.slug for case in CASES) == CASE_SLUGS


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.slug)
def test_stored_figures_have_not_drifted(case: AccountantCase) -> None:
    now = case_figures(case.slug)["pld"]
    assert isinstance(now, list)
    for figure, fresh in zip(case.pld, now, strict=True):
        assert figure.interval == fresh["interval"]
        for estimate in ("pessimistic", "optimistic"):
            stored_value, recomputed = getattr(figure, estimate), float(fresh[estimate])
            assert same(stored_value, recomputed), (case.slug, figure.interval, estimate, recomputed)


@pytest.mark.parametrize(("alpha0", "delta0", "k"), COMPOSITIONS)
@pytest.mark.parametrize("interval", [1e-2, 1e-3])
def test_pld_delta_brackets_the_exact_delta(
    alpha0: Fraction, delta0: Fraction, k: int, interval: float
) -> None:
    composition = OptimalComposition(alpha0, delta0, k)
    epsilons = [ln(alpha) for alpha in ALPHAS]
    lows = composed_pld(alpha0, delta0, k, interval, pessimistic=False).get_delta_for_epsilon(epsilons)
    highs = composed_pld(alpha0, delta0, k, interval, pessimistic=True).get_delta_for_epsilon(epsilons)
    for alpha, low, high in zip(ALPHAS, lows, highs, strict=True):
        exact = composition.delta(alpha)
        low, high = float(low), float(high)
        assert low - DELTA_NOISE <= exact <= high + DELTA_NOISE, (alpha, low, float(exact), high)
        # Not vacuous: the two PLDs' losses differ by k·interval, and δ(ε − s) − δ(ε) ≤ 1 − e^(−s).
        assert high - low <= -math.expm1(-k * interval) + DELTA_NOISE


@pytest.mark.parametrize(("alpha0", "delta0", "k"), COMPOSITIONS)
@pytest.mark.parametrize("target", TARGETS, ids=str)
def test_pld_epsilon_brackets_the_exact_epsilon(
    alpha0: Fraction, delta0: Fraction, k: int, target: Fraction
) -> None:
    exact = exact_epsilon(OptimalComposition(alpha0, delta0, k), target)
    inputs = (alpha0, delta0, k, target, 1e-3)
    optimistic, pessimistic = pld_epsilon(*inputs, pessimistic=False), pld_epsilon(*inputs, pessimistic=True)
    assert optimistic - EPSILON_NOISE <= exact <= pessimistic + EPSILON_NOISE, (
        optimistic,
        exact,
        pessimistic,
    )


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.slug)
def test_every_stored_row_brackets_the_exact_epsilon(case: AccountantCase) -> None:
    exact = exact_epsilon(case.composition, case.delta)
    for figure in case.pld:
        assert figure.optimistic - EPSILON_NOISE <= exact <= figure.pessimistic + EPSILON_NOISE, (
            case.slug,
            figure,
            exact,
        )
    finest = case.pld[-1]
    if math.isfinite(exact):  # the finest grid is within k·interval of the truth
        assert finest.pessimistic - finest.optimistic <= case.composition.k * float(finest.interval) + 1e-9


def test_the_stored_cases_cover_the_lessons_reference_questions() -> None:
    questions = {(c.composition.alpha0, c.composition.delta0, c.composition.k, c.delta) for c in CASES}
    for k in (10, 100, 1000):
        assert (Fraction(11, 10), Fraction(0), k, Fraction(1, 10**5)) in questions
    assert (Fraction(11, 10), Fraction(1, 10**6), 100, Fraction(1, 10**5)) in questions
    # 100·10⁻⁶ of revealing mass alone exceeds δ = 10⁻⁵: no finite ε, for the PLD too.
    over = next(c for c in CASES if c.composition.delta0 == Fraction(1, 10**6))
    assert exact_alpha(over) is None
    assert all(math.isinf(f.optimistic) for f in over.pld)


def cells(html: str, case: str) -> list[str]:
    group = re.search(rf'<tbody data-case="{re.escape(case)}"[^>]*>(.*?)</tbody>', html, re.S)
    assert group is not None, case
    return re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", group.group(1), re.S)


def test_the_table_shows_the_exact_epsilon_and_each_estimates_error() -> None:
    html = accountants_html("k100")
    assert 'data-figure="accountants" data-slug="k100"' in html
    assert re.findall(r'<tbody data-case="([^"]+)"', html) == list(CASE_SLUGS)
    assert '<tbody data-case="k100" class="cl-current" aria-current="true">' in html
    assert html.count("aria-current") == 1
    k100 = next(case for case in CASES if case.slug == "k100")
    alpha = exact_alpha(k100)
    assert alpha is not None
    exact = ln_decimal(alpha, accountants.PLACES)
    assert f'data-epsilon="{exact}" data-alpha="{alpha.numerator}/{alpha.denominator}"' in html
    row = cells(html, "k100")
    assert row[1] == exact
    finest = k100.pld[-1]
    assert row[-5:] == [
        INTERVALS[-1],
        f"{finest.pessimistic:.4f}",
        float_reading(finest.pessimistic - float(ln_decimal(alpha, 12))),
        f"{finest.optimistic:.4f}",
        float_reading(finest.optimistic - float(ln_decimal(alpha, 12))),
    ]
    assert row[-3].startswith("+")  # above the truth
    assert row[-1].startswith("\u2212")  # below it
    over = cells(html, "delta0-over")
    assert over[1] == "∞"
    assert over[-4:] == ["∞", "—", "∞", "—"]


def test_float_reading_writes_the_site_notation() -> None:
    assert float_reading(5.2e-4) == "+5.2 × 10⁻⁴"
    assert float_reading(-0.125) == "\u22120.125"
    assert float_reading(0.0) == "0"


def test_an_example_without_figures_is_an_error() -> None:
    with pytest.raises(ValueError, match="no accountant figures for 'mixed'"):
        accountants_html("mixed")


def file_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(accountants.CASES_PATH.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["cases"][0].update(extra=1), "extra: Extra inputs are not permitted"),
        (lambda d: d["cases"][0].update(slug="uneven"), "not a catalogue row of equal steps"),
        (lambda d: d["cases"][0].update(slug="nowhere"), "not a catalogue row of equal steps"),
        (lambda d: d["cases"][1].update(slug=d["cases"][0]["slug"]), "repeats an earlier case"),
        (lambda d: d["cases"][0]["pld"].reverse(), "intervals must be exactly"),
        (lambda d: d["cases"][0]["pld"].pop(), "intervals must be exactly"),
        (lambda d: d["cases"][0]["pld"][0].update(pessimistic="0.5"), "optimistic ε exceeds"),
        (lambda d: d["cases"][0]["pld"][0].update(pessimistic="1.00"), "repr of a non-negative float"),
        (lambda d: d["cases"][0]["pld"][0].update(optimistic="nan"), "repr of a non-negative float"),
        (lambda d: d["cases"][0]["pld"][0].update(optimistic=0.5), "stored as a string"),
        (lambda d: d.update(dp_accounting=6), "dp_accounting: Input should be a valid string"),
    ],
)
def test_the_reader_refuses_a_bad_file(tmp_path: Path, edit: Any, message: str) -> None:
    data = file_data()
    path = tmp_path / "accountants.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    read_data(path, AccountantsFile)  # the file as stored is accepted
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LessonDataError, match=re.escape(message)):
        read_data(path, AccountantsFile)
