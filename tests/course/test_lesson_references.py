"""A course, not five pages: one order, and prose that follows it.

1. The navigation of ``mkdocs.yml`` puts the lessons in the course's order (:data:`COURSE`):
   a lesson that uses clipping, Laplace or Gaussian noise comes after the lesson that
   introduces them. Lessons not written yet keep their places when they arrive; a lesson
   COURSE does not name needs only its prerequisites before it.
2. Every "앞 단원", "이전 단원" or "다음 단원" on a page follows the navigation: its sentence links
   the lesson just before (or after) the page, and a section headed "다음 단원" links the next one.
   A quiz, which cannot link, names lessons instead and never says which one is before or after.
3. Every lesson names its prerequisites with links in its opening (its front matter's
   ``requires``), and each prerequisite comes before it.
"""

from __future__ import annotations

import re

import pytest

from generator.course.lesson_about import lesson_about
from tests.course.texts import LESSONS, intro, lesson_order, page, quiz_texts, section, sentences

# The course's order, with the lessons of the issues still open in their places.
COURSE = (
    "events",
    "composition",
    "postprocessing",
    "sensitivity",
    "gaussian",
    "optimal",
    "dpsgd",
    "localdp",
    "audit",
)
_RELATIVE = re.compile(r"(앞|이전|다음) 단원")
_LINK = re.compile(r"\]\((?:\.\./lessons/|lessons/)?(?P<slug>[a-z0-9-]+)\.md(?:#[a-z0-9-]+)?\)")


def test_the_navigation_follows_the_course() -> None:
    order = lesson_order()
    # A lesson not in COURSE may stand anywhere its prerequisites allow (3. below).
    assert [slug for slug in order if slug in COURSE] == [slug for slug in COURSE if slug in order]
    assert order[:6] == ["events", "composition", "postprocessing", "sensitivity", "gaussian", "optimal"]


def _neighbour(slug: str, word: str) -> str | None:
    order = lesson_order()
    index = order.index(slug) + (1 if word == "다음" else -1)
    return order[index] if 0 <= index < len(order) else None


def relative_references(slug: str) -> list[tuple[str, str | None, set[str]]]:
    """Each sentence of a page that says 앞/이전/다음 단원: the lesson meant, and the lessons it links."""
    found = []
    for sentence in sentences(page(slug)):
        if sentence.lstrip().startswith("#"):
            continue  # a heading; its section is checked below
        for match in _RELATIVE.finditer(sentence):
            found.append((sentence, _neighbour(slug, match[1]), set(_LINK.findall(sentence))))
    return found


def prerequisites(slug: str) -> tuple[str, ...]:
    return lesson_about((LESSONS / f"{slug}.md").read_text(encoding="utf-8"), slug).requires


@pytest.mark.parametrize("slug", lesson_order())
def test_before_and_after_follow_the_navigation(slug: str) -> None:
    for sentence, meant, linked in relative_references(slug):
        assert meant is not None, (slug, sentence, "no lesson stands there")
        assert meant in linked, (slug, sentence, f"links {linked}, the navigation puts {meant} there")
    for heading in re.findall(r"^#+ (.*다음 단원.*)\{#([a-z-]+)\}$", page(slug), re.MULTILINE):
        meant = _neighbour(slug, "다음")
        assert meant in _LINK.findall(section(page(slug), heading[1])), (slug, heading)


def test_a_quiz_never_says_before_or_after() -> None:
    assert [(t.lesson, t.question) for t in quiz_texts() if _RELATIVE.search(t.text)] == []


@pytest.mark.parametrize("slug", lesson_order())
def test_every_lesson_names_its_prerequisites_with_links(slug: str) -> None:
    order = lesson_order()
    assert slug == order[0] or prerequisites(slug), "every lesson after the first names what it builds on"
    linked = set(_LINK.findall(intro(page(slug))))
    for prerequisite in prerequisites(slug):
        assert prerequisite in linked, (slug, prerequisite)
        assert order.index(prerequisite) < order.index(slug), (slug, prerequisite)


def test_the_relative_check_catches_a_wrong_neighbour(monkeypatch: pytest.MonkeyPatch) -> None:
    import tests.course.test_lesson_references as here

    monkeypatch.setattr(here, "page", lambda slug: "[앞 단원](events.md)의 사건을 안다. 끝.")
    ((_, meant, linked),) = here.relative_references("postprocessing")
    assert meant == "composition"
    assert linked == {"events"}
