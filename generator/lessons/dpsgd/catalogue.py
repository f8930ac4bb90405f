"""The DP-SGD lesson's data: its worked examples (settings of DP-SGD) and its quiz, read from
``lesson.json`` beside this module.

A row is one run of DP-SGD: the sampling rate q, the noise multiplier σ, the number of steps T
and the target δ, and ``width``, the widest certified bracket on the optimal ε that the row
asks for (:func:`generator.core.certified_pld.epsilon_bracket` refines its lattice until the
bracket is at most that wide). A row may store ``peers``: what two floating-point accountants
report for it, each as the ``repr`` of its float (``tests/lessons/dpsgd`` recomputes them and
fails on any drift; the site never runs them): ``pld``, dp_accounting's PLD accountant at value
discretization :data:`.records.PLD_INTERVAL` (its pessimistic estimate), and ``gdp``,
Opacus's Gaussian-DP accountant (``compute_eps_poisson``). Every row is a point of the lab's
grid (:mod:`.lab` refuses a row off it), so every row opens in the lab, and a row marked
``preset`` is one of its buttons.

An ``amplify`` row is a state of the amplification lab: randomized response at ``alpha0`` on a
record sampled at rate ``q``, and the α at which its δ*(α) is read
(:data:`.lab.AMPLIFY_LAB`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.course.lesson_file import Catalogue, Data, Exact, Row, by_slug, lesson_data


def _float_repr(text: str) -> str:
    """A stored float: the ``repr`` of a finite non-negative float, nothing else."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf") or repr(value) != text:
        raise ValueError(f"a peer's ε is the repr of a finite non-negative float, not {text!r}")
    return text


StoredFloat = Annotated[str, AfterValidator(_float_repr)]


class Peers(Data):
    """What two floating-point accountants report for a row (see the module's notes)."""

    pld: StoredFloat
    gdp: StoredFloat


class Example(Row):
    q: Exact
    sigma: Exact
    steps: int
    delta: Exact
    width: Exact
    preset: bool  # shown as a preset button of the lab
    peers: Peers | None = None

    def mechanism(self) -> SubsampledGaussian:
        return SubsampledGaussian(self.q, self.sigma)


class AmplifyExample(Row):
    alpha0: Exact
    rate: Exact  # q, named for the lab's field
    alpha: Exact
    preset: bool  # shown as a preset button of the amplification lab


class DpsgdData(Catalogue[Example]):
    amplify: tuple[AmplifyExample, ...]


SLUG, PATH, DATA = lesson_data(__file__, DpsgdData)
BY_SLUG = by_slug(DATA.catalogue)
AMPLIFY_BY_SLUG = by_slug(DATA.amplify)
