"""The typed records every lesson may share (generator/course/records.py): the optimal
composition of k equal steps at one α, against the reference's two (ln 3, 3/5) steps, and the
JSON every record is written as."""

from __future__ import annotations

from fractions import Fraction

from generator.core.optimal_composition import OptimalComposition
from generator.course.records import optimal, to_json

F = Fraction


def test_two_ln3_steps_of_delta_three_fifths_at_alpha_9() -> None:
    # δ*_RR,2(9) = 0 (the ratio 9 is the largest), so δ = 1 − (2/5)² = 21/25.
    record = optimal(OptimalComposition(F(3), F(3, 5), 2), F(9))
    assert record == {
        "alpha0": 3,
        "delta0": F(3, 5),
        "k": 2,
        "alpha": 9,
        "truth_probability": F(3, 4),
        "rr_delta": 0,
        "no_reveal": F(4, 25),
        "delta": F(21, 25),
        "sum_delta0": F(6, 5),
    }
    assert to_json(record)["delta"] == "21/25"  # type: ignore[index]


def test_below_the_largest_ratio_the_responses_need_their_own_delta() -> None:
    record = optimal(OptimalComposition(F(3), F(0), 2), F(3))
    # Two responses of truth probability 3/4: δ*(3) = 9/16 − 3·1/16 = 3/8, and nothing reveals x.
    assert (record["rr_delta"], record["no_reveal"], record["delta"]) == (F(3, 8), 1, F(3, 8))
