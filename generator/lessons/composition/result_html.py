"""One example's results as HTML entries, shared by the precomputed cards and the lab.

Both show the same outputs the same way: each result is a ``<dt>``/``<dd>`` pair whose
``<dd>`` carries DESIGN.md's lab-output attributes (``data-out``; ``data-exact`` with the
reduced fraction where the value is exact; ``data-value`` for a decimal or pass/fail), so
a test, or the lab's script, reads a card and the lab alike. The texts are fixed here and
mirrored by ``lab/composition.mjs``; a test holds the lab's two renderings of its default state equal.

Extra attributes beyond the table: ``theorem-eps`` (q·ln α₀ is not a fraction) carries its
decimal in ``data-value`` and the exact composed α in ``data-alpha``; ``max-event`` carries
``data-direction`` and ``data-outputs`` (space-separated labels).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from generator.core.pure_epsilon import PureEpsilon, PureKind
from generator.course.records import Record
from generator.course.templates import number_html
from generator.lessons.composition.figures import event_text

NONE = "—"
XOR_REASON = (
    "첫 출력 R을 알면 두 번째 출력이 x를 그대로 드러내므로 각 좌표의 주변 보장은 조건부 보장이 되지 못하고, "
    "따라서 구성 정리로 더할 수 없습니다."
)
COMPOSITION_NOTE = (
    "정리의 값은 언제나 성립하는 상계이고, 마지막 값은 같은 합산 ε에서 이 메커니즘에 실제로 필요한 "
    "가장 작은 δ입니다."
)
VERDICT_PASS = "주장 통과: 필요한 δ {required} ≤ 주장한 δ {delta}"
VERDICT_FAIL = "주장 실패: δ ≥ {required} 필요"
COMPOSITION_TERMS = {
    "delta0": "단계별 δ₀",
    "queries": "조건부 질의 수 q",
    "theorem-eps": "정리의 ε = q·ε₀",
    "theorem-delta": "정리의 δ = min(1, q·δ₀)",
    "composed-delta-exact": "합산 ε에서 정확한 δ",
}


def attributes(**data: str) -> str:
    """``data_exact="3/8"`` -> `` data-exact="3/8"`` (values escaped)."""
    return "".join(f' {name.replace("_", "-")}="{escape(text)}"' for name, text in data.items())


def entry(term: str, value_html: str, out: str | None = None, **data: str) -> str:
    """One ``<dt>``/``<dd>`` pair; ``out`` becomes ``data-out``, ``data`` further attributes."""
    marked = attributes(data_out=out, **data) if out else attributes(**data)
    return f"<div><dt>{escape(term)}</dt><dd{marked}>{value_html}</dd></div>"


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


def ln_html(ratio: Fraction, multiplier: int = 1) -> str:
    """multiplier·ln(ratio) as exact text with its decimal: "ln(3) ≈ 1.099", or "0"."""
    value = logarithm(multiplier, ratio)
    return epsilon_html(value.describe(), value.decimal())


def verdict_text(claim: Record) -> str:
    """The claim's outcome in one plain sentence, from the record's exact decision."""
    template = VERDICT_PASS if claim["passes"] else VERDICT_FAIL
    return template.format(required=claim["required"], delta=claim["delta"])


def verdict_html(claim: Record) -> str:
    """The verdict sentence, marked ``data-out="claim"`` with ``data-value`` pass or fail."""
    marks = attributes(data_out="claim", data_value="pass" if claim["passes"] else "fail")
    return f'<p class="cl-verdict"{marks}>{escape(verdict_text(claim))}</p>'


def result_entries(record: Record) -> list[str]:
    """The required δ at the claim α, the maximal event and the minimum pure ε."""
    claim, pure = record["claim"], record["pure_epsilon"]
    event = claim["event"]
    return [
        entry(
            "주장한 α에서 필요한 δ",
            number_html(claim["required"]),
            "delta-required",
            data_exact=claim["required"],
        ),
        entry(
            "최대 사건",
            f"{escape(event['direction'])} 방향, {escape(event_text(event['outputs']))}",
            "max-event",
            data_direction=event["direction"],
            data_outputs=" ".join(event["outputs"]),
        ),
        entry(
            "최소 순수 ε",
            epsilon_html(pure["exact"], pure["decimal"]),
            "eps-pure",
            data_value=pure["decimal"],
        ),
    ]


def composition_entries(record: Record) -> list[str]:
    """The composition panel's rows: α₀ and ε₀, then δ₀, q, Σε, min(1, Σδ), the exact δ."""
    panel = record["composition"]
    alpha0 = Fraction(panel["alpha0"])
    head = entry(
        "단계별 α₀",
        f"{number_html(panel['alpha0'])} (ε₀ = {ln_html(alpha0)})",
        "alpha0",
        data_exact=panel["alpha0"],
    )
    if panel["queries"] is None:
        return [head, *(entry(term, NONE, name) for name, term in COMPOSITION_TERMS.items())]
    queries, delta0, theorem_delta = panel["queries"], panel["delta0"], panel["theorem_delta"]
    composed = number_html(panel["composed_alpha"])
    theorem_eps = logarithm(queries, alpha0)
    return [
        head,
        entry(COMPOSITION_TERMS["delta0"], number_html(delta0), "delta0", data_exact=delta0),
        entry(COMPOSITION_TERMS["queries"], str(queries), "queries", data_exact=str(queries)),
        entry(
            COMPOSITION_TERMS["theorem-eps"],
            f"{epsilon_html(theorem_eps.describe(), theorem_eps.decimal())} (α = {composed})",
            "theorem-eps",
            data_value=theorem_eps.decimal(),
            data_alpha=panel["composed_alpha"],
        ),
        entry(
            COMPOSITION_TERMS["theorem-delta"],
            f"min(1, {queries} × {escape(delta0)}) = {number_html(theorem_delta)}",
            "theorem-delta",
            data_exact=theorem_delta,
        ),
        entry(
            COMPOSITION_TERMS["composed-delta-exact"],
            f"{number_html(panel['exact_delta'])} (α = {composed})",
            "composed-delta-exact",
            data_exact=panel["exact_delta"],
        ),
    ]


def composition_note(record: Record) -> str:
    """Why the panel reads as it does: the xor reason, or bound versus exact value."""
    return XOR_REASON if record["composition"]["queries"] is None else COMPOSITION_NOTE
