"""The auditing lab, declared (``{{ lab audit }}``): a point of a small grid.

URL: ``alpha0`` and ``k`` (the mechanism: k fresh randomized responses at α₀), ``threshold``
(the test says "member" when the count of ones is ≥ threshold, at most k + 1), ``delta`` (the
claimed δ), ``trials`` (n each way), ``tp`` and ``fp`` (the observed counts, at most n),
``confidence`` (1 − a) and ``target`` (an α to certify, ε = ln target), each one of a few
choices. Outputs: ``fpr``, ``tpr``, ``advantage``, ``advantage-bound``, ``yeom-bound``
(``data-exact``), ``tpr-lower`` and ``fpr-upper`` (``data-value`` the bound on its safe side,
``data-lower`` and ``data-upper`` its certified cell), ``eps-audit`` (``data-value`` ε_audit
rounded down to three decimals, ``data-lower``, ``data-upper``; empty when the counts certify
nothing) and ``trials-needed`` (``data-value`` the least n, empty with the reason when none).

The Clopper–Pearson bounds, ε_audit and the least n are irrational or costly, so the core
computes every point at build time, and the three parts of a record are keyed by the fields
each reads (:class:`~generator.course.lookup_grid.LookupGrid`, one per part): "rates|α₀|k|θ|δ",
"audit|n|tp|fp|δ|confidence" and "plan|α₀|k|θ|δ|confidence|target". The lab's table merges
the three and the engine (``lab/audit.mjs``) looks each part up by its own key. A point that
breaks a rule (θ > k + 1, a count above n) is refused before any lookup; its part of a grid
is keyed "rates|-" (or "audit|-", "plan|-") and holds nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.core.fields import ChoiceLimit, parse_rational
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

DEFAULT_SLUG = "one-response"
RECORDS = "generator.lessons.audit.records"

ALPHA0 = ChoiceLimit("alpha0", ("2", "3"))
RESPONSES = ChoiceLimit("k", ("1", "2", "3"))
THRESHOLD = ChoiceLimit("threshold", ("0", "1", "2", "3", "4"))
DELTA = ChoiceLimit("delta", ("0", "1e-5"))
TRIALS = ChoiceLimit("trials", ("100", "1000", "10000"))
COUNTS = ("0", "25", "75", "100", "250", "750", "1000", "2500", "7500", "10000")
TRUE_POSITIVES = ChoiceLimit("tp", COUNTS)
FALSE_POSITIVES = ChoiceLimit("fp", COUNTS)
CONFIDENCE = ChoiceLimit("confidence", ("0.9", "0.95"))
TARGET = ChoiceLimit("target", ("1.5", "2"))

COUNT_LABELS = tuple(f"{int(count):,}".replace(",", " ") for count in COUNTS)  # 10 000, as read
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
    Field(TRIALS, "시행 수 n (멤버일 때와 아닐 때 각각)", "", labels=("100", "1 000", "10 000")),
    Field(
        TRUE_POSITIVES,
        "관찰한 참양성 수 tp",
        "n 이하입니다.",
        labels=COUNT_LABELS,
        state_messages={OVER_TRIALS: "관찰한 수는 시행 수 n 이하여야 합니다."},
    ),
    Field(
        FALSE_POSITIVES,
        "관찰한 위양성 수 fp",
        "n 이하입니다.",
        labels=COUNT_LABELS,
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
        if isinstance(trials, str) and isinstance(count, str) and _count(count) > _count(trials):
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
    trials: str
    tp: str
    fp: str
    delta: str
    confidence: str

    @property
    def valid(self) -> bool:
        return max(_count(self.tp), _count(self.fp)) <= _count(self.trials)

    @property
    def key(self) -> str:
        fields = (self.trials, self.tp, self.fp, self.delta, self.confidence)
        return "|".join(("audit", *fields) if self.valid else ("audit", INVALID))


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


def _audit_point(texts: Texts) -> AuditPoint:
    return AuditPoint(texts["trials"], texts["tp"], texts["fp"], texts["delta"], texts["confidence"])


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
    counts = _count(point.trials), _count(point.tp), _count(point.fp)
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
AUDITS = LookupGrid(
    "audit-counts",
    (TRIALS, TRUE_POSITIVES, FALSE_POSITIVES, DELTA, CONFIDENCE),
    RECORDS,
    _audit_point,
    _audit,
)
PLANS = LookupGrid(
    "audit-plans", (ALPHA0, RESPONSES, THRESHOLD, DELTA, CONFIDENCE, TARGET), RECORDS, _plan_point, _plan
)
GRID = (ALPHA0, RESPONSES, THRESHOLD, DELTA, TRIALS, TRUE_POSITIVES, FALSE_POSITIVES, CONFIDENCE, TARGET)


@dataclass(frozen=True)
class State:
    """A point of the lab: the keys of its three parts."""

    rates: RatesPoint
    audit: AuditPoint
    plan: PlanPoint


def state(values: Mapping[str, object]) -> State:
    texts = {limit.name: str(values[limit.name]) for limit in GRID}
    return State(_rates_point(texts), _audit_point(texts), _plan_point(texts))


def table() -> dict[str, object]:
    """The three grids' tables in one, each key prefixed by its part."""
    return {**RATES.table(), **AUDITS.table(), **PLANS.table()}


def record(point: State) -> StateRecord:
    return {
        "rates": RATES.record(point.rates),
        "audit": AUDITS.record(point.audit),
        "plan": PLANS.record(point.plan),
    }


def example_texts(example: Example) -> dict[str, str]:
    """The lab's texts of a catalogue row (its address): each value as its grid choice."""
    values: dict[str, Fraction | str] = {
        "alpha0": example.alpha0,
        "k": Fraction(example.k),
        "threshold": Fraction(example.threshold),
        "delta": example.delta,
        "trials": Fraction(example.trials),
        "tp": Fraction(example.tp),
        "fp": Fraction(example.fp),
        "confidence": example.confidence,
        "target": example.target,
    }
    return {
        **RATES.texts(values),
        **AUDITS.texts(values),
        **PLANS.texts(values),
    }


def sample(rng: random.Random) -> Texts:
    """A point of the lab that keeps its rules: θ ≤ k + 1 and tp, fp ≤ n, else uniform."""
    k = rng.choice(RESPONSES.choices)
    trials = rng.choice(TRIALS.choices)
    counts = [count for count in COUNTS if _count(count) <= _count(trials)]
    return {
        "alpha0": rng.choice(ALPHA0.choices),
        "k": k,
        "threshold": rng.choice([t for t in THRESHOLD.choices if _count(t) <= _count(k) + 1]),
        "delta": rng.choice(DELTA.choices),
        "trials": trials,
        "tp": rng.choice(counts),
        "fp": rng.choice(counts),
        "confidence": rng.choice(CONFIDENCE.choices),
        "target": rng.choice(TARGET.choices),
    }


LAB: Lab[State, StateRecord] = Lab(
    name="audit",
    title="멤버십 추론과 감사 실험실",
    fields=FIELDS,
    state=state,
    record=record,
    view=view,
    examples=Examples(PATH, DATA.catalogue, example_texts, DEFAULT_SLUG),
    own_texts=TEXTS,
    rules=rules,
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    charts=CHARTS,
    golden=Golden(
        sample=sample,
        size=40,
        seed=27,
        state_cases=(
            {**{limit.name: limit.choices[0] for limit in GRID}, "k": "1", "threshold": "4"},
            {**{limit.name: limit.choices[0] for limit in GRID}, "trials": "100", "tp": "1000"},
        ),
        extra_texts={"delta": ("0.00001", "1/100000", "1e-05")},
    ),
    table=table,
)
