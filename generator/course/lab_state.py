"""A lab's state from its fields' values: its dataclass, built by field name, each value checked.

The kit's readers (:mod:`generator.core.fields`) turn a lab's texts into ints, Fractions,
strings and tuples; the lab's state is a frozen dataclass whose fields carry the names of the
lab's fields. :func:`state_of` gives the function that builds it: each value is held to its
field's annotation strictly (pydantic's strict mode: no int passes for a Fraction, no list
for a tuple, no str for an int) and an enum is made from its value, so a reader that gives
the wrong kind of value fails here, naming the field, and not deep in the core.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import ConfigDict, TypeAdapter, ValidationError

S = TypeVar("S")

_STRICT = ConfigDict(strict=True)


def _check(hint: Any) -> Callable[[object], object]:
    """What one field does to its value: an enum from its value, anything else checked strictly."""
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint
    return TypeAdapter(hint, config=_STRICT).validate_python


def state_of(kind: type[S]) -> Callable[[Mapping[str, object]], S]:
    """The function from a lab's values (field name -> value) to its state ``kind``, a
    dataclass each of whose fields is the lab field of its name (values of other names are
    not its: a lab may read more than its state holds)."""
    hints = typing.get_type_hints(kind)
    checks = {field.name: _check(hints[field.name]) for field in dataclasses.fields(kind)}  # type: ignore[arg-type]

    def build(values: Mapping[str, object]) -> S:
        checked: dict[str, object] = {}
        for name, check in checks.items():
            try:
                checked[name] = check(values[name])
            except (ValidationError, ValueError) as error:
                raise TypeError(
                    f"{kind.__name__}.{name}: {values[name]!r} is not its kind ({error})"
                ) from error
        return kind(**checked)

    return build
