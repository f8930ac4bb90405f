"""What every lab's browser test does: open a page at a lab mounted, reach a state from the
address without a reload (as Back and Forward do), look for text no exact value shows or
typed markup that ran, and type a lab's bad inputs one after another into one page
(:func:`assert_refused`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import Page, expect

from generator.course.lab import SCRIPT_TEXTS

# Text that a float or a missing value would leave on a page; no exact value reads so.
FORBIDDEN = re.compile(r"NaN|Infinity|undefined")


def open_lab(new_page: Any, url: str, lab: str = "#lab", **options: Any) -> tuple[Page, Any]:
    """A new page (``options`` for its context) at ``url``, once the lab ``lab`` (a selector)
    has mounted; with the page's console and error log. Typed markup that ran would call
    ``alert``: the page records it as ``window.__alerted`` (:func:`assert_clean`), never shows it."""
    page, log = new_page(**options)
    page.add_init_script("window.alert = () => { window.__alerted = true; };")
    page.goto(url)
    page.wait_for_selector(f"{lab}[data-lab-mounted]", state="attached")
    return page, log


# The address set to ``?query`` + ``hash`` with a popstate, as Back and Forward do; returns the
# lab's update count before it (``lab``: the lab's selector), to wait for the next one.
_FROM_ADDRESS = """([query, hash, lab]) => {
  const before = document.querySelector(lab).getAttribute('data-lab-sequence');
  history.pushState(null, '', '?' + query + hash);
  window.dispatchEvent(new PopStateEvent('popstate'));
  return before;
}"""


def from_address(page: Page, query: str, hash: str, lab: str) -> str:
    """Reach the state of ``query`` from the address, without loading the page again."""
    before: str = page.evaluate(_FROM_ADDRESS, [query, hash, lab])
    return before


def assert_clean(page: Page, lab: str) -> None:
    """No NaN, Infinity or undefined in the lab's text, and no typed markup became an element
    or ran (:func:`open_lab` records a call of ``alert`` as ``window.__alerted``)."""
    text = page.locator(lab).inner_text()
    assert not FORBIDDEN.search(text), text
    assert page.locator("img[src='x']").count() == 0
    assert page.locator("script:not([src])").filter(has_text="alert(1)").count() == 0
    assert page.evaluate("window.__alerted === undefined")


def address(page: Page) -> tuple[str, str]:
    """The page's query (decoded) and fragment."""
    found: list[str] = page.evaluate("[decodeURIComponent(location.search), location.hash]")
    return found[0], found[1]


def assert_refused(
    page: Page,
    lab: str,
    field: str,
    text: str,
    message: str,
    shown: Callable[[Page], Any],
    beside: str | None = None,
    others: Sequence[Callable[[Page], Any]] = (),
) -> None:
    """Types ``text`` into the lab's text field ``field`` (the input of that name): ``message``
    shows beside ``beside`` (the field itself unless a rule of the state names another),
    described by it and marked invalid; the lab is stale; it (read by ``shown``), the rest of the
    page (read by each of ``others``) and the address show what they showed, and nothing typed
    shows or runs. Then the field's good text typed back hides the message and the lab shows
    the same state again."""
    beside = beside or field
    before, others_before, where = shown(page), [other(page) for other in others], address(page)
    box = page.locator(f'{lab} input[type="text"][name="{field}"]')
    good = box.input_value()
    box.fill(text)
    error = page.locator(f'{lab} [data-error-for="{beside}"]')
    expect(error).to_have_text(message)
    expect(error).to_be_visible()
    described = page.locator(f'{lab} input[type="text"][name="{beside}"]')
    assert str(error.get_attribute("id")) in str(described.get_attribute("aria-describedby")), (field, text)
    expect(described).to_have_attribute("aria-invalid", "true")
    expect(page.locator(lab)).to_have_attribute("data-lab-stale", "input")
    assert shown(page) == before, (field, text)
    assert [other(page) for other in others] == others_before, (field, text)
    assert address(page) == where, (field, text)
    assert_clean(page, lab)
    box.fill(good)
    expect(error).to_be_hidden()
    expect(page.locator(lab)).not_to_have_attribute("data-lab-stale", "input")
    assert shown(page) == before, (field, text)


def assert_named(page: Page, url: str, lab: str, bad: str) -> None:
    """Opens ``url`` in the page's tab: once the lab ``lab`` has mounted, its notice shows and
    names ``bad`` (the parameters it could not use) in the kit's own sentence."""
    page.goto(url)
    page.wait_for_selector(f"{lab}[data-lab-mounted]", state="attached")
    notice = page.locator(f"{lab} [data-lab-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(bad)
    assert SCRIPT_TEXTS["bad-url"].split("(")[0] in notice.inner_text(), url
