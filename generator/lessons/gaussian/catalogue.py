"""The Gaussian lesson's data: its worked examples (one noisy release, or k of them) and its
quiz, read from ``lesson.json`` beside this module.

A row is one setting of the lab: the mechanism (``gaussian`` or ``laplace``), its noise
(σ for the Gaussian, the scale b for the Laplace: ``noise``), the sensitivity Δ (L2 for the
Gaussian, L1 for the Laplace), the number of releases k (1 for the Laplace) and the target δ.
Every row is a point of the lab's grid (:mod:`.lab` refuses a row off it), so every row opens
in the lab, and a row marked ``preset`` is one of its buttons.
"""

from __future__ import annotations

from typing import Literal

from generator.core.gaussian import GaussianMechanism
from generator.core.laplace import LaplaceMechanism
from generator.course.lesson_file import Catalogue, Exact, Row, by_slug, lesson_data


class Example(Row):
    mechanism: Literal["gaussian", "laplace"]
    noise: Exact  # σ or b
    sensitivity: Exact
    k: int
    delta: Exact
    preset: bool  # shown as a preset button of the lab

    def gaussian(self) -> GaussianMechanism:
        return GaussianMechanism(self.sensitivity, self.noise, self.k)

    def laplace(self) -> LaplaceMechanism:
        return LaplaceMechanism(self.sensitivity, self.noise)


SLUG, PATH, DATA = lesson_data(__file__, Catalogue[Example])
BY_SLUG = by_slug(DATA.catalogue)
