"""The lessons of the course, found by their folders; the machinery names none of them.

A lesson is the folder ``generator/lessons/<slug>/``: a package whose ``__init__.py`` exposes
``LESSON``, a :class:`Lesson` whose ``slug`` is the folder's name. Discovery imports each
such package in name order, once per process, and refuses a folder without a ``LESSON`` and
a slug that is not its folder's name. A lesson's names (its examples, its labs) are its own:
two lessons may each have an example or a lab of one name; every generated file and golden
file carries its lesson's slug.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.course.build_cache import canonical_json, default_cache, source_digest
from generator.course.golden import golden_vectors
from generator.course.lab import Lab
from generator.course.records import dumps

if TYPE_CHECKING:
    from generator.course.quiz import Quiz

LESSON_PACKAGE = "generator.lessons"

BlockRenderer = Callable[..., str]


class LessonError(ValueError):
    """A lesson folder that does not make a lesson."""


@dataclass(frozen=True)
class Lesson:
    """A lesson of the course: its worked examples and their records, its quiz, its labs.

    ``examples`` are the catalogue slugs that the page's value placeholders
    (``{{ slug.path }}``) may name, each scoped to this lesson, and ``record`` gives one
    example's typed record; ``card`` and ``figure`` render an example's card and figures
    (``{{ card <example> }}``, ``{{ figure <kind> <example> }}``); ``labs`` are its labs
    (``{{ lab <name> }}``), each started in the browser by its module ``lab/<name>.mjs`` in
    ``folder``. What the course makes of them is the same for every lesson: the generated
    records (``<slug>/<example>.json``), the golden vectors (``<slug>-<lab>-golden.json``) and one
    browser bundle for all of the lesson's labs.
    """

    slug: str
    folder: Path
    examples: tuple[str, ...]
    record: Callable[[str], object]
    quiz: Quiz
    labs: tuple[Lab[Any, Any], ...] = ()
    card: Callable[[str], str] | None = None
    figure: Callable[[str, str], str] | None = None

    def generated(self) -> dict[str, str]:
        """Every example's record as JSON, and the index of the examples."""
        files = {f"{self.slug}/{example}.json": dumps(self.record(example)) for example in self.examples}
        files[f"{self.slug}/index.json"] = dumps(list(self.examples))
        return files

    def golden_name(self, lab: Lab[Any, Any]) -> str:
        """The file of a lab's golden vectors: ``<lesson>-<lab>-golden.json``."""
        return f"{self.slug}-{lab.name}-golden.json"

    def golden(self) -> dict[str, str]:
        """Every lab's golden vectors: file name -> text."""
        return {self.golden_name(lab): dumps(golden_vectors(lab)) for lab in self.labs if lab.golden}

    @property
    def lab_modules(self) -> dict[str, Path]:
        """Lab name -> the ES module that the browser starts it with."""
        return {lab.name: self.folder / "lab" / f"{lab.name}.mjs" for lab in self.labs}


@cache
def lessons() -> dict[str, Lesson]:
    """Every lesson folder's ``LESSON``, by slug, in slug order."""
    package = importlib.import_module(LESSON_PACKAGE)
    found: dict[str, Lesson] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda info: info.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{LESSON_PACKAGE}.{info.name}")
        lesson = getattr(module, "LESSON", None)
        if not isinstance(lesson, Lesson):
            raise LessonError(f"{module.__name__} defines no LESSON")
        if lesson.slug != info.name:
            raise LessonError(f"{module.__name__}: LESSON.slug {lesson.slug!r} is not its folder's name")
        found[lesson.slug] = lesson
    return found


def _unique(kind: str, pairs: list[tuple[str, str]]) -> dict[str, str]:
    owners: dict[str, str] = {}
    for name, slug in pairs:
        if name in owners:
            raise LessonError(f"{kind} {name!r} is claimed by lessons {owners[name]!r} and {slug!r}")
        owners[name] = slug
    return owners


def _files(kind: str, part: Callable[[Lesson], Mapping[str, str]]) -> dict[str, str]:
    files: dict[str, str] = {}
    owners: list[tuple[str, str]] = []
    for slug, lesson in lessons().items():
        for path, text in part(lesson).items():
            owners.append((path, slug))
            files[path] = text
    _unique(kind, owners)
    return files


def generated_files() -> dict[str, str]:
    """Every lesson's generated files: relative path -> text."""
    return _files("generated file", lambda lesson: lesson.generated())


def _cached_golden(lesson: Lesson) -> Mapping[str, str]:
    """A lesson's golden vectors, kept in the build cache by the source of the lesson (its
    modules and data files) and of every generator module it imports (the core's, the
    course's): they change with that code and data only, never with another lesson's."""
    digest = source_digest(f"{LESSON_PACKAGE}.{lesson.slug}")
    text = default_cache().text(f"golden-{lesson.slug}", (digest,), lambda: canonical_json(lesson.golden()))
    files: dict[str, str] = json.loads(text)
    return files


def golden_files() -> dict[str, str]:
    """Every lab's golden vectors: file name -> text."""
    return _files("golden file", _cached_golden)


def lesson_of_page(path: str) -> str | None:
    """The slug of the lesson whose page is ``path`` (``lessons/<slug>.md``), if any."""
    folder, _, name = path.rpartition("/")
    slug = name.removesuffix(".md")
    return slug if folder == "lessons" and name.endswith(".md") and slug in lessons() else None
