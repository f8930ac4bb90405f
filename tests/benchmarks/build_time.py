"""Benchmark: the site build's time, cold, warm and after a one-word edit, and each lesson's weight.

The course is built from a temporary copy of ``docs/`` (a config that INHERITs
``mkdocs.yml``), so the repository is never edited, with ``mkdocs build --strict`` in a
child process, as from the shell. Each round, in one process, times three builds that
share one new build cache (``COMPOSITION_LAB_CACHE``, :mod:`generator.course.build_cache`):

  cold   an empty cache and a fresh site directory (as CI starts);
  warm   the same again, nothing changed: every chart, formula and the Vega bundle hit;
  edit   one word of the composition lesson's prose changed (its first word gets the
         round's number), the cache as warm.

It prints the median seconds of each over the rounds, the ratios warm/cold and edit/cold,
the load average before and after, and for each lesson page its HTML bytes with the bytes
of its math (KaTeX's output), its tables, its inline chart specs (JSON scripts) and its inline
SVG (Material's icons), and beside them the bytes of the chart files it shows with
``<img>`` (not part of its HTML: :mod:`generator.course.chart_files`). Targets: warm at
most 1/3 of cold, cold under 20 s, each lesson page at most 500 KB (1 KB = 1024 bytes).
Run: ``make bench-build``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from generator.course.build_cache import DIRECTORY_VARIABLE
from tests.conftest import ROOT, mkdocs_build

WARM_TARGET = 1 / 3  # warm / cold, at most
COLD_TARGET_S = 20.0  # below
PAGE_TARGET_KB = 500.0  # at most
BUSY_LOAD = 2.5
EDITED_LESSON = "composition"
_PARTS = {
    "math": re.compile(r'<(cl-math|div) class="arithmatex".*?</(?:\1)>', re.DOTALL),
    "tables": re.compile(r"<table\b.*?</table>", re.DOTALL),
    "chart specs": re.compile(r'<script type="application/json"[^>]*>.*?</script>', re.DOTALL),
    "svg": re.compile(r"<svg\b.*?</svg>", re.DOTALL),
}
_CHART = re.compile(r'<img class="cl-chart" src="([^"]+)"')


def make_project(directory: Path) -> Path:
    """A copy of the course's pages beside links to the generator; returns its config file."""
    shutil.copytree(ROOT / "docs", directory / "docs", ignore=shutil.ignore_patterns("generated"))
    # Paths in mkdocs.yml (hooks, custom_dir) are relative to the inheriting file.
    for shared in ("generator", "site_overrides"):
        (directory / shared).symlink_to(ROOT / shared, target_is_directory=True)
    config = directory / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\n", encoding="utf-8")
    return config


def edit_one_word(page: Path, mark: str) -> None:
    """Change the first word of the page's first prose line (not a heading, block or list)."""
    lines = page.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line[:1].isalpha())
    first, _, rest = lines[index].partition(" ")
    lines[index] = f"{first}{mark} {rest}"
    page.write_text("\n".join(lines), encoding="utf-8")


def timed_build(config: Path, site: Path, cache: Path) -> float:
    os.environ[DIRECTORY_VARIABLE] = str(cache)
    start = time.perf_counter()
    result = mkdocs_build(site, "--config-file", str(config))
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"the build failed:\n{result.stderr}")
    return seconds


def page_weights(site: Path, lessons: list[str]) -> dict[str, dict[str, int]]:
    """Lesson page -> its HTML bytes, the bytes of each part of it in :data:`_PARTS`, and
    the bytes of the distinct chart files it shows."""
    weights = {}
    for slug in lessons:
        page = site / "lessons" / f"{slug}.html"
        html = page.read_text(encoding="utf-8")
        charts = {(page.parent / src).resolve() for src in _CHART.findall(html)}
        weights[slug] = (
            {"html": len(html.encode())}
            | {
                name: sum(len(match.group().encode()) for match in pattern.finditer(html))
                for name, pattern in _PARTS.items()
            }
            | {"chart files": sum(path.stat().st_size for path in charts)}
        )
    return weights


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    lessons = sorted(path.stem for path in (ROOT / "docs" / "lessons").glob("*.md"))
    load_before = _load()
    print(f"load average before: {load_before} (1, 5, 15 min)")
    if os.getloadavg()[0] > BUSY_LOAD:
        print(f"warning: the machine is busy (load above {BUSY_LOAD}); the times are distorted")
    times: dict[str, list[float]] = {"cold": [], "warm": [], "edit": []}
    with tempfile.TemporaryDirectory(prefix="composition-lab-bench-") as temporary:
        directory = Path(temporary)
        config = make_project(directory / "project")
        edited = directory / "project" / "docs" / "lessons" / f"{EDITED_LESSON}.md"
        for round_ in range(args.rounds):
            cache = directory / f"cache-{round_}"
            for kind in times:
                if kind == "edit":
                    edit_one_word(edited, str(round_))
                site = directory / f"site-{kind}-{round_}"
                times[kind].append(timed_build(config, site, cache))
                print(f"round {round_ + 1}: {kind} {times[kind][-1]:.2f} s", file=sys.stderr)
        weights = page_weights(directory / "site-cold-0", lessons)
    medians = {kind: statistics.median(values) for kind, values in times.items()}
    print(f"load average after:  {_load()}")
    print(f"\nbuild of the whole course, median of {args.rounds} rounds (min .. max):")
    for kind, values in times.items():
        print(f"  {kind:<5} {medians[kind]:6.2f} s   ({min(values):.2f} .. {max(values):.2f})")
    warm, edit = medians["warm"] / medians["cold"], medians["edit"] / medians["cold"]
    print(f"  warm/cold {warm:.3f}   edit/cold {edit:.3f}")
    print("\nlesson pages (bytes):")
    columns = ("html", *_PARTS, "chart files")
    print(f"  {'page':<26} " + " ".join(f"{name:>12}" for name in columns))
    for slug, weight in weights.items():
        print(f"  {'lessons/' + slug + '.html':<26} " + " ".join(f"{weight[name]:>12}" for name in columns))
    print("\ntargets:")
    verdicts = [
        (f"warm/cold {warm:.3f}", warm <= WARM_TARGET, "<= 1/3"),
        (f"cold {medians['cold']:.2f} s", medians["cold"] < COLD_TARGET_S, f"< {COLD_TARGET_S:.0f} s"),
        *(
            (f"{slug} {kb:.0f} KB", kb <= PAGE_TARGET_KB, f"<= {PAGE_TARGET_KB:.0f} KB")
            for slug, kb in ((slug, weight["html"] / 1024) for slug, weight in weights.items())
        ),
    ]
    for figure, met, target in verdicts:
        print(f"  {figure:<28} {'meets' if met else 'misses'} {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
