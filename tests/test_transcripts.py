"""The count is sufficient: δ* of the count equals δ* of the full transcript.

For small k every one of the 2^k transcripts is enumerated with its exact law, and the
profile of that full release is compared with the core's profile of the count.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator import channels
from generator.profile import INTEGER_GRID, Profile
from tests.oracles import transcript_delta

ALPHAS = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(57, 10), Fraction(9), Fraction(81)]


@pytest.mark.parametrize("mode", ["fresh", "copy", "xor"])
@pytest.mark.parametrize("p", [0, 10, 37, 50, 75, 90, 100])
@pytest.mark.parametrize("k", [1, 2, 3, 4, 6])
def test_count_profile_equals_transcript_profile(mode: str, p: int, k: int) -> None:
    profile = Profile(channels.build(mode, p, k))
    for alpha in ALPHAS:
        assert profile.delta(alpha) == transcript_delta(mode, p, k, alpha), alpha


def test_fresh_k8_on_the_whole_grid() -> None:
    profile = Profile(channels.fresh(75, 8))
    assert profile.deltas(INTEGER_GRID) == [transcript_delta("fresh", 75, 8, alpha) for alpha in INTEGER_GRID]
