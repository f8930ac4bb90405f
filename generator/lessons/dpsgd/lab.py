"""The DP-SGD accountant lab, declared (``{{ lab dpsgd }}``): a point of a small grid of runs.

URL: ``rate`` (the sampling rate q), ``sigma`` (the noise multiplier σ), ``steps`` (T) and ``delta``,
each one of a few choices (:data:`GRID`). Outputs: ``eps-rdp`` and ``eps-rdp-classic``
(``data-value`` the certified ε, ``data-order`` the order, ``data-lower`` and ``data-upper`` its
enclosure rounded outward), the RDP accountant's ε with the improved and with the classic
conversion.

Every ε is irrational, so the browser computes none of them: the core certifies every point of
the grid at build time (:data:`TABLE`, a :class:`~generator.course.lookup_grid.LookupGrid`
kept in the build cache), the page carries the table as data (``[data-lab-table]``) and the
engine (``lab/dpsgd.mjs``) looks the chosen point up. The certified bracket on the optimal ε
takes seconds per point, so the lab shows the RDP accountant only, and the worked examples'
cards show the bracket as well.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from generator.core.fields import ChoiceLimit, parse_rational
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.course.golden import Golden
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab, Texts
from generator.course.lookup_grid import LookupGrid
from generator.lessons.dpsgd.catalogue import DATA, PATH, Example
from generator.lessons.dpsgd.records import StateRecord, state_record
from generator.lessons.dpsgd.view import TEXTS, announcement, view

FOLDER = Path(__file__).resolve().parent
DEFAULT_SLUG = "abadi"

# Not "q": Material's search reads ?q= on every page, opens its search box with it and
# removes it from the address, so a lab parameter of that name would be lost.
RATE = ChoiceLimit("rate", ("0.01", "0.02"))
NOISE = ChoiceLimit("sigma", ("1", "2", "4"))
STEPS = ChoiceLimit("steps", ("1000", "10000"))
TARGET = ChoiceLimit("delta", ("1e-5", "1e-6"))
GRID = (RATE, NOISE, STEPS, TARGET)

FIELDS = (
    Field(RATE, "표본 추출 비율 q = L/N", "", labels=RATE.choices),
    Field(NOISE, "잡음 배수 σ", "", labels=NOISE.choices),
    Field(STEPS, "단계 수 T", "", labels=("1 000", "10 000")),
    Field(TARGET, "목표 δ", "", labels=("10⁻⁵", "10⁻⁶")),
)

SUMMARY = (("eps-rdp", "RDP ε (개선된 변환)"), ("eps-rdp-classic", "RDP ε (고전적 변환)"))
EXPLAINED_BY = {"eps-rdp": "rdp-accountant", "eps-rdp-classic": "rdp-accountant"}


@dataclass(frozen=True)
class State:
    """A point of the grid: the choices' texts as the address holds them."""

    q: str
    sigma: str
    steps: str
    delta: str

    @property
    def key(self) -> str:
        return "|".join((self.q, self.sigma, self.steps, self.delta))


def _point(texts: Texts) -> State:
    return State(*(texts[limit.name] for limit in GRID))


def _computed(point: State) -> StateRecord:
    mechanism = SubsampledGaussian(parse_rational(point.q), parse_rational(point.sigma))
    return state_record(mechanism, int(point.steps), parse_rational(point.delta))


TABLE = LookupGrid("dpsgd-grid", GRID, "generator.lessons.dpsgd.records", _point, _computed)


def example_texts(example: Example) -> dict[str, str]:
    """The lab's texts of a catalogue row (its address): each value as its grid choice."""
    return TABLE.texts(
        {"rate": example.q, "sigma": example.sigma, "steps": Fraction(example.steps), "delta": example.delta}
    )


LAB: Lab[State, StateRecord] = Lab(
    name="dpsgd",
    title="DP-SGD 회계 방법 실험실",
    folder=FOLDER,
    template="dpsgd_lab.html",
    fields=FIELDS,
    state=TABLE.state,
    record=TABLE.record,
    view=view,
    examples=Examples(PATH, DATA.catalogue, example_texts, DEFAULT_SLUG),
    own_texts=TEXTS,
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    golden=Golden(
        sample=TABLE.sample, size=40, seed=25, extra_texts={"delta": ("0.00001", "1/100000", "1e-05")}
    ),
    table=TABLE.table,
)
