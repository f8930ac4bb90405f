"""The chart specs: schema-valid, deterministic, and carrying exactly the core's numbers.

Properties checked for every catalogue example:
- a spec validates against the Vega-Lite schema and survives a round trip through Altair;
- equal records give byte-equal specs, and a spec names no other host;
- distribution rows equal the core's distributions (as Fractions of the exact strings),
  and the outline marks exactly the maximal event's outputs;
- profile rows equal δ*(α) on the integer grid, and the selected point is δ*(α) at the
  claim's α, computed anew, not read off the grid or interpolated.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import altair as alt
import pytest

from generator.core import channels
from generator.core.profile import INTEGER_GRID, Profile
from generator.course.templates import reading
from generator.lessons.composition import example_record
from generator.lessons.composition.catalogue import DATA, Example
from generator.lessons.composition.charts import BLUE, CHARTS, ORANGE, claim_rows
from generator.lessons.composition.lab import LAB
from generator.lessons.composition.view import X_LABELS

CATALOGUE = DATA.catalogue
SLUGS = [example.slug for example in CATALOGUE]


def spec_of(kind: str, slug: str) -> dict[str, Any]:
    return CHARTS.chart(kind).spec(example_record(slug))


@pytest.mark.parametrize("slug", SLUGS)
def test_specs_validate_and_round_trip(slug: str) -> None:
    distribution = spec_of("distribution", slug)
    profile = spec_of("profile", slug)
    assert alt.Chart.from_dict(distribution, validate=True).to_dict()["datasets"] == distribution["datasets"]
    assert alt.LayerChart.from_dict(profile, validate=True).to_dict()["datasets"] == profile["datasets"]


@pytest.mark.parametrize("kind", ["distribution", "profile"])
def test_specs_are_deterministic_and_name_no_host(kind: str) -> None:
    # Two records built separately give the same text, key order included.
    first = json.dumps(spec_of(kind, "fresh-k2"), ensure_ascii=False)
    assert first == json.dumps(
        CHARTS.chart(kind).spec(LAB.record(LAB.read(LAB.examples.texts(DATA.catalogue[1])))),
        ensure_ascii=False,
    )
    assert "http" not in first
    assert "$schema" not in json.loads(first)


def test_unknown_chart_is_named() -> None:
    with pytest.raises(ValueError, match="'pie'"):
        CHARTS.chart("pie")


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_distribution_rows_equal_the_core(example: Example) -> None:
    channel = example.channel()
    rows = spec_of("distribution", example.slug)["datasets"]["distribution"]
    assert len(rows) == 2 * len(channel.labels)
    expected = {
        (label, x_label): probability
        for x_label, distribution in zip(
            X_LABELS, (channel.distribution0, channel.distribution1), strict=True
        )
        for label, probability in zip(channel.labels, distribution, strict=True)
    }
    for row in rows:
        exact = Fraction(row["exact"])
        assert exact == expected[(row["output"], row["x"])]
        assert row["probability"] == float(exact)
        assert row["order"] == channel.labels.index(row["output"])


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_a_band_marks_exactly_the_maximal_event_and_no_outline_hides_a_colour(example: Example) -> None:
    channel = example.channel()
    event = Profile(channel).point(example.alpha).event
    spec = spec_of("distribution", example.slug)
    marked = {row["output"] for row in spec["datasets"]["distribution"] if row["in_event"]}
    assert marked == {channel.labels[i] for i in event.outputs}
    band, bars = spec["layer"]
    assert band["mark"] == {"type": "rect", "color": "#000000"}
    assert band["encoding"]["opacity"] == {
        "condition": [{"test": "(datum.in_event && (datum.x === 'x = 0'))", "value": 0.1}],
        "value": 0,
    }
    assert band["encoding"]["x"] == bars["encoding"]["x"]  # one domain, in the outputs' order
    assert "stroke" not in bars["encoding"]
    assert "stroke" not in bars["mark"]


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_tooltips_read_each_value_as_the_page_does(example: Example) -> None:
    rows = spec_of("distribution", example.slug)["datasets"]["distribution"]
    assert all(row["reading"] == reading(Fraction(row["exact"])) for row in rows)
    profile = spec_of("profile", example.slug)["datasets"]
    assert all(row["delta_reading"] == reading(Fraction(row["delta_exact"])) for row in profile["profile"])
    assert profile["claim"][0]["required_reading"] == reading(Fraction(profile["claim"][0]["required_exact"]))


def test_xor_event_is_the_two_x0_pairs() -> None:
    rows = spec_of("distribution", "xor")["datasets"]["distribution"]
    assert {row["output"] for row in rows if row["in_event"]} == {"00", "11"}


def test_distribution_encoding_colours_titles_and_labels() -> None:
    encoding = spec_of("distribution", "fresh-k2")["layer"][1]["encoding"]
    assert encoding["color"]["scale"] == {"domain": ["x = 0", "x = 1"], "range": [BLUE, ORANGE]}
    assert encoding["x"]["axis"]["labelAngle"] == 0
    assert encoding["x"]["sort"] == {"field": "order", "op": "min", "order": "ascending"}
    assert encoding["x"]["title"] == "출력 T: 공개된 1의 개수"
    assert encoding["y"]["title"] == "확률"
    assert spec_of("distribution", "xor")["layer"][1]["encoding"]["x"]["title"] == "출력 (R, x XOR R)"


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_profile_points_equal_the_grid(example: Example) -> None:
    profile = Profile(example.channel())
    rows = spec_of("profile", example.slug)["datasets"]["profile"]
    assert [Fraction(row["alpha_exact"]) for row in rows] == list(INTEGER_GRID)
    for row, alpha in zip(rows, INTEGER_GRID, strict=True):
        assert Fraction(row["delta_exact"]) == profile.delta(alpha)
        assert (row["alpha"], row["delta"]) == (float(alpha), float(profile.delta(alpha)))


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_selected_point_is_delta_star_at_the_claim(example: Example) -> None:
    (row,) = spec_of("profile", example.slug)["datasets"]["claim"]
    required = Profile(example.channel()).delta(example.alpha)
    assert Fraction(row["required_exact"]) == required
    assert row["required"] == float(required)
    assert Fraction(row["alpha_exact"]) == example.alpha
    assert Fraction(row["delta_exact"]) == example.delta


def test_selected_point_off_the_grid_is_exact_not_interpolated() -> None:
    # fresh, p = 60, k = 2: the likelihood ratio 9/4 puts a kink of δ* between the grid's
    # α = 2 and 3, so the chord there misses δ*(11/5) = 1/125 (it gives 4/125).
    texts = {"mode": "fresh", "k": "2", "p": "60", "alpha": "2.2", "delta": "0", "alpha0": "3.0"}
    (row,) = claim_rows(LAB.record(LAB.read(texts)))
    assert row["required_exact"] == "1/125"
    assert row["alpha_exact"] == "11/5"
    profile = Profile(channels.fresh(60, 2))
    chord = profile.delta(Fraction(2)) + (profile.delta(Fraction(3)) - profile.delta(Fraction(2))) / 5
    assert chord == Fraction(4, 125)


def test_profile_layers_axes_and_legend() -> None:
    spec = spec_of("profile", "fresh-k2")
    marks = [layer["mark"]["type"] for layer in spec["layer"]]
    assert marks == ["line", "point", "rule", "point"]
    assert [layer["data"]["name"] for layer in spec["layer"]] == ["profile", "profile", "claim", "claim"]
    x = spec["layer"][0]["encoding"]["x"]
    assert x["title"] == "α = eᵋ"
    assert x["scale"] == {"type": "log", "domain": [1, 100], "nice": False}
    assert x["axis"]["values"] == [1, 2, 3, 5, 10, 20, 30, 50, 100]
    assert spec["layer"][0]["encoding"]["y"]["title"] == "필요한 δ"
    assert spec["layer"][2]["encoding"]["y"]["field"] == "delta"
    assert spec["layer"][3]["encoding"]["y"]["field"] == "required"
