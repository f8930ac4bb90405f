"""The optimal-composition lesson's reference examples: k steps and a target δ.

The rows are the ``catalogue`` section of ``lesson.json``, read strictly into :class:`Example`;
a bad row is an error that names the file and the row. A row has one of two shapes:

- homogeneous: ``alpha0``, ``delta0`` and ``k``, that is k steps, each (ln α₀, δ₀)-DP;
- heterogeneous: ``steps``, a list of up to ``MAX_STEPS`` pairs ``[αᵢ, δᵢ]``.

Both carry the target ``delta`` (the question: the smallest ε whose (ε, δ) the composition
meets) and ``preset`` (shown as a preset button of the lab). Exact values are strings, and
every row lies in the lab's fields (:mod:`generator.core.input_limits`), so the lab can open it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.input_limits import MAX_STEPS, OPTIMAL_ALPHA0, OPTIMAL_DELTA, OPTIMAL_DELTA0, OPTIMAL_K
from generator.core.optimal_composition import HeterogeneousComposition, OptimalComposition, Step
from generator.core.rational import parse_rational
from generator.course.lesson_data import BOOL, INT, STR, LessonDataError, entries, fields, label
from generator.lessons.optimal.data import FILE

PAIRS = "a list of [α, δ] pairs of strings"


@dataclass(frozen=True)
class Example:
    """One reference composition and its target δ.

    In the homogeneous shape ``alpha0`` and ``delta0`` are set and ``steps`` is empty; in the
    heterogeneous one they are ``None``, ``steps`` lists the steps and ``k`` is their number.
    :attr:`composition` is the core's object for either shape.
    """

    slug: str
    title: str
    alpha0: Fraction | None
    delta0: Fraction | None
    k: int
    delta: Fraction
    steps: tuple[Step, ...]
    preset: bool

    def __post_init__(self) -> None:
        if not OPTIMAL_DELTA.in_range(self.delta):
            raise ValueError(f"the target δ = {self.delta} is outside the lab's δ field")
        if not OPTIMAL_K.in_range(Fraction(self.k)):
            raise ValueError(f"k = {self.k} is outside the lab's k field")
        if self.heterogeneous:
            if self.delta0 is not None or not 1 <= len(self.steps) <= MAX_STEPS:
                raise ValueError(f"a heterogeneous row has 1..{MAX_STEPS} steps and no α₀, δ₀")
            if self.k != len(self.steps):
                raise ValueError(f"k = {self.k} is not the number of steps, {len(self.steps)}")
        elif self.delta0 is None or self.steps:
            raise ValueError("a homogeneous row has α₀ and δ₀ and no list of steps")
        for step in set(self.composition.steps):  # the core checks α >= 1 and δ in [0, 1]
            if not (OPTIMAL_ALPHA0.in_range(step.alpha) and OPTIMAL_ALPHA0.on_grid(step.alpha)):
                raise ValueError(f"α = {step.alpha} is outside the lab's α₀ field")
            if not OPTIMAL_DELTA0.in_range(step.delta):
                raise ValueError(f"δ = {step.delta} is outside the lab's δ₀ field")

    @property
    def heterogeneous(self) -> bool:
        return self.alpha0 is None

    @property
    def composition(self) -> OptimalComposition | HeterogeneousComposition:
        if self.alpha0 is None or self.delta0 is None:
            return HeterogeneousComposition(self.steps)
        return OptimalComposition(self.alpha0, self.delta0, self.k)


HOMOGENEOUS_KEYS = {
    "slug": STR,
    "title": STR,
    "alpha0": STR,
    "delta0": STR,
    "k": INT,
    "delta": STR,
    "preset": BOOL,
}
HETEROGENEOUS_KEYS = {"slug": STR, "title": STR, "steps": PAIRS, "delta": STR, "preset": BOOL}


def _step(pair: Any) -> Step:
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(value, str) for value in pair)):
        raise ValueError(f"a step is a pair [α, δ] of exact strings, not {pair!r}")
    return Step(parse_rational(pair[0]), parse_rational(pair[1]))


def _example(values: dict[str, Any]) -> Example:
    if "steps" in values:
        if not isinstance(values["steps"], list):
            raise ValueError(f"'steps' must be {PAIRS}")
        steps = tuple(_step(pair) for pair in values["steps"])
        return Example(
            values["slug"],
            values["title"],
            alpha0=None,
            delta0=None,
            k=len(steps),
            delta=parse_rational(values["delta"]),
            steps=steps,
            preset=values["preset"],
        )
    return Example(
        values["slug"],
        values["title"],
        alpha0=parse_rational(values["alpha0"]),
        delta0=parse_rational(values["delta0"]),
        k=values["k"],
        delta=parse_rational(values["delta"]),
        steps=(),
        preset=values["preset"],
    )


def _keys(entry: Any) -> Mapping[str, str]:
    return HETEROGENEOUS_KEYS if isinstance(entry, dict) and "steps" in entry else HOMOGENEOUS_KEYS


def catalogue_from_data(section: Any, where: str) -> tuple[Example, ...]:
    """The catalogue from the data file's ``catalogue`` section; ``where`` names the section.

    Each row is read against the keys of its shape (it has ``steps`` or it has not); a row
    the core refuses, or a slug that repeats an earlier row's, names the row.
    """
    rows: list[Example] = []
    for index, entry in enumerate(entries(section, where)):
        name = label(where, index, entry)
        values = fields(entry, _keys(entry), name)
        try:
            row = _example(values)
        except (ValueError, ZeroDivisionError) as error:
            raise LessonDataError(f"{name}: {error}") from error
        if row.slug in (earlier.slug for earlier in rows):
            raise LessonDataError(f"{where}[{index}]: slug {row.slug!r} repeats an earlier row")
        rows.append(row)
    return tuple(rows)


CATALOGUE: tuple[Example, ...] = catalogue_from_data(FILE.data["catalogue"], f"{FILE.path}: catalogue")
BY_SLUG: dict[str, Example] = {example.slug: example for example in CATALOGUE}
