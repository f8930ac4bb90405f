"""Precomputed experiment cards: one catalogue example's inputs, charts and exact results.

``{{ card SLUG }}`` on a page becomes ``card_html(SLUG)``. The results are the lab's own
slots (``templates/results.html`` over :func:`generator.lessons.composition.result_html.view`),
marked as DESIGN.md's "Lab outputs" table says, so a test reads a card and the lab the same
way. Every number comes from the example's record; the card (``templates/card.html``) only
arranges it.
"""

from __future__ import annotations

from generator.course.placeholders import record_of
from generator.lessons.composition.catalogue import BY_SLUG
from generator.lessons.composition.figures import figure_html
from generator.lessons.composition.lab_url import lab_query
from generator.lessons.composition.result_html import render_html, view


def card_html(slug: str) -> str:
    """The experiment card of one catalogue example."""
    record = record_of(slug)
    figures = figure_html("distribution", slug) + "\n" + figure_html("profile", slug)
    return render_html(
        "card.html", slug=slug, shown=view(record), figures=figures, query=lab_query(BY_SLUG[slug])
    )
