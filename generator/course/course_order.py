"""The course's order: its lessons as the navigation lists them, numbered from 1, and the
lessons before and after each one.

The navigation (``nav`` in ``mkdocs.yml``) is the one place the order is written: the
lesson numbers in the navigation and the page titles (:func:`numbered`), the previous and
next lesson at the end of every lesson (:func:`neighbours_html`), the home page's list
(:func:`lessons_markdown`) and the SCORM items all follow it. A page is a lesson when it is
``lessons/<slug>.md`` and a lesson folder of that slug exists.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from generator.course.korean import ordinal
from generator.course.lesson_about import LessonAbout
from generator.course.templates import render, render_markdown


@dataclass(frozen=True)
class Place:
    """A lesson's place in the course: its slug, its number (from 1) and its title."""

    slug: str
    number: int
    title: str

    @property
    def numbered(self) -> str:
        """The title with its number, as the navigation and the page title show it."""
        return f"{self.number}. {self.title}"

    @property
    def ordinal(self) -> str:
        """The lesson's number as a Korean ordinal ("첫째"), as the home page names it."""
        return ordinal(self.number)

    @property
    def page(self) -> str:
        """The lesson page's path from another lesson page (directory URLs are off)."""
        return f"{self.slug}.html"


def lesson_slug(path: str, known: Collection[str]) -> str | None:
    """The slug of ``lessons/<slug>.md`` when it is a lesson, else None."""
    folder, _, name = path.rpartition("/")
    slug = name.removesuffix(".md")
    return slug if folder == "lessons" and name.endswith(".md") and slug in known else None


def course_order(pages: Sequence[tuple[str, str]], known: Collection[str]) -> tuple[Place, ...]:
    """The lessons among the navigation's pages ((title, source path) in order), numbered."""
    places: list[Place] = []
    for title, path in pages:
        slug = lesson_slug(path, known)
        if slug is not None:
            places.append(Place(slug, len(places) + 1, title))
    return tuple(places)


def place_of(order: Sequence[Place], slug: str) -> Place:
    for place in order:
        if place.slug == slug:
            return place
    raise ValueError(f"lesson {slug!r} is not in the navigation")


def neighbours_html(order: Sequence[Place], slug: str) -> str:
    """The links to the lessons before and after ``slug``, for the end of its page (markup,
    as a plain ``str``: the page's content it is appended to is markup already)."""
    index = [place.slug for place in order].index(slug)
    before = order[index - 1] if index > 0 else None
    after = order[index + 1] if index + 1 < len(order) else None
    return render("neighbours.html", before=before, after=after, here=order[index])


def lessons_markdown(order: Sequence[Place], about: Mapping[str, LessonAbout]) -> str:
    """The home page's list of lessons (the ``{{ lessons }}`` block), in the course's order: a
    table of titles, roles and progress cells (filled by progress.js), then a section for each
    lesson with its summary and links to its four parts. Every text is the lesson page's own
    (:mod:`generator.course.lesson_about`)."""
    return render_markdown("lessons.md", listed=[(place, about[place.slug]) for place in order])
