"""Tables written in a page's Markdown become course tables, so that every table scrolls alike.

Material wraps each table without a class in a scrolling ``div`` of its own that takes no
focus, which a keyboard cannot scroll and axe refuses (``scrollable-region-focusable``) once a
table is wider than a phone. Giving such a table the course's ``cl-table`` class and
``tabindex="0"`` makes it the scrolling box itself, as the course's own tables are
(lesson.css), and Material, which only wraps ``table:not([class])``, leaves it alone.

Such a table is text (the home page's list of lessons, the glossary, a lesson's table of
deployments), so it also takes ``cl-text-table``, whose cells read from the left; a column
written ``---:`` in the Markdown keeps the right alignment that its cells' own style gives.
The course's generated tables hold numbers and stay right-aligned.
"""

from __future__ import annotations

import re

_PLAIN_TABLE = re.compile(r"<table>")


def with_course_tables(html: str) -> str:
    """Every ``<table>`` without attributes, as a focusable course table of text."""
    return _PLAIN_TABLE.sub('<table class="cl-table cl-text-table" tabindex="0">', html)
