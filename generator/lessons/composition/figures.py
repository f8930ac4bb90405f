"""Figures for the lesson page: a static SVG chart or a table, with the exact numbers as text.

``{{ figure KIND SLUG }}`` on a page becomes :func:`figure_html` of a catalogue example's
record:

    distribution  P(output | x) as grouped bars, the maximal event marked, with its table
    profile       δ*(α) at the integer α = 1..100, the claim δ and the selected α, with its
                  table (the grid as runs of equal δ*)
    transcripts   every transcript z in {0,1}^k of a fresh example with k <= 4

Charts are drawn by vl-convert from the spec the lab embeds (:mod:`.charts`); each carries a
table of the same exact values under "표로 보기", with the rows of the lab's tables (its
view's, :mod:`.view`). The markup is the template ``templates/figure.html``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import groupby
from operator import itemgetter

from generator.core.rational import fraction_str
from generator.core.transcripts import fresh_transcripts
from generator.course.templates import render
from generator.lessons.composition.charts import CHARTS
from generator.lessons.composition.lab import FOLDER, LAB
from generator.lessons.composition.records import StateRecord
from generator.lessons.composition.view import X_LABELS, channel_text

MAX_TRANSCRIPT_K = 4
KINDS = (*CHARTS.kinds, "transcripts")


def grid_runs(record: StateRecord) -> list[tuple[str, Fraction]]:
    """The profile on the α grid as runs of equal δ*: ("1", 1/2), …, ("9–100", 0).

    δ* does not increase with α, so once it reaches 0 it stays there: a table of its 100
    values would end in a wall of zeros, which one row "9–100 | 0" says at a glance."""
    grid = record["grid"]
    runs = []
    for delta, run in groupby(zip(grid["alphas"], grid["deltas"], strict=True), key=itemgetter(1)):
        alphas = [fraction_str(alpha) for alpha, _ in run]
        runs.append((alphas[0] if len(alphas) == 1 else f"{alphas[0]}–{alphas[-1]}", delta))
    return runs


def _ratio(p0: Fraction, p1: Fraction) -> str:
    """P(z | x=0) / P(z | x=1) exactly, "∞" when only x = 0 can give z, "—" when neither can."""
    if p1:
        return fraction_str(p0 / p1)
    return "∞" if p0 else "—"


def transcript_groups(record: StateRecord) -> list[dict[str, object]]:
    """The transcripts of a fresh release grouped by their count t of ones, each group with
    its sums (the count's law: the count is sufficient)."""
    channel = record["channel"]
    k, p = channel["k"], channel["p"]
    if channel["mode"] != "fresh" or k > MAX_TRANSCRIPT_K:
        raise ValueError(
            f"transcripts need a fresh example with k <= {MAX_TRANSCRIPT_K}, got {channel['mode']}, k = {k}"
        )
    groups: list[dict[str, object]] = []
    for t, group in groupby(fresh_transcripts(p, k), key=lambda transcript: transcript.count):
        transcripts = list(group)
        p0 = sum((transcript.probability0 for transcript in transcripts), Fraction(0))
        p1 = sum((transcript.probability1 for transcript in transcripts), Fraction(0))
        rows = [
            {
                "z": "".join(map(str, transcript.bits)),
                "p0": transcript.probability0,
                "p1": transcript.probability1,
                "ratio": _ratio(transcript.probability0, transcript.probability1),
            }
            for transcript in transcripts
        ]
        groups.append({"count": t, "rows": rows, "p0": p0, "p1": p1, "ratio": _ratio(p0, p1)})
    return groups


def figure_html(kind: str, slug: str, record: StateRecord) -> str:
    """One figure of the catalogue example ``slug`` (its record ``record``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown figure kind {kind!r}; expected one of {sorted(KINDS)}")
    try:
        groups = transcript_groups(record) if kind == "transcripts" else []
    except ValueError as error:
        raise ValueError(f"{slug!r}: {error}") from error
    chart = CHARTS.chart(kind).image(record) if kind in CHARTS.kinds else ""
    return render(
        "figure.html",
        FOLDER,
        kind=kind,
        slug=slug,
        record=record,
        view=LAB.view(record),
        chart=chart,
        channel=channel_text(record),
        x_labels=X_LABELS,
        runs=grid_runs(record) if kind == "profile" else [],
        groups=groups,
    )
