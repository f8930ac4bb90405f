"""google ``dp_accounting``'s PLD on the optimal-composition lesson's cases, and the stored figures.

One step of a k-fold (ln α₀, δ₀)-DP composition is, in the worst case, the mixed mechanism
M̃ (:mod:`generator.core.optimal_composition`): with p = α₀/(1 + α₀),

    P = (δ₀, (1 - δ₀)p, (1 - δ₀)(1 - p), 0),   Q = (0, (1 - δ₀)(1 - p), (1 - δ₀)p, δ₀)

over "x is 0", "says 0", "says 1", "x is 1". The PLD of one step is built from the logs of
these masses (each an exact Fraction, logged as a float here and only here), with
``mu_upper`` = P and ``mu_lower`` = Q, so that its privacy loss is ln P/Q and its δ at ε
is E_P[(1 - e^ε Q/P)₊], the core's δ(α) at α = e^ε; M̃ is symmetric, so the other order
gives the same numbers. It is then self-composed k times and asked for ε at the target δ.

The pessimistic PLD rounds each loss up to the grid, the optimistic one down, so the two
bracket the exact answer; ``generator/lessons/optimal/accountants.json`` keeps both ε at
each value discretization of :data:`INTERVALS`, as ``repr`` strings of the floats.

Regenerate the file (after a change of the catalogue's cases or of ``dp-accounting``):
``.venv/bin/python -m tests.accountants_refresh``. ``tests/lessons/optimal/test_peer.py`` recomputes
every stored figure and fails on drift.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from importlib.metadata import version

from dp_accounting.pld import privacy_loss_distribution

from generator.core.optimal_composition import OptimalComposition
from generator.lessons.optimal.accountants import CASES_PATH, INTERVALS
from generator.lessons.optimal.catalogue import BY_SLUG

# The catalogue rows whose figures are stored, in the table's order.
CASE_SLUGS = ("k10", "k100", "k1000", "delta0", "delta0-over")


def log_mass(masses: tuple[Fraction, ...]) -> dict[int, float]:
    """Output index -> ln of its mass (a float from the exact value); zero masses left out."""
    return {i: math.log(m.numerator) - math.log(m.denominator) for i, m in enumerate(masses) if m}


def mixed_pld(
    alpha0: Fraction, delta0: Fraction, interval: float, pessimistic: bool
) -> privacy_loss_distribution.PrivacyLossDistribution:
    """The PLD of one step of M̃ at this value discretization interval."""
    p = alpha0 / (1 + alpha0)
    say_same, say_other = (1 - delta0) * p, (1 - delta0) * (1 - p)
    return privacy_loss_distribution.from_two_probability_mass_functions(
        log_probability_mass_function_lower=log_mass((Fraction(0), say_other, say_same, delta0)),
        log_probability_mass_function_upper=log_mass((delta0, say_same, say_other, Fraction(0))),
        pessimistic_estimate=pessimistic,
        value_discretization_interval=interval,
    )


def composed_pld(
    alpha0: Fraction, delta0: Fraction, k: int, interval: float, pessimistic: bool
) -> privacy_loss_distribution.PrivacyLossDistribution:
    """The PLD of k steps of M̃."""
    return mixed_pld(alpha0, delta0, interval, pessimistic).self_compose(k)


def pld_epsilon(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction, interval: float, pessimistic: bool
) -> float:
    """What the PLD reports as ε at the target δ for k steps of M̃ (``inf`` when none)."""
    pld = composed_pld(alpha0, delta0, k, interval, pessimistic)
    return float(pld.get_epsilon_for_delta(float(delta)))


def case_figures(slug: str) -> dict[str, object]:
    """A catalogue row's entry of the file: the PLD's ε, both estimates, at each interval."""
    example = BY_SLUG[slug]
    composition = example.composition()
    assert isinstance(composition, OptimalComposition), f"{slug} is not homogeneous"
    inputs = (composition.alpha0, composition.delta0, composition.k, example.delta)
    return {
        "slug": slug,
        "pld": [
            {
                "interval": interval,
                "pessimistic": repr(pld_epsilon(*inputs, float(interval), pessimistic=True)),
                "optimistic": repr(pld_epsilon(*inputs, float(interval), pessimistic=False)),
            }
            for interval in INTERVALS
        ],
    }


def file_text() -> str:
    """The whole file: sorted, indented JSON, the same bytes for the same figures."""
    data = {
        "dp_accounting": version("dp-accounting"),
        "cases": [case_figures(slug) for slug in CASE_SLUGS],
    }
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main() -> None:
    CASES_PATH.write_text(file_text(), encoding="utf-8")
    print(f"wrote {CASES_PATH}")


if __name__ == "__main__":
    main()
