"""The figure's distribution functions held to the core: the local one ends at 1 and its jumps
are the core's law; the central one's differences are the core's exact central accuracy
(P(|π̂_c − π| <= t) = P(S <= B) − P(S <= A − 1)), and it climbs to 1 outside the window.
The lab's chart draws the core's points of both laws (tests/core/test_estimate_laws.py holds
those to the exact densities)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from generator.core.estimate_laws import central_points
from generator.core.rate_estimation import CentralEstimate, LocalEstimate
from generator.lessons.localdp.charts import CHARTS, MODELS, central_cdf, chart_rows, local_cdf
from generator.lessons.localdp.lab import LAB

F = Fraction


@pytest.mark.parametrize(
    ("n", "rate", "alpha0"), [(1, F(1, 2), F(3)), (4, F(1, 2), F(3)), (9, F(2, 7), F(11, 10))]
)
def test_the_local_distribution_function_sums_the_cores_law(n: int, rate: Fraction, alpha0: Fraction) -> None:
    points = local_cdf(n, rate, alpha0)
    law = LocalEstimate(n, rate, alpha0).law()
    assert points[-1][1] == 1
    assert [b - a for (_, a), (_, b) in zip([(None, F(0)), *points], points, strict=False)] == [
        o.probability for o in law
    ]


@pytest.mark.parametrize(
    ("n", "rate", "alpha0", "tolerance"),
    [(4, F(1, 2), F(3), F(1, 4)), (6, F(3, 10), F(11, 10), F(1, 10)), (9, F(1), F(5), F(1, 2))],
)
def test_the_central_distribution_function_gives_the_cores_accuracy(
    n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction
) -> None:
    lo, hi = math.ceil(n * (rate - tolerance)), math.floor(n * (rate + tolerance))
    (_, below), *_, (_, upto) = central_cdf(n, rate, alpha0, lo - 1, hi)
    assert upto - below == CentralEstimate(n, rate, alpha0).accuracy(tolerance)
    far = central_cdf(n, rate, alpha0, 60 * n, 60 * n)[0][1]
    assert 0 < 1 - far < F(1, 10**6)


def test_the_rows_name_both_models_and_carry_exact_fractions() -> None:
    rows = chart_rows(4, F(1, 2), F(3))
    assert {row["model"] for row in rows} == set(MODELS)
    assert all(isinstance(row["exact"], str) and isinstance(row["probability"], float) for row in rows)


def test_the_lab_chart_draws_both_laws_of_a_state_as_the_core_gives_them() -> None:
    record = LAB.record(
        LAB.read({**LAB.examples.default(), "n": "1", "ones": "0", "rate": "0.3", "alpha0": "3.0"})
    )
    rows = CHARTS.rows(record)
    assert rows["spec"] == "laws"
    laws = rows["data"]["laws"]["laws"]  # type: ignore[index]
    local = [row for row in laws if row["model"] == MODELS[0]]
    # one user: ρ = 2/5, the estimates −1/2 and 3/2 carry 3/5 and 2/5 over the step 2
    assert local == [
        {
            "model": "로컬",
            "estimate": -0.5,
            "density": 0.3,
            "estimate_text": "-1/2 = -0.5",
            "density_text": "0.3",
        },
        {
            "model": "로컬",
            "estimate": 1.5,
            "density": 0.2,
            "estimate_text": "3/2 = 1.5",
            "density_text": "0.2",
        },
    ]
    central = [row for row in laws if row["model"] == MODELS[1]]
    assert [row["estimate"] for row in central] == [
        float(point.estimate) for point in central_points(1, F(3, 10), F(3))
    ]
    assert central[0]["estimate_text"] == "-6"  # E = 7 at α₀ = 3: s = −7 is below the cutoff
    assert len(local) + len(central) == len(laws)


def test_the_lab_chart_spec_reads_its_named_rows() -> None:
    record = LAB.record(LAB.read(LAB.examples.default()))
    spec = CHARTS.chart("laws").spec(record)
    assert spec["data"] == {"name": "laws"}
    assert spec["encoding"]["y"]["title"] == "확률 ÷ 격자 간격"
