"""Every full transcript of a fresh release, with its exact probability under each input.

A fresh release is k independent responses Z_1..Z_k, so a transcript z ∈ {0,1}^k has

    P(z | x) = Π_i P(Z_i = z_i | x),

the product of single-response probabilities. With t ones in z that is v^t u^(k-t) / s^k
under x = 0 (and mirrored under x = 1), which depends on z only through t: transcripts of
one count share their likelihood ratio, which is why the count is a sufficient release.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from generator.core import channels


@dataclass(frozen=True)
class Transcript:
    bits: tuple[int, ...]
    probability0: Fraction  # P(z | x = 0)
    probability1: Fraction  # P(z | x = 1)

    @property
    def count(self) -> int:
        return sum(self.bits)


def _probability(bits: tuple[int, ...], one_response: tuple[Fraction, ...]) -> Fraction:
    probability = Fraction(1)
    for bit in bits:
        probability *= one_response[bit]
    return probability


def fresh_transcripts(p: int, k: int) -> list[Transcript]:
    """All 2^k transcripts of k fresh responses, ordered by count, then lexicographically."""
    response = channels.fresh(p, 1)  # P(Z_i = b | x) for b = 0, 1
    zero, one = response.distribution0, response.distribution1
    every = sorted(product((0, 1), repeat=k), key=lambda bits: (sum(bits), bits))
    return [Transcript(bits, _probability(bits, zero), _probability(bits, one)) for bits in every]
