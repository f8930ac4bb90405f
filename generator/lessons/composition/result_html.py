"""One state's results, as the cards, the figures and the lab show them: the texts and values.

Every sentence, term and caption that the lab module (``lab/composition.mjs``) writes is one
of :data:`TEXTS`, with the ``{slots}`` it fills. The lab hands them over as its root's
``data-text-*`` (:class:`generator.course.lab_shell.LabShell`'s ``own_texts``), and
:func:`view` fills them here the same way, so the page as rendered and every state the
browser shows come from one text. A text whose slots take markup (a number with its
decimal, an ε) is filled by :func:`generator.course.templates.fill_html` here and by
kit/text's ``labHtml`` there.

The markup is the templates' (``templates/results.html``: the result lists, the verdict, the
composition panel and the tables' rows, shared by cards, figures and the lab). Each result
is a ``<dt>``/``<dd>`` pair whose ``<dd>`` carries DESIGN.md's lab-output attributes
(``data-out``; ``data-exact`` with the reduced fraction where the value is exact;
``data-value`` for a decimal or pass/fail), so a test, or the lab's script, reads a card and
the lab alike. :func:`view` gives each ``[data-out]`` of the lists as its markup and its
further ``data-*`` attributes, in order, which is what the lab module computes too.

Extra attributes beyond the table: ``theorem-eps`` (q·ln α₀ is not a fraction) carries its
decimal in ``data-value`` and the exact composed α in ``data-alpha``; ``max-event`` carries
``data-direction`` and ``data-outputs`` (space-separated labels).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import groupby
from operator import itemgetter

from markupsafe import Markup, escape

from generator.core.pure_epsilon import PureEpsilon, PureKind
from generator.core.readable import output_set_text
from generator.course.records import Record
from generator.course.templates import fill_html, number_html, reading, render
from generator.lessons.composition.charts import X_LABELS
from generator.lessons.composition.data import DATA_FILE

MODES = ("fresh", "copy", "xor")

# Every text the lab module writes, with the {slots} it fills; Python fills them the same way.
TEXTS = {
    "mode-fresh": "새 응답",
    "mode-copy": "복사",
    "mode-xor": "XOR",
    "channel": "{mode} · k = {k} · p = {p}%",
    "verdict-pass": "주장 통과: 필요한 δ({required})가 주장한 δ({delta}) 이하입니다",
    "verdict-fail": "주장 실패: 필요한 δ({required})가 주장한 δ({delta})보다 큽니다",
    "max-event": "{direction} 방향, {event}",
    "eps-infinite": "∞ (유한한 순수 ε이 없음)",
    "none": "—",
    "alpha0": "{alpha0} (ε₀ = {epsilon})",
    "theorem-eps": "{epsilon} (합산한 α는 {alpha})",
    "theorem-delta": "min(1, {queries} × {delta0}) = {delta}",
    "composed-delta-exact": "α가 {alpha}일 때 {delta}",
    "note-xor": (
        "첫 출력 R을 알면 두 번째 출력이 x를 그대로 드러내므로 각 좌표의 주변 보장은 조건부 보장이 되지 "
        "못하고, 따라서 합성 정리로 더할 수 없습니다."
    ),
    "note-composed": (
        "정리의 값은 언제나 성립하는 상계이고, 마지막 값은 같은 합산 ε에서 이 메커니즘에 실제로 필요한 "
        "가장 작은 δ입니다."
    ),
    "eps-alpha": "ε = ln α = {epsilon}",
    "eps-alpha0": "ε₀ = ln α₀ = {epsilon}",
    "distribution-caption": (
        f"{{channel}}: 출력마다 {X_LABELS[0]}일 때의 확률은 파랑, {X_LABELS[1]}일 때는 주황 막대입니다. "
        "최대 사건 {event}({direction} 방향)에 든 출력은 뒤에 회색 띠를 깔았습니다."
    ),
    "distribution-caption-empty": (
        f"{{channel}}: 출력마다 {X_LABELS[0]}일 때의 확률은 파랑, {X_LABELS[1]}일 때는 주황 막대입니다. "
        "주장한 α에서 필요한 δ가 0이므로 최대 사건은 빈 사건이고, 회색 띠를 깐 출력도 없습니다."
    ),
    "profile-caption": (
        "{channel}: 정수 α = 1, 2, …, 100에서 정확히 계산한 δ*(α)가 파란 점이고(α 축은 로그 눈금), "
        "점 사이의 선은 안내선입니다. 주황 선은 주장한 δ = {delta}, 빨간 점은 선택한 α = {alpha}에서 "
        "따로 정확히 계산한 δ* = {required}입니다."
    ),
    "in-event": "예",
    "not-in-event": "아니요",
    "selected-alpha": "{alpha} (선택)",
    "announcement": "{verdict}. 최대 사건은 {direction} 방향 {event}, 최소 순수 ε은 {epsilon}.",
}


# The lesson's paragraph (its heading id in docs/lessons/composition.md) that explains each
# result of the lab; the lab's terms link there.
EXPLAINED_BY = {
    "delta-required": "exact-delta",
    "max-event": "exact-delta",
    "eps-pure": "fresh-distribution",
    "alpha0": "conditional-composition",
    "delta0": "conditional-composition",
    "queries": "conditional-composition",
    "theorem-eps": "conditional-composition",
    "theorem-delta": "conditional-composition",
    "composed-delta-exact": "bound-vs-exact",
}


def render_html(name: str, **values: object) -> str:
    """The lesson's template ``name`` (in ``templates/``) rendered with ``values``."""
    return render(name, DATA_FILE.parent, **values)


def mode_name(mode: str) -> str:
    return TEXTS[f"mode-{mode}"]


def channel_text(record: Record) -> str:
    """ "새 응답 · k = 2 · p = 75%", or "XOR" (which uses neither k nor p)."""
    channel = record["channel"]
    name = mode_name(channel["mode"])
    if channel["mode"] == "xor":
        return name
    return TEXTS["channel"].format(mode=name, k=channel["k"], p=channel["p"])


def logarithm(multiplier: int, ratio: Fraction) -> PureEpsilon:
    """multiplier·ln(ratio) for ratio >= 1, in the exact form a pure ε already has."""
    if ratio == 1:
        return PureEpsilon(PureKind.ZERO)
    return PureEpsilon(PureKind.FINITE, multiplier, ratio)


def epsilon_html(exact: str, decimal: str) -> Markup:
    """An ε as exact text with its decimal: "2·ln(3) ≈ 2.197", "0", or the sentence for ∞."""
    if exact == "0":
        return Markup("0")
    if exact == "∞":
        return escape(TEXTS["eps-infinite"])
    return escape(exact) + Markup(' <span class="cl-decimal">≈ {}</span>').format(decimal)


def ln_html(ratio: Fraction, multiplier: int = 1) -> Markup:
    """multiplier·ln(ratio) as exact text with its decimal: "ln(3) ≈ 1.099", or "0"."""
    value = logarithm(multiplier, ratio)
    return epsilon_html(value.describe(), value.decimal())


def distribution_caption(channel: str, event: Record) -> str:
    """The distribution chart's caption: where the maximal event's band is, or that it has none."""
    if not event["outputs"]:
        return TEXTS["distribution-caption-empty"].format(channel=channel)
    return TEXTS["distribution-caption"].format(
        channel=channel, event=output_set_text(event["outputs"]), direction=event["direction"]
    )


def verdict_text(claim: Record) -> str:
    """The claim's outcome in one plain sentence, from the record's exact decision."""
    template = TEXTS["verdict-pass" if claim["passes"] else "verdict-fail"]
    return template.format(required=reading(claim["required"]), delta=reading(claim["delta"]))


def composition_note(record: Record) -> str:
    """Why the panel reads as it does: the xor reason, or bound versus exact value."""
    return TEXTS["note-xor" if record["composition"]["queries"] is None else "note-composed"]


# The composition panel's slots that only a composed channel fills (xor shows "—").
COMPOSED = ("delta0", "queries", "theorem-eps", "theorem-delta", "composed-delta-exact")


def _out(html: Markup | str, **data: str) -> dict[str, object]:
    """A ``[data-out]`` slot: its content and its further data-* attributes, in order."""
    return {"html": escape(html), "data": data}


def _value(exact: str) -> dict[str, object]:
    return _out(number_html(exact), exact=exact)


def result_outs(record: Record) -> dict[str, dict[str, object]]:
    """The result list's and the composition panel's slots, by ``data-out`` name."""
    claim, pure, panel = record["claim"], record["pure_epsilon"], record["composition"]
    event = claim["event"]
    alpha0 = Fraction(panel["alpha0"])
    outs = {
        "delta-required": _value(claim["required"]),
        "max-event": _out(
            TEXTS["max-event"].format(direction=event["direction"], event=output_set_text(event["outputs"])),
            direction=event["direction"],
            outputs=" ".join(event["outputs"]),
        ),
        "eps-pure": _out(epsilon_html(pure["exact"], pure["decimal"]), value=pure["decimal"]),
        "alpha0": _out(
            fill_html(TEXTS["alpha0"], alpha0=number_html(panel["alpha0"]), epsilon=ln_html(alpha0)),
            exact=panel["alpha0"],
        ),
    }
    queries = panel["queries"]
    if queries is None:
        none = _out(TEXTS["none"])
        return {**outs, **dict.fromkeys(COMPOSED, none)}
    composed = number_html(panel["composed_alpha"])
    theorem_eps = logarithm(queries, alpha0)
    return {
        **outs,
        "delta0": _value(panel["delta0"]),
        "queries": _out(str(queries), exact=str(queries)),
        "theorem-eps": _out(
            fill_html(
                TEXTS["theorem-eps"],
                epsilon=epsilon_html(theorem_eps.describe(), theorem_eps.decimal()),
                alpha=composed,
            ),
            value=theorem_eps.decimal(),
            alpha=panel["composed_alpha"],
        ),
        "theorem-delta": _out(
            fill_html(
                TEXTS["theorem-delta"],
                queries=queries,
                delta0=panel["delta0"],
                delta=number_html(panel["theorem_delta"]),
            ),
            exact=panel["theorem_delta"],
        ),
        "composed-delta-exact": _out(
            fill_html(TEXTS["composed-delta-exact"], delta=number_html(panel["exact_delta"]), alpha=composed),
            exact=panel["exact_delta"],
        ),
    }


def grid_runs(record: Record) -> list[tuple[str, str]]:
    """The profile on the α grid as runs of equal δ*: ("1", "1/2"), …, ("9–100", "0").

    δ* does not increase with α, so once it reaches 0 it stays there: a table of its 100
    values would end in a wall of zeros, which one row "9–100 | 0" says at a glance."""
    grid = record["grid"]
    runs = []
    for delta, run in groupby(zip(grid["alphas"], grid["deltas"], strict=True), key=itemgetter(1)):
        alphas = [alpha for alpha, _ in run]
        runs.append((alphas[0] if len(alphas) == 1 else f"{alphas[0]}–{alphas[-1]}", delta))
    return runs


def view(record: Record) -> dict[str, object]:
    """The values a state's templates show, all taken from its record and :data:`TEXTS`."""
    claim = record["claim"]
    event = claim["event"]
    channel = channel_text(record)
    event_shown = output_set_text(event["outputs"])
    alpha, alpha0 = Fraction(claim["alpha"]), Fraction(record["composition"]["alpha0"])
    return {
        "record": record,
        "texts": TEXTS,
        "x_labels": X_LABELS,
        "channel": channel,
        "event": event_shown,
        "verdict": verdict_text(claim),
        "outs": result_outs(record),
        "explained_by": EXPLAINED_BY,
        "note": composition_note(record),
        "ln_alpha": ln_html(alpha),
        "eps_alpha": fill_html(TEXTS["eps-alpha"], epsilon=ln_html(alpha)),
        "eps_alpha0": fill_html(TEXTS["eps-alpha0"], epsilon=ln_html(alpha0)),
        "in_event": set(event["outputs"]),
        "selected": TEXTS["selected-alpha"].format(alpha=claim["alpha"]),
        "grid_runs": grid_runs(record),
        "distribution_caption": distribution_caption(channel, event),
        "profile_caption": TEXTS["profile-caption"].format(
            channel=channel,
            delta=reading(claim["delta"]),
            alpha=claim["alpha"],
            required=reading(claim["required"]),
        ),
    }
