"""The optimal-composition lab in a real browser: what the page shows is what the core computes.

Every check reads the page as a learner sees it (the output slots' text and attributes)
and holds it to the Python rendering of the same state (the lesson's own result template
over the lab's record and view, :mod:`generator.lessons.optimal.lab`):

- the default state, before and after the lab mounts;
- every catalogue example opened by its address, and a seeded sample of both modes opened
  from the address in the same page (the parity test of this lab);
- a preset, the address round trip and back, the keyboard, the mixed mode;
- bad input in every field and URL parameter: the Korean message beside the field, the
  last valid state kept whole, never NaN or Infinity.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from generator.course.templates import environment
from generator.lessons.optimal.catalogue import BY_SLUG, DATA
from generator.lessons.optimal.lab import DEFAULT, FOLDER, example_texts, sample
from generator.lessons.optimal.lab import LAB as OPTIMAL
from tests.harness.labs import FORBIDDEN, assert_clean, assert_named, assert_refused, from_address
from tests.harness.labs import open_lab as open_harness_lab
from tests.harness.slots import output_slots

pytestmark = pytest.mark.browser

PAGE = "lessons/optimal.html"
LAB = "#optimal-lab"
MESSAGES = {field.name: field.messages() for field in OPTIMAL.fields}
PARITY_STATES = 30
RESULTS: Any = environment(FOLDER).get_template("results.html").module
Texts = Mapping[str, str]


def expected_slots(texts: Texts) -> dict[str, dict[str, Any]]:
    """The output slots of a state as the Python template renders them. At k = 1 000 an exact
    value may have more than CPython's 4 300 digits, which the template's readings parse back
    (our own values, not hostile input), so the limit is lifted while they render."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        html = str(RESULTS.answers(OPTIMAL.view(OPTIMAL.record(OPTIMAL.read(texts)))))
    finally:
        sys.set_int_max_str_digits(limit)
    return output_slots(html)


def shown_slots(page: Page) -> dict[str, dict[str, Any]]:
    """The output slots of the lab as the page shows them."""
    slots: dict[str, dict[str, Any]] = page.evaluate(
        """(lab) => Object.fromEntries([...document.querySelectorAll(lab + ' [data-out]')].map((el) => [
            el.getAttribute('data-out'),
            {attrs: Object.fromEntries([...el.attributes].filter((a) => a.name.startsWith('data-'))
                .map((a) => [a.name, a.value])),
             text: el.textContent.split(/\\s+/).filter(Boolean).join(' ')}]))""",
        LAB,
    )
    return slots


def open_lab(new_page: Any, url: str) -> tuple[Page, Any]:
    return open_harness_lab(new_page, url, LAB, viewport={"width": 1280, "height": 900})


def query_of(texts: Texts) -> str:
    return OPTIMAL.query(texts)


def test_the_mounted_default_state_is_the_server_rendering(new_page: Any, site_url: str) -> None:
    page, log = new_page()
    page.route("**/lab/optimal.js", lambda route: route.abort())
    page.goto(site_url + PAGE)
    static = shown_slots(page)
    page, log = open_lab(new_page, site_url + PAGE)
    assert shown_slots(page) == static
    assert static == expected_slots(DEFAULT)
    assert static["eps-optimal"]["attrs"]["data-value"] == "4.072"
    assert log.console_errors == []
    assert log.page_errors == []


def test_a_sample_of_both_modes_shows_what_the_core_computes(new_page: Any, site_url: str) -> None:
    """Each catalogue example is opened by loading its address; the seeded sample (both modes,
    k up to 1 000) from the address in the same page."""
    page, log = open_lab(new_page, site_url + PAGE)
    assert OPTIMAL.golden is not None
    rng = random.Random(OPTIMAL.golden.seed)
    examples = [example_texts(example) for example in DATA.catalogue]
    samples = [sample(rng) for _ in range(PARITY_STATES)]
    assert {texts["mode"] for texts in samples} == {"same", "mixed"}
    for index, state in enumerate([*examples, *samples]):
        if index < len(examples):
            page.goto(f"{site_url}{PAGE}?{query_of(state)}{LAB}", wait_until="domcontentloaded")
            page.wait_for_selector(f"{LAB}[data-lab-mounted]", state="attached")
        else:
            before = from_address(page, query_of(state), LAB, LAB)
            page.wait_for_function(
                "([lab, before]) => document.querySelector(lab).getAttribute('data-lab-sequence') !== before",
                arg=[LAB, before],
                timeout=10_000,
            )
        assert shown_slots(page) == expected_slots(state), query_of(state)
        assert not FORBIDDEN.search(page.locator(LAB).inner_text()), query_of(state)
    assert log.console_errors == []
    assert log.page_errors == []


def test_a_preset_the_address_and_back(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    hand = example_texts(BY_SLUG["hand"])
    page.locator(f'{LAB} [data-preset="{query_of(hand)}"]').click()
    expect(page.locator(f'{LAB} [data-out="eps-optimal"]')).to_have_attribute("data-alpha", "9")
    expect(page.locator(f'{LAB} [data-preset="{query_of(hand)}"]')).to_have_attribute("aria-pressed", "true")
    assert shown_slots(page) == expected_slots(hand)
    address = page.evaluate("decodeURIComponent(location.search)")
    assert address == "?" + query_of(hand)
    page.reload()
    page.wait_for_selector(f"{LAB}[data-lab-mounted]", state="attached")
    assert shown_slots(page) == expected_slots(hand)
    page.go_back()
    expect(page.locator(f'{LAB} [data-out="eps-optimal"]')).to_have_attribute("data-value", "4.072")
    assert log.console_errors == []
    assert log.page_errors == []


def test_the_keyboard_steps_k_and_the_mode_switches_the_fields(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    k = page.locator(f"{LAB} #cl-optimal-k")
    k.focus()
    page.keyboard.press("ArrowUp")
    expect(k).to_have_value("101")
    expect(page.locator(f'{LAB} [data-out="support-size"]')).to_have_attribute("data-value", "102")
    page.keyboard.press("PageUp")
    expect(k).to_have_value("111")
    page.locator(f'{LAB} input[name="mode"][value="mixed"]').check()
    expect(k).to_be_disabled()
    steps = page.locator(f"{LAB} #cl-optimal-steps")
    expect(steps).to_be_enabled()
    steps.fill("3:0, 3:0")
    state = {**DEFAULT, "mode": "mixed", "k": "111", "steps": "3:0,3:0"}
    expect(page.locator(f'{LAB} [data-out="support-size"]')).to_have_attribute("data-value", "3")
    assert shown_slots(page) == expected_slots(state)
    assert log.page_errors == []


def test_an_update_at_k_1000_in_the_browser(new_page: Any, site_url: str) -> None:
    """k = 1 000 at α₀ = 1.1: the page shows the core's values (the time it took is printed)."""
    page, log = open_lab(new_page, site_url + PAGE)
    spent = page.evaluate(
        """(lab) => { const input = document.querySelector(lab + ' #cl-optimal-k');
          const start = performance.now(); input.value = '1000';
          input.dispatchEvent(new Event('input', {bubbles: true})); return performance.now() - start; }""",
        LAB,
    )
    print(f"\nan update at k = 1 000: {spent:.0f} ms")
    assert shown_slots(page) == expected_slots({**DEFAULT, "k": "1000"})
    assert log.page_errors == []


BAD_INPUT = [
    ("alpha0", "", "empty"),
    ("alpha0", "abc", "syntax"),
    ("alpha0", "0.5", "range"),
    ("alpha0", "1.0005", "step"),
    ("delta0", "1", "range"),
    ("delta0", "-0.1", "syntax"),
    ("k", "1001", "range"),
    ("k", "2.5", "step"),
    ("delta", "0", "range"),
    ("delta", "1e", "syntax"),
    ("delta", "<script>alert(1)</script>", "syntax"),
]


def test_bad_input_gets_its_message_and_the_last_state_stays(new_page: Any, site_url: str) -> None:
    """Every bad text of BAD_INPUT, typed in one page (tests/harness/labs.assert_refused)."""
    page, log = open_lab(new_page, site_url + PAGE)
    for field, text, reason in BAD_INPUT:
        assert_refused(page, LAB, field, text, MESSAGES[field][reason], shown_slots)
    assert log.page_errors == []


BAD_STEPS = [(",".join(["2:0"] * 13), "count"), ("2;0", "syntax"), ("2:1", "range"), ("", "empty")]


def test_a_bad_list_of_steps_in_mode_mixed(new_page: Any, site_url: str) -> None:
    """Every bad list of BAD_STEPS, typed in one page in mode mixed."""
    page, log = open_lab(new_page, site_url + PAGE)
    page.locator(f'{LAB} input[name="mode"][value="mixed"]').check()
    expect(page.locator(LAB)).not_to_have_attribute("data-lab-stale", "input")
    for text, reason in BAD_STEPS:
        assert_refused(page, LAB, "steps", text, MESSAGES["steps"][reason], shown_slots)
    assert log.page_errors == []


BAD_ADDRESSES = [
    ("alpha0=1.1&delta0=1&k=100&delta=0.00001", "delta0"),
    ("alpha0=1.1&delta0=0&k=100&delta=0", "delta"),
    ("mode=mixed&steps=" + ",".join(["2:0"] * 13) + "&delta=0.1", "steps"),
    ("alpha0=x&delta0=0&k=100&delta=0.00001", "alpha0"),
    ("mode=both&k=100", "mode"),
]


def test_a_bad_url_parameter_falls_back_and_is_named(new_page: Any, site_url: str) -> None:
    """Every address of BAD_ADDRESSES, opened in one tab: the notice names the parameter."""
    page, log = open_lab(new_page, site_url + PAGE)
    for query, bad in BAD_ADDRESSES:
        assert_named(page, f"{site_url}{PAGE}?{query}", LAB, bad)
        assert_clean(page, LAB)
    assert log.page_errors == []
