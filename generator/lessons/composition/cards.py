"""Precomputed experiment cards: one catalogue example's inputs, charts and exact results.

``{{ card SLUG }}`` on a page becomes ``card_html(SLUG)``. The results are the lab's own
entries (:mod:`generator.lessons.composition.result_html`), marked as DESIGN.md's "Lab outputs"
table says, so a test reads a card and the lab the same way. Every number comes from the example's record;
the card only arranges it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from generator.course.placeholders import record_of
from generator.course.records import Record
from generator.course.templates import number_html
from generator.lessons.composition.catalogue import BY_SLUG
from generator.lessons.composition.figures import MODE_NAMES, figure_html
from generator.lessons.composition.lab_url import lab_query
from generator.lessons.composition.result_html import (
    composition_entries,
    composition_note,
    entry,
    ln_html,
    result_entries,
    verdict_html,
)


def _list(css_class: str, entries: Sequence[str]) -> str:
    return f'<dl class="{css_class}">{"".join(entries)}</dl>'


def _inputs(record: Record) -> str:
    channel, claim, composition = record["channel"], record["claim"], record["composition"]
    unused = " (XOR에서는 쓰지 않음)" if channel["mode"] == "xor" else ""
    alpha, alpha0 = Fraction(claim["alpha"]), Fraction(composition["alpha0"])
    return _list(
        "cl-card-inputs",
        [
            entry("모드", MODE_NAMES[channel["mode"]]),
            entry("반복 횟수 k", f"{channel['k']}{unused}"),
            entry("참으로 답할 확률 p", f"{channel['p']}%{unused}"),
            entry("주장한 α", f"{number_html(claim['alpha'])} (ε = {ln_html(alpha)})"),
            entry("주장한 δ", number_html(claim["delta"])),
            entry("단계별 α₀", f"{number_html(composition['alpha0'])} (ε₀ = {ln_html(alpha0)})"),
        ],
    )


def _results(record: Record) -> str:
    return f"{verdict_html(record['claim'])}{_list('cl-card-results', result_entries(record))}"


def _composition(record: Record) -> str:
    return (
        '<section class="cl-card-composition"><h4>구성 정리와 정확한 값</h4>'
        f"{_list('cl-card-results', composition_entries(record))}"
        f'<p class="cl-card-note">{escape(composition_note(record))}</p></section>'
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
