"""Every lab on its lesson page in Debian chromium, by one test body over all labs.

What the fake DOM cannot show is checked here, in a real browser: the bundle loads and mounts
the lab with no console error and no request off the site; opening the address of every
preset and of sampled states (the golden vectors' pages) shows, slot by slot, what Python
renders for that state; the live charts draw; and the keyboard steps a number field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.course.lab import Lab
from generator.course.lessons import Lesson, lessons
from generator.course.shown import slot_selector
from tests.harness.html import SLOT_FORM_JS, parse, slot_form

# Every slot of a lab at once, in the form of tests/harness/html.py.
SLOTS_FORM_JS = f"""(root, selectors) => {{
  const form = {SLOT_FORM_JS};
  return Object.fromEntries(selectors.map((selector) => [selector, form(root.querySelector(selector))]));
}}"""

pytestmark = pytest.mark.browser

LABS: list[tuple[Lesson, Lab[Any, Any]]] = [
    (lesson, lab) for lesson in lessons().values() for lab in lesson.labs
]
IDS = [f"{lesson.slug}-{lab.name}" for lesson, lab in LABS]


def _golden(folder: Path, lesson: Lesson, lab: Lab[Any, Any]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / lesson.golden_name(lab)).read_text(encoding="utf-8"))
    return data


OPEN_IN_PLACE = """([query, id]) => {
  const link = document.createElement('a');
  link.href = '?' + query + '#' + id;
  link.textContent = 'open';
  document.querySelector('article, main, body').appendChild(link);
  link.click();
  link.remove();
}"""


def _wait_until_shown(page: Any) -> None:
    page.wait_for_function("() => document.querySelector('[data-lab][data-lab-mounted]') !== null")


@pytest.mark.parametrize(("lesson", "lab"), LABS, ids=IDS)
def test_every_address_shows_what_python_renders(
    lesson: Lesson, lab: Lab[Any, Any], new_page: Any, site_url: str, golden_folder: Path
) -> None:
    golden = _golden(golden_folder, lesson, lab)
    slots = list(golden["samples"][0]["view"])
    page, log = new_page()
    page.goto(f"{site_url}lessons/{lesson.slug}.html")
    _wait_until_shown(page)
    root = page.locator(f"#{lab.root_id}")
    for rendered in golden["pages"]:
        # A link to the lab on its page opens the state in place, as a card's link does.
        sequence = root.get_attribute("data-lab-sequence")
        page.evaluate(OPEN_IN_PLACE, [rendered["query"], lab.root_id])
        page.wait_for_function(
            "([id, seen]) => document.getElementById(id).getAttribute('data-lab-sequence') !== seen",
            arg=[lab.root_id, sequence],
        )
        assert root.get_attribute("data-lab-stale") is None, rendered["query"]
        assert page.evaluate("() => location.search") == "?" + rendered["query"]
        want = parse(rendered["html"])
        selectors = [slot_selector(name) for name in slots]
        shown = root.evaluate(SLOTS_FORM_JS, selectors)
        for name, selector in zip(slots, selectors, strict=True):
            expected = want.css_first(selector)
            assert expected is not None, name
            assert shown[selector] == slot_form(expected), f"{rendered['query']}: {name}"
    assert log.console_errors == []
    assert log.page_errors == []
    assert log.foreign_requests(site_url) == []


@pytest.mark.parametrize(("lesson", "lab"), LABS, ids=IDS)
def test_the_charts_draw_and_the_keyboard_steps_a_number(
    lesson: Lesson, lab: Lab[Any, Any], new_page: Any, site_url: str
) -> None:
    page, log = new_page()
    page.goto(f"{site_url}lessons/{lesson.slug}.html")
    _wait_until_shown(page)
    root = page.locator(f"#{lab.root_id}")
    if root.locator("[data-lab-chart]").count():
        page.wait_for_function(
            "(id) => { const r = document.getElementById(id);"
            " return r.getAttribute('data-lab-charted') === r.getAttribute('data-lab-sequence'); }",
            arg=lab.root_id,
        )
        assert root.locator("[data-lab-chart] svg").count() >= 1
    steppers = [field for field in lab.fields if field.widget == "stepper"]
    if steppers:
        field = steppers[0]
        box = root.locator(f'[data-field="{field.name}"] input')
        before, sequence = box.input_value(), root.get_attribute("data-lab-sequence")
        box.focus()
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        page.wait_for_function(
            "([id, seen]) => document.getElementById(id).getAttribute('data-lab-sequence') !== seen",
            arg=[lab.root_id, sequence],
        )
        assert box.input_value() != before or field.limit.read(before) == field.limit.low  # type: ignore[union-attr]
    assert log.console_errors == []
    assert log.page_errors == []


TYPED_WIDGETS = ("stepper", "text")
TYPED = [(lesson, lab) for lesson, lab in LABS if any(field.widget in TYPED_WIDGETS for field in lab.fields)]


@pytest.mark.parametrize(("lesson", "lab"), TYPED, ids=[f"{lesson.slug}-{lab.name}" for lesson, lab in TYPED])
def test_a_bad_value_marks_the_summary_stale_and_no_preset_current(
    lesson: Lesson, lab: Lab[Any, Any], new_page: Any, site_url: str
) -> None:
    page, log = new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{site_url}lessons/{lesson.slug}.html")
    _wait_until_shown(page)
    root = page.locator(f"#{lab.root_id}")
    pressed = root.locator('.cl-lab-preset[aria-pressed="true"]')
    assert pressed.count() == 1, "the page opens at a preset"
    field = next(field for field in lab.fields if field.widget in TYPED_WIDGETS)
    root.locator(f'[data-field="{field.name}"] input').fill("abc")
    stale = "(id) => document.getElementById(id).dataset.labStale === 'input'"
    page.wait_for_function(stale, arg=lab.root_id)
    assert pressed.count() == 0, "no preset holds what the fields say"
    summary = root.locator("[data-lab-summary]")
    if summary.count():
        assert summary.evaluate("(bar) => getComputedStyle(bar).outlineStyle") == "dashed"
    assert log.page_errors == []


def test_the_back_to_top_button_never_covers_the_summary_bar(new_page: Any, site_url: str) -> None:
    page, _ = new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{site_url}lessons/composition.html")
    _wait_until_shown(page)
    # Down past the lab's fields, then up a little: Material shows its button, the bar sticks.
    page.locator("#lab [data-lab-area]").last.scroll_into_view_if_needed()
    page.mouse.wheel(0, 600)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -300)
    button = page.locator(".md-top")
    page.wait_for_function("() => !document.querySelector('.md-top').hidden")
    bar = page.locator("#lab [data-lab-summary]").bounding_box()
    top = button.bounding_box()
    assert bar is not None
    assert top is not None
    assert top["y"] >= bar["y"] + bar["height"] or top["y"] + top["height"] <= bar["y"], (top, bar)
