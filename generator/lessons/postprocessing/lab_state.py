"""The states of the lesson's two labs from the texts of their fields (and URL parameters), and
their records: everything a lab shows of one state.

**The post-processing lab.** A channel M (``source`` = ``fresh``: k fresh responses at truth
probability p, released as their count; ``rows``: two typed rows of weights), a map f typed
as a matrix (:func:`read_map`), one row per output of M, and the point α. When ``reads``
is ticked, f reads x: ``map`` is F⁰ (used when x = 0) and ``map1`` is F¹. The record puts the
image f∘M beside M:

- δ*_{f∘M}(α) and δ*_M(α), and whether δ*_{f∘M}(α) <= δ*_M(α) (it must, for a map of the
  output alone: an event S of f∘M pulls back to the event T = f⁻¹(S) of M for a
  deterministic f, and a randomized f is a mixture of deterministic ones);
- both profiles on the integer grid 1..N, N = min(20, ⌈largest e^ε of the two⌉) (20 when
  either pure ε is ∞): from there on both are 0;
- the first α of the grid (or the chosen α) where the image needs more δ than M, with the
  image's maximal event there; only a map that reads x can make one;
- the pure ε of both, and whether f is invertible on M's support (then δ* is unchanged).

**The group lab.** One person's randomized response at p, a group of g, and one person's
point α₁ <= p/(1 − p) with its δ₁ = δ*_RR(α₁). The group change flips g responses, so the
group's channel is g fresh responses (the others cancel); its δ* at α₁^g is beside the
chain bounds g α₁^{g−1} δ₁ and δ₁ Σ_{i<g} α₁^i (each capped at 1), and its pure ε is
g·ln(p/(1 − p)). The curve runs α₁ over 1 + i(r − 1)/10, i = 0..10, r = p/(1 − p).

Each field is read on its own first (numbers by :func:`generator.core.rational.read_field`,
lists by :func:`generator.core.list_fields.read_list`, matrices by :func:`read_map`); the
rules of the whole state come after, their refusal shown beside the field that breaks them.
The browser's engine (``lab/engine.mjs``) reads and records by the same rules; the golden
vectors hold it to this module.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from generator.core.channels import fresh_counts
from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.group_privacy import approximate_chain, geometric_chain
from generator.core.input_limits import (
    GROUP_ALPHA1,
    GROUP_G,
    GROUP_P,
    LAB_ALPHA,
    MAX_NUMBER_CHARS,
    POST_K,
    POST_MAP,
    POST_MAP1,
    POST_P,
    FieldLimit,
    Kind,
    MatrixLimit,
)
from generator.core.list_fields import WEIGHTS0, WEIGHTS1, ListLimit, read_list
from generator.core.logarithm import ln_decimal
from generator.core.post_processing import StochasticMap, is_invertible_on, post_process_by_input
from generator.core.profile import Profile, ProfilePoint
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.rational import RationalSyntaxError, Refusal, fraction_str, parse_rational, read_field
from generator.core.readable import output_set_text
from generator.course.lab_fields import exact_decimal
from generator.course.records import Record, law_record

SOURCES = ("fresh", "rows")
POST_PARAMS = ("source", "p", "k", "weights0", "weights1", "map", "reads", "map1", "alpha")
GROUP_PARAMS = ("p", "g", "alpha1")
GRID_END = 20
CURVE_STEPS = 10
# The toggle "f reads x": a group of one checkbox, its text "" or "1".
READS = ListLimit("reads", FieldLimit("reads", Kind.COUNT, Fraction(1), Fraction(1), 0), 0, 1, True, False)

_DIGITS = re.compile(r"[0-9]+")
_ENTRY = re.compile(r" *([^ ,;]+) *")


class LabRefusal(StrEnum):
    """The refusals these labs add to :class:`generator.core.rational.Refusal`."""

    ROW_SUM = "row-sum"  # a matrix row of fractions that does not sum to 1
    SHAPE = "shape"  # matrix rows of different lengths, or F¹ wider or narrower than F⁰
    ROWS = "rows"  # a map without one row per output of the channel
    ABOVE_RATIO = "above-ratio"  # α₁ above p/(1 − p), where δ₁ is 0 already


Reason = Refusal | LabRefusal


def number_text(value: Fraction) -> str:
    """An exact entry as the address keeps it: its shortest decimal, else its reduced fraction."""
    try:
        return exact_decimal(value)
    except ValueError:
        return fraction_str(value)


def read_map(limit: MatrixLimit, text: str) -> tuple[str, ...] | Reason:
    """The canonical rows of a typed matrix "1,0; 1/2,1/2", or why it was refused.

    Rows are separated by ";", entries by ",", spaces around an entry dropped. A row of
    plain integers is weights (divided by their sum, which must not be 0); any other row is
    exact fractions that must sum to 1. The checks run in a fixed order, so the reason is
    the first rule broken: empty, length, grammar (every entry), number of rows and of
    columns, equal row lengths, then each row in order (a weight's grid and range, its sum).
    """
    if text.strip(" ") == "":
        return Refusal.EMPTY
    if len(text) > MAX_NUMBER_CHARS:
        return Refusal.TOO_LONG
    rows: list[list[str]] = []
    for row in text.split(";"):
        matches = [_ENTRY.fullmatch(entry) for entry in row.split(",")]
        if any(match is None for match in matches):
            return Refusal.SYNTAX
        rows.append([match.group(1) for match in matches if match is not None])
    try:
        values: list[list[Fraction]] = [[parse_rational(entry) for entry in row] for row in rows]
    except RationalSyntaxError:
        return Refusal.SYNTAX
    if not 1 <= len(rows) <= limit.max_rows or any(not 1 <= len(row) <= limit.max_columns for row in rows):
        return Refusal.COUNT
    if len({len(row) for row in rows}) != 1:
        return LabRefusal.SHAPE
    canonical = []
    for entries, numbers in zip(rows, values, strict=True):
        if all(_DIGITS.fullmatch(entry) for entry in entries):
            for entry in entries:
                read = read_field(limit.weight, entry)
                if isinstance(read, Refusal):
                    return read
            if sum(numbers) == 0:
                return Refusal.ZERO_SUM
        elif sum(numbers) != 1:
            return LabRefusal.ROW_SUM
        canonical.append(",".join(number_text(value) for value in numbers))
    return tuple(canonical)


def map_of(rows: tuple[str, ...]) -> StochasticMap:
    """The stochastic map of canonical rows: each row divided by its sum (1 for fractions)."""
    parsed = [[Fraction(entry) for entry in row.split(",")] for row in rows]
    return StochasticMap(tuple(tuple(value / sum(row) for value in row) for row in parsed))


@dataclass(frozen=True)
class PostState:
    source: str
    p: Fraction
    k: int
    weights0: tuple[int, ...]
    weights1: tuple[int, ...]
    map0: tuple[str, ...]
    reads: bool
    map1: tuple[str, ...]
    alpha: Fraction

    def channel(self) -> FiniteChannel:
        if self.source == "fresh":
            return fresh_counts(self.p, self.k)
        return from_rows(self.weights0, self.weights1)

    def maps(self) -> tuple[StochasticMap, StochasticMap]:
        """F⁰ and F¹ (the same map unless f reads x)."""
        first = map_of(self.map0)
        return first, map_of(self.map1) if self.reads else first


def _read(limit: FieldLimit | ListLimit | MatrixLimit, text: str) -> object:
    if isinstance(limit, MatrixLimit):
        return read_map(limit, text)
    if isinstance(limit, ListLimit):
        return read_list(limit, text)
    return read_field(limit, text)


def _read_all(
    limits: tuple[FieldLimit | ListLimit | MatrixLimit, ...], texts: Mapping[str, str]
) -> tuple[dict[str, object], dict[str, Reason]]:
    values: dict[str, object] = {}
    refusals: dict[str, Reason] = {}
    for limit in limits:
        read = _read(limit, texts.get(limit.name, ""))
        if isinstance(read, (Refusal, LabRefusal)):
            refusals[limit.name] = read
        else:
            values[limit.name] = read
    return values, refusals


def post_refusals(values: Mapping[str, object]) -> dict[str, Reason]:
    """The rules of the whole state, on the values that read (a refused field is absent):
    weights1 as long as weights0 ("mismatch"); F⁰, and F¹ when f reads x, one row per output
    of the channel ("rows"); F¹ as wide as F⁰ ("shape")."""
    refusals: dict[str, Reason] = {}
    source, weights0, weights1 = values.get("source"), values.get("weights0"), values.get("weights1")
    outputs: int | None = None
    if source == "fresh" and isinstance(values.get("k"), Fraction):
        outputs = int(values["k"]) + 1  # type: ignore[call-overload]
    elif source == "rows" and isinstance(weights0, tuple):
        outputs = len(weights0)
        if isinstance(weights1, tuple) and len(weights1) != outputs:
            refusals["weights1"] = Refusal.MISMATCH
    maps = ("map", "map1") if values.get("reads") == (1,) else ("map",)
    for name in maps:
        rows = values.get(name)
        if isinstance(rows, tuple) and outputs is not None and len(rows) != outputs:
            refusals[name] = LabRefusal.ROWS
    first, second = values.get("map"), values.get("map1")
    if (
        len(maps) == 2
        and isinstance(first, tuple)
        and isinstance(second, tuple)
        and "map1" not in refusals
        and first[0].count(",") != second[0].count(",")
    ):
        refusals["map1"] = LabRefusal.SHAPE
    return refusals


POST_LIMITS: tuple[FieldLimit | ListLimit | MatrixLimit, ...] = (
    POST_P,
    POST_K,
    WEIGHTS0,
    WEIGHTS1,
    POST_MAP,
    READS,
    POST_MAP1,
    LAB_ALPHA,
)


def read_post_state(texts: Mapping[str, str]) -> PostState | dict[str, Reason]:
    """The post-processing lab's state of its nine texts, or each refused field's reason.

    Every field is read whichever channel is chosen, so an address always holds a whole state.
    """
    values, refusals = _read_all(POST_LIMITS, texts)
    source = texts.get("source", "")
    if source in SOURCES:
        values["source"] = source
    else:
        refusals["source"] = Refusal.EMPTY if source == "" else Refusal.SYNTAX
    for name, reason in post_refusals(values).items():
        refusals.setdefault(name, reason)
    if refusals:
        return refusals
    return PostState(
        source,
        values["p"],  # type: ignore[arg-type]
        int(values["k"]),  # type: ignore[call-overload]
        values["weights0"],  # type: ignore[arg-type]
        values["weights1"],  # type: ignore[arg-type]
        values["map"],  # type: ignore[arg-type]
        values["reads"] == (1,),
        values["map1"],  # type: ignore[arg-type]
        values["alpha"],  # type: ignore[arg-type]
    )


@dataclass(frozen=True)
class GroupState:
    p: Fraction
    g: int
    alpha1: Fraction

    @property
    def ratio(self) -> Fraction:
        return self.p / (1 - self.p)


def read_group_state(texts: Mapping[str, str]) -> GroupState | dict[str, Reason]:
    """The group lab's state of its three texts, or each refused field's reason; α₁ above
    p/(1 − p) is refused beside α₁ ("above-ratio")."""
    values, refusals = _read_all((GROUP_P, GROUP_G, GROUP_ALPHA1), texts)
    p, alpha1 = values.get("p"), values.get("alpha1")
    if isinstance(p, Fraction) and isinstance(alpha1, Fraction) and alpha1 > p / (1 - p):
        refusals["alpha1"] = LabRefusal.ABOVE_RATIO
    if refusals:
        return refusals
    return GroupState(values["p"], int(values["g"]), values["alpha1"])  # type: ignore[arg-type, call-overload]


# ---------------------------------------------------------------------------------------
# Records


def pure_view(pure: PureEpsilon) -> Record:
    """A pure ε: kind, exact text ("2·ln(3)", "∞"), its decimal by exact interval arithmetic
    (``ln_decimal`` of e^ε; "inf" for ∞) and e^ε exactly."""
    ratio = pure.max_likelihood_ratio
    return {
        "kind": str(pure.kind),
        "exact": pure.describe(),
        "decimal": "inf" if ratio is None else ln_decimal(ratio),
        "max_ratio": None if ratio is None else fraction_str(ratio),
    }


def _event(channel: FiniteChannel, point: ProfilePoint) -> Record:
    labels = [channel.labels[i] for i in point.event.outputs]
    return {"direction": str(point.event.direction), "outputs": labels, "text": output_set_text(labels)}


def _grid_end(*pures: PureEpsilon) -> int:
    ratios = [pure.max_likelihood_ratio for pure in pures]
    if any(ratio is None for ratio in ratios):
        return GRID_END
    return max(1, min(GRID_END, max(math.ceil(ratio) for ratio in ratios if ratio is not None)))


def post_record(state: PostState) -> Record:
    """Everything the post-processing lab shows of one state (the module's notes)."""
    channel = state.channel()
    map0, map1 = state.maps()
    image = post_process_by_input(channel, map0, map1)
    profiles = Profile(channel), Profile(image)
    pures = channel_pure_epsilon(channel), channel_pure_epsilon(image)
    grid = [Fraction(alpha) for alpha in range(1, _grid_end(*pures) + 1)]
    rows = []
    for alpha in grid:
        before, after = profiles[0].delta(alpha), profiles[1].delta(alpha)
        rows.append(
            {
                "alpha": fraction_str(alpha),
                "channel": fraction_str(before),
                "image": fraction_str(after),
                "difference": fraction_str(before - after),
                "holds": after <= before,
            }
        )
    violation = None
    for alpha in sorted({*grid, state.alpha}):
        needed, found = profiles[0].delta(alpha), profiles[1].point(alpha)
        if found.delta > needed:
            violation = {
                "alpha": fraction_str(alpha),
                "channel": fraction_str(needed),
                "image": fraction_str(found.delta),
                "event": _event(image, found),
            }
            break
    point = profiles[1].point(state.alpha)
    channel_delta = profiles[0].delta(state.alpha)
    return {
        "reads_x": state.reads,
        "channel": law_record(channel),
        "image": law_record(image),
        "map0": [[fraction_str(entry) for entry in row] for row in map0.rows],
        "map1": [[fraction_str(entry) for entry in row] for row in map1.rows],
        "alpha": fraction_str(state.alpha),
        "delta_image": fraction_str(point.delta),
        "delta_channel": fraction_str(channel_delta),
        "difference": fraction_str(channel_delta - point.delta),
        "passes": point.delta <= channel_delta,
        "max_event": _event(image, point),
        "pure_channel": pure_view(pures[0]),
        "pure_image": pure_view(pures[1]),
        "invertible": not state.reads and is_invertible_on(channel, map0),
        "grid": rows,
        "violation": violation,
    }


def _curve_point(
    single: Profile[FiniteChannel], group: Profile[FiniteChannel], alpha1: Fraction, g: int
) -> Record:
    delta1 = single.delta(alpha1)
    alpha = alpha1**g
    return {
        "alpha1": fraction_str(alpha1),
        "alpha": fraction_str(alpha),
        "single": fraction_str(delta1),
        "exact": fraction_str(group.delta(alpha)),
        "textbook": fraction_str(approximate_chain(alpha1, delta1, g).delta),
        "sum": fraction_str(geometric_chain(alpha1, delta1, g).delta),
    }


def group_record(state: GroupState) -> Record:
    """Everything the group lab shows of one state (the module's notes)."""
    single_channel, group_channel = fresh_counts(state.p, 1), fresh_counts(state.p, state.g)
    single, group = Profile(single_channel), Profile(group_channel)
    ratio = state.ratio
    pure = PureEpsilon(PureKind.FINITE, state.g, ratio)
    if pure.max_likelihood_ratio != channel_pure_epsilon(group_channel).max_likelihood_ratio:
        raise AssertionError("the group's pure ε is not g·ln(p/(1 − p))")
    point = group.point(state.alpha1**state.g)
    chosen = _curve_point(single, group, state.alpha1, state.g)
    curve = [
        _curve_point(single, group, 1 + (ratio - 1) * step / CURVE_STEPS, state.g)
        for step in range(CURVE_STEPS + 1)
    ]
    return {
        "p": fraction_str(state.p),
        "g": state.g,
        "ratio": fraction_str(ratio),
        "alpha1": chosen["alpha1"],
        "alpha": chosen["alpha"],
        "delta_single": chosen["single"],
        "delta_required": chosen["exact"],
        "chain_textbook": chosen["textbook"],
        "chain_sum": chosen["sum"],
        "max_event": _event(group_channel, point),
        "pure": pure_view(pure),
        "pure_single": pure_view(PureEpsilon(PureKind.FINITE, 1, ratio)),
        "curve": curve,
    }
