"""Tables written in a page's Markdown become course tables, so that every table scrolls alike.

Material wraps each table without a class in a scrolling ``div`` of its own that takes no
focus, which a keyboard cannot scroll and axe refuses (``scrollable-region-focusable``) once a
table is wider than a phone. Giving such a table the course's ``cl-table`` class and
``tabindex="0"`` makes it the scrolling box itself, as the course's own tables are
(lesson.css), and Material, which only wraps ``table:not([class])``, leaves it alone.
"""

from __future__ import annotations

import re

_PLAIN_TABLE = re.compile(r"<table>")


def with_course_tables(html: str) -> str:
    """Every ``<table>`` without attributes, as ``<table class="cl-table" tabindex="0">``."""
    return _PLAIN_TABLE.sub('<table class="cl-table" tabindex="0">', html)
