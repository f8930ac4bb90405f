"""Benchmark: the audit's certified values against float and mpmath peers, in one process.

Four measurements, each the median of a few runs from cold caches:
  bounds    one Clopper–Pearson lower bound (a = 1/40) as a proven 2^-64 cell, against
            scipy's betaincinv (floats) and mpmath's findroot on betainc at 50 digits (only
            at n = 1 000: mpmath's betainc fails to converge beyond), for n = 1 000, 10 000
            and 100 000 (x = 0.7·n);
  audit     ε_audit certified to 3 decimals from counts at those n (tp = 0.7n, fp = 0.25n);
  chance    P(n), the chance that the audit succeeds, enclosed, against the same sum in
            numpy floats (every count, scipy's roots), for one response at α₀ = 3 against
            target 14/5 (FPR 1/4, TPR 3/4, δ = 0, a = 1/20);
  trials    the least n with P(n) ≥ 1/2 for targets 2, 5/2 and 14/5 (answers 108, 492,
            3 268), against a float scan over every n (numpy, the same sums).
It prints seconds (process CPU time, so other load on the machine counts less) and the ratio
to the fastest peer. Run: ``python -m tests.benchmarks.audit_costs [--quick]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import TypeVar

import mpmath  # type: ignore[import-untyped]
import numpy as np
from scipy import stats  # type: ignore[import-untyped]
from scipy.special import betaincinv  # type: ignore[import-untyped]

from generator.core import clopper_pearson
from generator.core.audit import audit
from generator.core.events import TradeoffPoint
from generator.core.trials_needed import AuditPlan, success_probability, trials_needed

T = TypeVar("T")
LEVEL = Fraction(1, 40)
POINT = TradeoffPoint(Fraction(1, 4), Fraction(3, 4))


def seconds(run: Callable[[], T], repeats: int) -> tuple[float, T]:
    times: list[float] = []
    for _ in range(repeats):
        clopper_pearson._CELLS.clear()
        start = time.process_time()
        result = run()
        times.append(time.process_time() - start)
    return statistics.median(times), result


def mp_bound(x: int, n: int) -> mpmath.mpf:
    with mpmath.workdps(50):
        return mpmath.findroot(
            lambda p: mpmath.betainc(x, n - x + 1, 0, p, regularized=True) - mpmath.mpf(1) / 40,
            (mpmath.mpf(0), mpmath.mpf(1)),
            solver="illinois",
        )


def float_chance(n: int, target: float, level: float) -> float:
    """P(n) in floats: every count, scipy's Clopper–Pearson roots, numpy's sums."""
    half = level / 2
    counts = np.arange(n + 1)
    lows = np.where(counts == 0, 0.0, betaincinv(np.maximum(counts, 1), n - counts + 1, half))
    highs = np.where(counts == n, 1.0, betaincinv(counts + 1, np.maximum(n - counts, 1), 1 - half))
    edge = np.minimum(target * highs, 1 - (1 - highs) / target)
    steps = np.searchsorted(lows, edge, side="left")
    return float(np.sum(stats.binom.pmf(counts, n, 0.25) * stats.binom.sf(steps - 1, n, 0.75)))


def float_trials(target: float) -> int:
    n = 1
    while float_chance(n, target, 1 / 20) < 0.5:
        n += 1
    return n


def row(name: str, ours: float, peers: dict[str, float], shown: str) -> None:
    cells = " ".join(f"{label} {value:8.4f} s" for label, value in peers.items())
    best = min(peers.values())
    print(f"{name:<26} ours {ours:8.4f} s  {cells}  ours/fastest {ours / best:7.1f}×  {shown}")


def plan_of(target: Fraction) -> AuditPlan:
    return AuditPlan(POINT, target, Fraction(0), Fraction(1, 20))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the target 14/5 (minutes)")
    args = parser.parse_args()
    for n in (1_000, 10_000, 100_000):
        x = 7 * n // 10
        ours, cell = seconds(partial(clopper_pearson.lower_bound, x, n, LEVEL), 3)
        scipy_s, value = seconds(partial(betaincinv, x, n - x + 1, 1 / 40), 3)
        peers = {"scipy": scipy_s}
        if n <= 1_000:
            peers["mpmath"] = seconds(partial(mp_bound, x, n), 1)[0]
        row(f"bound n={n}", ours, peers, f"{float(cell.lower):.12f} scipy {float(value):.12f}")
    for n in (1_000, 10_000, 100_000):
        ours, found = seconds(partial(audit, n, 7 * n // 10, n // 4, Fraction(0), Fraction(1, 20)), 3)
        assert found.epsilon is not None
        print(f"{'audit n=' + str(n):<26} ours {ours:8.4f} s  ε_audit ≥ {found.epsilon.decimal}")
    for n in (1_000, 10_000, 100_000):
        ours, chance = seconds(partial(success_probability, plan_of(Fraction(14, 5)), n), 1)
        floats, value = seconds(partial(float_chance, n, 2.8, 1 / 20), 1)
        shown = f"[{float(chance.lower):.6f}, {float(chance.upper):.6f}] numpy {value:.6f}"
        row(f"chance P(n) n={n}", ours, {"numpy": floats}, shown)
    targets = [Fraction(2), Fraction(5, 2)] + ([] if args.quick else [Fraction(14, 5)])
    for target in targets:
        ours, needed = seconds(partial(trials_needed, plan_of(target)), 1)
        floats, answer = seconds(partial(float_trials, float(target)), 1)
        row(f"trials target={target}", ours, {"numpy": floats}, f"n = {needed.trials} (numpy {answer})")


if __name__ == "__main__":
    main()
