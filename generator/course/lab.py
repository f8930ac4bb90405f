"""A lab, declared: what a lesson says about its lab, and what the course builds from it.

A lesson declares each of its labs as one :class:`Lab`: its fields (their rules and Korean),
the rules across fields, how values become a typed state and a state its typed record, its
view (:mod:`generator.course.shown`: what every output slot shows), its texts, its charts
and its template of structure. From that one declaration the course makes everything that is
the same for every lab:

- reading a state from texts (:meth:`Lab.read`): every field by its limit's reader, then the
  lab's rules across fields, a field refused on its own keeping its own reason, a field the
  state ignores never refused;
- the address of a state (:meth:`Lab.query`), with every field's canonical text;
- the lab's markup (:meth:`Lab.html`) over the course shell ``lab.html``, showing the
  default state, and a worked example's card (:meth:`Lab.card`);
- its golden vectors (:mod:`generator.course.golden`).

In the browser, the lab kit (``kit/lab.mjs``) does the same from the lab's module
(``generator/lessons/<slug>/lab/<name>.mjs``: its exact engine, its rules and its view,
the twins of this declaration's functions), which the golden vectors hold to Python's.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from generator.core.fields import AnyLimit, Refusal
from generator.course.charts import Spec, without_rows
from generator.course.golden import Golden
from generator.course.inputs import Field
from generator.course.lab_charts import LabCharts
from generator.course.lesson_file import LessonDataError, Row, opening
from generator.course.shown import View, slot_selector
from generator.course.templates import render

# What the lab kit (kit/lab.mjs, kit/charts.mjs) says in its own words, handed over as
# data-text-* attributes of each lab; {names} is filled with the URL parameters that could
# not be used.
SCRIPT_TEXTS = {
    "bad-url": "주소에 있던 값 중 쓸 수 없는 것({names})은 기본값으로 바꾸어 열었습니다.",
    "bad-input": "입력을 확인하세요. 고치기 전까지는 마지막으로 계산한 결과를 보여 줍니다.",
    "failed": (
        "이 입력의 결과를 계산하거나 표시하지 못했습니다. 흐리게 표시된 결과와 그래프는 마지막으로 "
        "계산에 성공한 상태의 것입니다. 다른 값을 입력하거나 페이지를 새로 고쳐 보세요."
    ),
    "charts-failed": (
        "그래프를 새로 그리지 못했습니다. 흐리게 표시된 그래프는 이전 상태의 것이고, 표의 값은 최신입니다."
    ),
    "summary-pass": "통과",
    "summary-fail": "실패",
    "link-copied": "이 상태의 링크를 복사했습니다.",
    "link-select": "자동으로 복사하지 못했습니다. 위 칸의 링크가 선택되어 있으니 직접 복사하세요.",
}
STATIC_NOTE = "아래 값은 기본 설정의 결과입니다. 입력을 바꾸어 계산하려면 JavaScript를 켜세요."

State = TypeVar("State")
Row_ = TypeVar("Row_", bound=Row)
Rec = TypeVar("Rec")

Values = Mapping[str, object]
Texts = Mapping[str, str]


class StateError(ValueError):
    """Texts that make no state of the lab; ``refusals`` says why, field by field."""

    def __init__(self, refusals: Mapping[str, str]) -> None:
        super().__init__(", ".join(f"{name}: {reason}" for name, reason in sorted(refusals.items())))
        self.refusals = dict(refusals)


@dataclass(frozen=True)
class Examples(Generic[Row_]):
    """A lab's worked examples: the catalogue ``rows`` of the lesson file ``path``, each a
    state of the lab through ``texts`` (its address, as the lab reads it).

    The page opens with the one row that says so (``"opens": true``); a row is a preset button
    when it says so in a ``preset`` column, and every row is one where the rows have no such
    column. The lab refuses a row it would not accept as it is (:meth:`Lab.__post_init__`), so a
    lesson's data cannot name a state its lab does not have.
    """

    path: Path
    rows: Sequence[Row_]
    texts: Callable[[Row_], Texts]

    @classmethod
    def of_fields(cls, path: Path, rows: Sequence[Row_], fields: Sequence[Field]) -> Examples[Row_]:
        """The examples of a catalogue whose columns are named for the lab's fields: a row's
        texts are its values as each field writes them."""

        def texts(row: Row_) -> Texts:
            return {field.name: field.limit.text(getattr(row, field.name)) for field in fields}

        return cls(path, rows, texts)

    def opening(self) -> Row_:
        """The row the page opens with."""
        return opening(self.path, self.rows)

    def row(self, slug: str) -> Row_:
        """The catalogue row named ``slug``."""
        matching = [row for row in self.rows if row.slug == slug]
        if len(matching) != 1:
            raise LessonDataError(f"{self.path}: {slug!r} is no catalogue row")
        return matching[0]

    def holds(self, slug: str) -> bool:
        """Whether a catalogue row is named ``slug``."""
        return any(row.slug == slug for row in self.rows)

    def default(self) -> Texts:
        """The texts of the state the page opens with."""
        return self.texts(self.opening())

    def presets(self) -> tuple[tuple[Texts, str], ...]:
        """(texts, title) of every row shown as a preset button, in the catalogue's order."""
        return tuple((self.texts(row), row.title) for row in self.rows if getattr(row, "preset", True))


def _no_rules(values: Values) -> Mapping[str, str]:
    return {}


def _none_ignored(texts: Texts) -> Collection[str]:
    return ()


@dataclass(frozen=True)
class Lab(Generic[State, Rec]):
    """One lab of a lesson (see the module's notes).

    ``name`` is the lab's ``data-lab``, the name of its module (``lab/<name>.mjs``) and,
    unless ``template`` says otherwise, of its markup (``templates/<name>_lab.html`` in the
    lesson's folder, :attr:`folder`); ``root_id`` its element's id (``#<root_id>`` in a link
    opens the lab in place), ``prefix`` the id prefix of its parts. ``default`` holds the
    texts of the state the page opens with and ``preset_texts`` the (texts, title) of the
    preset buttons, both from its worked ``examples`` (:class:`Examples`). ``charts``
    (:class:`~generator.course.lab_charts.LabCharts`) gives the chart specs the page ships
    (their rows emptied), a record's static charts, and a record's rows for the live charts
    (kit/charts.mjs); ``announcement`` what the live region says of a record. ``golden``
    samples the lab's domain for its golden vectors (:mod:`generator.course.golden`).
    ``summary`` lists the key results its summary bar repeats (``data-out`` name, short
    term), ``explained_by`` the heading id that explains each result. ``table`` gives, for a
    lab whose answers are irrational, what the core certified at build time over the lab's
    finite domain: the page carries it as JSON (``[data-lab-table]``) and the browser's
    engine only looks it up. ``rule_limits`` are limits that the rules across fields apply
    and no field reads (the widest output range, say): the page hands them to the browser
    beside the fields' own (:attr:`limits`), so no limit is typed in script.
    """

    name: str
    title: str
    fields: tuple[Field, ...]
    state: Callable[[Values], State]
    record: Callable[[State], Rec]
    view: Callable[[Rec], View]
    examples: Examples[Any]
    own_texts: Mapping[str, str] = field(default_factory=dict)
    template: str = ""
    rules: Callable[[Values], Mapping[str, str]] = _no_rules
    rule_limits: tuple[AnyLimit, ...] = ()
    ignored: Callable[[Texts], Collection[str]] = _none_ignored
    charts: LabCharts[Rec] | None = None
    summary: Sequence[tuple[str, str]] = ()
    explained_by: Mapping[str, str] = field(default_factory=dict)
    announcement: Callable[[Rec], str] = lambda record: ""
    golden: Golden | None = None
    table: Callable[[], object] | None = None
    root_id: str = ""
    prefix: str = ""
    static_note: str = STATIC_NOTE

    def __post_init__(self) -> None:
        names = [f.name for f in self.fields]
        names += [limit.name for limit in self.rule_limits]
        if len(set(names)) != len(names):
            raise ValueError(f"lab {self.name!r}: two fields (or limits of its rules) share a name")
        if not self.template:
            object.__setattr__(self, "template", f"{self.name}_lab.html")
        if not self.root_id:
            object.__setattr__(self, "root_id", f"{self.name}-lab")
        if not self.prefix:
            object.__setattr__(self, "prefix", f"cl-{self.name}")
        for name in self.explained_by:
            slot_selector(f"out:{name}")
        self._check_examples()

    def _check_examples(self) -> None:
        """Refuses a catalogue row that the lab would not accept as it is: every row is a
        state of the lab (and may be one of its presets)."""
        examples = self.examples
        examples.opening()
        for row in examples.rows:
            try:
                self.read(examples.texts(row))
            except ValueError as error:
                where = f"{examples.path}: catalogue row {row.slug!r}"
                raise LessonDataError(f"{where} is no state of the lab {self.name!r}: {error}") from error

    @property
    def folder(self) -> Path:
        """The lesson's folder (its data file's), whose ``templates/`` holds the lab's markup."""
        return self.examples.path.parent

    @property
    def default(self) -> Texts:
        """The texts of the state the page opens with (a worked example's)."""
        return self.examples.default()

    @property
    def preset_texts(self) -> tuple[tuple[Texts, str], ...]:
        return self.examples.presets()

    @property
    def params(self) -> tuple[str, ...]:
        """The URL parameters, in the address's order: the fields' names."""
        return tuple(f.name for f in self.fields)

    @property
    def field_of(self) -> dict[str, Field]:
        return {f.name: f for f in self.fields}

    @property
    def limits(self) -> dict[str, dict[str, object]]:
        """Every limit of the lab as the browser reads it, by name: each field's, then those of
        its rules across fields."""
        limits = {f.name: f.limit.as_json() for f in self.fields}
        return limits | {limit.name: limit.as_json() for limit in self.rule_limits}

    @property
    def rule_limits_json(self) -> str:
        """The limits of the rules across fields as the lab's root carries them
        (``data-rule-limits``), by name."""
        return json.dumps({limit.name: limit.as_json() for limit in self.rule_limits}, sort_keys=True)

    @property
    def texts(self) -> dict[str, str]:
        """The kit's sentences and the lab's own, as the page hands them to the script."""
        return {**SCRIPT_TEXTS, **self.own_texts}

    @property
    def shipped_specs(self) -> Mapping[str, Mapping[str, Spec]]:
        """The chart specs as the page carries them (those of the default state), without their
        rows, which the engine supplies."""
        if self.charts is None:
            return {}
        specs = self.charts.specs(self.charts.shipped_records(self.record(self.read(self.default))))
        return {
            name: {kind: without_rows(spec) for kind, spec in kinds.items()} for name, kinds in specs.items()
        }

    def read_values(self, texts: Texts) -> tuple[dict[str, object], dict[str, str]]:
        """Every field's value and every refusal of ``texts`` (see the module's notes); a
        field that the state ignores takes its default's value and is never refused."""
        skip = set(self.ignored(texts))
        values: dict[str, object] = {}
        refusals: dict[str, str] = {}
        for f in self.fields:
            value = f.limit.read(texts.get(f.name, ""))
            if isinstance(value, Refusal) and f.name in skip:
                value = f.limit.read(self.default[f.name])
            if isinstance(value, Refusal):
                refusals[f.name] = str(value)
            else:
                values[f.name] = value
        for name, reason in self.rules(values).items():
            if name not in refusals and name not in skip:
                refusals[name] = reason
        return values, refusals

    def read(self, texts: Texts) -> State:
        """The state of ``texts``; :class:`StateError` names every refused field."""
        values, refusals = self.read_values(texts)
        if refusals:
            raise StateError(refusals)
        return self.state(values)

    def texts_of(self, values: Values) -> dict[str, str]:
        """Each field's canonical text of a value (what the address and the field keep)."""
        return {f.name: f.limit.text(values[f.name]) for f in self.fields}

    def query(self, texts: Texts) -> str:
        """The address's query of a state's texts, each written canonically: the texts are
        read first, so equal states give equal queries."""
        values, refusals = self.read_values(texts)
        if refusals:
            raise StateError(refusals)
        canonical = self.texts_of(values)
        return "&".join(f"{name}={canonical[name]}" for name in self.params)

    def html(self) -> str:
        """The lab, showing the default state: the shell, its fields, and the view."""
        return self.render(self.record(self.read(self.default)), self.default)

    def render(self, record: Rec, texts: Texts, static_charts: bool = True) -> str:
        """The lab showing ``record``, its fields holding ``texts`` (with its static charts, or
        empty chart boxes)."""
        return render(
            self.template,
            self.folder,
            lab=self,
            values=texts,
            view=self.view(record),
            record=record,
            images=self.charts.images(record) if self.charts and static_charts else defaultdict(str),
            explained_by=self.explained_by,
            texts=self.texts,
        )

    def card(self, template: str, texts: Texts, **extra: object) -> str:
        """A worked example's card: its template over the view of the state of ``texts``,
        with the query that opens it in the lab."""
        record = self.record(self.read(texts))
        return render(
            template,
            self.folder,
            lab=self,
            view=self.view(record),
            record=record,
            query=self.query(texts),
            texts=self.texts,
            **extra,
        )

    def example_record(self, slug: str) -> Rec:
        """The record of the worked example ``slug``: its catalogue row's state."""
        return self.record(self.read(self.examples.texts(self.examples.row(slug))))

    def example_card(self, slug: str, **extra: object) -> str:
        """The card of the worked example ``slug`` (its catalogue row): the lab's ``card.html``
        at the row's state, the row as ``example``, with ``extra`` for what the card adds."""
        row = self.examples.row(slug)
        return self.card("card.html", self.examples.texts(row), example=row, **extra)

    @property
    def default_query(self) -> str:
        return self.query(self.default)

    @property
    def presets(self) -> list[tuple[str, str]]:
        """(query, title) of every preset button, the first title of each query."""
        found: dict[str, str] = {}
        for texts, title in self.preset_texts:
            found.setdefault(self.query(texts), title)
        return list(found.items())
