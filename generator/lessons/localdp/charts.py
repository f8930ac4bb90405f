"""The central-and-local lesson's figures: both estimates' exact laws, in a card and in the lab.

For a worked example (n users, π, α₀) the figure draws x ↦ P(π̂ <= x) for the local estimate
and for the central one. The two estimates live on different lattices (steps 1/(n(2p − 1)) and
1/n), so their probabilities per point do not compare, and their distribution functions do.

- local: π̂(c) = (c/n − (1 − p))/(2p − 1) for the counts c = 0..n, with the exact law of
  :meth:`~generator.core.rate_estimation.LocalEstimate.law`, summed up;
- central: π̂_c = S/n with S = C' + Z, C' ~ Bin(n, π) and Z two-sided geometric of ratio
  r = 1/α₀; P(S <= s) = Σ_c P(C' = c)·F(s − c) with the noise's distribution function
  F(z) = 1 − r^(z+1)/(1 + r) for z >= 0 and r^(−z)/(1 + r) for z <= −1 (the closed form of
  :meth:`~generator.core.rate_estimation.CentralEstimate.accuracy`), for every s whose π̂_c lies
  in the local estimate's range.

Rows: model ("로컬" or "중앙"), estimate and probability (floats, chart coordinates only, each the
nearest double to the exact fraction beside it), exact (P(π̂ <= x) as a reduced fraction).
Meant for small n (the law holds about n² log₂ b bits).

The lab's live chart (:data:`CHARTS`) draws both laws at any n up to 10 000 as densities, each
probability divided by its lattice's step, every point within 10⁻⁶ of the exact density
(:mod:`generator.core.estimate_laws`). Its one named data set is an interface, since the engine
(``lab/laws.mjs``) builds the same rows:

    laws    model ("로컬" or "중앙"), estimate (x, the nearest double to its exact fraction),
            density (its value rounded to 10⁻⁶, as a double), and what the tooltip shows of
            them, written from the exact values: estimate_text (the reading of x, "3/2 = 1.5")
            and density_text (the rounded density's decimal)
"""

from __future__ import annotations

import math
from fractions import Fraction

import altair as alt

from generator.core.estimate_laws import PLACES, central_points, local_points
from generator.core.rate_estimation import LocalEstimate
from generator.core.rational import decimal_str, fraction_str
from generator.course.charts import DataSets, Spec, coordinate, group_colour
from generator.course.charts import chart_spec as cached_spec
from generator.course.lab_charts import Chart, LabCharts
from generator.course.templates import reading
from generator.lessons.localdp.records import StateRecord
from generator.lessons.localdp.view import TEXTS

MODELS = (TEXTS["model-local"], TEXTS["model-central"])
COLOURS = ("#4c78a8", "#f58518")

Row = dict[str, str | float]
Points = list[tuple[Fraction, Fraction]]


def _row(model: str, estimate: Fraction, probability: Fraction) -> Row:
    return {
        "model": model,
        "estimate": coordinate(estimate),
        "probability": coordinate(probability),
        "exact": fraction_str(probability),
    }


def local_cdf(n: int, rate: Fraction, alpha0: Fraction) -> Points:
    """(π̂(c), P(π̂ <= π̂(c))) for c = 0..n."""
    total, points = Fraction(0), []
    for outcome in LocalEstimate(n, rate, alpha0).law():
        total += outcome.probability
        points.append((outcome.estimate, total))
    return points


def central_cdf(
    n: int, rate: Fraction, alpha0: Fraction, lo: int, hi: int
) -> list[tuple[Fraction, Fraction]]:
    """(s/n, P(S <= s)) for s = lo..hi (see the module)."""
    r = 1 / alpha0
    counts = [math.comb(n, c) * rate**c * (1 - rate) ** (n - c) for c in range(n + 1)]

    def noise_cdf(z: int) -> Fraction:
        return 1 - r ** (z + 1) / (1 + r) if z >= 0 else r ** (-z) / (1 + r)

    return [
        (Fraction(s, n), sum((p * noise_cdf(s - c) for c, p in enumerate(counts)), Fraction(0)))
        for s in range(lo, hi + 1)
    ]


def chart_rows(n: int, rate: Fraction, alpha0: Fraction) -> list[Row]:
    """Both distribution functions' rows, the central one over the local one's range."""
    local = local_cdf(n, rate, alpha0)
    low, high = local[0][0], local[-1][0]
    central = central_cdf(n, rate, alpha0, math.ceil(n * low), math.floor(n * high))
    return [_row(MODELS[0], x, p) for x, p in local] + [_row(MODELS[1], x, p) for x, p in central]


def laws_chart(rows: list[Row]) -> alt.Chart:
    """Both distribution functions as steps, one colour per model."""
    tooltip = [
        alt.Tooltip("model:N", title="모델"),
        alt.Tooltip("estimate:Q", title="추정값 x"),
        alt.Tooltip("exact:N", title="P(π̂ ≤ x) (정확한 분수)"),
    ]
    chart: alt.Chart = (
        alt.Chart(alt.InlineData(values=rows))
        .mark_line(interpolate="step-after", strokeWidth=1.5)
        .encode(
            x=alt.X("estimate:Q", title="추정값 x"),
            y=alt.Y("probability:Q", title="P(π̂ ≤ x)", scale=alt.Scale(domain=[0, 1])),
            color=group_colour("model", MODELS, COLOURS),
            tooltip=tooltip,
        )
        .properties(width=360, height=220, description="로컬 추정량과 중앙 추정량의 정확한 누적분포")
    )
    return chart


def chart_spec(n: int, rate: Fraction, alpha0: Fraction) -> Spec:
    """The validated Vega-Lite spec of an example's figure."""
    return cached_spec(laws_chart, chart_rows(n, rate, alpha0))


def lab_rows(record: StateRecord) -> DataSets:
    """The lab chart's data set: the local law's points, then the central law's."""
    n, rate, alpha0 = record["n"], record["rate"], record["alpha0"]
    return {
        "laws": [
            {
                "model": model,
                "estimate": coordinate(point.estimate),
                "density": coordinate(point.density),
                "estimate_text": reading(point.estimate),
                "density_text": decimal_str(point.density, PLACES),
            }
            for model, points in zip(
                MODELS, (local_points(n, rate, alpha0), central_points(n, rate, alpha0)), strict=True
            )
            for point in points
        ]
    }


def densities_chart(record: StateRecord) -> alt.Chart:
    """Both laws as lines of densities, one colour per model."""
    tooltip = [
        alt.Tooltip("model:N", title="모델"),
        alt.Tooltip("estimate_text:N", title="추정값 x"),
        alt.Tooltip("density_text:N", title="확률 ÷ 격자 간격"),
    ]
    chart: alt.Chart = (
        alt.Chart(alt.NamedData("laws"))
        # each point an unseen target of its own tooltip (a line's own would name its first point)
        .mark_line(strokeWidth=1.5, point=alt.OverlayMarkDef(size=40, opacity=0), tooltip=False)
        .encode(
            x=alt.X("estimate:Q", title="추정값 x", scale=alt.Scale(zero=False)),
            y=alt.Y("density:Q", title="확률 ÷ 격자 간격"),
            color=group_colour("model", MODELS, COLOURS),
            tooltip=tooltip,
        )
        .properties(width=360, height=220, description=TEXTS["chart-label"])
    )
    return chart


CHARTS: LabCharts[StateRecord] = LabCharts.single(
    Chart("laws", densities_chart, lab_rows, TEXTS["chart-label"])
)
