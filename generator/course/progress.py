"""What a reader's browser needs to show their progress across the course: for each lesson in
the course's order, where its quiz keeps the reader's answers and what the right ones are.

Every page of the hosted and offline site carries it as JSON (``<script type="application/json"
id="cl-course-progress">``, :func:`with_course_progress`), and ``progress.js`` reads each
lesson's saved quiz state from the page's storage to mark the navigation and fill the home
page's list: not started, started (how many questions answered), or done with the first
attempt's score. The quiz's answers are in every lesson's markup already (``data-answer``), so
handing them over hides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from generator.course.course_order import Place
from generator.course.lessons import lessons
from generator.course.templates import script_json

_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)


def course_progress(order: Sequence[Place]) -> list[dict[str, object]]:
    """Each lesson of the course, in order: its slug, number, title, quiz key and answers."""
    rows: list[dict[str, object]] = []
    for place in order:
        quiz = lessons()[place.slug].quiz
        if quiz is None:
            continue
        rows.append(
            {
                "slug": place.slug,
                "number": place.number,
                "title": place.title,
                "key": quiz.storage_key,
                "answers": {question.id: question.answer for question in quiz.shown},
            }
        )
    return rows


def with_course_progress(html: str, order: Sequence[Place]) -> str:
    """The page with the course's progress data before its ``</body>``."""
    ends = list(_BODY_END.finditer(html))
    if not ends or not order:
        return html
    payload = script_json(course_progress(order))
    data = f'<script type="application/json" id="cl-course-progress">{payload}</script>\n'
    at = ends[-1].start()
    return html[:at] + data + html[at:]
