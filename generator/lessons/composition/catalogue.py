"""The lesson's reference examples as typed rows: the one source for pages, presets, tests.

The rows are the ``catalogue`` section of the lesson's data file (``lesson.json``), read
strictly into :class:`Example`: a bad row is an error that names the file and the row.

Each row fixes a channel (mode, p, k), a claim (α, δ) and a per-step budget α₀. Pages
print numbers computed from these rows, the lab loads them as presets, and the tests
hold the reference's hand-computed values against them.

The ``two_step`` section holds releases the lab does not make: two responses about the same
bit, the second one's truth probability chosen by what the first one said (an adaptive
composition), read into :class:`TwoStep`. The page and the quiz print their numbers too.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.channels import Channel, Mode, build, check_parameters, fresh
from generator.core.claim import check_delta
from generator.core.finite_channel import FiniteChannel, adaptive
from generator.core.profile import check_alpha
from generator.course.lesson_data import INT, INTS, STR, slugged_rows
from generator.lessons.composition.data import DATA, DATA_FILE


@dataclass(frozen=True)
class Example:
    slug: str
    title: str
    mode: Mode
    p: int
    k: int
    alpha: Fraction
    delta: Fraction
    alpha0: Fraction

    def __post_init__(self) -> None:
        check_parameters(self.p, self.k)
        check_alpha(self.alpha)
        check_alpha(self.alpha0)
        check_delta(self.delta)

    def channel(self) -> Channel:
        return build(self.mode, self.p, self.k)


EXAMPLE_KEYS = {
    "slug": STR,
    "title": STR,
    "mode": STR,
    "p": INT,
    "k": INT,
    "alpha": STR,
    "delta": STR,
    "alpha0": STR,
}


def _example(values: dict[str, Any]) -> Example:
    fractions = {name: Fraction(values[name]) for name in ("alpha", "delta", "alpha0")}
    return Example(
        values["slug"], values["title"], Mode(values["mode"]), values["p"], values["k"], **fractions
    )


def catalogue_from_data(section: Any, where: str) -> tuple[Example, ...]:
    """The catalogue from the data file's ``catalogue`` section; ``where`` names the section."""
    return slugged_rows(section, where, EXAMPLE_KEYS, _example)


CATALOGUE: tuple[Example, ...] = catalogue_from_data(DATA["catalogue"], f"{DATA_FILE}: catalogue")

BY_SLUG: dict[str, Example] = {example.slug: example for example in CATALOGUE}


@dataclass(frozen=True)
class TwoStep:
    """A response with truth probability ``p1`` (percent), then a second one whose truth
    probability is ``p2[z]`` after the first said z, each with fresh randomness; both are
    released as the pair (Z₁, Z₂). A claim (α, δ) to check against it."""

    slug: str
    title: str
    p1: int
    p2: tuple[int, int]
    alpha: Fraction
    delta: Fraction

    def __post_init__(self) -> None:
        if len(self.p2) != 2:
            raise ValueError(f"p2 gives the second step after Z₁ = 0 and after Z₁ = 1, got {self.p2!r}")
        for p in (self.p1, *self.p2):
            check_parameters(p, 1)
        check_alpha(self.alpha)
        check_delta(self.delta)

    def steps(self) -> tuple[Channel, tuple[Channel, Channel]]:
        """The first response, and the second one after Z₁ = 0 and after Z₁ = 1."""
        return fresh(self.p1, 1), (fresh(self.p2[0], 1), fresh(self.p2[1], 1))

    def channel(self) -> FiniteChannel:
        """The pair (Z₁, Z₂) by the chain rule, outputs "00", "01", "10", "11"."""
        first, second = self.steps()
        return adaptive(first, second)


TWO_STEP_KEYS = {"slug": STR, "title": STR, "p1": INT, "p2": INTS, "alpha": STR, "delta": STR}


def _two_step(values: dict[str, Any]) -> TwoStep:
    return TwoStep(
        values["slug"],
        values["title"],
        values["p1"],
        tuple(values["p2"]),  # its length is checked on creation
        Fraction(values["alpha"]),
        Fraction(values["delta"]),
    )


def two_step_from_data(section: Any, where: str) -> tuple[TwoStep, ...]:
    """The two-step releases from the data file's ``two_step`` section; ``where`` names it."""
    return slugged_rows(section, where, TWO_STEP_KEYS, _two_step)


TWO_STEP: tuple[TwoStep, ...] = two_step_from_data(DATA["two_step"], f"{DATA_FILE}: two_step")

TWO_STEP_BY_SLUG: dict[str, TwoStep] = {row.slug: row for row in TWO_STEP}
