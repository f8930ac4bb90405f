"""The DP-SGD lesson's records held to values known by hand, to dp_accounting and to the CLI.

- Abadi et al.'s example (q = 0.01, σ = 4, T = 10 000, δ = 10⁻⁵): the RDP accountant's ε with
  the classic conversion is 1.2586 at order 20 (the paper's moments accountant, 1.26 to two
  decimals) and with the improved one 1.0355 at order 17; the certified bracket holds the
  published peers' values that bound the truth (dp_accounting's pessimistic PLD at
  discretization 10⁻⁵, an upper estimate, is 0.946868; prv-accountant's lower end is 0.94480);
- every RDP ε the page and the lab show equals dp_accounting's RDP accountant (on the same
  integer orders, in floats) to the four decimals shown, at the same order;
- Abadi's RDP ε stands 0.0881 above its bracket's upper end (exercise 3);
- every worked example's bracket lies below its RDP ε and holds dp_accounting's pessimistic PLD
  estimate at or above its lower end;
- the lab's grid is monotone: ε grows with q and T and as δ shrinks, and falls as σ grows;
- every worked example's command prints the record's values;
- the floating-point accountants a row stores are what they compute today (dp_accounting's PLD
  and Opacus's Gaussian DP, run here), and they fall where the page says: the PLD's pessimistic
  estimate inside Abadi's bracket, the Gaussian-DP value below its lower end.
"""

from __future__ import annotations

import io
import itertools
import json
import shlex
from contextlib import redirect_stdout
from fractions import Fraction

import pytest
from dp_accounting import dp_event
from dp_accounting.pld import pld_privacy_accountant
from dp_accounting.rdp import rdp_privacy_accountant

from generator import cli
from generator.core.certified import fixed_decimal
from generator.core.fields import parse_rational
from generator.core.subsampled_rdp import RDP_ORDERS
from generator.lessons.dpsgd import record
from generator.lessons.dpsgd.catalogue import BY_SLUG, DATA
from generator.lessons.dpsgd.lab import GRID, LAB, TABLE, State, example_texts
from generator.lessons.dpsgd.records import PEER_PLACES, PLD_INTERVAL, Accountant, side
from tests.harness.opacus import accountants as opacus_accountants


def test_abadi_example_by_hand_and_by_the_published_peers() -> None:
    shown = record("abadi")
    assert (shown["rdp_classic"]["epsilon"], shown["rdp_classic"]["order"]) == ("1.2586", 20)
    assert (shown["rdp"]["epsilon"], shown["rdp"]["order"]) == ("1.0355", 17)
    lower, upper = Fraction(shown["bracket"]["lower"]), Fraction(shown["bracket"]["upper"])
    assert lower <= Fraction("0.946868")
    assert upper >= Fraction("0.94480")
    assert upper - lower <= shown["bracket"]["asked"]
    assert shown["bracket"]["value"] == "0.948"  # 0.9474 rounded up at three decimals


def test_the_rdp_gap_is_the_rdp_epsilon_above_the_brackets_upper_end() -> None:
    """Exercise 3's answer: 1.0354900660… − 0.9474 rounds to 0.0881 from both ends."""
    shown = record("abadi")
    assert shown["rdp_gap"] == "0.0881"
    upper = Fraction(shown["bracket"]["upper"])
    for end in (shown["rdp"]["lower"], shown["rdp"]["upper"]):
        assert fixed_decimal(Fraction(end) - upper, 4) == shown["rdp_gap"]


def _rdp_peer(q: Fraction, sigma: Fraction, steps: int, delta: Fraction) -> tuple[float, int]:
    orders = [order for order in rdp_privacy_accountant.DEFAULT_RDP_ORDERS if float(order).is_integer()]
    assert [int(order) for order in orders] == list(RDP_ORDERS)
    accountant = rdp_privacy_accountant.RdpAccountant(orders=orders)
    event = dp_event.PoissonSampledDpEvent(float(q), dp_event.GaussianDpEvent(float(sigma)))
    accountant.compose(dp_event.SelfComposedDpEvent(event, steps))
    epsilon, order = accountant.get_epsilon_and_optimal_order(float(delta))
    return epsilon, int(order)


def _agrees(shown: Accountant, peer: tuple[float, int]) -> None:
    epsilon, order = peer
    assert shown["order"] == order
    assert abs(Fraction(shown["epsilon"]) - Fraction(epsilon)) <= Fraction(1, 2 * 10**4)
    assert Fraction(shown["lower"]) <= Fraction(epsilon) + Fraction(1, 10**9)
    assert Fraction(epsilon) - Fraction(1, 10**9) <= Fraction(shown["upper"])


@pytest.mark.parametrize("point", list(itertools.product(*(limit.choices for limit in GRID))), ids="|".join)
def test_every_grid_point_is_dp_accountings_rdp(point: tuple[str, str, str, str]) -> None:
    q, sigma, steps, delta = point
    shown = TABLE.table()["|".join(point)]
    _agrees(
        shown["rdp"], _rdp_peer(parse_rational(q), parse_rational(sigma), int(steps), parse_rational(delta))
    )


def test_the_grid_is_monotone() -> None:
    table = TABLE.table()

    def epsilon(**changes: str) -> Fraction:
        point = {"rate": "0.01", "sigma": "2", "steps": "1000", "delta": "1e-5", **changes}
        return Fraction(table[State(*point.values()).key]["rdp"]["epsilon"])

    assert epsilon(rate="0.02") > epsilon()
    assert epsilon(steps="10000") > epsilon()
    assert epsilon(delta="1e-6") > epsilon()
    assert epsilon(sigma="1") > epsilon() > epsilon(sigma="4")


@pytest.mark.parametrize("slug", list(BY_SLUG))
def test_every_example_below_rdp_and_holding_the_pld_estimate(slug: str) -> None:
    shown, example = record(slug), BY_SLUG[slug]
    _agrees(shown["rdp"], _rdp_peer(example.q, example.sigma, example.steps, example.delta))
    lower, upper = Fraction(shown["bracket"]["lower"]), Fraction(shown["bracket"]["upper"])
    assert lower <= upper < Fraction(shown["rdp"]["epsilon"]) < Fraction(shown["rdp_classic"]["epsilon"])
    if example.steps <= 1000:  # the PLD at 10⁻⁴ takes seconds at 10 000 steps; Abadi's is checked above
        event = dp_event.PoissonSampledDpEvent(
            float(example.q), dp_event.GaussianDpEvent(float(example.sigma))
        )
        pld = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-4)
        pld.compose(dp_event.SelfComposedDpEvent(event, example.steps))
        assert lower <= Fraction(pld.get_epsilon(float(example.delta)))  # pessimistic: an upper estimate


@pytest.mark.parametrize("slug", list(BY_SLUG))
def test_every_example_is_its_lab_state(slug: str) -> None:
    texts = example_texts(BY_SLUG[slug])
    assert LAB.record(LAB.read(texts))["rdp"] == record(slug)["rdp"]
    assert LAB.record(LAB.read(texts))["rdp_classic"] == record(slug)["rdp_classic"]


def test_the_presets_are_the_examples() -> None:
    assert [title for _, title in LAB.presets] == [
        example.title for example in DATA.catalogue if example.preset
    ]


def test_a_command_prints_its_record() -> None:
    shown = record("short")
    argv = shlex.split(shown["command"])
    assert argv[:3] == ["python", "-m", "generator"]
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(argv[3:]) == 0
    printed = json.loads(out.getvalue())
    assert printed["epsilon"] == {"lower": shown["bracket"]["lower"], "upper": shown["bracket"]["upper"]}
    assert printed["rdp"] == {"epsilon": shown["rdp"]["epsilon"], "order": shown["rdp"]["order"]}
    assert printed["rdp_classic"]["order"] == shown["rdp_classic"]["order"]


@pytest.mark.parametrize("slug", [row.slug for row in DATA.catalogue if row.peers is not None])
def test_the_stored_peers_are_what_they_compute(slug: str) -> None:
    """The peers run again give what the page shows of them: the stored float to the shown
    decimals, on the same side of the bracket. Their last digits differ between machines (the
    PLD's FFT convolutions round differently with the CPU's vector units), so the float itself is
    not compared."""
    row = BY_SLUG[slug]
    assert row.peers is not None
    event = dp_event.PoissonSampledDpEvent(float(row.q), dp_event.GaussianDpEvent(float(row.sigma)))
    pld = pld_privacy_accountant.PLDAccountant(value_discretization_interval=float(PLD_INTERVAL))
    pld.compose(dp_event.SelfComposedDpEvent(event, row.steps))
    gdp = opacus_accountants().analysis.gdp.compute_eps_poisson(
        steps=row.steps, noise_multiplier=float(row.sigma), sample_rate=float(row.q), delta=float(row.delta)
    )
    bracket = record(slug)["bracket"]
    shown = record(slug)["peers"]
    for name, computed in (("pld", pld.get_epsilon(float(row.delta))), ("gdp", float(gdp))):
        value = Fraction(computed)
        assert fixed_decimal(value, PEER_PLACES) == shown[name]["epsilon"], name
        assert side(value, bracket) == shown[name]["side"], name


def test_the_peers_fall_where_the_page_says() -> None:
    peers = record("abadi")["peers"]
    assert peers["pld"]["side"] == "inside"
    assert peers["gdp"]["side"] == "below"
    assert Fraction(peers["gdp"]["epsilon"]) < Fraction(record("abadi")["bracket"]["lower"])
