"""The composition lesson's records: everything it shows of one state, and of a two-step
release, typed.

A state is a release of one bit (mode, p, k), a claim (α, δ) and a per-step budget α₀. Its
record holds the release's laws, the claim against δ*(α) with its maximal event, the pure ε,
the composition panel at α₀ (:mod:`generator.core.composition`), the profile on the integer
α grid, and the ε texts the lab shows beside its inputs. The lab's module
(``lab/composition.mjs``) returns records of the same shape, which the golden vectors hold
equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from generator.core.channels import Channel, Mode, build
from generator.core.claim import check_claim
from generator.core.composition import Composition, compose, pure_bound
from generator.core.finite_channel import FiniteChannel, post_process
from generator.core.optimal_composition import OptimalComposition
from generator.core.profile import INTEGER_GRID, Profile
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon, pure_epsilon
from generator.core.rational import fraction_str
from generator.course.records import Claim, Law, Pure, claim, law, pure
from generator.lessons.composition.catalogue import TwoStep


@dataclass(frozen=True)
class State:
    mode: Mode
    k: int
    p: int
    alpha: Fraction
    delta: Fraction
    alpha0: Fraction

    def channel(self) -> Channel:
        return build(self.mode, self.p, self.k)


class Release(Law):
    """A randomized-response release: its mode, p (percent) and k, p/100, and its laws."""

    mode: str
    p: int
    k: int
    truth_probability: Fraction


class Panel(TypedDict):
    """The composition panel at α₀: δ₀, the q conditional queries, α₀^q, the theorem's
    min(1, q·δ₀) and the exact δ*(α₀^q) (None where no step composes, as in xor)."""

    alpha0: Fraction
    delta0: Fraction | None
    queries: int | None
    composed_alpha: Fraction | None
    theorem_delta: Fraction | None
    exact_delta: Fraction | None


class Grid(TypedDict):
    """δ*(α) on the integer α grid 1..100."""

    alphas: list[Fraction]
    deltas: list[Fraction]


class Log(TypedDict):
    """An ε = m·ln(ratio) as exact text ("2·ln(3)", "0") and its correctly rounded decimal."""

    exact: str
    decimal: str


class Epsilons(TypedDict):
    """ε = ln α of the claim, ε₀ = ln α₀, and the theorem's q·ln α₀ (None in xor)."""

    claim: Log
    step: Log
    theorem: Log | None


class StateRecord(TypedDict):
    channel: Release
    claim: Claim
    pure_epsilon: Pure
    composition: Panel
    grid: Grid
    epsilon: Epsilons


def release(channel: Channel) -> Release:
    return {
        **law(channel),
        "mode": str(channel.mode),
        "p": channel.p,
        "k": channel.k,
        "truth_probability": Fraction(channel.p, 100),
    }


def panel(composition: Composition) -> Panel:
    return {
        "alpha0": composition.alpha0,
        "delta0": composition.delta0,
        "queries": composition.queries,
        "composed_alpha": composition.composed_alpha,
        "theorem_delta": composition.theorem_delta,
        "exact_delta": composition.exact_delta,
    }


def log(multiplier: int, ratio: Fraction) -> Log:
    """multiplier·ln(ratio) for ratio >= 1, in the exact form of a pure ε ("0" at ratio 1)."""
    value = PureEpsilon(PureKind.ZERO) if ratio == 1 else PureEpsilon(PureKind.FINITE, multiplier, ratio)
    return {"exact": value.describe(), "decimal": value.decimal()}


def state_record(state: State) -> StateRecord:
    """What the lab shows of one state."""
    channel = state.channel()
    profile = Profile(channel)
    composition = compose(profile, state.alpha0)
    queries = composition.queries
    return {
        "channel": release(channel),
        "claim": claim(channel, check_claim(profile, state.alpha, state.delta)),
        "pure_epsilon": pure(pure_epsilon(channel)),
        "composition": panel(composition),
        "grid": {"alphas": list(INTEGER_GRID), "deltas": profile.deltas(INTEGER_GRID)},
        "epsilon": {
            "claim": log(1, state.alpha),
            "step": log(1, state.alpha0),
            "theorem": None if queries is None else log(queries, state.alpha0),
        },
    }


class Optimal(TypedDict):
    """The optimal composition of k (ln α₀, δ₀) steps at α (Kairouz, Oh and Viswanath 2015,
    Thm 3.3; :mod:`generator.core.optimal_composition`): its δ = 1 − (1 − δ₀)^k (1 − δ*_RR(α))
    and the parts it is made of: the worst step's randomized response with truth probability
    α₀/(1 + α₀), the profile δ*_RR(α) of k of them, the chance (1 − δ₀)^k that no step
    reveals x, and the basic theorem's k·δ₀."""

    alpha0: Fraction
    delta0: Fraction
    k: int
    alpha: Fraction
    truth_probability: Fraction
    rr_delta: Fraction
    no_reveal: Fraction
    delta: Fraction
    sum_delta0: Fraction


def optimal(composition: OptimalComposition, alpha: Fraction) -> Optimal:
    return {
        "alpha0": composition.alpha0,
        "delta0": composition.delta0,
        "k": composition.k,
        "alpha": alpha,
        "truth_probability": composition.truth_probability,
        "rr_delta": composition.rr_delta(alpha),
        "no_reveal": composition.no_reveal,
        "delta": composition.delta(alpha),
        "sum_delta0": composition.k * composition.delta0,
    }


def optimal_at_composed_alpha(panel: Panel) -> Optimal | None:
    """The optimal composition of the panel's q steps, each (ln α₀, δ₀)-DP with the panel's δ₀,
    at the composed α = α₀^q: what the worst mechanism with the same step guarantees needs,
    between the release's exact δ and the basic theorem's bound (None where the panel has no
    steps, as for xor)."""
    queries, delta0, alpha = panel["queries"], panel["delta0"], panel["composed_alpha"]
    if queries is None or delta0 is None or alpha is None:
        return None
    return optimal(OptimalComposition(panel["alpha0"], delta0, queries), alpha)


class Steps(TypedDict):
    """A two-step release's steps: the truth probabilities, each step's largest likelihood
    ratio (None for ε = ∞), and the α the basic theorem certifies from them."""

    first: Fraction
    second: list[Fraction]
    first_alpha: Fraction | None
    second_alpha: list[Fraction | None]
    alpha: Fraction | None


class Transcripts(TypedDict):
    """A finite release's laws, each output's likelihood ratio, the claim and the pure ε."""

    channel: Law
    ratios: list[str]
    claim: Claim
    pure_epsilon: Pure


class TwoStepRecord(Transcripts):
    slug: str
    title: str
    steps: Steps
    count: Transcripts


def _ratio(p0: Fraction, p1: Fraction) -> str:
    """P(z | x=0) / P(z | x=1) exactly, "∞" when only x = 0 gives z, "—" when neither does."""
    if p1:
        return fraction_str(p0 / p1)
    return "∞" if p0 else "—"


def _ones(label: str) -> str:
    """A transcript's count of ones: "01" -> "1"."""
    return str(label.count("1"))


def transcripts(channel: FiniteChannel, alpha: Fraction, delta: Fraction) -> Transcripts:
    profile = Profile(channel)
    return {
        "channel": law(channel),
        "ratios": [_ratio(*pair) for pair in zip(channel.distribution0, channel.distribution1, strict=True)],
        "claim": claim(channel, check_claim(profile, alpha, delta)),
        "pure_epsilon": pure(channel_pure_epsilon(channel)),
    }


def two_step_record(row: TwoStep) -> TwoStepRecord:
    """A two-step release: its steps, the pair's law, claim and pure ε, and the same of its count.

    ``steps.alpha`` is what the basic theorem certifies from the conditional guarantees:
    the first step's largest likelihood ratio times the largest of the second step's over
    both values of Z₁ (:func:`generator.core.composition.pure_bound`).
    """
    first, second = row.steps()
    first_alpha = pure_epsilon(first).max_likelihood_ratio
    second_alphas = [pure_epsilon(step).max_likelihood_ratio for step in second]
    worst_second = None if None in second_alphas else max(a for a in second_alphas if a is not None)
    channel = row.channel()
    return {
        "slug": row.slug,
        "title": row.title,
        "steps": {
            "first": Fraction(row.p1, 100),
            "second": [Fraction(p, 100) for p in row.p2],
            "first_alpha": first_alpha,
            "second_alpha": second_alphas,
            "alpha": pure_bound([first_alpha, worst_second]),
        },
        **transcripts(channel, row.alpha, row.delta),
        "count": transcripts(post_process(channel, _ones), row.alpha, row.delta),
    }
