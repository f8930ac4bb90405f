"""The post-processing lesson's catalogue and the records its page reads, held against hand
values and the theorems.

1. Hand values for the group of two at p = 3/4: δ₁(5/2) = 1/8, the exact δ*(25/4) = 11/64, the
   textbook bound 5/8 and the summed chain 7/16; at α₁ = 2 the textbook bound is 1 and the
   exact value 5/16. Merging RR's two outputs needs δ = 0; a map that reads x on P = Q needs 1.
2. Post-processing: for every post row that does not read x, the image needs no more δ than
   the channel at the row's α and on the whole grid, equality for an invertible map; the
   x-reading row exceeds the channel everywhere on the grid.
3. Group rows: every chain bound holds against the exact value, the summed chain is at most
   the textbook one, and the exact pure ε is g·ln(p/(1 − p)).
4. The catalogue is read strictly: a bad row names the file and the row, and a row that is no
   state of its lab is refused with the lab's reason.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from generator.core.group_privacy import approximate_chain, geometric_chain
from generator.core.post_processing import is_invertible_on
from generator.core.profile import Profile
from generator.course.lesson_file import Catalogue, LessonDataError, read_data
from generator.lessons.postprocessing import LESSON, record
from generator.lessons.postprocessing.catalogue import (
    DATA,
    GROUP_EXAMPLES,
    PATH,
    POST_EXAMPLES,
    Example,
    GroupExample,
    PostExample,
)
from generator.lessons.postprocessing.lab import GROUP_LAB, POST_LAB, post_texts
from generator.lessons.postprocessing.page_records import GRID, GroupExampleRecord, PostExampleRecord

POST_SLUGS = [example.slug for example in POST_EXAMPLES]
GROUP_SLUGS = [example.slug for example in GROUP_EXAMPLES]


def post(slug: str) -> PostExampleRecord:
    shown = record(slug)
    assert shown["kind"] == "post"
    return shown  # type: ignore[return-value]


def group(slug: str) -> GroupExampleRecord:
    shown = record(slug)
    assert shown["kind"] == "group"
    return shown  # type: ignore[return-value]


def test_the_group_of_two_by_hand() -> None:
    two = group("group2")
    assert two["single"]["delta"]["exact"] == Fraction(1, 8)  # 3/4 − (5/2)(1/4)
    assert two["group"]["alpha"]["exact"] == Fraction(25, 4)
    assert two["group"]["exact"]["exact"] == Fraction(11, 64)  # 9/16 − (25/4)(1/16)
    assert two["textbook"]["exact"] == Fraction(5, 8)  # 2 · (5/2) · (1/8)
    assert two["summed"]["exact"] == Fraction(7, 16)  # (1/8)(1 + 5/2)
    needed = two["group"]["alpha_at_delta1"]
    assert needed is not None
    assert needed["exact"] == 7
    lower = group("group2-alpha2")
    assert lower["single"]["delta"]["exact"] == Fraction(1, 4)
    assert (lower["textbook"]["exact"], lower["textbook"]["trivial"]) == (Fraction(1), True)
    assert lower["group"]["exact"]["exact"] == Fraction(5, 16)
    assert lower["summed"]["exact"] == Fraction(3, 4)


def test_merge_costs_all_delta_and_a_map_that_reads_x_reveals_x() -> None:
    merge = post("rr-merge")
    assert (merge["claim"]["channel"]["exact"], merge["claim"]["image"]["exact"]) == (
        Fraction(1, 4),
        Fraction(0),
    )
    assert merge["image"]["distribution0"] == merge["image"]["distribution1"] == [1]
    reads = post("same-reads-x")
    assert reads["reads_x"]
    assert reads["channel"]["distribution0"] == reads["channel"]["distribution1"]
    assert (reads["claim"]["channel"]["exact"], reads["claim"]["image"]["exact"]) == (
        Fraction(0),
        Fraction(1),
    )
    assert reads["exceeds"] == list(GRID)


def test_the_threshold_pulls_its_event_back() -> None:
    threshold = post("fresh3-threshold")
    assert threshold["channel"]["weights0"] == [27, 27, 9, 1]
    assert threshold["preimage"] == {
        "event": ["0"],
        "event_text": "{0}",
        "outputs": ["0", "1"],
        "text": "{0, 1}",
        "mass0": Fraction(27, 32),
        "mass1": Fraction(5, 32),
    }
    claim = threshold["claim"]
    assert (claim["channel"]["exact"], claim["image"]["exact"]) == (Fraction(23, 64), Fraction(7, 32))
    assert claim["saved"]["exact"] == Fraction(9, 64)
    assert threshold["grid"][1] == {"alpha": 2, "channel": Fraction(17, 32), "image": Fraction(17, 32)}


def test_the_random_relabelling_is_a_mixture_of_four_maps() -> None:
    relabel = post("rr-relabel")
    parts = relabel["parts"]
    assert parts["count"] == 4
    assert [part["weight"] for part in parts["list"]] == [
        Fraction(2, 9),
        Fraction(4, 9),
        Fraction(1, 9),
        Fraction(2, 9),
    ]
    assert sum(part["weight"] for part in parts["list"]) == 1
    assert relabel["image"]["distribution0"] == [Fraction(7, 12), Fraction(5, 12)]
    assert (relabel["claim"]["channel"]["exact"], relabel["claim"]["image"]["exact"]) == (
        Fraction(1, 2),
        Fraction(1, 6),
    )


@pytest.mark.parametrize("example", POST_EXAMPLES, ids=lambda example: example.slug)
def test_post_processing_never_needs_more_delta(example: PostExample) -> None:
    state = POST_LAB.read(post_texts(example))
    before, after = Profile(state.channel()), Profile(state.image())
    alphas = [example.alpha, *GRID, Fraction(7, 2), Fraction(50)]
    if state.reads:
        assert all(after.delta(alpha) > before.delta(alpha) for alpha in alphas)
        return
    assert all(after.delta(alpha) <= before.delta(alpha) for alpha in alphas)
    shown = post(example.slug)
    assert shown["exceeds_count"] == 0
    assert shown["claim"]["image"]["exact"] <= shown["claim"]["channel"]["exact"]
    if is_invertible_on(state.channel(), state.maps()[0]):
        assert shown["invertible"]
        assert all(after.delta(alpha) == before.delta(alpha) for alpha in alphas)


def test_identity_and_swap_are_invertible_and_the_others_are_not() -> None:
    invertible = {slug for slug in POST_SLUGS if post(slug)["invertible"]}
    assert invertible == {"rr-identity", "rr-swap"}


@pytest.mark.parametrize("slug", GROUP_SLUGS)
def test_every_chain_bound_holds_against_the_exact_group(slug: str) -> None:
    shown = group(slug)
    assert shown["group"]["exact"]["exact"] <= shown["summed"]["exact"] <= shown["textbook"]["exact"] <= 1
    g, p = shown["g"], shown["p"]
    assert shown["pure"]["text"] == f"{g}·ln({p / (1 - p)})"
    assert shown["pure"]["ratio"] == (p / (1 - p)) ** g


@pytest.mark.parametrize("example", GROUP_EXAMPLES, ids=lambda example: example.slug)
def test_the_records_use_the_cores_chain_bounds(example: GroupExample) -> None:
    state = GROUP_LAB.read(GROUP_LAB.examples.texts(example))
    delta1 = Profile(state.single()).delta(example.alpha1)
    shown = group(example.slug)
    assert shown["textbook"]["exact"] == approximate_chain(example.alpha1, delta1, example.g).delta
    assert shown["summed"]["exact"] == geometric_chain(example.alpha1, delta1, example.g).delta


def test_the_pages_comparisons_with_one_person_hold() -> None:
    """The page says the group of two needs more δ at α₁² than one person at α₁, and that the
    larger groups' bounds are both cut at 1."""
    for slug in ("group2", "group2-alpha2"):
        shown = group(slug)
        assert shown["group"]["exact"]["exact"] > shown["single"]["delta"]["exact"]
    for slug in ("group4", "family5"):
        assert group(slug)["textbook"]["trivial"]
    assert group("group4")["summed"]["trivial"]


def test_the_pure_chain_is_exact() -> None:
    pure = group("group3-pure")
    assert pure["single"]["pure"]
    assert pure["single"]["delta"]["exact"] == 0
    assert (pure["group"]["exact"]["exact"], pure["textbook"]["exact"], pure["summed"]["exact"]) == (
        Fraction(0),
    ) * 3
    assert (pure["pure"]["text"], pure["pure"]["decimal"]) == ("3·ln(3)", "3.296")


def test_the_generated_files_list_every_row() -> None:
    files = LESSON.generated()
    assert set(files) == {f"postprocessing/{example.slug}.json" for example in DATA.catalogue} | {
        "postprocessing/index.json"
    }
    assert json.loads(files["postprocessing/group2.json"])["group"]["exact"]["exact"] == "11/64"


GOOD_POST: dict[str, Any] = {
    "kind": "post",
    "slug": "a",
    "title": "t",
    "source": "rows",
    "weights0": [3, 1],
    "weights1": [1, 3],
    "map": [["1", "0"], ["0", "1"]],
    "map1": None,
    "alpha": "2",
    "preset": False,
}
GOOD_GROUP: dict[str, Any] = {
    "kind": "group",
    "slug": "b",
    "title": "t",
    "p": "3/4",
    "g": 2,
    "alpha1": "2",
    "preset": False,
}


def _read(rows: list[dict[str, Any]], tmp_path: Path) -> Catalogue[Example]:
    data = json.loads(PATH.read_text(encoding="utf-8"))
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps({**data, "catalogue": rows}, ensure_ascii=False), encoding="utf-8")
    return read_data(path, Catalogue[Example])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "other"}, "catalogue\\[0\\] 'a'"),
        ({"map": "identity"}, "catalogue\\[0\\] 'a'"),
        ({"source": "fresh", "p": "3/4"}, "gives \\['k', 'p'\\], not \\['p', 'weights0', 'weights1'\\]"),
        ({"weights1": None}, "gives \\['weights0', 'weights1'\\], not \\['weights0'\\]"),
        ({"alpha": "two"}, "not a decimal"),
        ({"extra": 1}, "extra"),
    ],
)
def test_a_bad_row_names_the_file_and_the_row(change: dict[str, Any], message: str, tmp_path: Path) -> None:
    with pytest.raises(LessonDataError, match=message) as error:
        _read([{**GOOD_POST, **change}], tmp_path)
    assert str(tmp_path / "lesson.json") in str(error.value)


def test_a_slug_may_not_repeat_across_kinds(tmp_path: Path) -> None:
    with pytest.raises(LessonDataError, match="slug 'a' repeats an earlier row"):
        _read([GOOD_POST, {**GOOD_GROUP, "slug": "a"}], tmp_path)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"map": [["1", "0"]]}, "map: rows"),
        ({"map": [["0", "0"], ["0", "1"]]}, "map: zero-sum"),
        ({"map": [["1/2", "1/3"], ["0", "1"]]}, "map: row-sum"),
        ({"map1": [["1"], ["1"]]}, "map1: shape"),
        ({"weights1": [1, 3, 1]}, "weights1: mismatch"),
        ({"alpha": "1/2"}, "alpha: range"),
        ({"alpha": "2.05"}, "41/20 has no exact 1-decimal form"),
    ],
)
def test_a_row_that_is_no_state_of_its_lab_is_refused(
    change: dict[str, Any], reason: str, tmp_path: Path
) -> None:
    (row,) = _read([{**GOOD_POST, **change}], tmp_path).catalogue
    assert isinstance(row, PostExample)
    with pytest.raises(LessonDataError, match=f"'a' is no state of the lab 'postprocessing': {reason}"):
        replace(POST_LAB, examples=replace(POST_LAB.examples, rows=[row.model_copy(update={"opens": True})]))


@pytest.mark.parametrize(
    ("change", "reason"),
    [({"alpha1": "4"}, "alpha1: above-ratio"), ({"p": "1/2"}, "p: range"), ({"g": 21}, "g: range")],
)
def test_a_group_row_that_is_no_state_of_its_lab_is_refused(
    change: dict[str, Any], reason: str, tmp_path: Path
) -> None:
    (row,) = _read([{**GOOD_GROUP, **change}], tmp_path).catalogue
    assert isinstance(row, GroupExample)
    with pytest.raises(LessonDataError, match=f"'b' is no state of the lab 'group': {reason}"):
        replace(
            GROUP_LAB, examples=replace(GROUP_LAB.examples, rows=[row.model_copy(update={"opens": True})])
        )
