"""Precomputed experiment cards: one catalogue example's inputs, charts and exact results.

``{{ card SLUG }}`` on a page becomes ``card_html(SLUG)``. Results sit in elements marked
like the lab's outputs (DESIGN.md, "Lab outputs"): ``data-out`` names the result and
``data-exact`` holds its reduced fraction, so a test reads a card and the lab the same way.
Every number comes from the example's record; the card only arranges and words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from generator.catalogue import BY_SLUG
from generator.figures import MODE_NAMES, event_text, figure_html, number_html
from generator.lab_url import lab_query
from generator.placeholders import record_of
from generator.pure_epsilon import PureEpsilon, PureKind
from generator.records import Record

NONE = "—"
XOR_REASON = (
    "첫 출력 R을 알면 두 번째 출력이 x를 그대로 드러내므로 각 좌표의 주변 보장은 조건부 보장이 되지 못하고, "
    "따라서 구성 정리로 더할 수 없습니다."
)


def logarithm(multiplier: int, ratio: Fraction) -> PureEpsilon:
    """multiplier·ln(ratio) for ratio >= 1, in the exact form a pure ε already has."""
    if ratio == 1:
        return PureEpsilon(PureKind.ZERO)
    return PureEpsilon(PureKind.FINITE, multiplier, ratio)


def epsilon_html(exact: str, decimal: str) -> str:
    """An ε as exact text with its decimal: "2·ln(3) ≈ 2.197", "0", or "∞"."""
    if exact == "0":
        return "0"
    if exact == "∞":
        return "∞ (유한한 순수 ε가 없음)"
    return f'{escape(exact)} <span class="cl-decimal">≈ {escape(decimal)}</span>'


def _ln_html(multiplier: int, ratio: Fraction) -> str:
    value = logarithm(multiplier, ratio)
    return epsilon_html(value.describe(), value.decimal())


def _entry(term: str, value_html: str, out: str | None = None, **data: str) -> str:
    """One <dt>/<dd> pair; ``out`` and ``data`` become data-out and data-* attributes."""
    attributes = f' data-out="{out}"' if out else ""
    attributes += "".join(f' data-{name.replace("_", "-")}="{escape(text)}"' for name, text in data.items())
    return f"<div><dt>{escape(term)}</dt><dd{attributes}>{value_html}</dd></div>"


def _list(css_class: str, entries: Sequence[str]) -> str:
    return f'<dl class="{css_class}">{"".join(entries)}</dl>'


def _inputs(record: Record) -> str:
    channel, claim, composition = record["channel"], record["claim"], record["composition"]
    unused = " (XOR에서는 쓰지 않음)" if channel["mode"] == "xor" else ""
    alpha, alpha0 = Fraction(claim["alpha"]), Fraction(composition["alpha0"])
    return _list(
        "cl-card-inputs",
        [
            _entry("모드", MODE_NAMES[channel["mode"]]),
            _entry("반복 횟수 k", f"{channel['k']}{unused}"),
            _entry("참으로 답할 확률 p", f"{channel['p']}%{unused}"),
            _entry("주장한 α", f"{number_html(claim['alpha'])} (ε = {_ln_html(1, alpha)})"),
            _entry("주장한 δ", number_html(claim["delta"])),
            _entry("단계별 α₀", f"{number_html(composition['alpha0'])} (ε₀ = {_ln_html(1, alpha0)})"),
        ],
    )


def _verdict(claim: Record) -> str:
    """The claim's outcome in one plain sentence, from the record's exact decision."""
    required, delta = escape(claim["required"]), escape(claim["delta"])
    if claim["passes"]:
        return f"주장 통과: 필요한 δ {required} ≤ 주장한 δ {delta}"
    return f"주장 실패: δ ≥ {required} 필요"


def _results(record: Record) -> str:
    claim, pure = record["claim"], record["pure_epsilon"]
    event = claim["event"]
    return _list(
        "cl-card-results",
        [
            _entry("필요한 δ", number_html(claim["required"]), "delta-required", exact=claim["required"]),
            _entry("판정", _verdict(claim), "claim", value="pass" if claim["passes"] else "fail"),
            _entry(
                "최대 사건",
                f"{escape(event['direction'])} 방향, {escape(event_text(event['outputs']))}",
                "max-event",
                direction=event["direction"],
                outputs=" ".join(event["outputs"]),
            ),
            _entry(
                "최소 순수 ε", epsilon_html(pure["exact"], pure["decimal"]), "eps-pure", value=pure["decimal"]
            ),
        ],
    )


def _composition(record: Record) -> str:
    panel = record["composition"]
    alpha0 = Fraction(panel["alpha0"])
    head = _entry("단계별 α₀", f"{number_html(panel['alpha0'])} (ε₀ = {_ln_html(1, alpha0)})")
    if panel["queries"] is None:
        entries = [
            head,
            _entry("단계별 δ₀", NONE, "delta0"),
            _entry("조건부 질의 수 q", NONE, "queries"),
            _entry("정리의 ε = q·ε₀", NONE, "theorem-eps"),
            _entry("정리의 δ = min(1, q·δ₀)", NONE, "theorem-delta"),
            _entry("합산 ε에서 정확한 δ", NONE, "composed-delta-exact"),
        ]
        note = f'<p class="cl-card-note">{escape(XOR_REASON)}</p>'
    else:
        queries, delta0, theorem_delta = panel["queries"], panel["delta0"], panel["theorem_delta"]
        composed = number_html(panel["composed_alpha"])
        theorem_eps = logarithm(queries, alpha0)
        entries = [
            head,
            _entry("단계별 δ₀", number_html(delta0), "delta0", exact=delta0),
            _entry("조건부 질의 수 q", str(queries), "queries", exact=str(queries)),
            _entry(
                "정리의 ε = q·ε₀",
                f"{epsilon_html(theorem_eps.describe(), theorem_eps.decimal())} (α = {composed})",
                "theorem-eps",
                value=theorem_eps.decimal(),
                alpha=panel["composed_alpha"],
            ),
            _entry(
                "정리의 δ = min(1, q·δ₀)",
                f"min(1, {queries} × {escape(delta0)}) = {number_html(theorem_delta)}",
                "theorem-delta",
                exact=theorem_delta,
            ),
            _entry(
                "합산 ε에서 정확한 δ",
                f"{number_html(panel['exact_delta'])} (α = {composed})",
                "composed-delta-exact",
                exact=panel["exact_delta"],
            ),
        ]
        note = (
            '<p class="cl-card-note">정리의 값은 언제나 성립하는 충분한 상계이고, 마지막 값은 '
            "같은 합산 ε에서 이 메커니즘이 실제로 필요로 하는 가장 작은 δ입니다.</p>"
        )
    return (
        '<section class="cl-card-composition"><h4>구성 정리와 정확한 값</h4>'
        f"{_list('cl-card-results', entries)}{note}</section>"
    )


def card_html(slug: str) -> str:
    """The experiment card of one catalogue example."""
    record = record_of(slug)
    link = escape(f"?{lab_query(BY_SLUG[slug])}#lab")
    return (
        f'<article class="cl-card" id="card-{escape(slug)}" data-slug="{escape(slug)}">'
        f'<h3 class="cl-card-title">{escape(record["title"])}</h3>'
        f"{_inputs(record)}"
        f"{figure_html('distribution', slug)}"
        f"{figure_html('profile', slug)}"
        f"{_results(record)}"
        f"{_composition(record)}"
        f'<p class="cl-card-lab"><a href="{link}">실험실에서 열기</a></p>'
        "</article>"
    )
