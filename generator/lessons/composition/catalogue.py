"""The lesson's reference examples as typed rows: the one source for pages, presets, tests.

The rows are the ``catalogue`` section of the lesson's data file (``lesson.json``), read
strictly into :class:`Example`: a bad row is an error that names the file and the row.

Each row fixes a channel (mode, p, k), a claim (α, δ) and a per-step budget α₀. Pages
print numbers computed from these rows, the lab loads them as presets, and the tests
hold the reference's hand-computed values against them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.channels import Channel, Mode, build, check_parameters
from generator.core.claim import check_delta
from generator.core.profile import check_alpha
from generator.course.lesson_data import INT, STR, slugged_rows
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
