"""The accountants' table (``{{ figure accountants <slug> }}``): a PLD's ε against the exact one.

``accountants.json`` beside this module stores, for some homogeneous catalogue rows, what
google ``dp_accounting``'s privacy loss distribution (PLD) reports as ε at the row's
target δ, at each value discretization interval of :data:`INTERVALS`, both estimates:

- pessimistic: every privacy loss is rounded *up* to the grid, so the PLD's δ at each ε
  is at least the true one, and the smallest ε it accepts is at least the true smallest ε;
- optimistic: rounded *down*, so the same argument gives at most the true ε.

``dp_accounting`` is a test dependency only, so the site never runs it: the figures are
catalogue data, ``tests/test_optimal_peer.py`` recomputes them and fails on any drift,
and ``python -m tests.accountants_refresh`` writes the file again. The file is read
strictly (as :mod:`generator.course.lesson_data` reads a lesson's data): a case names a
homogeneous catalogue row, lists exactly the intervals of :data:`INTERVALS` in order, and
stores each ε as the ``repr`` of a float (``"inf"`` when the PLD finds none).

The exact column is the core's: the smallest α with δ_opt(α) ≤ δ
(:meth:`OptimalComposition.smallest_alpha`), a reduced fraction, and ε = ln α rounded
exactly (:func:`generator.core.logarithm.ln_decimal`); no α means ε = ∞. The error
PLD − exact is float arithmetic, and the table says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition
from generator.core.rational import fraction_str
from generator.core.readable import MINUS, readable
from generator.course.lesson_data import STR, LessonDataError, entries, fields, label, read_data, slugged_rows
from generator.course.templates import render
from generator.lessons.optimal.catalogue import BY_SLUG

FOLDER = Path(__file__).resolve().parent
CASES_PATH = FOLDER / "accountants.json"
INTERVALS = ("0.01", "0.001", "0.0001")  # value_discretization_interval, coarse to fine
PLACES = 4  # decimals of every ε shown
ERROR_PLACES = 12  # decimals of the exact ε that the float error is taken against
CASE_KEYS = {"slug": STR, "pld": "a list of figures"}
FIGURE_KEYS = {"interval": STR, "pessimistic": STR, "optimistic": STR}


def stored_float(text: str) -> float:
    """A stored ε: the ``repr`` of a non-negative float, or ``"inf"``; anything else is refused."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if math.isnan(value) or value < 0 or repr(value) != text:
        raise ValueError(f"an ε must be the repr of a non-negative float or 'inf', not {text!r}")
    return value


@dataclass(frozen=True)
class PldFigure:
    """The PLD's ε at one value discretization interval, both estimates."""

    interval: str
    pessimistic: float
    optimistic: float

    def __post_init__(self) -> None:
        if self.optimistic > self.pessimistic:
            raise ValueError(f"at {self.interval} the optimistic ε exceeds the pessimistic one")


@dataclass(frozen=True)
class AccountantCase:
    """A homogeneous catalogue row and the PLD's figures on its question."""

    slug: str
    figures: tuple[PldFigure, ...]

    def __post_init__(self) -> None:
        example = BY_SLUG.get(self.slug)
        if example is None or example.heterogeneous:
            raise ValueError(f"{self.slug!r} is not a homogeneous catalogue row")
        if tuple(figure.interval for figure in self.figures) != INTERVALS:
            raise ValueError(f"the intervals must be exactly {list(INTERVALS)}, in that order")

    @property
    def composition(self) -> OptimalComposition:
        composition = BY_SLUG[self.slug].composition
        assert isinstance(composition, OptimalComposition)
        return composition

    @property
    def delta(self) -> Fraction:
        return BY_SLUG[self.slug].delta


def _figure(entry: Any, where: str) -> PldFigure:
    values = fields(entry, FIGURE_KEYS, where)
    return PldFigure(
        values["interval"], stored_float(values["pessimistic"]), stored_float(values["optimistic"])
    )


def _case(values: dict[str, Any]) -> AccountantCase:
    where = f"{values['slug']!r}: pld"
    figures = entries(values["pld"], where)
    return AccountantCase(
        values["slug"], tuple(_figure(entry, label(where, i, entry)) for i, entry in enumerate(figures))
    )


def cases_from_data(data: dict[str, Any], where: str) -> tuple[AccountantCase, ...]:
    """The cases of the file's object; ``where`` names the file in messages."""
    if not isinstance(data["dp_accounting"], str):
        raise LessonDataError(f"{where}: 'dp_accounting' must be the version string")
    return slugged_rows(data["cases"], f"{where}: cases", CASE_KEYS, _case)


@cache
def stored() -> tuple[str, tuple[AccountantCase, ...]]:
    """The file, read once: the ``dp_accounting`` version it was made with, and its cases."""
    data = read_data(CASES_PATH, ("dp_accounting", "cases"))
    return data["dp_accounting"], cases_from_data(data, str(CASES_PATH))


def exact_alpha(case: AccountantCase) -> Fraction | None:
    """The smallest α with δ_opt(α) ≤ δ (``None``: no finite α, ε = ∞)."""
    return case.composition.smallest_alpha(case.delta)


def float_reading(value: float) -> str:
    """A float as it reads on the site (3 significant digits below 1/100), with its sign."""
    if value == 0:
        return "0"
    if math.isinf(value):
        return "∞" if value > 0 else f"{MINUS}∞"
    shown = readable(Fraction(abs(value)))
    return ("+" if value > 0 else MINUS) + (shown.approx or shown.exact)


def _estimate(reported: float, exact: float) -> dict[str, str]:
    """One PLD estimate's cells: its ε and its error against the exact ε."""
    if math.isinf(reported):
        return {"epsilon": "∞", "error": "—" if math.isinf(exact) else "∞"}
    return {"epsilon": f"{reported:.{PLACES}f}", "error": float_reading(reported - exact)}


def case_view(case: AccountantCase) -> dict[str, object]:
    """One case's row group: its inputs, the exact ε and each interval's two estimates."""
    example = BY_SLUG[case.slug]
    alpha = exact_alpha(case)
    exact = math.inf if alpha is None else float(ln_decimal(alpha, ERROR_PLACES))
    return {
        "example": example,
        "alpha": None if alpha is None else fraction_str(alpha),
        "epsilon": "∞" if alpha is None else ln_decimal(alpha, PLACES),
        "figures": [
            {
                "interval": figure.interval,
                "pessimistic": _estimate(figure.pessimistic, exact),
                "optimistic": _estimate(figure.optimistic, exact),
            }
            for figure in case.figures
        ],
    }


def accountants_html(slug: str) -> str:
    """The table of every stored case, the row group of the catalogue example ``slug`` marked."""
    release, cases = stored()
    if slug not in (case.slug for case in cases):
        raise ValueError(f"no accountant figures for {slug!r}; expected one of {[c.slug for c in cases]}")
    return render(
        "accountants.html",
        FOLDER,
        slug=slug,
        release=release,
        cases=[dict(case_view(case), slug=case.slug) for case in cases],
    )
