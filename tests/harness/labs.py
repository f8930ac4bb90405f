"""What every lab's browser test does: open a page at a lab mounted, reach a state from the
address without a reload (as Back and Forward do), and look for text no exact value shows."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

# Text that a float or a missing value would leave on a page; no exact value reads so.
FORBIDDEN = re.compile(r"NaN|Infinity|undefined")


def open_lab(new_page: Any, url: str, lab: str = "#lab", **options: Any) -> tuple[Page, Any]:
    """A new page (``options`` for its context) at ``url``, once the lab ``lab`` (a selector)
    has mounted; with the page's console and error log."""
    page, log = new_page(**options)
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
