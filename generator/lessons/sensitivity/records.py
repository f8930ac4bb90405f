"""The noise-mechanism lab's records: everything it shows of one state, typed.

A state is a setting of the lesson (:class:`~generator.lessons.sensitivity.setting.Setting`:
the database D, the mechanism with its query, relation, α₀ and outputs, the tolerance τ) and
the claim α of δ*(α). Its record (:func:`state_record`): D, its worst neighbour D′, f(D),
f(D′) and how far apart they are, Δ (infinite for an unclipped sum, none for k-ary response,
which releases a category), the two laws, δ*(α) with its maximal event, the pure ε of the pair
(∞ for an unclipped sum: no α₀ calibrates a query of infinite sensitivity, however small the
pair's own ε, which the record keeps too), the ε the mechanism guarantees
(:meth:`~generator.lessons.sensitivity.setting.Setting.guarantee`) and the accuracy
P(|Y - t| <= τ) on D (τ = 0 for categories: the chance to release the true one). The lab's
module (``lab/sensitivity.mjs``) returns records of the same shape, which the golden vectors
hold equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from generator.core.discrete_noise import within
from generator.core.profile import Profile
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.sensitivity import Query
from generator.course.records import Law, Maximal, Pure, law, maximal, pure
from generator.lessons.sensitivity.setting import Mechanism, Setting

UNCLIPPED = "unclipped"  # the lab's name of a sum without a bound


@dataclass(frozen=True)
class State:
    setting: Setting
    alpha: Fraction


class Sensitivity(TypedDict):
    """Δ of the released value: ``kind`` "finite" (``value`` Δ), "infinite" (an unclipped
    sum) or "none" (k-ary response releases a category: no distance between answers)."""

    kind: str
    value: Fraction | None


class StateRecord(TypedDict):
    mechanism: str
    query: str
    neighbour: str
    bound: Fraction | None
    k: int | None
    lo: Fraction
    hi: Fraction
    alpha0: Fraction
    alpha: Fraction
    tolerance: Fraction
    database0: list[Fraction]
    database1: list[Fraction]
    answer0: Fraction
    answer1: Fraction
    distance: Fraction | None  # |f(D) - f(D′)|; none between categories
    sensitivity: Sensitivity
    channel: Law
    delta: Fraction
    event: Maximal
    pure_epsilon: Pure
    pair_epsilon: Pure
    guarantee: Pure
    accuracy: Fraction


def query_name(setting: Setting) -> str:
    """The query as the lab names it: a sum without a bound is "unclipped"."""
    return UNCLIPPED if setting.query == Query.SUM and setting.bound is None else setting.query


def _sensitivity(setting: Setting) -> Sensitivity:
    if setting.mechanism is Mechanism.K_ARY:
        return {"kind": "none", "value": None}
    delta = setting.sensitivity()
    return (
        {"kind": "infinite", "value": None} if delta is None else {"kind": "finite", "value": Fraction(delta)}
    )


def state_record(state: State) -> StateRecord:
    """What the lab shows of one state (see the module's notes)."""
    setting = state.setting
    pair = setting.neighbours()
    channel = setting.channel()
    point = Profile(channel).point(state.alpha)
    sensitivity = _sensitivity(setting)
    pair_epsilon = channel_pure_epsilon(channel)
    unbounded = sensitivity["kind"] == "infinite"
    return {
        "mechanism": str(setting.mechanism),
        "query": query_name(setting),
        "neighbour": str(setting.neighbour),
        "bound": None if setting.bound is None else Fraction(setting.bound),
        "k": setting.k,
        "lo": Fraction(setting.lo),
        "hi": Fraction(setting.hi),
        "alpha0": setting.alpha0,
        "alpha": state.alpha,
        "tolerance": Fraction(setting.tolerance),
        "database0": [Fraction(v) for v in pair.database0],
        "database1": [Fraction(v) for v in pair.database1],
        "answer0": Fraction(pair.answer0),
        "answer1": Fraction(pair.answer1),
        "distance": None if setting.categorical else Fraction(abs(pair.answer0 - pair.answer1)),
        "sensitivity": sensitivity,
        "channel": law(channel),
        "delta": point.delta,
        "event": maximal(channel, point.event),
        "pure_epsilon": pure(PureEpsilon(PureKind.INFINITE) if unbounded else pair_epsilon),
        "pair_epsilon": pure(pair_epsilon),
        "guarantee": pure(setting.guarantee()),
        "accuracy": within(channel.distribution0, setting.lo, pair.answer0, setting.tolerance),
    }
