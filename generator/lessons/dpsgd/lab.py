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

The amplification lab (``{{ lab amplify }}``, :data:`AMPLIFY_LAB`) is exact and live: URL
``alpha0``, ``rate`` (q) and ``alpha``; outputs ``delta-required`` and ``delta-unsampled``
(``data-exact``: δ*(α) with sampling and without), ``ratio`` (``data-exact``: 1 + q(α₀ − 1)),
``eps-pure`` and ``eps-unsampled`` (``data-value``: each pure ε's decimal). The browser
computes every value (``lab/amplify.mjs``). Both labs share the page, so the address holds the
state of the lab its fragment names.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from generator.core.fields import ChoiceLimit, parse_rational
from generator.core.input_limits import AMPLIFY_RATE, LAB_ALPHA, OPTIMAL_ALPHA0
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.course.golden import Golden
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab, Texts
from generator.course.lab_state import state_of
from generator.course.lookup_grid import LookupGrid
from generator.lessons.dpsgd.catalogue import DATA, PATH, Example
from generator.lessons.dpsgd.records import AmplifyRecord, StateRecord, amplify_record, state_record
from generator.lessons.dpsgd.view import (
    AMPLIFY_TEXTS,
    TEXTS,
    amplify_announcement,
    amplify_view,
    announcement,
    view,
)

FOLDER = Path(__file__).resolve().parent

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


LAB: Lab[State, StateRecord] = TABLE.lab(
    name="dpsgd",
    title="DP-SGD 회계 방법 실험실",
    fields=FIELDS,
    view=view,
    examples=Examples(PATH, DATA.catalogue, example_texts),
    texts=TEXTS,
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    seed=25,
)


@dataclass(frozen=True)
class AmplifyState:
    """Randomized response at α₀ on a record sampled at rate q (the field ``rate``), read at α."""

    alpha0: Fraction
    rate: Fraction
    alpha: Fraction


AMPLIFY_FIELDS = (
    Field(
        OPTIMAL_ALPHA0,
        "무작위 응답의 α₀",
        "{low}부터 {high}까지, 소수 셋째 자리까지입니다.",
        "3 또는 1.5",
        "배",
    ),
    Field(
        AMPLIFY_RATE,
        "표본 추출 비율 q",
        "{low}부터 {high}까지, 소수 셋째 자리까지입니다. 1이면 모든 레코드를 씁니다.",
        "0.01 또는 1/100",
        "확률",
    ),
    Field(LAB_ALPHA, "δ*(α)를 읽을 α", "{low}부터 {high}까지, 0.1 단위입니다.", "1.5", "배"),
)


def amplify_state_record(state: AmplifyState) -> AmplifyRecord:
    return amplify_record(state.alpha0, state.rate, state.alpha)


def amplify_sample(rng: random.Random) -> dict[str, str]:
    """One state of the whole domain: α₀ and q on their grids (often round), α on its own."""
    alpha0 = rng.choice((Fraction(1), Fraction(3), Fraction(rng.randint(1000, 100_000), 1000)))
    q = rng.choice((Fraction(1), Fraction(1, 100), Fraction(rng.randint(1, 1000), 1000)))
    alpha = rng.choice((Fraction(1), Fraction(rng.randint(10, 1000), 10)))
    return {
        "alpha0": OPTIMAL_ALPHA0.text(alpha0),
        "rate": AMPLIFY_RATE.text(q),
        "alpha": LAB_ALPHA.text(alpha),
    }


AMPLIFY_LAB: Lab[AmplifyState, AmplifyRecord] = Lab(
    name="amplify",
    title="표본 추출 증폭 실험실",
    fields=AMPLIFY_FIELDS,
    state=state_of(AmplifyState),
    record=amplify_state_record,
    view=amplify_view,
    examples=Examples.of_fields(PATH, DATA.amplify, AMPLIFY_FIELDS),
    own_texts=AMPLIFY_TEXTS,
    summary=(("delta-required", "필요한 δ*(α)"), ("eps-pure", "순수 ε")),
    explained_by={"delta-required": "amplification", "eps-pure": "amplification", "ratio": "amplification"},
    announcement=amplify_announcement,
    golden=Golden(sample=amplify_sample, size=200, seed=26),
)
