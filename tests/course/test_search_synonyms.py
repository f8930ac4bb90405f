"""The search index learns the names of the Greek letters and the glossary's English terms."""

from __future__ import annotations

import json
from pathlib import Path

from generator.course.search_synonyms import (
    GLOSSARY,
    SearchIndex,
    glossary_terms,
    names_for,
    rewrite_search_index,
    with_synonyms,
)

ROOT = Path(__file__).resolve().parents[2]
TABLE = """# 용어집

| 용어 | 영어 | 뜻 | 다루는 곳 |
| --- | --- | --- | --- |
| $k$-진 무작위 응답 | k-ary randomized response | 범주 $\\lvert z\\rvert$ | [곳](a.md) |
| 합성 | composition | 여러 번 | [곳](b.md) |
"""


def test_the_glossary_table_gives_each_term_its_english_name() -> None:
    assert glossary_terms(TABLE) == {"진 무작위 응답": "k-ary randomized response", "합성": "composition"}
    real = glossary_terms((ROOT / "docs" / GLOSSARY).read_text(encoding="utf-8"))
    assert real["합성"] == "composition"
    assert real["로컬 DP"].startswith("local differential privacy")
    assert len(real) >= 50


def test_names_follow_the_letters_and_terms_a_text_holds_once() -> None:
    terms = {"합성": "composition", "가우스 메커니즘": "Gaussian mechanism"}
    assert names_for("합성의 ε과 δ, 다시 ε", terms) == ["엡실론 epsilon", "델타 delta", "composition"]
    # A term whose English name the text already holds needs nothing.
    assert names_for("합성(composition)", terms) == []
    assert names_for("그림", terms) == []


def test_the_names_are_each_entrys_tags_and_the_rest_is_kept() -> None:
    index: SearchIndex = {
        "config": {"lang": ["en"]},
        "docs": [
            {"location": "a.html", "title": "ε의 뜻", "text": "<p>값</p>"},
            {"location": "b.html", "title": "그림", "text": "<p>그림</p>"},
        ],
    }
    found = with_synonyms(index, {})
    assert found["config"] == index["config"]
    assert found["docs"][0] == {**index["docs"][0], "tags": ["엡실론 epsilon"]}
    assert found["docs"][1] == index["docs"][1]


def test_a_built_sites_json_and_offline_script_are_rewritten_alike(tmp_path: Path) -> None:
    folder = tmp_path / "search"
    folder.mkdir()
    index = {"config": {}, "docs": [{"location": "a.html", "title": "합성", "text": "<p>δ</p>"}]}
    (folder / "search_index.json").write_text(json.dumps(index), encoding="utf-8")
    (folder / "search_index.js").write_text("var __index = " + json.dumps(index), encoding="utf-8")
    rewrite_search_index(tmp_path, TABLE)
    stored = json.loads((folder / "search_index.json").read_text(encoding="utf-8"))
    assert stored["docs"][0]["tags"] == ["델타 delta", "composition"]
    script = (folder / "search_index.js").read_text(encoding="utf-8")
    assert json.loads(script.removeprefix("var __index = ")) == stored
    rewrite_search_index(tmp_path / "no-search", TABLE)  # a site without search is left alone
