"""The optimal lab's profile chart, as vl-convert draws it: one notation on the log δ axis."""

from __future__ import annotations

import re

from generator.course.charts import chart_svg
from generator.lessons.optimal.charts import CHARTS
from generator.lessons.optimal.lab import LAB


def test_the_log_delta_axis_writes_every_tick_in_one_notation() -> None:
    svg = chart_svg(CHARTS.chart("profile").spec(LAB.record(LAB.read(LAB.default))))
    ticks = set(re.findall(r">([0-9.e+\-]+)</text>", svg))
    powers = {tick for tick in ticks if "e" in tick}
    assert {"1e-3", "1e-7"} <= powers
    # No tick below 1 is written as a decimal beside the powers (d3's default mixes 0.000001 and 1e-7).
    assert not {tick for tick in ticks if tick.startswith("0.")}
