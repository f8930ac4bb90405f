"""Benchmark: input-to-updated-output time of the labs in headless chromium.

The site is built once (``mkdocs build --strict``) and each lesson is opened from disk. For
each k one field is typed into repeatedly, alternating two values, and each round is timed
inside the page with ``performance.now()``. The composition lab (fresh mode, p = 75, k = 10,
50 and 100) has two fields:

  alpha     the claim α (2.0 ↔ 2.1): the channel stays, so the tables keep their rows;
  k         k ↔ k − 1: a new channel, so every table row and chart bar is rebuilt.

The optimal-composition lab (α₀ = 1.1, δ₀ = 0, k = 100 and 1 000) has two too:

  delta     the target δ (0.00001 ↔ 0.00002): the same steps, a new smallest α;
  k         k ↔ k − 1: new binomial weights, a new privacy loss law and profile curve.

Per round:

  exact     from the input event to the outputs rewritten and laid out: parsing, the
            BigInt engine (channel, δ*(α) on the α grid, claim, pure ε, composition),
            the result markup and tables, and a forced layout;
  chart     from the same input event to ``cl:lab-charted``: the above plus the chart rows
            and Vega's re-render of both charts with the new data;
  baseline  an empty round-trip measured in the same run: an input event dispatched to a
            detached field whose listener does nothing (the mean of 1000, since one
            round-trip is below the timer's resolution).

The central-and-local lab (α₀ = 3, π = 0.3, t = 0.01, a third of the others holding 1) has one
field, ``n`` (n ↔ n − 1 at n = 1 000 and 10 000): every law is new, and so are both laws'
points in its chart.

The auditing lab (n = 1 000 and 100 000 trials, 30 % false positives) has one field, ``tp``
(70 % of n, plus the round's number): every round asks for a true-positive count it has not
seen, so the Clopper–Pearson cell of TPR_low is searched and proven afresh (its cache never
answers), and the trade-off chart's confidence box moves.

It prints the median milliseconds of each, and the ratios exact/baseline and
chart/baseline. Targets: the composition lab at k = 100, exact under 16 ms and chart under
50 ms; the optimal-composition lab at k = 1 000, exact under 100 ms; the central-and-local lab
at n = 10 000, exact and chart under 100 ms (the issue's target); the auditing lab at n = 100 000, exact
under 200 ms.
Run: ``make bench-lab`` (``--lab composition`` or another name for one).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, mkdocs_build


@dataclass(frozen=True)
class Bench:
    """One lab: its page, root and field ids, the state at k, the texts each field takes in turn,
    and its targets (every lab draws a chart after each update)."""

    fields: tuple[str, ...]
    page: str
    root: str
    prefix: str
    ks: tuple[int, ...]
    query: Callable[[int], str]
    texts: Callable[[str, int], tuple[str, ...]]
    targets_ms: dict[str, float]
    target_k: int

    @classmethod
    def typing(
        cls,
        page: str,
        field: str,
        ks: tuple[int, ...],
        query: Callable[[int], str],
        texts: Callable[[int], tuple[str, ...]],
        exact_ms: float,
        *,
        chart_ms: float | None = None,
    ) -> Bench:
        """A lab on the lesson shape (root ``{page}-lab``, ids ``cl-{page}-…``) timed by one
        field, its exact update against ``exact_ms`` (and its chart against ``chart_ms``) at
        the largest k."""
        return cls(
            (field,),
            page,
            f"{page}-lab",
            f"cl-{page}",
            ks,
            query,
            lambda _, k: texts(k),
            {"exact": exact_ms} if chart_ms is None else {"exact": exact_ms, "chart": chart_ms},
            ks[-1],
        )


LABS = {
    "composition": Bench(
        fields=("alpha", "k"),
        page="composition",
        root="lab",
        prefix="cl-lab",
        ks=(10, 50, 100),
        query=lambda k: f"mode=fresh&k={k}&p=75&alpha=2.0&delta=0.1&alpha0=1.1",
        texts=lambda field, k: {"alpha": ("2.1", "2.0"), "k": (str(k - 1), str(k))}[field],
        targets_ms={"exact": 16.0, "chart": 50.0},
        target_k=100,
    ),
    "optimal": Bench(
        fields=("delta", "k"),
        page="optimal",
        root="optimal-lab",
        prefix="cl-optimal",
        ks=(100, 1000),
        query=lambda k: f"alpha0=1.1&delta0=0&k={k}&delta=0.00001",
        texts=lambda field, k: {"delta": ("0.00002", "0.00001"), "k": (str(k - 1), str(k))}[field],
        targets_ms={"exact": 100.0},
        target_k=1000,
    ),
    "localdp": Bench.typing(
        "localdp",
        "n",
        (1000, 10000),
        lambda n: f"alpha0=3.0&n={n}&rate=0.3&tolerance=0.01&ones={n // 3}&alpha=2.0",
        lambda n: (str(n - 1), str(n)),
        100.0,
        chart_ms=100.0,
    ),
    "audit": Bench.typing(
        "audit",
        "tp",
        (1000, 100000),
        lambda n: f"trials={n}&tp={7 * n // 10}&fp={3 * n // 10}",
        lambda n: tuple(str(7 * n // 10 + i) for i in range(1, 200)),
        200.0,
    ),
}

ROUND = """
async ([root, id, text]) => {
  const lab = document.getElementById(root);
  const field = document.getElementById(id);
  const charted = new Promise((resolve) => lab.addEventListener('cl:lab-charted', resolve, { once: true }));
  const start = performance.now();
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  void lab.offsetHeight;
  const exact = performance.now() - start;
  await charted;
  const chart = performance.now() - start;
  return { exact, chart };
}
"""

BASELINE = """
() => {
  const field = document.createElement('input');
  field.addEventListener('input', () => {});
  const start = performance.now();
  for (let i = 0; i < 1000; i++) field.dispatchEvent(new Event('input', { bubbles: true }));
  return (performance.now() - start) / 1000;
}
"""


def _lesson(site: Path, name: str) -> Path:
    for relative in (f"lessons/{name}.html", f"lessons/{name}/index.html"):
        if (site / relative).is_file():
            return site / relative
    raise SystemExit(f"no {name} lesson in {site}")


def measure(page: Any, url: str, bench: Bench, k: int, field: str, rounds: int) -> dict[str, float]:
    page.goto(f"{url}?{bench.query(k)}")
    page.wait_for_function(
        f"() => {{ const lab = document.getElementById('{bench.root}');"
        " return lab.hasAttribute('data-lab-sequence') && lab.hasAttribute('data-lab-charted') &&"
        " lab.getAttribute('data-lab-charted') === lab.getAttribute('data-lab-sequence'); }"
    )
    ident = f"{bench.prefix}-{field}"
    page.locator(f"#{ident}").focus()  # scrolled into view, as when a person types
    times: dict[str, list[float]] = {"exact": [], "chart": [], "baseline": []}
    texts = bench.texts(field, k)
    for index in range(rounds + 3):
        result = page.evaluate(ROUND, [bench.root, ident, texts[index % len(texts)]])
        baseline = page.evaluate(BASELINE)
        if index >= 3:  # the first rounds warm the JIT up
            times["exact"].append(result["exact"])
            times["chart"].append(result["chart"])
            times["baseline"].append(baseline)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lab", choices=sorted(LABS), nargs="+", default=sorted(LABS))
    parser.add_argument("--k", type=int, nargs="+", help="the k to measure (default: each lab's own)")
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        site = Path(directory) / "site"
        built = mkdocs_build(site)
        if built.returncode != 0:
            print(built.stderr, file=sys.stderr)
            return 1
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            for name in args.lab:
                _run(page, _lesson(site, name).as_uri(), name, LABS[name], args.k, args.rounds)
            browser.close()
    return 0


def _run(page: Any, url: str, name: str, bench: Bench, ks: list[int] | None, rounds: int) -> None:
    print(
        f"{'lab':>11} {'field':>6} {'k':>5} {'exact ms':>9} {'chart ms':>9} {'baseline ms':>12}"
        f" {'exact/base':>11} {'chart/base':>11}"
    )
    results = {}
    for field in bench.fields:
        for k in ks or bench.ks:
            medians = measure(page, url, bench, k, field, rounds)
            results[field, k] = medians
            base = medians["baseline"]
            print(
                f"{name:>11} {field:>6} {k:>5} {medians['exact']:>9.2f} {medians['chart']:>9.2f}"
                f" {base:>12.4f} {medians['exact'] / base:>11.0f} {medians['chart'] / base:>11.0f}"
            )
    for field in bench.fields:
        if (field, bench.target_k) in results:
            top = results[field, bench.target_k]
            verdict = ", ".join(
                f"{what} {top[what]:.2f} ms {'<' if top[what] < target else '>='} {target:.0f} ms"
                for what, target in bench.targets_ms.items()
            )
            print(f"targets of the {name} lab at k = {bench.target_k}, typing {field}: {verdict}")


if __name__ == "__main__":
    raise SystemExit(main())
