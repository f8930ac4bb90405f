"""The events lab's state from the texts of its fields (and URL parameters), or why not.

Each field is read on its own first (a row of weights and the event by
:func:`generator.core.list_fields.read_list`, α and δ by
:func:`generator.core.rational.read_field`). Two rules need the whole state, and their
refusal is shown beside the field that breaks them:

- ``weights1`` must have as many outputs as ``weights0`` ("mismatch");
- every index of ``event`` must be an output of the channel ("no-output").

The browser's lab module reads a state by the same rules (the golden vectors hold it to
this one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.input_limits import LAB_ALPHA, LAB_DELTA
from generator.core.list_fields import EVENT, WEIGHTS0, WEIGHTS1, read_list
from generator.core.rational import Refusal, read_field


@dataclass(frozen=True)
class LabState:
    weights0: tuple[int, ...]
    weights1: tuple[int, ...]
    alpha: Fraction
    delta: Fraction
    event: tuple[int, ...]

    def channel(self) -> FiniteChannel:
        return from_rows(self.weights0, self.weights1)


def read_state(texts: Mapping[str, str]) -> LabState | dict[str, Refusal]:
    """The state of the five texts, or each refused field's reason."""
    refusals: dict[str, Refusal] = {}
    lists = {}
    for limit in (WEIGHTS0, WEIGHTS1, EVENT):
        value = read_list(limit, texts.get(limit.name, ""))
        if isinstance(value, Refusal):
            refusals[limit.name] = value
        else:
            lists[limit.name] = value
    numbers = {}
    for number in (LAB_ALPHA, LAB_DELTA):
        read = read_field(number, texts.get(number.name, ""))
        if isinstance(read, Refusal):
            refusals[number.name] = read
        else:
            numbers[number.name] = read
    weights0, weights1, event = (lists.get(name) for name in ("weights0", "weights1", "event"))
    if weights0 is not None and weights1 is not None and len(weights0) != len(weights1):
        refusals["weights1"] = Refusal.MISMATCH
    if weights0 is not None and event is not None and any(index >= len(weights0) for index in event):
        refusals["event"] = Refusal.NO_OUTPUT
    if refusals or weights0 is None or weights1 is None or event is None:
        return refusals
    return LabState(weights0, weights1, numbers["alpha"], numbers["delta"], event)
