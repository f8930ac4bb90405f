"""A lab's state built from its fields' values, each value held to its field's kind."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

import pytest

from generator.course.lab_state import state_of


class Mode(enum.Enum):
    FRESH = "fresh"
    SAME = "same"


@dataclass(frozen=True)
class Sample:
    mode: Mode
    k: int
    alpha: Fraction
    weights: tuple[int, ...]
    steps: tuple[tuple[Fraction, Fraction], ...]


GOOD = {
    "mode": "same",
    "k": 3,
    "alpha": Fraction(3, 2),
    "weights": (1, 2),
    "steps": ((Fraction(2), Fraction(0)),),
    "other": "a field the state does not hold",
}


def test_the_state_holds_each_value_by_its_fields_name() -> None:
    assert state_of(Sample)(GOOD) == Sample(
        Mode.SAME, 3, Fraction(3, 2), (1, 2), ((Fraction(2), Fraction(0)),)
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("k", "3"),
        ("k", Fraction(3)),
        ("k", True),
        ("alpha", 1),
        ("alpha", 1.5),
        ("weights", [1, 2]),
        ("steps", ((1, 0),)),
        ("mode", "mixed"),
    ],
)
def test_a_value_of_another_kind_is_refused_with_its_fields_name(name: str, value: object) -> None:
    with pytest.raises(TypeError, match=rf"^Sample\.{name}: "):
        state_of(Sample)({**GOOD, name: value})


def test_a_missing_field_is_named() -> None:
    with pytest.raises(KeyError, match="alpha"):
        state_of(Sample)({name: value for name, value in GOOD.items() if name != "alpha"})
