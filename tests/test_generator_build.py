"""``python -m generator build``: every lesson's examples, deterministic, written on change."""

from __future__ import annotations

import json
from pathlib import Path

from generator.course import build
from generator.course.lessons import generated_files, lessons
from generator.course.records import to_json


def test_build_writes_every_example_then_nothing(tmp_path: Path) -> None:
    written = build.build(tmp_path)
    paths = {path.relative_to(tmp_path).as_posix() for path in written}
    assert paths == set(generated_files())  # every lesson's files, and nothing else
    for slug in ("composition", "events"):
        examples = lessons()[slug].examples
        assert {f"{slug}/{example}.json" for example in examples} | {f"{slug}/index.json"} <= paths
    assert build.build(tmp_path) == []
    assert build.drift(tmp_path) == []


def test_drift_names_a_changed_file(tmp_path: Path) -> None:
    build.build(tmp_path)
    target = tmp_path / "composition" / "fresh-k2.json"
    target.write_text("{}\n", encoding="utf-8")
    assert build.drift(tmp_path) == [target]


def test_the_files_are_the_records(tmp_path: Path) -> None:
    build.build(tmp_path)
    composition = lessons()["composition"]
    for slug in composition.examples:
        record = json.loads((tmp_path / "composition" / f"{slug}.json").read_text(encoding="utf-8"))
        assert record == to_json(composition.record(slug))
    index = json.loads((tmp_path / "composition" / "index.json").read_text(encoding="utf-8"))
    assert index == list(composition.examples)
