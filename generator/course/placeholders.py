"""Numbers in prose: ``{{ slug.path | filter | ... }}`` placeholders filled from the records.

A lesson never types a computed number. It writes, for example,
``{{ fresh-k2.claim.required }}`` and the build puts in the catalogue example's exact
value ("3/8"). The path walks the record that the example's lesson gives (``Lesson.record``):
dict keys by name, list items by index. Filters change only the form, never the value, and
apply left to right:

    decimal   "3/8" -> "0.375"      (exact half-up rounding at 3 places)
    frac      "3/8" -> "\\tfrac{3}{8}", "-3/8" -> "-\\tfrac{3}{8}": a stacked fraction, for display
              math ``$$...$$``. Inline math takes the value as it is ("3/8" is a slashed
              fraction): a stacked one would stretch the line of text and weigh a
              kilobyte of markup.
    percent   75    -> "75%"
    grouped   14000000 -> "14,000,000": a whole number in prose with its thousands marked
              (a number of five digits or more in running text takes this filter)
    tex       a pure ε as TeX: "2·ln(3)" -> "2\\ln 3", "ln(57/10)" -> "\\ln(57/10)", "∞" -> "\\infty"
    power     a δ in powers of ten, for math: "1/100000" -> "10^{-5}", "1099/100000" -> "1.099\\times10^{-2}"

Particles. Korean particles change with the sound that ends the word before them, and a
value's sound is known only once it is rendered ("3/8" is read 8분의 3 and takes 이, "0.375"
takes 가). A particle filter, named by either form of its pair (이/가, 은/는, 을/를, 과/와,
이라/라, 으로/로, and the copula's 이어서/여서, 이어야/여야), appends the form that fits the
value as rendered so far (:func:`generator.course.korean.particle` reads it):

    {{ fresh-k2.claim.required | 이 }}            -> "3/8이"
    {{ fresh-k2.claim.required | decimal | 이 }}  -> "0.375가"
    ${{ fresh-k2.claim.required }}${{ fresh-k2.claim.required | ~이 }}  -> "$3/8$이"

A name with a leading ``~`` gives the particle alone, for a value that stands at the end of
a formula: the particle then goes after the closing ``$``, outside the math.

Block placeholders ``{{ name arg ... }}`` (``{{ figure distribution fresh-k2 }}``, or
``{{ lessons }}`` with no argument) insert generated HTML or Markdown: the caller passes the
renderers by name, each called with the args as strings. Anything that does not resolve, an
unknown slug, path, filter or block, or a value whose reading no particle rule knows, is an
error that names it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from generator.core.rational import decimal_str, fraction_str
from generator.course.korean import PARTICLES, ReadingError, particle
from generator.course.lessons import BlockRenderer, lessons

PLACEHOLDER = re.compile(r"\{\{\s*(?P<body>[^{}]*?)\s*\}\}")
_VALUE = re.compile(r"(?P<slug>[a-z0-9-]+)\.(?P<path>[A-Za-z0-9_.]+)(?P<filters>(?:\s*\|\s*[^\s|{}]+)*)")
_BLOCK = re.compile(r"(?P<block>[a-z]+)(?:\s+(?P<args>[a-z0-9 -]+))?")


class PlaceholderError(ValueError):
    """A placeholder that does not resolve."""


def _exact(value: object, name: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Fraction | int):
        raise PlaceholderError(f"the {name!r} filter takes an exact value, not {value!r}")
    return Fraction(value)


def _stacked(value: object) -> str:
    """An exact value as a stacked TeX fraction: 3/8 -> "\\tfrac{3}{8}", -3/8 -> "-\\tfrac{3}{8}"."""
    exact = _exact(value, "frac")
    if exact < 0:
        return "-" + _stacked(-exact)
    if exact.denominator == 1:
        return fraction_str(exact)
    return rf"\tfrac{{{fraction_str(exact.numerator)}}}{{{fraction_str(exact.denominator)}}}"


_LOG = re.compile(r"(?:(?P<multiplier>\d+)·)?ln\((?P<ratio>[^()]*)\)")


def _tex(value: object) -> str:
    """A pure ε's exact text as TeX: "2·ln(3)" -> "2\\ln 3", "∞" -> "\\infty", "0" as it is."""
    if not isinstance(value, str):
        raise PlaceholderError(f"the 'tex' filter takes a pure ε's text, not {value!r}")
    if value == "∞":
        return r"\infty"
    if (log := _LOG.fullmatch(value)) is None:
        return value
    ratio = log["ratio"]
    argument = f" {ratio}" if ratio.isdigit() else f"({ratio})"
    return f"{log['multiplier'] or ''}\\ln{argument}"


def _power(value: object) -> str:
    """An exact value whose denominator is a power of ten, as TeX in powers of ten:
    1/100000 -> "10^{-5}", 1099/100000 -> "1.099\\times10^{-2}", 3/1000 -> "3\\times10^{-3}".

    value = m/10^e with m an integer; its significant digits d₁d₂…dₙ (trailing zeros
    dropped) give value = d₁.d₂…dₙ × 10^(len(m) − 1 − e), exactly."""
    exact = _exact(value, "power")
    rest, places = exact.denominator, 0
    while rest % 10 == 0:
        rest, places = rest // 10, places + 1
    if rest != 1 or exact <= 0:
        raise PlaceholderError(f"{exact} is not a positive power-of-ten decimal: no 'power' form")
    digits = fraction_str(exact.numerator)
    significant = digits.rstrip("0")
    exponent = len(digits) - 1 - places
    mantissa = significant[0] + (f".{significant[1:]}" if len(significant) > 1 else "")
    power = f"10^{{{exponent}}}"
    return power if mantissa == "1" else f"{mantissa}\\times{power}"


def _percent(value: object) -> str:
    return f"{fraction_str(_exact(value, 'percent'))}%"


def _grouped(value: object) -> str:
    exact = _exact(value, "grouped")
    if exact.denominator != 1:
        raise PlaceholderError(f"{exact} is not a whole number: no 'grouped' form")
    return f"{exact.numerator:,}"


def _decimal(value: object) -> str:
    return decimal_str(_exact(value, "decimal"))


# The form filters: each takes the value itself (never its text) and gives the text shown.
FILTERS: dict[str, Callable[[object], str]] = {
    "decimal": _decimal,
    "frac": _stacked,
    "percent": _percent,
    "grouped": _grouped,
    "tex": _tex,
    "power": _power,
}


def apply_particle(name: str, text: str) -> str:
    """A particle filter applied to the value as rendered so far (see the module)."""
    alone = name.startswith("~")
    if name.removeprefix("~") not in PARTICLES:
        raise PlaceholderError(f"unknown filter {name!r}")
    try:
        form = particle(text, name.removeprefix("~"))
    except ReadingError as error:
        raise PlaceholderError(f"no particle {name!r} after {text!r}: {error}") from error
    return form if alone else text + form


@cache
def record_of(slug: str, lesson: str | None) -> object:
    """The record of a catalogue example of ``lesson``, computed once per process."""
    found = lessons().get(lesson) if lesson is not None else None
    if found is None:
        raise PlaceholderError(f"a value placeholder of {slug!r} belongs on a lesson's page or quiz")
    if slug not in found.examples:
        raise PlaceholderError(f"unknown catalogue example {slug!r} in lesson {lesson!r}")
    return found.record(slug)


def _text(value: object) -> str:
    """A value as shown with no form filter: an exact value as its reduced fraction."""
    if isinstance(value, Fraction):
        return fraction_str(value)
    return str(value)


def lookup(record: object, path: str) -> str | int | Fraction:
    """The scalar at a dotted path of a record (dict keys by name, list items by index)."""
    node: Any = record
    for part in path.split("."):
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list | tuple) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise PlaceholderError(f"no field {part!r} in path {path!r}")
    if isinstance(node, bool) or not isinstance(node, (str, int, Fraction)):
        raise PlaceholderError(f"{path!r} is not a single value")
    found: str | int | Fraction = node
    return found


def resolve(body: str, blocks: Mapping[str, BlockRenderer], lesson: str | None = None) -> str:
    """The text for one placeholder body (what stands between the braces), its example one of
    ``lesson``'s."""
    if value := _VALUE.fullmatch(body):
        found = lookup(record_of(value["slug"], lesson), value["path"])
        names = [name.strip() for name in value["filters"].split("|")[1:]]
        # A form filter comes first and takes the value; particles follow the text it gives.
        text = FILTERS[names.pop(0)](found) if names and names[0] in FILTERS else _text(found)
        for name in names:
            if name in FILTERS:
                raise PlaceholderError(f"the form filter {name!r} comes first, before any particle")
            text = apply_particle(name, text)
        return text
    if block := _BLOCK.fullmatch(body):
        if block["block"] not in blocks:
            raise PlaceholderError(f"unknown block {block['block']!r}")
        return blocks[block["block"]](*(block["args"] or "").split())
    raise PlaceholderError(f"cannot read placeholder {{{{ {body} }}}}")


def expand(text: str, blocks: Mapping[str, BlockRenderer] | None = None, lesson: str | None = None) -> str:
    """Replace every placeholder in a page of ``lesson``; the first bad one raises, naming itself."""

    def replace(match: re.Match[str]) -> str:
        try:
            return resolve(match["body"], blocks or {}, lesson)
        except PlaceholderError as error:
            raise PlaceholderError(f"{match[0]}: {error}") from error

    return PLACEHOLDER.sub(replace, text)
