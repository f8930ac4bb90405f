"""The lab's URL state for a catalogue example: ``mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0``.

DESIGN.md fixes the parameters: ``mode``, ``k``, ``p`` (integer percent), ``alpha`` and
``alpha0`` with one decimal, ``delta`` as a decimal. Every text is written from the exact
value with integer arithmetic, by :func:`field_text`, which the lab's engine mirrors
(``canonicalNumber``): a value on a field's grid keeps exactly that many decimals, and a
value with no grid is written as its shortest decimal, or as its reduced fraction when no
finite decimal equals it (δ = 1/3 is ``1/3``, never a rounded ``0.333``). A value off its
field's grid is refused rather than rounded.
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.input_limits import LAB_ALPHA, LAB_ALPHA0, LAB_DELTA, LAB_K, P
from generator.course.lab_fields import field_text
from generator.lessons.composition.catalogue import Example


def lab_query(example: Example) -> str:
    """The query string that opens the lab on an example's inputs."""
    fields = (
        ("mode", str(example.mode)),
        ("k", field_text(LAB_K, Fraction(example.k))),
        ("p", field_text(P, Fraction(example.p))),
        ("alpha", field_text(LAB_ALPHA, example.alpha)),
        ("delta", field_text(LAB_DELTA, example.delta)),
        ("alpha0", field_text(LAB_ALPHA0, example.alpha0)),
    )
    return "&".join(f"{name}={text}" for name, text in fields)
