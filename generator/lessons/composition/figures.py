"""Figures for lesson pages: a static SVG chart or a table, with the exact numbers as text.

``{{ figure KIND SLUG }}`` on a page becomes ``figure_html(KIND, SLUG)``:

    distribution  P(output | x) as grouped bars, the maximal event outlined
    profile       δ*(α) at the integer α = 1..100, the claim δ and the selected α
    transcripts   every transcript z in {0,1}^k of a fresh example with k <= 4

Charts are rendered by vl-convert from the same spec the lab embeds, once per process and
across builds through the build cache (:mod:`generator.course.build_cache`, keyed by vl-convert's
version, the spec's canonical JSON and the options). Each carries a table of the same exact
values (fraction and decimal) under "표로 보기". The SVG is inlined with no namespace URLs,
no ids (a page may show one figure twice) and no external reference: vl-convert draws text
as ``<text>`` in the page's own fonts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from html import escape
from itertools import groupby

from generator.core.rational import fraction_str
from generator.core.transcripts import fresh_transcripts
from generator.course.charts import inline_svg
from generator.course.placeholders import record_of
from generator.course.records import Record
from generator.course.templates import number_html
from generator.lessons.composition.charts import X_LABELS, chart_spec

MODE_NAMES = {"fresh": "새 응답", "copy": "복사", "xor": "XOR"}
MAX_TRANSCRIPT_K = 4


def channel_text(record: Record) -> str:
    """ "새 응답 · k = 2 · p = 75%", or "XOR" (which uses neither k nor p)."""
    channel = record["channel"]
    name = MODE_NAMES[channel["mode"]]
    if channel["mode"] == "xor":
        return name
    return f"{name} · k = {channel['k']} · p = {channel['p']}%"


def event_text(outputs: Sequence[str]) -> str:
    """An event as a set of outputs: "{0}", "{00, 11}", or "∅"."""
    return "{" + ", ".join(outputs) + "}" if outputs else "∅"


def _cell(exact: str) -> str:
    return f'<td data-exact="{escape(exact)}">{number_html(exact)}</td>'


def _table(caption: str, head: Sequence[str], body: str) -> str:
    header = "".join(f'<th scope="col">{escape(title)}</th>' for title in head)
    return (
        f'<table class="cl-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{header}</tr></thead>{body}</table>"
    )


def _collapsed(table: str) -> str:
    return f'<details class="cl-table-details"><summary>표로 보기</summary>{table}</details>'


def _svg(kind: str, slug: str) -> str:
    """The chart as inline SVG, labelled in Korean."""
    return inline_svg(chart_spec(kind, record_of(slug)), _LABELS[kind](record_of(slug)))


def _distribution_label(record: Record) -> str:
    event = event_text(record["claim"]["event"]["outputs"])
    return f"{channel_text(record)}의 출력별 확률 막대그래프. 최대 사건 {event}의 막대에 윤곽선이 있습니다."


def _profile_label(record: Record) -> str:
    claim = record["claim"]
    return (
        f"{channel_text(record)}에서 정수 α = 1부터 100까지의 필요한 δ 그래프. "
        f"선택한 α = {claim['alpha']}에서 정확한 δ*는 {claim['required']}, 주장한 δ는 {claim['delta']}입니다."
    )


_LABELS: dict[str, Callable[[Record], str]] = {
    "distribution": _distribution_label,
    "profile": _profile_label,
}


def _distribution_figure(record: Record) -> tuple[str, str]:
    channel = record["channel"]
    claim = record["claim"]
    event = set(claim["event"]["outputs"])
    rows = "".join(
        f'<tr data-output="{escape(label)}"><th scope="row">{escape(label)}</th>'
        f"{_cell(p0)}{_cell(p1)}<td>{'예' if label in event else '아니요'}</td></tr>"
        for label, p0, p1 in zip(
            channel["labels"], channel["distribution0"], channel["distribution1"], strict=True
        )
    )
    table = _table(
        f"{channel_text(record)}: 출력별 확률",
        ("출력", f"P(출력 | {X_LABELS[0]})", f"P(출력 | {X_LABELS[1]})", "최대 사건에 포함"),
        f"<tbody>{rows}</tbody>",
    )
    caption = (
        f"{channel_text(record)}: 출력마다 {X_LABELS[0]}일 때의 확률은 파랑, "
        f"{X_LABELS[1]}일 때는 주황 막대입니다. "
        f"α = {claim['alpha']}에서 δ를 가장 많이 요구하는 사건 {event_text(claim['event']['outputs'])}"
        f"({claim['event']['direction']} 방향)의 막대에 검은 윤곽선을 그렸습니다."
    )
    return caption, _collapsed(table)


def _profile_figure(record: Record) -> tuple[str, str]:
    claim = record["claim"]
    grid = record["grid"]
    rows = "".join(
        f'<tr data-alpha="{escape(alpha)}"><th scope="row">{escape(alpha)}</th>{_cell(delta)}</tr>'
        for alpha, delta in zip(grid["alphas"], grid["deltas"], strict=True)
    )
    selected = (
        f'<tr data-alpha="{escape(claim["alpha"])}" class="cl-selected"><th scope="row">'
        f"{escape(claim['alpha'])} (선택)</th>{_cell(claim['required'])}</tr>"
    )
    table = _table(
        f"{channel_text(record)}: α마다 필요한 최소 δ",
        ("α = e^ε", "필요한 δ*(α)"),
        f'<tbody class="cl-selected-row">{selected}</tbody><tbody>{rows}</tbody>',
    )
    caption = (
        f"{channel_text(record)}: 정수 α = 1, 2, …, 100에서 정확히 계산한 δ*(α)가 파란 점이고, "
        "점 사이의 선은 눈을 돕는 안내일 뿐입니다. "
        f"주황 점선은 주장한 δ = {claim['delta']}, 빨간 점은 선택한 "
        f"α = {claim['alpha']}에서 따로 정확히 계산한 δ* = {claim['required']}입니다."
    )
    return caption, _collapsed(table)


def _ratio_text(p0: Fraction, p1: Fraction) -> str:
    """P(z | x=0) / P(z | x=1) exactly, "∞" when only x = 0 can give z, "—" when neither can."""
    if p1:
        return fraction_str(p0 / p1)
    return "∞" if p0 else "—"


def _transcripts_figure(record: Record) -> tuple[str, str]:
    channel = record["channel"]
    k, p = channel["k"], channel["p"]
    if channel["mode"] != "fresh" or k > MAX_TRANSCRIPT_K:
        raise ValueError(
            f"transcripts need a fresh example with k <= {MAX_TRANSCRIPT_K}, "
            f"got {record['slug']!r} ({channel['mode']}, k = {k})"
        )
    groups = []
    for t, group in groupby(fresh_transcripts(p, k), key=lambda transcript: transcript.count):
        transcripts = list(group)
        rows = []
        totals = [Fraction(0), Fraction(0)]
        for transcript in transcripts:
            p0, p1 = transcript.probability0, transcript.probability1
            totals = [totals[0] + p0, totals[1] + p1]
            z = "".join(map(str, transcript.bits))
            ratio = _ratio_text(p0, p1)
            rows.append(
                f'<tr data-z="{z}" data-count="{t}"><td>{t}</td><th scope="row">{z}</th>'
                f"{_cell(fraction_str(p0))}{_cell(fraction_str(p1))}"
                f'<td data-ratio="{ratio}">{ratio}</td></tr>'
            )
        total_ratio = _ratio_text(*totals)
        rows.append(
            f'<tr class="cl-subtotal" data-count-total="{t}"><td>{t}</td>'
            f'<th scope="row">합계 ({len(transcripts)}개)</th>'
            f"{_cell(fraction_str(totals[0]))}{_cell(fraction_str(totals[1]))}<td>{total_ratio}</td></tr>"
        )
        groups.append(f"<tbody>{''.join(rows)}</tbody>")
    table = _table(
        f"{channel_text(record)}: 가능한 공개 기록 {2**k}개",
        ("1의 개수 t", "기록 z", f"P(z | {X_LABELS[0]})", f"P(z | {X_LABELS[1]})", "우도비"),
        "".join(groups),
    )
    caption = (
        f"{channel_text(record)}: 길이 {k}인 모든 기록 z를 1의 개수 t로 묶었습니다. 우도비는 "
        f"P(z | {X_LABELS[0]}) / P(z | {X_LABELS[1]})이며, 같은 t의 기록은 모두 같은 우도비를 가집니다. "
        "그래서 각 묶음의 합계, 곧 개수 T의 분포만으로 전체 기록의 프라이버시 비용이 정해집니다."
    )
    return caption, table


_FIGURES: dict[str, Callable[[Record], tuple[str, str]]] = {
    "distribution": _distribution_figure,
    "profile": _profile_figure,
    "transcripts": _transcripts_figure,
}


@cache
def figure_html(kind: str, slug: str) -> str:
    """One figure of a catalogue example as HTML, computed once per process."""
    if kind not in _FIGURES:
        raise ValueError(f"unknown figure kind {kind!r}; expected one of {sorted(_FIGURES)}")
    record = record_of(slug)
    caption, table = _FIGURES[kind](record)
    chart = _svg(kind, slug) if kind in _LABELS else ""
    return (
        f'<figure class="cl-figure cl-figure-{kind}" data-figure="{kind}" data-slug="{escape(slug)}">'
        f"<figcaption>{escape(caption)}</figcaption>{chart}{table}</figure>"
    )
