"""A lab's charts, declared once: what each chart is built from, and everything derived from it.

A lab's chart is one Altair builder over a state's record (:class:`Chart`). From the builder,
the function giving its named data sets, and its text alternative, the page needs three
things, each of one shape in every lab:

- the specs the page carries (:meth:`LabCharts.specs`), grouped in *spec sets* by name: the
  engine in the browser picks a set by the name its record gives, and embeds each chart's spec
  of it, its rows emptied (:func:`generator.course.charts.without_rows`);
- the static images of a state (:meth:`LabCharts.images`), by chart kind, for the page before
  its script runs and for print;
- the rows the engine hands a set's charts (:meth:`LabCharts.rows`): the set's name and, by
  kind, each chart's named data sets. The golden vectors hold these to the engine's.

A lab whose charts read one way in every state has one spec set; a lab of one chart names its
set for that chart (:meth:`LabCharts.single`); a lab whose axes are named
for a state's mode (the composition lab) names its set from the record and ships one set per
mode (``shipped``: the records whose specs the page carries).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import altair as alt
from markupsafe import Markup

from generator.course.charts import DataSets, Spec, chart_image, chart_spec

Rec = TypeVar("Rec")


@dataclass(frozen=True)
class Chart(Generic[Rec]):
    """One chart of a lab: its kind (the name its box and data carry), its builder (which draws
    from named data and gathers no rows), its named data sets of a record, and its text
    alternative (a sentence, or one of a record)."""

    kind: str
    build: Callable[[Rec], alt.TopLevelSpec]
    data: Callable[[Rec], DataSets]
    label: str | Callable[[Rec], str]

    def spec(self, record: Rec) -> Spec:
        """The validated spec of ``record``'s chart, its data sets attached (from the build cache)."""
        return chart_spec(self.build, record, self.data)

    def alt_text(self, record: Rec) -> str:
        return self.label if isinstance(self.label, str) else self.label(record)

    def image(self, record: Rec) -> Markup:
        """The static chart of ``record``, with its text alternative."""
        return chart_image(self.spec(record), self.alt_text(record))


@dataclass(frozen=True)
class LabCharts(Generic[Rec]):
    """A lab's charts: its spec set's name (or the name a record gives), its charts, and, when
    there are several sets, the records whose sets the page carries (by default, only the
    default state's)."""

    name: str | Callable[[Rec], str]
    charts: tuple[Chart[Rec], ...]
    shipped: Callable[[], Sequence[Rec]] | None = None

    @classmethod
    def single(cls, chart: Chart[Rec]) -> LabCharts[Rec]:
        """The charts of a lab that draws one chart: one spec set, named for the chart's kind."""
        return cls(chart.kind, (chart,))

    def __post_init__(self) -> None:
        kinds = self.kinds
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"two charts share a kind: {kinds}")

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(chart.kind for chart in self.charts)

    def chart(self, kind: str) -> Chart[Rec]:
        """The chart of ``kind``; :class:`ValueError` names the kinds there are."""
        for chart in self.charts:
            if chart.kind == kind:
                return chart
        raise ValueError(f"unknown chart {kind!r}; expected one of {sorted(self.kinds)}")

    def set_name(self, record: Rec) -> str:
        return self.name if isinstance(self.name, str) else self.name(record)

    def specs(self, records: Sequence[Rec]) -> dict[str, dict[str, Spec]]:
        """The spec sets of ``records``: set name -> kind -> spec."""
        return {
            self.set_name(record): {chart.kind: chart.spec(record) for chart in self.charts}
            for record in records
        }

    def shipped_records(self, default: Rec) -> Sequence[Rec]:
        """The records whose spec sets the page carries: ``shipped``'s, or the default state's."""
        return self.shipped() if self.shipped is not None else (default,)

    def images(self, record: Rec) -> Mapping[str, Markup]:
        """A state's static charts by kind."""
        return {chart.kind: chart.image(record) for chart in self.charts}

    def rows(self, record: Rec) -> dict[str, object]:
        """What the engine hands a state's charts: its set's name and each chart's data sets."""
        return {
            "spec": self.set_name(record),
            "data": {chart.kind: chart.data(record) for chart in self.charts},
        }
