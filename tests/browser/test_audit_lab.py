"""The auditing lab in a real browser: what the page shows is what the core computes.

The page carries the core's tables of the rates' and the plans' grids, and the browser proves
the counts' bounds itself, so every check holds what the page shows to the core computed afresh
here (:class:`generator.core.tradeoff.FreshTradeoff`, :func:`generator.lessons.audit.records.audit_record`
over :func:`generator.core.audit.audit`, :func:`generator.core.trials_needed.trials_needed`):

- the default state (one response at α₀ = 3, a thousand trials each way), after the lab mounts;
- a choice changed by a click (k = 3): the exact rates, the least trials and the address follow;
- counts typed freely (n up to 100 000): the bounds and ε_audit follow, and a count that is no
  integer gets its Korean message while the last good state stays;
- a bad address: the Korean notice names the parameter, and its default is shown; a count above
  the trials is refused beside it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from generator.core.rational import fraction_str
from generator.core.tradeoff import FreshTradeoff
from generator.core.trials_needed import AuditPlan, trials_needed
from generator.lessons.audit.records import audit_record
from tests.harness.labs import open_lab as open_harness_lab

pytestmark = pytest.mark.browser

PAGE = "lessons/audit.html"
ROOT = "#audit-lab"
LEVEL = Fraction(1, 20)  # confidence 0.95


def rates(alpha0: int, k: int, threshold: int) -> tuple[str, str, str]:
    test = FreshTradeoff(Fraction(alpha0), k).threshold_test(threshold)
    return fraction_str(test.fpr), fraction_str(test.tpr), fraction_str(test.advantage)


def epsilon(trials: int, tp: int, fp: int) -> str:
    return audit_record(trials, tp, fp, Fraction(0), LEVEL)["epsilon"]["value"]


def needed(alpha0: int, k: int, threshold: int, target: Fraction) -> str:
    test = FreshTradeoff(Fraction(alpha0), k).threshold_test(threshold)
    found = trials_needed(AuditPlan(test.point, target, Fraction(0), LEVEL))
    return "" if found.trials is None else str(found.trials)


def attribute(page: Page, out: str, name: str) -> str:
    return page.locator(f'{ROOT} [data-out="{out}"]').get_attribute(name) or ""


def shown_rates(page: Page) -> tuple[str, str, str]:
    return tuple(attribute(page, out, "data-exact") for out in ("fpr", "tpr", "advantage"))  # type: ignore[return-value]


def open_lab(new_page: Any, url: str) -> tuple[Page, Any]:
    return open_harness_lab(new_page, url, ROOT, viewport={"width": 1280, "height": 900})


def test_the_default_state_and_a_click_show_what_the_core_computes(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    assert shown_rates(page) == rates(3, 1, 1) == ("1/4", "3/4", "1/2")
    assert attribute(page, "advantage-bound", "data-exact") == "1/2"
    assert attribute(page, "yeom-bound", "data-exact") == "2"
    assert attribute(page, "eps-audit", "data-value") == epsilon(1000, 750, 250)
    assert attribute(page, "trials-needed", "data-value") == needed(3, 1, 1, Fraction(2))
    sequence = page.locator(ROOT).get_attribute("data-lab-sequence")
    page.locator(f'{ROOT} [data-field="k"] input[value="3"]').check()
    page.wait_for_function(
        "([lab, before]) => document.querySelector(lab).getAttribute('data-lab-sequence') !== before",
        arg=[ROOT, sequence],
    )
    assert shown_rates(page) == rates(3, 3, 1)
    assert attribute(page, "advantage-bound", "data-exact") == "13/14"  # (27 − 1)/(27 + 1)
    assert attribute(page, "trials-needed", "data-value") == needed(3, 3, 1, Fraction(2))
    assert attribute(page, "eps-audit", "data-value") == epsilon(1000, 750, 250)  # the counts did not change
    assert "k=3" in page.url
    assert log.console_errors == []
    assert log.page_errors == []


def test_a_bad_address_is_named_and_its_default_shown(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, f"{site_url}{PAGE}?alpha0=5&k=2&threshold=2{ROOT}")
    notice = page.locator(f"{ROOT} [data-lab-notice]")
    assert notice.is_visible()
    assert "alpha0" in (notice.text_content() or "")
    assert shown_rates(page) == rates(3, 2, 2)  # α₀ back to its default, k and θ as asked
    assert log.page_errors == []


def test_a_count_above_the_trials_is_refused(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, f"{site_url}{PAGE}?trials=100&tp=750&fp=25{ROOT}")
    notice = page.locator(f"{ROOT} [data-lab-notice]")
    assert notice.is_visible()
    assert "tp" in (notice.text_content() or "")
    # The kit opens the default's counts in place of those that break the rule across fields.
    assert attribute(page, "eps-audit", "data-value") == epsilon(1000, 750, 250)
    assert "trials=1000&tp=750&fp=250" in page.url
    assert log.page_errors == []


def test_typed_counts_are_proven_in_the_page(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    want = audit_record(100000, 70123, 29877, Fraction(0), LEVEL)
    for field, text in (("trials", "100000"), ("tp", "70123"), ("fp", "29877")):
        page.fill(f"{ROOT} #cl-audit-{field}", text)
    expect(page.locator(f'{ROOT} [data-out="eps-audit"]')).to_have_attribute(
        "data-value", want["epsilon"]["value"]
    )
    for out, part in (("tpr-lower", "tpr_lower"), ("fpr-upper", "fpr_upper"), ("eps-audit", "epsilon")):
        assert [attribute(page, out, name) for name in ("data-value", "data-lower", "data-upper")] == [
            want[part][key]
            for key in ("value", "lower", "upper")  # type: ignore[literal-required]
        ]
    assert "trials=100000&tp=70123&fp=29877" in page.url
    page.fill(f"{ROOT} #cl-audit-fp", "12.5")
    expect(page.locator(f'{ROOT} [data-error-for="fp"]')).to_be_visible()
    expect(page.locator(ROOT)).to_have_attribute("data-lab-stale", "input")
    assert attribute(page, "eps-audit", "data-value") == want["epsilon"]["value"]
    assert log.page_errors == []
    assert log.console_errors == []
