"""The optimal-composition lab's state from the texts of its fields (and URL parameters), and
its record: everything the lab shows of one state.

A state is a mode and a target δ. Mode ``same`` composes k steps of (ln α₀, δ₀); mode
``mixed`` composes a typed list of steps "αᵢ:δᵢ, …" (:func:`read_steps`). Every field is read
in both modes (:func:`read_state`), so an address always holds a whole state; the mode
chooses which composition it is. The browser's lab module reads a state by the same rules
(the golden vectors hold it to this one).

The record (:func:`state_record`). With L the privacy loss of the worst case (the product
of Kairouz, Oh and Viswanath's M̃ᵢ) and δ(α) = E_P[(1 − α e^{−L})₊] its exact profile:

- the optimal ε at the target: the smallest α with δ(α) ≤ δ, and ln α to 3 decimals
  ("inf" when even α → ∞ leaves the reveal mass P(L = +∞) above δ);
- the basic theorem's (ln Π αᵢ, Σ δᵢ), the advanced theorem's ε′ at δ′ = δ − Σ δᵢ (none
  when δ′ ≤ 0) and δ(Π αᵢ), the part of the basic theorem's δ that is really needed;
- the charts' coordinates (floats, for placing points only): δ at the kinks of the profile,
  α = 1 and every ratio e^L > 1 (δ is linear in α between them), from α = 1 down to the
  first kink below δ/1000, at most :data:`CURVE_POINTS` of them evenly by index; and the
  law of L, every value of mass at least :data:`BAR_MASS`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.core.input_limits import (
    MAX_NUMBER_CHARS,
    OPTIMAL_ALPHA0,
    OPTIMAL_DELTA,
    OPTIMAL_DELTA0,
    OPTIMAL_K,
    OPTIMAL_STEPS,
    FieldLimit,
)
from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import HeterogeneousComposition, OptimalComposition, Step
from generator.core.rational import Refusal, fraction_str, read_field
from generator.course.lab_fields import exact_decimal
from generator.course.records import Record, optimal_answer_record

MODES = ("same", "mixed")
PARAMS = ("mode", "alpha0", "delta0", "k", "steps", "delta")
CURVE_POINTS = 80
CURVE_FLOOR = Fraction(1, 1000)  # the curve stops at its first kink below δ·CURVE_FLOOR
BAR_MASS = Fraction(1, 10**6)
CHART_PLACES = 4  # the decimals of ln(ratio) that place a point

_STEP = re.compile(r" *([^ :,]+) *: *([^ :,]+) *")

Composition = OptimalComposition | HeterogeneousComposition


def number_text(value: Fraction) -> str:
    """A number as the address and the fields keep it: its shortest decimal ("1.1", never
    "1.100"), or its reduced fraction when no finite decimal equals it ("1/3")."""
    try:
        return exact_decimal(value)
    except ValueError:
        return fraction_str(value)


def read_steps(text: str) -> tuple[Step, ...] | Refusal:
    """The steps of a typed list "3:0, 2:0.01", or why it was refused.

    Steps are separated by ",", an α from its δ by ":", and spaces around either are
    dropped. The checks run in a fixed order, so the reason is the first rule broken: empty,
    length, grammar (every step), number of steps, then each step's α and δ in order
    (:func:`generator.core.rational.read_field`: grammar, grid, interval).
    """
    if text.strip(" ") == "":
        return Refusal.EMPTY
    if len(text) > MAX_NUMBER_CHARS:
        return Refusal.TOO_LONG
    matches = [_STEP.fullmatch(part) for part in text.split(",")]
    if any(match is None for match in matches):
        return Refusal.SYNTAX
    if not 1 <= len(matches) <= OPTIMAL_STEPS.max_items:
        return Refusal.COUNT
    steps = []
    for match in matches:
        assert match is not None
        alpha = read_field(OPTIMAL_STEPS.alpha, match.group(1))
        if isinstance(alpha, Refusal):
            return alpha
        delta = read_field(OPTIMAL_STEPS.delta, match.group(2))
        if isinstance(delta, Refusal):
            return delta
        steps.append(Step(alpha, delta))
    return tuple(steps)


def steps_text(steps: tuple[Step, ...]) -> str:
    """The canonical text of a valid list of steps: "3:0,2:0.01"."""
    return ",".join(f"{number_text(step.alpha)}:{number_text(step.delta)}" for step in steps)


@dataclass(frozen=True)
class LabState:
    mode: str
    alpha0: Fraction
    delta0: Fraction
    k: int
    steps: tuple[Step, ...]
    delta: Fraction

    def composition(self) -> Composition:
        if self.mode == "mixed":
            return HeterogeneousComposition(self.steps)
        return OptimalComposition(self.alpha0, self.delta0, self.k)

    def texts(self) -> dict[str, str]:
        return {
            "mode": self.mode,
            "alpha0": number_text(self.alpha0),
            "delta0": number_text(self.delta0),
            "k": str(self.k),
            "steps": steps_text(self.steps),
            "delta": number_text(self.delta),
        }

    def query(self) -> str:
        """The address's query, in the lab's parameter order."""
        texts = self.texts()
        return "&".join(f"{name}={texts[name]}" for name in PARAMS)


NUMBER_FIELDS: tuple[FieldLimit, ...] = (OPTIMAL_ALPHA0, OPTIMAL_DELTA0, OPTIMAL_K, OPTIMAL_DELTA)


def read_state(texts: Mapping[str, str]) -> LabState | dict[str, Refusal]:
    """The state of the six texts, or each refused field's reason."""
    refusals: dict[str, Refusal] = {}
    mode = texts.get("mode", "")
    if mode not in MODES:
        refusals["mode"] = Refusal.EMPTY if mode == "" else Refusal.SYNTAX
    numbers: dict[str, Fraction] = {}
    for limit in NUMBER_FIELDS:
        read = read_field(limit, texts.get(limit.name, ""))
        if isinstance(read, Refusal):
            refusals[limit.name] = read
        else:
            numbers[limit.name] = read
    steps = read_steps(texts.get("steps", ""))
    if isinstance(steps, Refusal):
        refusals["steps"] = steps
    if refusals or isinstance(steps, Refusal):
        return refusals
    return LabState(mode, numbers["alpha0"], numbers["delta0"], int(numbers["k"]), steps, numbers["delta"])


def _coordinate(text: str) -> float:
    return float(text)


def curve_rows(composition: Composition, delta: Fraction, ratios: tuple[Fraction, ...]) -> list[Record]:
    """The profile's kinks as chart points: ε = ln α (CHART_PLACES decimals) and δ(α), the δ
    clamped to the floor δ·CURVE_FLOOR (a log axis has no 0). δ falls as α grows, so the last
    kink kept, the first below the floor, is found by bisection."""
    kinks = [Fraction(1), *(ratio for ratio in ratios if ratio > 1)]
    floor = delta * CURVE_FLOOR
    low, high = 0, len(kinks) - 1  # find the first index whose δ is below the floor, else the last
    if composition.delta(kinks[high]) >= floor:
        last = high
    else:
        while low < high:
            middle = (low + high) // 2
            if composition.delta(kinks[middle]) < floor:
                high = middle
            else:
                low = middle + 1
        last = low
    count = min(CURVE_POINTS, last + 1)
    indices = sorted({i * last // max(count - 1, 1) for i in range(count)})
    rows = []
    for index in indices:
        alpha = kinks[index]
        rows.append(
            {
                "epsilon": _coordinate(ln_decimal(alpha, CHART_PLACES)),
                "delta": float(max(composition.delta(alpha), floor)),
            }
        )
    return rows


def bar_rows(ratios: tuple[Fraction, ...], probabilities: tuple[Fraction, ...]) -> tuple[list[Record], int]:
    """The law of L as bars of mass at least BAR_MASS, and how many smaller ones are left out."""
    rows = [
        {"loss": _coordinate(ln_decimal(ratio, CHART_PLACES)), "probability": float(mass)}
        for ratio, mass in zip(ratios, probabilities, strict=True)
        if mass >= BAR_MASS
    ]
    return rows, len(ratios) - len(rows)


def state_record(state: LabState) -> Record:
    """What the lab shows of one state (see the module's notes): the core's three answers
    (:func:`generator.course.records.optimal_answer_record`) and the charts' coordinates."""
    composition = state.composition()
    loss = composition.loss()
    bars, omitted = bar_rows(loss.ratios, loss.probabilities)
    return {
        **optimal_answer_record(composition, state.delta),
        "mode": state.mode,
        "k": len(composition.steps),
        "support_size": composition.support_size,
        "infinite": fraction_str(loss.infinite),
        "curve": curve_rows(composition, state.delta, loss.ratios),
        "bars": bars,
        "omitted_bars": omitted,
    }
