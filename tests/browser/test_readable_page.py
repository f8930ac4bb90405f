"""Readable on a phone and a desktop: long exact values, tables and chart fonts, as drawn.

At k = 100 the composition lab's values have up to 120 digits. At 1280 and 390 px:

- no result, table cell or verdict is wider than its box, the page never scrolls sideways,
  and a table wider than the column scrolls inside its own box;
- no text reads "≈ 0" or "≈ 1" (generator/core/readable.py writes the distance instead), and
  the verdict names the required δ as "1 − 1.3 × 10⁻⁷" (the lab is kept as
  test-results/screenshots/lab-k100-<width>.png);
- a long value's fraction is one click away, whole, and selected whole by one click; in a
  table, one switch shows every fraction of it;
- every chart's text (the lab's live charts and every static chart of every lesson page) is
  drawn at 11 px or more after the chart is scaled to the column;
- on a phone no Korean word of any lesson page is split across two lines, and the tables
  written as text (the home page's lessons, the glossary) read from the left.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import expect

from generator.core.readable import SHORT_CHARS
from generator.course.lessons import lessons
from generator.course.templates import reading
from tests.browser.test_lab_browser import wait_for_charts
from tests.conftest import LESSON_PAGE, ROOT
from tests.harness.labs import open_lab

pytestmark = pytest.mark.browser

K100 = "?mode=fresh&k=100&p=75&alpha=3.0&delta=0&alpha0=3.0"
WIDTHS = (1280, 390)
LESSON_PAGES = ("lessons/composition.html", "lessons/events.html")
MIN_FONT_PX = 11
# The lab at k = 100 as a reader sees it, kept for people to look at (git ignores the folder).
SCREENSHOTS = ROOT / "test-results" / "screenshots"

OVERFLOWING = """() => {
  const page = document.documentElement.clientWidth;
  const wide = (el) => el.scrollWidth > el.clientWidth + 1;
  const outside = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.right > page + 1;
  };
  const found = [];
  for (const el of document.querySelectorAll('#lab [data-out], #lab .cl-verdict, #lab td, #lab th')) {
    const box = el.closest('.cl-table');  // a table scrolls inside its own box
    const name = el.dataset.out || el.tagName;
    if (wide(el) || (!box && outside(el))) found.push(`${name}: ${el.textContent.slice(0, 50)}`);
  }
  for (const table of document.querySelectorAll('#lab .cl-table')) {
    if (outside(table)) found.push('table ' + table.id);
  }
  if (document.documentElement.scrollWidth > page + 1) found.push('the page scrolls sideways');
  return found;
}"""

ROUNDED_TO_0_OR_1 = r"""() => {
  const found = document.body.innerText.match(/.{0,30}≈ [01](?![.0-9]| [−+×] ).{0,30}/g);
  return found || [];
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_long_values_fit_their_boxes_and_never_read_as_0_or_1(
    new_page: Any, site_url: str, width: int
) -> None:
    page, log = open_lab(new_page, f"{site_url}{LESSON_PAGE}{K100}", viewport={"width": width, "height": 900})
    wait_for_charts(page)
    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate(ROUNDED_TO_0_OR_1) == []
    claim = page.locator('#lab [data-out="claim"]')
    expect(claim).to_have_text("주장 실패: 필요한 δ(≈ 1 − 1.3 × 10⁻⁷)가 주장한 δ(0)보다 큽니다")
    expect(page.locator('#lab [data-out="max-event"]')).to_have_text("0→1 방향, {0, …, 49}")
    assert log.console_errors == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#lab").screenshot(path=str(SCREENSHOTS / f"lab-k100-{width}.png"))


def test_a_long_fraction_is_one_click_away_and_selects_whole(new_page: Any, site_url: str) -> None:
    page, _ = open_lab(new_page, f"{site_url}{LESSON_PAGE}{K100}", viewport={"width": 390, "height": 900})
    slot = page.locator('#lab [data-out="delta-required"]')
    exact = slot.get_attribute("data-exact")
    assert exact is not None
    assert len(exact) > 100
    fraction = slot.locator(".cl-fraction")
    expect(fraction).to_be_hidden()
    slot.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(fraction).to_be_visible()
    expect(fraction).to_have_text(exact)
    fraction.click()
    assert page.evaluate("() => String(getSelection())") == exact
    assert page.evaluate(OVERFLOWING) == []


CHARTED = (
    "() => [...document.querySelectorAll('[data-lab]')].every((lab) => lab.hasAttribute('data-lab-charted'))"
)

# The smallest font of every chart on the page, in CSS px as drawn: a live chart's SVG text
# (its computed size times the SVG's scale to its box), and a static chart's image (the
# SVG file's font sizes times the image's scale).
SMALLEST_FONTS = """async () => {
  const sizes = [];
  for (const svg of document.querySelectorAll('[data-lab-chart] svg')) {
    const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
    for (const text of svg.querySelectorAll('text')) {
      if (!text.textContent.trim()) continue;
      sizes.push(['live ' + svg.closest('[data-lab-chart]').dataset.labChart,
        parseFloat(getComputedStyle(text).fontSize) * scale]);
    }
  }
  for (const image of document.querySelectorAll('img.cl-chart')) {
    if (!image.getBoundingClientRect().width) continue;  // in a closed step or table view
    const svg = new DOMParser().parseFromString(await (await fetch(image.src)).text(), 'image/svg+xml');
    const scale = image.getBoundingClientRect().width / Number(svg.documentElement.getAttribute('width'));
    for (const text of svg.querySelectorAll('text')) {
      if (!text.textContent.trim()) continue;
      sizes.push([image.getAttribute('src'), parseFloat(text.getAttribute('font-size')) * scale]);
    }
  }
  return sizes;
}"""


@pytest.mark.parametrize("path", LESSON_PAGES)
def test_chart_text_is_at_least_11px_on_a_phone(new_page: Any, site_url: str, path: str) -> None:
    page, _ = new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{site_url}{path}")
    page.wait_for_function(CHARTED)
    sizes = page.evaluate(SMALLEST_FONTS)
    assert {name for name, _ in sizes if name.startswith("live")}, "the lab's charts were measured"
    static = {name for name, _ in sizes if not name.startswith("live")}
    assert len(static) >= (5 if path == LESSON_PAGE else 0), "the static charts were measured"
    small = sorted({(name, round(size, 1)) for name, size in sizes if size < MIN_FONT_PX})
    assert small == []


def test_a_tables_long_values_show_their_fractions_by_one_switch(new_page: Any, site_url: str) -> None:
    """A table of 202 long values has one control, not 202 tab stops: its switch shows every
    fraction of the table, whole, and the table scrolls inside its box."""
    page, _ = open_lab(new_page, f"{site_url}{LESSON_PAGE}{K100}", viewport={"width": 390, "height": 900})
    table = page.locator("#cl-lab-probability")
    cells = table.locator("td[data-exact]")
    assert cells.count() == 202
    first = cells.first
    exact = first.get_attribute("data-exact")
    assert exact is not None
    table.scroll_into_view_if_needed()  # its box is content-visibility: auto (lab.css)
    expect(first).to_have_text(reading(Fraction(exact)), use_inner_text=True)
    stops = "#cl-lab-probability, #cl-lab-probability [tabindex], #cl-lab-probability summary"
    assert page.locator(stops).count() == 1  # the table itself, which scrolls
    switch = page.locator("#lab .cl-exact-switch").first
    switch.locator("input").focus()
    page.keyboard.press("Space")
    expect(first).to_have_text(exact, use_inner_text=True)
    page.add_style_tag(content=".cl-lab-table-wrap { content-visibility: visible; }")
    texts = cells.evaluate_all("(cells) => cells.map((c) => [c.dataset.exact, c.innerText])")
    long = [(exact, text) for exact, text in texts if len(exact) > SHORT_CHARS]
    assert len(long) > 150
    assert all(text == exact for exact, text in long)
    assert page.evaluate(OVERFLOWING) == []


# Every run of Hangul in the article's text whose box takes more than one line: a word that the
# browser broke in the middle. Text inside math, code, the lab's and the charts' markup is left out.
SPLIT_WORDS = r"""() => {
  const root = document.querySelector('article');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => node.parentElement.closest('.katex, code, pre, svg, script, style, [data-lab]')
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const found = [];
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.getClientRects().length) continue;  // a closed step or drawer
    for (const match of node.data.matchAll(/[가-힣]{2,}/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top)));
      if (lines.size > 1) found.push(match[0]);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("slug", sorted(lessons()))
def test_no_korean_word_is_split_across_lines_on_a_phone(new_page: Any, site_url: str, slug: str) -> None:
    page, _ = new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{site_url}lessons/{slug}.html")
    for toggle in page.locator("article details:not([open]) > summary").all():
        if toggle.is_visible():
            toggle.click()  # the solutions too
    assert page.evaluate(SPLIT_WORDS) == []


TEXT_ALIGNMENTS = """() => Array.from(document.querySelectorAll('article table.cl-text-table td'),
  (cell) => getComputedStyle(cell).textAlign)"""


@pytest.mark.parametrize("path", ["index.html", "glossary.html"])
def test_tables_of_text_read_from_the_left(new_page: Any, site_url: str, path: str) -> None:
    page, _ = new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{site_url}{path}")
    alignments = page.evaluate(TEXT_ALIGNMENTS)
    assert len(alignments) >= 10, "the page's tables were measured"
    assert set(alignments) == {"left"}
