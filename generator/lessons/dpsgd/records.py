"""The DP-SGD lesson's records: what it shows of one run, every value certified by the core.

A run is T Poisson-subsampled Gaussian steps (rate q, noise multiplier σ) at a target δ
(:class:`generator.core.subsampled_gaussian.SubsampledGaussian`). Its record holds

- the RDP accountant's ε (:func:`generator.core.subsampled_rdp.rdp_epsilon`) with the improved
  conversion and with the classic one, each with the order that gives it: a proven upper bound
  on the optimal ε, shown as the decimal (:data:`PLACES` places) that both ends of its arb
  enclosure round to, and the enclosure itself rounded outward;
- for a worked example only, amplification by subsampling shown exactly first: randomized
  response at α₀ = :data:`AMPLIFIED_ALPHA0` run on a record sampled at the row's rate q
  (:mod:`generator.core.subsampled_response`), its exact pure ε ln(1 + q(α₀ − 1)) beside
  ln α₀, and its exact δ*(1);
- for a worked example only, the certified bracket on the optimal ε
  (:func:`generator.core.certified_pld.epsilon_bracket`) at the row's width: its ends rounded
  outward, the upper end at three decimals, and the lattice step it took; and, where the row
  stores them, the floating-point accountants' ε beside it, each placed exactly against the
  bracket's outward-rounded ends (below the lower end is proven below the optimal ε: a
  guarantee the mechanism does not give; above the upper end, proven pessimistic); and how far
  the RDP ε stands above the bracket's shown upper end.

The amplification lab's record (:class:`AmplifyRecord`) is exact and small: the channel of
randomized response at α₀ on a record sampled at rate q, its δ*(α) beside the same response
without sampling (q = 1), both pure ε and the amplified α = 1 + q(α₀ − 1); the browser computes
the same record (``lab/amplify.mjs``).

The brackets take seconds, so an example's record is kept in the build cache
(:mod:`generator.course.build_cache`), keyed by the source of this module and every core module
it imports and by the row: an edit to the accountant computes it again, nothing else does.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import TypedDict

from generator.core.certified import UncertifiedError, ceil_decimal, fixed_decimal, floor_decimal
from generator.core.certified_pld import epsilon_bracket
from generator.core.profile import delta_star
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.rational import decimal_str, fraction_str
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.core.subsampled_rdp import Conversion, rdp_epsilon
from generator.core.subsampled_response import amplified_ratio, subsampled_response
from generator.course.build_cache import canonical_json, default_cache, source_digest
from generator.course.records import Law, Pure, law, pure
from generator.lessons.dpsgd.catalogue import Example

PLACES = 4  # decimals of every ε shown
PEER_PLACES = 5  # decimals of a floating-point accountant's ε
PLD_INTERVAL = Fraction(1, 10**4)  # the value discretization of the stored PLD peer
BRACKET_VALUE_PLACES = 3  # decimals of the bracket's upper end in data-value
AMPLIFIED_ALPHA0 = Fraction(3)  # the randomized response of the amplification example


class Amplification(TypedDict):
    """Randomized response at α₀ with and without sampling at rate q: the sampled release's
    exact e^ε (1 + q(α₀ − 1)) and pure ε, the unsampled one's, and the sampled δ*(1)."""

    alpha0: Fraction
    ratio: Fraction
    sampled: Pure
    unsampled: Pure
    delta_at_one: Fraction


class Accountant(TypedDict):
    """An RDP accountant's ε: its certified decimal, its enclosure rounded outward, its order."""

    epsilon: str
    lower: str
    upper: str
    order: int


class StateRecord(TypedDict):
    """What the lab shows of a point of its grid: the RDP accountant, both conversions."""

    rdp: Accountant
    rdp_classic: Accountant


class Bracket(TypedDict):
    """The certified bracket lower <= ε* <= upper, rounded outward; ``value`` is its upper end
    at three decimals, rounded up; ``step`` the lattice step h that gave it; ``asked`` the width
    asked for; ``width`` its own width, rounded up."""

    lower: str
    upper: str
    value: str
    width: str
    step: Fraction
    asked: Fraction


class Peer(TypedDict):
    """A floating-point accountant's ε (its float to :data:`PEER_PLACES` decimals) and where it
    falls: "below", "inside" or "above" the certified bracket."""

    epsilon: str
    side: str


class ExampleRecord(StateRecord):
    slug: str
    title: str
    q: Fraction
    sigma: Fraction
    steps: int
    delta: Fraction
    bracket: Bracket
    peers: dict[str, Peer]
    pld_interval: Fraction
    amplification: Amplification
    rdp_gap: str  # how far the RDP ε (improved) stands above the bracket's upper end, certified
    command: str  # the command line that prints this record's values (generator/cli.py)


def amplification(q: Fraction) -> Amplification:
    """Amplification by subsampling on randomized response at :data:`AMPLIFIED_ALPHA0`, exactly."""
    sampled = subsampled_response(AMPLIFIED_ALPHA0, q)
    return {
        "alpha0": AMPLIFIED_ALPHA0,
        "ratio": amplified_ratio(AMPLIFIED_ALPHA0, q),
        "sampled": pure(channel_pure_epsilon(sampled)),
        "unsampled": pure(channel_pure_epsilon(subsampled_response(AMPLIFIED_ALPHA0, Fraction(1)))),
        "delta_at_one": delta_star(sampled, Fraction(1)),
    }


def accountant(
    mechanism: SubsampledGaussian, steps: int, delta: Fraction, conversion: Conversion
) -> Accountant:
    """The RDP accountant's ε of T steps at δ, as the page shows it."""
    found = rdp_epsilon(mechanism, steps, delta, conversion)
    shown = found.epsilon.decimal(PLACES)
    if shown is None:
        raise UncertifiedError(f"the RDP ε of {mechanism} has no certified {PLACES}-decimal value")
    lower, upper = found.epsilon.bounds_text()
    return {"epsilon": shown, "lower": lower, "upper": upper, "order": found.order}


def state_record(mechanism: SubsampledGaussian, steps: int, delta: Fraction) -> StateRecord:
    return {
        "rdp": accountant(mechanism, steps, delta, Conversion.IMPROVED),
        "rdp_classic": accountant(mechanism, steps, delta, Conversion.CLASSIC),
    }


def bracket_record(example: Example) -> Bracket:
    """The row's certified bracket on the optimal ε, at the row's width."""
    found = epsilon_bracket(example.mechanism(), example.steps, example.delta, example.width)
    ends = found.epsilon
    return {
        "lower": floor_decimal(ends.lower, PLACES),
        "upper": ceil_decimal(ends.upper, PLACES),
        "value": ceil_decimal(ends.upper, BRACKET_VALUE_PLACES),
        "width": ceil_decimal(ends.width, PLACES + 1),
        "step": found.step,
        "asked": example.width,
    }


def _computed(example: Example) -> str:
    """The row's accountants and bracket as JSON text (what the cache keeps)."""
    shown = state_record(example.mechanism(), example.steps, example.delta)
    bracket = bracket_record(example)
    kept = {**bracket, "step": fraction_str(bracket["step"]), "asked": fraction_str(bracket["asked"])}
    return canonical_json({"state": shown, "bracket": kept})


def side(value: Fraction, bracket: Bracket) -> str:
    """Where an ε falls against the bracket's ends (rounded outward, so "below" and "above" are
    proven of the optimal ε itself)."""
    if value < Fraction(bracket["lower"]):
        return "below"
    if value > Fraction(bracket["upper"]):
        return "above"
    return "inside"


def peers_record(example: Example, bracket: Bracket) -> dict[str, Peer]:
    """The row's stored floating-point accountants' ε, each placed against the bracket."""
    if example.peers is None:
        return {}
    found = {"pld": example.peers.pld, "gdp": example.peers.gdp}
    return {
        name: {
            "epsilon": fixed_decimal(Fraction(float(text)), PEER_PLACES),
            "side": side(Fraction(float(text)), bracket),
        }
        for name, text in found.items()
    }


def rdp_gap(rdp: Accountant, bracket: Bracket) -> str:
    """How much the RDP accountant's ε (its enclosure) exceeds the bracket's shown upper end, as
    the :data:`PLACES`-decimal value both ends of the difference round to."""
    upper = Fraction(bracket["upper"])
    low, high = (fixed_decimal(Fraction(end) - upper, PLACES) for end in (rdp["lower"], rdp["upper"]))
    if low != high:
        raise UncertifiedError(f"the RDP ε's gap to the bracket has no certified {PLACES}-decimal value")
    return low


def command(example: Example, texts: Mapping[str, str]) -> str:
    """``python -m generator dpsgd`` with the row's settings, each as the lab's ``texts`` write it."""
    width = decimal_str(example.width, 12)
    return (
        f"python -m generator dpsgd --q {texts['rate']} --sigma {texts['sigma']} --steps {texts['steps']}"
        f" --delta {texts['delta']} --width {width}"
    )


def example_record(example: Example, texts: Mapping[str, str]) -> ExampleRecord:
    """Everything the lesson shows of a worked example (its bracket from the build cache);
    ``texts`` are the row's settings as the lab writes them."""
    key = (source_digest(__name__), example.model_dump_json())
    stored = json.loads(default_cache().text("dpsgd-example", key, lambda: _computed(example)))
    state: StateRecord = stored["state"]
    kept = stored["bracket"]
    bracket: Bracket = {
        "lower": kept["lower"],
        "upper": kept["upper"],
        "value": kept["value"],
        "width": kept["width"],
        "step": Fraction(kept["step"]),
        "asked": Fraction(kept["asked"]),
    }
    return {
        "slug": example.slug,
        "title": example.title,
        "q": example.q,
        "sigma": example.sigma,
        "steps": example.steps,
        "delta": example.delta,
        "rdp": state["rdp"],
        "rdp_classic": state["rdp_classic"],
        "bracket": bracket,
        "peers": peers_record(example, bracket),
        "pld_interval": PLD_INTERVAL,
        "amplification": amplification(example.q),
        "rdp_gap": rdp_gap(state["rdp"], bracket),
        "command": command(example, texts),
    }


class AmplifyRecord(TypedDict):
    """Randomized response at α₀ on a record sampled at rate q, read at α, exactly."""

    channel: Law
    alpha: Fraction
    ratio: Fraction  # 1 + q(α₀ − 1): the sampled release's α, the amplification bound
    required: Fraction  # δ*(α) with sampling
    required_unsampled: Fraction  # δ*(α) of the same response on every record (q = 1)
    sampled: Pure
    unsampled: Pure


def amplify_record(alpha0: Fraction, q: Fraction, alpha: Fraction) -> AmplifyRecord:
    """The amplification lab's record (see the module)."""
    sampled, unsampled = subsampled_response(alpha0, q), subsampled_response(alpha0, Fraction(1))
    return {
        "channel": law(sampled),
        "alpha": alpha,
        "ratio": amplified_ratio(alpha0, q),
        "required": delta_star(sampled, alpha),
        "required_unsampled": delta_star(unsampled, alpha),
        "sampled": pure(channel_pure_epsilon(sampled)),
        "unsampled": pure(channel_pure_epsilon(unsampled)),
    }
