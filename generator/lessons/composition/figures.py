"""Figures for lesson pages: a static SVG chart or a table, with the exact numbers as text.

``{{ figure KIND SLUG }}`` on a page becomes ``figure_html(KIND, SLUG)``:

    distribution  P(output | x) as grouped bars, the maximal event outlined
    profile       δ*(α) at the integer α = 1..100, the claim δ and the selected α
    transcripts   every transcript z in {0,1}^k of a fresh example with k <= 4

Charts are rendered by vl-convert from the same spec the lab embeds, once per process and
across builds through the build cache (:mod:`generator.course.build_cache`, keyed by vl-convert's
version, the spec's canonical JSON and the options). Each carries a table of the same exact
values (fraction and decimal) under "표로 보기", with the rows of the lab's tables
(``templates/results.html``). The SVG is inlined with no namespace URLs, no ids (a page may
show one figure twice) and no external reference: vl-convert draws text as ``<text>`` in
the page's own fonts. The markup is the template ``templates/figure.html``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import groupby

from markupsafe import Markup

from generator.core.rational import fraction_str
from generator.core.readable import output_set_text
from generator.core.transcripts import fresh_transcripts
from generator.course.charts import chart_image
from generator.course.placeholders import record_of
from generator.course.records import Record
from generator.course.templates import reading
from generator.lessons.composition.charts import chart_spec
from generator.lessons.composition.result_html import channel_text, render_html, view

MAX_TRANSCRIPT_K = 4
KINDS = ("distribution", "profile", "transcripts")


def _distribution_label(record: Record) -> str:
    outputs = record["claim"]["event"]["outputs"]
    if not outputs:
        return f"{channel_text(record)}의 출력별 확률 막대그래프. 필요한 δ가 0이라 표시한 사건이 없습니다."
    event = output_set_text(outputs)
    return f"{channel_text(record)}의 출력별 확률 막대그래프. 최대 사건 {event}의 출력에 회색 띠가 있습니다."


def _profile_label(record: Record) -> str:
    claim = record["claim"]
    return (
        f"{channel_text(record)}에서 정수 α = 1부터 100까지의 필요한 δ 그래프. "
        f"선택한 α = {claim['alpha']}에서 정확한 δ*는 {reading(claim['required'])}, "
        f"주장한 δ는 {reading(claim['delta'])}입니다."
    )


_LABELS: dict[str, Callable[[Record], str]] = {
    "distribution": _distribution_label,
    "profile": _profile_label,
}


@cache
def example_chart(kind: str, slug: str) -> Markup:
    """A catalogue example's static chart, with its Korean text alternative (the lab shows
    the default example's)."""
    record = record_of(slug)
    return chart_image(chart_spec(kind, record), _LABELS[kind](record))


def _ratio_text(p0: Fraction, p1: Fraction) -> str:
    """P(z | x=0) / P(z | x=1) exactly, "∞" when only x = 0 can give z, "—" when neither can."""
    if p1:
        return fraction_str(p0 / p1)
    return "∞" if p0 else "—"


def _transcript_groups(record: Record) -> list[dict[str, object]]:
    """The transcripts grouped by their count t of ones, each group with its sums."""
    channel = record["channel"]
    k, p = channel["k"], channel["p"]
    if channel["mode"] != "fresh" or k > MAX_TRANSCRIPT_K:
        raise ValueError(
            f"transcripts need a fresh example with k <= {MAX_TRANSCRIPT_K}, "
            f"got {record['slug']!r} ({channel['mode']}, k = {k})"
        )
    groups: list[dict[str, object]] = []
    for t, group in groupby(fresh_transcripts(p, k), key=lambda transcript: transcript.count):
        transcripts = list(group)
        p0 = sum((transcript.probability0 for transcript in transcripts), Fraction(0))
        p1 = sum((transcript.probability1 for transcript in transcripts), Fraction(0))
        rows = [
            {
                "z": "".join(map(str, transcript.bits)),
                "p0": fraction_str(transcript.probability0),
                "p1": fraction_str(transcript.probability1),
                "ratio": _ratio_text(transcript.probability0, transcript.probability1),
            }
            for transcript in transcripts
        ]
        groups.append(
            {
                "count": t,
                "rows": rows,
                "p0": fraction_str(p0),
                "p1": fraction_str(p1),
                "ratio": _ratio_text(p0, p1),
            }
        )
    return groups


@cache
def figure_html(kind: str, slug: str) -> str:
    """One figure of a catalogue example as HTML, computed once per process."""
    if kind not in KINDS:
        raise ValueError(f"unknown figure kind {kind!r}; expected one of {sorted(KINDS)}")
    record = record_of(slug)
    groups = _transcript_groups(record) if kind == "transcripts" else []
    chart = example_chart(kind, slug) if kind in _LABELS else ""
    return render_html("figure.html", kind=kind, slug=slug, shown=view(record), chart=chart, groups=groups)
