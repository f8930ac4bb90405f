"""Static charts as files: named by their content, linked relative to each page, all written.

The built site's side (each page's charts resolve, each lesson page within its weight) is in
``tests/test_site_build.py``; this file holds the pure steps on hand-made input.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from generator.course.chart_files import (
    DIRECTORY,
    ChartFileError,
    chart_file,
    chart_paths,
    drawn_svg,
    with_chart_urls,
    write_chart_files,
)

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="1" height="1"/></svg>'


def test_a_chart_is_named_by_its_content() -> None:
    path = chart_file(SVG)
    assert path == f"{DIRECTORY}/{hashlib.sha256(SVG.encode()).hexdigest()[:20]}.svg"
    assert chart_file(SVG) == path
    assert chart_file(SVG.replace('"1"', '"2"')) != path
    assert drawn_svg(path) == SVG


def test_each_page_gets_addresses_relative_to_itself() -> None:
    path = chart_file(SVG)
    page = f'<p><img class="cl-chart" src="{path}" alt="그래프" /></p><a href="{path}">x</a>'
    assert chart_paths(page) == [path]
    moved = with_chart_urls(page, lambda site_path: "../" + site_path)
    assert f'<img class="cl-chart" src="../{path}"' in moved
    assert f'<a href="{path}">' in moved  # only images are charts
    assert with_chart_urls("<p>no chart</p>", lambda site_path: "x") == "<p>no chart</p>"


def test_the_build_writes_the_charts_its_pages_show(tmp_path: Path) -> None:
    path = chart_file(SVG)
    write_chart_files(tmp_path, {path})
    assert (tmp_path / path).read_text(encoding="utf-8") == SVG
    assert [p.name for p in (tmp_path / DIRECTORY).iterdir()] == [Path(path).name]


def test_a_page_that_shows_a_chart_never_drawn_stops_the_build(tmp_path: Path) -> None:
    missing = f"{DIRECTORY}/{'0' * 20}.svg"
    with pytest.raises(ChartFileError, match="no chart was drawn"):
        write_chart_files(tmp_path, {missing})
