"""Charts for every lesson: validated Vega-Lite specs and their static SVG, both cached.

A lesson builds an Altair chart whose data are *named* data sets; the lab in the browser
embeds the very same spec and swaps the rows with ``view.data(name, rows)``. This module
does what is the same for every chart:

- :func:`chart_spec`: the validated spec that a builder (a function of a record) makes of a
  record, with the named data sets that a second function gives of it attached as the spec's
  ``datasets`` (a builder draws; it gathers no rows). Building an Altair chart and ``to_dict``
  (which validates against the Vega-Lite schema) take a large part of a build, so the spec is
  kept in the build cache (:mod:`generator.course.build_cache`), keyed by everything it
  depends on: Altair's version, the builder's and the data function's names, the source of
  their modules and of every generator module those import (``source_digest``: an edit to a
  shared chart helper misses), and the record. A warm build then runs no Altair at all. The
  ``$schema`` URL is dropped: vega-embed and vl-convert read Vega-Lite without it, and built
  pages then name no other host. Keys are sorted, so equal records give equal specs.
- :func:`chart_image`: vl-convert's SVG of a spec, from the build cache (keyed by
  vl-convert's version, the spec's canonical JSON and the options), as a file beside the
  pages (:mod:`generator.course.chart_files`) shown by an ``<img>`` with a Korean text
  alternative. The SVG loads nothing (vl-convert may fetch no URL, and text stays
  ``<text>``).
- :func:`without_rows`: a spec with its named data sets emptied, the form a lab ships: the
  browser fills them from its engine's records before the first draw.
- :func:`coordinate`: a chart coordinate from an exact string (display only; no decision).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import altair as alt
import vl_convert
from markupsafe import Markup

from generator.course.build_cache import canonical_json, default_cache, package_version, source_digest
from generator.course.chart_files import chart_file
from generator.course.records import to_json
from generator.course.templates import render

# Vega's generated ARIA text is English; the page gives its own label and table. The fonts
# stay at 11 px or more on a phone, where a chart is scaled down to the column's width
# (tests/browser/test_charts_readable.py measures it).
Spec = dict[str, object]  # a Vega-Lite spec, as JSON

CONFIG: Spec = {
    "aria": False,
    "font": "sans-serif",
    "axis": {"labelFontSize": 13, "titleFontSize": 13, "titleFontWeight": "normal"},
    "legend": {"labelFontSize": 13, "titleFontSize": 13, "titleFontWeight": "normal"},
    "view": {"stroke": "#dddddd"},
}

# α = e^ε with the ε raised (U+1D4B, the modifier letter that stands for a superscript ε):
# an axis title is plain text, and a caret is no symbol.
ALPHA_TITLE = "α = eᵋ"

_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="(?P<width>\d+)"[^>]*?\bheight="(?P<height>\d+)"')
_ALLOWED_BASE_URLS: list[str] = []  # the chart may load nothing


def coordinate(exact: Fraction | int) -> float:
    """A chart coordinate from an exact value (display only): the nearest double."""
    return float(exact)


Builder = Callable[[Any], alt.TopLevelSpec]
DataSets = Mapping[str, Sequence[Mapping[str, object]]]  # a chart's named data sets: name -> rows


def _function_key(function: Callable[..., object]) -> tuple[str, str]:
    return f"{function.__module__}.{function.__qualname__}", source_digest(function.__module__)


def chart_spec(build: Builder, record: Any, data: Callable[[Any], DataSets] | None = None) -> Spec:
    """The configured, validated Vega-Lite spec that ``build`` makes of ``record``, with the
    named data sets ``data`` gives of ``record`` (when given) as its ``datasets``."""

    def validated() -> str:
        chart = build(record)
        if data is not None:
            chart = chart.properties(datasets=dict(data(record)))
        spec = chart.configure(**CONFIG).to_dict(validate=True)
        del spec["$schema"]
        return canonical_json(spec)

    key = (
        package_version("altair"),
        *_function_key(build),
        *(_function_key(data) if data is not None else ()),
        canonical_json(CONFIG),
        canonical_json(to_json(record)),
    )
    parsed: Spec = json.loads(default_cache().text("vega-lite-spec", key, validated))
    return parsed


def group_colour(field: str, groups: Sequence[str], colours: Sequence[str]) -> alt.Color:
    """A colour per value of the nominal ``field`` (``groups`` in order, ``colours`` theirs),
    named in one row of legend below the chart."""
    return alt.Color(
        f"{field}:N",
        scale=alt.Scale(domain=list(groups), range=list(colours)),
        legend=alt.Legend(title=None, orient="bottom", direction="horizontal", symbolOpacity=1),
    )


def series_layer(chart: alt.Chart, name: str, legend: Sequence[str], colours: Sequence[str]) -> alt.Chart:
    """A layer drawn in its series' colour, listed under ``name`` in the chart's shared legend
    (``legend`` names every series of the chart, ``colours`` their colours, in order)."""
    return chart.transform_calculate(series=json.dumps(name, ensure_ascii=False)).encode(
        color=alt.Color(
            "series:N",
            scale=alt.Scale(domain=list(legend), range=list(colours)),
            legend=alt.Legend(title=None, orient="bottom", direction="vertical", symbolOpacity=1),
        )
    )


def chart_svg(spec: Spec) -> str:
    """vl-convert's SVG of a Vega-Lite spec, from the build cache."""
    return default_cache().text(
        "vega-svg",
        (
            package_version("vl-convert-python"),
            canonical_json({"allowed_base_urls": _ALLOWED_BASE_URLS}),
            canonical_json(spec),
        ),
        lambda: vl_convert.vegalite_to_svg(spec, allowed_base_urls=_ALLOWED_BASE_URLS),
    )


def chart_image(spec: Spec, label: str) -> Markup:
    """The chart as an ``<img>`` of its SVG file, ``label`` its text alternative."""
    svg = chart_svg(spec)
    size = _SIZE.search(svg)
    if size is None:
        raise ValueError("vl-convert's SVG has no width and height")
    image = render("chart.html", src=chart_file(svg), label=label, width=size["width"], height=size["height"])
    return Markup(image)


def without_rows(spec: Spec) -> Spec:
    """``spec`` with every named data set empty: the rows a lab swaps in are not shipped twice."""
    datasets = spec.get("datasets", {})
    names = list(datasets) if isinstance(datasets, dict) else []
    return {**spec, "datasets": {key: [] for key in names}}
