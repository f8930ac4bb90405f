"""A lesson's data file (``lesson.json`` in its folder), read strictly.

The file is one JSON object of sections; each entry is an object whose keys are exactly the
ones its reader expects, each of one JSON type. Anything else, an unknown or missing key,
a value of the wrong type, or a value the typed record refuses in its ``__post_init__``,
is a :class:`LessonDataError` that names the file and the entry.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# A field's JSON type: str, int (never a bool), or a list of strings.
STR, INT, STRS = "a string", "an integer", "a list of strings"


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


def _is(value: Any, kind: str) -> bool:
    if kind == STR:
        return isinstance(value, str)
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == STRS:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
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
