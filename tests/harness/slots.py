"""A lab's ``data-out`` slots read from markup: each slot's ``data-*`` attributes and its text."""

from __future__ import annotations

from typing import Any

from tests.harness.html import parse


def output_slots(html: str) -> dict[str, dict[str, Any]]:
    """Every ``data-out`` of ``html``: {"attrs": its data-* attributes, "text": whitespace collapsed}.

    A slot inside another is read on its own, and its text is part of the outer one's too."""
    slots: dict[str, dict[str, Any]] = {}
    for node in parse(html).css("[data-out]"):
        attributes = {name: value for name, value in node.attributes.items() if name.startswith("data-")}
        slots[str(node.attributes["data-out"])] = {
            "attrs": attributes,
            "text": " ".join((node.text(deep=True) or "").split()),
        }
    return slots
