"""Benchmark: the local-DP lesson's exact values against float peers, and a BigInt mirror.

For each n, one process times, from scratch (median of several runs):

  local    LocalEstimate(n, π, α₀).accuracy(t): one binomial window by binary splitting and
           the exact Fraction (whose reduction, CPython's gcd, dominates at large b);
  central  CentralEstimate(n, π, α₀).accuracy(t): six windows and one Fraction;
  shuffle  shuffled_count(n, ⌊n/3⌋, α₀) and δ*((1 + α₀)/2) of it (the law by the recurrence, then
           the profile's prefix sums);
  peers    scipy.stats.binom's cdf for the local window, a float sum over the binomial pmf
           times the geometric window for the central one, and numpy's convolution of two
           binomial pmfs with the target's Bernoulli for the shuffled δ*;

and prints the seconds and the ratio exact/peer. When node is on the PATH, it also runs
local_dp_bigint.mjs, which times the lab's own BigInt engine (generator/lessons/localdp/lab/),
and prints its milliseconds: each value, and one whole update of the page's lab (``update``),
against the lab's target of 100 ms at n = 10 000.
Defaults: π = 1234/10000, α₀ = 11/10, t = 1/100. Run: ``python -m tests.benchmarks.local_dp``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path

import numpy as np
from scipy import stats

from generator.core.profile import Profile
from generator.core.rate_estimation import CentralEstimate, LocalEstimate
from generator.core.shuffle import shuffled_count

MIRROR = Path(__file__).with_name("local_dp_bigint.mjs")
BROWSER_TARGET_MS = 100.0


def seconds(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def local_peer(n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction) -> float:
    estimate = LocalEstimate(n, rate, alpha0)
    lo, hi = estimate.count_window(tolerance)
    binomial = stats.binom(n, float(estimate.report_rate))
    return float(binomial.cdf(hi) - binomial.cdf(lo - 1))


def central_peer(n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction) -> float:
    lo, hi = CentralEstimate(n, rate, alpha0).sum_window(tolerance)
    r = 1 / float(alpha0)
    counts = np.arange(n + 1)

    def cdf(z: np.ndarray) -> np.ndarray:
        # each branch on its own side only, so no power overflows
        return np.asarray(
            np.where(z >= 0, 1 - r ** np.maximum(z + 1, 0) / (1 + r), r ** np.maximum(-z, 0) / (1 + r))
        )

    pmf = stats.binom(n, float(rate)).pmf(counts)
    return float(np.sum(pmf * (cdf(hi - counts) - cdf(lo - 1 - counts))))


def shuffle_peer(n: int, alpha0: Fraction) -> float:
    p, ones = float(alpha0 / (1 + alpha0)), n // 3
    others = np.convolve(
        stats.binom(ones, p).pmf(range(ones + 1)), stats.binom(n - 1 - ones, 1 - p).pmf(range(n - ones))
    )
    law0, law1 = np.convolve(others, [p, 1 - p]), np.convolve(others, [1 - p, p])
    return float(np.sum(np.maximum(law0 - float((1 + alpha0) / 2) * law1, 0)))


def shuffle_exact(n: int, alpha0: Fraction) -> Fraction:
    return Profile(shuffled_count(n, n // 3, alpha0)).delta((1 + alpha0) / 2)


def accuracy(estimate: LocalEstimate | CentralEstimate, tolerance: Fraction) -> Fraction:
    return estimate.accuracy(tolerance)


def mirror(n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction) -> dict[str, float] | None:
    node = shutil.which("node")
    if node is None:
        return None
    values = [rate.numerator, rate.denominator, alpha0.numerator, alpha0.denominator]
    arguments = [str(x) for x in (n, *values, tolerance.numerator, tolerance.denominator)]
    done = subprocess.run([node, str(MIRROR), *arguments], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[100, 1_000, 10_000])
    parser.add_argument("--rate", type=Fraction, default=Fraction(1234, 10_000))
    parser.add_argument("--alpha0", type=Fraction, default=Fraction(11, 10))
    parser.add_argument("--tolerance", type=Fraction, default=Fraction(1, 100))
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rate, alpha0, tolerance = args.rate, args.alpha0, args.tolerance
    print(f"π = {rate}, α₀ = {alpha0}, t = {tolerance}; seconds (median of {args.repeats}), exact/peer")
    misses = []
    for n in args.n:
        rows = {
            "local": (
                partial(accuracy, LocalEstimate(n, rate, alpha0), tolerance),
                partial(local_peer, n, rate, alpha0, tolerance),
            ),
            "central": (
                partial(accuracy, CentralEstimate(n, rate, alpha0), tolerance),
                partial(central_peer, n, rate, alpha0, tolerance),
            ),
            "shuffle": (partial(shuffle_exact, n, alpha0), partial(shuffle_peer, n, alpha0)),
        }
        for name, (exact, peer) in rows.items():
            exact_s, peer_s = seconds(exact, args.repeats), seconds(peer, args.repeats)
            value = exact()
            assert isinstance(value, Fraction)
            error = float(peer()) - float(value)
            print(
                f"n = {n:>6} {name:>8}: exact {exact_s:.4f} s, peer {peer_s:.5f} s, "
                f"exact/peer {exact_s / peer_s:>7.1f}×, peer − exact {error:+.1e}"
            )
        browser = mirror(n, rate, alpha0, tolerance)
        if browser is None:
            print(f"n = {n:>6}   BigInt: node not found")
            continue
        print(f"n = {n:>6}   BigInt: " + ", ".join(f"{key} {ms:.1f} ms" for key, ms in browser.items()))
        update = browser["update"]
        if n == 10_000 and update > BROWSER_TARGET_MS:
            target = f"{BROWSER_TARGET_MS:.0f} ms"
            misses.append(f"one update of the lab at n = 10 000: {update:.0f} ms > {target}")
    for miss in misses:
        print("MISS:", miss)


if __name__ == "__main__":
    main()
