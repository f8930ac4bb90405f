"""What the DP-SGD lab and its cards show: every output slot, from its record.

The lab's module (``lab/dpsgd.mjs``) computes the same view in the browser from the same
record (the golden vectors hold the two equal). Outputs: ``eps-rdp`` and ``eps-rdp-classic``
(``data-value`` the certified ε, ``data-order`` its order, ``data-lower``/``data-upper`` its
enclosure rounded outward); on a card also ``eps-certified`` (``data-lower``, ``data-upper``: the
certified bracket on the optimal ε, rounded outward; ``data-value``: its upper end to three
decimals, rounded up).
"""

from __future__ import annotations

from generator.course.shown import Shown, View, text
from generator.lessons.dpsgd.records import Accountant, Bracket, StateRecord

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
