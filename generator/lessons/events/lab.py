"""The events lab, declared (``{{ lab events }}``): a channel typed as two rows of weights, a
claim (α, δ) and an event S ticked output by output.

URL (DESIGN.md, "The prerequisite lesson's lab"): ``weights0``, ``weights1``, ``alpha``,
``delta``, ``event``. Outputs: ``delta-required``, ``claim``, ``max-event``, ``eps-pure``,
``event-excess-01``, ``event-excess-10``, ``tv`` and ``event``, ``event-p``, ``event-q``,
``event-delta``, ``event-claim`` (:mod:`.view`). Two rules need the whole state, and their
refusal is shown beside the field that breaks them: ``weights1`` must have as many outputs
as ``weights0`` ("mismatch"), and every index of ``event`` must be an output ("no-output").
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from generator.core.fields import ListLimit
from generator.core.input_limits import LAB_ALPHA, LAB_DELTA, MAX_OUTPUTS, OUTPUT_INDEX, WEIGHT
from generator.core.profile import Profile
from generator.course.golden import Golden
from generator.course.inputs import CLAIM_ALPHA, CLAIM_DELTA, Field
from generator.course.lab import Examples, Lab, Values
from generator.course.lab_state import state_of
from generator.lessons.events.catalogue import DATA, PATH
from generator.lessons.events.charts import CHARTS
from generator.lessons.events.records import State, StateRecord, state_record
from generator.lessons.events.view import TEXTS, announcement, view

FOLDER = Path(__file__).resolve().parent
MISMATCH, NO_OUTPUT = "mismatch", "no-output"

_ROW_RULE = "출력 0부터 차례로, 쉼표로 구분한 0 이상의 정수 가중치입니다. 행의 합으로 나누어 확률로 씁니다."
WEIGHTS0 = ListLimit("weights0", WEIGHT, 1, MAX_OUTPUTS, positive_sum=True)
WEIGHTS1 = ListLimit("weights1", WEIGHT, 1, MAX_OUTPUTS, positive_sum=True)
EVENT = ListLimit("event", OUTPUT_INDEX, 0, MAX_OUTPUTS, distinct=True)
FIELDS = (
    Field(WEIGHTS0, "x = 0일 때의 가중치 (P)", _ROW_RULE, "9,6,1"),
    Field(
        WEIGHTS1,
        "x = 1일 때의 가중치 (Q)",
        _ROW_RULE,
        "1,6,9",
        state_messages={MISMATCH: "두 행의 출력 수가 같아야 합니다. x = 0 행과 같은 개수의 값을 입력하세요."},
    ),
    CLAIM_ALPHA,
    CLAIM_DELTA,
    Field(
        EVENT,
        "사건 S에 넣을 출력",
        "체크한 출력들이 사건 S입니다. 아무것도 고르지 않으면 빈 사건입니다.",
        "0,1",
        labels=tuple(f"출력 {index}" for index in range(MAX_OUTPUTS)),
        checkboxes=True,
        state_messages={
            NO_OUTPUT: (
                "채널에 없는 출력이 사건에 있습니다. "
                "출력 번호는 0부터 가중치 개수보다 하나 작은 수까지입니다."
            )
        },
    ),
)

# The key results the summary bar keeps in view (data-out name, short term).
SUMMARY = (
    ("claim", "판정"),
    ("delta-required", "필요한 δ*(α)"),
    ("event-delta", "사건 S의 δ"),
    ("eps-pure", "순수 ε"),
    ("tv", "총변동거리"),
)

# The lesson's paragraph (its heading id in docs/lessons/events.md) that explains each result.
EXPLAINED_BY = {
    "event-p": "event-inequality",
    "event-q": "event-inequality",
    "event-excess-01": "event-inequality",
    "event-excess-10": "event-inequality",
    "event-delta": "event-inequality",
    "delta-required": "exact-delta",
    "max-event": "exact-delta",
    "eps-pure": "pure-approximate",
    "tv": "testing",
}


def rules(values: Values) -> dict[str, str]:
    """The two rules of the whole state, on the values that read (a refused field is absent)."""
    refusals: dict[str, str] = {}
    weights0, weights1, event = (values.get(name) for name in ("weights0", "weights1", "event"))
    if isinstance(weights0, tuple) and isinstance(weights1, tuple) and len(weights0) != len(weights1):
        refusals["weights1"] = MISMATCH
    if isinstance(weights0, tuple) and isinstance(event, tuple) and any(i >= len(weights0) for i in event):
        refusals["event"] = NO_OUTPUT
    return refusals


def _weights(rng: random.Random, n: int) -> list[int]:
    scale = rng.choice((3, 10, 1000, 1_000_000))
    while True:
        row = [rng.randint(0, scale) if rng.random() > 0.2 else 0 for _ in range(n)]
        if sum(row):
            return row


def _delta_text(rng: random.Random, required: Fraction) -> str:
    """δ as typed: often δ*(α) itself or just either side of it, else a short decimal."""
    choice = rng.random()
    if choice < 0.25:
        return LAB_DELTA.text(required)
    if choice < 0.5:
        nudged = required + Fraction(rng.choice((-1, 1)), 10**6)
        return LAB_DELTA.text(min(max(nudged, Fraction(0)), Fraction(1)))
    return LAB_DELTA.text(Fraction(rng.randint(0, 1000), 1000))


def sample(rng: random.Random) -> dict[str, str]:
    """One state of the whole domain: 1 to 8 outputs, weights from 0 to 10^6, zeros and rows
    of different sums, α on the 0.1 grid, δ often at or either side of δ*(α), any event."""
    n = rng.randint(1, MAX_OUTPUTS)
    weights0, weights1 = _weights(rng, n), _weights(rng, n)
    tenths = rng.choice((10, 11, 20, 30, 57, 90, 1000, rng.randint(10, 1000)))
    alpha = Fraction(tenths, 10)
    required = Profile(State(tuple(weights0), tuple(weights1), alpha, Fraction(0), ()).channel()).delta(alpha)
    return {
        "weights0": ",".join(map(str, weights0)),
        "weights1": ",".join(map(str, weights1)),
        "alpha": LAB_ALPHA.text(alpha) if rng.random() < 0.8 else f"{tenths}/10",
        "delta": _delta_text(rng, required),
        "event": ",".join(map(str, sorted(rng.sample(range(n), rng.randint(0, n))))),
    }


STATE_CASES = (
    {"weights0": "9,6,1", "weights1": "1,6", "alpha": "3.0", "delta": "0", "event": "0"},
    {"weights0": "1", "weights1": "1,1", "alpha": "3.0", "delta": "0", "event": ""},
    {"weights0": "9,6,1", "weights1": "1,6,9", "alpha": "3.0", "delta": "0", "event": "0,3"},
    {"weights0": "1,1", "weights1": "1,1,1", "alpha": "3.0", "delta": "0", "event": "2"},
    {"weights0": "0,0", "weights1": "1,6,9", "alpha": "3.0", "delta": "0", "event": "2"},
)


LAB: Lab[State, StateRecord] = Lab(
    name="events",
    title="사건 실험실",
    fields=FIELDS,
    state=state_of(State),
    record=state_record,
    view=view,
    examples=Examples.of_fields(PATH, DATA.catalogue, FIELDS),
    own_texts=TEXTS,
    rules=rules,
    charts=CHARTS,
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    golden=Golden(sample=sample, size=400, seed=9, state_cases=STATE_CASES),
)
