"""A lab whose values the core certifies at build time: a small grid of choices and its table.

Some labs show values no browser engine can compute exactly (irrational ε, certified by
python-flint). Such a lab offers a few choices per field (:class:`ChoiceLimit`), the core
computes the record of every point of their product when the site is built, and the page
carries the table as data (``[data-lab-table]``) for the engine to look a point up by its key.

:class:`LookupGrid` is that machinery once: the points of the product (several choices may
name one point when a field is unused, so points are keyed), the table kept in the build
cache under the source digest of the module that computes a record and the grid's choices
(so an edit to either recomputes it, and nothing else does), the uniform sample the golden
vectors draw from, a catalogue row's values written as the grid's choice texts, and the lab
over the grid (:meth:`LookupGrid.lab`), whose state, record and table are the grid's.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from generator.core.fields import ChoiceLimit, parse_rational
from generator.course.build_cache import canonical_json, default_cache, source_digest
from generator.course.golden import Golden
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab
from generator.course.lab_charts import LabCharts
from generator.course.shown import View

Texts = Mapping[str, str]

# δ as a practitioner writes it, which every grid's δ field reads as its choice 1/100000
DELTA_TEXTS = ("0.00001", "1/100000", "1e-05")


class Keyed(Protocol):
    """A point of a grid: its key names its row of the table."""

    @property
    def key(self) -> str: ...


Point = TypeVar("Point", bound=Keyed)
Record = TypeVar("Record")


@dataclass(frozen=True)
class LookupGrid(Generic[Point, Record]):
    """The grid of ``limits``' choices, its points made by ``point``, each computed by ``computed``.

    ``kind`` names the build cache's namespace ("gaussian-grid"); ``records`` is the module
    whose source (and whatever of the project it imports) the table depends on.
    """

    kind: str
    limits: tuple[ChoiceLimit, ...]
    records: str
    point: Callable[[Texts], Point]
    computed: Callable[[Point], Record]

    def state(self, values: Mapping[str, object]) -> Point:
        """The point a lab's read values name (each a choice's text)."""
        return self.point({limit.name: str(values[limit.name]) for limit in self.limits})

    def points(self) -> dict[str, Point]:
        """Every distinct point of the grid, by its key."""
        found: dict[str, Point] = {}
        names = [limit.name for limit in self.limits]
        for choices in itertools.product(*(limit.choices for limit in self.limits)):
            point = self.point(dict(zip(names, choices, strict=True)))
            found.setdefault(point.key, point)
        return found

    def _table_text(self) -> str:
        return canonical_json({key: self.computed(point) for key, point in self.points().items()})

    def table(self) -> dict[str, Record]:
        """Every point's record by its key, from the build cache."""
        choices = canonical_json([list(limit.choices) for limit in self.limits])
        text = default_cache().text(self.kind, (source_digest(self.records), choices), self._table_text)
        table: dict[str, Record] = json.loads(text)
        return table

    def record(self, point: Point) -> Record:
        return self.table()[point.key]

    def sample(self, rng: random.Random) -> Texts:
        """A point of the grid, each choice drawn uniformly (the golden vectors' draw)."""
        return {limit.name: rng.choice(limit.choices) for limit in self.limits}

    def lab(
        self,
        *,
        name: str,
        title: str,
        fields: tuple[Field, ...],
        view: Callable[[Record], View],
        examples: Examples[Any],
        texts: Mapping[str, str],
        summary: Sequence[tuple[str, str]],
        explained_by: Mapping[str, str],
        announcement: Callable[[Record], str],
        seed: int,
        charts: LabCharts[Record] | None = None,
    ) -> Lab[Point, Record]:
        """The lab over this grid: a state is a point and its record the table's, which the
        page carries for the engine to look up; its golden vectors draw 40 points (seeded by
        ``seed``) and read δ also as a practitioner writes it. The rest, charts included, is
        :class:`Lab`'s."""
        return Lab(
            name=name,
            title=title,
            fields=fields,
            state=self.state,
            record=self.record,
            view=view,
            examples=examples,
            own_texts=texts,
            summary=summary,
            explained_by=explained_by,
            announcement=announcement,
            golden=Golden(sample=self.sample, size=40, seed=seed, extra_texts={"delta": DELTA_TEXTS}),
            table=self.table,
            charts=charts,
        )

    def texts(self, values: Mapping[str, Fraction | str]) -> dict[str, str]:
        """A catalogue row's values as the address holds them: a number as the choice equal to it.

        A number no choice equals is written as it is, so the lab's examples check
        (:class:`generator.course.lab.Lab`) names the row that is off the grid.
        """
        return {limit.name: _choice(limit, values[limit.name]) for limit in self.limits}


def _choice(limit: ChoiceLimit, value: Fraction | str) -> str:
    if isinstance(value, str):
        return value
    matching = [choice for choice in limit.choices if parse_rational(choice) == value]
    return matching[0] if matching else str(value)
