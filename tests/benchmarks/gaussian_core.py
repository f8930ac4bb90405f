"""Benchmark: the certified Laplace, Gaussian, RDP and zCDP functions against float peers.

Each row runs one core function on typical inputs and one float peer that answers the same
question, in this process, and prints the median milliseconds of each and the ratio
ours/peer. The peers: dp_accounting's Laplace and Gaussian privacy losses, its analytic
Gaussian ε, its RDP accountant, and plain-float formulas (math, scipy) where no library has
the function. The figures say what a browser lab could compute live (a BigInt interval
engine mirroring the core would be slower still than arb, by an unknown factor) and what a
build should precompute. A benchmark is not a test: nothing here fails.
Run: ``python -m tests.benchmarks.gaussian_core [--repeats N]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from fractions import Fraction

from dp_accounting import dp_event, gaussian_mechanism
from dp_accounting.pld import privacy_loss_mechanism
from dp_accounting.rdp import rdp_privacy_accountant
from scipy.optimize import brentq, minimize_scalar  # type: ignore[import-untyped]

from generator.core.gaussian import GaussianMechanism
from generator.core.gaussian_classic import classic_calibration
from generator.core.laplace import LaplaceMechanism
from generator.core.renyi import classic_bound, tight_bound
from generator.core.zcdp import Zcdp, rho_for_epsilon, tight_rho_for_epsilon

DELTA = Fraction(1, 10**5)
CENSUS_DELTA = Fraction(1, 10**10)


def median_ms(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def _rdp_peer(noise: float, k: int, delta: float) -> float:
    accountant = rdp_privacy_accountant.RdpAccountant()
    accountant.compose(dp_event.GaussianDpEvent(noise), k)
    return float(accountant.get_epsilon(delta))


def _tight_float(rho: float, delta: float) -> float:
    def epsilon(alpha: float) -> float:
        return alpha * rho + math.log1p(-1 / alpha) - (math.log(delta) + math.log(alpha)) / (alpha - 1)

    return float(minimize_scalar(epsilon, bounds=(1.0001, 1e4), method="bounded").fun)


def rows() -> list[tuple[str, Callable[[], object], Callable[[], object]]]:
    laplace = LaplaceMechanism(Fraction(1), Fraction(1, 2))
    loss = privacy_loss_mechanism.LaplacePrivacyLoss(0.5, sensitivity=1.0)
    one = GaussianMechanism(Fraction(1), Fraction(1))
    many = GaussianMechanism(Fraction(1), Fraction(10), 1000)
    gauss = privacy_loss_mechanism.GaussianPrivacyLoss(1.0, sensitivity=1.0)
    rho = many.rho
    return [
        ("laplace δ(ε′=1)", lambda: laplace.delta(Fraction(1)), lambda: loss.get_delta_for_epsilon(1.0)),
        (
            "laplace ε′(δ=1e-5)",
            lambda: laplace.epsilon_for_delta(DELTA),
            lambda: 2 + 2 * math.log1p(-1e-5),
        ),
        ("laplace √2·b", laplace.standard_deviation, lambda: math.sqrt(2) * 0.5),
        ("gaussian δ(ε=1) σ=1", lambda: one.delta(Fraction(1)), lambda: gauss.get_delta_for_epsilon(1.0)),
        (
            "gaussian exact ε σ=1",
            lambda: one.epsilon(DELTA),
            lambda: gaussian_mechanism.get_epsilon_gaussian(1.0, 1e-5),
        ),
        (
            "gaussian exact ε σ=10 k=1000",
            lambda: many.epsilon(DELTA),
            lambda: gaussian_mechanism.get_epsilon_gaussian(10 / math.sqrt(1000), 1e-5),
        ),
        (
            "classic calibration σ=1",
            lambda: classic_calibration(one, DELTA),
            lambda: gauss.get_delta_for_epsilon(math.sqrt(2 * math.log(1.25e5))),
        ),
        ("rdp classic bound k=1000", lambda: classic_bound(rho, DELTA), lambda: _rdp_peer(10.0, 1000, 1e-5)),
        ("rdp tight bound k=1000", lambda: tight_bound(rho, DELTA), lambda: _rdp_peer(10.0, 1000, 1e-5)),
        (
            "zcdp Prop 1.3 ε",
            lambda: Zcdp(rho).epsilon(DELTA),
            lambda: 5 + 2 * math.sqrt(5 * math.log(1e5)),
        ),
        (
            "zcdp Prop 1.3 ρ(ε=19.61)",
            lambda: rho_for_epsilon(Fraction(1961, 100), CENSUS_DELTA),
            lambda: (math.sqrt(19.61 + math.log(1e10)) - math.sqrt(math.log(1e10))) ** 2,
        ),
        (
            "zcdp Cor 13 ρ(ε=19.61)",
            lambda: tight_rho_for_epsilon(Fraction(1961, 100), CENSUS_DELTA),
            lambda: brentq(lambda r: _tight_float(r, 1e-10) - 19.61, 1e-3, 50),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    args = parser.parse_args()
    print(f"{'function':<30} {'ours ms':>9} {'peer ms':>9} {'ours/peer':>10}")
    for name, ours, peer in rows():
        ours_ms, peer_ms = median_ms(ours, args.repeats), median_ms(peer, args.repeats)
        print(f"{name:<30} {ours_ms:>9.3f} {peer_ms:>9.3f} {ours_ms / peer_ms:>9.1f}×")


if __name__ == "__main__":
    main()
