"""The composition lab: its server-rendered markup (the default state as the core computes it,
and DESIGN.md's interfaces), its address, the fields xor ignores, and its golden sample.

The browser's module is held to the same records and views by the golden vectors
(tests/js/engines.test.mjs); here the markup itself is held to the core (the record of the
default catalogue row), to DESIGN.md's output attributes and to the field limits the browser
enforces.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any
from urllib.parse import parse_qs

import pytest

from generator.core.fields import MAX_NUMBER_CHARS, parse_rational
from generator.core.input_limits import LAB_ALPHA, LAB_ALPHA0, LAB_DELTA, LAB_K, P
from generator.core.rational import fraction_str
from generator.course.lab import StateError
from generator.course.lesson_file import LessonDataError
from generator.lessons.composition import card, example_record
from generator.lessons.composition.catalogue import BY_SLUG, DATA, Example
from generator.lessons.composition.charts import CHARTS
from generator.lessons.composition.lab import FIELDS, FOLDER, LAB, MODE, sample
from generator.lessons.composition.view import TEXTS, verdict_text
from tests.harness.html import parse

DEFAULT_SLUG = LAB.examples.opening().slug


def _parsed(html: str) -> list[dict[str, Any]]:
    """Every element's tag, attributes and text (its descendants' too), in document order."""
    body = parse(html).body
    assert body is not None
    return [
        {"tag": node.tag, "attrs": dict(node.attributes), "text": node.text(deep=True) or ""}
        for node in body.css("*")
    ]


@pytest.fixture(scope="module")
def elements() -> list[dict[str, Any]]:
    return _parsed(LAB.html())


def _one(elements: list[dict[str, Any]], **attributes: str) -> dict[str, Any]:
    found = [e for e in elements if all(e["attrs"].get(name) == value for name, value in attributes.items())]
    assert len(found) == 1, (attributes, len(found))
    return found[0]


def _out(elements: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return _one(elements, **{"data-out": name})


def test_the_default_state_is_the_core_record(elements: list[dict[str, Any]]) -> None:
    record = example_record(DEFAULT_SLUG)
    claim, composition, pure = record["claim"], record["composition"], record["pure_epsilon"]
    assert _out(elements, "delta-required")["attrs"]["data-exact"] == fraction_str(claim["required"]) == "3/8"
    assert _out(elements, "delta-required")["text"] == "3/8 = 0.375"
    verdict = _out(elements, "claim")
    assert verdict["attrs"]["data-value"] == "fail"
    assert (
        verdict["text"] == verdict_text(claim) == "주장 실패: 필요한 δ(3/8 = 0.375)가 주장한 δ(0)보다 큽니다"
    )
    event = _out(elements, "max-event")["attrs"]
    assert (event["data-direction"], event["data-outputs"]) == (claim["event"]["direction"], "0")
    assert _out(elements, "eps-pure")["attrs"]["data-value"] == pure["decimal"] == "2.197"
    assert composition["delta0"] is not None
    assert composition["queries"] is not None
    assert _out(elements, "delta0")["attrs"]["data-exact"] == fraction_str(composition["delta0"])
    assert _out(elements, "queries")["attrs"]["data-exact"] == str(composition["queries"])
    for name, key in (
        ("theorem-eps", "composed_alpha"),
        ("theorem-delta", "theorem_delta"),
        ("composed-delta-exact", "exact_delta"),
    ):
        attribute = "data-alpha" if name == "theorem-eps" else "data-exact"
        value = composition[key]  # type: ignore[literal-required]
        assert _out(elements, name)["attrs"][attribute] == fraction_str(value)


def test_the_tables_hold_the_core_values(elements: list[dict[str, Any]]) -> None:
    record = example_record(DEFAULT_SLUG)
    rows = [e for e in elements if e["tag"] == "tr" and "data-output" in e["attrs"]]
    assert [row["attrs"]["data-output"] for row in rows] == record["channel"]["labels"]
    cells = [e["attrs"]["data-exact"] for e in elements if e["tag"] == "td" and "data-exact" in e["attrs"]]
    channel, grid = record["channel"], record["grid"]
    distribution = [
        value
        for pair in zip(channel["distribution0"], channel["distribution1"], strict=True)
        for value in pair
    ]
    expected = [*distribution, record["claim"]["required"], *grid["deltas"]]
    assert cells == [fraction_str(value) for value in expected]
    selected = [e for e in elements if e["attrs"].get("class") == "cl-selected"]
    assert [(e["attrs"]["data-alpha"], e["text"]) for e in selected] == [("3", "3 (선택)3/8 = 0.375")]


def test_inputs_show_the_default_query(elements: list[dict[str, Any]]) -> None:
    lab = _one(elements, id="lab")
    query = "mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0"
    assert lab["attrs"]["data-default"] == LAB.default_query == query
    values = dict(pair.split("=") for pair in query.split("&"))
    for field in FIELDS[1:]:
        control = _one(elements, id=f"cl-lab-{field.name}")
        assert control["attrs"]["value"] == values[field.name]
        labels = [
            e for e in elements if e["tag"] == "label" and e["attrs"].get("for") == f"cl-lab-{field.name}"
        ]
        assert [label["text"].split(" (")[0] for label in labels] == [field.label]
        wrapper = _one(elements, **{"data-field": field.name})
        assert set(json.loads(wrapper["attrs"]["data-messages"])) == {
            "empty",
            "too-long",
            "syntax",
            "step",
            "range",
        }
    checked = [
        e["attrs"]["value"] for e in elements if e["attrs"].get("name") == "mode" and "checked" in e["attrs"]
    ]
    assert checked == [values["mode"]]
    hints = [e["text"] for e in elements if e["attrs"].get("class") == "cl-lab-choice-hint"]
    assert hints == list(FIELDS[0].hints)
    reason = _one(elements, id="cl-lab-xor-reason")
    assert reason["text"] == TEXTS["xor-reason"]
    assert "hidden" in reason["attrs"]
    for name in ("k", "p"):  # the fields xor ignores say why
        assert "cl-lab-xor-reason" in _one(elements, id=f"cl-lab-{name}")["attrs"]["aria-describedby"]


def test_presets_are_the_catalogue_queries(elements: list[dict[str, Any]]) -> None:
    presets = [e["attrs"]["data-preset"] for e in elements if "data-preset" in e["attrs"]]
    assert presets == list(
        dict.fromkeys(LAB.query(LAB.examples.texts(example)) for example in DATA.catalogue)
    )
    assert len(presets) == len(DATA.catalogue) - 1  # the concept row repeats fresh-k2's state


def test_specs_are_the_static_charts_specs_one_per_mode(elements: list[dict[str, Any]]) -> None:
    (script,) = [e for e in elements if "data-lab-specs" in e["attrs"]]
    specs = json.loads(script["text"].replace("<\\/", "</"))
    assert set(specs) == {"fresh", "copy", "xor"}
    # The static chart's spec, without the rows: the engine supplies those before the first draw.
    static = json.loads(json.dumps(CHARTS.chart("distribution").spec(example_record("xor"))))
    assert static["datasets"]["distribution"]
    assert specs["xor"]["distribution"] == {**static, "datasets": {"distribution": []}}
    titles = {
        mode: spec["distribution"]["layer"][1]["encoding"]["x"]["title"] for mode, spec in specs.items()
    }
    assert titles == {
        "fresh": "출력 T: 공개된 1의 개수",
        "copy": "출력 T: 공개된 1의 개수",
        "xor": "출력 (R, x XOR R)",
    }


def test_the_lab_and_the_default_card_render_the_same_slots(elements: list[dict[str, Any]]) -> None:
    def outs(found: list[dict[str, Any]]) -> dict[str, tuple[dict[str, Any], str]]:
        return {e["attrs"]["data-out"]: (e["attrs"], e["text"]) for e in found if "data-out" in e["attrs"]}

    assert outs(_parsed(card(DEFAULT_SLUG))) == outs(elements)
    assert len(outs(elements)) == 10


def test_the_lab_hands_over_every_text_and_its_module_types_none(elements: list[dict[str, Any]]) -> None:
    lab = _one(elements, id="lab")
    for name, text in TEXTS.items():
        assert lab["attrs"][f"data-text-{name}"] == text, name
    module = (FOLDER / "lab" / "composition.mjs").read_text(encoding="utf-8")
    assert not re.search("[가-힣]", module)
    assert "\n\n" not in LAB.html()  # a blank line would end the HTML block in the page


def test_every_field_hands_its_limit_to_the_browser(elements: list[dict[str, Any]]) -> None:
    assert [field.limit for field in FIELDS] == [MODE, LAB_K, P, LAB_ALPHA, LAB_DELTA, LAB_ALPHA0]
    for field in FIELDS:
        wrapper = _one(elements, **{"data-field": field.name})
        assert json.loads(wrapper["attrs"]["data-limit"]) == field.limit.as_json()
        assert f"{MAX_NUMBER_CHARS:,}자" in field.messages()["too-long"]


# ---------------------------------------------------------------------------------------
# The address


def test_fresh_k2_query_is_the_documented_one() -> None:
    assert (
        LAB.query(LAB.examples.texts(BY_SLUG["fresh-k2"]))
        == "mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0"
    )


@pytest.mark.parametrize(
    ("slug", "query"),
    [
        ("composition-p90", "mode=fresh&k=2&p=90&alpha=9.0&delta=0.72&alpha0=3.0"),
        ("xor", "mode=xor&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0"),
        ("boundary-p50", "mode=fresh&k=2&p=50&alpha=1.0&delta=0&alpha0=3.0"),
        ("exercise-tv", "mode=fresh&k=2&p=75&alpha=1.0&delta=0.5&alpha0=3.0"),
        ("exercise-fail", "mode=fresh&k=2&p=75&alpha=3.0&delta=0.374&alpha0=3.0"),
        ("exercise-pass", "mode=fresh&k=2&p=75&alpha=3.0&delta=0.375&alpha0=3.0"),
    ],
)
def test_queries_of_the_reference_examples(slug: str, query: str) -> None:
    assert LAB.query(LAB.examples.texts(BY_SLUG[slug])) == query


@pytest.mark.parametrize("example", DATA.catalogue, ids=[e.slug for e in DATA.catalogue])
def test_round_trip_gives_the_exact_example(example: Example) -> None:
    fields = parse_qs(LAB.query(LAB.examples.texts(example)), strict_parsing=True)
    assert list(fields) == ["mode", "k", "p", "alpha", "delta", "alpha0"]
    assert all(len(values) == 1 for values in fields.values())
    assert fields["mode"] == [str(example.mode)]
    assert (int(fields["k"][0]), int(fields["p"][0])) == (example.k, example.p)
    assert parse_rational(fields["alpha"][0]) == example.alpha
    assert parse_rational(fields["delta"][0]) == example.delta
    assert parse_rational(fields["alpha0"][0]) == example.alpha0
    assert all(len(fields[name][0].split(".")[1]) == 1 for name in ("alpha", "alpha0"))


def test_typed_forms_read_to_one_canonical_address() -> None:
    typed = {"mode": "copy", "k": "007", "p": "75", "alpha": "57/10", "delta": "1/3", "alpha0": "5.70"}
    assert LAB.query(typed) == "mode=copy&k=7&p=75&alpha=5.7&delta=1/3&alpha0=5.7"
    assert LAB.query({**typed, "delta": "1e-5"}) == "mode=copy&k=7&p=75&alpha=5.7&delta=0.00001&alpha0=5.7"


def test_xor_ignores_k_and_p_and_the_other_modes_read_them() -> None:
    texts = {"mode": "xor", "k": "abc", "p": "101", "alpha": "3.0", "delta": "0", "alpha0": "3.0"}
    record = LAB.record(LAB.read(texts))
    assert record["claim"]["required"] == 1
    assert record["composition"]["queries"] is None
    for mode in ("fresh", "copy"):
        with pytest.raises(StateError) as refused:
            LAB.read({**texts, "mode": mode})
        assert refused.value.refusals == {"k": "syntax", "p": "range"}
    with pytest.raises(StateError) as refused:
        LAB.read({**texts, "mode": "XOR"})
    assert set(refused.value.refusals) == {"mode", "k", "p"}


def test_a_catalogue_row_the_lab_would_refuse_stops_the_build() -> None:
    example = BY_SLUG["composition-p90"]
    for change, reason in (
        ({"p": 101}, "p: range"),
        ({"alpha": Fraction(301, 100)}, "no exact 1-decimal form"),
    ):
        row = example.model_copy(update={"slug": "bad", **change})
        with pytest.raises(LessonDataError, match=rf"'bad' is no state of the lab 'composition': .*{reason}"):
            replace(LAB, examples=replace(LAB.examples, rows=[row.model_copy(update={"opens": True})]))


# ---------------------------------------------------------------------------------------
# The golden sample


def test_the_golden_sample_covers_the_domain_and_both_verdicts() -> None:
    assert LAB.golden is not None
    rng = random.Random(LAB.golden.seed)
    samples = [sample(rng) for _ in range(LAB.golden.size)]
    assert samples[:5] == [sample(r) for r in [random.Random(LAB.golden.seed)] for _ in range(5)]
    records = [LAB.record(LAB.read(texts)) for texts in samples]  # every sample is a state
    assert {texts["mode"] for texts in samples} == {"fresh", "copy", "xor"}
    verdicts = [record["claim"]["passes"] for record in records]
    assert 0.1 < sum(verdicts) / len(verdicts) < 0.9
    ks = [int(texts["k"]) for texts in samples]
    assert max(ks) == 100
    assert min(ks) == 1
    assert 0 < sum(k > 40 for k in ks) <= len(ks) // 20  # the expensive states are few
    typed = [texts[name] for texts in samples for name in ("alpha", "delta", "alpha0")]
    assert sum("/" in text for text in typed) > len(samples) // 10  # fractions are typed too
    assert any("e-" in texts["delta"] for texts in samples)  # and scientific notation
    assert any(record["claim"]["delta"] == record["claim"]["required"] for record in records)
    composed = {record["channel"]["mode"] for record in records if record["composition"]["queries"] is None}
    assert composed == {"xor"}
