"""The post-processing lesson's catalogue and records, held against hand values and the theorems.

1. Hand values for the group of two at p = 3/4: δ₁(5/2) = 1/8, the exact δ*(25/4) = 11/64, the
   textbook bound 5/8 and the summed chain 7/16; at α₁ = 2 the textbook bound is 1 and the
   exact value 5/16. Merging RR's two outputs needs δ = 0; a map that reads x on P = Q needs 1.
2. Post-processing: for every post row that does not read x, the image needs no more δ than
   the channel at the row's α and on the whole grid, equality for an invertible map; the
   x-reading row exceeds the channel everywhere on the grid.
3. Group rows: every chain bound holds against the exact value, the summed chain is at most
   the textbook one, and the exact pure ε is g·ln(p/(1 − p)).
4. The catalogue is read strictly: a bad row names the file and the row.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from generator.core.group_privacy import approximate_chain, geometric_chain
from generator.core.post_processing import is_invertible_on
from generator.core.profile import Profile
from generator.course.lesson_data import LessonDataError
from generator.lessons.postprocessing.catalogue import (
    CATALOGUE,
    GROUP_EXAMPLES,
    POST_EXAMPLES,
    catalogue_from_data,
)
from generator.lessons.postprocessing.records import GRID, generated_files, record, released

POST_SLUGS = [example.slug for example in POST_EXAMPLES]
GROUP_SLUGS = [example.slug for example in GROUP_EXAMPLES]


def test_the_group_of_two_by_hand() -> None:
    group = record("group2")
    assert group["single"]["delta"]["exact"] == "1/8"
    assert group["group"]["alpha"]["exact"] == "25/4"
    assert group["group"]["exact"]["exact"] == "11/64"
    assert group["textbook"]["exact"] == "5/8"
    assert group["summed"]["exact"] == "7/16"
    assert group["group"]["alpha_at_delta1"]["exact"] == "7"
    lower = record("group2-alpha2")
    assert lower["single"]["delta"]["exact"] == "1/4"
    assert (lower["textbook"]["exact"], lower["textbook"]["trivial"]) == ("1", True)
    assert lower["group"]["exact"]["exact"] == "5/16"
    assert lower["summed"]["exact"] == "3/4"


def test_merge_costs_all_delta_and_a_map_that_reads_x_reveals_x() -> None:
    merge = record("rr-merge")
    assert (merge["claim"]["channel"]["exact"], merge["claim"]["image"]["exact"]) == ("1/4", "0")
    assert merge["image"]["distribution0"] == merge["image"]["distribution1"] == ["1"]
    reads = record("same-reads-x")
    assert reads["reads_x"]
    assert reads["channel"]["distribution0"] == reads["channel"]["distribution1"]
    assert (reads["claim"]["channel"]["exact"], reads["claim"]["image"]["exact"]) == ("0", "1")
    assert reads["exceeds"] == [str(alpha) for alpha in GRID]


def test_the_threshold_pulls_its_event_back() -> None:
    threshold = record("fresh3-threshold")
    assert threshold["channel"]["weights0"] == ["27", "27", "9", "1"]
    assert threshold["preimage"] == {
        "event": ["0"],
        "event_text": "{0}",
        "outputs": ["0", "1"],
        "text": "{0, 1}",
        "mass0": "27/32",
        "mass1": "5/32",
    }
    assert (threshold["claim"]["channel"]["exact"], threshold["claim"]["image"]["exact"]) == ("23/64", "7/32")
    assert threshold["claim"]["saved"]["exact"] == "9/64"
    assert threshold["grid"][1] == {"alpha": "2", "channel": "17/32", "image": "17/32"}


def test_the_random_relabelling_is_a_mixture_of_four_maps() -> None:
    relabel = record("rr-relabel")
    assert relabel["parts"]["count"] == 4
    assert [part["weight"] for part in relabel["parts"]["list"]] == ["2/9", "4/9", "1/9", "2/9"]
    assert sum(Fraction(part["weight"]) for part in relabel["parts"]["list"]) == 1
    assert relabel["image"]["distribution0"] == ["7/12", "5/12"]
    assert (relabel["claim"]["channel"]["exact"], relabel["claim"]["image"]["exact"]) == ("1/2", "1/6")


@pytest.mark.parametrize("example", POST_EXAMPLES, ids=lambda example: example.slug)
def test_post_processing_never_needs_more_delta(example: Any) -> None:
    before, after = Profile(example.channel), Profile(released(example))
    alphas = [example.alpha, *GRID, Fraction(7, 2), Fraction(50)]
    if example.reads_x:
        assert all(after.delta(alpha) > before.delta(alpha) for alpha in alphas)
        return
    assert all(after.delta(alpha) <= before.delta(alpha) for alpha in alphas)
    shown = record(example.slug)
    assert shown["exceeds_count"] == 0
    assert Fraction(shown["claim"]["image"]["exact"]) <= Fraction(shown["claim"]["channel"]["exact"])
    if is_invertible_on(example.channel, example.map0):
        assert shown["invertible"]
        assert all(after.delta(alpha) == before.delta(alpha) for alpha in alphas)


def test_identity_and_swap_are_invertible_and_the_others_are_not() -> None:
    invertible = {slug for slug in POST_SLUGS if record(slug)["invertible"]}
    assert invertible == {"rr-identity", "rr-swap"}


@pytest.mark.parametrize("slug", GROUP_SLUGS)
def test_every_chain_bound_holds_against_the_exact_group(slug: str) -> None:
    shown = record(slug)
    exact = Fraction(shown["group"]["exact"]["exact"])
    summed, textbook = Fraction(shown["summed"]["exact"]), Fraction(shown["textbook"]["exact"])
    assert exact <= summed <= textbook <= 1
    g, p = shown["g"], Fraction(shown["p"])
    assert shown["pure"]["text"] == f"{g}·ln({p / (1 - p)})"
    assert Fraction(shown["pure"]["ratio"]) == (p / (1 - p)) ** g


@pytest.mark.parametrize("example", GROUP_EXAMPLES, ids=lambda example: example.slug)
def test_the_records_use_the_cores_chain_bounds(example: Any) -> None:
    delta1 = Profile(example.single()).delta(example.alpha1)
    shown = record(example.slug)
    assert shown["textbook"]["exact"] == str(approximate_chain(example.alpha1, delta1, example.g).delta)
    assert shown["summed"]["exact"] == str(geometric_chain(example.alpha1, delta1, example.g).delta)


def test_the_pages_comparisons_with_one_person_hold() -> None:
    """The page says the group of two needs more δ at α₁² than one person at α₁, and that the
    larger groups' bounds are both cut at 1; at g = 5, α₁ = 2 the exact value is below δ₁."""
    for slug in ("group2", "group2-alpha2"):
        shown = record(slug)
        assert Fraction(shown["group"]["exact"]["exact"]) > Fraction(shown["single"]["delta"]["exact"])
    for slug in ("group4", "family5"):
        assert record(slug)["textbook"]["trivial"]
    assert record("group4")["summed"]["trivial"]


def test_the_pure_chain_is_exact() -> None:
    pure = record("group3-pure")
    assert pure["single"]["pure"]
    assert pure["single"]["delta"]["exact"] == "0"
    assert (pure["group"]["exact"]["exact"], pure["textbook"]["exact"], pure["summed"]["exact"]) == (
        "0",
        "0",
        "0",
    )
    assert (pure["pure"]["text"], pure["pure"]["decimal"]) == ("3·ln(3)", "3.296")


def test_the_generated_files_list_every_row() -> None:
    files = generated_files()
    assert set(files) == {f"postprocessing/{example.slug}.json" for example in CATALOGUE} | {
        "postprocessing/index.json"
    }


GOOD_POST = {
    "kind": "post",
    "slug": "a",
    "title": "t",
    "channel": {"weights0": [3, 1], "weights1": [1, 3]},
    "map": [[1, 0], [0, 1]],
    "map1": None,
    "alpha": "2",
    "preset": False,
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "other"}, "'kind' must be one of"),
        ({"map": [[1, 0]]}, "one row per channel output"),
        ({"map": [[0, 0], [0, 1]]}, "positive sum"),
        ({"map": "identity"}, "a list of rows"),
        ({"channel": {"fresh": {"p": "3/4"}}}, "missing key 'k'"),
        ({"map1": [[1], [1]]}, "same number of outputs"),
        ({"alpha": "1/2"}, "at least 1"),
        ({"extra": 1}, "unknown key 'extra'"),
    ],
)
def test_a_bad_row_names_the_row(change: dict[str, Any], message: str) -> None:
    with pytest.raises(LessonDataError, match=message) as error:
        catalogue_from_data([{**GOOD_POST, **change}], "lesson.json: catalogue")
    assert "lesson.json: catalogue" in str(error.value)


def test_a_slug_may_not_repeat_across_kinds() -> None:
    group = {"kind": "group", "slug": "a", "title": "t", "p": "3/4", "g": 2, "alpha1": "2", "preset": False}
    with pytest.raises(LessonDataError, match="names more than one row"):
        catalogue_from_data([GOOD_POST, group], "lesson.json: catalogue")
