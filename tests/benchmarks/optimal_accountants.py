"""Benchmark: the exact optimal ε against dp-accounting's PLD, α₀ = 11/10, δ₀ = 0, δ = 10⁻⁵.

The same question, the smallest ε at which k (ln 1.1, 0)-DP steps meet δ = 10⁻⁵, two ways,
in one process:
  exact  the core: OptimalComposition(11/10, 0, k).smallest_alpha(1/100000), a reduced
         fraction α, then ε = ln α to 3 decimals by ln_decimal (integers only);
  pld    dp-accounting: the PLD of one step of the mixed mechanism M̃ at value
         discretization 1e-4, pessimistic, self-composed k times, then get_epsilon_for_delta
         (floats; tests/accountants_refresh.py builds it).
Each is timed from scratch (a new composition, a new PLD) over several runs. It prints
the median seconds, the ratio pld/exact and the PLD's error against the exact ε (float
arithmetic). Targets (issue 11): exact at k = 10 000 under 0.5 s, and at least 100× faster
than the PLD at every k; a miss is reported, not a failure (a benchmark is not a test).
Run: ``make bench``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition
from tests.accountants_refresh import pld_epsilon

ALPHA0, DELTA0, TARGET = Fraction(11, 10), Fraction(0), Fraction(1, 100_000)
INTERVAL = 1e-4
DEFAULT_KS = (100, 1_000, 10_000)
EXACT_TARGET_S = 0.5  # at k = 10 000, below
SPEEDUP_TARGET = 100.0  # pld / exact, at least

T = TypeVar("T")


def exact(k: int) -> tuple[Fraction, str]:
    alpha = OptimalComposition(ALPHA0, DELTA0, k).smallest_alpha(TARGET)
    assert alpha is not None, "a δ₀ = 0 composition always has a finite ε"
    return alpha, ln_decimal(alpha)


def pld(k: int) -> float:
    return pld_epsilon(ALPHA0, DELTA0, k, TARGET, INTERVAL, pessimistic=True)


def median_seconds(run: Callable[[int], T], k: int, repeats: int) -> tuple[float, T]:
    times: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = run(k)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, nargs="+", default=list(DEFAULT_KS))
    parser.add_argument(
        "--repeats", type=int, default=5, help="runs per measurement (3 for the PLD at k >= 10000)"
    )
    args = parser.parse_args()
    columns = ("k", "exact s", "pld s", "pld/exact", "exact ε", "pld ε", "pld − exact")
    widths = (6, 9, 9, 10, 9, 10, 12)
    print(" ".join(f"{name:>{width}}" for name, width in zip(columns, widths, strict=True)))
    misses: list[str] = []
    for k in args.k:
        exact_s, (alpha, epsilon) = median_seconds(exact, k, args.repeats)
        pld_s, reported = median_seconds(pld, k, min(args.repeats, 3) if k >= 10_000 else args.repeats)
        error = reported - float(ln_decimal(alpha, 12))
        ratio = pld_s / exact_s
        print(
            f"{k:>6} {exact_s:>9.4f} {pld_s:>9.4f} {ratio:>9.0f}× "
            f"{epsilon:>9} {reported:>10.4f} {error:>+12.2e}"
        )
        if ratio < SPEEDUP_TARGET:
            misses.append(
                f"k = {k}: exact only {ratio:.0f}× faster than the PLD (target {SPEEDUP_TARGET:.0f}×)"
            )
        if k == 10_000 and exact_s >= EXACT_TARGET_S:
            misses.append(f"k = 10000: exact took {exact_s:.3f} s (target < {EXACT_TARGET_S} s)")
    print("\n".join(misses) if misses else "targets met")


if __name__ == "__main__":
    main()
