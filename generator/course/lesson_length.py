"""How long a lesson is, said under its title: the reading time and the way to its quiz.

The estimate counts the Hangul syllables of the text a reader sees on the lesson's page
(:func:`generator.course.visible_text.visible_texts`: prose, worked solutions, the quiz; not
math, code or the lab's markup) and reads :data:`SYLLABLES_PER_MINUTE` of them a minute,
rounded up. It says nothing of the time the formulas, the lab or the exercises take, and the
sentence under the title says it is an estimate of the reading alone. The same line links to
the quiz (the page's ``#check`` section) and says how many questions it has, so a learner
who wants to test themselves first need not scroll through the lesson.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.course.templates import render
from generator.course.visible_text import visible_texts

SYLLABLES_PER_MINUTE = 500
_HANGUL = re.compile(r"[가-힣]")
_QUESTION = re.compile(r"<fieldset[^>]*\bdata-question=")
_TITLE_END = "</h1>"


@dataclass(frozen=True)
class LessonLength:
    syllables: int
    questions: int

    @property
    def minutes(self) -> int:
        return max(1, -(-self.syllables // SYLLABLES_PER_MINUTE))


def lesson_length(html: str) -> LessonLength:
    """The Hangul syllables a reader sees in the page's content, and its quiz's questions."""
    syllables = sum(len(_HANGUL.findall(text)) for text in visible_texts(html))
    return LessonLength(syllables, len(_QUESTION.findall(html)))


def with_lesson_length(html: str) -> str:
    """The page's content with its length said right after its title (a page without one is kept)."""
    if _TITLE_END not in html:
        return html
    line = render("lesson_length.html", length=lesson_length(html), per_minute=SYLLABLES_PER_MINUTE)
    return html.replace(_TITLE_END, _TITLE_END + line, 1)
