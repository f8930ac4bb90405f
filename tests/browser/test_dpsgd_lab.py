"""The DP-SGD accountant lab in a real browser: what the page shows is what the core certifies.

The page carries the core's table of the lab's grid and the engine only looks a point up, so
every check holds what the page shows to the core computed afresh here
(:func:`generator.core.subsampled_rdp.rdp_epsilon`), not to the table:

- the default state (Abadi et al.'s example), before and after the lab mounts;
- a choice changed by a click: both RDP ε, their orders and the address follow;
- a bad address: the Korean notice names the parameter, and its default is shown.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page

from generator.core.fields import parse_rational
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.core.subsampled_rdp import Conversion, rdp_epsilon
from tests.harness.labs import open_lab as open_harness_lab

pytestmark = pytest.mark.browser

PAGE = "lessons/dpsgd.html"
ROOT = "#dpsgd-lab"


def core(texts: dict[str, str], conversion: Conversion) -> tuple[str, str]:
    """The certified RDP ε (four decimals) and its order, computed by the core."""
    mechanism = SubsampledGaussian(parse_rational(texts["rate"]), parse_rational(texts["sigma"]))
    found = rdp_epsilon(mechanism, int(texts["steps"]), parse_rational(texts["delta"]), conversion)
    shown = found.epsilon.decimal(4)
    assert shown is not None
    return shown, str(found.order)


def shown(page: Page, out: str) -> tuple[str, str]:
    slot = page.locator(f'{ROOT} [data-out="{out}"]')
    return slot.get_attribute("data-value") or "", slot.get_attribute("data-order") or ""


def open_lab(new_page: Any, url: str) -> tuple[Page, Any]:
    return open_harness_lab(new_page, url, ROOT, viewport={"width": 1280, "height": 900})


ABADI = {"rate": "0.01", "sigma": "4", "steps": "10000", "delta": "1e-5"}


def test_the_default_state_and_a_click_show_what_the_core_certifies(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    assert shown(page, "eps-rdp") == core(ABADI, Conversion.IMPROVED) == ("1.0355", "17")
    assert shown(page, "eps-rdp-classic") == core(ABADI, Conversion.CLASSIC)
    sequence = page.locator(ROOT).get_attribute("data-lab-sequence")
    page.locator(f'{ROOT} [data-field="sigma"] input[value="1"]').check()
    page.wait_for_function(
        "([lab, before]) => document.querySelector(lab).getAttribute('data-lab-sequence') !== before",
        arg=[ROOT, sequence],
    )
    changed = {**ABADI, "sigma": "1"}
    assert shown(page, "eps-rdp") == core(changed, Conversion.IMPROVED)
    assert shown(page, "eps-rdp-classic") == core(changed, Conversion.CLASSIC)
    assert Fraction(shown(page, "eps-rdp")[0]) > Fraction("1.0355")
    assert "sigma=1" in page.url
    assert log.console_errors == []
    assert log.page_errors == []


def test_a_bad_address_is_named_and_its_default_shown(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, f"{site_url}{PAGE}?rate=0.5&sigma=2&steps=1000&delta=1e-6{ROOT}")
    notice = page.locator(f"{ROOT} [data-lab-notice]")
    assert notice.is_visible()
    assert "rate" in (notice.text_content() or "")
    expected = {"rate": "0.01", "sigma": "2", "steps": "1000", "delta": "1e-6"}
    assert shown(page, "eps-rdp") == core(expected, Conversion.IMPROVED)
    assert log.page_errors == []
