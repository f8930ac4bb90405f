"""The noise mechanisms lab, declared (``{{ lab gaussian }}``): a point of a small grid.

URL: ``mechanism`` (``gaussian`` or ``laplace``), ``sigma`` (the Gaussian's σ), ``scale`` (the
Laplace's b), ``sensitivity`` (Δ), ``k`` (the Gaussian's number of releases; the Laplace lab
fixes k = 1) and ``delta`` (the target δ), each one of a few choices (:data:`GRID`). Outputs:
``eps-exact`` (``data-value`` the exact ε at δ to three decimals, ``data-lower`` and
``data-upper`` its enclosure rounded outward), and for the Gaussian ``eps-classic``
(``data-value`` the classic calibration's ε when it is below 1, else empty and the reason
shown), ``eps-rdp`` (``data-value`` the RDP bound rounded up, ``data-order`` its order) and
``eps-zcdp`` (``data-value`` ρ + 2√(ρ ln(1/δ)) rounded up), for the Laplace ``eps-pure``
(``data-value`` Δ/b as a decimal, ``data-exact`` the reduced fraction), and ``delta-curve``, the
table of δ(ε) around the exact ε: exact, and as the RDP and zCDP bounds prove it
(:mod:`.records`, ``curve``), drawn beside it on a log scale (:mod:`.charts`). δ runs from 0.1
down to 10⁻¹².

Every ε but the Laplace's pure one is irrational, so the browser computes none of them: the
core certifies every point of the grid at build time (:data:`TABLE`, a
:class:`~generator.course.lookup_grid.LookupGrid` kept in the build cache), the page carries the table as data
(``[data-lab-table]``) and the engine (``lab/gaussian.mjs``) looks the chosen point up. A
Gaussian point's key is "gaussian|σ|Δ|k|δ", a Laplace point's "laplace|b|Δ|δ": the fields the
other mechanism reads are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.core.fields import ChoiceLimit, parse_rational
from generator.core.gaussian import GaussianMechanism
from generator.core.laplace import LaplaceMechanism
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab, Texts
from generator.course.lookup_grid import LookupGrid
from generator.lessons.gaussian.catalogue import DATA, PATH, Example
from generator.lessons.gaussian.charts import CHARTS
from generator.lessons.gaussian.records import StateRecord, gaussian_record, laplace_record
from generator.lessons.gaussian.view import TEXTS, announcement, view

MECHANISM = ChoiceLimit("mechanism", ("gaussian", "laplace"))
NOISE = ChoiceLimit("sigma", ("0.5", "1", "2", "5", "10", "20"))
SCALE = ChoiceLimit("scale", ("0.5", "1", "2", "5", "10"))
SENSITIVITY = ChoiceLimit("sensitivity", ("1", "2"))
RELEASES = ChoiceLimit("k", ("1", "10", "100", "1000"))
TARGET = ChoiceLimit("delta", ("0.1", "0.001", "1e-5", "1e-10", "1e-12"))
GRID = (MECHANISM, NOISE, SCALE, SENSITIVITY, RELEASES, TARGET)
GAUSSIAN_KEY = (MECHANISM, NOISE, SENSITIVITY, RELEASES, TARGET)
LAPLACE_KEY = (MECHANISM, SCALE, SENSITIVITY, TARGET)
UNUSED = "1"  # what a row's address holds for a field its mechanism does not read

FIELDS = (
    Field(MECHANISM, "메커니즘", "", labels=("가우스", "라플라스")),
    Field(NOISE, "가우스 잡음의 표준편차 σ", "", labels=NOISE.choices),
    Field(SCALE, "라플라스 잡음의 척도 b", "", labels=SCALE.choices),
    Field(SENSITIVITY, "민감도 Δ", "", labels=SENSITIVITY.choices),
    Field(RELEASES, "가우스 공개 횟수 k", "", labels=("1", "10", "100", "1 000")),
    Field(TARGET, "목표 δ", "", labels=("0.1", "0.001", "10⁻⁵", "10⁻¹⁰", "10⁻¹²")),
)

SUMMARY = (("eps-exact", "정확한 ε"), ("eps-rdp", "RDP ε"), ("eps-zcdp", "zCDP ε"))
EXPLAINED_BY = {
    "eps-exact": "analytic",
    "eps-classic": "classic",
    "eps-rdp": "renyi",
    "eps-zcdp": "zcdp",
    "eps-pure": "laplace",
}


@dataclass(frozen=True)
class State:
    """A point of the grid: the choices' texts as the address holds them."""

    mechanism: str
    sigma: str
    scale: str
    sensitivity: str
    k: str
    delta: str

    @property
    def key(self) -> str:
        names = GAUSSIAN_KEY if self.mechanism == "gaussian" else LAPLACE_KEY
        return "|".join(str(getattr(self, limit.name)) for limit in names)


def _point(texts: Texts) -> State:
    return State(*(texts[limit.name] for limit in GRID))


def _computed(point: State) -> StateRecord:
    sensitivity, delta = parse_rational(point.sensitivity), parse_rational(point.delta)
    if point.mechanism == "gaussian":
        return gaussian_record(
            GaussianMechanism(sensitivity, parse_rational(point.sigma), int(point.k)), delta
        )
    return laplace_record(LaplaceMechanism(sensitivity, parse_rational(point.scale)), delta)


TABLE = LookupGrid("gaussian-grid", GRID, "generator.lessons.gaussian.records", _point, _computed)


def example_texts(example: Example) -> dict[str, str]:
    """The lab's texts of a catalogue row (its address): each value as its grid choice."""
    gaussian = example.mechanism == "gaussian"
    return TABLE.texts(
        {
            "mechanism": example.mechanism,
            "sigma": example.noise if gaussian else UNUSED,
            "scale": UNUSED if gaussian else example.noise,
            "sensitivity": example.sensitivity,
            "k": Fraction(example.k),
            "delta": example.delta,
        }
    )


LAB: Lab[State, StateRecord] = TABLE.lab(
    name="gaussian",
    title="잡음 메커니즘 실험실",
    fields=FIELDS,
    view=view,
    examples=Examples(PATH, DATA.catalogue, example_texts),
    texts=TEXTS,
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    seed=24,
    charts=CHARTS,
)
