"""The count is sufficient: δ* of the count equals δ* of the full transcript.

For small k every one of the 2^k transcripts is enumerated with its exact law, and the
profile of that full release is compared with the core's profile of the count.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.core import channels
from generator.core.profile import INTEGER_GRID, Profile
from generator.core.transcripts import fresh_transcripts
from tests.oracles import transcript_delta, transcript_laws

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


@pytest.mark.parametrize("p", [0, 37, 50, 75, 100])
@pytest.mark.parametrize("k", [1, 2, 4])
def test_listed_transcripts_follow_their_law_and_share_a_ratio_per_count(p: int, k: int) -> None:
    listed = fresh_transcripts(p, k)
    laws = transcript_laws("fresh", p, k)
    assert [t.bits for t in listed] == sorted(laws[0], key=lambda bits: (sum(bits), bits))
    assert all((t.probability0, t.probability1) == (laws[0][t.bits], laws[1][t.bits]) for t in listed)
    for count in range(k + 1):
        same_count = [t for t in listed if t.count == count]
        # equal ratios, compared by cross-products so zero probabilities need no division
        a = same_count[0]
        assert all(t.probability0 * a.probability1 == a.probability0 * t.probability1 for t in same_count)
