"""The record schema of each lab, written once (the lesson's TypedDicts) and read twice: by
mypy for Python, and as JSDoc typedefs for the browser module, which ``tsc --checkJs``
holds to them (``make lint``).

A lab's record type is the return annotation of its ``record`` function, a TypedDict; the
typedefs follow it and every TypedDict inside it. A record crosses into JSON (and the
browser's module returns it so) with every exact value as its reduced fraction string, so a
``Fraction`` is a ``string`` here, an ``int`` a ``number``, a ``tuple[A, B]`` a ``[A, B]`` and a
``list[T]`` (or ``tuple[T, ...]``) a ``T[]``. The file is ``lab/types.mjs`` in the lesson's
folder, generated (:func:`typedef_files`), checked for drift by
``python -m generator typedefs --check`` and never edited by hand.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints, is_typeddict

from generator.course.lab import Lab
from generator.course.lessons import Lesson, lessons
from generator.course.lookup_grid import LookupGrid

HEADER = (
    "// The record types of this lesson's labs, written by `python -m generator typedefs` from\n"
    "// the lesson's TypedDicts (generator/course/typedefs.py): do not edit by hand.\n"
)


def _name(kind: type) -> str:
    return kind.__name__


def js_type(annotation: Any) -> str:
    """The JSDoc type of a record field's annotation."""
    if annotation is Fraction or annotation is str:
        return "string"
    if annotation is bool:
        return "boolean"
    if annotation is int or annotation is float:
        return "number"
    if annotation is type(None):
        return "null"
    if is_typeddict(annotation):
        return _name(annotation)
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(js_type(arg) for arg in args)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        inner = js_type(args[0])
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is tuple:
        return "[" + ", ".join(js_type(arg) for arg in args) + "]"
    if origin is dict:
        return f"Record<string, {js_type(args[1])}>"
    raise TypeError(f"a record field cannot be typed for the browser: {annotation!r}")


def _typeddicts(root: type) -> Iterator[type]:
    """``root`` and every TypedDict its fields name, each once, in the order met."""
    seen: list[type] = []
    waiting = [root]
    while waiting:
        kind = waiting.pop(0)
        if kind in seen:
            continue
        seen.append(kind)
        for annotation in get_type_hints(kind).values():
            waiting.extend(_inner_typeddicts(annotation))
    yield from seen


def _inner_typeddicts(annotation: Any) -> list[type]:
    if is_typeddict(annotation):
        return [annotation]
    return [kind for arg in get_args(annotation) for kind in _inner_typeddicts(arg)]


def typedef(kind: type) -> str:
    """One TypedDict as a JSDoc ``@typedef`` (its own docstring's first line as its comment)."""
    hints = get_type_hints(kind)
    fields = ", ".join(f"{name}: {js_type(annotation)}" for name, annotation in hints.items())
    return f"/** @typedef {{{{{fields}}}}} {_name(kind)} */"


def _record_type(lab: Lab[Any, Any]) -> Any:
    """What a lab's record function returns; a lookup lab's record is what its grid computes."""
    grid = getattr(lab.record, "__self__", None)
    function = grid.computed if isinstance(grid, LookupGrid) else lab.record
    return get_type_hints(function)["return"]


def lesson_typedefs(lesson: Lesson) -> str:
    """The typedefs of every lab's record of a lesson, each TypedDict once."""
    kinds: list[type] = []
    for lab in lesson.labs:
        record_type = _record_type(lab)
        if not is_typeddict(record_type):
            raise TypeError(f"lab {lab.name!r}: its record function returns no TypedDict")
        kinds += [kind for kind in _typeddicts(record_type) if kind not in kinds]
    return HEADER + "\n".join(typedef(kind) for kind in kinds) + "\n\nexport {};\n"


def typedef_files() -> dict[Path, str]:
    """Path -> text of every lesson's ``lab/types.mjs``."""
    return {
        lesson.folder / "lab" / "types.mjs": lesson_typedefs(lesson)
        for lesson in lessons().values()
        if isinstance(lesson, Lesson) and lesson.labs
    }
