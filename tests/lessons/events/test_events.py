"""The events lesson: its catalogue against hand-computed values, its lab's rules and its
cards' markup against the records (what every lab shares is held by tests/course/test_labs.py
and the node contract tests).

Hand-computed values (P = (9, 6, 1)/16 and Q = (1, 6, 9)/16 at α = 3):
  output 0 has excess 9/16 − 3·1/16 = 3/8, outputs 1 and 2 none, so δ*(3) = 3/8 with the
  maximal event {0}; the plausible event {0, 1} has P = 15/16, Q = 7/16 and excesses
  15/16 − 21/16 = −3/8 and 7/16 − 45/16 = −19/8; δ*(1) = (8 + 0 + 0)/16 = 1/2 = TV.
  Publishing one of ten records: P = (1/10, 9/10), Q = (0, 1), δ* = 1/10 at every α, ε = ∞.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.core import channels
from generator.core.finite_channel import from_rows, product
from generator.core.profile import Profile
from generator.course.lab import StateError
from generator.lessons.events import LESSON, record
from generator.lessons.events.catalogue import BY_SLUG, DATA
from generator.lessons.events.lab import LAB, MISMATCH, NO_OUTPUT
from generator.lessons.events.records import State
from generator.lessons.events.view import TEXTS
from tests.harness.html import parse

F = Fraction


def test_the_three_output_channel_by_hand() -> None:
    three = record("three")
    assert three["channel"]["distribution0"] == [F(9, 16), F(3, 8), F(1, 16)]
    assert three["claim"]["required"] == F(3, 8)
    assert three["claim"]["event"] == {"direction": "0→1", "outputs": ["0"], "text": "{0}"}
    event = three["event"]
    assert (event["mass0"], event["mass1"], event["excess_01"], event["excess_10"]) == (
        F(15, 16),
        F(7, 16),
        F(-3, 8),
        F(-19, 8),
    )
    assert (event["required"], event["passes"]) == (0, True)
    assert three["tv"] == F(1, 2)
    assert three["pure_epsilon"]["exact"] == "ln(9)"


def test_a_plausible_event_passes_where_the_claim_fails() -> None:
    assert record("three-plausible")["event"]["required"] == 0
    assert record("three-max")["event"]["required"] == record("three")["claim"]["required"] == F(3, 8)
    assert record("three")["claim"]["passes"] is False


def test_one_record_of_ten_needs_one_tenth_at_every_alpha() -> None:
    one = record("one-of-ten")
    assert (one["claim"]["required"], one["tv"], one["pure_epsilon"]["exact"]) == (F(1, 10), F(1, 10), "∞")
    channel = BY_SLUG["one-of-ten"].channel()
    assert {Profile(channel).delta(F(alpha)) for alpha in range(1, 101)} == {F(1, 10)}


def test_randomized_response_twice_is_the_product_of_once() -> None:
    once, twice = BY_SLUG["rr"].channel(), BY_SLUG["rr-twice"].channel()
    joined = product(once, once)
    assert (joined.weights0, joined.weights1, joined.denominator) == (
        twice.weights0,
        twice.weights1,
        twice.denominator,
    )
    assert joined.labels == ("00", "01", "10", "11")
    # the composition lesson's two fresh responses at p = 3/4 need the same δ at α = 3
    assert Profile(twice).delta(F(3)) == Profile(channels.fresh(75, 2)).delta(F(3)) == F(3, 8)


def test_rr_tv_is_the_best_tests_advantage() -> None:
    tv = record("rr-tv")
    assert tv["event"]["advantage"] == tv["tv"] == tv["claim"]["required"] == F(1, 2)


STATE = {"weights0": "9,6,1", "weights1": "1,6,9", "alpha": "3.0", "delta": "0", "event": "0,1"}


def test_the_default_state_reads_and_each_broken_rule_names_its_field() -> None:
    assert LAB.read(STATE) == State((9, 6, 1), (1, 6, 9), F(3), F(0), (0, 1))
    assert LAB.read({**STATE, "event": ""}) == State((9, 6, 1), (1, 6, 9), F(3), F(0), ())
    cases = [
        ({"weights1": "1,6"}, {"weights1": MISMATCH}),
        ({"event": "0,3"}, {"event": NO_OUTPUT}),
        ({"weights0": "0,0,0"}, {"weights0": "zero-sum"}),
        ({"weights0": "9,,1"}, {"weights0": "syntax"}),
        ({"alpha": "0.5", "delta": "2"}, {"alpha": "range", "delta": "range"}),
        ({"event": "1,1"}, {"event": "repeat"}),
        ({"weights0": "1,2,3,4,5,6,7,8,9"}, {"weights0": "count"}),
        ({"weights0": ""}, {"weights0": "empty"}),
        # a row refused on its own keeps its own reason; the rule across rows says nothing more
        ({"weights0": "x", "weights1": "1,6"}, {"weights0": "syntax"}),
    ]
    for change, refusals in cases:
        with pytest.raises(StateError) as refused:
            LAB.read({**STATE, **change})
        assert refused.value.refusals == refusals, change


def test_the_rules_messages_say_what_is_wrong() -> None:
    messages = {field.name: field.messages() for field in LAB.fields}
    assert "출력 수" in messages["weights1"][MISMATCH]
    assert "없는 출력" in messages["event"][NO_OUTPUT]
    assert "두 번" in messages["event"]["repeat"]


def _outs(html: str) -> dict[str, tuple[dict[str, str | None], str]]:
    tree = parse(html)
    return {
        node.attributes["data-out"] or "": (node.attributes, node.text()) for node in tree.css("[data-out]")
    }


@pytest.mark.parametrize("slug", [example.slug for example in DATA.catalogue])
def test_each_card_shows_its_records_values_and_opens_the_lab_on_them(slug: str) -> None:
    shown, outs = record(slug), _outs(LAB.example_card(slug))
    event, claim = shown["event"], shown["claim"]
    exact = {
        "event-p": event["mass0"],
        "event-q": event["mass1"],
        "event-excess-01": event["excess_01"],
        "event-excess-10": event["excess_10"],
        "event-delta": event["required"],
        "delta-required": claim["required"],
        "tv": shown["tv"],
    }
    for out, value in exact.items():
        text = str(value)
        assert outs[out][0]["data-exact"] == text, out
        assert outs[out][1].startswith(text), out
    assert outs["claim"][0]["data-value"] == ("pass" if claim["passes"] else "fail")
    assert outs["event-claim"][0]["data-value"] == ("pass" if event["passes"] else "fail")
    assert outs["max-event"][0]["data-direction"] == claim["event"]["direction"]
    assert outs["eps-pure"][0]["data-value"] == shown["pure_epsilon"]["decimal"]
    link = parse(LAB.example_card(slug)).css_first(".cl-card-link a")
    assert link is not None
    assert link.attributes["href"] == f"?{LAB.query(LAB.examples.texts(BY_SLUG[slug]))}#events-lab"


def test_the_lab_opens_on_the_default_state() -> None:
    html = LAB.html()
    outs = _outs(html)
    assert outs["delta-required"][0]["data-exact"] == "3/8"
    assert outs["event-excess-01"][0]["data-exact"] == "-3/8"
    assert outs["event-excess-10"][0]["data-exact"] == "-19/8"
    assert outs["tv"][0]["data-exact"] == "1/2"
    assert outs["claim"][1] == TEXTS["verdict-fail"].format(required="3/8 = 0.375", delta="0")
    tree = parse(html)
    boxes = tree.css('input[type="checkbox"][name="event"]')
    assert [box.attributes["value"] for box in boxes] == [str(i) for i in range(8)]
    assert [box.attributes["value"] for box in boxes if "checked" in box.attributes] == ["0", "1"]
    assert [box.attributes["value"] for box in boxes if "disabled" in box.attributes] == [
        "3",
        "4",
        "5",
        "6",
        "7",
    ]
    root = tree.css_first("[data-lab]")
    assert root is not None
    assert root.attributes["data-default"] == "weights0=9,6,1&weights1=1,6,9&alpha=3.0&delta=0&event=0,1"
    for name, value in TEXTS.items():
        assert root.attributes[f"data-text-{name}"] == value


def test_presets_are_the_marked_catalogue_rows() -> None:
    presets = dict(LAB.presets)
    for example in DATA.catalogue:
        query = LAB.query(LAB.examples.texts(example))
        assert (query in presets) is example.preset
        assert LAB.read(LAB.examples.texts(example)).channel() == from_rows(
            example.weights0, example.weights1
        )


def test_the_lesson_is_found_with_its_examples_and_lab() -> None:
    assert LESSON.slug == "events"
    assert LESSON.examples == tuple(example.slug for example in DATA.catalogue)
    assert [lab.name for lab in LESSON.labs] == ["events"]
    assert set(LESSON.generated()) == {f"events/{slug}.json" for slug in LESSON.examples} | {
        "events/index.json"
    }
