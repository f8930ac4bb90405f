"""A lesson's data file (``lesson.json`` in its folder), read strictly by a schema.

Each lesson describes its file by a pydantic model built on :class:`Data` (strict types,
unknown keys refused, frozen values): most by :class:`Catalogue` of its own :class:`Row`
model (its worked examples and its quiz, :class:`QuizData`), a lesson with more tables by a
subclass of it. The row a lab opens with says so (``"opens": true``, :func:`opening`). An
exact number is written in the file as a string ("3/8", "0.375", "1e-5") and read as a
``Fraction`` (:data:`Exact`). Anything the model refuses, a missing or unknown key, a value of
the wrong type, a value that a row's own check refuses, two rows with one slug, is a
:class:`LessonDataError` that names the file, the entry (its index and slug) and the key.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, StringConstraints, ValidationError

from generator.core.fields import RationalSyntaxError, parse_rational

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


class LessonDataError(ValueError):
    """A lesson data file, or an entry of it, that is refused."""


def _exact(value: object) -> Fraction:
    """An exact number as the data file writes it: a string of the course's number grammar,
    with an optional leading "-"."""
    if not isinstance(value, str):
        raise ValueError(f"an exact number is written as a string, not {value!r}")
    negative = value.startswith("-")
    try:
        number = parse_rational(value.removeprefix("-"))
    except RationalSyntaxError as error:
        raise ValueError(str(error)) from error
    return -number if negative else number


Exact = Annotated[Fraction, BeforeValidator(_exact)]


class Data(BaseModel):
    """The base of every model of a data file: strict, closed and frozen."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, arbitrary_types_allowed=True)


Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]


class Row(Data):
    """A catalogue row: every row has a slug (lowercase words joined by "-") and a title; the
    one row of a lab's examples that the lab opens with says ``"opens": true``."""

    slug: Slug
    title: str
    opens: bool = False


R = TypeVar("R", bound=Row)


def opening(path: Path, rows: Sequence[R]) -> R:
    """The row of ``rows`` (a lab's examples, from the file at ``path``) that the lab opens with."""
    marked = [row for row in rows if row.opens]
    if len(marked) != 1:
        found = ", ".join(repr(row.slug) for row in marked) or "none"
        raise LessonDataError(f'{path}: one row of a lab\'s examples says "opens": true; found {found}')
    return marked[0]


def by_slug(rows: Sequence[R]) -> dict[str, R]:
    """The rows by their slugs (a slug is a row's own: :func:`read_data` refuses a repeated one)."""
    return {row.slug: row for row in rows}


class QuestionData(Data):
    id: str
    prompt: str
    choices: tuple[str, ...]
    answer: int
    explanation: str


class QuizData(Data):
    version: int
    questions: tuple[QuestionData, ...]


class Catalogue(Data, Generic[R]):
    """A lesson file of worked examples (rows of the lesson's own model) and a quiz."""

    catalogue: tuple[R, ...]
    quiz: QuizData


Model = TypeVar("Model", bound=Data)


def _entry_name(data: Any, loc: tuple[int | str, ...]) -> str:
    """``catalogue[3] 'rr'.alpha``: where an error is, with the entry's slug or id."""
    parts: list[str] = []
    node = data
    for part in loc:
        if isinstance(part, int):
            parts[-1] = f"{parts[-1]}[{part}]" if parts else f"[{part}]"
            node = node[part] if isinstance(node, list) and part < len(node) else None
            name = node.get("slug", node.get("id")) if isinstance(node, dict) else None
            if isinstance(name, str):
                parts[-1] += f" {name!r}"
        else:
            parts.append(str(part))
            node = node.get(part) if isinstance(node, dict) else None
    return ".".join(parts)


def read_data(path: Path, model: type[Model]) -> Model:
    """The file at ``path`` read by ``model``; every refusal names the file and the entry."""
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LessonDataError(f"{path}: cannot read: {error}") from error
    try:
        # Strict, in JSON mode: an array is a tuple, and nothing else is coerced.
        read = model.model_validate_json(text)
    except ValidationError as error:
        first = error.errors()[0]
        where = _entry_name(data, tuple(first["loc"]))
        message = first["msg"].removeprefix("Value error, ")
        raise LessonDataError(f"{path}: {where}: {message}") from error
    for name in model.model_fields:
        rows = getattr(read, name)
        if isinstance(rows, tuple) and rows and isinstance(rows[0], Row):
            slugs = [row.slug for row in rows]
            for index, slug in enumerate(slugs):
                if slug in slugs[:index]:
                    raise LessonDataError(f"{path}: {name}[{index}]: slug {slug!r} repeats an earlier row")
    return read


def lesson_data(module_file: str, model: type[Model]) -> tuple[str, Path, Model]:
    """``lesson.json`` beside a lesson's module (its ``__file__``): the lesson's slug (its
    folder's name), the file's path, and its contents read by ``model``."""
    folder = Path(module_file).resolve().parent
    path = folder / "lesson.json"
    return folder.name, path, read_data(path, model)
