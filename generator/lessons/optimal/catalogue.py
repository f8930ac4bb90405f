"""The optimal-composition lesson's data: its reference compositions with their target δ, and
its quiz, read from ``lesson.json`` beside this module.

A row has one of two shapes:

- k equal steps: ``alpha0``, ``delta0`` and ``k``, that is k steps, each (ln α₀, δ₀)-DP;
- steps of their own: ``steps``, a list of pairs ``[αᵢ, δᵢ]``.

Both carry the target ``delta`` (the question: the smallest ε whose (ε, δ) the composition
meets) and ``preset`` (shown as a preset button of the lab). Every row is also a state of the
lab, and the lab reads each row as it would read its address (:mod:`.lab` refuses a row it
would not accept: a δ outside its field, k above 1 000, an α₀ off its grid, more than 12
steps).
"""

from __future__ import annotations

from typing import Self

from pydantic import model_validator

from generator.core.optimal_composition import HeterogeneousComposition, OptimalComposition, Step
from generator.course.lesson_file import Catalogue, Exact, Row, by_slug, lesson_data

Composition = OptimalComposition | HeterogeneousComposition


class Example(Row):
    """One reference composition and its target δ: k equal steps (``alpha0``, ``delta0``,
    ``k``) or steps of their own (``steps``), never both."""

    alpha0: Exact | None = None
    delta0: Exact | None = None
    k: int | None = None
    steps: tuple[tuple[Exact, Exact], ...] | None = None
    delta: Exact
    preset: bool  # shown as a preset button of the lab

    @model_validator(mode="after")
    def _one_shape(self) -> Self:
        same = (self.alpha0, self.delta0, self.k)
        if self.steps is None and None in same:
            raise ValueError("a row of equal steps has alpha0, delta0 and k")
        if self.steps is not None and same != (None, None, None):
            raise ValueError("a row of steps of their own has no alpha0, delta0 or k")
        if self.steps is not None and not self.steps:
            raise ValueError("a row of steps of their own has at least one step")
        return self

    @property
    def heterogeneous(self) -> bool:
        return self.steps is not None

    @property
    def step_count(self) -> int:
        """k: the number of steps of either shape."""
        if self.steps is not None:
            return len(self.steps)
        assert self.k is not None
        return self.k

    def composition(self) -> Composition:
        """The core's composition of the row's steps (the core refuses an α below 1, a δ outside [0, 1])."""
        if self.steps is not None:
            return HeterogeneousComposition(tuple(Step(alpha, delta) for alpha, delta in self.steps))
        assert self.alpha0 is not None
        assert self.delta0 is not None
        assert self.k is not None
        return OptimalComposition(self.alpha0, self.delta0, self.k)


SLUG, PATH, DATA = lesson_data(__file__, Catalogue[Example])
BY_SLUG = by_slug(DATA.catalogue)
