"""What the lesson's two labs and their cards show of a state: every output slot, from its record.

The labs' modules (``lab/postprocessing.mjs``, ``lab/group.mjs``) compute the same views in
the browser (the golden vectors hold them equal), and the course writes either into the same
elements (:mod:`generator.course.shown`).
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.core.rational import fraction_str
from generator.course.records import Maximal
from generator.course.shown import Shown, View, exact, exact_cell, pure_epsilon, text, verdict
from generator.course.templates import reading
from generator.lessons.postprocessing.records import CurvePoint, GridRow, GroupRecord, PostRecord

# Every sentence a view writes, with {slots} it fills; the browser fills them the same way.
POST_TEXTS = {
    "verdict-pass": (
        "성립: α = {alpha}에서 후처리한 쪽의 δ*는 {image}, 채널의 δ*는 {channel}이고 앞의 값이 크지 않습니다"
    ),
    "verdict-fail": (
        "깨짐: α = {alpha}에서 후처리한 쪽의 δ*는 {image}, 채널의 δ*는 {channel}이고 앞의 값이 더 큽니다"
    ),
    "violation": (
        "f가 x를 읽어 부등식이 α = {alpha}에서 처음 깨집니다: 후처리한 쪽의 사건 {event}({direction} 방향)에 "
        "필요한 δ는 {image}이고 채널의 δ*는 {channel}입니다."
    ),
    "violation-none": "살펴본 모든 α에서 후처리한 쪽의 δ*가 채널의 δ* 이하입니다.",
    "announcement": "{verdict}. {violation}",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 후처리한 쪽의 모든 사건이 δ 없이 부등식을 만족합니다",
    "eps-infinite": "∞ (한쪽에서만 나오는 출력이 있어 유한한 순수 ε이 없음)",
    "eps-zero": "0 (두 분포가 같음)",
    "invertible-yes": "예: 채널이 낼 수 있는 출력 위에서 일대일인 결정적 사상이라 δ*가 그대로여야 합니다",
    "invertible-no": "아니요",
    "holds": "예",
    "breaks": "아니요",
    "grid-caption": "정수 α = 1부터 {end}까지 M과 f∘M의 δ*(α), 그리고 그 차",
    "caption": "정수 α 격자에서 채널 M(파랑)과 후처리한 f∘M(빨강)의 δ*(α)입니다. {verdict}.",
    "chart-label": "두 프로필의 그래프. α = 1부터 {end}까지의 값은 아래 표에 있습니다.",
}
GROUP_TEXTS = {
    "announcement": "그룹의 δ*는 {exact}, 사슬의 합은 {sum}, 교과서 사슬은 {textbook}입니다.",
    "max-event": "{event} ({direction} 방향)",
    "max-event-none": "없음: 그룹 변화의 모든 사건이 δ 없이 부등식을 만족합니다",
    "curve-caption": (
        "α₁을 1부터 p/(1 − p) = {ratio}까지 10등분한 점에서 그룹의 정확한 δ*(α₁ᵍ)와 두 사슬 상계"
    ),
    "caption": (
        "한 사람의 α₁마다 g = {g}명 그룹의 δ를 α = α₁ᵍ에서 그렸습니다. 검은 점이 고른 α₁ = {alpha1}입니다."
    ),
    "chart-label": "그룹의 정확한 δ와 두 사슬 상계의 그래프. 값은 아래 표에 있습니다.",
}


def max_event(found: Maximal, texts: Mapping[str, str]) -> Shown:
    """The maximal event with its direction, or the sentence for none."""
    sentence = (
        texts["max-event"].format(event=found["text"], direction=found["direction"])
        if found["outputs"]
        else texts["max-event-none"]
    )
    return text(
        sentence, **{"data-direction": found["direction"], "data-outputs": " ".join(found["outputs"])}
    )


def _verdict(record: PostRecord) -> str:
    return POST_TEXTS["verdict-pass" if record["passes"] else "verdict-fail"].format(
        alpha=fraction_str(record["alpha"]),
        image=reading(record["delta_image"]),
        channel=reading(record["delta_channel"]),
    )


def _violation(record: PostRecord) -> Shown:
    found = record["violation"]
    if found is None:
        return text(POST_TEXTS["violation-none"], **{"data-value": ""})
    sentence = POST_TEXTS["violation"].format(
        alpha=fraction_str(found["alpha"]),
        event=found["event"]["text"],
        direction=found["event"]["direction"],
        image=reading(found["image"]),
        channel=reading(found["channel"]),
    )
    return text(sentence, **{"data-value": fraction_str(found["alpha"])})


def _grid_row(row: GridRow) -> Shown:
    holds = row["holds"]
    cells = (
        text(fraction_str(row["alpha"])),
        exact_cell(row["channel"]),
        exact_cell(row["image"]),
        exact_cell(row["difference"]),
        text(POST_TEXTS["holds" if holds else "breaks"], **{"data-holds": "true" if holds else "false"}),
    )
    return Shown({"data-alpha": fraction_str(row["alpha"])}, cells=cells)


def post_view(record: PostRecord) -> View:
    """Every slot of the post-processing lab (and of its cards and figures) for one state."""
    sentence = _verdict(record)
    invertible = record["invertible"]
    return {
        "out:claim": verdict(record["passes"], sentence),
        "out:violation": _violation(record),
        "out:delta-required": exact(record["delta_image"]),
        "out:delta-channel": exact(record["delta_channel"]),
        "out:max-event": max_event(record["max_event"], POST_TEXTS),
        "out:eps-pure": pure_epsilon(record["pure_image"], POST_TEXTS),
        "out:eps-pure-channel": pure_epsilon(record["pure_channel"], POST_TEXTS),
        "out:invertible": text(
            POST_TEXTS["invertible-yes" if invertible else "invertible-no"],
            **{"data-value": "yes" if invertible else "no"},
        ),
        "caption:profiles": text(POST_TEXTS["caption"].format(verdict=sentence)),
        "caption:grid": text(POST_TEXTS["grid-caption"].format(end=len(record["grid"]))),
        "rows:grid": Shown(items=tuple(_grid_row(row) for row in record["grid"])),
    }


def post_announcement(record: PostRecord) -> str:
    """What the live region says after an update: the verdict, and where f breaks it."""
    violation = _violation(record).text
    return POST_TEXTS["announcement"].format(verdict=_verdict(record), violation=violation)


def post_chart_label(record: PostRecord) -> str:
    return POST_TEXTS["chart-label"].format(end=len(record["grid"]))


def _curve_row(index: int, point: CurvePoint) -> Shown:
    """α₁, δ₁, α = α₁ᵍ, the group's δ*, the summed and the textbook chain."""
    values = (
        point["alpha1"],
        point["single"],
        point["alpha"],
        point["exact"],
        point["sum"],
        point["textbook"],
    )
    return Shown({"data-point": str(index)}, cells=tuple(exact_cell(value) for value in values))


def group_view(record: GroupRecord) -> View:
    """Every slot of the group lab (and of its cards and figures) for one state."""
    return {
        "out:delta-single": exact(record["delta_single"]),
        "out:delta-required": exact(
            record["delta_required"], **{"data-alpha": fraction_str(record["alpha"])}
        ),
        "out:chain-sum": exact(record["chain_sum"]),
        "out:chain-textbook": exact(record["chain_textbook"]),
        "out:eps-pure": pure_epsilon(record["pure"], GROUP_TEXTS),
        "out:max-event": max_event(record["max_event"], GROUP_TEXTS),
        "caption:group": text(
            GROUP_TEXTS["caption"].format(g=record["g"], alpha1=fraction_str(record["alpha1"]))
        ),
        "caption:curve": text(GROUP_TEXTS["curve-caption"].format(ratio=fraction_str(record["ratio"]))),
        "rows:curve": Shown(items=tuple(_curve_row(i, point) for i, point in enumerate(record["curve"]))),
    }


def group_announcement(record: GroupRecord) -> str:
    """What the live region says after an update: the exact δ* beside both chains."""
    return GROUP_TEXTS["announcement"].format(
        exact=reading(record["delta_required"]),
        sum=reading(record["chain_sum"]),
        textbook=reading(record["chain_textbook"]),
    )
