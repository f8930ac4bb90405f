"""The lesson's two labs: their records and views of states worked by hand, their rules across
fields, the fields each state ignores, and the reach of their golden samples.

1. The identity on randomized response at 3/4 keeps δ* (1/4 at α = 2, both ε = ln 3, the grid
   1..3); merging both outputs leaves nothing to learn; weights and fractions of one map give
   one record; a map that reads x on a silent channel breaks the inequality at α = 1.
2. The group of two at p = 3/4, α₁ = 5/2: δ₁ = 1/8, the group's 11/64 at 25/4, chains 7/16
   and 5/8, pure ε 2·ln 3; α₁ above p/(1 − p) is refused beside α₁.
3. The rules across fields, and the fields a state ignores: the other source's, and F¹ while
   f does not read x, are never refused.
4. The seeded samples of the golden vectors reach every kind of state.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from generator.course.lab import StateError
from generator.course.records import to_json
from generator.lessons.postprocessing.lab import GROUP_LAB, POST_LAB, ROWS_STATE, group_sample, post_sample
from generator.lessons.postprocessing.records import PostRecord

POST = ROWS_STATE


def post(**texts: str) -> PostRecord:
    return POST_LAB.record(POST_LAB.read({**POST, **texts}))


def refusals(**texts: str) -> dict[str, str]:
    return POST_LAB.read_values({**POST, **texts})[1]


def test_the_identity_keeps_the_profile() -> None:
    shown = post()
    assert to_json(shown) == to_json(post(source="fresh", p="0.750", k="1"))
    assert (shown["delta_image"], shown["delta_channel"]) == (Fraction(1, 4), Fraction(1, 4))
    assert shown["passes"]
    assert shown["invertible"]
    assert to_json(shown["pure_image"]) == {
        "kind": "finite",
        "exact": "ln(3)",
        "decimal": "1.099",
        "max_ratio": "3",
    }
    assert [row["image"] for row in shown["grid"]] == [Fraction(1, 2), Fraction(1, 4), 0]
    assert shown["violation"] is None
    view = POST_LAB.view(shown)
    assert [item.attrs["data-alpha"] for item in view["rows:grid"].items or ()] == ["1", "2", "3"]
    assert view["out:violation"].attrs == {"data-value": ""}
    assert view["out:invertible"].attrs == {"data-value": "yes"}


def test_merging_both_outputs_leaves_nothing_and_a_map_reads_as_weights_or_fractions() -> None:
    merged = post(map="1;1")
    assert merged["delta_image"] == 0
    assert merged["pure_image"]["kind"] == "zero"
    assert not merged["invertible"]
    relabel = to_json(post(map="2,1;1,2"))
    assert to_json(post(map="2/3,1/3;1/3,2/3")) == relabel
    assert to_json(post(map="0.5,0.5;1/3,2/3")) != relabel
    assert post(map="2,1;1,2")["delta_image"] == 0
    assert post(map="2,1;1,2", alpha="1.0")["delta_image"] == Fraction(1, 6)


def test_a_map_that_reads_x_breaks_the_inequality_where_the_record_says() -> None:
    record = post(weights0="1,1", weights1="1,1", map="1,0;1,0", reads="1", map1="0,1;0,1")
    assert (record["delta_channel"], record["delta_image"], record["passes"]) == (
        Fraction(0),
        Fraction(1),
        False,
    )
    assert to_json(record["violation"]) == {
        "alpha": "1",
        "channel": "0",
        "image": "1",
        "event": {"direction": "0→1", "outputs": ["0"], "text": "{0}"},
    }
    assert record["pure_image"]["decimal"] == "inf"
    assert len(record["grid"]) == 20  # an infinite ε: the whole grid
    view = POST_LAB.view(record)
    assert view["out:claim"].attrs == {"data-value": "fail"}
    assert view["out:violation"].attrs == {"data-value": "1"}
    assert "α = 1에서 처음 깨집니다" in (view["out:violation"].text or "")
    cells = (view["rows:grid"].items or ())[0].cells or ()
    assert cells[-1].attrs == {"data-holds": "false"}


def test_the_group_of_two_by_hand() -> None:
    record = GROUP_LAB.record(GROUP_LAB.read({"p": "0.75", "g": "2", "alpha1": "2.5"}))
    assert record["delta_single"] == Fraction(1, 8)  # 3/4 − (5/2)(1/4)
    assert record["alpha"] == Fraction(25, 4)
    assert record["delta_required"] == Fraction(11, 64)  # 9/16 − (25/4)(1/16)
    assert record["chain_sum"] == Fraction(7, 16)  # (1/8)(1 + 5/2)
    assert record["chain_textbook"] == Fraction(5, 8)  # 2 · (5/2) · (1/8)
    assert to_json(record["pure"]) == {
        "kind": "finite",
        "exact": "2·ln(3)",
        "decimal": "2.197",
        "max_ratio": "9",
    }
    assert len(record["curve"]) == 11
    view = GROUP_LAB.view(record)
    assert view["out:delta-required"].attrs == {"data-exact": "11/64", "data-alpha": "25/4"}
    assert GROUP_LAB.read_values({"p": "0.75", "g": "2", "alpha1": "3.1"})[1] == {"alpha1": "above-ratio"}
    with pytest.raises(StateError, match="alpha1: above-ratio"):
        GROUP_LAB.read({"p": "0.75", "g": "2", "alpha1": "3.1"})


def test_the_rules_across_fields_are_shown_beside_their_fields() -> None:
    assert refusals(weights1="1,3,1") == {"weights1": "mismatch"}
    assert refusals(source="fresh", k="2") == {"map": "rows"}
    assert refusals(reads="1", map1="1,0,0;0,1,0") == {"map1": "shape"}
    assert refusals(reads="1", map1="1,0;0,1;1,0") == {"map1": "rows"}
    assert refusals(weights0="1,1,1", map="1;1") == {"weights1": "mismatch", "map": "rows"}


def test_a_state_ignores_the_other_source_and_f1_until_f_reads_x() -> None:
    assert refusals(source="fresh", k="1", weights0="x", weights1="") == {}
    assert refusals(p="2", k="0") == {}
    assert refusals(map1="1,0,0") == {}
    assert refusals(reads="1", map1="1,0,0") == {"map1": "rows"}
    assert refusals(reads="1", map1="1,0,0;0,0,1") == {"map1": "shape"}
    assert refusals(reads="1", map1="") == {"map1": "empty"}
    assert refusals(reads="x", map1="") == {"reads": "syntax", "map1": "empty"}
    # An ignored field that does not read keeps the default's value; the state is whole.
    state = POST_LAB.read({**POST, "source": "fresh", "k": "1", "weights0": "x"})
    assert state.weights0 == (3, 1)


def test_the_golden_samples_reach_every_kind_of_state() -> None:
    rng = random.Random(10)
    seen = set()
    for _ in range(200):
        record = POST_LAB.record(POST_LAB.read(post_sample(rng)))
        seen.add((record["passes"], record["invertible"], record["pure_image"]["kind"], record["reads_x"]))
    assert {
        (False, False, "infinite", True),
        (True, True, "finite", False),
        (True, False, "zero", False),
    } <= seen
    assert any(not passes for passes, _, _, reads in seen if reads)
    rng = random.Random(11)
    groups = [GROUP_LAB.read(group_sample(rng)) for _ in range(100)]
    assert {1, 20} <= {state.g for state in groups}
    assert any(state.alpha1 == 1 for state in groups)
