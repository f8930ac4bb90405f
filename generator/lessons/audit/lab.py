"""The auditing lab, declared (``{{ lab audit }}``): free counts over a small grid.

URL: ``alpha0`` and ``k`` (the mechanism: k fresh randomized responses at α₀), ``threshold``
(the test says "member" when the count of ones is ≥ threshold, at most k + 1), ``delta`` (the
claimed δ), ``confidence`` (1 − a) and ``target`` (an α to certify, ε = ln target), each one
of a few choices; ``trials`` (n each way, 1 to 100 000), ``tp`` and ``fp`` (the observed
counts, 0 to n), any integers. Outputs: ``fpr``, ``tpr``, ``advantage``, ``advantage-bound``, ``yeom-bound``
(``data-exact``), ``tpr-lower`` and ``fpr-upper`` (``data-value`` the bound on its safe side,
``data-lower`` and ``data-upper`` its certified cell), ``eps-audit`` (``data-value`` ε_audit
rounded down to three decimals, ``data-lower``, ``data-upper``; empty when the counts certify
nothing) and ``trials-needed`` (``data-value`` the least n, empty with the reason when none).

A record has three parts, each from the fields it reads. The counts' part (the
Clopper–Pearson bounds and ε_audit) is computed for every state, here by the core and in the
browser by its twin (exact/audit.mjs), both proven and written alike. The mechanism's exact
rates and curve and the least n are costly, so the core computes them at build time for every
point of their grid (:class:`~generator.course.lookup_grid.LookupGrid`, one per part), keyed
"rates|α₀|k|θ|δ" and "plan|α₀|k|θ|δ|confidence|target"; the lab's table merges the two and the
engine (``lab/audit.mjs``) looks each part up by its own key. A point that breaks a rule
(θ > k + 1, a count above n) is refused before any lookup; its part of a grid is keyed
"rates|-" (or "plan|-") and holds nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.core.fields import ChoiceLimit, FieldLimit, Kind, parse_rational
from generator.course.golden import Golden
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab, Texts, Values
from generator.course.lookup_grid import LookupGrid
from generator.lessons.audit.catalogue import DATA, PATH, Example
from generator.lessons.audit.charts import CHARTS
from generator.lessons.audit.records import (
    AuditPart,
    Bound,
    PlanPart,
    Rates,
    StateRecord,
    audit_record,
    plan_record,
    rates_record,
)
from generator.lessons.audit.view import TEXTS, announcement, view

RECORDS = "generator.lessons.audit.records"

ALPHA0 = ChoiceLimit("alpha0", ("2", "3"))
RESPONSES = ChoiceLimit("k", ("1", "2", "3"))
THRESHOLD = ChoiceLimit("threshold", ("0", "1", "2", "3", "4"))
DELTA = ChoiceLimit("delta", ("0", "1e-5"))
MAX_TRIALS = 100_000
TRIALS = FieldLimit("trials", Kind.COUNT, Fraction(1), Fraction(MAX_TRIALS), 0)
TRUE_POSITIVES = FieldLimit("tp", Kind.COUNT, Fraction(0), Fraction(MAX_TRIALS), 0)
FALSE_POSITIVES = FieldLimit("fp", Kind.COUNT, Fraction(0), Fraction(MAX_TRIALS), 0)
CONFIDENCE = ChoiceLimit("confidence", ("0.9", "0.95"))
TARGET = ChoiceLimit("target", ("1.5", "2"))

_COUNT_RULE = "{low}부터 {high}까지의 정수이며, 시행 수 n 이하입니다."
NO_TEST = "no-test"  # θ above k + 1
OVER_TRIALS = "over-trials"  # a count above n
INVALID = "-"  # the key of a grid's point that breaks a rule

FIELDS = (
    Field(ALPHA0, "응답 한 번의 α₀", "", labels=ALPHA0.choices),
    Field(RESPONSES, "새 응답의 수 k", "", labels=RESPONSES.choices),
    Field(
        THRESHOLD,
        "검정의 문턱 θ (1의 개수가 θ 이상이면 멤버라고 답한다)",
        "k + 1 이하입니다.",
        labels=THRESHOLD.choices,
        state_messages={NO_TEST: "문턱은 k + 1 이하여야 합니다. 더 작은 문턱을 고르세요."},
    ),
    Field(DELTA, "주장하는 δ", "", labels=("0", "10⁻⁵")),
    Field(TRIALS, "시행 수 n (멤버일 때와 아닐 때 각각)", "{low}부터 {high}까지의 정수입니다.", "1000", "번"),
    Field(
        TRUE_POSITIVES,
        "관찰한 참양성 수 tp",
        _COUNT_RULE,
        "750",
        "번",
        state_messages={OVER_TRIALS: "관찰한 수는 시행 수 n 이하여야 합니다."},
    ),
    Field(
        FALSE_POSITIVES,
        "관찰한 위양성 수 fp",
        _COUNT_RULE,
        "250",
        "번",
        state_messages={OVER_TRIALS: "관찰한 수는 시행 수 n 이하여야 합니다."},
    ),
    Field(CONFIDENCE, "신뢰 수준 1 − a", "", labels=CONFIDENCE.choices),
    Field(TARGET, "인증하려는 α (ε = ln α)", "", labels=TARGET.choices),
)

SUMMARY = (("advantage", "이득"), ("eps-audit", "감사의 ε"), ("trials-needed", "필요한 시행 수"))
EXPLAINED_BY = {
    "fpr": "test",
    "tpr": "test",
    "advantage": "advantage",
    "advantage-bound": "advantage",
    "yeom-bound": "advantage",
    "tpr-lower": "clopper-pearson",
    "fpr-upper": "clopper-pearson",
    "eps-audit": "auditing",
    "trials-needed": "trials",
}


def _count(text: str) -> int:
    return int(text)


def rules(values: Values) -> dict[str, str]:
    """θ ≤ k + 1 ("no-test") and tp, fp ≤ n ("over-trials"), on the values that read."""
    refusals: dict[str, str] = {}
    k, threshold, trials = values.get("k"), values.get("threshold"), values.get("trials")
    if isinstance(k, str) and isinstance(threshold, str) and _count(threshold) > _count(k) + 1:
        refusals["threshold"] = NO_TEST
    for name in ("tp", "fp"):
        count = values.get(name)
        if isinstance(trials, int) and isinstance(count, int) and count > trials:
            refusals[name] = OVER_TRIALS
    return refusals


@dataclass(frozen=True)
class RatesPoint:
    alpha0: str
    k: str
    threshold: str
    delta: str

    @property
    def valid(self) -> bool:
        return _count(self.threshold) <= _count(self.k) + 1

    @property
    def key(self) -> str:
        return "|".join(
            ("rates", self.alpha0, self.k, self.threshold, self.delta) if self.valid else ("rates", INVALID)
        )


@dataclass(frozen=True)
class AuditPoint:
    trials: int
    tp: int
    fp: int
    delta: str
    confidence: str

    @property
    def valid(self) -> bool:
        return max(self.tp, self.fp) <= self.trials


@dataclass(frozen=True)
class PlanPoint:
    rates: RatesPoint
    confidence: str
    target: str

    @property
    def key(self) -> str:
        if not self.rates.valid:
            return "plan|" + INVALID
        rates = self.rates
        return "|".join(
            ("plan", rates.alpha0, rates.k, rates.threshold, rates.delta, self.confidence, self.target)
        )


def _rates_point(texts: Texts) -> RatesPoint:
    return RatesPoint(texts["alpha0"], texts["k"], texts["threshold"], texts["delta"])


def _audit_point(values: Mapping[str, object]) -> AuditPoint:
    trials, tp, fp = (values[name] for name in ("trials", "tp", "fp"))
    if not (isinstance(trials, int) and isinstance(tp, int) and isinstance(fp, int)):
        raise TypeError("n, tp and fp are integers")
    return AuditPoint(trials, tp, fp, str(values["delta"]), str(values["confidence"]))


def _plan_point(texts: Texts) -> PlanPoint:
    return PlanPoint(_rates_point(texts), texts["confidence"], texts["target"])


def _level(confidence: str) -> Fraction:
    return 1 - parse_rational(confidence)


EMPTY_RATES: Rates = {
    "alpha": "",
    "fpr": "",
    "tpr": "",
    "advantage": "",
    "advantage_bound": "",
    "yeom_bound": "",
    "own": "",
    "curve": [],
    "region": [],
    "region_lower": [],
}
EMPTY_BOUND: Bound = {"value": "", "lower": "", "upper": ""}
EMPTY_AUDIT: AuditPart = {"tpr_lower": EMPTY_BOUND, "fpr_upper": EMPTY_BOUND, "epsilon": EMPTY_BOUND}
EMPTY_PLAN: PlanPart = {"trials": "", "reason": ""}


def _rates(point: RatesPoint) -> Rates:
    if not point.valid:
        return EMPTY_RATES
    alpha0, delta = parse_rational(point.alpha0), parse_rational(point.delta)
    return rates_record(alpha0, _count(point.k), _count(point.threshold), delta)


def _audit(point: AuditPoint) -> AuditPart:
    if not point.valid:
        return EMPTY_AUDIT
    counts = point.trials, point.tp, point.fp
    return audit_record(*counts, parse_rational(point.delta), _level(point.confidence))


def _plan(point: PlanPoint) -> PlanPart:
    rates = point.rates
    if not rates.valid:
        return EMPTY_PLAN
    return plan_record(
        parse_rational(rates.alpha0),
        _count(rates.k),
        _count(rates.threshold),
        parse_rational(rates.delta),
        _level(point.confidence),
        parse_rational(point.target),
    )


RATES = LookupGrid("audit-rates", (ALPHA0, RESPONSES, THRESHOLD, DELTA), RECORDS, _rates_point, _rates)
PLANS = LookupGrid(
    "audit-plans", (ALPHA0, RESPONSES, THRESHOLD, DELTA, CONFIDENCE, TARGET), RECORDS, _plan_point, _plan
)
GRID = (ALPHA0, RESPONSES, THRESHOLD, DELTA, CONFIDENCE, TARGET)


@dataclass(frozen=True)
class State:
    """A point of the lab: the keys of its three parts."""

    rates: RatesPoint
    audit: AuditPoint
    plan: PlanPoint


def state(values: Mapping[str, object]) -> State:
    texts = {limit.name: str(values[limit.name]) for limit in GRID}
    return State(_rates_point(texts), _audit_point(values), _plan_point(texts))


def table() -> dict[str, object]:
    """The two grids' tables in one, each key prefixed by its part."""
    return {**RATES.table(), **PLANS.table()}


def record(point: State) -> StateRecord:
    return {
        "rates": RATES.record(point.rates),
        "audit": _audit(point.audit),
        "plan": PLANS.record(point.plan),
    }


def example_texts(example: Example) -> dict[str, str]:
    """The lab's texts of a catalogue row (its address): the grid's values as their choices,
    the counts as integers."""
    values: dict[str, Fraction | str] = {
        "alpha0": example.alpha0,
        "k": Fraction(example.k),
        "threshold": Fraction(example.threshold),
        "delta": example.delta,
        "confidence": example.confidence,
        "target": example.target,
    }
    counts = {"trials": example.trials, "tp": example.tp, "fp": example.fp}
    return {
        **RATES.texts(values),
        **PLANS.texts(values),
        **{name: str(count) for name, count in counts.items()},
    }


def sample(rng: random.Random) -> Texts:
    """A point of the lab that keeps its rules: θ ≤ k + 1 and tp, fp ≤ n, the grid's fields
    uniform; n of every size, the ends 1 and 100 000 among them; each count 0, n, any between,
    or on the side an attack's counts fall (tp in the upper half, fp in the lower), where the
    audit certifies something."""
    k = rng.choice(RESPONSES.choices)
    small, large = rng.randint(1, 20), rng.randint(1000, MAX_TRIALS)
    trials = rng.choice((1, 2, small, rng.randint(20, 1000), rng.randint(20, 1000), large, large, MAX_TRIALS))
    half = trials // 2
    tp = rng.choice((0, trials, rng.randint(0, trials), rng.randint(half, trials), rng.randint(half, trials)))
    fp = rng.choice((0, trials, rng.randint(0, trials), rng.randint(0, half), rng.randint(0, half)))
    return {
        "alpha0": rng.choice(ALPHA0.choices),
        "k": k,
        "threshold": rng.choice([t for t in THRESHOLD.choices if _count(t) <= _count(k) + 1]),
        "delta": rng.choice(DELTA.choices),
        "trials": str(trials),
        "tp": str(tp),
        "fp": str(fp),
        "confidence": rng.choice(CONFIDENCE.choices),
        "target": rng.choice(TARGET.choices),
    }


_FIRST = {**{limit.name: limit.choices[0] for limit in GRID}, "trials": "100", "tp": "80", "fp": "20"}

LAB: Lab[State, StateRecord] = Lab(
    name="audit",
    title="멤버십 추론과 감사 실험실",
    fields=FIELDS,
    state=state,
    record=record,
    view=view,
    examples=Examples(PATH, DATA.catalogue, example_texts),
    own_texts=TEXTS,
    rules=rules,
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    charts=CHARTS,
    golden=Golden(
        sample=sample,
        size=60,
        seed=27,
        state_cases=(
            {**_FIRST, "k": "1", "threshold": "4"},
            {**_FIRST, "trials": "100", "tp": "1000"},
        ),
        extra_texts={
            "delta": ("0.00001", "1/100000", "1e-05"),
            "trials": ("1", "100000", "100001", "0", "12.5", "1e3", "-5"),
            "tp": ("0", "100000", "100001"),
        },
    ),
    table=table,
)
