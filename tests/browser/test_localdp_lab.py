"""The central-and-local lab in a real browser: what the page shows is what the core computes.

Every exact output (``data-exact``) is held to the core's classes computed afresh here
(``LocalEstimate`` and ``CentralEstimate`` of :mod:`generator.core.rate_estimation`,
:func:`~generator.core.shuffle.shuffled_count`), not to the lesson's records:

- the default state, and states opened from the address, one of them with n = 10 000 users
  (numbers of some 10⁵ bits, computed by the page's BigInt engine);
- a typed change of n: the outputs and the address follow, and the chart draws both laws
  over the range of the core's points (:mod:`generator.core.estimate_laws`), and a hovered
  point's tooltip says what the core's row of it says;
- bad input typed in a field: its Korean message beside it, the last state kept whole;
- a bad address: the notice names the parameter, and its default is shown.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from generator.core.estimate_laws import central_points, local_points
from generator.core.logarithm import ln_decimal
from generator.core.profile import delta_star
from generator.core.rate_estimation import CentralEstimate, LocalEstimate
from generator.core.rational import fraction_str
from generator.core.shuffle import shuffled_count
from generator.lessons.localdp.charts import lab_rows
from generator.lessons.localdp.lab import LAB
from tests.harness.labs import FORBIDDEN, assert_clean, assert_named, assert_refused
from tests.harness.labs import open_lab as open_harness_lab

pytestmark = pytest.mark.browser

PAGE = "lessons/localdp.html"
ROOT = "#localdp-lab"
MESSAGES = {f.name: f.messages() for f in LAB.fields}
EXACT = ("estimate-variance", "within", "central-variance", "within-central", "shuffled-delta", "local-delta")


def core(alpha0: str, n: int, rate: str, tolerance: str, ones: int, alpha: str) -> dict[str, str]:
    """Every output of a state as the core computes it: data-exact, and eps-local's data-value."""
    a0, pi, t, claim = Fraction(alpha0), Fraction(rate), Fraction(tolerance), Fraction(alpha)
    local, central = LocalEstimate(n, pi, a0), CentralEstimate(n, pi, a0)
    values = {
        "estimate-variance": local.variance,
        "within": local.accuracy(t),
        "central-variance": central.variance,
        "within-central": central.accuracy(t),
        "shuffled-delta": delta_star(shuffled_count(n, ones, a0), claim),
        "local-delta": max(Fraction(0), a0 - claim) / (1 + a0),
    }
    return {**{name: fraction_str(value) for name, value in values.items()}, "eps-local": ln_decimal(a0, 3)}


def shown(page: Page) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        """([lab, exact]) => Object.fromEntries(
            [...document.querySelectorAll(lab + ' [data-out]')].map((el) => [
                el.getAttribute('data-out'),
                el.getAttribute(exact.includes(el.getAttribute('data-out')) ? 'data-exact' : 'data-value'),
            ]))""",
        [ROOT, list(EXACT)],
    )
    return found


def open_lab(new_page: Any, url: str) -> tuple[Page, Any]:
    return open_harness_lab(new_page, url, ROOT, viewport={"width": 1280, "height": 900})


DEFAULT = core("3", 100, "0.3", "0.1", 30, "2")


def test_the_default_state_is_the_cores(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    assert shown(page) == DEFAULT
    assert DEFAULT["estimate-variance"] == "6/625"
    assert log.console_errors == []
    assert log.page_errors == []


@pytest.mark.parametrize(
    ("alpha0", "n", "rate", "tolerance", "ones", "alpha"),
    [
        ("3.0", 4, "1/2", "1/4", 0, "1.0"),
        ("1.1", 37, "2/7", "0.05", 11, "1.0"),
        ("57.3", 250, "0.1234", "0.01", 249, "3.5"),
        ("3.0", 10_000, "0.3", "0.01", 3000, "1.5"),
    ],
)
def test_an_address_shows_what_the_core_computes(
    new_page: Any, site_url: str, alpha0: str, n: int, rate: str, tolerance: str, ones: int, alpha: str
) -> None:
    query = f"alpha0={alpha0}&n={n}&rate={rate}&tolerance={tolerance}&ones={ones}&alpha={alpha}"
    page, log = open_lab(new_page, f"{site_url}{PAGE}?{query}{ROOT}")
    expect(page.locator(f'{ROOT} [data-out="eps-local"]')).to_have_attribute(
        "data-value", ln_decimal(Fraction(alpha0), 3), timeout=30_000
    )
    assert page.locator(ROOT).get_attribute("data-lab-stale") is None
    assert shown(page) == core(alpha0, n, rate, tolerance, ones, alpha)
    assert not FORBIDDEN.search(page.locator(ROOT).inner_text())
    assert log.page_errors == []


def test_a_typed_n_updates_the_outputs_and_the_address(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    want = core("3", 400, "0.3", "0.1", 30, "2")
    page.fill(f"{ROOT} #cl-localdp-n", "400")
    expect(page.locator(f'{ROOT} [data-out="estimate-variance"]')).to_have_attribute(
        "data-exact", want["estimate-variance"]
    )
    assert shown(page) == want
    assert "n=400" in page.url
    assert log.page_errors == []


X_TICKS = """(lab) => {
  const root = document.querySelector(lab);
  if (root.getAttribute('data-lab-charted') !== root.getAttribute('data-lab-sequence')) return null;
  for (const axis of root.querySelectorAll('[data-lab-chart="laws"] g.role-axis')) {
    const title = axis.querySelector('g.role-axis-title text');
    if (title && title.textContent === '추정값 x') {
      return [...axis.querySelectorAll('g.role-axis-label text')].map((label) => label.textContent);
    }
  }
  return null;
}"""


def x_ticks(page: Page) -> list[Fraction]:
    """The chart's x-axis labels once it shows the latest update."""
    page.wait_for_function(X_TICKS, arg=ROOT)
    labels: list[str] = page.evaluate(X_TICKS, ROOT)
    return sorted(Fraction(label.replace("\u2212", "-")) for label in labels)


def test_the_chart_draws_both_laws_over_the_range_of_the_cores_points(new_page: Any, site_url: str) -> None:
    page, log = open_lab(new_page, site_url + PAGE)
    for n in (100, 10_000):
        if n != 100:
            page.fill(f"{ROOT} #cl-localdp-n", str(n))
            expect(page.locator(f'{ROOT} [data-out="estimate-variance"]')).to_have_attribute(
                "data-exact", core("3", n, "0.3", "0.1", 30, "2")["estimate-variance"], timeout=30_000
            )
        ticks = x_ticks(page)
        estimates = [
            point.estimate
            for points in (
                local_points(n, Fraction(3, 10), Fraction(3)),
                central_points(n, Fraction(3, 10), Fraction(3)),
            )
            for point in points
        ]
        low, high, step = min(estimates), max(estimates), ticks[1] - ticks[0]
        # the axis is the data's range made round: its first and last ticks lie within a step of its ends
        assert low - step <= ticks[0] < low + step, (n, ticks, low)
        assert high - step < ticks[-1] <= high + step, (n, ticks, high)
        assert page.locator(f'{ROOT} [data-lab-chart="laws"] svg g.mark-line path').count() == 2
        if n == 100:
            assert tooltip_of_a_point(page) in core_tooltips()
    assert log.console_errors == []
    assert log.page_errors == []


def core_tooltips() -> set[tuple[str, str, str]]:
    """(model, estimate, density) as the lab chart's rows write them, for the default state."""
    rows = lab_rows(LAB.record(LAB.read(LAB.examples.default())))["laws"]
    return {(str(row["model"]), str(row["estimate_text"]), str(row["density_text"])) for row in rows}


def tooltip_of_a_point(page: Page) -> tuple[str, str, str]:
    """What the tooltip of one drawn point says, hovered as a mouse would."""
    page.locator(f'{ROOT} [data-lab-chart="laws"] svg g.mark-symbol path').nth(20).hover(force=True)
    tooltip = page.locator(".vg-tooltip")
    expect(tooltip).to_be_visible()
    cells = [cell.strip() for cell in tooltip.locator("td").all_inner_texts()]
    said = dict(zip(cells[::2], cells[1::2], strict=True))
    return said["모델"], said["추정값 x"], said["확률 ÷ 격자 간격"]


BAD_INPUT = [
    ("n", "0", "range"),
    ("n", "2.5", "step"),
    ("alpha0", "1.0", "uninformative"),
    ("alpha0", "0.9", "range"),
    ("rate", "1/10001", "precision"),
    ("rate", "<script>alert(1)</script>", "syntax"),
    ("ones", "100", "others"),
    ("tolerance", "", "empty"),
]


def test_bad_input_gets_its_message_and_the_last_state_stays(new_page: Any, site_url: str) -> None:
    """Every bad text of BAD_INPUT, typed in one page (tests/harness/labs.assert_refused)."""
    page, log = open_lab(new_page, site_url + PAGE)
    for field, text, reason in BAD_INPUT:
        assert_refused(page, ROOT, field, text, MESSAGES[field][reason], shown)
    assert shown(page) == DEFAULT
    assert log.page_errors == []


BAD_ADDRESSES = [("n=abc", "n", 100), ("rate=2", "rate", 100), ("n=50&ones=60", "ones", 50)]


def test_a_bad_address_is_named_and_its_default_shown(new_page: Any, site_url: str) -> None:
    """The parameter that cannot be used is named and takes its default (ones = 60 breaks the
    rule against n = 50, and falls back to 30); the others are read as written. Every address
    of BAD_ADDRESSES is opened in one tab."""
    page, log = open_lab(new_page, site_url + PAGE)
    for query, bad, n in BAD_ADDRESSES:
        assert_named(page, f"{site_url}{PAGE}?{query}{ROOT}", ROOT, bad)
        assert shown(page) == core("3", n, "0.3", "0.1", 30, "2"), query
        assert_clean(page, ROOT)
    assert log.page_errors == []
