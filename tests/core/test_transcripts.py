"""Every transcript of k fresh responses (generator/core/transcripts.py): listed by count,
each with the law an independent enumeration gives, and one likelihood ratio per count."""

from __future__ import annotations

import pytest

from generator.core.transcripts import fresh_transcripts
from tests.oracles import transcript_laws


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
