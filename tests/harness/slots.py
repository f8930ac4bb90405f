"""A lab's ``data-out`` slots read from markup: each slot's ``data-*`` attributes and its text."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any


class _Slots(HTMLParser):
    """``data-out`` -> its attributes and its text (nested slots each get their inner text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.slots: dict[str, dict[str, Any]] = {}
        self._stack: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        name = named.get("data-out")
        if name:
            self.slots[name] = {
                "attrs": {k: v for k, v in named.items() if k.startswith("data-")},
                "text": "",
            }
        self._stack.append(name)

    def handle_endtag(self, tag: str) -> None:
        self._stack.pop()

    def handle_data(self, data: str) -> None:
        for name in self._stack:
            if name:
                self.slots[name]["text"] += data


def output_slots(html: str) -> dict[str, dict[str, Any]]:
    """Every ``data-out`` of ``html``: {"attrs": its data-* attributes, "text": whitespace collapsed}."""
    parser = _Slots()
    parser.feed(html)
    for slot in parser.slots.values():
        slot["text"] = " ".join(slot["text"].split())
    return parser.slots
