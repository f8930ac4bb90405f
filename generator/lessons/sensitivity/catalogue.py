"""The sensitivity lesson's data: its reference examples (a small database, a query, a
neighbour relation and a mechanism) and its quiz, read from ``lesson.json`` beside this module.

Every row holds the keys of a :class:`~generator.lessons.sensitivity.setting.Setting`, its
output range written ``range: [lo, hi]``, and ``preset``: whether the lab shows it as a preset
button. A row whose setting is refused (a query its mechanism does not answer, a range that
misses an answer, categories without k, …) is refused by name; every row is also a state of
the lab, which reads each row as it would read its address (:mod:`.lab` refuses a row it
would not accept).
"""

from __future__ import annotations

from pydantic import model_validator

from generator.core.sensitivity import Neighbour
from generator.course.lesson_file import Catalogue, Exact, Row, by_slug, lesson_data
from generator.lessons.sensitivity.setting import Mechanism, Setting


class Example(Row):
    values: tuple[int, ...]
    query: str
    bound: int | None  # B of the clipped sum; null: no clipping
    neighbour: Neighbour
    mechanism: Mechanism
    alpha0: Exact
    range: tuple[int, int]
    k: int | None  # the number of categories (k-ary and exponential rows)
    tolerance: int
    preset: bool  # shown as a preset button of the lab

    @model_validator(mode="after")
    def _is_a_setting(self) -> Example:
        self.setting()
        return self

    def setting(self) -> Setting:
        lo, hi = self.range
        return Setting(
            self.values,
            self.query,
            self.bound,
            self.neighbour,
            self.mechanism,
            self.alpha0,
            lo,
            hi,
            self.k,
            self.tolerance,
        )


SLUG, PATH, DATA = lesson_data(__file__, Catalogue[Example])
BY_SLUG = by_slug(DATA.catalogue)
