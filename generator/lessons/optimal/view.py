"""What the optimal-composition lab and its cards show of a state: every output slot, from its
record.

The lab's module (``lab/optimal.mjs``) computes the same view in the browser (the golden
vectors hold the two equal), and the course writes either into the same elements
(:mod:`generator.course.shown`). Outputs (DESIGN.md, "The optimal-composition lab"):
``eps-optimal`` and ``eps-basic`` (``data-value`` the ε, ``data-alpha`` the exact α; neither
when the answer does not exist, then "∞" or "—" with its reason), ``eps-advanced``
(``data-value``), ``theorem-delta`` (Σ δᵢ), ``delta-at-basic``, ``loss-infinite`` (P(L = +∞),
each ``data-exact``) and ``support-size`` (``data-value``); the captions of both figures.
"""

from __future__ import annotations

from fractions import Fraction

from markupsafe import Markup

from generator.core.rational import fraction_str
from generator.core.readable import readable
from generator.course.shown import Shown, View, exact, markup, text
from generator.course.templates import fill_html, number_html, reading
from generator.lessons.optimal.records import BAR_MASS, CURVE_FLOOR, StateRecord

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    "eps-with-alpha": "{epsilon} (α = {alpha})",
    # a long α reads "≈ 58.66" on its own: "(α ≈ 58.66)", never "(α = ≈ 58.66)"
    "eps-with-long-alpha": "{epsilon} (α {alpha})",
    "eps-infinite": "∞ (어떤 단계가 x를 드러낼 확률 {reveal} > 목표 δ)",
    "basic-over": "— (δ의 합 {sum} > 목표 δ)",
    "advanced-value": "{epsilon} (δ′ = {delta_prime})",
    "advanced-over": "— (δ′ = δ − Σ δᵢ ≤ 0)",
    "support": "{count}개",
    "caption-profile": (
        "정확한 최적 δ(ε) 곡선(파란 선)을 꺾이는 점 {points}곳에서 계산해 이었고, 세 답을 점으로 찍었습니다. "
        "δ 축은 로그 눈금이라 목표 δ의 1/1000({floor})보다 작은 δ는 맨 아래 선에 그렸습니다."
    ),
    "caption-loss": (
        "x = 0일 때 프라이버시 손실 L의 분포입니다. 유한한 값 {count}개 가운데 확률 10⁻⁶ 이상인 {shown}개를 "
        "막대로 그렸고, 나머지 {omitted}개는 생략했습니다. L = +∞일 확률은 {infinite}입니다."
    ),
    "announcement": "최적 ε {optimal}, 고급 정리 ε′ {advanced}, 기본 정리 ε {basic}",
    "chart-profile": "최적 합성의 δ(ε) 곡선과 세 답의 점. 값은 결과 목록에 있습니다.",
    "chart-loss": "프라이버시 손실 L의 분포 막대그래프. 설명은 그림 제목에 있습니다.",
}
assert Fraction(1, 10**6) == BAR_MASS  # the loss caption says 10⁻⁶


def _with_alpha(epsilon: str, alpha: Fraction) -> Shown:
    """An answer with its α: "2.197 (α = 9)", or for a long α "4.072 (α ≈ 58.66)"."""
    name = "eps-with-long-alpha" if readable(alpha).long else "eps-with-alpha"
    html = fill_html(TEXTS[name], epsilon=epsilon, alpha=number_html(alpha))
    return markup(html, **{"data-value": epsilon, "data-alpha": fraction_str(alpha)})


def _absent(html: Markup, *attributes: str) -> Shown:
    """An answer that does not exist: its reason, and none of its ``attributes``."""
    return markup(html, **dict.fromkeys(attributes))


def view(record: StateRecord) -> View:
    """Every slot of the lab (and of a card) for one state."""
    optimal, basic, advanced = record["optimal"], record["basic"], record["advanced"]
    if optimal["alpha"] is None:
        shown_optimal = markup(
            fill_html(TEXTS["eps-infinite"], reveal=reading(record["infinite"])),
            **{"data-value": "inf", "data-alpha": None},
        )
    else:
        shown_optimal = _with_alpha(optimal["epsilon"], optimal["alpha"])
    if advanced["applies"]:
        shown_advanced = markup(
            fill_html(
                TEXTS["advanced-value"],
                epsilon=advanced["epsilon"],
                delta_prime=reading(advanced["delta_prime"]),
            ),
            **{"data-value": advanced["epsilon"]},
        )
    else:
        shown_advanced = _absent(fill_html(TEXTS["advanced-over"]), "data-value")
    count = record["support_size"]
    return {
        "out:eps-optimal": shown_optimal,
        "out:eps-basic": (
            _with_alpha(basic["epsilon"], basic["alpha"])
            if basic["applies"]
            else _absent(
                fill_html(TEXTS["basic-over"], sum=reading(basic["delta"])), "data-value", "data-alpha"
            )
        ),
        "out:eps-advanced": shown_advanced,
        "out:theorem-delta": exact(basic["delta"]),
        "out:delta-at-basic": exact(record["delta_at_basic"]),
        "out:loss-infinite": exact(record["infinite"]),
        "out:support-size": text(TEXTS["support"].format(count=count), **{"data-value": str(count)}),
        "caption:profile": text(
            TEXTS["caption-profile"].format(
                points=len(record["curve"]), floor=reading(record["delta"] * CURVE_FLOOR)
            )
        ),
        "caption:loss": text(
            TEXTS["caption-loss"].format(
                count=count,
                shown=len(record["bars"]),
                omitted=record["omitted_bars"],
                infinite=reading(record["infinite"]),
            )
        ),
    }


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: the three ε ("∞" and "—" for none)."""
    optimal, basic, advanced = record["optimal"], record["basic"], record["advanced"]
    return TEXTS["announcement"].format(
        optimal=optimal["epsilon"] if optimal["alpha"] is not None else "∞",
        advanced=advanced["epsilon"] if advanced["applies"] else "—",
        basic=basic["epsilon"] if basic["applies"] else "—",
    )
