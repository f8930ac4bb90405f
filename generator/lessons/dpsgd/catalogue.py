"""The DP-SGD lesson's data: its worked examples (settings of DP-SGD) and its quiz, read from
``lesson.json`` beside this module.

A row is one run of DP-SGD: the sampling rate q, the noise multiplier σ, the number of steps T
and the target δ, and ``width``, the widest certified bracket on the optimal ε that the row
asks for (:func:`generator.core.certified_pld.epsilon_bracket` refines its lattice until the
bracket is at most that wide). Every row is a point of the lab's grid (:mod:`.lab` refuses a
row off it), so every row opens in the lab, and a row marked ``preset`` is one of its buttons.
"""

from __future__ import annotations

from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.course.lesson_file import Data, Exact, QuizData, Row, lesson_data


class Example(Row):
    q: Exact
    sigma: Exact
    steps: int
    delta: Exact
    width: Exact
    preset: bool  # shown as a preset button of the lab

    def mechanism(self) -> SubsampledGaussian:
        return SubsampledGaussian(self.q, self.sigma)


class DpsgdData(Data):
    catalogue: tuple[Example, ...]
    quiz: QuizData


SLUG, PATH, DATA = lesson_data(__file__, DpsgdData)
BY_SLUG: dict[str, Example] = {example.slug: example for example in DATA.catalogue}
