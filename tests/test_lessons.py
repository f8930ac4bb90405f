"""The lesson boundary: lessons are found by their folders, their data files are read strictly,
and the generic layers (the exact core, the course machinery) name no lesson."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from generator.course.lesson_data import LessonDataError, read_data
from generator.course.lessons import lessons
from generator.course.quiz import quiz_from_data
from generator.lessons.composition.catalogue import (
    CATALOGUE,
    TWO_STEP,
    catalogue_from_data,
    two_step_from_data,
)
from generator.lessons.composition.data import DATA_FILE, SECTIONS
from generator.lessons.composition.quiz import COMPOSITION

GENERATOR = Path(__file__).resolve().parent.parent / "generator"
GENERIC = ("core", "course")
SLUGS = sorted(path.parent.name for path in (GENERATOR / "lessons").glob("*/__init__.py"))


def _modules(*layers: str) -> list[Path]:
    return sorted(path for layer in layers for path in (GENERATOR / layer).rglob("*.py"))


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_every_lesson_folder_is_discovered_under_its_name() -> None:
    assert SLUGS
    assert list(lessons()) == SLUGS
    assert all(lesson.slug == slug for slug, lesson in lessons().items())


@pytest.mark.parametrize("path", _modules(*GENERIC), ids=lambda path: str(path.relative_to(GENERATOR)))
def test_the_generic_layers_name_no_lesson(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    # A record's field may share a lesson's name (the profile record's "events"): a key of a
    # dict literal is a field name, not a reference to a lesson.
    keys = {id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys if key}
    strings = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in keys
    ]
    for slug in SLUGS:
        assert slug not in strings, f"{path.name} names the lesson {slug!r}"
        assert not re.search(rf"lessons[./]{re.escape(slug)}\b", text), (
            f"{path.name} names the lesson {slug!r}"
        )
    lesson_imports = [name for name in _imports(path) if name.startswith("generator.lessons.")]
    assert not lesson_imports, f"{path.name} imports {lesson_imports}"


@pytest.mark.parametrize("path", _modules("core"), ids=lambda path: path.name)
def test_the_core_imports_no_course_and_no_site(path: Path) -> None:
    generator_imports = [name for name in _imports(path) if name.startswith("generator")]
    assert all(name.startswith("generator.core") for name in generator_imports), generator_imports
    assert not [name for name in _imports(path) if name.split(".")[0] in ("mkdocs", "markdown", "altair")]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_lesson_imports_no_other_lesson(slug: str) -> None:
    for path in sorted((GENERATOR / "lessons" / slug).rglob("*.py")):
        others = [
            name
            for name in _imports(path)
            if name.startswith("generator.lessons.") and name.split(".")[2] != slug
        ]
        assert not others, f"{path.name} imports {others}"


def _data() -> dict[str, Any]:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _load(path: Path) -> None:
    data = read_data(path, SECTIONS)
    catalogue_from_data(data["catalogue"], f"{path}: catalogue")
    two_step_from_data(data["two_step"], f"{path}: two_step")
    quiz_from_data("composition", data["quiz"], f"{path}: quiz")


def test_the_data_file_round_trips(tmp_path: Path) -> None:
    path = _write(tmp_path, _data())
    data = read_data(path, SECTIONS)
    assert catalogue_from_data(data["catalogue"], "c") == CATALOGUE
    assert two_step_from_data(data["two_step"], "t") == TWO_STEP
    assert quiz_from_data("composition", data["quiz"], "q") == COMPOSITION


def _catalogue_row(data: dict[str, Any], **change: Any) -> dict[str, Any]:
    data["catalogue"][4].update(change)
    return data


def _question(data: dict[str, Any], **change: Any) -> dict[str, Any]:
    data["quiz"]["questions"][1].update(change)
    return data


MALFORMED = {
    "unknown-row-key": (
        lambda d: _catalogue_row(d, colour="red"),
        r"catalogue\[4\] 'composition-p90': unknown key 'colour'",
    ),
    "missing-row-key": (
        lambda d: (d["catalogue"][4].pop("alpha0"), d)[1],
        r"catalogue\[4\] 'composition-p90': missing key 'alpha0'",
    ),
    "bad-mode": (lambda d: _catalogue_row(d, mode="shuffle"), r"catalogue\[4\] 'composition-p90': .*shuffle"),
    "p-out-of-range": (lambda d: _catalogue_row(d, p=101), r"catalogue\[4\] 'composition-p90': "),
    "bool-for-int": (
        lambda d: _catalogue_row(d, k=True),
        r"catalogue\[4\] 'composition-p90': 'k' must be an integer",
    ),
    "bad-fraction": (lambda d: _catalogue_row(d, delta="lots"), r"catalogue\[4\] 'composition-p90': "),
    "number-for-fraction": (lambda d: _catalogue_row(d, delta=0.72), r"'delta' must be a string"),
    "repeated-slug": (lambda d: _catalogue_row(d, slug="concept"), r"catalogue\[4\]: slug 'concept' repeats"),
    "unknown-section": (lambda d: {**d, "steps": []}, r"unknown key 'steps'"),
    "missing-section": (
        lambda d: {"catalogue": d["catalogue"], "two_step": d["two_step"]},
        r"missing key 'quiz'",
    ),
    "two-step-without-second-branch": (
        lambda d: (d["two_step"][0].update(p2=[50]), d)[1],
        r"two_step\[0\] 'adaptive': p2 gives the second step",
    ),
    "two-step-out-of-range": (
        lambda d: (d["two_step"][1].update(p1=101), d)[1],
        r"two_step\[1\] 'mixed': p must be an integer percent",
    ),
    "unknown-question-key": (
        lambda d: _question(d, hint="?"),
        r"quiz\.questions\[1\] 'xor-marginals': unknown key 'hint'",
    ),
    "two-choices": (
        lambda d: _question(d, choices=["a", "b"]),
        r"quiz\.questions\[1\] 'xor-marginals': .*needs 3 or 4 choices",
    ),
    "answer-not-a-choice": (lambda d: _question(d, answer=7), r"'xor-marginals': .*answer 7 is not a choice"),
    "repeated-question": (lambda d: _question(d, id="pure-epsilon-fresh"), r"quiz: .*distinct ids"),
    "version-zero": (lambda d: {**d, "quiz": {**d["quiz"], "version": 0}}, r"quiz: a content version"),
}


@pytest.mark.parametrize("case", MALFORMED, ids=str)
def test_a_malformed_data_file_is_refused_naming_the_file_and_the_entry(tmp_path: Path, case: str) -> None:
    change, message = MALFORMED[case]
    path = _write(tmp_path, change(_data()))
    with pytest.raises(LessonDataError, match=message) as refused:
        _load(path)
    assert str(refused.value).startswith(f"{path}: ")


def test_a_data_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text('{"catalogue": [', encoding="utf-8")
    with pytest.raises(LessonDataError, match=rf"^{re.escape(str(path))}: cannot read"):
        read_data(path, SECTIONS)
