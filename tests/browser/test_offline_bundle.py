"""The offline bundle, unzipped and opened from disk with every network request blocked.

The zip is built by ``python -m generator package offline``'s code and unzipped as a
learner would. Each test opens it over ``file://`` in a browser context that aborts (and
collects) every request not to ``file:``, ``data:`` or ``blob:``: none may happen, and
nothing may be logged as an error or thrown.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from generator.core.channels import build
from generator.core.profile import Profile
from generator.core.rational import fraction_str
from generator.course.offline_bundle import FOLDER
from generator.course.quiz import SCRIPT_TEXTS
from generator.lessons.composition import LESSON as COMPOSITION_LESSON
from tests.browser.quiz_helpers import answer
from tests.harness.support import block_network

COMPOSITION = COMPOSITION_LESSON.quiz

pytestmark = pytest.mark.browser

LOCAL = ("file:", "data:", "blob:")
QUESTIONS = COMPOSITION.shown  # in the order the page shows the choices
SEARCH_TERM = "후처리"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory, package_of: Callable[[str], Path]) -> Path:
    """The unzipped bundle's folder (the one a learner opens)."""
    root = tmp_path_factory.mktemp("offline")
    zip_path = package_of("offline")
    print(f"offline bundle: {zip_path.stat().st_size:,} bytes")
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(root / "unzipped")
    return root / "unzipped" / FOLDER


def _open(new_page: Any, url: str) -> tuple[Page, Any, list[str]]:
    page, log = new_page()
    blocked = block_network(page.context, LOCAL)
    page.goto(url)
    return page, log, blocked


def _assert_offline(log: Any, blocked: list[str]) -> None:
    assert blocked == []
    assert [url for url in log.requests if not url.startswith(LOCAL)] == []
    assert log.console_errors == []
    assert log.page_errors == []


def test_navigation_math_search_and_saved_quiz_from_disk(new_page: Any, bundle: Path) -> None:
    page, log, blocked = _open(new_page, (bundle / "index.html").as_uri())
    page.locator(".md-nav--primary a.md-nav__link", has_text="합성 실습").first.click()
    page.wait_for_url("**/lessons/composition.html")
    page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")

    # KaTeX's own font renders the math, read from the stylesheet: no font file is asked for.
    page.evaluate("document.fonts.ready")
    assert page.evaluate(
        "[...document.fonts].some(face => face.family.replace(/[\"']/g, '') === 'KaTeX_Main'"
        " && face.status === 'loaded')"
    )
    assert [url for url in log.requests if ".woff" in url] == []
    assert page.locator(".katex").count() > 0
    # The static charts are SVG files beside the page, and each one loads from disk.
    charts = page.locator(".cl-figure img.cl-chart")
    assert charts.count() > 0
    drawn = page.evaluate(
        """() => Promise.all([...document.querySelectorAll('img.cl-chart')].map((image) => {
            image.loading = 'eager';
            return image.decode().then(() => image.naturalWidth > 0, () => false);
        }))"""
    )
    assert drawn
    assert all(drawn), drawn

    query = page.locator("input[data-md-component='search-query']")
    query.click()
    page.keyboard.type(SEARCH_TERM)
    page.keyboard.press("End")
    links = page.locator(".md-search-result__item a")
    expect(links.first).to_be_visible(timeout=15_000)
    assert any(
        "lessons/composition" in (links.nth(i).get_attribute("href") or "") for i in range(links.count())
    )
    page.keyboard.press("Escape")

    question = page.locator(f"#quiz-{COMPOSITION.lesson_id}-{QUESTIONS[0].id}")
    answer(page, 0, QUESTIONS[0].answer)
    expect(question.locator("[data-feedback]")).to_have_text(SCRIPT_TEXTS["correct"])
    page.reload()
    page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    expect(question.locator(f"input[value='{QUESTIONS[0].answer}']")).to_be_checked()
    expect(page.locator("[data-storage-note]")).to_be_hidden()
    _assert_offline(log, blocked)


def _exact_delta(mode: str, p: int, k: int, alpha: Fraction) -> str:
    return fraction_str(Profile(build(mode, p, k)).delta(alpha))


def _wait_charted(page: Page, lab_id: str = "lab") -> None:
    page.wait_for_function(
        "(id) => { const lab = document.getElementById(id);"
        " return lab && lab.dataset.labSequence && lab.dataset.labCharted === lab.dataset.labSequence; }",
        arg=lab_id,
        timeout=20_000,
    )


def test_lab_gives_exact_results_and_draws_charts_from_disk(new_page: Any, bundle: Path) -> None:
    url = (
        bundle / "lessons" / "composition.html"
    ).as_uri() + "?mode=fresh&k=3&p=90&alpha=3.0&delta=0&alpha0=3.0"
    page, log, blocked = _open(new_page, url)
    required = page.locator("[data-lab] dd[data-out='delta-required']")
    expect(required).to_have_attribute("data-exact", _exact_delta("fresh", 90, 3, Fraction(3)))
    _wait_charted(page)
    assert page.locator("[data-lab-chart] canvas, [data-lab-chart] svg").count() > 0

    page.locator("#cl-lab-k").fill("7")
    page.locator("#cl-lab-k").press("Enter")
    expect(required).to_have_attribute("data-exact", _exact_delta("fresh", 90, 7, Fraction(3)))
    _wait_charted(page)
    _assert_offline(log, blocked)


def test_the_events_lab_gives_exact_results_and_draws_its_chart_from_disk(
    new_page: Any, bundle: Path
) -> None:
    url = (
        bundle / "lessons" / "events.html"
    ).as_uri() + "?weights0=1,3&weights1=0,4&alpha=3.0&delta=0&event=0"
    page, log, blocked = _open(new_page, url)
    required = page.locator("#events-lab dd[data-out='delta-required']")
    expect(required).to_have_attribute("data-exact", "1/4")
    _wait_charted(page, "events-lab")
    assert page.locator("#events-lab [data-lab-chart] svg").count() > 0
    page.locator("#cl-events-weights1").fill("1,3")
    expect(required).to_have_attribute("data-exact", "0")
    expect(page.locator("#events-lab dd[data-out='tv']")).to_have_attribute("data-exact", "0")
    _assert_offline(log, blocked)
