"""The shuffle model for one bit: the exact laws of the shuffled count, and amplification.

n users each send one randomized response, telling the truth with probability
p = α₀/(1 + α₀) (so one report alone is (ln α₀)-DP, the local guarantee). A shuffler hands
the server only the multiset of the n reports. For binary reports a multiset is its number
of ones, so the server sees exactly the count K, and the count is the whole release.

The neighbours. One user (the target) holds x = 0 or x = 1; the other n - 1 users' bits are
fixed, ``ones`` of them 1 and the rest 0 (the worst case of DP quantifies over them). A user
with bit 1 reports 1 with probability p, one with bit 0 with probability 1 - p, all
independently, so

    K = Binomial(ones, p) + Binomial(n - 1 - ones, 1 - p) + B,   B ~ Bernoulli(1 - p) or Bernoulli(p),

and both laws are finite and exact. With α₀ = N/D, write u = N and v = D (p = u/(u + v)):
the generating polynomial of the others' count, times (u + v)^(n-1), is

    G(x) = (v + u·x)^ones · (u + v·x)^(n-1-ones) = Σ_k g_k x^k,

and the target multiplies it by (u + v·x) under x = 0 and by (v + u·x) under x = 1, so over
the denominator (u + v)^n

    P(K = k | x = 0) ∝ u·g_k + v·g_(k-1),      P(K = k | x = 1) ∝ v·g_k + u·g_(k-1).

Computing g. Multiplying out costs O(n²) big products. Instead, with j = ones and
m = n - 1 - ones, (v + ux)(u + vx)·G'(x) = [j·u·(u + vx) + m·v·(v + ux)]·G(x); comparing the
coefficients of x^k gives a three-term recurrence

    u·v·(k + 1)·g_(k+1) = (j·u² + m·v² - (u² + v²)·k)·g_k + u·v·(j + m - k + 1)·g_(k-1),

from g_0 = v^j·u^m and g_(-1) = 0, whose division is exact (the left side is an integer
multiple of u·v·(k + 1)): n steps, each a few products of a number of ~n·log₂ α₀ bits by
small ones.

The ratio order. G has only real negative roots (-v/u and -u/v), so its coefficients are
log-concave (Newton's inequalities) and r_k = g_k/g_(k-1) falls with k. The likelihood
ratio (u·r_k + v)/(v·r_k + u) rises with r_k when u > v (its derivative has the sign of
u² - v²), so it falls with k: the outputs 0, 1, …, n are already in ratio order.

Symmetry. Flipping every bit maps each report R to one distributed as 1 - R, so
(x, ones, K) has the law of (1 - x, n - 1 - ones, n - K): the pair of laws for ``ones``
is that for n - 1 - ones with the outputs mirrored and the two laws swapped, and δ*(α),
which takes both directions, is the same for both.

Guarantees. K is a post-processing of the target's own report together with independent
reports of others, so δ*(α) of the shuffled count is at most that of one report,
[p - α(1 - p)]_+ = [α₀ - α]_+/(1 + α₀); and adding a user is adding independent noise to
K, so for the same others δ* never grows with n. Which ``ones`` is worst depends on α and n
(no one pattern holds; see :func:`worst_case`).

The published bound. Feldman, McMillan and Talwar, "Hiding Among the Clones: A Simple and
Nearly Optimal Analysis of Privacy Amplification by Shuffling" (FOCS 2021; arXiv:2012.12803),
Theorem 3.1: shuffling n reports of ε₀-DP local randomizers is (ε, δ)-DP for every δ in
[0, 1] with ε₀ <= ln(n/(16·ln(2/δ))), where

    ε <= ln(1 + (e^ε₀ - 1)/(e^ε₀ + 1)·(8·√(e^ε₀·ln(4/δ))/√n + 8·e^ε₀/n))

(:func:`clone_bound`; its condition is :func:`clone_bound_applies`). It holds for every ε₀-DP
randomizer, so for randomized response it is far from tight: at n = 1 000, α₀ = 3 and
δ = 10⁻⁶ it gives 0.624 where the exact worst case needs 0.142. Apple's reference code
(apple/ml-shuffling-amplification, ``closedformanalysis``) computes a slightly larger
variant, with (1 - e^-ε₀)/(1 + e^(-ε₀-ε')), ε' = ln(1 + the bracket), in place of
(e^ε₀ - 1)/(e^ε₀ + 1), and ln(4/δ) in the condition.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import MAX_BITS, START_BITS, Certified, certify, exact, precision
from generator.core.channels import fresh_counts
from generator.core.finite_channel import FiniteChannel
from generator.core.profile import Profile, check_alpha


def _check(n: int, alpha0: Fraction) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"the number of users must be an integer of at least 1, got {n!r}")
    check_alpha(alpha0)


def _check_ones(n: int, ones: int) -> None:
    if isinstance(ones, bool) or not isinstance(ones, int) or not 0 <= ones <= n - 1:
        raise ValueError(f"the other users' ones must be an integer from 0 to n - 1 = {n - 1}, got {ones!r}")


def others_weights(n: int, ones: int, alpha0: Fraction) -> list[int]:
    """g_0..g_(n-1): the others' count of ones, times (u + v)^(n-1) (the module's recurrence)."""
    _check(n, alpha0)
    _check_ones(n, ones)
    u, v = alpha0.numerator, alpha0.denominator
    j, m = ones, n - 1 - ones
    weights = [v**j * u**m]
    previous = 0
    for k in range(n - 1):
        current = weights[-1]
        middle = j * u * u + m * v * v - (u * u + v * v) * k
        weights.append((middle * current + u * v * (j + m - k + 1) * previous) // (u * v * (k + 1)))
        previous = current
    return weights


def shuffled_count(n: int, ones: int, alpha0: Fraction) -> FiniteChannel:
    """The count of ones of n shuffled reports: x = 0 and x = 1 are the target's bit, the
    other n - 1 bits hold ``ones`` ones. Outputs "0".."n", over (N + D)^n for α₀ = N/D."""
    g = others_weights(n, ones, alpha0)
    u, v = alpha0.numerator, alpha0.denominator
    shifted = [0, *g]  # g_(k-1)
    g.append(0)  # g_n = 0
    weights0 = tuple(u * g[k] + v * shifted[k] for k in range(n + 1))
    weights1 = tuple(v * g[k] + u * shifted[k] for k in range(n + 1))
    return FiniteChannel(
        labels=tuple(str(k) for k in range(n + 1)),
        weights0=weights0,
        weights1=weights1,
        denominator=(u + v) ** n,
        ratio_order=tuple(range(n + 1)),
    )


def local_report(alpha0: Fraction) -> FiniteChannel:
    """One randomized response with truth probability α₀/(1 + α₀), outputs "0" and "1"."""
    check_alpha(alpha0)
    return fresh_counts(alpha0 / (1 + alpha0), 1)


@dataclass(frozen=True)
class WorstCase:
    """The largest δ*(α) of the shuffled count over the other users' bits, and where it is."""

    alpha: Fraction
    delta: Fraction
    ones: tuple[int, ...]  # every count of ones among the others that attains it


def _candidates(n: int) -> range:
    """ones = 0..⌊(n - 1)/2⌋: the others half, the rest mirror them (module, Symmetry)."""
    return range((n - 1) // 2 + 1)


def _with_mirrors(n: int, found: list[int]) -> tuple[int, ...]:
    return tuple(sorted({*found, *(n - 1 - ones for ones in found)}))


def worst_case(n: int, alpha0: Fraction, alpha: Fraction) -> WorstCase:
    """max over ones = 0..n-1 of δ*(α), exactly, with every maximiser.

    Computed, not assumed, for no one pattern holds. At α = 1 (total variation) mixed others
    are worst (n = 20: 5 ones among the 19); for larger α mostly others that all agree
    (ones = 0 or n - 1) or all but one. Over n <= 40 and α on a grid from 1 to α₀ (α₀ = 11/10,
    2, 3), ones = 0 attains the maximum in about seven cases of ten and is never more than
    1.25 times below it. Cost: about n/2 channels of n + 1 outputs, O(n²) big steps.
    """
    _check(n, alpha0)
    check_alpha(alpha)
    deltas = {ones: Profile(shuffled_count(n, ones, alpha0)).delta(alpha) for ones in _candidates(n)}
    largest = max(deltas.values())
    return WorstCase(alpha, largest, _with_mirrors(n, [o for o, d in deltas.items() if d == largest]))


def worst_smallest_alpha(n: int, alpha0: Fraction, delta: Fraction) -> tuple[Fraction, tuple[int, ...]]:
    """The smallest α at which the shuffled count is (ln α, δ)-DP for every choice of the
    others' bits, and the counts of ones that need it.

    max_ones δ*_ones(α) <= δ holds exactly when every δ*_ones(α) <= δ, so the answer is the
    largest of the per-``ones`` smallest α (:meth:`Profile.smallest_alpha`). A count is
    always (ln α₀, 0)-DP, so an answer exists for every δ >= 0.
    """
    _check(n, alpha0)
    needed: dict[int, Fraction] = {}
    for ones in _candidates(n):
        found = Profile(shuffled_count(n, ones, alpha0)).smallest_alpha(delta)
        if found is None:  # pragma: no cover - a count is (ln α₀, 0)-DP
            raise ArithmeticError("a shuffled count always has a finite ε")
        needed[ones] = found
    largest = max(needed.values())
    return largest, _with_mirrors(n, [o for o, a in needed.items() if a == largest])


def _check_delta(delta: Fraction) -> None:
    if not isinstance(delta, Fraction) or not 0 < delta < 1:
        raise ValueError(f"δ must be an exact rational strictly between 0 and 1, got {delta!r}")


def clone_bound_applies(n: int, alpha0: Fraction, delta: Fraction) -> bool:
    """Theorem 3.1's condition ε₀ <= ln(n/(16·ln(2/δ))), that is 16·α₀·ln(2/δ) <= n.

    ln(2/δ) is irrational for rational δ < 1 (2/δ ≠ 1), so 16·α₀·ln(2/δ) is never the
    integer n: an arb enclosure decides the comparison once it is narrow enough.
    """
    _check(n, alpha0)
    _check_delta(delta)
    bits = START_BITS
    while bits <= MAX_BITS:
        with precision(bits):
            need = 16 * exact(alpha0) * exact(2 / delta).log()
            if need < n:
                return True
            if need > n:
                return False
        bits *= 2
    raise ArithmeticError("the clone bound's condition could not be decided")  # pragma: no cover


def clone_bound(n: int, alpha0: Fraction, delta: Fraction, places: int = 3) -> Certified | None:
    """Theorem 3.1's ε for the shuffled reports, certified, or None where it does not apply."""
    if not clone_bound_applies(n, alpha0, delta):
        return None

    def compute() -> arb:
        a = exact(alpha0)
        spread = 8 * (a * exact(4 / delta).log()).sqrt() / arb(n).sqrt() + 8 * a / n
        return (1 + (a - 1) / (a + 1) * spread).log()

    return certify(compute, places)
