"""The composition lesson's data: its reference examples, its two-step releases and its quiz,
read from ``lesson.json`` beside this module.

Each catalogue row fixes a release (mode, p, k: :mod:`generator.core.channels`), a claim
(α, δ) and a per-step budget α₀. Every row is also a state of the lab, and the lab reads
each row as it would read its address (:mod:`.lab` refuses a row it would not accept); every
row is one of its preset buttons, the first title of each address kept.

The ``two_step`` rows are releases the lab does not make: a response with truth probability
``p1`` (percent), then a second one whose truth probability is ``p2[z]`` after the first said
z, each with fresh randomness, released as the pair (Z₁, Z₂) (an adaptive composition), and a
claim (α, δ) to check against it. The page and the quiz print their numbers too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Self

from pydantic import model_validator

from generator.core.channels import Channel, Mode, build, check_parameters, fresh
from generator.core.claim import check_delta
from generator.core.finite_channel import FiniteChannel, adaptive
from generator.core.profile import check_alpha
from generator.course.lesson_file import Catalogue, Exact, LessonDataError, Row, by_slug, lesson_data


class Example(Row):
    mode: Mode
    p: int
    k: int
    alpha: Exact
    delta: Exact
    alpha0: Exact

    def channel(self) -> Channel:
        return build(self.mode, self.p, self.k)


class TwoStep(Row):
    p1: int
    p2: tuple[int, int]  # the second step's truth probability after Z₁ = 0 and after Z₁ = 1
    alpha: Exact
    delta: Exact

    @model_validator(mode="after")
    def _check(self) -> Self:
        for p in (self.p1, *self.p2):
            check_parameters(p, 1)
        check_alpha(self.alpha)
        check_delta(self.delta)
        return self

    def steps(self) -> tuple[Channel, tuple[Channel, Channel]]:
        """The first response, and the second one after Z₁ = 0 and after Z₁ = 1."""
        return fresh(self.p1, 1), (fresh(self.p2[0], 1), fresh(self.p2[1], 1))

    def channel(self) -> FiniteChannel:
        """The pair (Z₁, Z₂) by the chain rule, outputs "00", "01", "10", "11"."""
        first, second = self.steps()
        return adaptive(first, second)


class CompositionData(Catalogue[Example]):
    two_step: tuple[TwoStep, ...]


def check_slugs(path: Path, data: CompositionData) -> None:
    """Refuses a two-step row whose slug is a catalogue row's: the page names either by it."""
    catalogue = {example.slug for example in data.catalogue}
    for index, row in enumerate(data.two_step):
        if row.slug in catalogue:
            raise LessonDataError(f"{path}: two_step[{index}]: slug {row.slug!r} repeats a catalogue row")


SLUG, PATH, DATA = lesson_data(__file__, CompositionData)
check_slugs(PATH, DATA)
BY_SLUG = by_slug(DATA.catalogue)
TWO_STEP_BY_SLUG = by_slug(DATA.two_step)
