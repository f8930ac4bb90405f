"""The lab's server-rendered markup: the default state as the core computes it, and its interfaces.

The browser tests show that the script rewrites these elements with the same texts; here
the markup itself is held to the core (the record of the default catalogue row), to
DESIGN.md's output attributes and to the field limits the engine enforces.
"""

from __future__ import annotations

import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from generator.core.input_limits import LAB_FIELDS, MAX_NUMBER_CHARS
from generator.course import blocks
from generator.course.lab_bundle import BundleError, bundle, lab_entries, lab_scripts, with_lab_scripts
from generator.course.lessons import lab_owners
from generator.course.placeholders import record_of
from generator.lessons.composition.cards import card_html
from generator.lessons.composition.catalogue import BY_SLUG, CATALOGUE
from generator.lessons.composition.charts import chart_spec
from generator.lessons.composition.lab_page import DEFAULT_SLUG, FIELDS, XOR_DISABLED, lab_html
from generator.lessons.composition.lab_url import lab_query
from generator.lessons.composition.result_html import TEXTS, verdict_text

ROOT = Path(__file__).resolve().parent.parent


class _Elements(HTMLParser):
    """Every element's attributes and text, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[dict[str, Any]] = []
        self._open: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(element)
        if tag not in ("input", "br", "img", "meta", "link"):
            self._open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            if self._open.pop()["tag"] == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element["text"] += data


@pytest.fixture(scope="module")
def elements() -> list[dict[str, Any]]:
    parser = _Elements()
    parser.feed(lab_html("composition"))
    return parser.elements


def _one(elements: list[dict[str, Any]], **attributes: str) -> dict[str, Any]:
    found = [e for e in elements if all(e["attrs"].get(name) == value for name, value in attributes.items())]
    assert len(found) == 1, (attributes, len(found))
    return found[0]


def _out(elements: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return _one(elements, **{"data-out": name})


def test_the_default_state_is_the_core_record(elements: list[dict[str, Any]]) -> None:
    record = record_of(DEFAULT_SLUG)
    claim, composition, pure = record["claim"], record["composition"], record["pure_epsilon"]
    assert _out(elements, "delta-required")["attrs"]["data-exact"] == claim["required"] == "3/8"
    assert _out(elements, "delta-required")["text"] == "3/8 = 0.375"
    verdict = _out(elements, "claim")
    assert verdict["attrs"]["data-value"] == "fail"
    assert (
        verdict["text"] == verdict_text(claim) == "주장 실패: 필요한 δ(3/8 = 0.375)가 주장한 δ(0)보다 큽니다"
    )
    event = _out(elements, "max-event")["attrs"]
    assert (event["data-direction"], event["data-outputs"]) == (claim["event"]["direction"], "0")
    assert _out(elements, "eps-pure")["attrs"]["data-value"] == pure["decimal"] == "2.197"
    assert _out(elements, "delta0")["attrs"]["data-exact"] == composition["delta0"]
    assert _out(elements, "queries")["attrs"]["data-exact"] == str(composition["queries"])
    assert _out(elements, "theorem-eps")["attrs"]["data-alpha"] == composition["composed_alpha"]
    assert _out(elements, "theorem-delta")["attrs"]["data-exact"] == composition["theorem_delta"]
    assert _out(elements, "composed-delta-exact")["attrs"]["data-exact"] == composition["exact_delta"]


def test_the_tables_hold_the_core_values(elements: list[dict[str, Any]]) -> None:
    record = record_of(DEFAULT_SLUG)
    rows = [e for e in elements if e["tag"] == "tr" and "data-output" in e["attrs"]]
    assert [row["attrs"]["data-output"] for row in rows] == record["channel"]["labels"]
    cells = [e["attrs"]["data-exact"] for e in elements if e["tag"] == "td" and "data-exact" in e["attrs"]]
    channel, grid = record["channel"], record["grid"]
    distribution = [
        value
        for pair in zip(channel["distribution0"], channel["distribution1"], strict=True)
        for value in pair
    ]
    assert cells == [*distribution, record["claim"]["required"], *grid["deltas"]]


def test_inputs_show_the_default_query(elements: list[dict[str, Any]]) -> None:
    lab = _one(elements, id="lab")
    assert lab["attrs"]["data-default"] == lab_query(BY_SLUG[DEFAULT_SLUG])
    values = dict(pair.split("=") for pair in lab_query(BY_SLUG[DEFAULT_SLUG]).split("&"))
    for field in FIELDS:
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
    assert _one(elements, id="cl-lab-xor-reason")["text"] == XOR_DISABLED


def test_presets_are_the_catalogue_queries(elements: list[dict[str, Any]]) -> None:
    presets = [e["attrs"]["data-preset"] for e in elements if "data-preset" in e["attrs"]]
    assert presets == list(dict.fromkeys(lab_query(example) for example in CATALOGUE))


def test_specs_are_the_static_charts_specs(elements: list[dict[str, Any]]) -> None:
    (script,) = [e for e in elements if "data-lab-specs" in e["attrs"]]
    specs = json.loads(script["text"].replace("<\\/", "</"))
    assert set(specs) == {"fresh", "copy", "xor"}
    # The static chart's spec, without the rows: the engine supplies those before the first draw.
    static = json.loads(json.dumps(chart_spec("distribution", record_of("xor"))))
    assert static["datasets"]["distribution"]
    assert specs["xor"]["distribution"] == {**static, "datasets": {"distribution": []}}


def test_the_lab_and_the_default_card_render_the_same_slots(elements: list[dict[str, Any]]) -> None:
    card = _Elements()
    card.feed(card_html(DEFAULT_SLUG))

    def outs(found: list[dict[str, Any]]) -> dict[str, tuple[dict[str, Any], str]]:
        return {e["attrs"]["data-out"]: (e["attrs"], e["text"]) for e in found if "data-out" in e["attrs"]}

    assert outs(card.elements) == outs(elements)
    assert len(outs(elements)) == 10


def test_unknown_lab_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown lab"):
        lab_html("nope")


# The page-less document the bundle sees in node: no lab to mount, no view meta.
_NODE_PAGE = (
    "globalThis.window = globalThis;"
    "globalThis.document = {currentScript: null, readyState: 'complete',"
    " querySelector: () => null, querySelectorAll: () => []};"
)


ENTRY = lab_entries()["composition"]
ENGINE_MODULE = ENTRY.parent / "engine.mjs"


def test_the_lab_bundle_publishes_the_engine_of_the_module() -> None:
    script = bundle(ENTRY)
    check = (
        f"{_NODE_PAGE}"
        f"eval({json.dumps(script)});"
        "const E = window.CompositionLabEngine;"
        "if (!Object.isFrozen(E)) throw new Error('the engine is not frozen');"
        "const parsed = E.parseInputs("
        "  {mode: 'fresh', k: '2', p: '75', alpha: '3.0', delta: '0', alpha0: '3.0'},"
        f"  {json.dumps({limit.name: limit.as_json() for limit in LAB_FIELDS})});"
        "process.stdout.write(JSON.stringify(E.evaluateLab(parsed.values).claim));"
    )
    result = subprocess.run(["node", "-e", check], capture_output=True, text=True, check=True)
    claim = record_of(DEFAULT_SLUG)["claim"]
    assert json.loads(result.stdout) == claim
    # tests/browser/test_lab_browser.py makes the served engine throw at this line
    assert "function readable(value) {" in script
    # generator/page_files.py follows this URL to ship vega-embed with a lesson
    assert 'new URL("../../vendor/vega/vega-embed.js", script.src)' in script


def test_the_lab_hands_over_every_text_and_its_module_types_none(elements: list[dict[str, Any]]) -> None:
    lab = _one(elements, id="lab")
    for name, text in TEXTS.items():
        assert lab["attrs"][f"data-text-{name}"] == text, name
    module = (ENTRY.parent / "composition.mjs").read_text(encoding="utf-8")
    assert not re.search("[가-힣]", module)
    assert "\n\n" not in lab_html("composition")  # a blank line would end the HTML block in the page


def test_a_missing_esbuild_stops_the_bundle_naming_the_entry(tmp_path: Path) -> None:
    with pytest.raises(BundleError, match=r"cannot bundle .*main\.mjs: esbuild is missing"):
        bundle(ENTRY, esbuild=tmp_path / "esbuild")


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("import { nothing } from './absent.mjs';\nnothing();\n", "absent.mjs"),
        ("export const a = ;\n", "Unexpected"),
    ],
)
def test_a_bundling_error_stops_the_bundle_naming_the_entry(tmp_path: Path, source: str, reason: str) -> None:
    entry = tmp_path / "broken.mjs"
    entry.write_text(source, encoding="utf-8")
    with pytest.raises(BundleError, match=r"cannot bundle .*broken\.mjs: esbuild failed") as raised:
        bundle(entry)
    assert reason in str(raised.value)


PAGE = '<html><head></head><body><main>{}</main><script src="x.js"></script></body></html>'


URLS = {"composition": "../lab/composition.js", "events": "../lab/events.js"}


def test_only_a_page_with_a_lab_gets_the_lab_script() -> None:
    tag = '<script src="../lab/composition.js"></script>\n'
    lab = PAGE.format('<section id="lab" data-lab="composition" data-lab-sequence="0"></section>')
    loaded = with_lab_scripts(lab, URLS)
    assert loaded == lab.replace("</body>", tag + "</body>")
    assert loaded.index("x.js") < loaded.index("lab/composition.js")  # after storage.js and the rest
    for plain in (
        PAGE.format("<p>no lab</p>"),
        PAGE.format("<p data-lab-area>an area is not a lab</p>"),
        PAGE.format("<pre><code>&lt;section data-lab=&quot;x&quot;&gt;</code></pre>"),
    ):
        assert with_lab_scripts(plain, URLS) == plain
    with pytest.raises(ValueError, match="no </body>"):
        with_lab_scripts('<div data-lab="composition"></div>', URLS)


def test_a_page_with_two_labs_loads_each_script_once_and_an_unknown_lab_stops_the_build() -> None:
    labs = '<section data-lab="events"></section><section data-lab="composition"></section>' * 2
    loaded = with_lab_scripts(PAGE.format(labs), URLS)
    tags = re.findall(r'<script src="([^"]+)"></script>\n</body>', loaded, flags=re.DOTALL)
    assert re.findall(r'<script src="(\.\./lab/[^"]+)"', loaded) == [
        "../lab/events.js",
        "../lab/composition.js",
    ]
    assert tags == ["../lab/composition.js"]
    with pytest.raises(ValueError, match="'optimal', which has no script"):
        with_lab_scripts(PAGE.format('<section data-lab="optimal"></section>'), URLS)


def test_two_labs_of_one_lesson_share_its_script_and_each_lab_has_one_owner() -> None:
    scripts = lab_scripts()
    owners = lab_owners()
    assert owners["group"] == owners["postprocessing"] == "postprocessing"
    assert scripts["group"] == scripts["postprocessing"] == "assets/javascripts/lab/postprocessing.js"
    assert set(scripts) == set(owners)
    assert set(lab_entries()) == set(owners.values())
    shared = {"postprocessing": "../lab/postprocessing.js", "group": "../lab/postprocessing.js"}
    page = PAGE.format('<section data-lab="postprocessing"></section><section data-lab="group"></section>')
    assert re.findall(r'<script src="(\.\./lab/[^"]+)"', with_lab_scripts(page, shared)) == [
        "../lab/postprocessing.js"
    ]
    assert 'data-lab="group"' in blocks.lab_html("group")
    with pytest.raises(ValueError, match="unknown lab 'nothing'"):
        blocks.lab_html("nothing")


def test_messages_name_the_one_length_limit_and_the_engine_types_none() -> None:
    for field in FIELDS:
        assert f"{MAX_NUMBER_CHARS:,}자" in field.messages()["too-long"]
    sources = [ENGINE_MODULE, *sorted((ROOT / "site_overrides/assets/javascripts/lab").rglob("*.mjs"))]
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert not re.search(r"MAX_INPUT_CHARS|LIMITS|max_chars\s*[:=]\s*\d", text), source


def test_every_field_hands_its_limit_to_the_engine(elements: list[dict[str, Any]]) -> None:
    for field in FIELDS:
        wrapper = _one(elements, **{"data-field": field.name})
        assert json.loads(wrapper["attrs"]["data-limit"]) == field.limit.as_json()
    assert [field.limit for field in FIELDS] == list(LAB_FIELDS)
