"""What the events lab and its cards show of a state: every output slot, from its record.

The lab's module (``lab/events.mjs``) computes the same view in the browser (the golden
vectors hold the two equal), and the course writes either into the same elements
(:mod:`generator.course.shown`).
"""

from __future__ import annotations

from generator.core.input_limits import MAX_OUTPUTS
from generator.core.rational import fraction_str
from generator.course.shown import Shown, View, exact, exact_cell, pure_epsilon, text, verdict
from generator.course.templates import reading
from generator.lessons.events.records import Output, StateRecord

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    "verdict-pass": "주장 통과: 필요한 δ*(α)({required})가 주장한 δ({delta}) 이하입니다",
    "verdict-fail": "주장 실패: 필요한 δ*(α)({required})가 주장한 δ({delta})보다 큽니다",
    "event-pass": "이 사건 하나는 주장한 δ 안에서 부등식을 만족합니다 (이 사건에 필요한 δ: {required}).",
    "event-fail": "이 사건 하나가 이미 주장을 깨뜨립니다 (이 사건에 필요한 δ: {required}).",
    "announcement": "{verdict}. {event}",
    "outputs-caption": "출력별 확률과 초과량 (α = {alpha})",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 모든 사건이 δ 없이 부등식을 만족합니다",
    "eps-infinite": "∞ (한쪽에서만 나오는 출력이 있어 유한한 순수 ε이 없음)",
    "eps-zero": "0 (두 분포가 같음)",
    "in-max": "예",
    "not-in-max": "아니요",
    "caption": (
        "사건 {count}개 각각을 ‘출력이 S에 들면 x = 0이라고 답하는’ 검정으로 보고 "
        "(오탐률 Q(S), 탐지율 P(S))에 "
        "찍었습니다. 실선은 가장 좋은 검정들, 점선은 가장 나쁜 검정들의 경계이고, 빨간 점은 고른 사건 "
        "{event}입니다."
    ),
    "chart-label": "사건별 검정의 (오탐률, 탐지율) 그래프. 고른 사건 {event}의 점은 ({fpr}, {tpr})입니다.",
}


def _row(index: int, output: Output) -> Shown:
    member = output["in_max_event"]
    cells = (
        text(str(index)),
        exact_cell(output["p"]),
        exact_cell(output["q"]),
        exact_cell(output["excess_01"]),
        exact_cell(output["excess_10"]),
        text(TEXTS["in-max" if member else "not-in-max"], **{"data-in-max": "true" if member else "false"}),
    )
    return Shown({"data-output": str(index)}, cells=cells)


def _options(record: StateRecord) -> Shown:
    """The event's checkboxes: an index beyond the channel's outputs is hidden and disabled,
    unless it is ticked, so that a learner can untick an index that no longer exists."""
    outputs, ticked = len(record["channel"]["labels"]), set(record["event"]["outputs"])
    off = [index >= outputs and index not in ticked for index in range(MAX_OUTPUTS)]
    return Shown(items=tuple(Shown({"data-output": str(i)}, hidden=o, disabled=o) for i, o in enumerate(off)))


def view(record: StateRecord) -> View:
    """Every slot of the lab (and of a card) for one state."""
    claim, event = record["claim"], record["event"]
    maximal = claim["event"]
    shown: dict[str, Shown] = {
        "out:event": text(event["text"], **{"data-value": ",".join(str(i) for i in event["outputs"])}),
        "out:event-claim": verdict(
            event["passes"],
            TEXTS["event-pass" if event["passes"] else "event-fail"].format(
                required=reading(event["required"])
            ),
        ),
        "out:claim": verdict(
            claim["passes"],
            TEXTS["verdict-pass" if claim["passes"] else "verdict-fail"].format(
                required=reading(claim["required"]), delta=reading(claim["delta"])
            ),
        ),
        "out:event-p": exact(event["mass0"]),
        "out:event-q": exact(event["mass1"]),
        "out:event-excess-01": exact(event["excess_01"]),
        "out:event-excess-10": exact(event["excess_10"]),
        "out:event-delta": exact(event["required"]),
        "out:delta-required": exact(claim["required"]),
        "out:max-event": text(
            TEXTS["max-event"].format(event=maximal["text"], direction=maximal["direction"])
            if maximal["outputs"]
            else TEXTS["max-event-none"],
            **{"data-direction": maximal["direction"], "data-outputs": " ".join(maximal["outputs"])},
        ),
        "out:eps-pure": pure_epsilon(record["pure_epsilon"], TEXTS),
        "out:tv": exact(record["tv"]),
        "caption:tradeoff": text(
            TEXTS["caption"].format(count=len(record["tradeoff"]["events"]), event=event["text"])
        ),
        "caption:outputs": text(TEXTS["outputs-caption"].format(alpha=fraction_str(claim["alpha"]))),
        "rows:outputs": Shown(items=tuple(_row(i, output) for i, output in enumerate(record["outputs"]))),
        "field:event": _options(record),
    }
    return shown


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: both verdicts."""
    shown = view(record)
    return TEXTS["announcement"].format(verdict=shown["out:claim"].text, event=shown["out:event-claim"].text)


def chart_label(record: StateRecord) -> str:
    event = record["event"]
    return TEXTS["chart-label"].format(
        event=event["text"], fpr=fraction_str(event["mass1"]), tpr=fraction_str(event["mass0"])
    )
