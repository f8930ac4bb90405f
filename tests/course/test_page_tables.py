"""Markdown tables become course tables: one scrolling box that takes the focus."""

from __future__ import annotations

from generator.course.page_tables import with_course_tables


def test_a_plain_table_becomes_a_focusable_course_table_and_others_stay() -> None:
    html = '<table>\n<thead></thead></table><table class="cl-table" tabindex="0"></table><tablet>'
    assert with_course_tables(html) == (
        '<table class="cl-table cl-text-table" tabindex="0">\n<thead></thead></table>'
        '<table class="cl-table" tabindex="0"></table><tablet>'
    )
    assert with_course_tables("<p>no table</p>") == "<p>no table</p>"
