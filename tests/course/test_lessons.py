"""The lesson boundary: lessons are found by their folders, and the generic layers (the exact
core, the course machinery) name no lesson. (A data file's strict reading:
tests/course/test_lesson_file.py.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from generator.course.lessons import lessons

GENERATOR = Path(__file__).resolve().parents[2] / "generator"
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
