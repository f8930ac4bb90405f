"""The central-and-local lab, declared (``{{ lab localdp }}``).

URL: ``alpha0`` (α₀ = e^ε₀ of one randomized response, 1 to 100 on the 0.1 grid; at α₀ = 1
the report says nothing of the bit, π̂ does not exist and the central noise is no law, so
the rules refuse it with that reason), ``n`` (users, 1 to 10 000), ``rate`` (the true
rate π, any exact decimal or fraction in [0, 1] whose reduced denominator is at most
:data:`MAX_DENOMINATOR`, so that b^n stays a number a browser holds), ``tolerance`` (t, exact
in [0, 1]), ``ones`` (how many of the other n − 1 users hold 1; at most n − 1, a rule of the
whole state) and ``alpha`` (the claim α of the shuffled count, on the 0.1 grid). Outputs
(:mod:`.view`): ``estimate-variance``, ``within``, ``central-variance``, ``within-central``,
``shuffled-delta`` and ``local-delta`` (``data-exact``), ``eps-local`` (``data-value``).

Every value is rational but ln α₀, which the engine (``lab/localdp.mjs``) rounds correctly
from a proven interval, so the browser computes every state itself, exactly, in BigInt. Its
chart (:data:`~generator.lessons.localdp.charts.CHARTS`) draws both estimates' laws, each
point within 10⁻⁶ of the exact density (``lab/laws.mjs``).
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from generator.core.fields import FieldLimit, Kind
from generator.core.input_limits import LAB_ALPHA
from generator.course.golden import Golden
from generator.course.inputs import CLAIM_ALPHA, Field
from generator.course.lab import Examples, Lab, Values
from generator.course.lab_state import state_of
from generator.lessons.localdp.catalogue import DATA, PATH
from generator.lessons.localdp.charts import CHARTS
from generator.lessons.localdp.records import State, StateRecord, state_record
from generator.lessons.localdp.view import TEXTS, announcement, view

FOLDER = Path(__file__).resolve().parent
OTHERS, PRECISION, UNINFORMATIVE = "others", "precision", "uninformative"

MAX_USERS = 10_000
MAX_DENOMINATOR = 10_000


def _count(name: str, low: int, high: int) -> FieldLimit:
    return FieldLimit(name, Kind.COUNT, Fraction(low), Fraction(high), 0)


LOCAL_ALPHA0 = FieldLimit("alpha0", Kind.NUMBER, Fraction(1), Fraction(100), 1)
USERS = _count("n", 1, MAX_USERS)
RATE = FieldLimit("rate", Kind.NUMBER, Fraction(0), Fraction(1), None)
TOLERANCE = FieldLimit("tolerance", Kind.NUMBER, Fraction(0), Fraction(1), None)
OTHER_ONES = _count("ones", 0, MAX_USERS - 1)
DENOMINATOR = _count("denominator", 1, MAX_DENOMINATOR)  # π's reduced denominator, a rule of the state

_PRECISION_MESSAGE = "참 비율 π의 약분한 분모는 10 000까지입니다."
_COUNT_RULE = "{low}부터 {high}까지의 정수입니다."
_EXACT_RULE = "{low}부터 {high}까지이며, 입력한 소수나 분수를 그대로 정확히 씁니다."
FIELDS = (
    Field(
        LOCAL_ALPHA0,
        "무작위 응답 하나의 α₀ = exp(ε₀)",
        "{low}부터 {high}까지, 0.1 단위입니다. 1이면 추정할 수 없습니다.",
        "3.0",
        "배",
        state_messages={
            UNINFORMATIVE: (
                "α₀ = 1이면 무작위 응답이 참 비트와 상관없이 반반으로 나오므로 보고로 π를 추정할 수 "
                "없고, 중앙 모델의 기하 잡음도 확률분포가 되지 않습니다. 1.1 이상을 입력하세요."
            )
        },
    ),
    Field(USERS, "사용자 수 n", _COUNT_RULE, "100", "명"),
    Field(
        RATE,
        "참 비율 π",
        _EXACT_RULE + " 약분한 분모는 10 000까지입니다.",
        "0.3 또는 3/10",
        "비율",
        state_messages={
            PRECISION: f"참 비율 π의 약분한 분모는 {MAX_DENOMINATOR:,}까지입니다.".replace(",", " ")
        },
    ),
    Field(TOLERANCE, "허용 오차 t", _EXACT_RULE, "0.1", "비율"),
    Field(
        OTHER_ONES,
        "셔플 모델에서 1을 가진 다른 사용자 수",
        _COUNT_RULE + " 다른 사용자는 n − 1명이므로 n − 1을 넘을 수 없습니다.",
        "30",
        "명",
        state_messages={OTHERS: "1을 가진 다른 사용자 수는 n − 1 이하여야 합니다."},
    ),
    CLAIM_ALPHA,
)

SUMMARY = (
    ("estimate-variance", "로컬 Var(π̂)"),
    ("central-variance", "중앙 Var(π̂)"),
    ("shuffled-delta", "셔플 δ*(α)"),
)
EXPLAINED_BY = {
    "estimate-variance": "estimate",
    "within": "accuracy",
    "central-variance": "central",
    "within-central": "central",
    "shuffled-delta": "shuffle",
    "local-delta": "shuffle",
    "eps-local": "randomized-response",
}


def rules(values: Values) -> dict[str, str]:
    """The rules of the whole state, on the values that read: α₀ > 1 (at α₀ = 1 a report is a
    fair coin whatever the bit, so 2p − 1 = 0 and π̂ has no formula), ``ones`` <= n − 1, and
    π's reduced denominator at most :data:`MAX_DENOMINATOR`."""
    found: dict[str, str] = {}
    n, ones, rate = values.get("n"), values.get("ones"), values.get("rate")
    if values.get("alpha0") == 1:
        found["alpha0"] = UNINFORMATIVE
    if isinstance(n, int) and isinstance(ones, int) and ones > n - 1:
        found["ones"] = OTHERS
    if isinstance(rate, Fraction) and rate.denominator > MAX_DENOMINATOR:
        found["rate"] = PRECISION
    return found


EXAMPLES = Examples.of_fields(PATH, DATA.catalogue, FIELDS)


# ---------------------------------------------------------------------------------------
# Golden vectors: a seeded sample of the lab's domain (course/golden.py)


def sample(rng: random.Random) -> dict[str, str]:
    """One state's texts: mostly small n (every law checked to its last digit), a few large."""
    n = rng.choice(
        (1, 2, 3, rng.randint(1, 12), rng.randint(1, 60), rng.randint(1, 60), rng.randint(60, 400))
    )
    if rng.random() < 0.03:
        n = rng.choice((1000, 2500))
    alpha0 = Fraction(rng.choice((11, 15, 20, 30, rng.randint(11, 1000))), 10)
    denominator = rng.choice((1, 2, 4, 10, 100, 3, 7, rng.randint(1, MAX_DENOMINATOR)))
    rate = Fraction(rng.randint(0, denominator), denominator)
    tolerance = rng.choice(
        (Fraction(0), Fraction(1), Fraction(1, 100), Fraction(1, 10), Fraction(rng.randint(0, 50), 100))
    )
    alpha = Fraction(rng.randint(10, min(10 * alpha0.numerator // alpha0.denominator + 10, 1000)), 10)
    ones = rng.choice((0, n - 1, rng.randint(0, n - 1)))
    texts = {
        "alpha0": LOCAL_ALPHA0.text(alpha0),
        "n": str(n),
        "rate": RATE.text(rate) if rng.random() < 0.7 else f"{rate.numerator}/{rate.denominator}",
        "tolerance": TOLERANCE.text(tolerance),
        "ones": str(ones),
        "alpha": LAB_ALPHA.text(alpha),
    }
    return texts


def _case(**changes: str) -> dict[str, str]:
    return {**EXAMPLES.default(), **changes}


STATE_CASES = (
    _case(n="5", ones="5"),
    _case(n="1", ones="1"),
    _case(rate="1/10001"),
    _case(rate="0.00001", n="3", ones="7"),
    _case(n="x", ones="99999"),
    _case(alpha0="1"),
    _case(alpha0="1.0", n="2", ones="2"),
)
FIELD_TEXTS = {
    "rate": ("0.3", "3/10", "0.1234", "1/3", "2/3", "0", "1", "1.0001", "1/10000", "1e-4"),
    "tolerance": ("0.05", "1/20", "0", "1", "1.5"),
    "alpha0": ("1", "1.0", "1.1", "100", "100.0", "3.05"),
    "n": ("10000", "10001", "0"),
    "ones": ("9999", "10000"),
}


LAB: Lab[State, StateRecord] = Lab(
    name="localdp",
    title="중앙 DP와 로컬 DP 실험실",
    fields=FIELDS,
    state=state_of(State),
    record=state_record,
    view=view,
    examples=EXAMPLES,
    own_texts=TEXTS,
    rules=rules,
    rule_limits=(DENOMINATOR,),
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    charts=CHARTS,
    golden=Golden(sample=sample, size=120, seed=26, state_cases=STATE_CASES, extra_texts=FIELD_TEXTS),
)
