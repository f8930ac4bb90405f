"""The optimal-composition lab, declared (``{{ lab optimal }}``): k steps of (ln α₀, δ₀) (mode
``same``) or a list of up to 12 steps (αᵢ, δᵢ) of the learner's own (mode ``mixed``), and a
target δ.

URL (DESIGN.md, "The optimal-composition lab"): ``mode=same|mixed``, ``alpha0`` (at most 3
decimals, kept as its shortest decimal: ``1.1``), ``delta0``, ``k``, ``steps`` (``3:0,2:0.01``:
αᵢ:δᵢ, comma-separated) and ``delta``, every number as its shortest exact decimal or its
reduced fraction. A missing parameter takes its default, so
``alpha0=1.1&delta0=0&k=100&delta=0.00001`` opens mode same. The mode decides which fields
the state uses: "same" ignores the list of steps, "mixed" ignores α₀, δ₀ and k (:func:`ignored`:
the kit disables them, keeps their text, and never refuses them). Outputs: :mod:`.view`.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from fractions import Fraction
from pathlib import Path

from generator.core.fields import ChoiceLimit
from generator.core.input_limits import (
    MAX_STEPS,
    OPTIMAL_ALPHA0,
    OPTIMAL_DELTA,
    OPTIMAL_DELTA0,
    OPTIMAL_K,
    OPTIMAL_STEPS,
)
from generator.course.golden import Golden
from generator.course.inputs import Field
from generator.course.lab import Examples, Lab, Texts
from generator.course.lab_state import state_of
from generator.course.lesson_file import opening
from generator.lessons.optimal.catalogue import DATA, PATH, Example
from generator.lessons.optimal.charts import CHARTS
from generator.lessons.optimal.records import MIXED, SAME, State, StateRecord, state_record
from generator.lessons.optimal.view import TEXTS, announcement, view

FOLDER = Path(__file__).resolve().parent
MODE = ChoiceLimit("mode", (SAME, MIXED))
IGNORED = {SAME: ("steps",), MIXED: ("alpha0", "delta0", "k")}

FIELDS = (
    Field(MODE, "합성할 단계", "", labels=("같은 (ln α₀, δ₀) 단계 k번", "서로 다른 단계 (αᵢ, δᵢ)의 목록")),
    Field(
        OPTIMAL_ALPHA0,
        "각 단계의 α₀ = exp(ε₀)",
        "{low}부터 {high}까지, 소수 셋째 자리까지입니다.",
        "1.1 또는 11/10",
        "배",
    ),
    Field(
        OPTIMAL_DELTA0,
        "각 단계의 δ₀",
        "{low}부터 {high}까지입니다. 1이면 x가 바로 드러나므로 받지 않습니다.",
        "0.000001, 1/1000000 또는 1e-6",
        "확률",
    ),
    Field(OPTIMAL_K, "단계 수 k", "{low}부터 {high}까지의 정수입니다.", "100", "번"),
    Field(
        OPTIMAL_STEPS,
        "단계 목록 (αᵢ:δᵢ)",
        f"단계마다 αᵢ:δᵢ를 쓰고 쉼표로 구분합니다. {MAX_STEPS}단계까지입니다.",
        "3:0, 2:0.01",
    ),
    Field(
        OPTIMAL_DELTA,
        "목표 δ",
        "0보다 크고 1보다 작은 값, 곧 {low}부터 {high}까지이며, 입력한 소수나 분수를 그대로 정확히 씁니다.",
        "0.00001, 1/100000 또는 1e-5",
        "확률",
    ),
)

# The key results the summary bar keeps in view (data-out name, short term).
SUMMARY = (
    ("eps-optimal", "최적 ε"),
    ("eps-advanced", "고급 정리 ε′"),
    ("eps-basic", "기본 정리 ε"),
    ("delta-at-basic", "기본 α에서 최적 δ"),
)

# The lesson's paragraph (its heading id in docs/lessons/optimal.md) that explains each result.
EXPLAINED_BY = {
    "eps-optimal": "optimal",
    "eps-basic": "basic-vs-advanced",
    "eps-advanced": "advanced",
    "theorem-delta": "basic-vs-advanced",
    "delta-at-basic": "optimal-derivation",
    "loss-infinite": "reveal",
    "support-size": "heterogeneous",
}


def ignored(texts: Texts) -> Collection[str]:
    """The fields the state's mode does not use (none while the mode is refused)."""
    return IGNORED.get(texts.get("mode", ""), ())


def example_texts(example: Example) -> dict[str, str]:
    """The lab's texts of a catalogue row (its address). The other mode's fields keep the
    default's values: the first row of steps of their own fills the list while the lab
    shows mode same, and the default row's α₀, δ₀ and k stand beside a list."""
    default = opening(PATH, DATA.catalogue)
    listed = next(row for row in DATA.catalogue if row.steps is not None)
    same = default if example.steps is not None else example
    values = {
        "mode": MIXED if example.steps is not None else SAME,
        "alpha0": same.alpha0,
        "delta0": same.delta0,
        "k": same.k,
        "steps": example.steps if example.steps is not None else listed.steps,
        "delta": example.delta,
    }
    return {f.name: f.limit.text(values[f.name]) for f in FIELDS}


def _alpha0(rng: random.Random) -> Fraction:
    choices = (Fraction(11, 10), Fraction(3), Fraction(2), Fraction(1), Fraction(100))
    return rng.choice((*choices, Fraction(rng.randint(1000, 100_000), 1000)))


def _small_delta(rng: random.Random) -> Fraction:
    choices = (Fraction(0), Fraction(0), Fraction(1, 10**8), Fraction(1, 10**6), Fraction(1, 1000))
    return rng.choice((*choices, Fraction(rng.randint(0, 999), 1000)))


def _target_text(rng: random.Random) -> str:
    """A target δ as typed: a decimal, a fraction, or in scientific notation."""
    choices = (Fraction(1, 10**5), Fraction(1, 10**9), Fraction(1, 100), Fraction(1, 2), Fraction(1, 3))
    target = rng.choice((*choices, Fraction(rng.randint(1, 999), 1000)))
    if target.denominator in (10**5, 10**9) and rng.random() < 0.5:
        return f"1e-{len(str(target.denominator)) - 1}"
    return OPTIMAL_DELTA.text(target)


def _k(rng: random.Random, alpha0: Fraction) -> int:
    k = rng.choice(
        (1, 2, 3, rng.randint(1, 20), rng.randint(1, 200), 100, 1000 if rng.random() < 0.3 else 500)
    )
    # keep the costliest states (k = 1 000 at a long α₀) few
    return rng.randint(1, 200) if k > 200 and alpha0.denominator > 10 and rng.random() < 0.7 else k


def sample(rng: random.Random) -> dict[str, str]:
    """One state of either mode (the other mode's fields hold values too, as in the lab): k
    from 1 to 1 000, weighted to small k; α₀ on its 0.001 grid, integer and not; δ₀ often 0;
    targets from 10⁻⁹ to 0.999, in every notation; up to 12 mixed steps; now and then a
    catalogue row as it is."""
    if rng.random() < 0.1:
        return example_texts(rng.choice(DATA.catalogue))
    steps = tuple(
        (_alpha0(rng), _small_delta(rng) / rng.choice((1, 10))) for _ in range(rng.randint(1, MAX_STEPS))
    )
    alpha0 = _alpha0(rng)
    return {
        "mode": MIXED if rng.random() < 0.4 else SAME,
        "alpha0": OPTIMAL_ALPHA0.text(alpha0),
        "delta0": OPTIMAL_DELTA0.text(_small_delta(rng)),
        "k": str(_k(rng, alpha0)),
        "steps": OPTIMAL_STEPS.text(steps)
        if rng.random() < 0.8
        else ", ".join(f"{a} : {d}" for a, d in steps),
        "delta": _target_text(rng),
    }


# States with a refused field: a field the mode ignores is never refused, one it uses is.
_TEXTS = {"mode": SAME, "alpha0": "1.1", "delta0": "0", "k": "100", "steps": "3:0", "delta": "0.00001"}
STATE_CASES = (
    {**_TEXTS, "steps": "3;0", "k": "0"},
    {**_TEXTS, "mode": MIXED, "steps": "3;0", "k": "0"},
    {**_TEXTS, "mode": MIXED, "alpha0": "1.0001", "delta0": "1", "delta": "0"},
    {**_TEXTS, "mode": "", "steps": "", "alpha0": ""},
    {**_TEXTS, "mode": MIXED, "k": "1001", "delta": "1"},
)


LAB: Lab[State, StateRecord] = Lab(
    name="optimal",
    title="최적 합성 실험실",
    fields=FIELDS,
    state=state_of(State),
    record=state_record,
    view=view,
    examples=Examples(PATH, DATA.catalogue, example_texts),
    own_texts=TEXTS,
    ignored=ignored,
    charts=CHARTS,
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    golden=Golden(sample=sample, size=120, seed=11, state_cases=STATE_CASES),
)
DEFAULT = LAB.default
