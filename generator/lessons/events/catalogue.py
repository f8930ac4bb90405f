"""The events lesson's data: its reference examples (a channel, a claim and one event) and
its quiz, read from ``lesson.json`` beside this module.

A channel is two rows of non-negative integer weights over the same outputs, normalised by
their sums (:func:`generator.core.finite_channel.from_rows`); the claim is (α, δ); the event
lists 0-based output indices. Every row is also a state of the lab, and the lab reads each
row as it would read its address (:mod:`.lab` refuses a row it would not accept), so a row
marked ``preset`` is one of its preset buttons as written.
"""

from __future__ import annotations

from generator.core.finite_channel import FiniteChannel, from_rows
from generator.course.lesson_file import Catalogue, Exact, Row, by_slug, lesson_data


class Example(Row):
    weights0: tuple[int, ...]
    weights1: tuple[int, ...]
    alpha: Exact
    delta: Exact
    event: tuple[int, ...]
    preset: bool  # shown as a preset button of the lab

    def channel(self) -> FiniteChannel:
        return from_rows(self.weights0, self.weights1)


SLUG, PATH, DATA = lesson_data(__file__, Catalogue[Example])
BY_SLUG = by_slug(DATA.catalogue)
