"""A lab's inputs, as data: one :class:`Field` for every kind of typed field.

A field's rule is the core's (a limit of :mod:`generator.core.fields`); the page writes it
into the field's markup as JSON (``data-limit``), and the browser's reader
(``exact/fields.mjs``) obeys it, so no limit is typed twice. What a field adds is the
Korean: its label, its rule in words, its example and one message per refusal
(:class:`generator.core.fields.Refusal`, plus the codes of the lab's own rules that are
shown beside it). The messages, the keypad a phone shows (``inputmode``) and the widget
(a text input, a radio group, a group of checkboxes) follow from the limit's kind; the
markup is the course template ``fields.html``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from generator.core.fields import (
    MAX_NUMBER_CHARS,
    AnyLimit,
    ChoiceLimit,
    FieldLimit,
    IntegerLimit,
    Kind,
    ListLimit,
    MatrixLimit,
    PairsLimit,
)
from generator.core.input_limits import LAB_ALPHA, LAB_DELTA

STEP_HINT = "위아래 화살표 키나 − / + 단추로 {step}씩 바꿉니다."
TOO_LONG = f"값이 너무 깁니다. {MAX_NUMBER_CHARS:,}자 이하로 입력하세요."
NUMBER_GRAMMAR = "소수, 분수 또는 1e-5 같은 지수 표기로"

# The keypad a phone shows: digits only for a count, digits and a decimal point for a number
# whose canonical text is a fixed decimal, the full keyboard wherever "-", ",", ":", ";", "/"
# or "e" belong to what is typed.
NUMERIC, DECIMAL, TEXT = "numeric", "decimal", "text"


def _bound(limit: FieldLimit | IntegerLimit, value: Fraction | int | None) -> str:
    if value is None:
        raise ValueError(f"the lab's field {limit.name} needs an upper bound")
    return limit.text(value) if isinstance(limit, FieldLimit) else str(value)


@dataclass(frozen=True)
class Field:
    """One typed field of a lab.

    ``rule`` is the rule in words; for a count, a number or an integer ``{low}`` and
    ``{high}`` in it are filled from the limit. ``unit`` is shown after a number's input.
    ``labels`` name a choice's options (a radio group) in order, and ``hints``, if any, say
    in a few words what each option does (shown after its label). ``checkboxes`` shows a list
    of indices as one checkbox per possible entry. ``state_messages`` are the messages of
    the lab's rules across fields that this field shows (code -> message).
    """

    limit: AnyLimit
    label: str
    rule: str
    example: str = ""
    unit: str = ""
    labels: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    checkboxes: bool = False
    state_messages: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.limit, ChoiceLimit) and len(self.labels) != len(self.limit.choices):
            raise ValueError(f"{self.name}: one label per choice")
        if self.hints and len(self.hints) != len(self.labels):
            raise ValueError(f"{self.name}: one hint per option")
        if self.checkboxes and not isinstance(self.limit, ListLimit):
            raise ValueError(f"{self.name}: only a list is shown as checkboxes")

    @property
    def name(self) -> str:
        return self.limit.name

    @property
    def kind(self) -> str:
        return str(self.limit.kind)

    @property
    def widget(self) -> str:
        """How the field is shown: "radio", "checkboxes", "stepper" (a number with − and +)
        or "text"."""
        if isinstance(self.limit, ChoiceLimit):
            return "radio"
        if self.checkboxes:
            return "checkboxes"
        return "stepper" if isinstance(self.limit, FieldLimit | IntegerLimit) else "text"

    @property
    def places(self) -> int:
        """The decimals the stepper keeps: its step is 10^-places."""
        if isinstance(self.limit, FieldLimit):
            return self.limit.grid if self.limit.grid is not None else 2
        return 0

    @property
    def step(self) -> str:
        return "1" if self.places == 0 else f"0.{'0' * (self.places - 1)}1"

    @property
    def inputmode(self) -> str:
        if isinstance(self.limit, FieldLimit) and self.limit.kind is Kind.COUNT:
            return NUMERIC
        if isinstance(self.limit, FieldLimit) and self.limit.places is not None:
            return DECIMAL
        return TEXT

    @property
    def bounds(self) -> tuple[str, str]:
        """The interval as the label shows it: ("1", "100"), ("1.0", "100.0")."""
        if not isinstance(self.limit, FieldLimit | IntegerLimit):
            raise ValueError(f"{self.name} has no interval")
        return _bound(self.limit, self.limit.low), _bound(self.limit, self.limit.high)

    @property
    def rule_text(self) -> str:
        """The rule in words, its bounds written from the limit ("1부터 100까지의 정수입니다.")."""
        if isinstance(self.limit, FieldLimit | IntegerLimit):
            low, high = self.bounds
            return self.rule.format(low=low, high=high)
        return self.rule

    @property
    def range_text(self) -> str:
        if not isinstance(self.limit, FieldLimit | IntegerLimit):
            return ""
        low, high = self.bounds
        return f"({low}–{high}, 단위: {self.unit})" if self.unit else f"({low}–{high})"

    @property
    def hint(self) -> str:
        if self.widget == "stepper":
            return f"{self.rule_text} {STEP_HINT.format(step=self.step)}"
        return self.rule_text

    @property
    def limit_json(self) -> str:
        return json.dumps(self.limit.as_json(), sort_keys=True)

    @property
    def options(self) -> list[tuple[str, str]]:
        """A radio group's (value, label) pairs, or a checkbox group's: one box per possible
        entry, from the entries' low end up ("0", "1", … for output indices; "1" alone for
        a toggle whose only entry is 1)."""
        if isinstance(self.limit, ChoiceLimit):
            return list(zip(self.limit.choices, self.labels, strict=True))
        if self.checkboxes and isinstance(self.limit, ListLimit):
            low = int(self.limit.item.low)
            return [(str(low + index), label) for index, label in enumerate(self.labels)]
        return []

    def messages(self) -> dict[str, str]:
        """The message of each refusal this field can show (the engine's reason codes)."""
        own = _MESSAGES[type(self.limit)](self)
        return {
            "empty": f"값을 입력하세요. {self.rule_text}",
            "too-long": TOO_LONG,
            **own,
            **self.state_messages,
        }


def _choice_messages(field: Field) -> dict[str, str]:
    choices = ", ".join(field.labels)
    return {"empty": f"하나를 고르세요: {choices}.", "syntax": f"다음 중 하나여야 합니다: {choices}."}


def _number_messages(field: Field) -> dict[str, str]:
    grid = {0: "정수로", 1: "소수 첫째 자리까지"}.get(field.places, f"{field.step} 단위로")
    if field.inputmode == NUMERIC:
        syntax = f"정수만 입력하세요 (예: {field.example}). 부호, 지수, 공백은 쓸 수 없습니다."
    else:
        syntax = (
            f"{NUMBER_GRAMMAR} 입력하세요 (예: {field.example}). 부호와 공백은 쓸 수 없고, "
            "분모는 0이 아니어야 합니다."
        )
    return {
        "syntax": syntax,
        "step": f"{grid} 입력하세요 (예: {field.example}).",
        "range": f"범위를 벗어났습니다. {field.rule_text}",
    }


def _integer_messages(field: Field) -> dict[str, str]:
    return {
        "syntax": (
            f"정수만 입력하세요 (예: {field.example}). 음수는 맨 앞에 - 를 붙이고, 공백이나 + 는 못 씁니다."
        ),
        "step": f"소수점 없이 정수로 입력하세요 (예: {field.example}).",
        "range": f"범위를 벗어났습니다. {field.rule_text}",
    }


def _list_messages(field: Field) -> dict[str, str]:
    limit = field.limit
    assert isinstance(limit, ListLimit)
    item = limit.item
    signed = isinstance(item, IntegerLimit)
    syntax = (
        f"쉼표로 구분한 정수만 입력하세요 (예: {field.example}). 음수는 - 를 붙입니다."
        if signed
        else f"쉼표로 구분한 0 이상의 정수만 입력하세요 (예: {field.example})."
    )
    return {
        "syntax": syntax,
        "count": f"값은 {limit.min_items}개부터 {limit.max_items}개까지입니다.",
        "step": f"정수만 입력하세요 (예: {field.example}).",
        "range": f"각 값은 {_bound(item, item.low)}부터 {_bound(item, item.high)}까지의 정수입니다.",
        "repeat": "같은 값을 두 번 쓸 수 없습니다.",
        "zero-sum": "모든 값이 0이면 확률분포가 되지 않습니다. 0보다 큰 값을 하나 이상 넣으세요.",
    }


def _pairs_messages(field: Field) -> dict[str, str]:
    limit = field.limit
    assert isinstance(limit, PairsLimit)
    first, second = limit.first, limit.second
    return {
        "syntax": f"항목마다 a:b 꼴로 쓰고 쉼표로 구분하세요 (예: {field.example}).",
        "count": f"항목은 1개부터 {limit.max_items}개까지입니다.",
        "step": f"각 앞 값은 소수 {first.grid}자리까지 입력하세요.",
        "range": (
            f"각 앞 값은 {_bound(first, first.low)}부터 {_bound(first, first.high)}까지, "
            f"각 뒤 값은 {_bound(second, second.low)}부터 {_bound(second, second.high)}까지입니다."
        ),
    }


def _matrix_messages(field: Field) -> dict[str, str]:
    limit = field.limit
    assert isinstance(limit, MatrixLimit)
    return {
        "syntax": (
            f"행은 ;, 항목은 쉼표로 나누고, 각 항목은 0 이상의 정수·소수·분수로 쓰세요 (예: {field.example})."
        ),
        "count": f"행은 1개부터 {limit.max_rows}개까지, 열은 1개부터 {limit.max_columns}개까지입니다.",
        "shape": "모든 행의 항목 수가 같아야 합니다.",
        "step": "정수 가중치 행에는 정수만 쓸 수 있습니다.",
        "range": f"정수 가중치는 0부터 {_bound(limit.weight, limit.weight.high)}까지입니다.",
        "zero-sum": "모든 값이 0인 행은 확률분포가 되지 않습니다. 0보다 큰 값을 하나 이상 넣으세요.",
        "row-sum": (
            "분수나 소수로 쓴 행은 합이 정확히 1이어야 합니다. 정수 가중치로 쓰면 행의 합으로 나눕니다."
        ),
    }


_MESSAGES: dict[type, Callable[[Field], dict[str, str]]] = {
    ChoiceLimit: _choice_messages,
    FieldLimit: _number_messages,
    IntegerLimit: _integer_messages,
    ListLimit: _list_messages,
    PairsLimit: _pairs_messages,
    MatrixLimit: _matrix_messages,
}


# The claim (α, δ) that many labs check: one field each, the same in every lab.
CLAIM_ALPHA = Field(LAB_ALPHA, "주장한 α", "{low}부터 {high}까지, 0.1 단위입니다.", "3.0", "배")
CLAIM_DELTA = Field(
    LAB_DELTA,
    "주장한 δ",
    "{low}부터 {high}까지이며, 입력한 소수나 분수를 그대로 정확히 씁니다.",
    "0.375, 3/8 또는 1e-5",
    "확률",
)
