"""Markup from Jinja2 templates, autoescaped: the course's own and each lesson's.

A lesson's templates live in ``templates/`` of its folder; the course's (the lab shell, the
fields, the result lists) in ``generator/course/templates/``. :func:`environment` gives a
lesson an environment that finds its own templates first, then the course's, so a lesson
template can ``{% extends "lab.html" %}`` or ``{% import "fields.html" as fields %}``.

Every value is escaped unless it is :class:`markupsafe.Markup` (what another template or
:func:`number_html` made). Undefined names are errors, never empty text. Filters:

    number   "3/8" -> "3/8 <span class="cl-decimal">= 0.375</span>" (see :func:`number_html`)
    cell     the same in a table cell, where a long value's fraction waits for the table's switch
    reading  "3/8" -> "3/8 = 0.375", a long value -> "≈ 5.15 × 10⁴⁷" (plain text, for a sentence)
    script   a value as JSON that is safe inside ``<script>`` (no "</" can close it)
    attrjson a value as JSON for a data attribute (escaped as any attribute)

:func:`fill_html` fills a text's ``{slots}`` with markup (kit/text's ``labHtml`` in the browser).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from generator.core.rational import fraction_str, integer_text
from generator.core.readable import readable

COURSE_TEMPLATES = Path(__file__).resolve().parent / "templates"


def _exact(value: Fraction | int) -> tuple[Fraction, str]:
    """A value and its reduced fraction string; a value only, never a text to parse."""
    if isinstance(value, bool) or not isinstance(value, Fraction | int):
        raise TypeError(f"an exact value is a Fraction or an int, not {value!r}")
    return Fraction(value), fraction_str(value)


def number_html(value: Fraction | int) -> Markup:
    """An exact value as it reads (:func:`generator.core.readable.readable`).

    A short value shows its fraction and decimal: "3/8 <span class="cl-decimal">= 0.375</span>",
    "1/3 … ≈ 0.333", or just "0". A long one shows its reading first, and its reduced fraction
    one click away in a ``<details class="cl-exact">`` (selected whole by one click, to copy):
    "≈ 1 − 1.3 × 10⁻⁷", then the 120-digit fraction and how many digits it has ("분자 120자리,
    분모 121자리"), since a box that scrolls shows only a part of it."""
    number, exact = _exact(value)
    shown = readable(number)
    if shown.approx is None:
        return escape(exact)
    if shown.long:
        return Markup(
            '<details class="cl-exact"><summary>{}</summary>'
            '<span class="cl-fraction" tabindex="0">{}</span><span class="cl-digits">{}</span></details>'
        ).format(shown.text, exact, digit_count(number))
    relation = "=" if shown.equal else "≈"
    return escape(exact) + Markup(' <span class="cl-decimal">{} {}</span>').format(relation, shown.approx)


def digit_count(value: Fraction) -> str:
    """How many digits an exact value's terms have, as a long value's fraction says it."""
    numerator = len(integer_text(abs(value.numerator)))
    if value.denominator == 1:
        return f"{numerator}자리 정수"
    return f"분자 {numerator}자리, 분모 {len(integer_text(value.denominator))}자리"


def cell_html(value: Fraction | int) -> Markup:
    """An exact value in a table cell: as :func:`number_html`, except that a long one shows its
    reading and keeps its fraction beside it, hidden until the table's switch ("긴 값은 정확한
    분수로", the ``exact_switch`` macro of ``numbers.html``) shows every fraction of the table
    at once: a table of 300 long values gets one control, not 300 tab stops."""
    number, exact = _exact(value)
    shown = readable(number)
    if not shown.long:
        return number_html(number)
    return Markup('<span class="cl-reading">{}</span><span class="cl-fraction">{}</span>').format(
        shown.text, exact
    )


def reading(value: Fraction | int) -> str:
    """An exact value as plain text for a sentence: "3/8 = 0.375", "2", "≈ 5.15 × 10⁴⁷"."""
    return readable(_exact(value)[0]).text


def fill_html(template: str, **values: object) -> Markup:
    """A text whose ``{slots}`` take markup: "ε = ln α = {epsilon}" with epsilon =
    ``'ln(3) <span class="cl-decimal">≈ 1.099</span>'``. The text is escaped, and so is
    every value that is not :class:`markupsafe.Markup`."""
    return Markup(escape(template)).format(**values)


def script_json(value: object) -> Markup:
    """JSON safe inside a <script> element: no "</" can close it early; compact, since a lab's
    table of precomputed records is most of its page's weight."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return Markup(text.replace("</", "<\\/"))


def attribute_json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


@cache
def environment(folder: Path | None = None) -> Environment:
    """The template environment of a lesson folder (its ``templates/`` first), or the course's."""
    paths = [str(COURSE_TEMPLATES)] if folder is None else [str(folder / "templates"), str(COURSE_TEMPLATES)]
    env = Environment(
        loader=ChoiceLoader([FileSystemLoader(path) for path in paths]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters.update(
        number=number_html, cell=cell_html, reading=reading, script=script_json, attrjson=attribute_json
    )
    env.tests["long"] = lambda value: readable(_exact(value)[0]).long
    return env


@cache
def _markdown_environment() -> Environment:
    """The course's templates for Markdown text (no escaping: Markdown is not HTML)."""
    return Environment(
        loader=FileSystemLoader(str(COURSE_TEMPLATES)),
        autoescape=False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_markdown(name: str, **values: object) -> str:
    """The course's Markdown template ``name`` rendered with ``values``, its blank lines kept
    (they end a table or a paragraph)."""
    return _markdown_environment().get_template(name).render(**values).strip() + "\n"


def render(name: str, folder: Path | None = None, **values: object) -> str:
    """The template ``name`` rendered with ``values``.

    Lines are stripped and blank ones dropped: the markup goes into a Markdown page, where
    a blank line would end an HTML block and an indented one would start a code block.
    """
    text = environment(folder).get_template(name).render(**values)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())
