"""A lesson's data file (``lesson.json`` in its folder), read strictly.

The file is one JSON object of sections; each entry is an object whose keys are exactly the
ones its reader expects, each of one JSON type. Anything else, an unknown or missing key,
a value of the wrong type, or a value the typed record refuses in its ``__post_init__``,
is a :class:`LessonDataError` that names the file and the entry.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

# A field's JSON type: str, int (never a bool), bool, a list of strings or of integers.
STR, INT, BOOL = "a string", "an integer", "true or false"
STRS, INTS = "a list of strings", "a list of integers"


class LessonDataError(ValueError):
    """A lesson data file, or an entry of it, that is refused."""


def read_data(path: Path, sections: tuple[str, ...]) -> dict[str, Any]:
    """The file's object, which must hold exactly these sections."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LessonDataError(f"{path}: cannot read: {error}") from error
    if not isinstance(data, dict):
        raise LessonDataError(f"{path}: expected a JSON object of sections {list(sections)}")
    fields(data, dict.fromkeys(sections, "any"), f"{path}")
    return data


@dataclass(frozen=True)
class LessonFile:
    """A lesson folder's data file, read: the lesson's slug (its folder's name) and its sections."""

    slug: str
    path: Path
    data: dict[str, Any]


def lesson_file(module_file: str, sections: tuple[str, ...]) -> LessonFile:
    """``lesson.json`` beside the module ``module_file`` (a lesson's ``__file__``), read strictly."""
    folder = Path(module_file).resolve().parent
    path = folder / "lesson.json"
    return LessonFile(folder.name, path, read_data(path, sections))


def _is(value: Any, kind: str) -> bool:
    if kind == STR:
        return isinstance(value, str)
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == STRS:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    if kind == INTS:
        return isinstance(value, list) and all(_is(item, INT) for item in value)
    return True


def fields(entry: Any, spec: Mapping[str, str], where: str) -> dict[str, Any]:
    """The entry's values, checked: exactly the keys of ``spec``, each of its type."""
    if not isinstance(entry, dict):
        raise LessonDataError(f"{where}: expected an object with keys {list(spec)}")
    unknown = sorted(set(entry) - set(spec))
    if unknown:
        raise LessonDataError(f"{where}: unknown key {unknown[0]!r} (expected {list(spec)})")
    missing = [name for name in spec if name not in entry]
    if missing:
        raise LessonDataError(f"{where}: missing key {missing[0]!r}")
    for name, kind in spec.items():
        if not _is(entry[name], kind):
            raise LessonDataError(f"{where}: {name!r} must be {kind}, not {entry[name]!r}")
    return dict(entry)


def entries(value: Any, where: str) -> list[Any]:
    """A section that is a list of entries."""
    if not isinstance(value, list) or not value:
        raise LessonDataError(f"{where}: expected a non-empty list")
    return value


def label(where: str, index: int, entry: Any) -> str:
    """``file: section[3] 'slug'``: how an entry is named in a message."""
    name = entry.get("slug", entry.get("id")) if isinstance(entry, dict) else None
    return f"{where}[{index}]" + (f" {name!r}" if isinstance(name, str) else "")


class _Slugged(Protocol):
    @property
    def slug(self) -> str: ...


Row = TypeVar("Row", bound=_Slugged)


def slugged_rows(
    section: Any, where: str, spec: Mapping[str, str], make: Callable[[dict[str, Any]], Row]
) -> tuple[Row, ...]:
    """A section of rows: each entry's keys checked against ``spec``, then made into a typed
    row by ``make`` (whose ``ValueError`` names the row); no two rows share a slug."""

    def read(entry: Any, name: str) -> Row:
        values = fields(entry, spec, name)
        try:
            return make(values)
        except (ValueError, ZeroDivisionError) as error:
            raise LessonDataError(f"{name}: {error}") from error

    rows = tuple(read(entry, label(where, i, entry)) for i, entry in enumerate(entries(section, where)))
    slugs = [row.slug for row in rows]
    for index, slug in enumerate(slugs):
        if slug in slugs[:index]:
            raise LessonDataError(f"{where}[{index}]: slug {slug!r} repeats an earlier row")
    return rows
