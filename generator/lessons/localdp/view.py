"""What the central-and-local lab and its cards show: every output slot, from its record.

Slots (see :mod:`.lab`): ``estimate-variance``, ``within``, ``central-variance``,
``within-central``, ``shuffled-delta`` and ``local-delta`` (each ``data-exact``, the reduced
fraction) and ``eps-local`` (``data-value``: ln α₀ to three decimals). The lab's module
(``lab/localdp.mjs``) computes the same view in the browser from the same record (the golden
vectors hold the two equal).
"""

from __future__ import annotations

from generator.core.estimate_laws import CUTOFF, MAX_POINTS, PLACES
from generator.core.readable import power_of_ten
from generator.course.shown import View, exact, text
from generator.course.templates import reading
from generator.lessons.localdp.records import StateRecord

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    "eps-local": "ε₀ = ln α₀ ≈ {value}",
    "announcement": "로컬 Var(π̂) {local}, 중앙 Var(π̂) {central}, 셔플 δ*(α) {shuffled}",
    "chart-caption": (
        "두 추정량의 정확한 분포. 로컬 추정량과 중앙 추정량은 값이 놓이는 격자의 간격이 서로 "
        "다르므로, 각 점의 확률을 그 간격으로 나눈 값을 같은 축에 그렸습니다. 점의 높이는 정확한 "
        f"값과의 차이가 {power_of_ten(-PLACES)}보다 작고, 봉우리의 1/{CUTOFF}보다 낮은 양쪽 끝은 그리지 "
        f"않으며, 점이 {MAX_POINTS}개를 넘으면 같은 간격으로 건너뛰며 그립니다."
    ),
    "model-local": "로컬",
    "model-central": "중앙",
    "chart-label": "로컬 추정량과 중앙 추정량의 분포 그래프. 두 분산은 위의 결과에 있습니다.",
}


def view(record: StateRecord) -> View:
    """Every slot of the lab (and of a card) for one state."""
    return {
        "out:estimate-variance": exact(record["estimate_variance"]),
        "out:within": exact(record["within"]),
        "out:central-variance": exact(record["central_variance"]),
        "out:within-central": exact(record["within_central"]),
        "out:shuffled-delta": exact(record["shuffled_delta"]),
        "out:local-delta": exact(record["local_delta"]),
        "out:eps-local": text(
            TEXTS["eps-local"].format(value=record["eps_local"]), **{"data-value": record["eps_local"]}
        ),
    }


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: both variances and the shuffled δ*."""
    return TEXTS["announcement"].format(
        local=reading(record["estimate_variance"]),
        central=reading(record["central_variance"]),
        shuffled=reading(record["shuffled_delta"]),
    )
