"""What a lab's output slot shows, as data: one value type for every lab, read the same way by
Python (which renders the page) and by the browser (which patches it).

A lesson's *view* maps each slot of a state to a :class:`Shown`: the slot's attributes, its
content (text or markup), whether it is hidden, and, for a container, its items (table
rows, options of a checkbox group) and for an item its cells. The server writes a slot
with the course template ``slots.html`` from a view of the default state; the browser's
lab kit (``kit/shown.mjs``) writes any other state's view into the same elements, by the
same rules, so every element is rendered in one place and never retyped in script.

A slot is named ``<place>:<name>``, and its element is the one whose attribute of that place
holds the name:

==========  =====================  ==========================================
place       attribute              what it is
==========  =====================  ==========================================
``out``     ``data-out``           a result (DESIGN.md's "Lab outputs")
``caption`` ``data-lab-caption``   a figure's or table's caption
``rows``    ``data-lab-rows``      a table body (its items are rows)
``field``   ``data-field``         an input's wrapper (its items are options)
``note``    ``data-lab-note``      a sentence or a part that explains the state
                                   (a note, an explainer shown for some states)
==========  =====================  ==========================================

The JSON form of a view (golden vectors, the browser's twin) leaves out what is unset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from markupsafe import Markup, escape

from generator.core.rational import fraction_str
from generator.course.records import Pure
from generator.course.templates import cell_html, number_html

PLACES = {
    "out": "data-out",
    "caption": "data-lab-caption",
    "rows": "data-lab-rows",
    "field": "data-field",
    "note": "data-lab-note",
}


@dataclass(frozen=True)
class Shown:
    """One slot's state: ``attrs`` (None removes one), its content (``text``, or ``html``
    that is markup already), ``hidden``, ``disabled`` (of the inputs inside it), its
    ``items`` (its ``[data-item]`` elements, cloned from its ``<template>`` when more are needed)
    and its ``cells`` (an item's ``th``/``td`` children, in order)."""

    attrs: Mapping[str, str | None] = field(default_factory=dict)
    text: str | None = None
    html: Markup | None = None
    hidden: bool | None = None
    disabled: bool | None = None
    items: tuple[Shown, ...] | None = None
    cells: tuple[Shown, ...] | None = None

    def __post_init__(self) -> None:
        if self.text is not None and self.html is not None:
            raise ValueError("a slot shows text or markup, not both")

    @property
    def content(self) -> Markup:
        """The slot's content as markup (text escaped)."""
        if self.html is not None:
            return self.html
        return escape(self.text or "")

    @property
    def attributes(self) -> Markup:
        """The slot's attributes as markup: ` data-value="pass" hidden`."""
        parts = [
            Markup(' {}="{}"').format(name, value) for name, value in self.attrs.items() if value is not None
        ]
        if self.hidden:
            parts.append(Markup(" hidden"))
        return Markup("").join(parts)

    def as_json(self) -> dict[str, object]:
        """The JSON form of the slot: only what is set."""
        data: dict[str, object] = {}
        if self.attrs:
            data["attrs"] = dict(self.attrs)
        for name in ("text", "html", "hidden", "disabled"):
            value = getattr(self, name)
            if value is not None:
                data[name] = str(value) if name == "html" else value
        if self.items is not None:
            data["items"] = [item.as_json() for item in self.items]
        if self.cells is not None:
            data["cells"] = [cell.as_json() for cell in self.cells]
        return data


View = Mapping[str, Shown]


def exact(value: Fraction | int, **attrs: str | None) -> Shown:
    """An exact value: its reduced fraction in ``data-exact``, its reading as content."""
    return Shown({"data-exact": fraction_str(value), **attrs}, html=number_html(value))


def exact_cell(value: Fraction | int) -> Shown:
    """An exact value in a table cell (a long one waits for the table's switch)."""
    return Shown({"data-exact": fraction_str(value)}, html=cell_html(value))


def text(value: str, **attrs: str | None) -> Shown:
    return Shown(dict(attrs), text=value)


def markup(value: Markup, **attrs: str | None) -> Shown:
    return Shown(dict(attrs), html=value)


def verdict(passes: bool, sentence: str) -> Shown:
    """A pass/fail verdict: ``data-value`` "pass" or "fail", and its sentence."""
    return Shown({"data-value": "pass" if passes else "fail"}, text=sentence)


def pure_epsilon(pure: Pure, texts: Mapping[str, str]) -> Shown:
    """A pure ε: its lab's sentence for 0 or ∞ (``eps-zero``, ``eps-infinite``), else
    "ln(3) ≈ 1.099", with its decimal in ``data-value``."""
    if pure["kind"] != "finite":
        html = escape(texts[f"eps-{pure['kind']}"])
    else:
        html = escape(pure["exact"]) + Markup(' <span class="cl-decimal">≈ {}</span>').format(pure["decimal"])
    return Shown({"data-value": pure["decimal"]}, html=html)


def view_json(view: View) -> dict[str, object]:
    """A whole view in its JSON form, by slot name."""
    return {name: shown.as_json() for name, shown in sorted(view.items())}


def slot_selector(name: str) -> str:
    """The CSS selector of a slot's element: "out:claim" -> '[data-out="claim"]'."""
    place, _, key = name.partition(":")
    if place not in PLACES or not key:
        raise ValueError(f"a slot is named <place>:<name> with a place of {list(PLACES)}, not {name!r}")
    return f'[{PLACES[place]}="{key}"]'
