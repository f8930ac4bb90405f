"""What the noise mechanisms lab and its cards show: every output slot, from its record.

The lab's module (``lab/gaussian.mjs``) computes the same view in the browser from the same
record (the golden vectors hold the two equal). Outputs (see :mod:`.lab`): ``eps-exact``,
``eps-classic``, ``eps-rdp``, ``eps-zcdp`` and ``eps-pure``; a value the mechanism does not
have is an empty ``data-value`` and a sentence saying why. The table ``rows:delta-curve``
(in ``[data-out="delta-curve"]``) has a row per ε of the record's curve: ε, the exact δ(ε),
and the RDP and zCDP bounds on it, each cell's text also in its ``data-value``.
"""

from __future__ import annotations

from generator.course.shown import Shown, View, text
from generator.lessons.gaussian.records import COVERED, OVER_ONE, Ball, Bound, Curve, StateRecord, curve_rows

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    "exact-value": "{value} (인증된 구간 [{lower}, {upper}])",
    "classic-value": "{value} (ε < 1이므로 정리가 적용된다)",
    "classic-over-one": "정리가 적용되지 않는다 (식의 값 {value} ≥ 1)",
    "rdp-value": "{value} 이하 (차수 α = {order})",
    "zcdp-value": "{value} 이하 (ρ = {rho})",
    "pure-value": "{value} (= Δ/b = {exact})",
    "gaussian-only": "가우스 메커니즘에서만 계산한다",
    "laplace-only": "라플라스 메커니즘에서만 계산한다",
    "announcement": "정확한 ε {exact}",
    "curve-caption": "정확한 ε {value} 둘레의 δ(ε): 정확한 값과 두 상계",
    "curve-none": "가우스에서만",
    "chart-label": "정확한 ε {value} 둘레에서 ε에 따른 δ(ε)의 그래프(로그 눈금). 값은 위의 표에 있습니다.",
}


def _attrs(found: Ball) -> dict[str, str]:
    return {"data-value": found["value"], "data-lower": found["lower"], "data-upper": found["upper"]}


def _absent(sentence: str, **extra: str) -> Shown:
    """A value the setting does not have: empty attributes and the sentence saying why."""
    return text(sentence, **{"data-value": "", "data-lower": "", "data-upper": "", **extra})


def exact_shown(found: Ball) -> Shown:
    """The exact ε at δ with its enclosure."""
    return text(TEXTS["exact-value"].format(**found), **_attrs(found))


def classic_shown(record: StateRecord) -> Shown:
    """The classic calibration's ε when the theorem covers it, else the reason."""
    found = record["classic"]
    if record["classic_reason"] == COVERED:
        return text(TEXTS["classic-value"].format(value=found["value"]), **_attrs(found))
    if record["classic_reason"] == OVER_ONE:
        return _absent(TEXTS["classic-over-one"].format(value=found["value"]))
    return _absent(TEXTS["gaussian-only"])


def rdp_shown(found: Bound) -> Shown:
    """The RDP bound with its order."""
    if not found["value"]:
        return _absent(TEXTS["gaussian-only"], **{"data-order": ""})
    return text(
        TEXTS["rdp-value"].format(value=found["value"], order=found["order"]),
        **_attrs(found),
        **{"data-order": found["order"]},
    )


def zcdp_shown(found: Bound, rho: str) -> Shown:
    """The zCDP bound with its ρ."""
    if not found["value"]:
        return _absent(TEXTS["gaussian-only"])
    return text(TEXTS["zcdp-value"].format(value=found["value"], rho=rho), **_attrs(found))


def pure_shown(record: StateRecord) -> Shown:
    """The Laplace's pure ε₀ = Δ/b."""
    if not record["pure"]:
        return text(TEXTS["laplace-only"], **{"data-value": "", "data-exact": ""})
    return text(
        TEXTS["pure-value"].format(value=record["pure_decimal"], exact=record["pure"]),
        **{"data-value": record["pure_decimal"], "data-exact": record["pure"]},
    )


def _curve_cell(value: str) -> Shown:
    """A δ of the curve, or the sentence saying that the mechanism has no such bound."""
    return text(value or TEXTS["curve-none"], **{"data-value": value})


def curve_shown(curve: Curve) -> Shown:
    """One row per ε of the curve: ε, the exact δ(ε), the RDP and the zCDP bound."""
    return Shown(
        items=tuple(
            Shown(
                {"data-epsilon": row["epsilon"]},
                cells=(
                    text(row["epsilon"]),
                    _curve_cell(row["exact"]),
                    _curve_cell(row["rdp"]),
                    _curve_cell(row["zcdp"]),
                ),
            )
            for row in curve_rows(curve)
        )
    )


def view(record: StateRecord) -> View:
    """Every slot of the lab for one point of its grid."""
    return {
        "out:eps-exact": exact_shown(record["exact"]),
        "out:eps-classic": classic_shown(record),
        "out:eps-rdp": rdp_shown(record["rdp"]),
        "out:eps-zcdp": zcdp_shown(record["zcdp"], record["rho"]),
        "out:eps-pure": pure_shown(record),
        "caption:delta-curve": text(TEXTS["curve-caption"].format(value=record["exact"]["value"])),
        "rows:delta-curve": curve_shown(record["curve"]),
    }


def chart_label(record: StateRecord) -> str:
    """The static chart's text alternative."""
    return TEXTS["chart-label"].format(value=record["exact"]["value"])


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: the exact ε."""
    return TEXTS["announcement"].format(exact=record["exact"]["value"])
