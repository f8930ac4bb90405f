"""The optimal-composition lab: its address, its fields, its records, views and charts.

Properties checked (the golden vectors hold the browser to all of this; these are the
Python side's own values):

1. The address: the default and the presets' queries are the canonical texts the page has
   always written (α₀ as its shortest decimal, the steps as "3:0,2:0.01"); every notation
   reads ("11/10", "1.100", "1e-5") to the same address.
2. The mode: "same" ignores the list of steps and "mixed" ignores α₀, δ₀ and k, which are
   then never refused; a field the mode uses is.
3. The list of steps: spaces dropped, the canonical text kept, refusals in a fixed order.
4. Hand values of states: the hand example, the default, a target below the reveal mass,
   α₀ = 1, the same two steps typed either way.
5. The view: every output slot's attributes and text for hand states, the announcement.
6. The charts: every coordinate is the nearest double to an exact value (ln by 200-digit
   decimals, probabilities and δ as exact fractions), never a rounded decimal.
7. The golden sample covers both modes, large k, a target in scientific notation and the
   catalogue's rows.
"""

from __future__ import annotations

import math
import random
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest

from generator.core.advanced_composition import advanced_interval
from generator.core.logarithm import nearest_float
from generator.course.lab import StateError
from generator.lessons.optimal import LESSON
from generator.lessons.optimal.catalogue import BY_SLUG, DATA
from generator.lessons.optimal.charts import loss_rows, profile_rows
from generator.lessons.optimal.lab import DEFAULT, LAB, example_texts, ignored, sample
from generator.lessons.optimal.records import StateRecord
from generator.lessons.optimal.view import announcement, view

STEPS = LAB.field_of["steps"].limit


def state(**texts: str) -> StateRecord:
    return LAB.record(LAB.read({**DEFAULT, **texts}))


def decimal_ln(value: Fraction) -> Decimal:
    with localcontext() as context:
        context.prec = 200
        return Decimal(value.numerator).ln() - Decimal(value.denominator).ln()


def nearest(value: Decimal) -> float:
    return float(Fraction(value))


def test_the_default_and_the_presets_keep_their_addresses() -> None:
    assert (
        LAB.default_query
        == "mode=same&alpha0=1.1&delta0=0&k=100&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.00001"
    )
    assert [query for query, _ in LAB.presets] == [
        "mode=same&alpha0=3&delta0=0.6&k=2&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.84",
        "mode=same&alpha0=3&delta0=0&k=5&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.00001",
        "mode=same&alpha0=1.1&delta0=0&k=100&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.00001",
        "mode=same&alpha0=1.1&delta0=0&k=1000&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.00001",
        "mode=mixed&alpha0=1.1&delta0=0&k=100&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.1",
    ]
    assert LAB.params == ("mode", "alpha0", "delta0", "k", "steps", "delta")


def test_every_notation_reads_to_one_canonical_address() -> None:
    forms = [
        {**DEFAULT, "alpha0": "11/10", "delta": "1e-5"},
        {**DEFAULT, "alpha0": "1.100", "delta": "1/100000"},
        {**DEFAULT, "alpha0": "1.1", "delta": "0.00001", "steps": " 3 : 0 , 2:1/100, 1.500:0 ,1.2:1e-3"},
    ]
    assert {LAB.query(texts) for texts in forms} == {LAB.default_query}


def test_the_mode_decides_which_fields_are_read() -> None:
    assert ignored({"mode": "same"}) == ("steps",)
    assert ignored({"mode": "mixed"}) == ("alpha0", "delta0", "k")
    assert ignored({"mode": "odd"}) == ()
    # an ignored field is never refused (it keeps the default's value), a used one is
    mixed = LAB.read({**DEFAULT, "mode": "mixed", "k": "5000", "alpha0": "x"})
    assert (mixed.k, mixed.alpha0) == (100, Fraction(11, 10))
    same = LAB.read({**DEFAULT, "steps": "3;0"})
    assert STEPS.text(same.steps) == "3:0,2:0.01,1.5:0,1.2:0.001"
    with pytest.raises(StateError) as error:
        LAB.read({**DEFAULT, "mode": "mixed", "steps": "3;0", "k": "5000"})
    assert error.value.refusals == {"steps": "syntax"}
    with pytest.raises(StateError) as error:
        LAB.read({**DEFAULT, "mode": "", "k": "5000"})
    assert error.value.refusals == {"mode": "empty", "k": "range"}


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        (" 3 : 0 , 2:1/100 ", "3:0,2:0.01"),
        ("1.100:0.5", "1.1:0.5"),
        ("3:1e-5", "3:0.00001"),
        ("1.5:1/3", "1.5:1/3"),
        ("", "empty"),
        ("3:0;2:0", "syntax"),
        ("3:0,", "syntax"),
        ("3", "syntax"),
        ("<b>1</b>:0", "syntax"),
        (",".join(["2:0"] * 13), "count"),
        ("1.0001:0", "step"),
        ("3:1", "range"),
        ("0.5:0", "range"),
        ("2:0," * 400, "too-long"),
    ],
)
def test_the_list_of_steps(text: str, answer: str) -> None:
    read = STEPS.read(text)
    assert (STEPS.text(read) if isinstance(read, tuple) else str(read)) == answer


def test_the_hand_example() -> None:
    hand = state(alpha0="3", delta0="0.6", k="2", delta="21/25")
    assert hand["optimal"] == {"alpha": 9, "epsilon": "2.197"}
    assert (hand["delta_at_basic"], hand["basic"]["delta"], hand["infinite"]) == (
        Fraction(21, 25),
        Fraction(6, 5),
        Fraction(21, 25),
    )
    assert not hand["basic"]["applies"]
    assert (hand["support_size"], hand["omitted_bars"]) == (3, 0)
    # the law of L: ±ln 9 and 0 with (1 − 0.6)² times the responses' masses 1/16, 6/16, 9/16
    assert hand["bars"] == [
        {"loss": -math.log(9), "probability": 0.01},
        {"loss": 0.0, "probability": 0.06},
        {"loss": math.log(9), "probability": 0.09},
    ]
    assert hand["curve"] == [{"epsilon": 0.0, "delta": 0.92}, {"epsilon": math.log(9), "delta": 0.84}]
    shown = {name: slot.as_json() for name, slot in view(hand).items()}
    assert shown["out:eps-optimal"] == {
        "attrs": {"data-value": "2.197", "data-alpha": "9"},
        "html": "2.197 (α = 9)",
    }
    assert shown["out:eps-basic"] == {
        "attrs": {"data-value": None, "data-alpha": None},
        "html": "— (δ의 합 6/5 = 1.2 &gt; 목표 δ)",
    }
    assert shown["out:eps-advanced"] == {"attrs": {"data-value": None}, "html": "— (δ′ = δ − Σ δᵢ ≤ 0)"}
    assert shown["out:delta-at-basic"]["attrs"] == {"data-exact": "21/25"}
    assert shown["out:support-size"] == {"attrs": {"data-value": "3"}, "text": "3개"}
    assert announcement(hand) == "최적 ε 2.197, 고급 정리 ε′ —, 기본 정리 ε —"


def test_the_default_state() -> None:
    default = state()
    assert [default[name]["epsilon"] for name in ("optimal", "advanced", "basic")] == [
        "4.072",
        "5.527",
        "9.531",
    ]
    assert (default["mode"], default["k"], default["support_size"]) == ("same", 100, 101)
    assert default["basic"]["alpha"] == Fraction(11, 10) ** 100
    assert all(math.isfinite(row["epsilon"]) and 0 < row["delta"] <= 1 for row in default["curve"])
    shown = view(default)
    assert shown["out:eps-optimal"].attrs["data-value"] == "4.072"
    assert "(α <details" in str(shown["out:eps-optimal"].html)  # a long α reads "(α ≈ 58.66)"
    assert announcement(default) == "최적 ε 4.072, 고급 정리 ε′ 5.527, 기본 정리 ε 9.531"


def test_no_finite_epsilon_and_a_flat_step() -> None:
    over = state(delta0="0.001")
    assert over["optimal"] == {"alpha": None, "epsilon": "inf"}
    assert not over["advanced"]["applies"]
    assert [point["answer"] for point in over["points"]] == ["basic"]
    shown = view(over)["out:eps-optimal"]
    assert shown.attrs == {"data-value": "inf", "data-alpha": None}
    assert str(shown.html).startswith("∞ (어떤 단계가 x를 드러낼 확률 ≈ 0.095")
    flat = state(alpha0="1")
    assert flat["optimal"] == {"alpha": 1, "epsilon": "0"}
    assert flat["support_size"] == 1
    assert flat["bars"] == [{"loss": 0.0, "probability": 1.0}]


def test_two_equal_steps_typed_either_way_are_one_composition() -> None:
    same = state(alpha0="3", delta0="0", k="2", delta="3/8")
    mixed = state(mode="mixed", steps="3:0,3:0", delta="3/8")
    for name in ("optimal", "basic", "advanced", "delta_at_basic", "support_size", "curve", "bars", "points"):
        assert same[name] == mixed[name], name
    assert same["optimal"]["alpha"] == 3


@pytest.mark.parametrize("slug", ["k100", "uneven", "k1000"])
def test_every_chart_coordinate_is_the_nearest_double_to_an_exact_value(slug: str) -> None:
    example = BY_SLUG[slug]
    shown = LAB.record(LAB.read(example_texts(example)))
    composition = example.composition()
    loss = composition.loss()
    logs = {ratio: nearest(decimal_ln(ratio)) for ratio in loss.ratios}
    kinks = {logs[ratio]: ratio for ratio in loss.ratios if ratio > 1} | {0.0: Fraction(1)}
    floor = example.delta / 1000
    for row in shown["curve"]:
        alpha = kinks[row["epsilon"]]
        assert row["delta"] == float(max(composition.delta(alpha), floor))
    masses = dict(zip(loss.ratios, loss.probabilities, strict=True))
    bars = [(logs[ratio], float(mass)) for ratio, mass in masses.items() if mass >= Fraction(1, 10**6)]
    assert [(bar["loss"], bar["probability"]) for bar in shown["bars"]] == bars
    points = {point["answer"]: point for point in shown["points"]}
    optimal = shown["optimal"]["alpha"]
    assert optimal is not None
    assert points["optimal"]["epsilon"] == nearest(decimal_ln(optimal))
    assert points["optimal"]["epsilon"] != float(shown["optimal"]["epsilon"])  # not the rounded ε
    assert points["basic"]["epsilon"] == nearest(decimal_ln(shown["basic"]["alpha"]))
    advanced = nearest_float(
        lambda bits: advanced_interval(composition.steps, shown["advanced"]["delta_prime"], bits)
    )
    assert points["advanced"]["epsilon"] == advanced
    assert abs(advanced - float(Fraction(shown["advanced"]["epsilon"] or "0"))) <= 0.0005


def test_the_charts_rows_name_each_answer_in_the_legend() -> None:
    rows = profile_rows(state())
    assert [point["series"] for point in rows["points"]] == [
        "최적 합성",
        "고급 합성 정리",
        "기본 합성 정리",
    ]
    assert LAB.charts is not None
    assert LAB.charts.rows(state()) == {
        "spec": "optimal",
        "data": {"profile": rows, "loss": loss_rows(state())},
    }


def test_the_golden_sample_covers_the_domain() -> None:
    plan = LAB.golden
    assert plan is not None
    rng = random.Random(plan.seed)
    drawn = [sample(rng) for _ in range(plan.size)]
    states = [LAB.read(texts) for texts in drawn]
    assert {s.mode for s in states} == {"same", "mixed"}
    assert max(s.k for s in states if s.mode == "same") == 1000
    assert any(texts["delta"].startswith("1e-") for texts in drawn)
    assert any(" : " in texts["steps"] for texts in drawn)
    assert any(texts == example_texts(row) for texts in drawn for row in DATA.catalogue)
    assert any(s.composition().smallest_alpha(s.delta) is None for s in states)


def test_cards_and_figures() -> None:
    assert LESSON.card is not None
    card = LESSON.card("hand")
    assert 'href="?mode=same&amp;alpha0=3&amp;delta0=0.6&amp;k=2&amp;' in card
    assert '<dd data-out="eps-optimal" data-value="2.197" data-alpha="9">2.197 (α = 9)</dd>' in card
    assert LESSON.figure is not None
    figure = LESSON.figure("loss", "hand")
    assert 'data-figure="loss"' in figure
    assert "L = +∞일 확률은 21/25 = 0.84입니다." in figure
    with pytest.raises(ValueError, match="unknown figure kind 'odd'"):
        LESSON.figure("odd", "hand")
