"""Privacy auditing: a lower bound on ε, proven from an attack's counts.

An auditor runs a membership attack on n trials with the target in the data (x = 1) and n
trials without it (x = 0), and counts tp true positives ("member" when it is) and fp false
positives ("member" when it is not). If the mechanism is (ε, δ)-DP, the attack's true rates
(FPR, TPR) lie in the region R(e^ε, δ) (:mod:`generator.core.dp_region`), so

    TPR ≤ e^ε·FPR + δ          ⇒   e^ε ≥ (TPR − δ)/FPR,
    1 − FPR ≤ e^ε·(1 − TPR) + δ  ⇒   e^ε ≥ (1 − FPR − δ)/(1 − TPR).

The rates are unknown, but the counts bound them: with the Clopper–Pearson bounds
(:mod:`generator.core.clopper_pearson`), each at level a/2, TPR ≥ TPR_low = p_L(tp) and
FPR ≤ FPR_high = p_U(fp), each failing with probability at most a/2, so both hold with
probability at least 1 − a by the union bound (the two samples are independent, so even
(1 − a/2)² ≥ 1 − a, but the union bound needs no independence). Both right-hand sides grow
with TPR and fall with FPR, so on that event

    ε ≥ ε_audit = ln max( (TPR_low − δ)/FPR_high, (1 − FPR_high − δ)/(1 − TPR_low) ),

a statement at confidence 1 − a (Jagielski, Ullman and Oprea 2020, "Auditing differentially
private machine learning: how private is private SGD?", who bound the rates by
Clopper–Pearson intervals; Nasr, Song, Thakurta, Papernot and Carlini 2021, "Adversary
instantiation: lower bounds for differentially private machine learning", for both forms,
written with the miss rate 1 − TPR).
When the maximum is at most 1 (a numerator ≤ 0 included), the counts certify nothing.

**Why only a lower bound.** DP bounds every test on every neighbouring pair; an audit sees
one test on one pair, and a weak attack, a pair that is not the worst, or too few trials only
make its point sit deeper inside the region. So the audit can show that ε is at least
something, never that it is at most something: no count of trials reveals that a stronger
attack does not exist. Even with the exact rates and no sampling error the bound is the
attack's own ε (:func:`least_alpha`), at most the mechanism's, with equality only for an
optimal test on a worst pair.

**One training run.** Each trial here is one run of the mechanism (one model trained with
or without the target), so n trials cost 2n runs. Steinke, Nasr and Jagielski (2023,
"Privacy auditing with one (1) training run", NeurIPS) insert m canaries, each included
independently with probability 1/2, train once, and let the attack guess the inclusion of
some canaries. Since the inclusions are independent and the mechanism is DP in each of them,
the number of right guesses among r guesses is stochastically dominated by Bin(r, e^ε/(1 + e^ε))
for pure ε-DP (their main theorem; δ > 0 adds a bounded term), so one run yields a confidence
statement on ε from the canaries alone. What changes: the trials are the canaries of one run,
not independent runs; the bound is built on guesses of a fair coin (accuracy), not on
(FPR, TPR); and the lower bounds it certifies are weaker for large ε than those of many
runs, but far cheaper. Not built here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import arb, ctx

from generator.core import clopper_pearson
from generator.core.certified import MAX_BITS, Certified, Enclosure, UncertifiedError, certify, exact
from generator.core.claim import check_delta
from generator.core.events import TradeoffPoint

START_BITS = 64


def least_alpha(point: TradeoffPoint, delta: Fraction) -> Fraction | None:
    """The least α ≥ 1 at which the test at ``point`` meets TPR ≤ α·FPR + δ and
    1 − FPR ≤ α·(1 − TPR) + δ: max(1, (TPR − δ)/FPR, (1 − FPR − δ)/(1 − TPR)), exactly.

    None when no α does: FPR = 0 with TPR > δ, or TPR = 1 with FPR < 1 − δ. With the exact
    rates of a test this is the ε (as e^ε) the test itself reveals; the audit uses it at
    its pessimistic rates.
    """
    check_delta(delta)
    fpr, tpr = point.fpr, point.tpr
    needs: list[Fraction] = [Fraction(1)]
    for numerator, denominator in ((tpr - delta, fpr), (1 - fpr - delta, 1 - tpr)):
        if numerator > 0:
            if denominator == 0:
                return None
            needs.append(numerator / denominator)
    return max(needs)


def _ratio(numerator: Enclosure, denominator: Enclosure) -> Enclosure:
    """The quotient of two enclosures, the denominator's ends positive."""
    ends = [a / b for a in (numerator.lower, numerator.upper) for b in (denominator.lower, denominator.upper)]
    return Enclosure(min(ends), max(ends))


@dataclass(frozen=True)
class Audit:
    """An audit's counts, its confidence 1 − ``level``, and what they prove.

    ``tpr_low`` and ``fpr_high`` are the Clopper–Pearson bounds, each at level/2, as cells
    2^-64 wide; ``epsilon`` is ε_audit to ``places`` decimals, or None when the counts
    certify nothing. With probability at least 1 − level, ε ≥ ε_audit (its lower end).
    ``alpha`` is the enclosure of e^ε_audit that decided it, from the bounds' cells at the
    first width whose enclosure lies wholly above 1 or at most 1 (None when it certifies
    nothing): exact ends, so ln of its lower end, rounded down, is a proven lower bound on ε
    that any exact arithmetic finds alike (the lab's browser twin, exact/audit.mjs, does).
    """

    trials: int
    true_positives: int
    false_positives: int
    delta: Fraction
    level: Fraction
    tpr_low: Enclosure
    fpr_high: Enclosure
    epsilon: Certified | None
    alpha: Enclosure | None


def _alpha_enclosure(
    trials: int, tp: int, fp: int, delta: Fraction, half: Fraction, bits: int
) -> Enclosure | None:
    """The enclosure of max((TPR_low − δ)/FPR_high, (1 − FPR_high − δ)/(1 − TPR_low)) from
    bounds 2^-bits wide, or None while a denominator's cell still reaches 0 (FPR_high > 0 and
    TPR_low < 1 always, so narrower cells end that)."""
    low = clopper_pearson.lower_bound(tp, trials, half, bits)
    high = clopper_pearson.upper_bound(fp, trials, half, bits)
    if high.lower == 0 or low.upper == 1:
        return None
    direct = _ratio(Enclosure(low.lower - delta, low.upper - delta), high)
    mirrored = _ratio(
        Enclosure(1 - high.upper - delta, 1 - high.lower - delta), Enclosure(1 - low.upper, 1 - low.lower)
    )
    return Enclosure(max(direct.lower, mirrored.lower), max(direct.upper, mirrored.upper))


def audit(
    trials: int, true_positives: int, false_positives: int, delta: Fraction, level: Fraction, places: int = 3
) -> Audit:
    """ε_audit from tp of n and fp of n at confidence 1 − level, certified to ``places``.

    Whether the counts certify anything is decided first, by narrowing the bounds' cells
    until the enclosure of the maximum lies above 1 or at most 1; then the logarithm is
    certified with cells as narrow as the working precision (:func:`certify`).
    """
    clopper_pearson.check_counts(true_positives, trials)
    clopper_pearson.check_counts(false_positives, trials)
    clopper_pearson.check_level(level)
    check_delta(delta)
    half = level / 2
    tp, fp = true_positives, false_positives
    bits = START_BITS
    alpha = _alpha_enclosure(trials, tp, fp, delta, half, bits)
    while alpha is None or alpha.lower <= 1 < alpha.upper:
        bits *= 2
        if bits > MAX_BITS:
            raise UncertifiedError("the audit's bound stays on both sides of ε = 0 at every precision")
        alpha = _alpha_enclosure(trials, tp, fp, delta, half, bits)
    epsilon = None
    if alpha.lower > 1:
        decided = bits

        def ln_alpha() -> arb:
            found = _alpha_enclosure(trials, tp, fp, delta, half, max(ctx.prec, decided))
            if found is None:
                return arb("nan")
            return exact(found.lower).log().union(exact(found.upper).log())

        epsilon = certify(ln_alpha, places)
    return Audit(
        trials,
        tp,
        fp,
        delta,
        level,
        clopper_pearson.lower_bound(tp, trials, half),
        clopper_pearson.upper_bound(fp, trials, half),
        epsilon,
        alpha if epsilon is not None else None,
    )
