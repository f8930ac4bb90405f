"""What the lab shows equals what the Python core renders, over a seeded sample of its domain.

Issue 8: the lab could silently keep numbers from an earlier state (a formatter threw on a
long decimal part-way through the render). This test samples PARITY_STATES lab states
(default 200; ``make parity`` runs 3000) with the fixed seed PARITY_SEED (default 8),
printing both. The plan (``tests/harness/parity.py``):

- first an edge script: issue 8's two URLs (k = 20 then k's "+", and k = 100 at α₀ = 5.9),
  p = 0, 50, 100; k = 1, 100 (also clamped by PageUp and "+"); α = 1 and 100; α₀ = 1 and
  100; δ = 0 and 1; every mode; a preset; and, when the lab takes them, α typed "57/10" and
  δ typed "1/3";
- then a random walk over mode fresh/copy/xor, p 0..100, k 1..100 (60 % k >= 50), α and α₀
  on the 0.1 grid from 1.0 to 100.0 (α₀ 80 % off the integers), δ an exact decimal 0, 1,
  just below, at or just above the core's required δ, or a short decimal. A quarter of the
  states are opened by URL; the rest are reached from the previous state by typing (fill +
  press_sequentially), ArrowUp/ArrowDown/PageUp/PageDown, the −/+ buttons, the mode radios
  and the preset buttons.

For each state the checker waits for the update (a new data-lab-sequence showing the
state's address) or a reported failure (data-lab-failures, data-lab-stale="error"), then
compares every [data-out] of #lab (data-* attributes and text), the ε lines, captions,
note and both tables with the Python rendering of the lab's record of the same state,
checks the address's query is the fields' canonical form, and that nothing shows NaN,
Infinity or undefined and nothing was logged as an error. Failures are collected; the
message lists at most 10 states with their URLs. Knobs: PARITY_URL_SHARE (0.25, the share
of the walk opened by URL; each load of the lesson costs about a second on a busy
2-core machine) and PARITY_TIMEOUT_MS (10000, how long an update may take before the state
counts as stuck; a test of speed this is not, `make bench-lab` measures that).

A second test shows the checker fails: it wraps the number formatter of the lab's bundle (as
the page loads it) so that it throws, or returns a wrong digit, for long fractions, and
asserts that exactly the
affected states are reported, by URL (and, where the lab reports failures itself, with
data-lab-stale="error", the visible [data-lab-error] notice and a console error).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.conftest import LESSON_PAGE, PageLog
from tests.harness.parity import (
    Action,
    LabState,
    Step,
    apply,
    check_plan,
    coverage,
    fraction_support,
    plan,
    report,
)

pytestmark = pytest.mark.browser

SEED = int(os.environ.get("PARITY_SEED", "8"))
STATES = int(os.environ.get("PARITY_STATES", "200"))
TIMEOUT_MS = float(
    os.environ.get("PARITY_TIMEOUT_MS", "10000")
)  # per update: only a stuck one waits this long
URL_SHARE = float(os.environ.get("PARITY_URL_SHARE", "0.25"))  # of the random walk, opened by URL

NewPage = Callable[..., tuple[Page, PageLog]]


def test_the_lab_shows_what_the_core_renders(new_page: NewPage, site_url: str) -> None:
    url = site_url + LESSON_PAGE
    page, log = new_page()
    support = fraction_support(page, url)
    steps = plan(STATES, SEED, support, URL_SHARE)
    reached = coverage(steps)
    assert reached["missing"] == [], reached
    assert set(reached["verdicts"]) == {"pass", "fail"}, reached
    log.console_errors.clear()
    log.page_errors.clear()

    run = check_plan(page, log, url, steps, timeout_ms=TIMEOUT_MS)
    by_url = reached["actions"].get("url", 0)
    print(
        f"\nlab parity: seed {SEED}, {len(steps)} states ({by_url} by URL, {len(steps) - by_url} by "
        f"interaction: {reached['actions']}), fractions typed: {support} ({reached['fractions typed']}), "
        f"verdicts {reached['verdicts']}, {reached['large k, non-integer α₀']} at k >= 50 with "
        f"non-integer α₀; outcomes {dict(run.outcomes)}; {run.seconds:.1f} s {run.seconds_by_kind}; "
        f"{len(run.failures)} states differ"
    )
    if run.failures:
        failing = [steps[failure.index].state for failure in run.failures]
        kinds = Counter(
            f"{state.mode}{', k >= 50' if state.k >= 50 else ''}"
            f"{', non-integer α₀' if state.alpha0.denominator != 1 else ''}"
            for state in failing
        )
        header = (
            f"seed {SEED}, {len(steps)} states (PARITY_SEED, PARITY_STATES); failing states by kind: "
            f"{dict(kinds.most_common())}"
        )
        pytest.fail(report(run.failures, header), pytrace=False)


# ---------- the checker catches a broken render ----------

# Wraps the number formatter (readable, exact/readable.mjs) inside the lab's bundle as the page
# loads it: the route rewrites the bundle so that its `readable` asks `window.labFault` first.
# Only the renderers (kit/markup's number and cell markup, and readings) call it; the exact
# computations are untouched. The fault hits long fractions (denominator above 10^12), as
# issue 8's formatter did: 'throw' throws, 'wrong' returns the reading with its first digit
# changed.
# (the bundler may rename `exact` and fractionStr, its default: the pattern takes any names)
FORMATTER = re.compile(r"function readable\(value, (\w+) = (\w+)\(value\)\) \{")
FAULTY_FORMATTER = (
    "function readable(value, exact) { return window.labFault"
    " ? window.labFault(value, exact, readableExactly) : readableExactly(value, exact); }\n"
    "function readableExactly(value, \\1 = \\2(value)) {"
)
FAULT = """(() => {
  const fault = %r;
  const long = (value) => value.den > 10n ** 12n;
  const alter = (text) => {
    const at = text.search(/[0-9]/);
    return text.slice(0, at) + (text[at] === '9' ? '8' : String(Number(text[at]) + 1)) + text.slice(at + 1);
  };
  window.labFault = (value, exact, real) => {
    const shown = real(value, exact);
    if (!long(value) || shown.approx === null) return shown;
    if (fault === 'throw') throw new Error('injected readable failure');
    return Object.assign({}, shown, { approx: alter(shown.approx) });
  };
})();"""


def _serve_faulty_formatter(page: Page) -> None:
    def route(request_route: Any) -> None:
        response = request_route.fetch()
        body = response.text()
        assert len(FORMATTER.findall(body)) == 1
        request_route.fulfill(response=response, body=FORMATTER.sub(FAULTY_FORMATTER, body))

    page.route("**/lab/composition.js", route)


# p = 90 makes every probability a multiple of 10^-k: long fractions at k = 15 and 20,
# short ones at k = 2, in copy mode (10^-1) and in xor mode (halves).
FAULT_STATES = (
    ("url", LabState("fresh", 2, 90, Fraction(3), Fraction(0), Fraction(3)), False),
    ("type", "15", True),
    ("mode", "copy", False),
    ("url", LabState("fresh", 20, 90, Fraction(2), Fraction(1, 10), Fraction(3)), True),
    ("mode", "xor", False),
    ("url", LabState("copy", 50, 90, Fraction(11, 10), Fraction(0), Fraction(59, 10)), False),
)


def _fault_plan() -> tuple[list[Step], list[bool]]:
    steps: list[Step] = []
    affected: list[bool] = []
    state: LabState | None = None
    for kind, detail, hit in FAULT_STATES:
        if kind == "url":
            assert isinstance(detail, LabState)
            action = Action("url", state=detail)
        elif kind == "type":
            action = Action("type", "k", str(detail))
        else:
            action = Action("mode", str(detail))
        state = apply(state, action)
        steps.append(Step(action, state))
        affected.append(hit)
    return steps, affected


@pytest.mark.parametrize("fault", ["throw", "wrong"])
def test_the_checker_reports_an_injected_render_fault(new_page: NewPage, site_url: str, fault: str) -> None:
    url = site_url + LESSON_PAGE
    page, log = new_page()
    page.add_init_script(FAULT % fault)
    _serve_faulty_formatter(page)
    steps, affected = _fault_plan()
    run = check_plan(page, log, url, steps, timeout_ms=TIMEOUT_MS, charts_every=0)
    message = report(run.failures, f"injected {fault}")
    print(f"\n{message}")

    failed = {failure.index for failure in run.failures}
    assert failed == {i for i, hit in enumerate(affected) if hit}, message
    for failure in run.failures:
        assert failure.url == f"{url}?{steps[failure.index].state.query()}"
        assert failure.url in message
        assert failure.problems
    if fault == "wrong":
        for failure in run.failures:  # the update went through, with a wrong text
            assert failure.signals["outcome"] == "updated", failure.describe()
            assert any(" text: page " in problem or "table row" in problem for problem in failure.problems)
    elif run.failures[0].signals["has_error_notice"]:  # the lab reports failures (issue 8's fix)
        for failure in run.failures:
            signals: dict[str, Any] = failure.signals
            assert signals["outcome"] == "failed", failure.describe()
            assert signals["stale"] == "error", failure.describe()
            assert signals["error_notice"], failure.describe()
            assert signals["console_errors"], failure.describe()
