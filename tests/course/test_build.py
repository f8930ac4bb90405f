"""``python -m generator build``: every lesson's records written once, then nothing, and drift
reported; the JSON holds exact values as reduced fraction strings, read back equal to the
records (an independent reader: ``json`` and ``Fraction``, not the course's writer)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import gmpy2

from generator.course import build
from generator.course.lessons import Lesson, lessons

SHAPED = {slug: lesson for slug, lesson in lessons().items() if isinstance(lesson, Lesson)}


def test_build_writes_every_lessons_records_then_nothing(tmp_path: Path) -> None:
    written = {path.relative_to(tmp_path).as_posix() for path in build.build(tmp_path)}
    for slug, lesson in SHAPED.items():
        expected = {f"{slug}/{example}.json" for example in lesson.examples} | {f"{slug}/index.json"}
        assert expected <= written, slug
        index = json.loads((tmp_path / slug / "index.json").read_text(encoding="utf-8"))
        assert index == list(lesson.examples)
    assert build.build(tmp_path) == []
    assert build.drift(tmp_path) == []


def test_drift_names_a_changed_file(tmp_path: Path) -> None:
    build.build(tmp_path)
    target = tmp_path / "events" / "three.json"
    target.write_text("{}\n", encoding="utf-8")
    assert build.drift(tmp_path) == [target]


def _same(written: object, record: object, path: str) -> None:
    """The JSON value equals the record: a Fraction as its reduced string, a tuple as a list."""
    if isinstance(record, Fraction):
        assert isinstance(written, str), path
        numerator, _, denominator = written.partition("/")
        # Read by GMP: CPython refuses str -> int past 4,300 digits, and records hold longer ones.
        # The reduced spelling: the terms are the record's own, and "/1" is never written.
        assert int(gmpy2.mpz(numerator)) == record.numerator, path
        assert int(gmpy2.mpz(denominator or "1")) == record.denominator, path
        assert bool(denominator) == (record.denominator > 1), path
    elif isinstance(record, dict):
        assert isinstance(written, dict), path
        assert set(written) == set(record), path
        for key, value in record.items():
            _same(written[key], value, f"{path}.{key}")
    elif isinstance(record, list | tuple):
        assert isinstance(written, list), path
        assert len(written) == len(record), path
        for index, (left, right) in enumerate(zip(written, record, strict=True)):
            _same(left, right, f"{path}.{index}")
    else:
        assert not isinstance(written, float), f"{path}: a float in a record"
        assert written == record, path


def test_the_json_reads_back_equal_to_the_records(tmp_path: Path) -> None:
    build.build(tmp_path)
    for slug, lesson in SHAPED.items():
        for example in lesson.examples:
            written = json.loads((tmp_path / slug / f"{example}.json").read_text(encoding="utf-8"))
            _same(written, lesson.record(example), f"{slug}/{example}")
