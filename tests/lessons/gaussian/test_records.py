"""The Gaussian lesson's records held to hand values and to a second, independent route.

- the exact Gaussian ε: δ(ε) recomputed with mpmath at 50 digits from the privacy loss's law
  (the loss under P is N(μ²/2, μ²): δ(ε) = E_P[(1 - e^{ε - L})₊], integrated numerically), and
  the shown enclosure brackets the root (δ above δ at the lower end, below at the upper end);
- k releases compose exactly: σ = 10, k = 100 gives the same ε as σ = 1, k = 1;
- the classic calibration's ε and zCDP's ε by their closed forms in mpmath;
- the RDP bound is dp_accounting's RDP accountant's ε for the same Gaussian, to the shown
  decimals or above it (ours is evaluated at a rational order, theirs on a grid of orders);
- the Laplace: ε₀ = Δ/b and ε(δ) = ε₀ + 2 ln(1 - δ) in mpmath;
- the Census persons file's ρ gives the published 17.14;
- the δ curve: its ε step around the exact ε, the exact δ by quadrature, the Laplace's δ by
  its closed form, and on every grid point exact δ <= the RDP bound <= the zCDP bound, each
  reading parsed back to the number it names.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from dp_accounting import dp_event
from dp_accounting.rdp import rdp_privacy_accountant

from generator.lessons.gaussian import example_record as record
from generator.lessons.gaussian.lab import TABLE
from generator.lessons.gaussian.records import curve_rows, deployments_record
from tests.harness.readings import named


@pytest.fixture(autouse=True)
def _fifty_digits() -> Iterator[None]:
    """Every test here at 50 digits, and mpmath's precision as it was after it."""
    with mpmath.workdps(50):
        yield


def _delta(mu2: Fraction, epsilon: mpmath.mpf) -> mpmath.mpf:
    """δ(ε) = ∫ (1 - e^{ε - l})₊ dN(μ²/2, μ²)(l), by quadrature."""
    mean, sd = (
        mpmath.mpf(mu2.numerator) / mu2.denominator / 2,
        mpmath.sqrt(mpmath.mpf(mu2.numerator) / mu2.denominator),
    )

    def integrand(loss: mpmath.mpf) -> mpmath.mpf:
        return (1 - mpmath.exp(epsilon - loss)) * mpmath.npdf(loss, mean, sd)

    return mpmath.quad(integrand, [epsilon, mean, mean + 40 * sd, mpmath.inf])


def test_one_release_by_hand_and_by_quadrature() -> None:
    shown = record("one-release")
    assert shown["exact"]["value"] == "4.377"
    delta = mpmath.mpf(1) / 10**5
    assert _delta(Fraction(1), mpmath.mpf(shown["exact"]["lower"])) > delta
    assert _delta(Fraction(1), mpmath.mpf(shown["exact"]["upper"])) < delta
    assert shown["classic_reason"] == "over-one"
    classic = mpmath.sqrt(2 * mpmath.log(mpmath.mpf("1.25") / delta))
    assert mpmath.mpf(shown["classic"]["lower"]) <= classic <= mpmath.mpf(shown["classic"]["upper"])
    zcdp = mpmath.mpf(1) / 2 + 2 * mpmath.sqrt(mpmath.log(1 / delta) / 2)
    assert mpmath.mpf(shown["zcdp"]["lower"]) <= zcdp <= mpmath.mpf(shown["zcdp"]["upper"])


def test_composition_is_exact() -> None:
    assert record("hundred-releases")["exact"] == record("one-release")["exact"]


def test_rdp_against_dp_accounting() -> None:
    for slug in ("one-release", "classic-covered", "thousand-releases"):
        shown = record(slug)
        accountant = rdp_privacy_accountant.RdpAccountant()
        accountant.compose(dp_event.GaussianDpEvent(float(shown["noise"])), shown["k"])
        peer = accountant.get_epsilon(float(shown["delta"]))
        assert Fraction(shown["rdp"]["value"]) >= Fraction(peer) - Fraction(1, 1000)
        assert Fraction(shown["rdp"]["value"]) <= Fraction(peer) + Fraction(1, 20)
        assert Fraction(shown["exact"]["upper"]) < Fraction(shown["rdp"]["lower"])


def test_laplace_by_hand() -> None:
    shown = record("laplace-one")
    assert shown["pure"] == "1"
    exact = 1 + 2 * mpmath.log(1 - mpmath.mpf(1) / 10**5)
    assert mpmath.mpf(shown["exact"]["lower"]) <= exact <= mpmath.mpf(shown["exact"]["upper"])


def test_census_persons_gives_the_published_epsilon() -> None:
    shown = deployments_record()
    assert shown["census_persons_epsilon"]["computed"] == "17.14"


def test_every_grid_point_is_certified_and_ordered() -> None:
    table = TABLE.table()
    assert set(table) == set(TABLE.points())
    for entry in table.values():
        assert Fraction(entry["exact"]["lower"]) <= Fraction(entry["exact"]["upper"])
        if entry["mechanism"] == "gaussian":
            assert Fraction(entry["exact"]["lower"]) <= Fraction(entry["rdp"]["upper"])
            assert Fraction(entry["rdp"]["lower"]) <= Fraction(entry["zcdp"]["upper"])


def test_the_curve_steps_by_half_of_mu_around_the_exact_epsilon() -> None:
    curve = curve_rows(record("one-release")["curve"])  # μ = 1: the step is 0.5 around 4.377
    assert [row["epsilon"] for row in curve] == ["3.377", "3.877", "4.377", "4.877", "5.377"]
    assert curve[2]["exact"] == "1 × 10⁻⁵"  # about the target δ, at the exact ε rounded
    for row in curve:
        truth = _delta(Fraction(1), mpmath.mpf(row["epsilon"]))
        shown = mpmath.mpf(named(row["exact"]).numerator) / named(row["exact"]).denominator
        assert abs(shown - truth) <= truth / 200  # three significant digits
    laplace = curve_rows(record("laplace-one")["curve"])  # ε₀ = 1, ε̂ = 1.000: the step is 1/4
    assert [(row["epsilon"], row["exact"], row["rdp"]) for row in laplace] == [
        ("0.5", "0.221", ""),  # 1 - e^{-1/4} = 0.2212
        ("0.75", "0.118", ""),  # 1 - e^{-1/8} = 0.1175
        ("1", "0", ""),
        ("1.25", "0", ""),
        ("1.5", "0", ""),
    ]


def test_every_curve_orders_the_exact_delta_below_both_bounds() -> None:
    for entry in TABLE.table().values():
        for row in curve_rows(entry["curve"]):
            assert Fraction(row["epsilon"]) >= 0
            if entry["mechanism"] == "gaussian":
                assert named(row["exact"]) <= named(row["rdp"]) * Fraction(1001, 1000)
                assert named(row["rdp"]) <= named(row["zcdp"])
