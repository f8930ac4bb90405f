"""The composition lab, declared (``{{ lab composition }}``): a release of one bit (mode, p,
k), a claim (α, δ) and a per-step budget α₀.

URL (DESIGN.md, "Lab URL state"): ``mode=fresh|copy|xor``, ``k``, ``p`` (integer percent),
``alpha`` and ``alpha0`` (one decimal), ``delta`` (its shortest exact decimal, or its reduced
fraction when it has none). The lab's root is ``#lab`` (the page's and the exercises' links
open it in place). Outputs (:mod:`.view`): ``claim``, ``delta-required``, ``max-event``,
``eps-pure`` and the composition panel ``alpha0``, ``delta0``, ``queries``, ``theorem-eps``,
``theorem-delta``, ``composed-delta-exact``. The xor release is a fair coin R and x XOR R
whatever k and p are: in xor the two fields are ignored (disabled, never refused). The
charts' spec is the mode's (its output axis is named for it).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path

from generator.core.channels import Mode, build
from generator.core.fields import MAX_NUMBER_CHARS, ChoiceLimit, parse_rational
from generator.core.input_limits import LAB_ALPHA0, LAB_DELTA, LAB_K, P
from generator.core.profile import Profile
from generator.core.rational import fraction_str
from generator.course.golden import Golden
from generator.course.inputs import CLAIM_ALPHA, CLAIM_DELTA, Field
from generator.course.lab import Examples, Lab, Texts
from generator.course.lab_state import state_of
from generator.lessons.composition.catalogue import DATA, PATH, Example
from generator.lessons.composition.charts import CHARTS
from generator.lessons.composition.records import State, StateRecord, state_record
from generator.lessons.composition.view import MODE_NAMES, TEXTS, announcement, view

FOLDER = Path(__file__).resolve().parent
ROOT_ID = "lab"
IGNORED_BY_XOR = ("k", "p")

MODE = ChoiceLimit("mode", tuple(str(mode) for mode in Mode))
MODE_HINTS = (
    "매번 새로 무작위 응답을 뽑아 k개를 공개",
    "무작위 응답 하나를 k번 똑같이 공개",
    "공정한 동전 R과 x XOR R을 함께 공개",
)
FIELDS = (
    Field(
        MODE,
        "공개 방식",
        "",
        labels=tuple(MODE_NAMES[mode] for mode in MODE.choices),
        hints=MODE_HINTS,
    ),
    Field(LAB_K, "반복 횟수 k", "{low}부터 {high}까지의 정수입니다.", "3", "회"),
    Field(P, "참값 확률 p", "{low}부터 {high}까지의 정수 퍼센트입니다.", "75", "%"),
    CLAIM_ALPHA,
    CLAIM_DELTA,
    Field(LAB_ALPHA0, "단계별 α₀", "{low}부터 {high}까지, 0.1 단위입니다.", "3.0 또는 57/10", "배"),
)

# The key results the summary bar keeps in view (data-out name, short term): the verdict,
# the required δ, the pure ε and the composition panel's three δ.
SUMMARY = (
    ("claim", "판정"),
    ("delta-required", "필요한 δ"),
    ("eps-pure", "순수 ε"),
    ("delta0", "δ₀"),
    ("theorem-delta", "정리의 δ"),
    ("composed-delta-exact", "정확한 δ"),
)

# The lesson's paragraph (its heading id in docs/lessons/composition.md) that explains each result.
EXPLAINED_BY = {
    "delta-required": "exact-delta",
    "max-event": "exact-delta",
    "eps-pure": "fresh-distribution",
    "alpha0": "conditional-composition",
    "delta0": "conditional-composition",
    "queries": "conditional-composition",
    "theorem-eps": "conditional-composition",
    "theorem-delta": "conditional-composition",
    "composed-delta-exact": "bound-vs-exact",
}


def ignored(texts: Texts) -> tuple[str, ...]:
    """xor releases R and x XOR R whatever k and p are: neither is read."""
    return IGNORED_BY_XOR if texts.get("mode") == str(Mode.XOR) else ()


EXAMPLES = Examples.of_fields(PATH, DATA.catalogue, FIELDS)


@cache
def _first_of_each_mode() -> tuple[StateRecord, ...]:
    """The record of the first catalogue example in each mode: the page ships the charts'
    specs of each mode (the output axis is named for it), and the engine supplies the rows."""
    first: dict[str, Example] = {}
    for example in DATA.catalogue:
        first.setdefault(str(example.mode), example)
    return tuple(LAB.record(LAB.read(EXAMPLES.texts(example))) for example in first.values())


# ---------------------------------------------------------------------------------------
# The golden sample: a few hundred states across the domain, most with few outputs


def _tenths_text(rng: random.Random) -> str:
    """An α or α₀ as typed: 1.0 to 100.0 by 0.1, half of them below 10; "3", "3.0", or a
    fraction such as "57/10" or, unreduced, "114/20"."""
    tenths = rng.randint(10, 100) if rng.random() < 0.5 else rng.randint(10, 1000)
    whole, tenth = divmod(tenths, 10)
    if rng.random() < 0.1:
        factor = rng.choice((1, 2, 5))
        return f"{tenths * factor}/{10 * factor}"
    if tenth == 0 and rng.random() < 0.5:
        return str(whole)
    return f"{whole}.{tenth}"


def _delta_text(rng: random.Random, required: Fraction) -> str:
    """δ as typed: anywhere in [0, 1] as a short decimal, just below or above δ*(α) (its
    decimal cut after a few places, or one step past it), δ*(α) itself as its fraction when
    that fits a field, or in scientific notation."""
    kind = rng.randrange(6)
    if kind == 0:
        places = rng.randint(0, 4)
        return LAB_DELTA.text(Fraction(rng.randint(0, 10**places), 10**places))
    if kind == 1 and len(fraction_str(required)) <= MAX_NUMBER_CHARS:
        return fraction_str(required)
    if kind == 2:
        return f"{rng.randint(1, 9)}e-{rng.randint(1, 12)}"
    places = rng.randint(1, 12)
    scaled = int(required * 10**places) + (kind >= 4)
    return LAB_DELTA.text(min(Fraction(scaled, 10**places), Fraction(1)))


def sample(rng: random.Random) -> dict[str, str]:
    """One state of the whole domain: every mode; p at its edges (0, 1, 49, 50, 51, 99, 100) or
    anywhere; k mostly up to 10, sometimes up to 40, a few times up to 100 (whose laws have
    200-digit fractions, and whose profile a hundred of them: each such state costs what ten
    small ones do); α and α₀ on the 0.1 grid, typed in any of their forms; δ often at or either
    side of δ*(α), so that both verdicts occur."""
    mode = rng.choice(MODE.choices)
    p = rng.choice((0, 1, 49, 50, 51, 99, 100)) if rng.random() < 0.25 else rng.randint(0, 100)
    roll = rng.random()
    if roll < 0.85:
        k = rng.randint(1, 10)
    elif roll < 0.97:
        k = rng.randint(11, 40)
    else:
        k = rng.choice((99, 100, rng.randint(41, 100)))
    alpha = _tenths_text(rng)
    required = Profile(build(mode, p, k)).delta(parse_rational(alpha))
    return {
        "mode": mode,
        "k": str(k),
        "p": str(p),
        "alpha": alpha,
        "delta": _delta_text(rng, required),
        "alpha0": _tenths_text(rng),
    }


# Texts of the lab's own limits, beside those of every field of their kinds.
EXTRA_TEXTS = {
    "k": ("100", "101", "0"),
    "p": ("0", "100", "101"),
    "alpha": ("1.0", "100.0", "100.1", "5.70", "114/20", "3.05", "99.9"),
    "delta": ("1.0001", "0." + "1" * 30, "1e-18", "4/3"),
    "alpha0": ("1.0", "100.0", "100.1", "1.1", "59/10"),
}


LAB: Lab[State, StateRecord] = Lab(
    name="composition",
    title="실험실",
    fields=FIELDS,
    state=state_of(State),
    record=state_record,
    view=view,
    examples=EXAMPLES,
    own_texts=TEXTS,
    ignored=ignored,
    charts=replace(CHARTS, shipped=_first_of_each_mode),
    summary=SUMMARY,
    explained_by=EXPLAINED_BY,
    announcement=announcement,
    golden=Golden(sample=sample, size=250, seed=4, extra_texts=EXTRA_TEXTS),
    root_id=ROOT_ID,
    prefix="cl-lab",
)
