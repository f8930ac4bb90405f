"""The lookup grid: its points, its cached table, its sample and a row's texts."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from generator.core.fields import ChoiceLimit, parse_rational
from generator.course.build_cache import DIRECTORY_VARIABLE
from generator.course.lookup_grid import LookupGrid, Texts

KIND = ChoiceLimit("kind", ("sum", "product"))
LEFT = ChoiceLimit("left", ("1", "2", "1/3"))
RIGHT = ChoiceLimit("right", ("5", "0.5"))
CALLS: list[str] = []


@dataclass(frozen=True)
class Point:
    kind: str
    left: str
    right: str

    @property
    def key(self) -> str:
        # A product ignores its right operand, as a mechanism ignores another's field.
        used = (self.kind, self.left) if self.kind == "product" else (self.kind, self.left, self.right)
        return "|".join(used)


def _point(texts: Texts) -> Point:
    return Point(texts["kind"], texts["left"], texts["right"])


def _computed(point: Point) -> str:
    CALLS.append(point.key)
    left, right = parse_rational(point.left), parse_rational(point.right)
    return str(left + right if point.kind == "sum" else left * left)


GRID = LookupGrid("test-grid", (KIND, LEFT, RIGHT), __name__, _point, _computed)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DIRECTORY_VARIABLE, str(tmp_path))
    CALLS.clear()


def test_points_are_the_product_with_unused_fields_merged() -> None:
    assert sorted(GRID.points()) == [
        "product|1",
        "product|1/3",
        "product|2",
        "sum|1/3|0.5",
        "sum|1/3|5",
        "sum|1|0.5",
        "sum|1|5",
        "sum|2|0.5",
        "sum|2|5",
    ]


def test_the_table_holds_every_point_and_is_computed_once() -> None:
    table = GRID.table()
    assert table["sum|1/3|0.5"] == "5/6"
    assert table["product|2"] == "4"
    assert len(CALLS) == 9
    assert GRID.table() == table
    assert len(CALLS) == 9, "a second read must come from the cache"


def test_state_and_record_read_the_address_texts() -> None:
    point = GRID.state({"kind": "sum", "left": "2", "right": "0.5"})
    assert point == Point("sum", "2", "0.5")
    assert GRID.record(point) == "5/2"


def test_sample_draws_only_choices() -> None:
    rng = random.Random(3)
    drawn = [GRID.sample(rng) for _ in range(50)]
    assert all(texts["left"] in LEFT.choices and texts["right"] in RIGHT.choices for texts in drawn)
    assert {texts["kind"] for texts in drawn} == {"sum", "product"}


def test_texts_names_a_number_by_its_choice_and_keeps_one_off_the_grid() -> None:
    texts = GRID.texts({"kind": "sum", "left": Fraction(1, 3), "right": Fraction(7)})
    assert texts == {"kind": "sum", "left": "1/3", "right": "7"}
    assert GRID.texts({"kind": "product", "left": Fraction(2), "right": "5"})["left"] == "2"
