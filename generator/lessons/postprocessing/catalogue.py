"""The post-processing lesson's data: its reference examples and its quiz, read from
``lesson.json`` beside this module.

A row's ``kind`` says which lab it is a state of:

- ``"post"`` (:class:`PostExample`): a channel M, either ``source`` ``"fresh"`` (k fresh
  responses at truth probability p, released as their count) with ``p`` and ``k``, or
  ``"rows"`` with two rows of integer weights ``weights0`` and ``weights1``; a map ``map``,
  one row of exact entries per output of M (a row of integers is weights, any other row
  sums to 1); ``map1``, the map under x = 1 when the map reads x, or ``null``; and α.
- ``"group"`` (:class:`GroupExample`): one person's randomized response at ``p``, a group of
  ``g`` who change together, and the single-person point ``alpha1``.

Every row is a state of its lab, and the lab reads each row as it would read its address
(:mod:`.lab` refuses a row it would not accept), so a row marked ``preset`` is one of its
lab's preset buttons as written.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from generator.course.lesson_file import Catalogue, Exact, Row, by_slug, lesson_data

Matrix = tuple[tuple[Exact, ...], ...]


class PostExample(Row):
    kind: Literal["post"]
    source: Literal["fresh", "rows"]
    p: Exact | None = None
    k: int | None = None
    weights0: tuple[int, ...] | None = None
    weights1: tuple[int, ...] | None = None
    map: Matrix
    map1: Matrix | None  # the map under x = 1 when f reads x
    alpha: Exact
    preset: bool  # shown as a preset button of the post-processing lab

    @model_validator(mode="after")
    def _one_source(self) -> PostExample:
        """The chosen source's inputs are given, the other source's are not."""
        given = {name for name in ("p", "k", "weights0", "weights1") if getattr(self, name) is not None}
        wanted = {"p", "k"} if self.source == "fresh" else {"weights0", "weights1"}
        if given != wanted:
            raise ValueError(
                f"a channel of source {self.source!r} gives {sorted(wanted)}, not {sorted(given)}"
            )
        return self


class GroupExample(Row):
    kind: Literal["group"]
    p: Exact
    g: int
    alpha1: Exact
    preset: bool  # shown as a preset button of the group lab


Example = Annotated[PostExample | GroupExample, Field(discriminator="kind")]


SLUG, PATH, DATA = lesson_data(__file__, Catalogue[Example])
BY_SLUG = by_slug(DATA.catalogue)
POST_EXAMPLES = tuple(example for example in DATA.catalogue if isinstance(example, PostExample))
GROUP_EXAMPLES = tuple(example for example in DATA.catalogue if isinstance(example, GroupExample))
