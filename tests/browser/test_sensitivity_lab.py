"""The noise-mechanism lab in a real browser: what the page shows is what the core computes.

Every check reads the page as a learner sees it (the output slots' text and attributes, the
table of the two laws) and holds it to the Python rendering of the same state (the lesson's
own result template over the view of :data:`generator.lessons.sensitivity.lab.LAB`):

- the default state, before and after the lab mounts;
- every catalogue example opened by its address, and a seeded sample of every mechanism
  opened from the address in the same page (the parity test of this lab);
- a preset, the address round trip and back, the keyboard, the mechanism's ignored fields;
- bad input in every field and URL parameter: the Korean message beside the field, the
  last valid state kept whole, never NaN or Infinity.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from generator.course.templates import environment
from generator.lessons.sensitivity.catalogue import BY_SLUG, DATA
from generator.lessons.sensitivity.lab import FOLDER, LAB, example_texts
from tests.harness.labs import FORBIDDEN, assert_clean, assert_named, assert_refused, from_address
from tests.harness.labs import open_lab as open_harness_lab
from tests.harness.slots import output_slots

pytestmark = pytest.mark.browser

PAGE = "lessons/sensitivity.html"
ROOT = "#sensitivity-lab"
MESSAGES = {f.name: f.messages() for f in LAB.fields}
PARITY_STATES = 30
RESULTS = environment(FOLDER).get_template("results.html").module

Texts = dict[str, str]


def expected(texts: Texts) -> tuple[dict[str, dict[str, Any]], list[list[str]]]:
    """The output slots and the law table's rows (output, P, Q) as Python renders them."""
    view = LAB.view(LAB.record(LAB.read(texts)))
    slots = output_slots(str(RESULTS.results(view)))
    items = view["rows:laws"].items or ()
    rows = [
        [
            item.attrs["data-output"] or "",
            *(cell.attrs["data-exact"] or "" for cell in (item.cells or ())[1:3]),
        ]
        for item in items
    ]
    return slots, rows


def shown(page: Page) -> tuple[dict[str, dict[str, Any]], list[list[str]]]:
    """The output slots and the law table's rows as the page shows them."""
    slots: dict[str, dict[str, Any]] = page.evaluate(
        """(lab) => Object.fromEntries([...document.querySelectorAll(lab + ' [data-out]')].map((el) => [
            el.getAttribute('data-out'),
            {attrs: Object.fromEntries([...el.attributes].filter((a) => a.name.startsWith('data-'))
                .map((a) => [a.name, a.value])),
             text: el.textContent.split(/\\s+/).filter(Boolean).join(' ')}]))""",
        ROOT,
    )
    rows: list[list[str]] = page.evaluate(
        """(lab) => [...document.querySelectorAll(lab + ' [data-lab-rows="laws"] tr')].map((tr) =>
            [tr.getAttribute('data-output'), ...[...tr.querySelectorAll('td[data-exact]')].map((td) =>
            td.getAttribute('data-exact'))])""",
        ROOT,
    )
    return slots, rows


def open_lab(new_page: Any, url: str) -> tuple[Page, Any]:
    return open_harness_lab(new_page, url, ROOT, viewport={"width": 1280, "height": 900})


def query_of(texts: Texts) -> str:
    values, _ = LAB.read_values(texts)
    canonical = LAB.texts_of(values)
    return "&".join(f"{name}={quote(canonical[name], safe=',/')}" for name in LAB.params)


DEFAULT = dict(LAB.default)


def test_the_mounted_default_state_is_the_server_rendering(new_page: Any, site_url: str) -> None:
    page, log = new_page()
    page.route("**/lab/sensitivity.js", lambda route: route.abort())
    page.goto(site_url + PAGE)
    static = shown(page)
    page, log = open_lab(new_page, site_url + PAGE)
    assert shown(page) == static
    assert static == expected(DEFAULT)
    assert static[0]["sensitivity"]["attrs"]["data-value"] == "4"
    assert log.console_errors == []
    assert log.page_errors == []


def test_a_sample_of_every_mechanism_shows_what_the_core_computes(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    assert LAB.golden is not None
    rng = random.Random(LAB.golden.seed)
    examples = [example_texts(example) for example in DATA.catalogue]
    samples = [dict(LAB.golden.sample(rng)) for _ in range(PARITY_STATES)]
    assert {texts["mechanism"] for texts in samples} == {"geometric", "k-ary", "exponential"}
    for index, state in enumerate([*examples, *samples]):
        if index < len(examples):
            page.goto(f"{site_url}{PAGE}?{query_of(state)}{ROOT}", wait_until="domcontentloaded")
            page.wait_for_selector(f"{ROOT}[data-lab-mounted]", state="attached")
        else:
            before = from_address(page, query_of(state), ROOT, ROOT)
            page.wait_for_function(
                "([lab, before]) => document.querySelector(lab).getAttribute('data-lab-sequence') !== before",
                arg=[ROOT, before],
                timeout=10_000,
            )
        assert shown(page) == expected(state), LAB.query(state)
        assert not FORBIDDEN.search(page.locator(ROOT).inner_text()), LAB.query(state)
    assert log.console_errors == []
    assert log.page_errors == []


def test_a_preset_the_address_and_back(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    rr = example_texts(BY_SLUG["rr-2"])
    page.locator(f'{ROOT} [data-preset="{LAB.query(rr)}"]').click()
    expect(page.locator(f'{ROOT} [data-out="eps-pure"]')).to_have_attribute("data-ratio", "3")
    expect(page.locator(f'{ROOT} [data-preset="{LAB.query(rr)}"]')).to_have_attribute("aria-pressed", "true")
    assert shown(page) == expected(rr)
    assert page.evaluate("decodeURIComponent(location.search)") == "?" + LAB.query(rr)
    page.reload()
    page.wait_for_selector(f"{ROOT}[data-lab-mounted]", state="attached")
    assert shown(page) == expected(rr)
    page.go_back()
    expect(page.locator(f'{ROOT} [data-out="sensitivity"]')).to_have_attribute("data-value", "4")
    assert log.page_errors == []


def test_the_keyboard_steps_the_bound_and_the_mechanism_switches_the_fields(
    new_page: Any, site_url: str
) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    bound = page.locator(f"{ROOT} #cl-sensitivity-bound")
    bound.focus()
    page.keyboard.press("ArrowUp")
    expect(bound).to_have_value("3")
    expect(page.locator(f'{ROOT} [data-out="sensitivity"]')).to_have_attribute("data-value", "6")
    lo = page.locator(f"{ROOT} #cl-sensitivity-lo")
    start = int(lo.input_value())
    lo.focus()
    page.keyboard.press("ArrowDown")
    expect(lo).to_have_value(str(start - 1))
    page.keyboard.press("PageUp")
    expect(lo).to_have_value(str(start + 9))
    page.locator(f'{ROOT} input[name="mechanism"][value="exponential"]').check()
    expect(lo).to_be_disabled()
    expect(page.locator(f"{ROOT} #cl-sensitivity-k")).to_be_enabled()
    expect(page.locator(f'{ROOT} [data-error-for="values"]')).to_have_text(MESSAGES["values"]["category"])
    page.fill(f"{ROOT} #cl-sensitivity-values", "0,1,1,3")
    state = {**DEFAULT, "mechanism": "exponential", "bound": "3", "lo": "-11", "values": "0,1,1,3"}
    expect(page.locator(f'{ROOT} [data-out="answers"]')).to_have_attribute("data-value", "1,1")
    assert shown(page) == expected(state)
    assert log.page_errors == []


BAD_INPUT = [
    ("values", "", "empty"),
    ("values", "a,b", "syntax"),
    ("values", "1,2,3,4,5,6,7,8,9,10,11", "count"),
    ("values", "101", "range"),
    ("bound", "0", "range"),
    ("bound", "abc", "syntax"),
    ("alpha0", "2.25", "step"),
    ("alpha0", "<script>alert(1)</script>", "syntax"),
    ("lo", "-10.5", "step"),
    ("lo", "5", "narrow"),
    ("hi", "-20", "order"),
    ("hi", "100", "width"),
    ("tolerance", "61", "range"),
]


def test_bad_input_gets_its_message_and_the_last_state_stays(new_page: Any, site_url: str) -> None:
    """Every bad text of BAD_INPUT, typed in one page (tests/harness/labs.assert_refused)."""
    page, log = open_lab(new_page, site_url + PAGE)
    for field, text, reason in BAD_INPUT:
        assert_refused(page, ROOT, field, text, MESSAGES[field][reason], shown)
    assert shown(page) == expected(DEFAULT)
    assert log.page_errors == []


BAD_ADDRESSES = [
    ("values=&query=sum", "values"),
    ("bound=0", "bound"),
    ("mechanism=laplace", "mechanism"),
    ("lo=%3Cb%3E", "lo"),
    ("lo=8&hi=9", "lo"),
]


def test_a_bad_url_parameter_falls_back_and_is_named(new_page: Any, site_url: str) -> None:
    """Every address of BAD_ADDRESSES, opened in one tab: the notice names the parameter and
    the lab shows the default state."""
    page, log = open_lab(new_page, site_url + PAGE)
    for query, bad in BAD_ADDRESSES:
        assert_named(page, f"{site_url}{PAGE}?{query}", ROOT, bad)
        assert shown(page) == expected(DEFAULT), query
        assert_clean(page, ROOT)
    assert log.page_errors == []
