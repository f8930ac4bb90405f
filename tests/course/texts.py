"""The course's Korean texts as the text tests read them: pages, sections, sentences, quizzes.

A page is read as its Markdown source. A *unit* is a paragraph, a list item or a table row:
the smallest piece of text that states one thing with its conditions. A *sentence* ends in
``.``, ``?`` or ``!`` followed by a space or the end, never inside ``$…$`` math or a
``{{ … }}`` placeholder (a decimal or a path has dots of its own).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from generator.course.course_order import course_order, lessons_markdown
from generator.course.lesson_about import lesson_about, split_front_matter
from generator.course.lessons import lessons
from generator.course.quiz import Question, Quiz

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
HOME = DOCS / "index.md"
GLOSSARY = DOCS / "glossary.md"
LESSONS = DOCS / "lessons"

MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.DOTALL)
PLACEHOLDER = re.compile(r"\{\{.*?\}\}")
_MASK = re.compile(r"\x00(\d+)\x00")
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+|(?<=[.?!][’”\"')])\s+")


def source(path: Path) -> str:
    """A page's Markdown as MkDocs reads it: its front matter taken off (a lesson page's
    front matter is read by :func:`generator.course.lesson_about.lesson_about`, and shown on
    the home page: see :func:`home`). The home page has its list of lessons written out."""
    if path == HOME:
        return home()
    return split_front_matter(path.read_text(encoding="utf-8"))[1]


def page(slug: str) -> str:
    """A lesson page's Markdown, without its front matter."""
    return source(LESSONS / f"{slug}.md")


@cache
def home() -> str:
    """The home page's Markdown with its ``{{ lessons }}`` list written out, as the build does:
    the lessons in the navigation's order, each with its page's title, role and summary."""
    order = course_order(nav(), lessons())
    about = {
        place.slug: lesson_about((LESSONS / f"{place.slug}.md").read_text(encoding="utf-8"), place.slug)
        for place in order
    }
    text = HOME.read_text(encoding="utf-8")
    assert text.count("{{ lessons }}") == 1, "the home page lists the lessons once"
    return text.replace("{{ lessons }}", lessons_markdown(order, about))


def lesson_slugs() -> list[str]:
    """Every lesson that has a page, in no particular order."""
    return sorted(path.stem for path in LESSONS.glob("*.md"))


def all_pages() -> dict[str, str]:
    """Every page of the course by name: the home, the glossary and each lesson."""
    pages = {"index": home(), "glossary": GLOSSARY.read_text(encoding="utf-8")}
    return pages | {slug: page(slug) for slug in lesson_slugs()}


def section(text: str, anchor: str) -> str:
    """The Markdown under the heading with ``{#anchor}``, up to the next heading of its level or above."""
    match = re.search(rf"^(#+) .*\{{#{anchor}\}}\s*$", text, re.MULTILINE)
    assert match, f"no heading {{#{anchor}}}"
    level = len(match[1])
    following = re.compile(rf"^#{{1,{level}}} ", re.MULTILINE).search(text, match.end())
    return text[match.end() : following.start() if following else len(text)]


def home_section(slug: str) -> str:
    """The home page's section on one lesson: the ``###`` section that links its parts."""
    found = [
        part
        for part in re.split(r"^### ", home(), flags=re.MULTILINE)[1:]
        if f"(lessons/{slug}.md#concept)" in part
    ]
    assert len(found) == 1, slug
    return found[0]


def intro(text: str) -> str:
    """A lesson's opening: everything before its first ``##`` part."""
    return text[: text.index("\n## ")]


def units(text: str) -> list[str]:
    """Paragraphs, list items and table rows of a Markdown text (display math stays with its paragraph)."""
    found: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        lines = block.strip("\n").split("\n")
        if all(re.match(r"\s*(?:[-*] |\d+\. |\|)", line) for line in lines if line.strip()):
            found += [line for line in lines if line.strip() and not re.match(r"\s*\|[\s|:-]*\|\s*$", line)]
        elif block.strip():
            found.append(block.strip())
    return found


def _masked(text: str) -> tuple[str, list[str]]:
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match[0])
        return f"\x00{len(kept) - 1}\x00"

    return PLACEHOLDER.sub(keep, MATH.sub(keep, text)), kept


def _unmasked(text: str, kept: list[str]) -> str:
    while _MASK.search(text):
        text = _MASK.sub(lambda match: kept[int(match[1])], text)
    return text


def sentences(text: str) -> list[str]:
    """The sentences of a text, math and placeholders kept whole."""
    masked, kept = _masked(text)
    return [_unmasked(part, kept).strip() for part in _SENTENCE_END.split(masked) if part.strip()]


def prose(text: str) -> str:
    """A text with its math and placeholders taken out (each leaves a space)."""
    return PLACEHOLDER.sub(" ", MATH.sub(" ", text))


@dataclass(frozen=True)
class QuizText:
    """One text of a quiz question, with what it is."""

    lesson: str
    question: str
    kind: str  # "prompt", "choice", "answer" (the correct choice) or "explanation"
    text: str


def quiz(slug: str) -> Quiz:
    """A lesson's quiz as the course reads it."""
    found = lessons()[slug].quiz
    assert found is not None, slug
    return found


def quizzes() -> dict[str, Quiz]:
    """Every lesson's quiz by lesson."""
    return {slug: lesson.quiz for slug, lesson in lessons().items() if lesson.quiz is not None}


def question_texts(slug: str, question: Question) -> Iterator[QuizText]:
    """The prompt, each choice (the correct one as "answer") and the explanation of a question."""
    yield QuizText(slug, question.id, "prompt", question.prompt)
    for index, choice in enumerate(question.choices):
        yield QuizText(slug, question.id, "answer" if index == question.answer else "choice", choice)
    yield QuizText(slug, question.id, "explanation", question.explanation)


def quiz_texts() -> list[QuizText]:
    """Every text of every quiz."""
    return [
        text
        for slug, found in quizzes().items()
        for question in found.questions
        for text in question_texts(slug, question)
    ]


@cache
def nav() -> list[tuple[str, str]]:
    """The navigation of ``mkdocs.yml`` as (title, page path) pairs, in order.

    Only the ``nav`` block is read: the rest of the file holds Python tags that a safe
    loader refuses."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = re.search(r"^nav:\n(?:[ -].*\n?)+", config, re.MULTILINE)
    assert block, "mkdocs.yml has a nav"
    entries = yaml.safe_load(block[0])["nav"]
    return [next(iter(entry.items())) for entry in entries]


def lesson_order() -> list[str]:
    """The lesson slugs in the order of the navigation."""
    return [Path(path).stem for _, path in nav() if path.startswith("lessons/")]
