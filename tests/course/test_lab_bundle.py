"""The labs' browser bundles (generator/course/lab_bundle.py): one classic script per lesson,
made by esbuild from the entry the course writes, and loaded only by a page that holds one of
its labs."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from generator.course import blocks
from generator.course.lab_bundle import BundleError, bundle, lab_entries, lab_scripts, with_lab_scripts
from generator.course.lessons import lessons
from tests.browser.test_lab_parity import FORMATTER

# The page-less document a bundle sees in node: no lab to mount.
_NODE_PAGE = (
    "globalThis.window = globalThis;"
    "globalThis.document = {currentScript: null, readyState: 'complete',"
    " querySelector: () => null, querySelectorAll: () => []};"
)

ENTRY, SOURCE = lab_entries()["composition"]


def test_a_lesson_bundle_starts_its_labs_from_their_modules_and_publishes_nothing() -> None:
    assert SOURCE is not None
    assert "import * as lab0 from './composition.mjs';" in SOURCE
    assert 'startLabModules({ "composition": lab0 });' in SOURCE
    script = bundle(ENTRY, source=SOURCE)
    check = (
        f"{_NODE_PAGE}const before = new Set(Object.keys(globalThis));"
        f"eval({json.dumps(script)});"
        "process.stdout.write(JSON.stringify(Object.keys(globalThis).filter((k) => !before.has(k))));"
    )
    result = subprocess.run(["node", "-e", check], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == []
    # tests/browser/test_lab_parity.py makes the served formatter throw at this line
    assert len(FORMATTER.findall(script)) == 1
    # generator/page_files.py follows this URL to ship vega-embed with a lesson
    assert 'new URL("../../vendor/vega/vega-embed.js", script.src)' in script


def test_a_missing_esbuild_stops_the_bundle_naming_the_entry(tmp_path: Path) -> None:
    with pytest.raises(BundleError, match=r"cannot bundle .*index\.mjs: esbuild is missing"):
        bundle(ENTRY, esbuild=tmp_path / "esbuild", source=SOURCE)


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


def test_no_browser_module_types_a_limit() -> None:
    root = Path(__file__).resolve().parents[2]
    sources = [
        *sorted((root / "site_overrides/assets/javascripts/lab").rglob("*.mjs")),
        *sorted((root / "generator/lessons").glob("*/lab/*.mjs")),
    ]
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert not re.search(r"MAX_INPUT_CHARS|LIMITS|max_chars\s*[:=]\s*\d", text), source


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


def test_two_labs_of_one_lesson_share_its_script_and_labs_are_named_within_their_lesson() -> None:
    scripts = lab_scripts("postprocessing")
    assert scripts == {
        "postprocessing": "assets/javascripts/lab/postprocessing.js",
        "group": "assets/javascripts/lab/postprocessing.js",
    }
    assert lab_scripts(None) == {}
    assert lab_scripts("index") == {}
    assert set(lab_entries()) == {slug for slug, lesson in lessons().items() if lesson.labs}
    shared = {"postprocessing": "../lab/postprocessing.js", "group": "../lab/postprocessing.js"}
    page = PAGE.format('<section data-lab="postprocessing"></section><section data-lab="group"></section>')
    assert re.findall(r'<script src="(\.\./lab/[^"]+)"', with_lab_scripts(page, shared)) == [
        "../lab/postprocessing.js"
    ]
    assert 'data-lab="group"' in blocks.lab_html("postprocessing", "group")
    with pytest.raises(ValueError, match="unknown lab 'nothing'"):
        blocks.lab_html("postprocessing", "nothing")
    with pytest.raises(ValueError, match="belongs on a lesson's page"):
        blocks.lab_html(None, "group")
