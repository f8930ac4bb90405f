"""The auditing lesson's data: its worked examples (a mechanism, a test, an audit's counts and
a target) and its quiz, read from ``lesson.json`` beside this module.

A row is one setting of the lab: the mechanism (k fresh randomized responses at α₀, as in the
composition lesson), the attacker's test ("member" when the count of ones is at least
``threshold``), the claimed δ, the audit's counts (``trials`` each way, ``tp`` true and ``fp``
false positives) at a ``confidence``, and the ``target`` α whose ε = ln α the audit would
certify. Every row is a point of the lab's grid (:mod:`.lab` refuses a row off it), so every
row opens in the lab, and a row marked ``preset`` is one of its buttons.
"""

from __future__ import annotations

from generator.course.lesson_file import Catalogue, Exact, Row, by_slug, lesson_data


class Example(Row):
    alpha0: Exact
    k: int
    threshold: int
    delta: Exact
    trials: int
    tp: int
    fp: int
    confidence: Exact
    target: Exact
    preset: bool  # shown as a preset button of the lab


SLUG, PATH, DATA = lesson_data(__file__, Catalogue[Example])
BY_SLUG = by_slug(DATA.catalogue)
