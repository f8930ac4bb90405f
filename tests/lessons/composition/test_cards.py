"""Experiment cards: the reference's numbers in the lab's data-out / data-exact markup.

The expected values are the reference's hand computations (3/8 and fail for fresh k = 2,
3/8 for k = 3, 0.6 / 1 / 0.72 in the composition panel, δ = 1 and "—" for XOR), and for
every example the core's own answers, computed here directly rather than read from records.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from generator.core.composition import compose
from generator.core.profile import Profile
from generator.core.pure_epsilon import pure_epsilon
from generator.core.rational import fraction_str
from generator.lessons.composition import card as card_html
from generator.lessons.composition import figure as figure_html
from generator.lessons.composition.catalogue import DATA, Example
from generator.lessons.composition.lab import LAB

CATALOGUE = DATA.catalogue
SLUGS = [example.slug for example in CATALOGUE]
OUTPUTS = [
    "delta-required",
    "claim",
    "max-event",
    "eps-pure",
    "alpha0",
    "delta0",
    "queries",
    "theorem-eps",
    "theorem-delta",
    "composed-delta-exact",
]


def outputs(slug: str) -> dict[str, ET.Element]:
    card = ET.fromstring(card_html(slug))
    found = [element for element in card.iter() if "data-out" in element.attrib]
    by_name = {element.attrib["data-out"]: element for element in found}
    assert len(by_name) == len(found), "a data-out name repeats"
    return by_name


def text(element: ET.Element) -> str:
    return "".join(element.itertext())


def test_fresh_k2_needs_three_eighths_and_fails() -> None:
    out = outputs("fresh-k2")
    assert out["delta-required"].attrib["data-exact"] == "3/8"
    assert "0.375" in text(out["delta-required"])
    assert out["claim"].attrib["data-value"] == "fail"
    assert text(out["claim"]) == "주장 실패: 필요한 δ(3/8 = 0.375)가 주장한 δ(0)보다 큽니다"
    assert out["max-event"].attrib["data-outputs"] == "0"
    assert out["max-event"].attrib["data-direction"] == "0→1"
    assert out["eps-pure"].attrib["data-value"] == "2.197"
    assert "2·ln(3)" in text(out["eps-pure"])


def test_fresh_k3_needs_the_same_three_eighths() -> None:
    assert outputs("fresh-k3")["delta-required"].attrib["data-exact"] == "3/8"


def test_copy_costs_one_response() -> None:
    copy, single = outputs("copy-k2"), outputs("boundary-k1")
    assert copy["delta-required"].attrib["data-exact"] == single["delta-required"].attrib["data-exact"] == "0"
    assert copy["eps-pure"].attrib["data-value"] == single["eps-pure"].attrib["data-value"] == "1.099"
    assert copy["queries"].attrib["data-exact"] == "1"


def test_composition_panel_of_p90_is_06_1_072() -> None:
    out = outputs("composition-p90")
    exact = {
        name: Fraction(out[name].attrib["data-exact"])
        for name in ("delta0", "theorem-delta", "composed-delta-exact")
    }
    assert exact == {
        "delta0": Fraction("0.6"),
        "theorem-delta": Fraction(1),
        "composed-delta-exact": Fraction("0.72"),
    }
    assert out["queries"].attrib["data-exact"] == "2"
    assert out["theorem-eps"].attrib["data-value"] == "2.197"
    assert out["theorem-eps"].attrib["data-alpha"] == "9"
    assert "min(1, 2 × 3/5) = 1" in text(out["theorem-delta"])
    assert out["claim"].attrib["data-value"] == "pass"


def test_xor_needs_delta_one_and_has_no_theorem() -> None:
    card = card_html("xor")
    out = outputs("xor")
    assert out["delta-required"].attrib["data-exact"] == "1"
    assert out["eps-pure"].attrib["data-value"] == "inf"
    assert out["max-event"].attrib["data-outputs"] == "00 11"
    for name in ("delta0", "queries", "theorem-eps", "theorem-delta", "composed-delta-exact"):
        assert text(out[name]) == "—"
        assert "data-exact" not in out[name].attrib
    assert "주변 보장" in card
    assert "조건부" in card


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_every_card_carries_the_core_values(example: Example) -> None:
    out = outputs(example.slug)
    assert sorted(out) == sorted(OUTPUTS)
    profile = Profile(example.channel())
    point = profile.point(example.alpha)
    assert out["delta-required"].attrib["data-exact"] == fraction_str(point.delta)
    assert out["claim"].attrib["data-value"] == ("pass" if example.delta >= point.delta else "fail")
    assert out["max-event"].attrib["data-outputs"].split() == [
        example.channel().labels[i] for i in point.event.outputs
    ]
    assert out["eps-pure"].attrib["data-value"] == pure_epsilon(example.channel()).decimal()
    assert out["alpha0"].attrib["data-exact"] == fraction_str(example.alpha0)
    panel = compose(profile, example.alpha0)
    if panel.applies:
        assert out["delta0"].attrib["data-exact"] == fraction_str(panel.delta0)
        assert out["queries"].attrib["data-exact"] == str(panel.queries)
        assert out["theorem-delta"].attrib["data-exact"] == fraction_str(panel.theorem_delta)
        assert out["composed-delta-exact"].attrib["data-exact"] == fraction_str(panel.exact_delta)
        assert out["theorem-eps"].attrib["data-alpha"] == fraction_str(panel.composed_alpha)


@pytest.mark.parametrize("example", CATALOGUE, ids=SLUGS)
def test_card_frame_figures_and_lab_link(example: Example) -> None:
    html = card_html(example.slug)
    card = ET.fromstring(html)
    assert card.tag == "article"
    assert card.get("class") == "cl-card"
    assert card.get("id") == f"card-{example.slug}"
    assert card.findtext("h3") == example.title
    assert figure_html("distribution", example.slug) in html
    assert figure_html("profile", example.slug) in html
    (link,) = list(card.iter("a"))
    assert link.get("href") == f"?{LAB.query(LAB.examples.texts(example))}#lab"
    assert link.text == "이 예제를 실험실에서 열기"


def test_card_inputs_name_the_example() -> None:
    inputs = ET.fromstring(card_html("composition-p90")).find("dl[@class='cl-card-inputs']")
    assert inputs is not None
    pairs = {div.findtext("dt"): text(div.find("dd")) for div in inputs}
    assert pairs["모드"] == "새 응답"
    assert pairs["반복 횟수 k"] == "2"
    assert pairs["참값 확률 p"] == "90%"
    assert pairs["주장한 α"] == "9 (ε = ln(9) ≈ 2.197)"
    assert pairs["주장한 δ"] == "18/25 = 0.72"
    assert pairs["단계별 α₀"] == "3 (ε₀ = ln(3) ≈ 1.099)"


def test_unknown_card_is_named() -> None:
    with pytest.raises(ValueError, match="'nope'"):
        card_html("nope")
