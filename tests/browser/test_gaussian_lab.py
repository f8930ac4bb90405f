"""The noise mechanisms lab in a real browser: what the page shows is what the core certifies.

The page carries the core's table of the lab's grid and the engine only looks a point up, so
every check holds what the page shows to the core computed afresh here
(:meth:`generator.core.gaussian.GaussianMechanism.epsilon`), not to the table:

- the default state (one Gaussian release), before and after the lab mounts;
- a choice changed by a click: the exact ε and the address follow;
- the live δ-curve chart draws a point per drawn row: fifteen for the default Gaussian, and for
  the Laplace only its δ above 0 (two of five rows);
- a bad address: the Korean notice names the parameter, and its default is shown.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page

from generator.core.gaussian import GaussianMechanism
from tests.harness.labs import open_lab as open_harness_lab

pytestmark = pytest.mark.browser

PAGE = "lessons/gaussian.html"
ROOT = "#gaussian-lab"


def core(sigma: str, sensitivity: str, k: int, delta: Fraction) -> str:
    """The exact ε at δ, certified to three decimals by the core."""
    return GaussianMechanism(Fraction(sensitivity), Fraction(sigma), k).epsilon(delta).decimal


def shown(page: Page, out: str) -> str:
    return page.locator(f'{ROOT} [data-out="{out}"]').get_attribute("data-value") or ""


def open_lab(new_page: Any, url: str) -> tuple[Page, Any]:
    return open_harness_lab(new_page, url, ROOT, viewport={"width": 1280, "height": 900})


def test_the_default_state_and_a_click_show_what_the_core_certifies(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    assert shown(page, "eps-exact") == core("1", "1", 1, Fraction(1, 10**5)) == "4.377"
    assert shown(page, "eps-classic") == ""
    sequence = page.locator(ROOT).get_attribute("data-lab-sequence")
    page.locator(f'{ROOT} [data-field="sigma"] input[value="2"]').check()
    page.wait_for_function(
        "([lab, before]) => document.querySelector(lab).getAttribute('data-lab-sequence') !== before",
        arg=[ROOT, sequence],
    )
    assert shown(page, "eps-exact") == core("2", "1", 1, Fraction(1, 10**5))
    assert "sigma=2" in page.url
    assert log.console_errors == []
    assert log.page_errors == []


def test_a_bad_address_is_named_and_its_default_shown(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, f"{site_url}{PAGE}?mechanism=gaussian&sigma=3&k=10{ROOT}")
    notice = page.locator(f"{ROOT} [data-lab-notice]")
    assert notice.is_visible()
    assert "sigma" in (notice.text_content() or "")
    assert shown(page, "eps-exact") == core("1", "1", 10, Fraction(1, 10**5))
    assert log.page_errors == []


def charted_points(page: Page) -> int:
    """The points of the δ-curve chart once it shows the latest update."""
    page.wait_for_function(
        "(lab) => { const r = document.querySelector(lab);"
        " return r.getAttribute('data-lab-charted') === r.getAttribute('data-lab-sequence'); }",
        arg=ROOT,
    )
    return page.locator(f'{ROOT} [data-lab-chart="delta-curve"] svg g.mark-symbol.role-mark path').count()


def test_the_delta_curve_chart_draws_the_rows_of_the_table(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    assert page.locator(f'{ROOT} [data-out="delta-curve"] tbody tr').count() == 5
    assert charted_points(page) == 15
    page.locator(f'{ROOT} [data-field="mechanism"] input[value="laplace"]').check()
    page.wait_for_function(
        "(lab) => document.querySelector(lab).querySelector('[data-out=\"eps-pure\"]').dataset.value !== ''",
        arg=ROOT,
    )
    assert charted_points(page) == 2
    assert log.console_errors == []
    assert log.page_errors == []
