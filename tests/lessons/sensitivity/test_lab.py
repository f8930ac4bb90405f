"""The noise-mechanism lab held to values computed by hand, to a brute force and to properties.

What the golden vectors do not say (they hold the browser to this Python, tests/js/engines):

- records by hand: the folded law on [0, 2] at α₀ = 2, the default state (D′ replaces 3 by
  −2: Δ = 4, e^ε = 16), an unclipped sum (Δ = ∞, ε = ∞, the pair's own ratio 128), k-ary
  response (ε = ln α₀, no Δ), the exponential mechanism (ln α₀ adding, 2 ln α₀ replacing);
- properties: the geometric ε is Δ·ln α₀ whenever D′ moves the answer by Δ; replacing a
  record doubles a clipped sum's Δ; the accuracy grows with α₀ > 1; δ*(α) is the largest
  excess of any event, by brute force over every event of a small range;
- the state: each refusal beside its field, the rules across fields (category, order, width,
  narrow) with a message on each field they name, a bad text in a field the mechanism
  ignores never refused, and which fields each mechanism ignores;
- the address of every catalogue row as it was, and each row's lab record agreeing with its
  page record; the view's slots, the announcement and the chart rows of the default state.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from generator.lessons.sensitivity import record
from generator.lessons.sensitivity.catalogue import BY_SLUG, DATA, Example
from generator.lessons.sensitivity.charts import chart_rows
from generator.lessons.sensitivity.examples import ExampleRecord
from generator.lessons.sensitivity.lab import LAB, RANGE_WIDTH, ROW_TEXTS, example_texts, ignored, rules
from generator.lessons.sensitivity.records import StateRecord
from generator.lessons.sensitivity.view import TEXTS, announcement, view

F = Fraction


def texts(**changes: str) -> dict[str, str]:
    return {**LAB.default, **changes}


def state(**changes: str) -> StateRecord:
    return LAB.record(LAB.read(texts(**changes)))


def refusals(**changes: str) -> dict[str, str]:
    return LAB.read_values(texts(**changes))[1]


# ---------- records by hand ----------


def test_the_folded_law_on_0_to_2_at_alpha0_2() -> None:
    # around 0 on [0, 2], r = 1/2: y = 0 is the end r⁰/(1 + r) = 2/3, y = 1 inside
    # (1 - r)/(1 + r)·r = 1/6, y = 2 the end r²/(1 + r) = 1/6; around 1 every output has 1/3
    shown = state(values="0", query="sum", bound="1", neighbour="add-remove", lo="0", hi="2", tolerance="0")
    assert shown["channel"]["distribution0"] == [F(2, 3), F(1, 6), F(1, 6)]
    assert shown["channel"]["distribution1"] == [F(1, 3), F(1, 3), F(1, 3)]
    assert (shown["answer0"], shown["answer1"], shown["accuracy"]) == (F(0), F(1), F(2, 3))


def test_the_default_state_replaces_3_by_minus_2() -> None:
    shown = state()
    assert shown["database1"] == [-2, -1, 7, 2]
    assert (shown["answer0"], shown["answer1"], shown["distance"]) == (F(5), F(1), F(4))
    assert shown["sensitivity"] == {"kind": "finite", "value": 4}
    assert shown["pure_epsilon"]["max_ratio"] == 16
    assert shown["guarantee"]["exact"] == "4·ln(2)"
    assert (shown["delta"], shown["event"]["text"], shown["event"]["direction"]) == (
        F(1, 2),
        "{5, …, 7}",
        "0→1",
    )
    assert (shown["query"], shown["bound"], shown["k"], shown["lo"], shown["hi"]) == (
        "sum",
        F(2),
        None,
        F(-1),
        F(7),
    )


def test_without_clipping_sensitivity_and_pure_epsilon_are_infinite_though_the_pair_is_finite() -> None:
    shown = state(query="unclipped", neighbour="add-remove", lo="0", hi="30")
    assert shown["sensitivity"] == {"kind": "infinite", "value": None}
    assert (shown["pure_epsilon"]["kind"], shown["pure_epsilon"]["decimal"]) == ("infinite", "inf")
    assert shown["pair_epsilon"]["max_ratio"] == 128
    assert shown["guarantee"]["kind"] == "infinite"
    assert (shown["database1"], shown["query"], shown["bound"]) == (
        [F(v) for v in (3, -1, 7, 2, 7)],
        "unclipped",
        None,
    )


def test_k_ary_response_moves_the_first_answer_to_the_next_category() -> None:
    shown = state(mechanism="k-ary", values="2,0,3", k="4", alpha0="3.0")
    assert shown["database1"] == [3, 0, 3]
    assert shown["channel"]["distribution0"] == [F(1, 6), F(1, 6), F(1, 2), F(1, 6)]
    assert shown["sensitivity"] == {"kind": "none", "value": None}
    assert (shown["distance"], shown["neighbour"], shown["tolerance"]) == (None, "replace", F(0))
    assert (shown["pure_epsilon"]["max_ratio"], shown["accuracy"]) == (F(3), F(1, 2))


@pytest.mark.parametrize(("neighbour", "bound"), [("add-remove", 2), ("replace", 4)])
def test_the_exponential_mechanism_stays_within_ln_alpha0_adding_and_2_ln_alpha0_replacing(
    neighbour: str, bound: int
) -> None:
    shown = state(mechanism="exponential", values="0,2,2,1,2,3", k="4", neighbour=neighbour)
    ratio = shown["pure_epsilon"]["max_ratio"]
    assert ratio is not None
    assert 1 < ratio <= bound
    assert shown["guarantee"]["max_ratio"] == bound
    assert shown["sensitivity"] == {"kind": "finite", "value": 1}


# ---------- properties ----------

CLIPPED = [
    (values, bound) for values in ("3,-1,7,2", "-5", "0,0,0", "9,9,-9,1,2,3,4,5,6,7") for bound in "123"
]


@pytest.mark.parametrize(("values", "bound"), CLIPPED)
def test_the_geometric_epsilon_is_delta_ln_alpha0_where_d_prime_moves_the_answer_by_delta(
    values: str, bound: str
) -> None:
    for neighbour in ("add-remove", "replace"):
        for alpha0 in ("1.5", "2.0", "3.0"):
            shown = state(values=values, bound=bound, neighbour=neighbour, alpha0=alpha0, lo="-30", hi="30")
            if shown["distance"] == shown["sensitivity"]["value"]:
                assert shown["pure_epsilon"]["max_ratio"] == shown["guarantee"]["max_ratio"]


@pytest.mark.parametrize(("values", "bound"), CLIPPED)
def test_replacing_a_record_doubles_a_clipped_sums_sensitivity(values: str, bound: str) -> None:
    add = state(values=values, bound=bound, neighbour="add-remove", lo="-30", hi="30")["sensitivity"]["value"]
    swap = state(values=values, bound=bound, neighbour="replace", lo="-30", hi="30")["sensitivity"]["value"]
    assert swap is not None
    assert swap == 2 * int(bound) == 2 * (add or 0)


def test_the_accuracy_grows_with_alpha0_above_1() -> None:
    # α₀ = 1 is the core's uniform law, not the folded law's limit (whose ends take half each)
    accuracies = [state(alpha0=a, tolerance="2")["accuracy"] for a in ("1.1", "1.5", "2.0", "5.0", "100.0")]
    assert accuracies == sorted(accuracies)


@pytest.mark.parametrize("alpha", ["1.0", "1.5", "2.0", "4.0"])
def test_delta_star_is_the_largest_excess_of_any_event(alpha: str) -> None:
    shown = state(values="1,-2", bound="2", lo="-4", hi="3", alpha=alpha)
    p, q, a = shown["channel"]["distribution0"], shown["channel"]["distribution1"], F(alpha)
    outputs = range(len(p))
    largest = max(
        sum((x[i] - a * y[i] for i in event), F(0))
        for size in range(len(p) + 1)
        for event in itertools.combinations(outputs, size)
        for x, y in ((p, q), (q, p))
    )
    assert shown["delta"] == largest


# ---------- the state ----------


def test_each_field_keeps_its_own_refusal() -> None:
    assert refusals(values="", bound="0", lo="abc", alpha="4.05") == {
        "values": "empty",
        "bound": "range",
        "lo": "syntax",
        "alpha": "step",
    }


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"mechanism": "k-ary", "values": "3,1", "k": "3"}, {"values": "category"}),
        ({"mechanism": "exponential", "values": "0,-1", "k": "4"}, {"values": "category"}),
        ({"lo": "5", "hi": "4"}, {"hi": "order"}),
        ({"lo": "-40", "hi": "21"}, {"hi": "width"}),
        ({"lo": "-40", "hi": "20"}, {}),  # 61 outputs: the widest range
        ({"lo": "2", "hi": "4"}, {"lo": "narrow", "hi": "narrow"}),
        (
            {"lo": "-30", "hi": "30", "values": "100,100,100", "query": "unclipped"},
            {"lo": "narrow", "hi": "narrow"},
        ),
        ({"query": "count", "lo": "5", "hi": "10"}, {"lo": "narrow", "hi": "narrow"}),
        ({"query": "unclipped", "neighbour": "replace", "lo": "-20", "hi": "20"}, {}),
    ],
)
def test_the_rules_across_fields(changes: dict[str, str], expected: dict[str, str]) -> None:
    assert refusals(**changes) == expected


def test_every_rule_has_its_message_on_the_fields_it_names() -> None:
    for name, codes in {
        "values": ("category",),
        "lo": ("narrow",),
        "hi": ("order", "width", "narrow"),
    }.items():
        messages = LAB.field_of[name].messages()
        assert all(messages[code] for code in codes), name
    assert LAB.field_of["hi"].messages()["width"] == "출력 범위는 61개 출력까지입니다: hi − lo ≤ 60."
    assert RANGE_WIDTH.high == 60
    assert LAB.limits["width"] == RANGE_WIDTH.as_json()


@pytest.mark.parametrize(
    "changes",
    [
        {"query": "count", "bound": "0"},
        {"query": "unclipped", "bound": "x", "k": "", "lo": "-5", "hi": "15"},
        {"mechanism": "k-ary", "values": "1,0", "k": "2", "lo": "x", "hi": "", "bound": "0", "query": "no"},
        {"mechanism": "exponential", "values": "0,1,1", "k": "3", "tolerance": "-1", "lo": "9", "hi": "1"},
    ],
)
def test_a_bad_text_in_a_field_the_mechanism_ignores_is_never_refused(changes: dict[str, str]) -> None:
    assert refusals(**changes) == {}
    assert LAB.record(LAB.read(texts(**changes))) == LAB.record(
        LAB.read(texts(**{**changes, **{name: LAB.default[name] for name in ignored(texts(**changes))}}))
    )


def test_the_mechanism_decides_which_fields_count() -> None:
    assert ignored(texts()) == ("k",)
    assert ignored(texts(query="count")) == ("k", "bound")
    assert ignored(texts(query="unclipped")) == ("k", "bound")
    assert ignored(texts(mechanism="k-ary")) == ("query", "bound", "neighbour", "lo", "hi", "tolerance")
    assert ignored(texts(mechanism="exponential")) == ("query", "bound", "lo", "hi", "tolerance")
    assert ignored(texts(mechanism="laplace")) == ()


def test_the_rules_see_only_the_values_that_read() -> None:
    assert rules({"mechanism": "geometric", "lo": 5}) == {}
    assert rules({"mechanism": "geometric", "lo": 5, "hi": 4}) == {"hi": "order"}
    assert rules({"mechanism": "exponential", "values": (0, 9)}) == {}
    assert rules({"values": (1,), "lo": 5, "hi": 4}) == {}


# ---------- the catalogue in the lab ----------

QUERIES = {
    "count-add": "values=3,-1,7,2&query=count&bound=2&neighbour=add-remove&mechanism=geometric"
    "&alpha0=2.0&k=4&lo=2&hi=7&alpha=4.0&tolerance=1",
    "sum-replace": "values=3,-1,7,2&query=sum&bound=2&neighbour=replace&mechanism=geometric"
    "&alpha0=2.0&k=4&lo=-1&hi=7&alpha=4.0&tolerance=1",
    "sum-raw": "values=3,-1,7,2&query=unclipped&bound=2&neighbour=add-remove&mechanism=geometric"
    "&alpha0=2.0&k=4&lo=9&hi=20&alpha=4.0&tolerance=1",
    "rr-2": "values=1,0,1,1&query=sum&bound=2&neighbour=replace&mechanism=k-ary"
    "&alpha0=3.0&k=2&lo=-10&hi=10&alpha=4.0&tolerance=1",
    "exp-add": "values=0,2,2,1,2,3&query=sum&bound=2&neighbour=add-remove&mechanism=exponential"
    "&alpha0=2.0&k=4&lo=-10&hi=10&alpha=4.0&tolerance=1",
}


@pytest.mark.parametrize(("slug", "query"), QUERIES.items())
def test_a_catalogue_rows_address(slug: str, query: str) -> None:
    assert LAB.query(example_texts(BY_SLUG[slug])) == query
    assert LAB.default_query == QUERIES["sum-replace"]
    assert set(ROW_TEXTS) == set(LAB.params)


@pytest.mark.parametrize("example", DATA.catalogue, ids=lambda example: example.slug)
def test_each_rows_lab_record_is_its_page_record(example: Example) -> None:
    shown = LAB.record(LAB.read(example_texts(example)))
    page = record(example.slug)
    assert "slug" in page
    prose: ExampleRecord = page  # type: ignore[assignment]
    assert shown["channel"] == prose["channel"]
    assert (shown["database0"], shown["database1"]) == (prose["database0"], prose["database1"])
    assert (shown["answer0"], shown["answer1"], shown["accuracy"]) == (
        prose["answer0"],
        prose["answer1"],
        prose["accuracy"],
    )
    assert shown["guarantee"] == prose["promised_epsilon"]
    assert shown["pair_epsilon"]["max_ratio"] == prose["pure_epsilon"]["max_ratio"]


# ---------- the view ----------


def test_the_default_states_slots() -> None:
    slots = view(state())
    assert slots["out:database"].attrs == {"data-value": "3,-1,7,2;-2,-1,7,2"}
    assert slots["out:database"].text == "D = (3, −1, 7, 2), D′ = (−2, −1, 7, 2)"
    assert (slots["out:answers"].attrs, slots["out:answers"].text) == (
        {"data-value": "5,1"},
        "f(D) = 5, f(D′) = 1",
    )
    assert slots["out:sensitivity"].attrs == {"data-value": "4"}
    assert slots["out:eps-pure"].attrs == {"data-value": "2.773", "data-ratio": "16"}
    assert slots["out:eps-pure"].text == "ln(16) ≈ 2.773"
    assert slots["out:eps-guarantee"].text == "4·ln(2) ≈ 2.773"
    assert slots["out:delta-required"].attrs == {"data-exact": "1/2"}
    assert slots["out:max-event"].attrs == {"data-direction": "0→1", "data-outputs": "5 6 7"}
    assert slots["out:accuracy"].attrs == {"data-exact": "2/3"}
    assert slots["caption:laws"].text == "출력 범위 [-1, 7]에서 두 데이터셋이 내는 출력의 정확한 분포"
    rows = slots["rows:laws"].items
    assert rows is not None
    assert [row.attrs["data-output"] for row in rows] == [str(y) for y in range(-1, 8)]
    assert [row.cells[3].attrs["data-in-max"] for row in rows if row.cells] == ["false"] * 6 + ["true"] * 3
    assert announcement(state()) == "민감도 4, 순수 ε 2.773, δ*(α) 1/2 = 0.5, 정확도 2/3 ≈ 0.667"


def test_the_slots_of_an_unclipped_sum_and_of_the_categories() -> None:
    unclipped = view(state(query="unclipped", neighbour="add-remove", lo="0", hi="30"))
    assert unclipped["out:sensitivity"].attrs == {"data-value": "inf"}
    assert unclipped["out:eps-pure"].attrs == {"data-value": "inf", "data-ratio": ""}
    assert unclipped["out:eps-pure"].text == TEXTS["eps-uncalibrated"].format(pair="ln(128) ≈ 4.852")
    assert announcement(state(query="unclipped", neighbour="add-remove", lo="0", hi="30")).startswith(
        "민감도 ∞, 순수 ε ∞,"
    )
    categories = view(state(mechanism="k-ary", values="1,0,1", k="2"))
    assert categories["out:sensitivity"].attrs == {"data-value": ""}
    assert categories["out:answers"].text == "첫 사람의 답: D에서 1, D′에서 0"
    assert announcement(state(mechanism="k-ary", values="1,0,1", k="2")).startswith("민감도 —,")
    mode = view(state(mechanism="exponential", values="0,2,2,1,2,3"))
    assert mode["out:sensitivity"].text == "1 (점수 u = 범주에 든 레코드의 수)"
    assert mode["out:answers"].text == "최빈값: D에서 2, D′에서 2"


def test_the_chart_rows_place_each_law_exactly() -> None:
    shown = state()
    rows = chart_rows(shown)["laws"]
    assert len(rows) == 2 * 9
    assert rows[0] == {"output": -1, "law": "D", "probability": 1 / 96, "exact": "1/96"}
    assert rows[9] == {"output": -1, "law": "D′", "probability": 1 / 6, "exact": "1/6"}
    assert all(row["probability"] == float(F(str(row["exact"]))) for row in rows)
