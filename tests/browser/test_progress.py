"""Progress across the course (progress.js) as a learner sees it, hosted and offline.

The home page's list starts every lesson at "시작 전"; answering some of a lesson's quiz makes
it "진행 중 answered/total" and answering every question "완료 · 첫 시도 correct/total", on the
home page and as a badge in the navigation, from the quiz state the browser keeps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.quiz_helpers import QUESTIONS, answer, wrong
from tests.conftest import LESSON_PAGE

pytestmark = pytest.mark.browser


def cell(page: Any, slug: str) -> Any:
    return page.locator(f'.cl-progress[data-progress="{slug}"]')


def test_the_home_list_and_the_navigation_show_each_lessons_progress(new_page: Any, site_url: str) -> None:
    page, log = new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{site_url}index.html")
    expect(cell(page, "composition")).to_have_text("시작 전")
    expect(cell(page, "events")).to_have_text("시작 전")

    page.goto(f"{site_url}{LESSON_PAGE}")
    answer(page, 0, QUESTIONS[0].answer)
    answer(page, 1, wrong(1))
    page.goto(f"{site_url}index.html")
    total = len(QUESTIONS)
    expect(cell(page, "composition")).to_have_text(f"진행 중 2/{total}")
    expect(cell(page, "composition")).to_have_attribute("data-progress-state", "started")
    expect(cell(page, "events")).to_have_text("시작 전")

    page.goto(f"{site_url}{LESSON_PAGE}")
    for index in range(2, total):
        answer(page, index, QUESTIONS[index].answer)
    page.goto(f"{site_url}index.html")
    expect(cell(page, "composition")).to_have_text(f"완료 · 첫 시도 {total - 1}/{total}")
    badge = page.locator('.md-nav__link[href$="lessons/composition.html"] .cl-nav-progress').first
    expect(badge).to_have_attribute("data-progress-state", "done")
    assert log.console_errors == []


def test_progress_shows_offline_from_disk(new_page: Any, built_site: Path) -> None:
    page, log = new_page(viewport={"width": 390, "height": 800})
    page.goto((built_site / LESSON_PAGE).as_uri())
    answer(page, 0, QUESTIONS[0].answer)
    page.goto((built_site / "index.html").as_uri())
    expect(cell(page, "composition")).to_have_text(f"진행 중 1/{len(QUESTIONS)}")
    assert log.console_errors == []
