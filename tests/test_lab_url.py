"""The lab's URL state: exact texts for each catalogue example, and a round trip back."""

from __future__ import annotations

from fractions import Fraction
from urllib.parse import parse_qs

import pytest

from generator.core.input_limits import LAB_DELTA
from generator.core.rational import parse_rational
from generator.course.lab_fields import exact_decimal, field_text, fixed_decimal
from generator.lessons.composition.catalogue import BY_SLUG, CATALOGUE, Example
from generator.lessons.composition.lab_url import lab_query


def test_fresh_k2_query_is_the_documented_one() -> None:
    assert lab_query(BY_SLUG["fresh-k2"]) == "mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0"


@pytest.mark.parametrize(
    ("slug", "query"),
    [
        ("composition-p90", "mode=fresh&k=2&p=90&alpha=9.0&delta=0.72&alpha0=3.0"),
        ("xor", "mode=xor&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0"),
        ("boundary-p50", "mode=fresh&k=2&p=50&alpha=1.0&delta=0&alpha0=3.0"),
        ("exercise-tv", "mode=fresh&k=2&p=75&alpha=1.0&delta=0.5&alpha0=3.0"),
        ("exercise-fail", "mode=fresh&k=2&p=75&alpha=3.0&delta=0.374&alpha0=3.0"),
        ("exercise-pass", "mode=fresh&k=2&p=75&alpha=3.0&delta=0.375&alpha0=3.0"),
    ],
)
def test_queries_of_the_reference_examples(slug: str, query: str) -> None:
    assert lab_query(BY_SLUG[slug]) == query


@pytest.mark.parametrize("example", CATALOGUE, ids=[e.slug for e in CATALOGUE])
def test_round_trip_gives_the_exact_example(example: Example) -> None:
    fields = parse_qs(lab_query(example), strict_parsing=True)
    assert list(fields) == ["mode", "k", "p", "alpha", "delta", "alpha0"]
    assert all(len(values) == 1 for values in fields.values())
    assert fields["mode"] == [str(example.mode)]
    assert (int(fields["k"][0]), int(fields["p"][0])) == (example.k, example.p)
    assert parse_rational(fields["alpha"][0]) == example.alpha
    assert parse_rational(fields["delta"][0]) == example.delta
    assert parse_rational(fields["alpha0"][0]) == example.alpha0
    assert all(len(fields[name][0].split(".")[1]) == 1 for name in ("alpha", "alpha0"))


@pytest.mark.parametrize(
    ("value", "text"),
    [("1", "1.0"), ("3", "3.0"), ("57/10", "5.7"), ("100", "100.0"), ("11/10", "1.1")],
)
def test_one_decimal(value: str, text: str) -> None:
    assert fixed_decimal(Fraction(value), 1) == text


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
def test_alpha_off_the_tenth_grid_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="1-decimal"):
        fixed_decimal(Fraction(value), 1)


@pytest.mark.parametrize("value", ["1/3", "1/6", "2/7"])
def test_delta_without_a_finite_decimal_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="finite decimal"):
        exact_decimal(Fraction(value))


@pytest.mark.parametrize(("value", "text"), [("1/3", "1/3"), ("2/7", "2/7"), ("3/8", "0.375"), ("1", "1")])
def test_delta_is_written_exactly_as_a_decimal_or_else_a_fraction(value: str, text: str) -> None:
    assert field_text(LAB_DELTA, Fraction(value)) == text
    assert parse_rational(text) == Fraction(value)
