"""Figures: self-contained SVG drawn from the exact numbers, and tables that repeat them.

Properties checked:
- every figure is well-formed XML; its chart is an ``<img>`` with a Korean text alternative
  whose file (named by its content) is well-formed SVG with no reference to any host (no
  URL, href, font face or image) and no ids;
- the SVG bars have the heights of the core's probabilities, in their colours whatever the
  event, and a grey band lies behind the maximal event's outputs only; the selected profile
  point sits at δ*(α) of the claim, on the logarithmic α axis;
- the tables hold the core's exact fractions and their decimals;
- the transcript table lists all 2^k transcripts with the brute-force law, one likelihood
  ratio per count, and class sums equal to the count distribution (count sufficiency).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from itertools import pairwise, product

import pytest

from generator.core.profile import INTEGER_GRID, Profile
from generator.core.rational import decimal_str, fraction_str
from generator.course.chart_files import DIRECTORY, drawn_svg
from generator.course.charts import chart_svg
from generator.course.templates import number_html
from generator.lessons.composition import figure as figure_html
from generator.lessons.composition.catalogue import DATA, Example
from generator.lessons.composition.charts import BLUE, CHARTS, EVENT_BAND, ORANGE, SELECTED
from generator.lessons.composition.lab import LAB
from tests.oracles import transcript_laws

CATALOGUE = DATA.catalogue
SLUGS = [example.slug for example in CATALOGUE]
CHART_KINDS = ["distribution", "profile"]
TRANSCRIPT_EXAMPLES = [e for e in CATALOGUE if e.mode == "fresh" and e.k <= 4]
PLOT_HEIGHT = 200  # charts.py: both charts are 200 px tall with δ or probability on [0, 1]
PLOT_WIDTH = 280  # charts.py: both plots are 280 px wide; the profile's log α axis spans [1, 100]


_NAMESPACE = re.compile(r' xmlns(?::\w+)?="[^"]*"')


def parse(kind: str, slug: str) -> ET.Element:
    return ET.fromstring(figure_html(kind, slug))


def chart_text(figure: ET.Element) -> str:
    """The SVG file that the figure's chart shows, without its namespace declarations."""
    (image,) = figure.iter("img")
    return _NAMESPACE.sub("", drawn_svg(image.attrib["src"]))


def chart(kind: str, slug: str) -> ET.Element:
    return ET.fromstring(chart_text(parse(kind, slug)))


def marks(svg: ET.Element, mark_class: str) -> list[ET.Element]:
    """The drawn items of one Vega mark group, in data order."""
    for group in svg.iter("g"):
        if mark_class in group.get("class", "").split():
            return list(group)
    raise AssertionError(f"no mark group {mark_class!r}")


def cell_exacts(row: ET.Element) -> list[str]:
    return [cell.attrib["data-exact"] for cell in row if "data-exact" in cell.attrib]


@pytest.mark.parametrize("kind", CHART_KINDS)
@pytest.mark.parametrize("slug", SLUGS)
def test_svg_is_well_formed_labelled_and_self_contained(kind: str, slug: str) -> None:
    html = figure_html(kind, slug)
    figure = ET.fromstring(html)  # raises on malformed markup
    (image,) = figure.iter("img")
    assert re.fullmatch(rf"{DIRECTORY}/[0-9a-f]{{20}}\.svg", image.attrib["src"])
    assert re.search(r"[가-힣]", image.get("alt", ""))
    assert int(image.attrib["width"]) > 0
    assert int(image.attrib["height"]) > 0
    svg_text = chart_text(figure)
    svg = ET.fromstring(svg_text)  # raises on malformed SVG
    assert svg.tag == "svg"
    for text in (html.lower(), svg_text.lower()):
        for reference in ("http:", "https:", "href", "url(", "@import", "@font-face", "<image", "<script"):
            assert reference not in text, reference
    assert not [element for element in (*figure.iter(), *svg.iter()) if "id" in element.attrib]
    assert figure.get("class") == f"cl-figure cl-figure-{kind}"
    assert re.search(r"[가-힣]", figure.findtext("figcaption", ""))
    assert figure.find("details/summary").text == "표로 보기"


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_bars_have_the_core_heights_and_a_band_marks_the_maximal_event(example: Example) -> None:
    channel = example.channel()
    event = set(Profile(channel).point(example.alpha).event.outputs)
    svg = chart("distribution", example.slug)
    band_width = PLOT_WIDTH / len(channel.labels)
    bands = [band for band in marks(svg, "layer_0_marks") if band.get("opacity") != "0"]
    starts = [float(re.match(r"M(-?[\d.]+),", band.attrib["d"]).group(1)) for band in bands]
    assert [round(start / band_width) for start in starts] == sorted(event)
    assert all(band.get("fill") == EVENT_BAND for band in bands)
    bars = marks(svg, "layer_1_marks")
    expected = [
        (i, colour, probability)
        for i in range(len(channel.labels))
        for colour, probability in ((BLUE, channel.distribution0[i]), (ORANGE, channel.distribution1[i]))
    ]
    assert len(bars) == len(expected)
    for index, (bar, (i, colour, probability)) in enumerate(zip(bars, expected, strict=True)):
        start = float(re.match(r"M(-?[\d.]+),", bar.attrib["d"]).group(1))
        assert start == pytest.approx(i * band_width + (index % 2) * band_width / 2, abs=1e-6)  # in order
        assert bar.get("fill") == colour
        assert bar.get("stroke") is None
        height = float(re.search(r"v(-?[\d.]+)h", bar.attrib["d"]).group(1))
        assert height == pytest.approx(PLOT_HEIGHT * float(probability), abs=1e-6)


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_selected_point_sits_at_delta_star_of_the_claim(example: Example) -> None:
    svg = chart("profile", example.slug)
    (point,) = marks(svg, "layer_3_marks")
    assert point.get("fill") == SELECTED
    x, y = map(float, re.findall(r"-?[\d.]+", point.attrib["transform"]))
    required = Profile(example.channel()).delta(example.alpha)
    assert x == pytest.approx(PLOT_WIDTH * math.log(example.alpha) / math.log(100), abs=1e-6)
    assert y == pytest.approx(PLOT_HEIGHT * (1 - float(required)), abs=1e-6)
    assert len(marks(svg, "layer_1_marks")) == len(INTEGER_GRID)


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_distribution_table_holds_the_exact_values(example: Example) -> None:
    channel = example.channel()
    event = {channel.labels[i] for i in Profile(channel).point(example.alpha).event.outputs}
    rows = [row for row in parse("distribution", example.slug).iter("tr") if "data-output" in row.attrib]
    assert [row.attrib["data-output"] for row in rows] == list(channel.labels)
    for row, p0, p1 in zip(rows, channel.distribution0, channel.distribution1, strict=True):
        assert cell_exacts(row) == [fraction_str(p0), fraction_str(p1)]
        text = "".join(row.itertext())
        for value in (p0, p1):
            assert decimal_str(value) in text
        assert text.endswith("예" if row.attrib["data-output"] in event else "아니요")


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_profile_table_holds_the_grid_and_the_selected_alpha(example: Example) -> None:
    profile = Profile(example.channel())
    figure = parse("profile", example.slug)
    selected, *grid = (row for row in figure.iter("tr") if row.find("th[@scope='row']") is not None)
    assert selected.get("class") == "cl-selected"
    assert Fraction(selected.attrib["data-alpha"]) == example.alpha
    assert cell_exacts(selected) == [fraction_str(profile.delta(example.alpha))]
    # The grid in runs of equal δ*: "1", "2", …, "9–100"; each run a different value from the last.
    shown = []
    for row in grid:
        first, _, last = row.findtext("th").partition("–")
        (exact,) = cell_exacts(row)
        shown += [(alpha, exact) for alpha in range(int(first), int(last or first) + 1)]
        assert last == "" or int(last) > int(first)
    expected = [
        (int(alpha), fraction_str(d))
        for alpha, d in zip(INTEGER_GRID, profile.deltas(INTEGER_GRID), strict=True)
    ]
    assert shown == expected
    values = [cell_exacts(row) for row in grid]
    assert all(a != b for a, b in pairwise(values))


def test_fresh_k2_table_reads_like_the_reference() -> None:
    figure = parse("distribution", "fresh-k2")
    rows = [row for row in figure.iter("tr") if "data-output" in row.attrib]
    assert [cell_exacts(row) for row in rows] == [["9/16", "1/16"], ["3/8", "3/8"], ["1/16", "9/16"]]


@pytest.mark.parametrize("example", TRANSCRIPT_EXAMPLES, ids=[e.slug for e in TRANSCRIPT_EXAMPLES])
def test_transcripts_table_lists_every_transcript_with_its_law(example: Example) -> None:
    k = example.k
    laws = transcript_laws("fresh", example.p, k)
    figure = parse("transcripts", example.slug)
    rows = [row for row in figure.iter("tr") if "data-z" in row.attrib]
    assert len(rows) == 2**k
    assert [row.attrib["data-z"] for row in rows] == [
        "".join(map(str, z)) for t in range(k + 1) for z in product((0, 1), repeat=k) if sum(z) == t
    ]
    ratios: dict[int, set[str]] = {}
    for row in rows:
        z = tuple(int(bit) for bit in row.attrib["data-z"])
        assert int(row.attrib["data-count"]) == sum(z)
        assert cell_exacts(row) == [fraction_str(laws[0][z]), fraction_str(laws[1][z])]
        ratios.setdefault(sum(z), set()).add(row.find("td[@data-ratio]").text)
    assert all(len(values) == 1 for values in ratios.values()), ratios


@pytest.mark.parametrize("example", TRANSCRIPT_EXAMPLES, ids=[e.slug for e in TRANSCRIPT_EXAMPLES])
def test_transcript_classes_sum_to_the_count_distribution(example: Example) -> None:
    channel = example.channel()
    figure = parse("transcripts", example.slug)
    totals = [row for row in figure.iter("tr") if "data-count-total" in row.attrib]
    assert [row.attrib["data-count-total"] for row in totals] == [str(t) for t in range(example.k + 1)]
    for t, row in enumerate(totals):
        assert cell_exacts(row) == [
            fraction_str(channel.distribution0[t]),
            fraction_str(channel.distribution1[t]),
        ]
        assert f"합계 ({math.comb(example.k, t)}개)" in "".join(row.itertext())


def transcript_ratios(slug: str) -> dict[str, str | None]:
    """Transcript z -> the likelihood ratio its table row prints."""
    figure = parse("transcripts", slug)
    return {
        row.attrib["data-z"]: row.find("td[@data-ratio]").text
        for row in figure.iter("tr")
        if "data-z" in row.attrib
    }


def test_fresh_k2_transcript_ratios_are_nine_one_and_a_ninth() -> None:
    assert transcript_ratios("fresh-k2") == {"00": "9", "01": "1", "10": "1", "11": "1/9"}


def test_deterministic_transcripts_have_infinite_or_undefined_ratios() -> None:
    assert transcript_ratios("boundary-p100") == {"00": "∞", "01": "—", "10": "—", "11": "0"}


@pytest.mark.parametrize(
    ("kind", "slug", "named"),
    [
        ("pie", "fresh-k2", "'pie'"),
        ("distribution", "no-such-example", "'no-such-example'"),
        ("transcripts", "xor", "'xor'"),
        ("transcripts", "copy-k2", "'copy-k2'"),
    ],
)
def test_unknown_or_unsuitable_figures_are_named(kind: str, slug: str, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        figure_html(kind, slug)


def test_rendering_is_cached_per_kind_and_slug() -> None:
    assert figure_html("profile", "fresh-k3") is figure_html("profile", "fresh-k3")
    assert figure_html("profile", "fresh-k3") != figure_html("profile", "fresh-k2")


@pytest.mark.parametrize(
    ("exact", "html"),
    [
        ("3/8", '3/8 <span class="cl-decimal">= 0.375</span>'),
        ("1/3", '1/3 <span class="cl-decimal">≈ 0.333</span>'),
        ("1/16", '1/16 <span class="cl-decimal">≈ 0.063</span>'),
        ("0", "0"),
        ("1", "1"),
    ],
)
def test_number_html_says_whether_the_decimal_is_exact(exact: str, html: str) -> None:
    assert number_html(Fraction(exact)) == html


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_captions_state_the_example_numbers(example: Example) -> None:
    point = Profile(example.channel()).point(example.alpha)
    labels = example.channel().labels
    event = "{" + ", ".join(labels[i] for i in point.event.outputs) + "}"
    profile = parse("profile", example.slug).findtext("figcaption", "")
    distribution = parse("distribution", example.slug).findtext("figcaption", "")
    assert f"주장한 δ = {fraction_str(example.delta)}" in profile
    assert (
        f"α = {fraction_str(example.alpha)}에서 따로 정확히 계산한 δ* = {fraction_str(point.delta)}"
        in profile
    )
    if point.event.outputs:
        assert f"사건 {event}({point.event.direction} 방향)" in distribution
    else:  # no event to mark: the caption says why, and marks nothing
        assert point.delta == 0
        assert "필요한 δ가 0이므로 최대 사건은 빈 사건이고" in distribution
    assert "'" not in profile + distribution


def test_outputs_stay_in_their_order_past_ten_outputs() -> None:
    """Two layers share the output axis; sorted by a field without op="min", Vega-Lite drops
    the sort of their unioned domain and puts "10" before "2"."""
    texts = {"mode": "fresh", "k": "30", "p": "75", "alpha": "3.0", "delta": "0", "alpha0": "3.0"}
    svg = chart_svg(CHARTS.chart("distribution").spec(LAB.record(LAB.read(texts))))
    assert re.findall(r"<text[^>]*>([0-9]+)</text>", svg)[:31] == [str(t) for t in range(31)]
