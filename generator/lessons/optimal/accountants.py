"""The accountants' table (``{{ figure accountants <slug> }}``): a PLD's ε against the exact one.

``accountants.json`` beside this module stores, for some catalogue rows of equal steps, what
google ``dp_accounting``'s privacy loss distribution (PLD) reports as ε at the row's target
δ, at each value discretization interval of :data:`INTERVALS`, both estimates:

- pessimistic: every privacy loss is rounded *up* to the grid, so the PLD's δ at each ε
  is at least the true one, and the smallest ε it accepts is at least the true smallest ε;
- optimistic: rounded *down*, so the same argument gives at most the true ε.

``dp_accounting`` is a test dependency only, so the site never runs it: the figures are
catalogue data, ``tests/lessons/optimal/test_peer.py`` recomputes them and fails on any
drift, and ``python -m tests.accountants_refresh`` writes the file again. The file is read
strictly by a schema (:func:`generator.course.lesson_file.read_data`): a case names a
catalogue row of equal steps, lists exactly the intervals of :data:`INTERVALS` in order,
and stores each ε as the ``repr`` of a float (``"inf"`` when the PLD finds none).

The exact column is the core's: the smallest α with δ_opt(α) ≤ δ
(:meth:`OptimalComposition.smallest_alpha`), a reduced fraction, and ε = ln α rounded
exactly (:func:`generator.core.logarithm.ln_decimal`); no α means ε = ∞. The error
PLD − exact is float arithmetic, and the table says so.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Self

from pydantic import BeforeValidator, model_validator

from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition
from generator.core.readable import MINUS, readable
from generator.course.lesson_file import Data, read_data
from generator.course.templates import render
from generator.lessons.optimal.catalogue import BY_SLUG

FOLDER = Path(__file__).resolve().parent
CASES_PATH = FOLDER / "accountants.json"
INTERVALS = ("0.01", "0.001", "0.0001")  # value_discretization_interval, coarse to fine
PLACES = 4  # decimals of every ε shown
ERROR_PLACES = 12  # decimals of the exact ε that the float error is taken against


def stored_float(text: object) -> float:
    """A stored ε: the ``repr`` of a non-negative float, or ``"inf"``; anything else is refused."""
    if not isinstance(text, str):
        raise ValueError(f"an ε is stored as a string, the repr of a float, not {text!r}")
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if math.isnan(value) or value < 0 or repr(value) != text:
        raise ValueError(f"an ε must be the repr of a non-negative float or 'inf', not {text!r}")
    return value


StoredFloat = Annotated[float, BeforeValidator(stored_float)]


class PldFigure(Data):
    """The PLD's ε at one value discretization interval, both estimates."""

    interval: str
    pessimistic: StoredFloat
    optimistic: StoredFloat

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.optimistic > self.pessimistic:
            raise ValueError(f"at {self.interval} the optimistic ε exceeds the pessimistic one")
        return self


class AccountantCase(Data):
    """A catalogue row of equal steps and the PLD's figures on its question."""

    slug: str
    pld: tuple[PldFigure, ...]

    @model_validator(mode="after")
    def _known(self) -> Self:
        example = BY_SLUG.get(self.slug)
        if example is None or example.heterogeneous:
            raise ValueError(f"{self.slug!r} is not a catalogue row of equal steps")
        if tuple(figure.interval for figure in self.pld) != INTERVALS:
            raise ValueError(f"the intervals must be exactly {list(INTERVALS)}, in that order")
        return self

    @property
    def composition(self) -> OptimalComposition:
        composition = BY_SLUG[self.slug].composition()
        assert isinstance(composition, OptimalComposition)
        return composition

    @property
    def delta(self) -> Fraction:
        return BY_SLUG[self.slug].delta


class AccountantsFile(Data):
    """The file: the ``dp_accounting`` release the figures were made with, and the cases."""

    dp_accounting: str
    cases: tuple[AccountantCase, ...]

    @model_validator(mode="after")
    def _distinct(self) -> Self:
        slugs = [case.slug for case in self.cases]
        for index, slug in enumerate(slugs):
            if slug in slugs[:index]:
                raise ValueError(f"cases[{index}]: slug {slug!r} repeats an earlier case")
        return self


@cache
def stored() -> AccountantsFile:
    """The file, read once."""
    return read_data(CASES_PATH, AccountantsFile)


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
    alpha = exact_alpha(case)
    exact = math.inf if alpha is None else float(ln_decimal(alpha, ERROR_PLACES))
    return {
        "slug": case.slug,
        "example": BY_SLUG[case.slug],
        "alpha": alpha,
        "epsilon": "∞" if alpha is None else ln_decimal(alpha, PLACES),
        "figures": [
            {
                "interval": figure.interval,
                "pessimistic": _estimate(figure.pessimistic, exact),
                "optimistic": _estimate(figure.optimistic, exact),
            }
            for figure in case.pld
        ],
    }


def accountants_html(slug: str) -> str:
    """The table of every stored case, the row group of the catalogue example ``slug`` marked."""
    data = stored()
    if slug not in (case.slug for case in data.cases):
        raise ValueError(
            f"no accountant figures for {slug!r}; expected one of {[c.slug for c in data.cases]}"
        )
    return render(
        "accountants.html",
        FOLDER,
        slug=slug,
        release=data.dp_accounting,
        cases=[case_view(case) for case in data.cases],
    )
