"""The events lesson's reference examples: a channel, a claim (α, δ) and one event S.

The rows are the ``catalogue`` section of ``lesson.json``, read strictly into :class:`Example`;
a bad row is an error that names the file and the row. A channel is two rows of non-negative
integer weights (:func:`generator.core.finite_channel.from_rows`), its event lists output
indices. The lab accepts every row as it is, so each row is also a preset of the lab.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.claim import check_delta
from generator.core.events import check_outputs
from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.input_limits import LAB_ALPHA, LAB_DELTA
from generator.core.list_fields import EVENT, WEIGHTS0, WEIGHTS1, list_text, read_list
from generator.core.profile import check_alpha
from generator.course.lesson_data import BOOL, INTS, STR, slugged_rows
from generator.lessons.events.data import FILE


@dataclass(frozen=True)
class Example:
    slug: str
    title: str
    weights0: tuple[int, ...]
    weights1: tuple[int, ...]
    alpha: Fraction
    delta: Fraction
    event: tuple[int, ...]
    preset: bool  # shown as a preset button of the lab

    def __post_init__(self) -> None:
        check_alpha(self.alpha)
        check_delta(self.delta)
        for limit, values in ((WEIGHTS0, self.weights0), (WEIGHTS1, self.weights1), (EVENT, self.event)):
            if read_list(limit, list_text(values)) != (tuple(sorted(values)) if limit.distinct else values):
                raise ValueError(f"{limit.name} {list_text(values)!r} is not a valid lab input")
        if not (LAB_ALPHA.in_range(self.alpha) and LAB_ALPHA.on_grid(self.alpha)):
            raise ValueError(f"α = {self.alpha} is outside the lab's α field")
        if not LAB_DELTA.in_range(self.delta):
            raise ValueError(f"δ = {self.delta} is outside the lab's δ field")
        check_outputs(self.channel(), self.event)

    def channel(self) -> FiniteChannel:
        return from_rows(self.weights0, self.weights1)


EXAMPLE_KEYS = {
    "slug": STR,
    "title": STR,
    "weights0": INTS,
    "weights1": INTS,
    "alpha": STR,
    "delta": STR,
    "event": INTS,
    "preset": BOOL,
}


def _example(values: dict[str, Any]) -> Example:
    return Example(
        values["slug"],
        values["title"],
        weights0=tuple(values["weights0"]),
        weights1=tuple(values["weights1"]),
        alpha=Fraction(values["alpha"]),
        delta=Fraction(values["delta"]),
        event=tuple(values["event"]),
        preset=values["preset"],
    )


def catalogue_from_data(section: Any, where: str) -> tuple[Example, ...]:
    """The catalogue from the data file's ``catalogue`` section; ``where`` names the section."""
    return slugged_rows(section, where, EXAMPLE_KEYS, _example)


CATALOGUE: tuple[Example, ...] = catalogue_from_data(FILE.data["catalogue"], f"{FILE.path}: catalogue")
BY_SLUG: dict[str, Example] = {example.slug: example for example in CATALOGUE}
