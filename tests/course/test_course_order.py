"""The course's order comes from the navigation: lesson numbers, page titles, and the lessons
before and after each one at the end of its page (in the built site too)."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.course.course_order import Place, course_order, lesson_slug, neighbours_html
from generator.course.lessons import lessons
from tests.conftest import ROOT
from tests.harness.html import parse

PAGES = [
    ("홈", "index.md"),
    ("가", "lessons/a.md"),
    ("나", "lessons/b.md"),
    ("용어", "glossary.md"),
    ("다", "lessons/c.md"),
]


def test_only_lesson_pages_are_numbered_in_the_navigations_order() -> None:
    order = course_order(PAGES, {"a", "b", "c"})
    assert order == (Place("a", 1, "가"), Place("b", 2, "나"), Place("c", 3, "다"))
    assert order[1].numbered == "2. 나"
    assert course_order(PAGES, {"a", "c"}) == (Place("a", 1, "가"), Place("c", 2, "다"))
    assert lesson_slug("lessons/x.md", {"a"}) is None


def test_the_first_and_last_lessons_have_one_neighbour_each() -> None:
    order = course_order(PAGES, {"a", "b", "c"})
    first = parse(neighbours_html(order, "a"))
    assert [a.attributes["rel"] for a in first.css("a[rel]")] == ["next"]
    middle = parse(neighbours_html(order, "b"))
    assert [(a.attributes["rel"], a.attributes["href"]) for a in middle.css("a[rel]")] == [
        ("prev", "a.html"),
        ("next", "c.html"),
    ]
    last = parse(neighbours_html(order, "c"))
    assert [a.attributes["rel"] for a in last.css("a[rel]")] == ["prev"]


def _nav() -> list[tuple[str, str]]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    return [(title, path) for item in config["nav"] for title, path in item.items()]


def test_every_lesson_page_ends_with_its_neighbours_and_carries_its_number(built_site: Path) -> None:
    order = course_order(_nav(), lessons())
    assert [place.slug for place in order] == [
        slug for _, path in _nav() if (slug := lesson_slug(path, lessons()))
    ]
    for index, place in enumerate(order):
        tree = parse((built_site / "lessons" / f"{place.slug}.html").read_text(encoding="utf-8"))
        title = tree.css_first("title")
        assert title is not None
        assert title.text().startswith(place.numbered), place.slug
        article = tree.css_first("article")
        assert article is not None
        assert article.css_first("h1") is not None, f"{place.slug}: the content is markup, not escaped text"
        assert "&lt;p&gt;" not in (article.html or ""), place.slug
        links = {a.attributes["rel"]: a.attributes["href"] for a in tree.css(".cl-neighbours a[rel]")}
        want = {}
        if index > 0:
            want["prev"] = order[index - 1].page
        if index + 1 < len(order):
            want["next"] = order[index + 1].page
        assert links == want, place.slug
