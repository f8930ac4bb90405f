"""The typed fields of a lab, as data: what each accepts, how it is labelled, what it says.

A field's rule is the core's (:class:`generator.core.input_limits.FieldLimit` for a number,
:class:`generator.core.list_fields.ListLimit` for a list of counts); the page writes it into
the field's markup as JSON (``data-limit``), and the browser's reader obeys it, so no limit
is typed twice. What this module adds is the Korean: the label, the rule in words and one
message per refusal (:class:`generator.core.rational.Refusal`, the engine's reason codes).
The markup itself is the course template ``fields.html``.

A value's text is what the address keeps (:func:`field_text`): a value on a field's grid
keeps exactly that many decimals; one with no grid is its shortest decimal, or its reduced
fraction when no finite decimal equals it (δ = 1/3 is ``1/3``, never a rounded ``0.333``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from generator.core.input_limits import LAB_ALPHA, LAB_DELTA, MAX_NUMBER_CHARS, FieldLimit, Kind
from generator.core.list_fields import ListLimit
from generator.core.rational import fraction_str

STEP_HINT = "위아래 화살표 키나 − / + 단추로 {step}씩 바꿉니다."

# What the lab kit (kit/lab.mjs, kit/charts.mjs) says in its own words, handed over as
# data-text-* attributes of each lab; {names} is filled with the URL parameters that could
# not be used.
SCRIPT_TEXTS = {
    "bad-url": "주소에 있던 값 중 쓸 수 없는 것({names})은 기본값으로 바꾸어 열었습니다.",
    "bad-input": "입력을 확인하세요. 고치기 전까지는 마지막으로 계산한 결과를 보여 줍니다.",
    "failed": (
        "이 입력의 결과를 계산하거나 표시하지 못했습니다. 흐리게 표시된 결과와 그래프는 마지막으로 "
        "계산에 성공한 상태의 것입니다. 다른 값을 입력하거나 페이지를 새로 고쳐 보세요."
    ),
    "charts-failed": (
        "그래프를 새로 그리지 못했습니다. 흐리게 표시된 그래프는 이전 상태의 것이고, 표의 값은 최신입니다."
    ),
    "summary-pass": "통과",
    "summary-fail": "실패",
    "link-copied": "이 상태의 링크를 복사했습니다.",
    "link-select": "자동으로 복사하지 못했습니다. 위 칸의 링크가 선택되어 있으니 직접 복사하세요.",
}
STATIC_NOTE = "아래 값은 기본 설정의 결과입니다. 입력을 바꾸어 계산하려면 JavaScript를 켜세요."


def fixed_decimal(value: Fraction, places: int) -> str:
    """A value on the 10^-places grid with exactly ``places`` decimals: (3, 1) -> "3.0",
    (57/10, 1) -> "5.7"; refuses a value off that grid."""
    scaled = value * 10**places
    if scaled.denominator != 1:
        raise ValueError(f"{value} has no exact {places}-decimal form")
    whole, rest = divmod(scaled.numerator, 10**places)
    return f"{whole}.{rest:0{places}d}" if places else str(whole)


def exact_decimal(value: Fraction) -> str:
    """The shortest decimal equal to a value: 0 -> "0", 18/25 -> "0.72", 187/500 -> "0.374".

    A reduced fraction has a finite decimal exactly when its denominator is 2^a 5^b; then
    10^n · value is an integer for n = max(a, b), and the trailing zeros are dropped.
    """
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        raise ValueError(f"{value} has no finite decimal form")
    places = max(twos, fives)
    digits = str(value.numerator * 10**places // value.denominator).rjust(places + 1, "0")
    if places == 0:
        return digits
    whole, fraction = digits[:-places], digits[-places:].rstrip("0")
    return f"{whole}.{fraction}" if fraction else whole


def field_text(limit: FieldLimit, value: Fraction) -> str:
    """A field's value as the URL holds it: "3", "5.7", "0.374", "1/3"."""
    if limit.grid is not None:
        return fixed_decimal(value, limit.grid)
    try:
        return exact_decimal(value)
    except ValueError:
        return fraction_str(value)


_TOO_LONG = f"값이 너무 깁니다. {MAX_NUMBER_CHARS:,}자 이하로 입력하세요."


@dataclass(frozen=True)
class Field:
    """One typed number: its limit, its unit, its stepper and the Korean message per refusal."""

    limit: FieldLimit
    label: str
    places: int  # decimals the stepper keeps: the step is 10^-places
    unit: str
    wording: str  # the range and grid in words; {low} and {high} come from the limit
    example: str
    inputmode: str

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def step(self) -> str:
        return "1" if self.places == 0 else f"0.{'0' * (self.places - 1)}1"

    @property
    def bounds(self) -> tuple[str, str]:
        """The interval as the field's label shows it: ("1", "100"), ("1.0", "100.0")."""
        low, high = self.limit.low, self.limit.high
        if high is None:
            raise ValueError(f"the lab's field {self.name} needs an upper bound")
        return field_text(self.limit, low), field_text(self.limit, high)

    @property
    def rule(self) -> str:
        """The field's rule in words, its bounds written from the limit ("1부터 100까지의 정수입니다.")."""
        low, high = self.bounds
        return self.wording.format(low=low, high=high)

    @property
    def range_text(self) -> str:
        low, high = self.bounds
        return f"({low}–{high}, 단위: {self.unit})"

    @property
    def hint(self) -> str:
        return f"{self.rule} {STEP_HINT.format(step=self.step)}"

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    def messages(self) -> dict[str, str]:
        """Message per refusal (:class:`generator.core.rational.Refusal`, the engine's reason codes)."""
        grid = {0: "정수로", 1: "소수 첫째 자리까지"}.get(self.places, f"{self.step} 단위로")
        if self.limit.kind is Kind.COUNT:
            syntax = f"정수만 입력하세요 (예: {self.example}). 부호, 지수, 공백은 쓸 수 없습니다."
        else:
            syntax = (
                f"소수나 분수로 입력하세요 (예: {self.example}). 부호, 지수, 공백은 쓸 수 없고, "
                "분모는 0이 아니어야 합니다."
            )
        return {
            "empty": f"값을 입력하세요. {self.rule}",
            "too-long": _TOO_LONG,
            "syntax": syntax,
            "step": f"{grid} 입력하세요 (예: {self.example}).",
            "range": f"범위를 벗어났습니다. {self.rule}",
        }


@dataclass(frozen=True)
class ListField:
    """One typed list of counts (a row of weights): its limit, label and messages.

    ``state_messages`` are the refusals that only the whole state can find (rows of
    different lengths), shown beside this field.
    """

    limit: ListLimit
    label: str
    rule: str
    example: str
    state_messages: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    @property
    def hint(self) -> str:
        return self.rule

    def messages(self) -> dict[str, str]:
        item = self.limit.item
        high = fraction_str(item.high) if item.high is not None else ""
        own = {
            "empty": f"값을 입력하세요. {self.rule}",
            "too-long": _TOO_LONG,
            "syntax": f"쉼표로 구분한 0 이상의 정수만 입력하세요 (예: {self.example}).",
            "count": f"출력은 {self.limit.min_items}개부터 {self.limit.max_items}개까지입니다.",
            "step": f"정수만 입력하세요 (예: {self.example}).",
            "range": f"각 값은 {fraction_str(item.low)}부터 {high}까지의 정수입니다.",
            "repeat": "같은 값을 두 번 쓸 수 없습니다.",
            "zero-sum": "모든 값이 0이면 확률분포가 되지 않습니다. 0보다 큰 값을 하나 이상 넣으세요.",
        }
        return {**own, **dict(self.state_messages)}


# The claim (α, δ) that every lab checks: one field each, the same in every lab.
CLAIM_ALPHA = Field(
    LAB_ALPHA, "주장한 α", 1, "배", "{low}부터 {high}까지, 0.1 단위입니다.", "3.0 또는 57/10", "decimal"
)
CLAIM_DELTA = Field(
    LAB_DELTA,
    "주장한 δ",
    2,
    "확률",
    "{low}부터 {high}까지이며, 입력한 소수나 분수를 그대로 정확히 씁니다.",
    "0.375 또는 3/8",
    "decimal",
)
