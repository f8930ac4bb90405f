"""The post-processing lesson's reference examples: post-processing rows and group rows.

The rows are the ``catalogue`` section of ``lesson.json``, read strictly; each row's
``kind`` says which of two forms it has.

- ``"post"`` (:class:`PostExample`): a channel, either two rows of integer weights
  ``{"weights0": […], "weights1": […]}`` (:func:`generator.core.finite_channel.from_rows`) or
  ``{"fresh": {"p": "3/4", "k": 3}}``, k fresh responses at truth probability p released as
  their count (:func:`generator.core.channels.fresh_counts`); a map ``"map"`` of integer
  weight rows, one per channel output, each divided by its sum
  (:meth:`generator.core.post_processing.StochasticMap.from_weights`); ``"map1"``, the map
  used under x = 1 when the map reads x, or ``null``; and the claim point ``"alpha"``.
- ``"group"`` (:class:`GroupExample`): one person's randomized response at ``p``, a group
  of ``g`` who change together, and the single-person point α₁ (whose δ₁ is δ*_RR(α₁)).

A bad row is an error that names the file and the row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.channels import fresh_counts
from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.post_processing import StochasticMap
from generator.core.profile import check_alpha
from generator.course.lesson_data import (
    BOOL,
    INT,
    INTS,
    STR,
    LessonDataError,
    entries,
    fields,
    label,
    slugged_rows,
)
from generator.lessons.postprocessing.data import FILE


@dataclass(frozen=True)
class PostExample:
    """A channel M, a map f of its output (``map0``; ``map1`` too when f reads x) and α."""

    slug: str
    title: str
    channel: FiniteChannel
    map0: StochasticMap
    map1: StochasticMap | None  # the map under x = 1 when f reads x, else None
    alpha: Fraction
    preset: bool  # shown as a preset button of the post-processing lab

    def __post_init__(self) -> None:
        check_alpha(self.alpha)
        outputs = len(self.channel.labels)
        for rows in (self.map0, self.map1):
            if rows is not None and len(rows.rows) != outputs:
                raise ValueError(f"a map needs one row per channel output ({outputs}), not {len(rows.rows)}")
        if self.map1 is not None and self.map1.width != self.map0.width:
            raise ValueError("map and map1 must have the same number of outputs")

    @property
    def reads_x(self) -> bool:
        return self.map1 is not None


@dataclass(frozen=True)
class GroupExample:
    """g people each giving one randomized response at p, with one person's point α₁."""

    slug: str
    title: str
    p: Fraction
    g: int
    alpha1: Fraction
    preset: bool  # shown as a preset button of the group lab

    def __post_init__(self) -> None:
        check_alpha(self.alpha1)
        if not Fraction(1, 2) <= self.p < 1:
            raise ValueError(f"p = {self.p} must lie in [1/2, 1)")
        if self.g < 1:
            raise ValueError(f"g = {self.g} must be at least 1")

    def single(self) -> FiniteChannel:
        """One person's randomized response."""
        return fresh_counts(self.p, 1)

    def group(self) -> FiniteChannel:
        """The group change: g fresh responses, all flipped (the others' answers cancel)."""
        return fresh_counts(self.p, self.g)


Example = PostExample | GroupExample

POST_KEYS = {
    "kind": STR,
    "slug": STR,
    "title": STR,
    "channel": "an object",
    "map": "rows of integer weights",
    "map1": "rows of integer weights or null",
    "alpha": STR,
    "preset": BOOL,
}
GROUP_KEYS = {"kind": STR, "slug": STR, "title": STR, "p": STR, "g": INT, "alpha1": STR, "preset": BOOL}
WEIGHTS_KEYS = {"weights0": INTS, "weights1": INTS}
FRESH_KEYS = {"p": STR, "k": INT}


def _rows(value: Any) -> StochasticMap:
    if not isinstance(value, list) or not all(isinstance(row, list) for row in value):
        raise ValueError(f"a map must be a list of rows of integer weights, not {value!r}")
    return StochasticMap.from_weights(value)


def _channel(value: Any, where: str) -> FiniteChannel:
    if isinstance(value, dict) and "fresh" in value:
        fresh = fields(fields(value, {"fresh": "an object"}, where)["fresh"], FRESH_KEYS, f"{where}: fresh")
        return fresh_counts(Fraction(fresh["p"]), fresh["k"])
    rows = fields(value, WEIGHTS_KEYS, where)
    return from_rows(rows["weights0"], rows["weights1"])


def _post(values: dict[str, Any]) -> PostExample:
    return PostExample(
        values["slug"],
        values["title"],
        channel=_channel(values["channel"], f"channel of {values['slug']!r}"),
        map0=_rows(values["map"]),
        map1=None if values["map1"] is None else _rows(values["map1"]),
        alpha=Fraction(values["alpha"]),
        preset=values["preset"],
    )


def _group(values: dict[str, Any]) -> GroupExample:
    return GroupExample(
        values["slug"],
        values["title"],
        p=Fraction(values["p"]),
        g=values["g"],
        alpha1=Fraction(values["alpha1"]),
        preset=values["preset"],
    )


Maker = Callable[[dict[str, Any]], Example]
KINDS: dict[str, tuple[dict[str, str], Maker]] = {"post": (POST_KEYS, _post), "group": (GROUP_KEYS, _group)}


def catalogue_from_data(section: Any, where: str) -> tuple[Example, ...]:
    """The catalogue from the data file's ``catalogue`` section; ``where`` names the section.

    Each kind's rows are read strictly by :func:`generator.course.lesson_data.slugged_rows`;
    post rows come first, and no slug may repeat across the kinds either.
    """
    rows = entries(section, where)
    for index, entry in enumerate(rows):
        if not isinstance(entry, dict) or entry.get("kind") not in KINDS:
            raise LessonDataError(f"{label(where, index, entry)}: 'kind' must be one of {list(KINDS)}")
    catalogue: tuple[Example, ...] = ()
    for kind, (keys, make) in KINDS.items():
        catalogue += slugged_rows([e for e in rows if e["kind"] == kind], f"{where} ({kind})", keys, make)
    slugs = [example.slug for example in catalogue]
    repeated = sorted({slug for slug in slugs if slugs.count(slug) > 1})
    if repeated:
        raise LessonDataError(f"{where}: slug {repeated[0]!r} names more than one row")
    return catalogue


CATALOGUE: tuple[Example, ...] = catalogue_from_data(FILE.data["catalogue"], f"{FILE.path}: catalogue")
BY_SLUG: dict[str, Example] = {example.slug: example for example in CATALOGUE}
POST_EXAMPLES: tuple[PostExample, ...] = tuple(e for e in CATALOGUE if isinstance(e, PostExample))
GROUP_EXAMPLES: tuple[GroupExample, ...] = tuple(e for e in CATALOGUE if isinstance(e, GroupExample))
