"""The sensitivity lesson's page records held to values computed by hand, and to properties.

- The folded geometric law at α₀ = 2 on a small range, written out from its formula: inside
  the range P(Y = y) = (1 - r)/(1 + r)·r^|y-t|, at an end r^m/(1 + r), with r = 1/α₀.
- The sensitivities Δ = 1, 0, 2, 4 and ∞ of the catalogue rows, and the pairs that reach them
  (the brute force over every small database is tests/core/test_sensitivity.py's).
- The exact pure ε: Δ·ln α₀ for every clipped query (so replacing doubles it), ∞ without
  clipping; ln α₀ for k-ary response (p = α₀/(1 + α₀) at k = 2); the exponential
  mechanism's ratios by hand, at most α for a monotone score and α² for a general one.
- The accuracy P(|Y - t| <= τ) grows with α₀; the catalogue refuses bad rows by name; the
  continuous mechanisms are correctly rounded.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from generator.core.sensitivity import Neighbour
from generator.course.lesson_file import Catalogue, LessonDataError, read_data
from generator.lessons.sensitivity import LESSON, record
from generator.lessons.sensitivity.catalogue import BY_SLUG, DATA, PATH, Example
from generator.lessons.sensitivity.examples import (
    CONTINUOUS,
    ExampleRecord,
    continuous_record,
    setting_record,
)
from generator.lessons.sensitivity.lab import LAB
from generator.lessons.sensitivity.setting import Mechanism

F = Fraction


def row(slug: str) -> ExampleRecord:
    found = record(slug)
    assert "slug" in found
    return found  # type: ignore[return-value]


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
    count = row("count-add")
    # t = 4 on 2..7, r = 1/2: the centre (1/2)/(3/2) = 1/3, its neighbours 1/6, then 1/12;
    # the left end 2 gets (1/2)^2/(3/2) = 1/6, the right end 7 gets (1/2)^3/(3/2) = 1/12.
    assert count["channel"]["labels"] == ["2", "3", "4", "5", "6", "7"]
    assert count["channel"]["distribution0"] == [F(1, 6), F(1, 6), F(1, 3), F(1, 6), F(1, 12), F(1, 12)]
    # t' = 5: the mirror image around 5 on the same range
    assert count["channel"]["distribution1"] == [F(1, 12), F(1, 12), F(1, 6), F(1, 3), F(1, 6), F(1, 6)]
    assert count["centre"] == F(1, 3)
    assert count["ratio"] == F(1, 2)
    assert count["accuracy"] == F(2, 3)  # P(3 <= Y <= 5) = 1/6 + 1/3 + 1/6
    assert count["tv"]["delta"] == F(1, 3)


@pytest.mark.parametrize(
    "example", [e for e in DATA.catalogue if e.mechanism is Mechanism.GEOMETRIC], ids=str
)
def test_every_geometric_row_is_the_folded_law(example: Example) -> None:
    setting = example.setting()
    pair = setting.neighbours()
    channel = setting.channel()
    assert list(channel.distribution0) == folded_geometric(
        pair.answer0, setting.lo, setting.hi, setting.alpha0
    )
    assert list(channel.distribution1) == folded_geometric(
        pair.answer1, setting.lo, setting.hi, setting.alpha0
    )


@pytest.mark.parametrize(
    ("slug", "delta", "moved"),
    [
        ("count-add", "1", F(1)),
        ("count-replace", "0", F(0)),
        ("sum-add", "2", F(2)),
        ("sum-replace", "4", F(4)),
    ],
)
def test_the_sensitivities_and_the_pairs_that_reach_them(slug: str, delta: str, moved: Fraction) -> None:
    found = row(slug)
    assert (found.get("sensitivity"), found["moved"]) == (delta, moved)


def test_the_sums_by_hand() -> None:
    add, swap, raw = row("sum-add"), row("sum-replace"), row("sum-raw")
    assert add.get("clipped0") == [F(2), F(-1), F(2), F(2)]  # (3, -1, 7, 2) clipped to [-2, 2]
    assert (add["answer0"], add["answer1"], add["change"]["new"]) == (F(5), F(7), F(2))
    assert swap["change"] == {"kind": "replace", "index": 0, "old": 3, "new": -2}
    assert (swap["answer0"], swap["answer1"]) == (F(5), F(1))
    assert (raw.get("sensitivity"), raw["answer0"], raw["answer1"]) == ("∞", F(11), F(18))
    assert (raw["size0"], raw["size1"], raw["text1"]) == (4, 5, "3, -1, 7, 2, 7")


@pytest.mark.parametrize(
    ("slug", "exact", "decimal", "ratio"),
    [
        ("count-add", "ln(2)", "0.693", F(2)),
        ("count-replace", "0", "0", F(1)),
        ("sum-add", "2·ln(2)", "1.386", F(4)),
        ("sum-replace", "4·ln(2)", "2.773", F(16)),
        ("sum-raw", "7·ln(2)", "4.852", F(128)),  # this pair only: a larger record moves it further
        ("rr-2", "ln(3)", "1.099", F(3)),
        ("rr-4", "ln(3)", "1.099", F(3)),
    ],
)
def test_the_exact_pure_epsilon(slug: str, exact: str, decimal: str, ratio: Fraction) -> None:
    pure = row(slug)["pure_epsilon"]
    assert (pure["exact"], pure["decimal"], pure["max_ratio"]) == (exact, decimal, ratio)


def test_the_promised_epsilon_is_delta_ln_alpha0_and_infinite_without_clipping() -> None:
    assert row("sum-add")["promised_epsilon"]["exact"] == "2·ln(2)"
    assert row("sum-replace")["promised_epsilon"]["exact"] == "4·ln(2)"
    assert row("sum-raw")["promised_epsilon"] == {
        "kind": "infinite",
        "exact": "∞",
        "decimal": "inf",
        "max_ratio": None,
    }
    for example in DATA.catalogue:
        if example.mechanism is Mechanism.GEOMETRIC and example.setting().sensitivity() is not None:
            found = row(example.slug)
            assert found["pure_epsilon"]["max_ratio"] == found["promised_epsilon"]["max_ratio"]


def test_binary_randomized_response_tells_the_truth_with_alpha0_over_1_plus_alpha0() -> None:
    rr2, rr4 = row("rr-2"), row("rr-4")
    assert (rr2.get("truth_probability"), rr2.get("other_probability")) == (F(3, 4), F(1, 4))  # 3/(3 + 1)
    assert (rr4.get("truth_probability"), rr4.get("other_probability")) == (F(1, 2), F(1, 6))  # 3/(3 + 3)
    assert rr4["channel"]["distribution0"] == [F(1, 6), F(1, 6), F(1, 2), F(1, 6)]
    # 65 ones of 100 at p = 3/4: (13/20 - 1/4)/(1/2) = 4/5
    assert rr2.get("estimate") == {
        "ones": 65,
        "total": 100,
        "share": F(13, 20),
        "rate": F(4, 5),
        "rate_decimal": "0.8",
    }
    assert "estimate" not in rr4


def test_the_exponential_mechanism_by_hand() -> None:
    add, swap = row("exp-add"), row("exp-replace")
    # scores (1, 1, 3, 1) at α = 2: weights 1, 1, 4, 1 over 7
    assert add.get("scores0") == [1, 1, 3, 1]
    assert add["channel"]["distribution0"] == [F(1, 7), F(1, 7), F(4, 7), F(1, 7)]
    # the worst removal takes category 0's record: (0, 1, 3, 1), weights 1, 2, 8, 2 over 13
    assert add["change"] == {"kind": "remove", "index": 0, "old": 0, "new": None}
    assert add["channel"]["distribution1"] == [F(1, 13), F(2, 13), F(8, 13), F(2, 13)]
    assert add["pure_epsilon"]["max_ratio"] == F(13, 7)  # (1/7)/(1/13), below α = 2: monotone
    # the worst move takes category 0's record to 2: (0, 1, 4, 1), weights 1, 2, 16, 2 over 21
    assert swap["channel"]["distribution1"] == [F(1, 21), F(2, 21), F(16, 21), F(2, 21)]
    assert swap["pure_epsilon"]["max_ratio"] == 3  # (1/7)/(1/21): above α, below α² = 4
    assert (add["promised_epsilon"]["exact"], swap["promised_epsilon"]["exact"]) == ("ln(2)", "2·ln(2)")


# ---------- properties ----------

SUM_ADD = BY_SLUG["sum-add"].setting()


@pytest.mark.parametrize("bound", [1, 2, 3])
@pytest.mark.parametrize("alpha0", [F(3, 2), F(2), F(3)])
@pytest.mark.parametrize("relation", list(Neighbour))
def test_the_geometric_epsilon_is_delta_ln_alpha0_and_replacing_doubles_it(
    bound: int, alpha0: Fraction, relation: Neighbour
) -> None:
    values = (bound + 1, -1, 0)  # a record beyond the bound, so replacing reaches 2B
    lo, hi = -3 * bound, 3 * bound
    setting = replace(SUM_ADD, values=values, bound=bound, neighbour=relation, alpha0=alpha0, lo=lo, hi=hi)
    delta = setting.sensitivity()
    assert delta == (bound if relation is Neighbour.ADD_REMOVE else 2 * bound)
    found = setting_record("x", "x", setting)
    assert found["pure_epsilon"]["max_ratio"] == alpha0**delta
    assert found["pure_epsilon"]["max_ratio"] == found["promised_epsilon"]["max_ratio"]


@pytest.mark.parametrize("slug", ["count-add", "sum-add", "sum-replace", "sum-raw"])
def test_the_accuracy_grows_with_alpha0(slug: str) -> None:
    setting = BY_SLUG[slug].setting()
    # α₀ > 1: at α₀ = 1 the core takes the uniform law, while as α₀ falls to 1 the folded
    # ends take almost all the mass (each end's tail r^m/(1 + r) tends to 1/2)
    alphas = [F(101, 100), F(5, 4), F(3, 2), F(2), F(3), F(5), F(10)]
    accuracies = [setting_record("x", "x", replace(setting, alpha0=a))["accuracy"] for a in alphas]
    assert accuracies == sorted(accuracies)
    assert accuracies[0] < accuracies[-1]


# ---------- the catalogue and the files ----------


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"k": 4}, "has no categories"),
        ({"range": [5, 7]}, "answer 4 lies outside"),
        ({"range": [2]}, r"range\[1\]: Field required"),
        ({"bound": 2}, "only a sum has one"),
        ({"bound": "2"}, "bound: Input should be a valid integer"),
        ({"values": []}, "at least one record"),
        ({"values": [1] * 11, "range": [2, 13]}, "values: count"),  # more records than the lab takes
        ({"values": [3, -1, 7, 200]}, "values: range"),  # a record beyond the lab's values
        ({"query": "mode"}, "answers .'count', 'sum'., not 'mode'"),
        (
            {
                "mechanism": "k-ary",
                "k": 4,
                "range": [0, 3],
                "query": "answer",
                "neighbour": "add-remove",
                "values": [1],
            },
            "k-ary response is local",
        ),
        (
            {"mechanism": "k-ary", "k": 2, "range": [0, 1], "query": "answer", "neighbour": "replace"},
            "0..k-1",
        ),
        ({"alpha0": "1/2"}, "at least 1"),
        ({"alpha0": "1.25"}, "no exact 1-decimal form"),  # off the lab's 0.1 grid
        ({"neighbour": "swap"}, "neighbour: Input should be"),
        ({"tolerance": -1}, "at least 0"),
        ({"title": 3}, "title: Input should be a valid string"),
    ],
)
def test_the_catalogue_refuses_a_bad_row_by_name(
    tmp_path: Path, changes: dict[str, object], reason: str
) -> None:
    data = json.loads(PATH.read_text(encoding="utf-8"))
    data["catalogue"] = [{**data["catalogue"][0], "opens": True, **changes}]
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(LessonDataError, match=rf"catalogue(\[0\]| row) 'count-add'.*{reason}"):
        _lab_of(path)


def _lab_of(path: Path) -> object:
    """The lab with the catalogue of the lesson file at ``path``, opening with its one row."""
    rows = read_data(path, Catalogue[Example]).catalogue
    return replace(LAB, examples=replace(LAB.examples, path=path, rows=rows))


def test_the_presets_and_the_files() -> None:
    assert 3 <= sum(example.preset for example in DATA.catalogue) <= 5
    files = LESSON.generated()
    slugs = [e.slug for e in DATA.catalogue]
    assert set(files) == {f"sensitivity/{slug}.json" for slug in (*slugs, CONTINUOUS)} | {
        "sensitivity/index.json"
    }
    assert json.loads(files["sensitivity/index.json"]) == [*slugs, CONTINUOUS]
    assert json.loads(files["sensitivity/sum-add.json"])["pure_epsilon"]["max_ratio"] == "4"


def test_the_continuous_mechanisms_are_correctly_rounded() -> None:
    found = continuous_record()
    assert record(CONTINUOUS) == found
    laplace, gauss = found["laplace"], found["gauss"]
    # Laplace: √2·Δ/ε with Δ = 1, ε = 1/2 is 2√2 = 2.8284…; a mean of 10 000 ages in [0, 100]
    # has Δ = 1/100, so √2/50 = 0.028284…
    assert (laplace["count_std"], laplace["mean_std"]) == ("2.828", "0.0283")
    # Gaussian: ln(1.25/10⁻⁵) = ln 125 000 = 11.7361…, √(2·11.7361…) = 4.8448…, /0.9 = 5.3831…;
    # replace neighbours (Δ₂ = √2) give 7.6128…
    assert (gauss["log_term"], gauss["factor"], gauss["sigma"], gauss["sigma_replace"]) == (
        "11.736",
        "4.845",
        "5.383",
        "7.613",
    )
    assert gauss["delta_reading"] == "1 × 10⁻⁵"
