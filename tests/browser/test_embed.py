"""The embed view in a host page built from the README's own snippet, on another origin.

The embed site (``python -m generator package embed``) and the host page are served by two
servers, so the lesson runs cross-origin, as on an LMS. Every other request is blocked and
must not happen. The iframe's height must follow the lesson when a worked solution opens
and closes, with no scrollbar inside the frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Frame, Page, expect

from generator.course.lab import SCRIPT_TEXTS as LAB_TEXTS
from generator.lessons.composition import LESSON as COMPOSITION_LESSON
from tests.browser.quiz_helpers import answer
from tests.browser.test_lesson_browser import STORAGE_THROWS
from tests.harness.support import block_network, served

COMPOSITION = COMPOSITION_LESSON.quiz

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent.parent
LESSON = "lessons/composition.html"
SNIPPET_MARKER = "<!-- embed-snippet:"
SNIPPET_SOURCE = "https://example.org/composition-lab/lessons/composition.html"
QUESTIONS = COMPOSITION.shown  # in the order the page shows the choices


def readme_snippet() -> str:
    """The ```html block right after the embed-snippet marker in README.md."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    after = readme[readme.index(SNIPPET_MARKER) :]
    found = re.search(r"```html\n(.*?)```", after, re.DOTALL)
    assert found is not None
    return found[1]


@pytest.fixture(scope="module")
def servers(
    tmp_path_factory: pytest.TempPathFactory, package_of: Callable[[str], Path]
) -> Iterator[tuple[str, str, Path]]:
    """(URL of the embed site, URL of the host folder, host folder to write pages into)."""
    root = tmp_path_factory.mktemp("embed")
    site = package_of("embed")
    host = root / "host"
    host.mkdir()
    with served(site) as site_url, served(host) as host_url:
        yield site_url, host_url, host


def _host_page(servers: tuple[str, str, Path], name: str) -> str:
    site_url, host_url, host = servers
    snippet = readme_snippet()
    assert SNIPPET_SOURCE in snippet
    snippet = snippet.replace(SNIPPET_SOURCE, site_url + LESSON)
    assert 'sandbox="allow-scripts allow-same-origin"' in snippet
    page = (
        '<!doctype html><html lang="ko"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        "<title>host</title></head><body><h1>Course page</h1>"
        f"{snippet}<p id='after'>after the lesson</p></body></html>"
    )
    (host / name).write_text(page, encoding="utf-8")
    return host_url + name


def _open(
    new_page: Any, servers: tuple[str, str, Path], url: str, init: str | None = None
) -> tuple[Page, Frame, Any, list[str]]:
    page, log = new_page(viewport={"width": 1000, "height": 700})
    blocked = block_network(page.context, (servers[0], servers[1]))
    # Record the messages the host page receives, from its first moment.
    page.add_init_script(
        "if (window.top === window) { window.heights = [];"
        " addEventListener('message', event => window.heights.push(event.data)); }"
    )
    if init:
        page.context.add_init_script(init)
    page.goto(url)
    frame = page.locator("iframe[data-composition-lab]").element_handle().content_frame()
    assert frame is not None
    frame.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    return page, frame, log, blocked


def _frame_height(page: Page) -> float:
    return float(
        page.locator("iframe[data-composition-lab]").evaluate("frame => frame.getBoundingClientRect().height")
    )


def _content_height(frame: Frame) -> float:
    return float(
        frame.evaluate(
            "() => document.querySelector(\"[data-md-component='content']\").getBoundingClientRect().bottom"
            " + scrollY"
        )
    )


def _wait_frame_height(page: Page, comparison: str, bound: float) -> None:
    """Wait until the host's iframe is taller (``">"``) or shorter (``"<"``) than ``bound``."""
    page.wait_for_function(
        f"() => document.querySelector('iframe[data-composition-lab]').getBoundingClientRect().height"
        f" {comparison} {bound}"
    )


def _wait_fitted(page: Page, frame: Frame) -> float:
    """Wait until the frame is as tall as its content (to the pixel); returns that height."""
    page.wait_for_function(
        "() => { const m = window.heights.at(-1);"
        " const f = document.querySelector('iframe[data-composition-lab]');"
        " return m && Math.abs(f.getBoundingClientRect().height - m.height) < 1; }"
    )
    height = _frame_height(page)
    assert abs(height - _content_height(frame)) <= 1
    # Nothing to scroll inside the frame: it shows the lesson whole.
    assert frame.evaluate("document.documentElement.scrollHeight - innerHeight") <= 1
    return height


def _assert_clean(log: Any, blocked: list[str]) -> None:
    assert blocked == []
    assert log.console_errors == []
    assert log.page_errors == []


def _solution(frame: Frame) -> Any:
    return frame.locator("details.note", has=frame.locator("summary", has_text="풀이")).first


def test_frame_height_follows_a_worked_solution(new_page: Any, servers: tuple[str, str, Path]) -> None:
    page, frame, log, blocked = _open(new_page, servers, _host_page(servers, "host.html"))
    for hidden in (".md-header__inner", ".md-sidebar", ".md-footer", ".md-tabs", ".md-search"):
        expect(frame.locator(hidden)).to_have_count(0)
    expect(frame.locator("h1")).to_have_count(1)

    closed = _wait_fitted(page, frame)
    assert closed > 2000  # the whole lesson, far taller than the 800px the snippet starts with
    solution = _solution(frame)
    expect(solution).not_to_have_attribute("open", "")
    solution.locator("summary").click()
    expect(solution).to_have_attribute("open", "")
    _wait_frame_height(page, ">", closed + 20)
    opened = _wait_fitted(page, frame)
    body_height = solution.evaluate(
        "details => details.querySelector(':scope > :not(summary)').getBoundingClientRect().height"
    )
    assert abs((opened - closed) - body_height) <= 40, (opened, closed, body_height)

    solution.locator("summary").click()
    _wait_frame_height(page, "<", opened - 20)
    assert abs(_wait_fitted(page, frame) - closed) <= 1

    messages = [m for m in page.evaluate("window.heights") if m["type"] == "composition-lab:height"]
    assert messages
    for message in messages:
        assert set(message) == {"type", "height", "page"}
        assert message["type"] == "composition-lab:height"
        assert isinstance(message["height"], int)
        assert message["page"].endswith("/" + LESSON)
    _assert_clean(log, blocked)


def test_with_storage_blocked_the_embedded_lesson_still_works(
    new_page: Any, servers: tuple[str, str, Path]
) -> None:
    url = _host_page(servers, "host.html")
    page, frame, log, blocked = _open(new_page, servers, url, STORAGE_THROWS)
    answer(frame, 0, QUESTIONS[0].answer)
    expect(frame.locator("[data-storage-note]")).to_contain_text("저장할 수 없어")
    expect(frame.locator("form[data-quiz] [data-score]")).to_contain_text("정답 1")
    closed = _wait_fitted(page, frame)
    _solution(frame).locator("summary").click()
    _wait_frame_height(page, ">", closed + 20)
    _wait_fitted(page, frame)
    _assert_clean(log, blocked)


def test_the_summary_bar_stays_under_the_host_windows_top_while_it_scrolls(
    new_page: Any, servers: tuple[str, str, Path]
) -> None:
    page, frame, log, blocked = _open(new_page, servers, _host_page(servers, "host.html"))
    _wait_fitted(page, frame)
    frame.wait_for_selector("#lab[data-lab-mounted]", state="attached")
    frame_top = page.locator("iframe[data-composition-lab]").evaluate(
        "f => f.getBoundingClientRect().top + scrollY"
    )
    # Scroll the host page down to the lab's last field: the bar is then above the window.
    field = frame.evaluate("document.getElementById('cl-lab-alpha0').getBoundingClientRect().top")
    page.evaluate("(y) => window.scrollTo(0, y)", frame_top + field - 200)
    # The frame is cross-origin: the bar is measured from inside it, the frame from the host.
    frame_on_host = page.locator("iframe[data-composition-lab]").evaluate(
        "f => f.getBoundingClientRect().top"
    )
    assert frame_on_host < -100
    frame.wait_for_function(
        "(px) => getComputedStyle(document.documentElement).getPropertyValue('--cl-host-scroll') === px",
        arg=f"{round(-frame_on_host)}px",
    )
    bar = frame.evaluate("document.querySelector('#lab [data-lab-summary]').getBoundingClientRect().top")
    assert -1 <= frame_on_host + bar <= 2, (frame_on_host, bar)
    _assert_clean(log, blocked)


def test_a_card_link_opens_the_lab_in_place_and_scrolls_the_host_page(
    new_page: Any, servers: tuple[str, str, Path]
) -> None:
    page, frame, log, blocked = _open(new_page, servers, _host_page(servers, "host.html"))
    _wait_fitted(page, frame)
    frame.wait_for_selector("#lab[data-lab-mounted]", state="attached")
    frame.evaluate("window.marker = 'not reloaded'")
    history = frame.evaluate("history.length")
    link = frame.locator('#card-composition-p90 a[href*="#lab"]')
    link.scroll_into_view_if_needed()
    link.click()
    expect(frame.locator('#lab [data-out="composed-delta-exact"]')).to_have_attribute("data-exact", "18/25")
    assert frame.evaluate("window.marker") == "not reloaded"
    assert frame.evaluate("history.length") == history  # the host's back button stays clean
    assert frame.evaluate("location.search.slice(1)") == "mode=fresh&k=2&p=90&alpha=9.0&delta=0.72&alpha0=3.0"
    # The host page scrolled to the lab: its title is near the top of the host's viewport.
    page.wait_for_function(
        "() => { const f = document.querySelector('iframe[data-composition-lab]');"
        " return window.heights.some(m => m.type === 'composition-lab:reveal'); }"
    )
    lab_top = frame.evaluate("document.getElementById('lab').getBoundingClientRect().top")
    on_host = (
        page.locator("iframe[data-composition-lab]").evaluate("f => f.getBoundingClientRect().top") + lab_top
    )
    assert -1 <= on_host <= 50, on_host  # scrollTo rounds to whole pixels
    assert frame.evaluate("document.activeElement.id") == "cl-lab-title"
    reveal = [m for m in page.evaluate("window.heights") if m["type"] == "composition-lab:reveal"]
    assert set(reveal[-1]) == {"type", "top", "page"}
    assert abs(reveal[-1]["top"] - frame.evaluate("document.getElementById('lab').offsetTop")) <= 50
    _assert_clean(log, blocked)


def test_the_events_lessons_card_link_opens_its_lab_in_place(
    new_page: Any, servers: tuple[str, str, Path]
) -> None:
    site_url, host_url, host = servers
    snippet = readme_snippet().replace(SNIPPET_SOURCE, site_url + "lessons/events.html")
    (host / "events.html").write_text(
        '<!doctype html><html lang="ko"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f"<title>host</title></head><body><h1>Course page</h1>{snippet}</body></html>",
        encoding="utf-8",
    )
    page, frame, log, blocked = _open(new_page, servers, host_url + "events.html")
    _wait_fitted(page, frame)
    frame.wait_for_selector("#events-lab[data-lab-mounted]", state="attached")
    history = frame.evaluate("history.length")
    link = frame.locator('#card-one-of-ten a[href*="#events-lab"]')
    link.scroll_into_view_if_needed()
    link.click()
    expect(frame.locator('#events-lab [data-out="delta-required"]')).to_have_attribute("data-exact", "1/10")
    assert frame.evaluate("history.length") == history
    page.wait_for_function("() => window.heights.some(m => m.type === 'composition-lab:reveal')")
    assert frame.evaluate("document.activeElement.id") == "cl-events-title"
    _assert_clean(log, blocked)


def test_copy_link_in_the_frame_copies_the_host_pages_address_at_the_state(
    new_page: Any, servers: tuple[str, str, Path]
) -> None:
    """The README's snippet allows clipboard-write and tells the frame its address, so the
    frame's button copies a link to the host page that opens the lesson at the state shown;
    opened, that link shows the host page with the lab at that state."""
    host = _host_page(servers, "host.html")
    page, frame, log, blocked = _open(new_page, servers, host)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=servers[0].rstrip("/"))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=servers[1].rstrip("/"))
    frame.wait_for_selector("#lab[data-lab-mounted]", state="attached")
    frame.locator('#lab [data-field="p"] input').fill("90")
    frame.locator("#lab [data-lab-copy]").click()
    state = f"/{LESSON}?mode=fresh&k=2&p=90&alpha=3.0&delta=0&alpha0=3.0#lab"
    expected = host + "?" + urlencode({"composition-lab": state})
    expect(frame.locator("#lab [data-lab-copy-status]")).to_have_text(LAB_TEXTS["link-copied"])
    expect(frame.locator("#lab [data-lab-link]")).to_have_value(expected)
    assert page.evaluate("navigator.clipboard.readText()") == expected  # read on the host page
    _assert_clean(log, blocked)

    # The link opens the host page, whose snippet opens the lesson at that state.
    opened, frame2, log2, blocked2 = _open(new_page, servers, expected)
    frame2.wait_for_selector("#lab[data-lab-mounted]", state="attached")
    expect(frame2.locator('#lab [data-field="p"] input')).to_have_value("90")
    assert opened.url == expected
    _assert_clean(log2, blocked2)


def test_a_link_to_another_site_is_not_opened_in_the_frame(
    new_page: Any, servers: tuple[str, str, Path]
) -> None:
    host = _host_page(servers, "host.html")
    _, frame, log, blocked = _open(
        new_page, servers, host + "?" + urlencode({"composition-lab": "https://example.net/x.html"})
    )
    assert frame.url.split("?")[0] == servers[0] + LESSON
    _assert_clean(log, blocked)
