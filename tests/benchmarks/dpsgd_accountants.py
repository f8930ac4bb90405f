"""Benchmark: the certified DP-SGD bracket beside the float accountants, δ = 10⁻⁵.

For Abadi et al.'s example (q, σ, T) = (0.01, 4, 10 000) and for (0.01, 1.1, 1000) and
(0.01, 4, 1000), in one process:
  ours        :func:`generator.core.certified_pld.epsilon_bracket` at two widths (2·10⁻⁴ or 10⁻⁴,
              and 10⁻⁵), and the certified RDP accountant (both conversions);
  peers       dp_accounting's RDP accountant and its PLD accountant (pessimistic, value
              discretization 10⁻⁴ and 10⁻⁵); Opacus's RDP, PRV and GDP accountants
              (``opacus.accountants``, imported without torch by tests/harness/opacus.py);
              prv_accountant's ``PRVAccountant`` (eps_error 0.002), whose (lower, estimate,
              upper) is printed whole.
Each peer value is marked inside, above or below our narrowest bracket. Times are wall-clock
and CPU seconds of one run each (the machine is shared: CPU seconds are the steadier figure), and
each of ours is also given as a ratio to dp_accounting's PLD at 10⁻⁵ on the same case.

Targets (one core): Abadi's example at most 2·10⁻⁴ wide in at most 3 s and at most 10⁻⁵ wide in
at most 15 s; the two others at most 10⁻⁴ wide in at most 20 s; the certified RDP in at most
0.2 s. A miss is reported, not a failure (a benchmark is not a test).
Run: ``python -m tests.benchmarks.dpsgd_accountants [--quick]`` (``--quick`` skips the two PRV
accountants, which take about a minute each at eps_error 0.002).
"""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TypeVar

from generator.core.certified import Enclosure
from generator.core.certified_pld import epsilon_bracket
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.core.subsampled_rdp import Conversion, RdpEpsilon, rdp_epsilon
from tests.harness.opacus import accountants

DELTA = Fraction(1, 10**5)
RDP_TARGET_S = 0.2
T = TypeVar("T")


@dataclass(frozen=True)
class Case:
    name: str
    q: Fraction
    sigma: Fraction
    steps: int
    widths: tuple[tuple[Fraction, float], ...]  # (width, target seconds or 0: no target)


CASES = (
    Case(
        "Abadi et al.",
        Fraction(1, 100),
        Fraction(4),
        10_000,
        ((Fraction(2, 10**4), 3.0), (Fraction(1, 10**5), 15.0)),
    ),
    Case(
        "σ = 1.1, T = 1000",
        Fraction(1, 100),
        Fraction(11, 10),
        1000,
        ((Fraction(1, 10**4), 20.0), (Fraction(1, 10**5), 0.0)),
    ),
    Case(
        "σ = 4, T = 1000",
        Fraction(1, 100),
        Fraction(4),
        1000,
        ((Fraction(1, 10**4), 20.0), (Fraction(1, 10**5), 0.0)),
    ),
)


def timed(run: Callable[[], T]) -> tuple[T, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def place(value: float, bracket: Enclosure) -> str:
    if value < bracket.lower:
        return "below"
    return "above" if value > bracket.upper else "inside"


def peers(case: Case, quick: bool) -> list[tuple[str, str, float, float]]:
    """(name, value text, value, CPU seconds) of each float accountant."""
    from dp_accounting import dp_event
    from dp_accounting.pld import pld_privacy_accountant
    from dp_accounting.rdp import rdp_privacy_accountant
    from prv_accountant import (  # type: ignore[import-untyped]
        PoissonSubsampledGaussianMechanism,
    )
    from prv_accountant import PRVAccountant as Prv

    opacus_accountants = accountants()
    q, sigma, steps, delta = float(case.q), float(case.sigma), case.steps, float(DELTA)
    event = dp_event.SelfComposedDpEvent(
        dp_event.PoissonSampledDpEvent(q, dp_event.GaussianDpEvent(sigma)), steps
    )
    found: list[tuple[str, str, float, float]] = []

    def add(name: str, run: Callable[[], float]) -> None:
        value, _, cpu = timed(run)
        found.append((name, f"{value:.6f}", value, cpu))

    def dp_rdp() -> float:
        accountant = rdp_privacy_accountant.RdpAccountant()
        accountant.compose(event)
        return float(accountant.get_epsilon(delta))

    def dp_pld(interval: float) -> Callable[[], float]:
        def run() -> float:
            accountant = pld_privacy_accountant.PLDAccountant(value_discretization_interval=interval)
            accountant.compose(event)
            return float(accountant.get_epsilon(delta))

        return run

    def opacus(kind: type, **options: float) -> Callable[[], float]:
        def run() -> float:
            accountant = kind()
            for _ in range(steps):
                accountant.step(noise_multiplier=sigma, sample_rate=q)
            return float(accountant.get_epsilon(delta, **options))

        return run

    add("dp_accounting RDP", dp_rdp)
    add("dp_accounting PLD 1e-4", dp_pld(1e-4))
    add("dp_accounting PLD 1e-5", dp_pld(1e-5))
    add("Opacus RDP", opacus(opacus_accountants.RDPAccountant))
    add("Opacus GDP", opacus(opacus_accountants.GaussianAccountant))
    if not quick:
        add("Opacus PRV (upper)", opacus(opacus_accountants.PRVAccountant, eps_error=0.002))
        mechanism = PoissonSubsampledGaussianMechanism(noise_multiplier=sigma, sampling_probability=q)
        accountant = Prv(
            prvs=[mechanism], eps_error=0.002, delta_error=delta / 1000, max_self_compositions=[steps]
        )
        (low, estimate, high), _, cpu = timed(lambda: accountant.compute_epsilon(delta, [steps]))
        found.append(("prv_accountant lower", f"{low:.6f}", low, cpu))
        found.append(("prv_accountant estimate", f"{estimate:.6f}", estimate, 0.0))
        found.append(("prv_accountant upper", f"{high:.6f}", high, 0.0))
    return found


def rdp_epsilons(
    mechanism: SubsampledGaussian, steps: int, conversions: tuple[Conversion, ...]
) -> list[RdpEpsilon]:
    return [rdp_epsilon(mechanism, steps, DELTA, conversion) for conversion in conversions]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the two PRV accountants")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    misses: list[str] = []
    for case in CASES:
        mechanism = SubsampledGaussian(case.q, case.sigma)
        print(f"\n{case.name}: q = {case.q}, σ = {case.sigma}, T = {case.steps}, δ = 10⁻⁵")
        conversions = (Conversion.IMPROVED, Conversion.CLASSIC)
        both, wall, cpu = timed(partial(rdp_epsilons, mechanism, case.steps, conversions))
        for found in both:
            upper = float(found.epsilon.upper)
            print(f"  certified RDP ({found.conversion}): ε <= {upper:.6f} at order {found.order}")
        print(f"  certified RDP, both conversions: {wall:.3f} s wall, {cpu:.3f} s CPU")
        if cpu > RDP_TARGET_S:
            misses.append(f"{case.name}: certified RDP took {cpu:.3f} s CPU (target {RDP_TARGET_S} s)")
        rows = peers(case, args.quick)
        reference = next(cpu for name, _, _, cpu in rows if name == "dp_accounting PLD 1e-5")
        finest: Enclosure | None = None
        for width, target in case.widths:
            bracket, wall, cpu = timed(partial(epsilon_bracket, mechanism, case.steps, DELTA, width))
            finest = bracket.epsilon
            ends = bracket.epsilon
            print(
                f"  ours, width <= {float(width):.0e}: [{float(ends.lower):.7f}, {float(ends.upper):.7f}]"
                f" width {float(ends.width):.2e}, h = {bracket.step}, {wall:.2f} s wall, {cpu:.2f} s CPU"
                f" ({cpu / reference:.1f}× dp_accounting PLD 1e-5)"
            )
            if target and cpu > target:
                misses.append(
                    f"{case.name}: width {float(width):.0e} took {cpu:.2f} s CPU (target {target} s)"
                )
            if ends.width > width:
                misses.append(f"{case.name}: bracket {float(ends.width):.2e} wide (asked {float(width):.0e})")
        assert finest is not None
        for name, text, value, cpu in rows:
            print(f"  {name:<26} {text:>10}  {place(value, finest):<6} {cpu:7.2f} s CPU")
    print("\n" + ("\n".join(misses) if misses else "targets met"))


if __name__ == "__main__":
    main()
