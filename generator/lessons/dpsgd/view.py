"""What the DP-SGD lab and its cards show: every output slot, from its record.

The lab's module (``lab/dpsgd.mjs``) computes the same view in the browser from the same
record (the golden vectors hold the two equal). Outputs: ``eps-rdp`` and ``eps-rdp-classic``
(``data-value`` the certified ε, ``data-order`` its order, ``data-lower``/``data-upper`` its
enclosure rounded outward); on a card also ``eps-certified`` (``data-lower``, ``data-upper``: the
certified bracket on the optimal ε, rounded outward; ``data-value``: its upper end to three
decimals, rounded up).
"""

from __future__ import annotations

from generator.course.shown import Shown, View, exact, pure_epsilon, text
from generator.course.templates import reading
from generator.lessons.dpsgd.records import Accountant, AmplifyRecord, Bracket, StateRecord

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    "rdp-value": "{epsilon} (차수 α = {order})",
    "bracket-value": "[{lower}, {upper}] (폭 {width} 이하)",
    "announcement": "RDP ε {rdp} (개선된 변환), {classic} (고전적 변환)",
}


def accountant_shown(shown: Accountant) -> Shown:
    """An RDP accountant's ε with its order."""
    return text(
        TEXTS["rdp-value"].format(epsilon=shown["epsilon"], order=shown["order"]),
        **{
            "data-value": shown["epsilon"],
            "data-order": str(shown["order"]),
            "data-lower": shown["lower"],
            "data-upper": shown["upper"],
        },
    )


def bracket_shown(bracket: Bracket) -> Shown:
    """The certified bracket on the optimal ε."""
    return text(
        TEXTS["bracket-value"].format(lower=bracket["lower"], upper=bracket["upper"], width=bracket["width"]),
        **{"data-value": bracket["value"], "data-lower": bracket["lower"], "data-upper": bracket["upper"]},
    )


def view(record: StateRecord) -> View:
    """Every slot of the lab for one point of its grid."""
    return {
        "out:eps-rdp": accountant_shown(record["rdp"]),
        "out:eps-rdp-classic": accountant_shown(record["rdp_classic"]),
    }


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: both RDP ε."""
    return TEXTS["announcement"].format(
        rdp=record["rdp"]["epsilon"], classic=record["rdp_classic"]["epsilon"]
    )


# The amplification lab's sentences.
AMPLIFY_TEXTS = {
    "eps-zero": "0 (α₀ = 1이면 응답이 비트와 무관하다)",
    "eps-infinite": "∞",
    "announcement": "표본 추출로 필요한 δ*(α) {required}, 표본 추출 없이 {unsampled}",
}


def amplify_view(record: AmplifyRecord) -> View:
    """Every slot of the amplification lab: both δ*(α), the amplified α and both pure ε."""
    return {
        "out:delta-required": exact(record["required"]),
        "out:delta-unsampled": exact(record["required_unsampled"]),
        "out:ratio": exact(record["ratio"]),
        "out:eps-pure": pure_epsilon(record["sampled"], AMPLIFY_TEXTS),
        "out:eps-unsampled": pure_epsilon(record["unsampled"], AMPLIFY_TEXTS),
    }


def amplify_announcement(record: AmplifyRecord) -> str:
    """What the live region says after an update: both δ*(α)."""
    return AMPLIFY_TEXTS["announcement"].format(
        required=reading(record["required"]), unsampled=reading(record["required_unsampled"])
    )
