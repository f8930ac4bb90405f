"""Every kind of typed field, read exactly (generator/core/fields.py).

Properties:

1. The exact-number grammar: plain decimals, ratios and scientific notation read exactly
   (``1e-5`` is 1/100000); signs, spaces, ``nan``, an empty mantissa or exponent, an
   exponent of four digits and a zero denominator are refused.
2. Each kind checks in its fixed order, so a text that breaks two rules answers the first.
3. The canonical text reads back to the same value (``read(text(v)) == v``), for every kind
   (hypothesis, over each kind's values).
4. A count's and an integer's value is an ``int``, a number's a ``Fraction``; a distinct list
   is sorted.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.fields import (
    MAX_NUMBER_CHARS,
    ChoiceLimit,
    FieldLimit,
    IntegerLimit,
    Kind,
    ListLimit,
    MatrixLimit,
    PairsLimit,
    RationalSyntaxError,
    Refusal,
    exact_decimal,
    fixed_decimal,
    number_text,
    parse_rational,
)

COUNT = FieldLimit("k", Kind.COUNT, Fraction(1), Fraction(100), 0)
ALPHA = FieldLimit("alpha", Kind.NUMBER, Fraction(1), Fraction(100), 1)
SHORT = FieldLimit("alpha0", Kind.NUMBER, Fraction(1), Fraction(100), 3, fixed=False)
DELTA = FieldLimit("delta", Kind.NUMBER, Fraction(0), Fraction(1), None)
WEIGHT = FieldLimit("weight", Kind.COUNT, Fraction(0), Fraction(10**6), 0)
SIGNED = IntegerLimit("lo", -1000, 1000)
WEIGHTS = ListLimit("weights", WEIGHT, 1, 8, positive_sum=True)
EVENT = ListLimit("event", FieldLimit("i", Kind.COUNT, Fraction(0), Fraction(7), 0), 0, 8, distinct=True)
VALUES = ListLimit("values", IntegerLimit("value", -100, 100), 1, 10)
STEPS = PairsLimit("steps", SHORT, FieldLimit("d", Kind.NUMBER, Fraction(0), Fraction(1), None), 12)
MAP = MatrixLimit("map", WEIGHT, 8, 8)
MODE = ChoiceLimit("mode", ("fresh", "copy", "xor"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", Fraction(3)),
        ("5.7", Fraction(57, 10)),
        (".5", Fraction(1, 2)),
        ("5.", Fraction(5)),
        ("57/10", Fraction(57, 10)),
        ("1e-5", Fraction(1, 100000)),
        ("2.5E3", Fraction(2500)),
        ("1e+2", Fraction(100)),
        ("0.5e-1", Fraction(1, 20)),
        ("1e-999", Fraction(1, 10**999)),
    ],
)
def test_the_number_grammar_reads_exactly(text: str, value: Fraction) -> None:
    assert parse_rational(text) == value


@pytest.mark.parametrize(
    "text",
    ["", "-1", "+1", " 1", "1 ", "nan", "inf", "1e", "e5", "1e1000", "1.5e-2.5", "1/0", "1/2/3", "1,5", "٣"],
)
def test_what_is_not_the_number_grammar_is_refused(text: str) -> None:
    with pytest.raises(RationalSyntaxError):
        parse_rational(text)


def test_a_text_past_the_limit_is_too_long_whatever_it_holds() -> None:
    assert ALPHA.read("1" * (MAX_NUMBER_CHARS + 1)) is Refusal.TOO_LONG
    assert WEIGHTS.read("1," * MAX_NUMBER_CHARS) is Refusal.TOO_LONG


@pytest.mark.parametrize(
    ("limit", "text", "answer"),
    [
        (COUNT, "", Refusal.EMPTY),
        (COUNT, "2.5", Refusal.STEP),
        (COUNT, "1e3", Refusal.SYNTAX),
        (COUNT, "0", Refusal.RANGE),
        (COUNT, "007", 7),
        (ALPHA, "3.05", Refusal.STEP),
        (ALPHA, "100.1", Refusal.RANGE),
        (ALPHA, "57/10", Fraction(57, 10)),
        (ALPHA, "3e0", Fraction(3)),
        (DELTA, "1/3", Fraction(1, 3)),
        (DELTA, "1e-5", Fraction(1, 10**5)),
        (DELTA, "2", Refusal.RANGE),
        (SIGNED, "-3", -3),
        (SIGNED, "-0.5", Refusal.STEP),
        (SIGNED, "+2", Refusal.SYNTAX),
        (SIGNED, "−2", Refusal.SYNTAX),
        (SIGNED, "1001", Refusal.RANGE),
        (MODE, "", Refusal.EMPTY),
        (MODE, "xor", "xor"),
        (MODE, "XOR", Refusal.SYNTAX),
        (WEIGHTS, " 9 , 6 ,1 ", (9, 6, 1)),
        (WEIGHTS, "1,,2", Refusal.SYNTAX),
        (WEIGHTS, "1,1,1,1,1,1,1,1,1", Refusal.COUNT),
        (WEIGHTS, "1.5,2", Refusal.SYNTAX),
        (WEIGHTS, "1000001", Refusal.RANGE),
        (WEIGHTS, "0,0", Refusal.ZERO_SUM),
        (EVENT, "", ()),
        (EVENT, "3,1,2", (1, 2, 3)),
        (EVENT, "2,2", Refusal.REPEAT),
        (EVENT, "8", Refusal.RANGE),
        (VALUES, "3,-1,7", (3, -1, 7)),
        (VALUES, "", Refusal.EMPTY),
        (VALUES, "-101", Refusal.RANGE),
        (STEPS, "3:0, 2:0.01", ((Fraction(3), Fraction(0)), (Fraction(2), Fraction(1, 100)))),
        (STEPS, "3", Refusal.SYNTAX),
        (STEPS, "3:0:1", Refusal.SYNTAX),
        (STEPS, "1.1005:0", Refusal.STEP),
        (STEPS, "3:1.5", Refusal.RANGE),
        (STEPS, "1e1:1e-5", ((Fraction(10), Fraction(1, 10**5)),)),
        (MAP, "1,0; 1/2,1/2", ((Fraction(1), Fraction(0)), (Fraction(1, 2), Fraction(1, 2)))),
        (MAP, "1,0;1/2", Refusal.SHAPE),
        (MAP, "1/2,1/3;1,0", Refusal.ROW_SUM),
        (MAP, "0,0;1,1", Refusal.ZERO_SUM),
        (MAP, "1000001,0;0,1", Refusal.RANGE),
        (MAP, ";".join(["1"] * 9), Refusal.COUNT),
        (MAP, "1,0;;0,1", Refusal.SYNTAX),
    ],
)
def test_each_kind_answers_a_value_or_its_first_refusal(limit: object, text: str, answer: object) -> None:
    assert limit.read(text) == answer  # type: ignore[attr-defined]


def test_values_have_their_kinds_types() -> None:
    assert type(COUNT.read("5")) is int
    assert type(SIGNED.read("-5")) is int
    assert type(ALPHA.read("5")) is Fraction


@pytest.mark.parametrize(
    ("limit", "value", "text"),
    [
        (ALPHA, Fraction(3), "3.0"),
        (SHORT, Fraction(11, 10), "1.1"),
        (DELTA, Fraction(1, 3), "1/3"),
        (DELTA, Fraction(0), "0"),
        (EVENT, (1, 2), "1,2"),
        (STEPS, ((Fraction(3), Fraction(0)), (Fraction(2), Fraction(1, 100))), "3:0,2:0.01"),
        (MAP, ((Fraction(1), Fraction(0)), (Fraction(1, 3), Fraction(2, 3))), "1,0;1/3,2/3"),
    ],
)
def test_canonical_texts(limit: object, value: object, text: str) -> None:
    assert limit.text(value) == text  # type: ignore[attr-defined]


def test_decimals() -> None:
    assert fixed_decimal(Fraction(57, 10), 1) == "5.7"
    assert exact_decimal(Fraction(187, 500)) == "0.374"
    assert number_text(Fraction(1, 3)) == "1/3"
    with pytest.raises(ValueError, match="decimal"):
        fixed_decimal(Fraction(1, 3), 1)


tenths = st.integers(10, 1000).map(lambda n: Fraction(n, 10))
exacts = st.fractions(min_value=0, max_value=1, max_denominator=10**6)
pairs = st.tuples(st.integers(1000, 100000).map(lambda n: Fraction(n, 1000)), exacts)


@given(tenths)
def test_a_grid_number_reads_back(value: Fraction) -> None:
    assert ALPHA.read(ALPHA.text(value)) == value


@given(exacts)
def test_any_exact_number_reads_back(value: Fraction) -> None:
    assert DELTA.read(DELTA.text(value)) == value


@given(st.lists(st.integers(-100, 100), min_size=1, max_size=10))
def test_a_list_of_integers_reads_back(values: list[int]) -> None:
    assert VALUES.read(VALUES.text(tuple(values))) == tuple(values)


@given(st.lists(pairs, min_size=1, max_size=12))
def test_steps_read_back(steps: list[tuple[Fraction, Fraction]]) -> None:
    assert STEPS.read(STEPS.text(tuple(steps))) == tuple(steps)


@given(
    st.integers(1, 8).flatmap(
        lambda n: st.lists(st.lists(st.integers(0, 9), min_size=n, max_size=n), min_size=1, max_size=8)
    )
)
def test_a_matrix_of_weights_reads_back(rows: list[list[int]]) -> None:
    typed = tuple(tuple(Fraction(v) for v in row) for row in rows)
    expected = MAP.read(MAP.text(typed))
    assert expected == typed or expected is Refusal.ZERO_SUM


def test_a_matrix_drops_spaces_and_writes_each_entry_exactly() -> None:
    value = MAP.read(" 1 , 0 ; 0.50,1/2 ")
    assert value == ((Fraction(1), Fraction(0)), (Fraction(1, 2), Fraction(1, 2)))
    assert MAP.text(value) == "1,0;0.5,0.5"
    assert MAP.read("2,1;1,2") == ((2, 1), (1, 2))  # weights stay as typed; a lab divides them


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (" ", Refusal.EMPTY),
        ("1," * 600, Refusal.TOO_LONG),
        ("<b>", Refusal.SYNTAX),
        ("1,0;", Refusal.SYNTAX),
        ("-1,2", Refusal.SYNTAX),
        ("1/0,1", Refusal.SYNTAX),
        (",".join(["1"] * 9), Refusal.COUNT),
        ("2.5,1", Refusal.ROW_SUM),
        ("1/2,1/3;1,0;0", Refusal.SHAPE),  # the shape of all rows before any row's sum
        ("1,0;1/2,1/3;0,0", Refusal.ROW_SUM),  # then the rows in order
    ],
)
def test_a_matrix_answers_the_first_rule_it_breaks(text: str, reason: Refusal) -> None:
    assert MAP.read(text) is reason


# The canonical texts the composition lab's address keeps: α on the 0.1 grid with one decimal,
# δ as its shortest decimal or, when none is finite, its reduced fraction; nothing rounded.


@pytest.mark.parametrize(
    ("value", "text"),
    [("1", "1.0"), ("3", "3.0"), ("57/10", "5.7"), ("100", "100.0"), ("11/10", "1.1")],
)
def test_one_decimal(value: str, text: str) -> None:
    assert fixed_decimal(Fraction(value), 1) == text
    assert ALPHA.text(Fraction(value)) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("0", "0"),
        ("1", "1"),
        ("18/25", "0.72"),
        ("187/500", "0.374"),
        ("3/8", "0.375"),
        ("1/1024", "0.0009765625"),
        ("7/5", "1.4"),
    ],
)
def test_exact_decimal(value: str, text: str) -> None:
    assert exact_decimal(Fraction(value)) == text
    assert Fraction(text) == Fraction(value)


@pytest.mark.parametrize("value", ["301/100", "1/3", "22/7"])
def test_a_value_off_the_tenth_grid_has_no_one_decimal_form(value: str) -> None:
    with pytest.raises(ValueError, match="1-decimal"):
        fixed_decimal(Fraction(value), 1)


@pytest.mark.parametrize("value", ["1/3", "1/6", "2/7"])
def test_a_value_without_a_finite_decimal_has_no_decimal_form(value: str) -> None:
    with pytest.raises(ValueError, match="finite decimal"):
        exact_decimal(Fraction(value))


@pytest.mark.parametrize(("value", "text"), [("1/3", "1/3"), ("2/7", "2/7"), ("3/8", "0.375"), ("1", "1")])
def test_delta_is_written_exactly_as_a_decimal_or_else_a_fraction(value: str, text: str) -> None:
    assert number_text(Fraction(value)) == text
    assert DELTA.text(Fraction(value)) == text
    assert parse_rational(text) == Fraction(value)
