"""Inputs and results side by side, for every lab: the summary bar, the active preset, the
link to the state, and the terms that link to their explanation.

- While a field low in the form has the focus, the summary bar of key results is on screen
  under the page's header (at 390 and 1280 px), and it repeats the result slots as they read
  (kit/summary.mjs): the verdict, then each exact value's reading.
- The preset that holds the state shown is marked (aria-pressed="true"), and only that one;
  a state no preset holds marks none.
- "Copy the link" puts the address of the state into the clipboard and into its field; that
  address opens the same state. (In a frame and in an LMS: tests/browser/test_embed.py and
  tests/browser/test_scorm_runtime.py.)
- Every result term of a lab links to a heading of its own page, and the link scrolls there.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from generator.course.lab import SCRIPT_TEXTS
from generator.course.templates import reading
from tests.conftest import LESSON_PAGE
from tests.harness.labs import open_lab

pytestmark = pytest.mark.browser

LABS = {"lessons/composition.html": "#lab", "lessons/events.html": "[data-lab]"}
K100 = "mode=fresh&k=100&p=75&alpha=3.0&delta=0&alpha0=3.0"

SUMMARY = """(lab) => [...document.querySelectorAll(lab + ' [data-summary-of]')].map((item) => {
  const slot = document.querySelector(lab + ' [data-out="' + item.dataset.summaryOf + '"]');
  return [item.dataset.summaryOf, item.textContent, slot.dataset.exact ?? null, slot.dataset.value ?? null,
          item.dataset.value ?? null];
})"""


def pressed(page: Page, lab: str = "#lab") -> list[str]:
    return page.evaluate(  # type: ignore[no-any-return]
        "(lab) => [...document.querySelectorAll(lab + ' [data-preset]')]"
        ".filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.preset)",
        lab,
    )


def check_summary(page: Page, lab: str) -> None:
    items = page.evaluate(SUMMARY, lab)
    assert items, "the summary bar has items"
    for name, text, exact, value, item_value in items:
        if name == "claim":
            assert (text, item_value) == (SCRIPT_TEXTS[f"summary-{value}"], value)
        elif exact is not None:
            assert text == reading(Fraction(exact)), name


@pytest.mark.parametrize("width", [390, 1280])
def test_the_key_results_stay_in_view_while_a_field_low_in_the_form_is_edited(
    new_page: Any, site_url: str, width: int
) -> None:
    page, log = open_lab(new_page, f"{site_url}{LESSON_PAGE}", viewport={"width": width, "height": 800})
    bar = page.locator("#lab [data-lab-summary]")
    expect(bar).to_be_visible()
    field = page.locator('#lab [data-field="alpha0"] input')
    field.scroll_into_view_if_needed()
    field.fill("5.7")
    page.locator('#lab [data-field="k"] input').fill("100")
    field.focus()
    field.scroll_into_view_if_needed()
    page.wait_for_function("() => document.getElementById('lab').getAttribute('data-lab-sequence') === '3'")
    box, header = bar.bounding_box(), page.locator(".md-header").bounding_box()
    assert box is not None
    assert header is not None
    field_box = field.bounding_box()
    assert field_box is not None
    assert header["height"] - 1 <= box["y"] <= header["height"] + 1, "held under the header"
    assert box["y"] + box["height"] <= field_box["y"], "above the field, not over it"
    check_summary(page, "#lab")
    expect(page.locator('#lab [data-summary-of="delta-required"]')).to_have_text("≈ 1 − 1.3 × 10⁻⁷")
    assert log.console_errors == []


@pytest.mark.parametrize(("path", "lab"), LABS.items())
def test_each_labs_summary_repeats_its_results(new_page: Any, site_url: str, path: str, lab: str) -> None:
    page, _ = new_page(viewport={"width": 390, "height": 800})
    page.goto(f"{site_url}{path}")
    page.wait_for_selector(f"{lab}[data-lab-mounted]", state="attached")
    check_summary(page, lab)


def test_the_preset_that_holds_the_state_is_marked(new_page: Any, site_url: str) -> None:
    page, _ = open_lab(new_page, f"{site_url}{LESSON_PAGE}")
    presets = page.locator("#lab [data-preset]")
    default = page.locator("#lab").get_attribute("data-default")
    assert pressed(page) == [default]
    page.locator('#lab [data-field="k"] input').fill("7")
    expect(presets.first).to_have_attribute("aria-pressed", "false")
    assert pressed(page) == []
    for index in (2, 4):
        presets.nth(index).click()
        assert pressed(page) == [presets.nth(index).get_attribute("data-preset")]
    page.go_back()
    expect(presets.nth(2)).to_have_attribute("aria-pressed", "true")


def test_copy_link_puts_the_states_address_in_the_clipboard(new_page: Any, site_url: str) -> None:
    page, log = open_lab(
        new_page,
        f"{site_url}{LESSON_PAGE}?{K100}",
        viewport={"width": 390, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    page.locator('#lab [data-field="p"] input').fill("90")
    page.locator("#lab [data-lab-copy]").click()
    status = page.locator("#lab [data-lab-copy-status]")
    expect(status).to_have_text(SCRIPT_TEXTS["link-copied"])
    expected = f"{site_url}{LESSON_PAGE}?{K100.replace('p=75', 'p=90')}"
    assert page.evaluate("navigator.clipboard.readText()") == expected
    expect(page.locator("#lab [data-lab-link]")).to_have_value(expected)
    page.locator('#lab [data-field="k"] input').fill("99")
    expect(page.locator("#lab [data-lab-link]")).to_have_value(expected.replace("k=100", "k=99"))
    expect(status).to_have_text("")
    copied = page.locator("#lab [data-out]").evaluate_all(
        "(slots) => slots.map((s) => [s.dataset.out, s.dataset.exact ?? s.textContent])"
    )
    other, _ = open_lab(new_page, expected.replace("k=100", "k=99"))
    assert (
        other.locator("#lab [data-out]").evaluate_all(
            "(slots) => slots.map((s) => [s.dataset.out, s.dataset.exact ?? s.textContent])"
        )
        == copied
    )
    assert log.console_errors == []


@pytest.mark.parametrize(("path", "lab"), LABS.items())
def test_every_result_term_links_to_its_explanation_on_the_page(
    new_page: Any, site_url: str, path: str, lab: str
) -> None:
    page, _ = new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{site_url}{path}")
    page.wait_for_selector(f"{lab}[data-lab-mounted]", state="attached")
    links = page.locator(f"{lab} dt a")
    targets = links.evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    slots = page.locator(f"{lab} dd[data-out]").count()
    assert len(targets) >= slots - 2, "nearly every result explains itself"
    for target in sorted(set(targets)):
        assert target.startswith("#")
        heading = page.locator(target)
        expect(heading).to_have_count(1)
        assert heading.evaluate("(el) => /^H[2-4]$/.test(el.tagName)"), target
    links.first.click()
    assert page.evaluate("location.hash") == targets[0]
    expect(page.locator(targets[0])).to_be_in_viewport()
