"""``python -m generator build``: every catalogue example, deterministic, written on change."""

from __future__ import annotations

import json
from pathlib import Path

from generator.core.profile import INTEGER_GRID, Profile
from generator.core.rational import fraction_str, parse_rational
from generator.course import build
from generator.course.lessons import generated_files
from generator.lessons.composition.catalogue import CATALOGUE, TWO_STEP
from generator.lessons.composition.records import example_record, two_step_record
from generator.lessons.events.catalogue import CATALOGUE as EVENTS_CATALOGUE


def test_build_writes_every_example_then_nothing(tmp_path: Path) -> None:
    written = build.build(tmp_path)
    slugs = [e.slug for e in CATALOGUE] + [row.slug for row in TWO_STEP]
    composition = {f"examples/{slug}.json" for slug in slugs} | {"examples/index.json"}
    events = {f"events/{e.slug}.json" for e in EVENTS_CATALOGUE} | {"events/index.json"}
    paths = {path.relative_to(tmp_path).as_posix() for path in written}
    assert paths == set(generated_files())  # every lesson's files, and nothing else
    assert composition | events <= paths
    assert build.build(tmp_path) == []
    assert build.drift(tmp_path) == []


def test_drift_names_a_changed_file(tmp_path: Path) -> None:
    build.build(tmp_path)
    target = tmp_path / "examples" / "fresh-k2.json"
    target.write_text("{}\n", encoding="utf-8")
    assert build.drift(tmp_path) == [target]


def test_records_hold_the_grid_and_the_claim(tmp_path: Path) -> None:
    build.build(tmp_path)
    for example in CATALOGUE:
        record = json.loads((tmp_path / "examples" / f"{example.slug}.json").read_text(encoding="utf-8"))
        profile = Profile(example.channel())
        assert record["grid"]["deltas"] == [fraction_str(d) for d in profile.deltas(INTEGER_GRID)]
        assert parse_rational(record["claim"]["required"]) == profile.delta(example.alpha)
        assert record == example_record(example)
    for row in TWO_STEP:
        record = json.loads((tmp_path / "examples" / f"{row.slug}.json").read_text(encoding="utf-8"))
        assert record == two_step_record(row)
        assert parse_rational(record["claim"]["required"]) == Profile(row.channel()).delta(row.alpha)


def test_exact_values_are_strings() -> None:
    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}.{i}")
        else:
            assert not isinstance(node, float), path
            if isinstance(node, int) and not isinstance(node, bool):
                assert path.endswith((".p", ".k", ".queries")), path

    for example in CATALOGUE:
        walk(example_record(example), example.slug)
