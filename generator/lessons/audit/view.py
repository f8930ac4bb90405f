"""What the auditing lab and its cards show: every output slot, from its record.

The lab's module (``lab/audit.mjs``) computes the same view in the browser from the same
record (the golden vectors hold the two equal). Outputs (see :mod:`.lab`): the exact ``fpr``,
``tpr``, ``advantage``, ``advantage-bound`` and ``yeom-bound``; the certified ``tpr-lower``,
``fpr-upper`` and ``eps-audit``; and ``trials-needed``. A value the setting does not have is
an empty ``data-value`` and a sentence saying why.
"""

from __future__ import annotations

from fractions import Fraction

from generator.course.shown import Shown, View, exact, text
from generator.lessons.audit.records import INSIDE, Bound, StateRecord

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    "tpr-lower-value": "{value} 이상 (인증된 구간 [{lower}, {upper}])",
    "fpr-upper-value": "{value} 이하 (인증된 구간 [{lower}, {upper}])",
    "eps-value": "ε ≥ {value} (인증된 구간 [{lower}, {upper}])",
    "eps-none": "이 관찰 수로는 ε > 0을 인증하지 못한다",
    "trials-value": "{value}번씩",
    "trials-inside": "어떤 n도 부족하다: 이 검정이 드러내는 α가 목표 이하이다",
    "trials-limit": "100 000번 안에서는 성공 확률이 절반에 이르지 않는다",
    "chart-caption": (
        "트레이드오프 곡선(파랑), α = {alpha}의 영역 경계(회색 점선), 고른 검정 ({fpr}, {tpr})(빨강), "
        "감사의 경계가 허락하는 비율의 상자(주황)"
    ),
    "chart-label": (
        "위양성률과 참양성률의 그래프. 고른 검정의 점은 ({fpr}, {tpr})이고, "
        "감사의 상자는 위양성률 {high} 이하, 참양성률 {low} 이상입니다."
    ),
    "announcement": "이득 {advantage}, 감사의 ε {epsilon}",
    "announcement-none": "인증 없음",
}


def _bound_shown(found: Bound, sentence: str) -> Shown:
    attrs = {"data-value": found["value"], "data-lower": found["lower"], "data-upper": found["upper"]}
    return text(TEXTS[sentence].format(**found), **attrs)


def epsilon_shown(found: Bound) -> Shown:
    """ε_audit with its enclosure, or the sentence saying the counts certify nothing."""
    if not found["value"]:
        return text(TEXTS["eps-none"], **{"data-value": "", "data-lower": "", "data-upper": ""})
    return _bound_shown(found, "eps-value")


def trials_shown(record: StateRecord) -> Shown:
    """The least n, or the reason no n is given."""
    plan = record["plan"]
    if plan["trials"]:
        return text(
            TEXTS["trials-value"].format(value=plan["trials"]),
            **{"data-value": plan["trials"], "data-reason": ""},
        )
    reason = "trials-inside" if plan["reason"] == INSIDE else "trials-limit"
    return text(TEXTS[reason], **{"data-value": "", "data-reason": plan["reason"]})


def view(record: StateRecord) -> View:
    """Every slot of the lab for one point of its grid."""
    rates, found = record["rates"], record["audit"]
    return {
        "out:fpr": exact(Fraction(rates["fpr"])),
        "out:tpr": exact(Fraction(rates["tpr"])),
        "out:advantage": exact(Fraction(rates["advantage"])),
        "out:advantage-bound": exact(Fraction(rates["advantage_bound"])),
        "out:yeom-bound": exact(Fraction(rates["yeom_bound"])),
        "out:tpr-lower": _bound_shown(found["tpr_lower"], "tpr-lower-value"),
        "out:fpr-upper": _bound_shown(found["fpr_upper"], "fpr-upper-value"),
        "out:eps-audit": epsilon_shown(found["epsilon"]),
        "out:trials-needed": trials_shown(record),
        "caption:tradeoff": text(
            TEXTS["chart-caption"].format(alpha=rates["alpha"], fpr=rates["fpr"], tpr=rates["tpr"])
        ),
    }


def chart_label(record: StateRecord) -> str:
    """The chart's text alternative: the test's point and the audit's box."""
    rates, found = record["rates"], record["audit"]
    return TEXTS["chart-label"].format(
        fpr=rates["fpr"], tpr=rates["tpr"], high=found["fpr_upper"]["value"], low=found["tpr_lower"]["value"]
    )


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: the advantage and ε_audit."""
    epsilon = record["audit"]["epsilon"]["value"] or TEXTS["announcement-none"]
    return TEXTS["announcement"].format(advantage=record["rates"]["advantage"], epsilon=epsilon)
