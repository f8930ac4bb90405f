"""A lab's golden vectors (generator/course/golden.py) and the command that writes them, on the
composition lab: what a file holds, that its bytes do not depend on the process, that it is
kept in the build cache by the lesson's source, and ``python -m generator golden``.

Properties:
1. A lab's file names its browser module, its limits, its parameters in order and its texts;
   its parse cases answer every text of each field's kind and its own as the field's reader
   does; each sample holds the record, view, announcement and chart rows of its texts.
2. The bytes are deterministic: two processes with different hash seeds write the same text.
3. A lesson's vectors are cached by its source: a hit makes nothing again, an edit misses.
4. The command writes every lab's file and refuses an --out that is not a directory.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli
from generator.core.fields import Refusal
from generator.course import build_cache
from generator.course import lessons as lessons_module
from generator.course.golden import TEXTS, golden_vectors
from generator.course.records import dumps, to_json
from generator.course.shown import view_json
from generator.lessons.composition import LESSON
from generator.lessons.composition.charts import CHARTS
from generator.lessons.composition.lab import LAB
from tests.conftest import ROOT

assert LAB.golden is not None
SMALL = dataclasses.replace(LAB, golden=dataclasses.replace(LAB.golden, size=12))


@pytest.fixture(scope="module")
def vectors() -> dict[str, object]:
    return golden_vectors(SMALL)


def test_a_file_holds_the_lab_and_its_samples(vectors: dict[str, object]) -> None:
    assert vectors["lab"] == "composition"
    assert vectors["module"] == "generator/lessons/composition/lab/composition.mjs"
    assert (ROOT / str(vectors["module"])).is_file()
    assert vectors["params"] == ["mode", "k", "p", "alpha", "delta", "alpha0"]
    assert vectors["limits"] == {f.name: f.limit.as_json() for f in LAB.fields}
    assert vectors["texts"] == LAB.texts
    assert vectors["state_cases"] == []  # no rule across the lab's fields
    samples = vectors["samples"]
    assert isinstance(samples, list)
    assert len(samples) == 12
    for sample in samples:
        record = LAB.record(LAB.read(sample["texts"]))
        assert sample["record"] == to_json(record)
        assert sample["view"] == view_json(LAB.view(record))
        assert sample["announcement"] == LAB.announcement(record)
        assert sample["charts"] == CHARTS.rows(record)


def test_parse_cases_answer_as_each_field_reads(vectors: dict[str, object]) -> None:
    cases = vectors["parse_cases"]
    assert isinstance(cases, list)
    by_field: dict[str, list[str]] = {}
    for name, text, answer in cases:
        limit = LAB.field_of[name].limit
        value = limit.read(text)
        assert answer == (str(value) if isinstance(value, Refusal) else limit.text(value)), (name, text)
        by_field.setdefault(name, []).append(text)
    assert by_field["mode"] == [*TEXTS["choice"], "fresh", "copy", "xor"]
    assert set(TEXTS["number"]) | {"5.70", "114/20"} <= set(by_field["alpha"])
    assert set(TEXTS["count"]) | {"100", "101"} <= set(by_field["k"])


def test_the_text_is_the_same_bytes_in_two_processes(vectors: dict[str, object]) -> None:
    script = (
        "import dataclasses, sys; from generator.course.golden import golden_vectors; "
        "from generator.course.records import dumps; from generator.lessons.composition.lab import LAB; "
        "lab = dataclasses.replace(LAB, golden=dataclasses.replace(LAB.golden, size=12)); "
        "sys.stdout.write(dumps(golden_vectors(lab)))"
    )

    def run(seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
        return result.stdout

    first = run("1")
    assert first == run("2")
    assert first == dumps(vectors)


def test_a_lessons_vectors_are_cached_by_its_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(build_cache.DIRECTORY_VARIABLE, str(tmp_path))
    made = []

    def vectors(lab: object) -> dict[str, object]:
        made.append(lab)
        return {"call": len(made)}

    monkeypatch.setattr(lessons_module, "golden_vectors", vectors)
    first = lessons_module._cached_golden(LESSON)
    assert set(first) == {"composition-composition-golden.json"}
    assert lessons_module._cached_golden(LESSON) == first  # a hit: nothing is made again
    assert made == [LAB]
    monkeypatch.setattr(lessons_module, "source_digest", lambda module: "an edited lesson")
    assert lessons_module._cached_golden(LESSON) != first  # an edit to the code misses
    assert made == [LAB, LAB]


def test_the_command_writes_every_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {"composition-golden.json": "{}\n", "events-golden.json": "[]\n"}
    monkeypatch.setattr(cli, "golden_files", lambda: files)
    assert cli.main(["golden", "--out", str(tmp_path / "vectors")]) == 0
    written = {path.name: path.read_text(encoding="utf-8") for path in (tmp_path / "vectors").iterdir()}
    assert written == files
    assert "wrote" in capsys.readouterr().err
    assert json.loads(written["composition-golden.json"]) == {}


def test_the_command_refuses_an_out_that_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "golden.json"
    target.write_text("", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "golden", "--out", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "--out must name a directory" in result.stderr
    assert result.stdout == ""
