"""Static charts as files beside the pages, so that a page's HTML stays light.

A chart drawn at build time is an SVG of 8 to 30 KB. Inlined, the charts of one lesson's
cards made its page weigh about 1 MB. Instead each SVG becomes a file named by its content,
``assets/charts/<digest>.svg``, and the page shows it with ``<img>``. The page is still
complete without JavaScript, a chart drawn twice is one file, and an unchanged chart keeps
its name (and the reader's cached copy) from one build to the next.

The three steps of a build:

- :func:`chart_file` records an SVG while a page is rendered and returns its site path.
  The record is kept for the life of the process, so a figure that a page renderer keeps
  in an in-process cache is still on record when a later build in the same process uses it.
- :func:`with_chart_urls` makes each page's chart addresses relative to that page (a pure
  step of the adapter, given the page's way of spelling a site path).
- :func:`write_chart_files` writes every chart the pages of the build refer to, and stops
  the build if a page refers to one that was never drawn.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path

DIRECTORY = "assets/charts"
_REFERENCE = re.compile(rf'(<img\b[^>]*?\bsrc=")({re.escape(DIRECTORY)}/([0-9a-f]{{20}}\.svg))"')
_DRAWN: dict[str, str] = {}


class ChartFileError(ValueError):
    """A page refers to a chart file that no renderer drew."""


def chart_file(svg: str) -> str:
    """The site path of the file that holds ``svg`` (``assets/charts/<digest>.svg``)."""
    name = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:20] + ".svg"
    _DRAWN[name] = svg
    return f"{DIRECTORY}/{name}"


def drawn_svg(path: str) -> str:
    """The SVG recorded under a site path that :func:`chart_file` returned."""
    name = path.removeprefix(f"{DIRECTORY}/")
    try:
        return _DRAWN[name]
    except KeyError:
        raise ChartFileError(f"no chart was drawn for {path!r}") from None


def chart_paths(html: str) -> list[str]:
    """The site paths of the chart files that a page (before :func:`with_chart_urls`) shows."""
    return [match[2] for match in _REFERENCE.finditer(html)]


def with_chart_urls(html: str, url: Callable[[str], str]) -> str:
    """The page with each chart's site path replaced by ``url(path)``, its address relative
    to the page ("../assets/charts/….svg" from a page one folder down)."""
    return _REFERENCE.sub(lambda match: f'{match[1]}{url(match[2])}"', html)


def write_chart_files(site_dir: Path, paths: set[str]) -> None:
    """Write the chart files at ``paths`` (site paths) under ``site_dir``."""
    for path in sorted(paths):
        svg = drawn_svg(path)
        target = site_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(svg, encoding="utf-8")
