"""What every lab's shell needs (the course template ``lab.html``), as one typed value."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.course.charts import without_rows
from generator.course.lab_fields import SCRIPT_TEXTS, STATIC_NOTE


@dataclass(frozen=True)
class LabShell:
    """A lab's name (``data-lab``), its element id, the id prefix of its parts, its title,
    the default state's query, the presets (query, title), its own sentences for the script
    (added to the kit's :data:`generator.course.lab_fields.SCRIPT_TEXTS`), its chart specs
    (spec name -> chart kind -> Vega-Lite spec), and the key results its summary bar repeats
    (``data-out`` name, short term), which kit/summary.mjs keeps in view while the inputs
    are edited."""

    name: str
    root_id: str
    prefix: str
    title: str
    default_query: str
    presets: Sequence[tuple[str, str]]
    specs: Mapping[str, Mapping[str, dict[str, Any]]]
    own_texts: Mapping[str, str] = field(default_factory=dict)
    static_note: str = STATIC_NOTE
    summary: Sequence[tuple[str, str]] = ()

    @property
    def texts(self) -> dict[str, str]:
        return {**SCRIPT_TEXTS, **self.own_texts}

    @property
    def shipped_specs(self) -> dict[str, dict[str, dict[str, Any]]]:
        """The specs as the page carries them: without their rows, which the engine supplies."""
        return {
            name: {kind: without_rows(spec) for kind, spec in kinds.items()}
            for name, kinds in self.specs.items()
        }
