"""The local-DP lesson's data: its worked examples (one state of the lab each) and its quiz,
read from ``lesson.json`` beside this module.

A row is one setting of the lab: α₀ = e^ε₀ of one randomized response (``alpha0``), the
number of users n, the true rate π (``rate``), the tolerance t of the accuracy
P(|π̂ − π| <= t) (``tolerance``), how many of the other n − 1 users hold a 1 for the shuffle
model (``ones``) and the claim α of the shuffled count (``alpha``). Every row is a state of
the lab (:mod:`.lab` refuses one it would not accept), and a row marked ``preset`` is one of
its buttons.
"""

from __future__ import annotations

from generator.course.lesson_file import Catalogue, Exact, Row, by_slug, lesson_data


class Example(Row):
    alpha0: Exact
    n: int
    rate: Exact
    tolerance: Exact
    ones: int
    alpha: Exact
    preset: bool  # shown as a preset button of the lab


SLUG, PATH, DATA = lesson_data(__file__, Catalogue[Example])
BY_SLUG = by_slug(DATA.catalogue)
