"""The central-and-local lab's state: what its rules refuse, and why, in the learner's words.

The golden vectors hold the browser's rules to these (tests/js/engines); here the reasons are
held to the rules' meaning: α₀ = 1 reads but makes no estimate (a report is a fair coin
whatever the bit), and it is refused with that reason, not as out of range; the others' ones at
most n − 1; π's reduced denominator at most 10 000.
"""

from __future__ import annotations

import pytest

from generator.course.lab import StateError
from generator.lessons.localdp.lab import LAB, UNINFORMATIVE


def refusals(**changes: str) -> dict[str, str]:
    with pytest.raises(StateError) as raised:
        LAB.read({**LAB.default, **changes})
    return raised.value.refusals


@pytest.mark.parametrize("text", ["1", "1.0", "10/10"])
def test_alpha0_one_reads_and_is_refused_as_no_estimate(text: str) -> None:
    assert refusals(alpha0=text) == {"alpha0": UNINFORMATIVE}
    message = LAB.field_of["alpha0"].messages()[UNINFORMATIVE]
    assert "추정할 수 없" in message
    assert "1.1 이상" in message


@pytest.mark.parametrize("text", ["0.9", "100.1"])
def test_alpha0_outside_one_to_a_hundred_is_out_of_range(text: str) -> None:
    assert refusals(alpha0=text) == {"alpha0": "range"}


def test_the_lowest_estimating_alpha0_is_a_state() -> None:
    assert LAB.read({**LAB.default, "alpha0": "1.1"})


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"n": "5", "ones": "5"}, {"ones": "others"}),
        ({"rate": "1/10001"}, {"rate": "precision"}),
        ({"alpha0": "1", "n": "2", "ones": "2"}, {"alpha0": UNINFORMATIVE, "ones": "others"}),
    ],
)
def test_the_rules_across_fields(changes: dict[str, str], expected: dict[str, str]) -> None:
    assert refusals(**changes) == expected
