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
    tex       a pure ε as TeX: "2·ln(3)" -> "2\\ln 3", "ln(57/10)" -> "\\ln(57/10)", "∞" -> "\\infty"
    power     a δ in powers of ten, for math: "1/100000" -> "10^{-5}", "1099/100000" -> "1.099\\times10^{-2}"

Particles. Korean particles change with the sound that ends the word before them, and a
value's sound is known only once it is rendered ("3/8" is read 8분의 3 and takes 이, "0.375"
takes 가). A particle filter, named by either form of its pair (이/가, 은/는, 을/를, 과/와,
이라/라, 으로/로), appends the form that fits the value as rendered so far
(:func:`generator.course.korean.particle` reads it):

    {{ fresh-k2.claim.required | 이 }}            -> "3/8이"
    {{ fresh-k2.claim.required | decimal | 이 }}  -> "0.375가"
    ${{ fresh-k2.claim.required }}${{ fresh-k2.claim.required | ~이 }}  -> "$3/8$이"

A name with a leading ``~`` gives the particle alone, for a value that stands at the end of
a formula: the particle then goes after the closing ``$``, outside the math.

Block placeholders ``{{ name arg ... }}`` (``{{ figure distribution fresh-k2 }}``) insert
generated HTML: the caller passes the renderers by name, each called with the args as
strings. Anything that does not resolve, an unknown slug, path, filter or block, or a value
whose reading no particle rule knows, is an error that names it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from generator.core.rational import decimal_str, fraction_str
from generator.course.korean import PARTICLES, ReadingError, particle
from generator.course.lessons import BlockRenderer, example_owners, lessons

PLACEHOLDER = re.compile(r"\{\{\s*(?P<body>[^{}]*?)\s*\}\}")
_VALUE = re.compile(r"(?P<slug>[a-z0-9-]+)\.(?P<path>[A-Za-z0-9_.]+)(?P<filters>(?:\s*\|\s*[^\s|{}]+)*)")
_BLOCK = re.compile(r"(?P<block>[a-z]+)\s+(?P<args>[a-z0-9 -]+)")


class PlaceholderError(ValueError):
    """A placeholder that does not resolve."""


def _stacked(text: str) -> str:
    if text.startswith("-"):
        return "-" + _stacked(text[1:])
    if "/" in text:
        numerator, denominator = text.split("/")
        return rf"\tfrac{{{numerator}}}{{{denominator}}}"
    return text


_LOG = re.compile(r"(?:(?P<multiplier>\d+)·)?ln\((?P<ratio>[^()]*)\)")


def _tex(text: str) -> str:
    """A pure ε's exact text as TeX: "2·ln(3)" -> "2\\ln 3", "∞" -> "\\infty", "0" as it is."""
    if text == "∞":
        return r"\infty"
    if (log := _LOG.fullmatch(text)) is None:
        return text
    ratio = log["ratio"]
    argument = f" {ratio}" if ratio.isdigit() else f"({ratio})"
    return f"{log['multiplier'] or ''}\\ln{argument}"


def _power(text: str) -> str:
    """An exact value whose denominator is a power of ten, as TeX in powers of ten:
    "1/100000" -> "10^{-5}", "1099/100000" -> "1.099\\times10^{-2}", "3/1000" -> "3\\times10^{-3}".

    value = m/10^e with m an integer; its significant digits d₁d₂…dₙ (trailing zeros
    dropped) give value = d₁.d₂…dₙ × 10^(len(m) − 1 − e), exactly."""
    value = Fraction(text)
    rest = value.denominator
    places = 0
    while rest % 10 == 0:
        rest, places = rest // 10, places + 1
    if rest != 1 or value <= 0:
        raise PlaceholderError(f"{text!r} is not a positive power-of-ten decimal: no 'power' form")
    digits = str(value.numerator).rstrip("0")
    exponent = len(str(value.numerator)) - 1 - places
    mantissa = digits[0] + (f".{digits[1:]}" if len(digits) > 1 else "")
    power = f"10^{{{exponent}}}"
    return power if mantissa == "1" else f"{mantissa}\\times{power}"


FILTERS: dict[str, Callable[[str], str]] = {
    "decimal": lambda text: decimal_str(Fraction(text)),
    "frac": _stacked,
    "percent": lambda text: f"{text}%",
    "tex": _tex,
    "power": _power,
}


def apply_filter(name: str, text: str) -> str:
    """One filter applied to a rendered value: a form filter, or a particle (see the module)."""
    if name in FILTERS:
        return FILTERS[name](text)
    alone = name.startswith("~")
    if name.removeprefix("~") not in PARTICLES:
        raise PlaceholderError(f"unknown filter {name!r}")
    try:
        form = particle(text, name.removeprefix("~"))
    except ReadingError as error:
        raise PlaceholderError(f"no particle {name!r} after {text!r}: {error}") from error
    return form if alone else text + form


@cache
def record_of(slug: str, lesson: str | None = None) -> Any:
    """The record of a catalogue example of ``lesson`` (of whichever lesson defines it, for a
    lesson not yet on the lesson shape), computed once per process."""
    owner = lesson if lesson is not None else example_owners().get(slug)
    found = None if owner is None else lessons().get(owner)
    if found is None or found.record is None or slug not in found.examples:
        where = f" in lesson {lesson!r}" if lesson else ""
        raise PlaceholderError(f"unknown catalogue example {slug!r}{where}")
    return found.record(slug)


def _text(value: object) -> str:
    if isinstance(value, Fraction):
        return fraction_str(value)
    return str(value)


def lookup(record: object, path: str) -> str:
    """The scalar at a dotted path of a record, as text (an exact value as its fraction)."""
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
    return _text(node)


def resolve(body: str, blocks: Mapping[str, BlockRenderer], lesson: str | None = None) -> str:
    """The text for one placeholder body (what stands between the braces), its example one of
    ``lesson``'s."""
    if value := _VALUE.fullmatch(body):
        text = lookup(record_of(value["slug"], lesson), value["path"])
        for name in value["filters"].split("|")[1:]:
            text = apply_filter(name.strip(), text)
        return text
    if block := _BLOCK.fullmatch(body):
        if block["block"] not in blocks:
            raise PlaceholderError(f"unknown block {block['block']!r}")
        return blocks[block["block"]](*block["args"].split())
    raise PlaceholderError(f"cannot read placeholder {{{{ {body} }}}}")


def expand(text: str, blocks: Mapping[str, BlockRenderer] | None = None, lesson: str | None = None) -> str:
    """Replace every placeholder in a page of ``lesson``; the first bad one raises, naming itself."""

    def replace(match: re.Match[str]) -> str:
        try:
            return resolve(match["body"], blocks or {}, lesson)
        except PlaceholderError as error:
            raise PlaceholderError(f"{match[0]}: {error}") from error

    return PLACEHOLDER.sub(replace, text)
