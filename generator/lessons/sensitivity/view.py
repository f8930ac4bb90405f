"""What the noise-mechanism lab and its cards show of a state: every output slot, from its record.

The slots (README, "The noise-mechanism lab's address and outputs"): ``database`` (D and D′,
``data-value`` "3,-1,7,2;-2,-1,7,2"), ``answers`` (``data-value`` "f(D),f(D′)"),
``sensitivity`` (``data-value``: Δ, ``inf``, or empty), ``eps-pure`` and ``eps-guarantee``
(``data-value``: a decimal or ``inf``; ``data-ratio``: e^ε exactly, empty for ∞),
``delta-required`` and ``accuracy`` (``data-exact``), ``max-event`` (``data-direction``,
``data-outputs``), the caption and the rows of the table of the two laws. The lab's module
(``lab/sensitivity.mjs``) computes the same view in the browser (the golden vectors hold the
two equal), and the course writes either into the same elements
(:mod:`generator.course.shown`).
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.rational import fraction_str
from generator.course.records import Pure
from generator.course.shown import Shown, View, exact, exact_cell, text
from generator.course.templates import reading
from generator.lessons.sensitivity.records import StateRecord

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    "database": "D = ({d0}), D′ = ({d1})",
    "answers": "f(D) = {a0}, f(D′) = {a1}",
    "answers-k-ary": "첫 사람의 답: D에서 {a0}, D′에서 {a1}",
    "answers-exponential": "최빈값: D에서 {a0}, D′에서 {a1}",
    "sensitivity": "{value} (이 D′에서 답이 {distance}만큼 움직임)",
    "sensitivity-infinite": "∞ (자르지 않은 합: 한 사람이 합을 얼마든지 바꿀 수 있음)",
    "sensitivity-none": "— (범주를 내므로 답 사이의 거리가 없음)",
    "sensitivity-score": "{value} (점수 u = 범주에 든 레코드의 수)",
    "eps-value": "{exact} ≈ {decimal}",
    "eps-zero": "0 (두 분포가 같음)",
    "eps-infinite": "∞ (한쪽에서만 나오는 출력이 있음)",
    "eps-uncalibrated": "∞ (민감도가 무한하여 α₀를 어떻게 골라도 보정할 수 없음. 이 한 쌍만 보면 {pair})",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 모든 사건이 δ 없이 부등식을 만족합니다",
    "in-max": "예",
    "not-in-max": "아니요",
    "laws-caption": "출력 범위 [{lo}, {hi}]에서 두 데이터셋이 내는 출력의 정확한 분포",
    "chart-caption": (
        "D(파란 선)와 D′(주황 선)에서 메커니즘이 각 출력 y를 낼 정확한 확률입니다. 그래프의 점 위치만 "
        "부동소수점으로 그렸고, 값은 아래 표에 분수로 있습니다."
    ),
    "chart-label": "두 이웃 데이터셋의 출력 분포 그래프. 값은 아래 표에 있습니다.",
    "announcement": "민감도 {sensitivity}, 순수 ε {epsilon}, δ*(α) {delta}, 정확도 {accuracy}",
    "announce-none": "—",
    "announce-infinite": "∞",
}

ANSWERS = {"k-ary": "answers-k-ary", "exponential": "answers-exponential"}


def _numbers(values: list[Fraction]) -> str:
    """A database as the page writes it: "3, −1, 7" (a minus sign, not a hyphen)."""
    return ", ".join(fraction_str(value).replace("-", "−") for value in values)


def _epsilon_text(pure: Pure, pair: Pure | None = None) -> str:
    """An ε's sentence: its value, or its kind's sentence; an ∞ that no α₀ calibrates says
    what the pair (D, D′) alone would need."""
    if pair is not None and pure["kind"] == "infinite" and pair["kind"] != "infinite":
        return TEXTS["eps-uncalibrated"].format(pair=_epsilon_text(pair))
    if pure["kind"] == "finite":
        return TEXTS["eps-value"].format(exact=pure["exact"], decimal=pure["decimal"])
    return TEXTS[f"eps-{pure['kind']}"]


def epsilon(pure: Pure, pair: Pure | None = None) -> Shown:
    """An ε's slot: ``data-value`` its decimal, ``data-ratio`` e^ε exactly ("" for ∞)."""
    ratio = pure["max_ratio"]
    attrs = {"data-value": pure["decimal"], "data-ratio": "" if ratio is None else fraction_str(ratio)}
    return text(_epsilon_text(pure, pair), **attrs)


def _sensitivity(record: StateRecord) -> Shown:
    sensitivity = record["sensitivity"]
    value = sensitivity["value"]
    if value is None:
        kind = sensitivity["kind"]
        return text(TEXTS[f"sensitivity-{kind}"], **{"data-value": "inf" if kind == "infinite" else ""})
    delta = fraction_str(value)
    if record["mechanism"] == "exponential":
        shown = TEXTS["sensitivity-score"].format(value=delta)
    else:
        distance = record["distance"]
        shown = TEXTS["sensitivity"].format(value=delta, distance=fraction_str(distance or 0))
    return text(shown, **{"data-value": delta})


def _rows(record: StateRecord) -> Shown:
    """One row per output of the two laws: y, P(Y = y | D), P(Y = y | D′), in the event."""
    channel, outputs = record["channel"], set(record["event"]["outputs"])
    rows = []
    for label, p, q in zip(
        channel["labels"], channel["distribution0"], channel["distribution1"], strict=True
    ):
        member = label in outputs
        cells = (
            text(label),
            exact_cell(p),
            exact_cell(q),
            text(
                TEXTS["in-max" if member else "not-in-max"], **{"data-in-max": "true" if member else "false"}
            ),
        )
        rows.append(Shown({"data-output": label}, cells=cells))
    return Shown(items=tuple(rows))


def view(record: StateRecord) -> View:
    """Every slot of the lab (and of a card) for one state."""
    database0, database1 = record["database0"], record["database1"]
    answer0, answer1 = fraction_str(record["answer0"]), fraction_str(record["answer1"])
    maximal = record["event"]
    return {
        "out:database": text(
            TEXTS["database"].format(d0=_numbers(database0), d1=_numbers(database1)),
            **{"data-value": ";".join(",".join(map(fraction_str, d)) for d in (database0, database1))},
        ),
        "out:answers": text(
            TEXTS[ANSWERS.get(record["mechanism"], "answers")].format(a0=answer0, a1=answer1),
            **{"data-value": f"{answer0},{answer1}"},
        ),
        "out:sensitivity": _sensitivity(record),
        "out:eps-pure": epsilon(record["pure_epsilon"], record["pair_epsilon"]),
        "out:eps-guarantee": epsilon(record["guarantee"]),
        "out:delta-required": exact(record["delta"]),
        "out:max-event": text(
            TEXTS["max-event"].format(event=maximal["text"], direction=maximal["direction"])
            if maximal["outputs"]
            else TEXTS["max-event-none"],
            **{"data-direction": maximal["direction"], "data-outputs": " ".join(maximal["outputs"])},
        ),
        "out:accuracy": exact(record["accuracy"]),
        "caption:laws": text(
            TEXTS["laws-caption"].format(lo=fraction_str(record["lo"]), hi=fraction_str(record["hi"]))
        ),
        "rows:laws": _rows(record),
    }


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: Δ, the pure ε, δ*(α) and the accuracy."""
    sensitivity, pure_epsilon = record["sensitivity"], record["pure_epsilon"]
    value = sensitivity["value"]
    return TEXTS["announcement"].format(
        sensitivity=TEXTS[f"announce-{sensitivity['kind']}"] if value is None else fraction_str(value),
        epsilon=TEXTS["announce-infinite"] if pure_epsilon["kind"] == "infinite" else pure_epsilon["decimal"],
        delta=reading(record["delta"]),
        accuracy=reading(record["accuracy"]),
    )
