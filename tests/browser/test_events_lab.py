"""The events lab in a real browser: what the page shows is what the core computes.

Every check reads the page as a learner sees it (the output slots' text and attributes)
and holds it to the Python rendering of the same state (the lesson's own result
templates over :func:`generator.lessons.events.records.state_record`):

- the default state, before and after the lab mounts;
- a seeded sample of the lab's domain, opened by URL (the parity test of this lab);
- typing, ticking and presets, with the address following;
- bad input in every field and URL parameter: the Korean message beside the field, the
  last valid state kept whole, never NaN or Infinity.
"""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from generator.course.lab_fields import SCRIPT_TEXTS
from generator.course.templates import environment
from generator.lessons.events import golden
from generator.lessons.events.catalogue import BY_SLUG, CATALOGUE
from generator.lessons.events.data import FILE
from generator.lessons.events.lab_page import EVENT_FIELD, FIELDS, lab_query, view
from generator.lessons.events.lab_state import LabState, read_state
from generator.lessons.events.records import state_record
from tests.harness.slots import output_slots

pytestmark = pytest.mark.browser

PAGE = "lessons/events.html"
LAB = "#events-lab"
MESSAGES = {field.name: field.messages() for field in (*FIELDS, EVENT_FIELD)}
FORBIDDEN = re.compile(r"NaN|Infinity|undefined")
PARITY_STATES = 40
RESULTS = environment(FILE.path.parent).get_template("results.html").module


def expected_slots(state: LabState) -> dict[str, dict[str, Any]]:
    """The output slots of a state as the Python templates render them."""
    record = state_record(state.channel(), state.alpha, state.delta, state.event)
    shown = view(record)
    html = str(RESULTS.event_results(record, shown["event_verdict"])) + str(
        RESULTS.all_events(record, shown["verdict"], shown["max_event"], shown["epsilon"])
    )
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
    page, log = new_page(viewport={"width": 1280, "height": 900})
    page.goto(url)
    page.wait_for_selector(f"{LAB}[data-lab-mounted]", state="attached")
    return page, log


def query_of(texts: dict[str, str]) -> str:
    return "&".join(
        f"{name}={quote(texts[name], safe=',/')}"
        for name in ("weights0", "weights1", "alpha", "delta", "event")
    )


def test_the_mounted_default_state_is_the_server_rendering(new_page: Any, site_url: str) -> None:
    page, log = new_page()
    page.route("**/lab/events.js", lambda route: route.abort())
    page.goto(site_url + PAGE)
    static = shown_slots(page)
    page, log = open_lab(new_page, site_url + PAGE)
    assert shown_slots(page) == static
    default = read_state(dict(pair.split("=", 1) for pair in lab_query(BY_SLUG["three"]).split("&")))
    assert isinstance(default, LabState)
    assert static == expected_slots(default)
    assert log.console_errors == []
    assert log.page_errors == []


def _sample_states() -> list[dict[str, str]]:
    rng = random.Random(golden.SEED)
    return [golden.sample_case(rng)["texts"] for _ in range(PARITY_STATES)]


# A state reached from the address without loading the page again: the entry goes into the
# history and the lab reads it as on back or forward, by the same reader it mounts with.
_FROM_ADDRESS = """([query, lab]) => {
  const before = document.querySelector(lab).getAttribute('data-lab-sequence');
  history.pushState(null, '', '?' + query + lab);
  window.dispatchEvent(new PopStateEvent('popstate'));
  return before;
}"""


def test_a_sample_of_the_domain_shows_what_the_core_computes(new_page: Any, site_url: str) -> None:
    """Each catalogue example is opened by loading its address; the seeded sample is opened
    from the address in the same page (each load of the page costs about a second)."""
    page, log = open_lab(new_page, site_url + PAGE)
    examples = [dict(pair.split("=", 1) for pair in lab_query(e).split("&")) for e in CATALOGUE]
    for index, texts in enumerate([*examples, *_sample_states()]):
        state = read_state(texts)
        assert isinstance(state, LabState), texts
        if index < len(examples):
            page.goto(f"{site_url}{PAGE}?{query_of(texts)}{LAB}", wait_until="domcontentloaded")
            page.wait_for_selector(f"{LAB}[data-lab-mounted]", state="attached")
        else:
            before = page.evaluate(_FROM_ADDRESS, [query_of(texts), LAB])
            page.wait_for_function(
                "([lab, before]) => document.querySelector(lab).getAttribute('data-lab-sequence') !== before",
                arg=[LAB, before],
            )
        assert shown_slots(page) == expected_slots(state), texts
        assert not FORBIDDEN.search(page.locator(LAB).inner_text()), texts
    assert log.console_errors == []
    assert log.page_errors == []


def test_typing_ticking_and_presets_update_the_outputs_and_the_address(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    page.fill(f"{LAB} #cl-events-weights0", "1,3")
    page.fill(f"{LAB} #cl-events-weights1", "0,4")
    # outputs 2 no longer exists; its box (unticked) is hidden, the event {0, 1} stays valid
    expect(page.locator(f'{LAB} label[data-output="2"]')).to_be_hidden()
    state = read_state({"weights0": "1,3", "weights1": "0,4", "alpha": "3.0", "delta": "0", "event": "0,1"})
    assert isinstance(state, LabState)
    assert shown_slots(page) == expected_slots(state)
    page.locator(f'{LAB} input[name="event"][value="1"]').uncheck()
    state = read_state({"weights0": "1,3", "weights1": "0,4", "alpha": "3.0", "delta": "0", "event": "0"})
    assert isinstance(state, LabState)
    expect(page.locator(f'{LAB} [data-out="event-delta"]')).to_have_attribute("data-exact", "1/4")
    assert shown_slots(page) == expected_slots(state)
    assert page.evaluate("location.search") == "?weights0=1,3&weights1=0,4&alpha=3.0&delta=0&event=0"
    page.locator(f'{LAB} [data-preset="{lab_query(BY_SLUG["one-of-ten"])}"]').click()
    expect(page.locator(f'{LAB} [data-out="delta-required"]')).to_have_attribute("data-exact", "1/10")
    page.go_back()
    expect(page.locator(f'{LAB} [data-out="event-delta"]')).to_have_attribute("data-exact", "1/4")
    assert log.console_errors == []
    assert log.page_errors == []


BAD_INPUT = [
    ("weights0", "", "empty"),
    ("weights0", "9,,1", "syntax"),
    ("weights0", "a,b", "syntax"),
    ("weights0", "0,0,0", "zero-sum"),
    ("weights0", "1,2,3,4,5,6,7,8,9", "count"),
    ("weights0", "<script>alert(1)</script>", "syntax"),
    ("weights1", "1,6", "mismatch"),
    ("weights1", "1000001,1,1", "range"),
    ("alpha", "0.5", "range"),
    ("alpha", "3.05", "step"),
    ("alpha", "NaN", "syntax"),
    ("delta", "2", "range"),
    ("delta", "", "empty"),
]


@pytest.mark.parametrize(("field", "text", "reason"), BAD_INPUT)
def test_bad_input_gets_its_message_and_the_last_state_stays(
    new_page: Any, site_url: str, field: str, text: str, reason: str
) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    before = shown_slots(page)
    page.fill(f"{LAB} #cl-events-{field}", text)
    error = page.locator(f'{LAB} [data-error-for="{field}"]')
    expect(error).to_have_text(MESSAGES[field][reason])
    expect(page.locator(LAB)).to_have_attribute("data-lab-stale", "input")
    assert shown_slots(page) == before
    assert not FORBIDDEN.search(page.locator(LAB).inner_text())
    assert page.locator("script:not([src])").filter(has_text="alert(1)").count() == 0
    assert log.page_errors == []


@pytest.mark.parametrize(
    ("query", "bad"),
    [
        ("weights0=9,6,1&weights1=1,6,9&alpha=3.0&delta=0&event=0,5", "event"),
        ("weights0=x&weights1=1,6,9&alpha=3.0&delta=0&event=0", "weights0"),
        ("weights0=9,6,1&weights1=1,6&alpha=3.0&delta=0&event=0", "weights1"),
        ("weights0=9,6,1&weights1=1,6,9&alpha=1e3&delta=0&event=0", "alpha"),
    ],
)
def test_a_bad_url_parameter_falls_back_and_is_named(
    new_page: Any, site_url: str, query: str, bad: str
) -> None:
    page, log = open_lab(new_page, f"{site_url}{PAGE}?{query}")
    notice = page.locator(f"{LAB} [data-lab-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(bad)
    assert SCRIPT_TEXTS["bad-url"].split("(")[0] in notice.inner_text()
    assert not FORBIDDEN.search(page.locator(LAB).inner_text())
    assert log.page_errors == []
