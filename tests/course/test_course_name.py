"""The course's name and the identifiers built from it (generator/course/course_name.py).

The identifiers live in learners' browsers and in LMSs, so each is held here in the form
already in use: a saved quiz answer, a cache file and an LMS attempt keep being found."""

from __future__ import annotations

import ast
import re

from generator.course import build_cache, offline_bundle, package, quiz, scorm_package
from generator.course.course_name import NAME, SLUG
from generator.course.lessons import lessons
from tests.conftest import ROOT


def test_the_slug_is_the_sites_name_in_lower_case_with_hyphens() -> None:
    site_name = re.search(r"^site_name: (.+)$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    assert site_name is not None
    assert site_name[1] == NAME
    assert SLUG == "-".join(NAME.lower().split()) == "composition-lab"


def test_identifiers_already_in_use_keep_their_form() -> None:
    composition = lessons()["composition"].quiz
    assert composition is not None
    assert composition.storage_key == f"composition-lab:quiz:composition:v{composition.version}"
    assert quiz.SHUFFLE_SEED == "composition-lab:choices"
    assert build_cache._HEADER.startswith("composition-lab-cache 1 ")
    assert offline_bundle.FOLDER == "composition-lab"
    assert package.OUTPUTS["offline"] == "composition-lab-offline.zip"
    assert package.OUTPUTS["scorm"] == "composition-lab-scorm12.zip"
    assert scorm_package.COURSE_ID == "composition-lab"


def _strings_in_code(source: str) -> list[str]:
    """The string constants of a module, its docstrings set aside."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_course_module_types_the_slug_but_its_own() -> None:
    typed = [
        path.name
        for path in (ROOT / "generator").rglob("*.py")
        if path.name != "course_name.py"
        and any("composition-lab" in text for text in _strings_in_code(path.read_text(encoding="utf-8")))
    ]
    assert typed == []
    assert _strings_in_code('"""composition-lab."""\nX = "composition-lab"\n') == ["composition-lab"]
