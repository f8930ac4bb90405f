"""The sensitivity lesson held to values computed by hand, to a brute force, and to properties.

- The folded geometric law at α₀ = 2 on a small range, written out from its formula: inside
  the range P(Y = y) = (1 - r)/(1 + r)·r^|y-t|, at an end r^m/(1 + r), with r = 1/α₀.
- The sensitivities Δ = 1, 0, 2, 4 and ∞ of the catalogue rows, and a brute force over every
  small database and every neighbour that finds the same maxima.
- The exact pure ε: Δ·ln α₀ for every clipped query (so replacing doubles it), ∞ without
  clipping; ln α₀ for k-ary response (p = α₀/(1 + α₀) at k = 2); the exponential
  mechanism's ratios by hand, at most α for a monotone score and α² for a general one.
- The accuracy P(|Y - t| <= τ) grows with α₀; the catalogue refuses bad rows by name.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from generator.core.sensitivity import Neighbour, Query, answer, clip, sensitivity
from generator.course.lesson_data import LessonDataError
from generator.lessons.sensitivity.catalogue import (
    BY_SLUG,
    CATALOGUE,
    Example,
    Mechanism,
    catalogue_from_data,
)
from generator.lessons.sensitivity.data import FILE
from generator.lessons.sensitivity.records import CONTINUOUS, example_record, generated_files, record

F = Fraction


def folded_geometric(t: int, lo: int, hi: int, alpha0: Fraction) -> list[Fraction]:
    """The folded law straight from its definition (no integer scaling)."""
    r = 1 / alpha0
    law = []
    for y in range(lo, hi + 1):
        if lo < y < hi:
            law.append((1 - r) / (1 + r) * r ** abs(y - t))
        else:
            law.append(r ** abs(y - t) / (1 + r))
    return law


def test_the_count_law_at_alpha0_2_by_hand() -> None:
    row = record("count-add")
    # t = 4 on 2..7, r = 1/2: the centre (1/2)/(3/2) = 1/3, its neighbours 1/6, then 1/12;
    # the left end 2 gets (1/2)^2/(3/2) = 1/6, the right end 7 gets (1/2)^3/(3/2) = 1/12.
    assert row["channel"]["labels"] == ["2", "3", "4", "5", "6", "7"]
    assert row["channel"]["distribution0"] == ["1/6", "1/6", "1/3", "1/6", "1/12", "1/12"]
    # t' = 5: the mirror image around 5 on the same range
    assert row["channel"]["distribution1"] == ["1/12", "1/12", "1/6", "1/3", "1/6", "1/6"]
    assert row["centre"] == "1/3"
    assert row["ratio"] == "1/2"
    assert row["accuracy"] == "2/3"  # P(3 <= Y <= 5) = 1/6 + 1/3 + 1/6
    assert row["tv"]["delta"] == "1/3"


@pytest.mark.parametrize("example", [e for e in CATALOGUE if e.mechanism is Mechanism.GEOMETRIC], ids=str)
def test_every_geometric_row_is_the_folded_law(example: Example) -> None:
    pair = example.neighbours()
    channel = example.channel()
    assert list(channel.distribution0) == folded_geometric(
        pair.answer0, example.lo, example.hi, example.alpha0
    )
    assert list(channel.distribution1) == folded_geometric(
        pair.answer1, example.lo, example.hi, example.alpha0
    )


@pytest.mark.parametrize(
    ("slug", "delta", "moved"),
    [("count-add", "1", "1"), ("count-replace", "0", "0"), ("sum-add", "2", "2"), ("sum-replace", "4", "4")],
)
def test_the_sensitivities_and_the_pairs_that_reach_them(slug: str, delta: str, moved: str) -> None:
    row = record(slug)
    assert (row["sensitivity"], row["moved"]) == (delta, moved)


def test_the_sums_by_hand() -> None:
    add, swap, raw = record("sum-add"), record("sum-replace"), record("sum-raw")
    assert add["clipped0"] == ["2", "-1", "2", "2"]  # (3, -1, 7, 2) clipped to [-2, 2]
    assert (add["answer0"], add["answer1"], add["change"]["new"]) == ("5", "7", "2")
    assert swap["change"] == {"kind": "replace", "index": 0, "old": "3", "new": "-2"}
    assert (swap["answer0"], swap["answer1"]) == ("5", "1")
    assert (raw["sensitivity"], raw["answer0"], raw["answer1"]) == ("∞", "11", "18")


@pytest.mark.parametrize(
    ("slug", "exact", "decimal", "ratio"),
    [
        ("count-add", "ln(2)", "0.693", "2"),
        ("count-replace", "0", "0", "1"),
        ("sum-add", "2·ln(2)", "1.386", "4"),
        ("sum-replace", "4·ln(2)", "2.773", "16"),
        ("sum-raw", "7·ln(2)", "4.852", "128"),  # this pair only: a larger record moves it further
        ("rr-2", "ln(3)", "1.099", "3"),
        ("rr-4", "ln(3)", "1.099", "3"),
    ],
)
def test_the_exact_pure_epsilon(slug: str, exact: str, decimal: str, ratio: str) -> None:
    pure = record(slug)["pure_epsilon"]
    assert (pure["exact"], pure["decimal"], pure["max_ratio"]) == (exact, decimal, ratio)


def test_the_promised_epsilon_is_delta_ln_alpha0_and_infinite_without_clipping() -> None:
    assert record("sum-add")["promised_epsilon"]["exact"] == "2·ln(2)"
    assert record("sum-replace")["promised_epsilon"]["exact"] == "4·ln(2)"
    assert record("sum-raw")["promised_epsilon"] == {
        "kind": "infinite",
        "exact": "∞",
        "decimal": "inf",
        "max_ratio": None,
    }
    for example in CATALOGUE:
        if example.mechanism is Mechanism.GEOMETRIC and example.sensitivity() is not None:
            row = record(example.slug)
            assert row["pure_epsilon"]["max_ratio"] == row["promised_epsilon"]["max_ratio"]


def test_binary_randomized_response_tells_the_truth_with_alpha0_over_1_plus_alpha0() -> None:
    rr2, rr4 = record("rr-2"), record("rr-4")
    assert (rr2["truth_probability"], rr2["other_probability"]) == ("3/4", "1/4")  # 3/(3 + 1)
    assert (rr4["truth_probability"], rr4["other_probability"]) == ("1/2", "1/6")  # 3/(3 + 3), 1/6
    assert rr4["channel"]["distribution0"] == ["1/6", "1/6", "1/2", "1/6"]
    # 65 ones of 100 at p = 3/4: (13/20 - 1/4)/(1/2) = 4/5
    assert rr2["estimate"] == {
        "ones": "65",
        "total": "100",
        "share": "13/20",
        "rate": "4/5",
        "rate_decimal": "0.8",
    }


def test_the_exponential_mechanism_by_hand() -> None:
    add, swap = record("exp-add"), record("exp-replace")
    # scores (1, 1, 3, 1) at α = 2: weights 1, 1, 4, 1 over 7
    assert add["scores0"] == ["1", "1", "3", "1"]
    assert add["channel"]["distribution0"] == ["1/7", "1/7", "4/7", "1/7"]
    # the worst removal takes category 0's record: (0, 1, 3, 1), weights 1, 2, 8, 2 over 13
    assert add["change"] == {"kind": "remove", "index": 0, "old": "0", "new": None}
    assert add["channel"]["distribution1"] == ["1/13", "2/13", "8/13", "2/13"]
    assert add["pure_epsilon"]["max_ratio"] == "13/7"  # (1/7)/(1/13), below α = 2: monotone
    # the worst move takes category 0's record to 2: (0, 1, 4, 1), weights 1, 2, 16, 2 over 21
    assert swap["channel"]["distribution1"] == ["1/21", "2/21", "16/21", "2/21"]
    assert swap["pure_epsilon"]["max_ratio"] == "3"  # (1/7)/(1/21): above α, below α² = 4
    assert (add["promised_epsilon"]["exact"], swap["promised_epsilon"]["exact"]) == ("ln(2)", "2·ln(2)")


# ---------- a brute force over small databases ----------

VALUES = range(-3, 4)


def _databases(size: int) -> list[tuple[int, ...]]:
    return [tuple(values) for n in range(size + 1) for values in itertools.product(VALUES, repeat=n)]


def _neighbours(database: tuple[int, ...], relation: Neighbour) -> list[tuple[int, ...]]:
    if relation is Neighbour.ADD_REMOVE:
        added = [(*database, v) for v in VALUES]
        return added + [database[:i] + database[i + 1 :] for i in range(len(database))]
    return [(*database[:i], v, *database[i + 1 :]) for i in range(len(database)) for v in VALUES]


@pytest.mark.parametrize("relation", list(Neighbour))
@pytest.mark.parametrize(
    ("query", "bound"), [(Query.COUNT, None), (Query.SUM, 1), (Query.SUM, 2), (Query.SUM, 3)]
)
def test_the_brute_force_finds_the_core_sensitivity(
    query: Query, bound: int | None, relation: Neighbour
) -> None:
    largest = max(
        abs(answer(query, d, bound) - answer(query, e, bound))
        for d in _databases(2)
        for e in _neighbours(d, relation)
    )
    assert largest == sensitivity(query, relation, bound)


def test_without_clipping_the_brute_force_grows_with_the_values() -> None:
    # over values in [-3, 3] one record moves an unclipped sum by 3 (add/remove), 6 (replace):
    # the largest allowed value, so no bound holds for every database
    for relation, largest in ((Neighbour.ADD_REMOVE, 3), (Neighbour.REPLACE, 6)):
        moves = [abs(sum(d) - sum(e)) for d in _databases(2) for e in _neighbours(d, relation)]
        assert max(moves) == largest
    assert sensitivity(Query.SUM, Neighbour.ADD_REMOVE, None) is None


# ---------- properties ----------

SUM_ADD = BY_SLUG["sum-add"]


@pytest.mark.parametrize("bound", [1, 2, 3])
@pytest.mark.parametrize("alpha0", [F(3, 2), F(2), F(3)])
@pytest.mark.parametrize("relation", list(Neighbour))
def test_the_geometric_epsilon_is_delta_ln_alpha0_and_replacing_doubles_it(
    bound: int, alpha0: Fraction, relation: Neighbour
) -> None:
    values = (bound + 1, -1, 0)  # a record beyond the bound, so replacing reaches 2B
    lo, hi = -3 * bound, 3 * bound
    example = replace(SUM_ADD, values=values, bound=bound, neighbour=relation, alpha0=alpha0, lo=lo, hi=hi)
    delta = example.sensitivity()
    assert delta == (bound if relation is Neighbour.ADD_REMOVE else 2 * bound)
    row = example_record(example)
    assert row["pure_epsilon"]["max_ratio"] == str(alpha0**delta)
    assert F(row["pure_epsilon"]["max_ratio"]) == F(row["promised_epsilon"]["max_ratio"])


@pytest.mark.parametrize("slug", ["count-add", "sum-add", "sum-replace", "sum-raw"])
def test_the_accuracy_grows_with_alpha0(slug: str) -> None:
    example = BY_SLUG[slug]
    # α₀ > 1: at α₀ = 1 the core takes the uniform law, while as α₀ falls to 1 the folded
    # ends take almost all the mass (each end's tail r^m/(1 + r) tends to 1/2)
    alphas = [F(101, 100), F(5, 4), F(3, 2), F(2), F(3), F(5), F(10)]
    accuracies = [F(example_record(replace(example, alpha0=a))["accuracy"]) for a in alphas]
    assert accuracies == sorted(accuracies)
    assert accuracies[0] < accuracies[-1]


def test_clipping_moves_every_value_into_the_bound() -> None:
    assert [clip(v, 2) for v in (3, -1, 7, 2, -5)] == [2, -1, 2, 2, -2]


# ---------- the catalogue and the files ----------


def _row(**changes: object) -> dict[str, object]:
    base = dict(FILE.data["catalogue"][0])
    base.update(changes)
    return base


@pytest.mark.parametrize(
    "changes",
    [
        {"k": 4},  # the geometric mechanism has no categories
        {"range": [5, 7]},  # the range misses the answer 4
        {"range": [2]},
        {"bound": 2},  # a count has no clipping bound
        {"bound": "2"},
        {"values": []},
        {"values": list(range(11))},
        {"query": "mode"},
        {"mechanism": "k-ary", "k": 4, "range": [0, 3], "query": "answer", "neighbour": "add-remove"},
        {"mechanism": "k-ary", "k": 2, "range": [0, 1], "query": "answer", "neighbour": "replace"},  # 3 > 1
        {"alpha0": "1/2"},
        {"neighbour": "swap"},
        {"tolerance": -1},
    ],
)
def test_the_catalogue_refuses_a_bad_row_by_name(changes: dict[str, object]) -> None:
    with pytest.raises(LessonDataError, match=r"rows\[0\] 'count-add'"):
        catalogue_from_data([_row(**changes)], "rows")


def test_the_presets_and_the_files() -> None:
    assert 3 <= sum(example.preset for example in CATALOGUE) <= 5
    files = generated_files()
    assert set(files) == {f"sensitivity/{e.slug}.json" for e in CATALOGUE} | {
        f"sensitivity/{CONTINUOUS}.json",
        "sensitivity/index.json",
    }


def test_the_continuous_mechanisms_are_correctly_rounded() -> None:
    row = record(CONTINUOUS)
    # Laplace: √2·Δ/ε with Δ = 1, ε = 1/2 is 2√2 = 2.8284…; a mean of 10 000 ages in [0, 100]
    # has Δ = 1/100, so √2/50 = 0.028284…
    assert (row["laplace"]["count_std"], row["laplace"]["mean_std"]) == ("2.828", "0.0283")
    # Gaussian: ln(1.25/10⁻⁵) = ln 125 000 = 11.7361…, √(2·11.7361…) = 4.8448…, /0.9 = 5.3831…;
    # replace neighbours (Δ₂ = √2) give 7.6128…
    gauss = row["gauss"]
    assert (gauss["log_term"], gauss["factor"], gauss["sigma"], gauss["sigma_replace"]) == (
        "11.736",
        "4.845",
        "5.383",
        "7.613",
    )
    assert gauss["delta_reading"] == "1 × 10⁻⁵"
