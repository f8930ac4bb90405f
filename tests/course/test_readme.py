"""The README's list of lessons follows the navigation: every lesson it names is one, in the
navigation's order. (It may leave a new lesson out: a lesson needs no file but its own and its
nav line, AUTHORING.md says.)"""

from __future__ import annotations

import re
from pathlib import Path

from tests.course.texts import nav

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_lists_every_lesson_in_the_navigation_order() -> None:
    text = README.read_text(encoding="utf-8")
    listed = re.findall(r"^- \*\*[^*]+\*\* \(`(lessons/[a-z0-9-]+)\.html`", text, re.MULTILINE)
    lessons = [path.removesuffix(".md") for _, path in nav() if path.startswith("lessons/")]
    assert listed, "the README lists the lessons"
    assert listed == [path for path in lessons if path in listed]
