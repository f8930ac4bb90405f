"""Benchmark: exact δ on the integer α grid, fresh mode, p = 75, k = 10 … 10 000.

Three ways over the same grid α = 1..100, in one process:
  fast   the core: channel weights, prefix sums, a binary search per α (exact Fractions);
  naive  the definition: Σ over every output of positive excesses, both directions,
         on the same integer weights (tests/oracles.py);
  pld    dp-accounting: the single response's PLD (pessimistic), self-composed k times,
         then get_delta_for_epsilon on ln α (floats, discretised).
It prints the median seconds of each and the ratios naive/fast and pld/fast, and the
largest gap between the PLD's δ and the exact δ. Run: ``make bench``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from fractions import Fraction

from dp_accounting.pld import privacy_loss_distribution

from generator.core import channels
from generator.core.profile import INTEGER_GRID, Profile
from tests.oracles import naive_delta

P = 75
DEFAULT_KS = (10, 100, 1_000, 10_000)


def fast(k: int) -> list[Fraction]:
    return Profile(channels.fresh(P, k)).deltas(INTEGER_GRID)


def naive(k: int) -> list[Fraction]:
    channel = channels.fresh(P, k)
    return [naive_delta(channel.weights0, channel.weights1, channel.denominator, a) for a in INTEGER_GRID]


def pld(k: int) -> list[float]:
    truth = P / 100
    one = privacy_loss_distribution.from_two_probability_mass_functions(
        {0: math.log(truth), 1: math.log(1 - truth)}, {0: math.log(1 - truth), 1: math.log(truth)}
    )
    composed = one.self_compose(k)
    return [float(d) for d in composed.get_delta_for_epsilon([math.log(a) for a in range(1, 101)])]


def median_seconds(run: Callable[[int], object], k: int, repeats: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run(k)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, nargs="+", default=list(DEFAULT_KS))
    parser.add_argument(
        "--repeats", type=int, default=5, help="runs per measurement (1 for naive/pld at k >= 1000)"
    )
    args = parser.parse_args()
    columns = ("k", "fast s", "naive s", "pld s", "naive/fast", "pld/fast", "max|pld−exact|")
    widths = (6, 9, 9, 9, 11, 9, 15)
    print(" ".join(f"{name:>{width}}" for name, width in zip(columns, widths, strict=True)))
    for k in args.k:
        slow_repeats = args.repeats if k < 1_000 else 1
        fast_s, exact = median_seconds(fast, k, args.repeats)
        naive_s, slow = median_seconds(naive, k, slow_repeats)
        pld_s, approx = median_seconds(pld, k, slow_repeats)
        assert slow == exact, "fast path disagrees with the naive definition"
        gap = max(abs(a - float(e)) for a, e in zip(approx, exact, strict=True))  # type: ignore[call-overload]
        print(
            f"{k:>6} {fast_s:>9.4f} {naive_s:>9.4f} {pld_s:>9.4f} "
            f"{naive_s / fast_s:>10.0f}× {pld_s / fast_s:>8.0f}× {gap:>15.2e}"
        )


if __name__ == "__main__":
    main()
