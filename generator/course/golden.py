"""Golden vectors of a lab: the Python core's answers for a seeded sample of its whole domain.

``python -m generator golden --out DIR`` writes one file per lab, ``DIR/<lesson>-<lab>-golden.json``
(never committed); one node test body (``tests/js/engines.test.mjs``) holds every lab's
browser module to its file. From a lab's declaration (:class:`generator.course.lab.Lab`) and
its :class:`Golden` plan the course writes, for every lab alike:

``module``, ``limits``, ``params``, ``texts``
    the lab's browser module (a path from the repository's root), each field's rule and
    each limit of its rules across fields as the page hands them over, the URL parameters
    in order, every sentence.
``parse_cases``
    ``[field, text, answer]`` for every field and each text of :data:`TEXTS` for its kind
    and of the plan's own: the canonical text of the value, or the refusal's code.
``state_cases``
    whole states whose fields read one by one but break a rule of the state: the texts and
    the refusal of each field.
``samples``
    states drawn by the plan's sampler from a seeded generator, each with its texts as typed,
    its record, its view (every slot), what the live region announces and its chart rows.
``table``
    the answers the core computed at build time that the page carries for the engine to
    look up (:attr:`Lab.table`), or null.
``pages``
    the lab's markup as the server renders it (static charts left out) for the default
    state, every preset and the first samples, with the query that opens each: what the kit
    must show once it has opened that address (``tests/js/labs.test.mjs``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.core.fields import Refusal
from generator.course.build_cache import ROOT
from generator.course.inputs import Field
from generator.course.records import to_json
from generator.course.shown import view_json

if TYPE_CHECKING:
    from generator.course.lab import Lab

Texts = Mapping[str, str]

# The texts every field of a kind is read with, beside a plan's own: each grammar's edges
# (empty, spaces, signs, exponents, a zero denominator, digits that are not ASCII, markup,
# a text past the length limit).
_COMMON = ("", " ", "x", "NaN", "Infinity", "٣", "<script>", "+1", "1 2", "9" * 20, "1" * 1001)
TEXTS: dict[str, tuple[str, ...]] = {
    "count": (*_COMMON, "0", "1", "3", "007", "2.5", "1e3", "-1", "1/1"),
    "number": (
        *_COMMON,
        *("0", "1", "3", "3.0", "57/10", "5.75", "0.9", "100.1", ".5", "5.", "1/3", "0.375", "1/0"),
        *("1e3", "1e-5", "2.5E-3", "1e+2", "1e1000", "1e-999", "e5", "1e", "1.5e-2.5", "-1", "1,5"),
    ),
    "integer": (*_COMMON, "0", "-3", "007", "-0", "2.5", "-0.5", "−2", "2e1", "-1001", "1001", "--1"),
    "choice": ("", "x", " ", "<script>"),
    "list": (
        *_COMMON,
        *("0", "9,6,1", " 9 , 6 ,1 ", "1,0", "0,1", "0,0", "1,1,1,1,1,1,1,1", "1,1,1,1,1,1,1,1,1"),
        *("1000000", "1000001", "007,1", "1,,2", ",1", "1,", "1;2", "-1,2", "1.5,2", "1/2", "3,-1,7"),
        *("a,b", "0,0,1", "7", "8", "3,1,2", "2,2", "1," * 600, "-101,0", "100,-100"),
    ),
    "pairs": (
        *_COMMON,
        *("3:0", "3:0, 2:0.01", " 3 : 0 ", "3:0,", "3", "3:0:1", ":0", "3:", "1.1:0.5", "1.1005:0"),
        *("100.001:0", "3:1", "3:1/3", "3;0", "3:0," * 13, "1e1:1e-5", "0.5:0"),
    ),
    "matrix": (
        *_COMMON,
        *("1,0;0,1", "1,0; 0,1", "1/2,1/2;0,1", "1,0;1/2", "0,0;1,1", "1/2,1/3;1,0", "1;1;1"),
        *("1000001,0;0,1", "1.5,0;0,1", "0.5,0.5;0.25,0.75", "1,0;;0,1", "1,0;0,1;", "1,0 0,1"),
        *(";".join(["1"] * 9), ",".join(["1"] * 9), "1e0,0;0,1"),
    ),
}


@dataclass(frozen=True)
class Golden:
    """How a lab's domain is sampled: ``sample`` draws one state's texts (as a person would
    type them) from a seeded generator, ``size`` times; ``state_cases`` are states that break
    a rule across fields; ``extra_texts`` are a field's own texts to read, beside its kind's."""

    sample: Callable[[random.Random], Texts]
    size: int
    seed: int
    state_cases: tuple[Texts, ...] = ()
    extra_texts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    pages: int = 12


def _answer(f: Field, text: str) -> str:
    value = f.limit.read(text)
    return str(value) if isinstance(value, Refusal) else f.limit.text(value)


def parse_cases(fields: tuple[Field, ...], extra: Mapping[str, tuple[str, ...]]) -> list[list[str]]:
    """``[field, text, answer]`` for each field and each text of its kind and its own."""
    cases: list[list[str]] = []
    for f in fields:
        texts = (*TEXTS[f.kind], *extra.get(f.name, ()))
        texts = (*texts, *getattr(f.limit, "choices", ()))
        cases += [[f.name, text, _answer(f, text)] for text in dict.fromkeys(texts)]
    return cases


def golden_vectors(lab: Lab[Any, Any]) -> dict[str, object]:
    """Every part of a lab's golden vectors (see the module's notes)."""
    plan = lab.golden
    if plan is None:
        raise ValueError(f"lab {lab.name!r} has no golden plan")
    state_cases = []
    for texts in plan.state_cases:
        _, refusals = lab.read_values(texts)
        if not refusals:
            raise ValueError(f"lab {lab.name!r}: the state case {dict(texts)} breaks no rule")
        state_cases.append({"texts": dict(texts), "refusals": dict(sorted(refusals.items()))})
    pages = [_page(lab, lab.default)] + [_page(lab, texts) for texts, _ in lab.preset_texts]
    rng = random.Random(plan.seed)
    samples = []
    for _ in range(plan.size):
        texts = dict(plan.sample(rng))
        record = lab.record(lab.read(texts))
        samples.append(
            {
                "texts": texts,
                "record": to_json(record),
                "view": view_json(lab.view(record)),
                "announcement": lab.announcement(record),
                "charts": lab.charts.rows(record) if lab.charts else None,
            }
        )
    return {
        "lab": lab.name,
        "module": (lab.folder / "lab" / f"{lab.name}.mjs").relative_to(ROOT).as_posix(),
        "limits": lab.limits,
        "params": list(lab.params),
        "texts": dict(lab.texts),
        "parse_cases": parse_cases(lab.fields, plan.extra_texts),
        "state_cases": state_cases,
        "table": lab.table() if lab.table else None,
        "seed": plan.seed,
        "samples": samples,
        "pages": pages + [_page(lab, sample["texts"]) for sample in samples[: plan.pages]],  # type: ignore[arg-type]
    }


def _page(lab: Lab[Any, Any], texts: Texts) -> dict[str, object]:
    """The lab as the server renders it for a state (its static charts left out): what the
    kit must show after opening ``query``."""
    values, _ = lab.read_values(texts)
    canonical = lab.texts_of(values)
    html = lab.render(lab.record(lab.read(texts)), canonical, static_charts=False)
    return {"query": lab.query(texts), "html": html}
