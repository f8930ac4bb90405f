"""The events lesson: its catalogue against hand-computed values, its lab's state reader,
and the lab's and cards' markup against the records.

Hand-computed values (P = (9, 6, 1)/16 and Q = (1, 6, 9)/16 at α = 3):
  output 0 has excess 9/16 − 3·1/16 = 3/8, outputs 1 and 2 none, so δ*(3) = 3/8 with the
  maximal event {0}; the plausible event {0, 1} has P = 15/16, Q = 7/16 and excesses
  15/16 − 21/16 = −3/8 and 7/16 − 45/16 = −19/8; δ*(1) = (8 + 0 + 0)/16 = 1/2 = TV.
  Publishing one of ten records: P = (1/10, 9/10), Q = (0, 1), δ* = 1/10 at every α, ε = ∞.
"""

from __future__ import annotations

import json
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from generator.core import channels
from generator.core.finite_channel import from_rows, product
from generator.core.list_fields import EVENT, WEIGHTS0
from generator.core.profile import Profile
from generator.core.rational import Refusal
from generator.course.placeholders import record_of
from generator.lessons.events.catalogue import BY_SLUG, CATALOGUE
from generator.lessons.events.lab_page import EVENT_FIELD, FIELDS, TEXTS, card_html, lab_html, lab_query
from generator.lessons.events.lab_state import LabState, read_state


def test_the_three_output_channel_by_hand() -> None:
    record = record_of("three")
    assert record["channel"]["distribution0"] == ["9/16", "3/8", "1/16"]
    assert record["claim"]["required"] == "3/8"
    assert record["claim"]["event"] == {"direction": "0→1", "outputs": ["0"], "text": "{0}"}
    event = record["event"]
    assert (event["mass0"], event["mass1"], event["excess_01"], event["excess_10"]) == (
        "15/16",
        "7/16",
        "-3/8",
        "-19/8",
    )
    assert (event["required"], event["passes"]) == ("0", True)
    assert record["tv"] == "1/2"
    assert record["pure_epsilon"]["exact"] == "ln(9)"


def test_a_plausible_event_passes_where_the_claim_fails() -> None:
    assert record_of("three-plausible")["event"]["required"] == "0"
    assert record_of("three-max")["event"]["required"] == record_of("three")["claim"]["required"] == "3/8"
    assert record_of("three")["claim"]["passes"] is False


def test_one_record_of_ten_needs_one_tenth_at_every_alpha() -> None:
    record = record_of("one-of-ten")
    assert (record["claim"]["required"], record["tv"], record["pure_epsilon"]["exact"]) == (
        "1/10",
        "1/10",
        "∞",
    )
    channel = BY_SLUG["one-of-ten"].channel()
    assert {Profile(channel).delta(Fraction(alpha)) for alpha in range(1, 101)} == {Fraction(1, 10)}


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
    assert (
        Profile(twice).delta(Fraction(3))
        == Profile(channels.fresh(75, 2)).delta(Fraction(3))
        == Fraction(3, 8)
    )


def test_rr_tv_is_the_best_tests_advantage() -> None:
    record = record_of("rr-tv")
    assert record["event"]["advantage"] == record["tv"] == record["claim"]["required"] == "1/2"


STATE = {"weights0": "9,6,1", "weights1": "1,6,9", "alpha": "3.0", "delta": "0", "event": "0,1"}


def test_the_default_state_reads_and_each_broken_rule_names_its_field() -> None:
    assert read_state(STATE) == LabState((9, 6, 1), (1, 6, 9), Fraction(3), Fraction(0), (0, 1))
    assert read_state({**STATE, "event": ""}) == LabState((9, 6, 1), (1, 6, 9), Fraction(3), Fraction(0), ())
    cases = [
        ({"weights1": "1,6"}, {"weights1": Refusal.MISMATCH}),
        ({"event": "0,3"}, {"event": Refusal.NO_OUTPUT}),
        ({"weights0": "0,0,0"}, {"weights0": Refusal.ZERO_SUM}),
        ({"weights0": "9,,1"}, {"weights0": Refusal.SYNTAX}),
        ({"alpha": "0.5", "delta": "2"}, {"alpha": Refusal.RANGE, "delta": Refusal.RANGE}),
        ({"event": "1,1"}, {"event": Refusal.REPEAT}),
        ({"weights0": "1,2,3,4,5,6,7,8,9"}, {"weights0": Refusal.COUNT}),
        ({"weights0": "<script>"}, {"weights0": Refusal.SYNTAX}),
        ({"weights0": ""}, {"weights0": Refusal.EMPTY}),
    ]
    for change, refusals in cases:
        assert read_state({**STATE, **change}) == refusals, change


def test_every_refusal_has_a_korean_message_beside_its_field() -> None:
    messages = {field.name: field.messages() for field in (*FIELDS, EVENT_FIELD)}
    for reason in ("empty", "too-long", "syntax", "count", "range", "zero-sum"):
        assert messages["weights0"][reason]
        assert messages["weights1"][reason]
    assert "출력 수" in messages["weights1"]["mismatch"]
    assert "없는 출력" in messages["event"]["no-output"]
    assert "두 번" in messages["event"]["repeat"]
    assert {field.limit for field in FIELDS if field.name == "weights0"} == {WEIGHTS0}
    assert EVENT_FIELD.limit == EVENT


class _Outs(HTMLParser):
    """``data-out`` -> (attributes, inner text) of every output slot."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.outs: dict[str, tuple[dict[str, str | None], str]] = {}
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        out = named.get("data-out")
        if out:
            self.outs[out] = (named, "")
        if tag not in ("input", "br"):
            self._open.append(out)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for out in self._open:
            if out:
                attrs, text = self.outs[out]
                self.outs[out] = (attrs, text + data)


def _outs(html: str) -> dict[str, tuple[dict[str, str | None], str]]:
    parser = _Outs()
    parser.feed(html)
    return parser.outs


@pytest.mark.parametrize("slug", [example.slug for example in CATALOGUE])
def test_each_card_shows_its_records_values(slug: str) -> None:
    record, outs = record_of(slug), _outs(card_html(slug))
    event, claim = record["event"], record["claim"]
    exact = {
        "event-p": event["mass0"],
        "event-q": event["mass1"],
        "event-excess-01": event["excess_01"],
        "event-excess-10": event["excess_10"],
        "event-delta": event["required"],
        "delta-required": claim["required"],
        "tv": record["tv"],
    }
    for out, value in exact.items():
        assert outs[out][0]["data-exact"] == value, out
        assert outs[out][1].startswith(value), out
    assert outs["claim"][0]["data-value"] == ("pass" if claim["passes"] else "fail")
    assert outs["event-claim"][0]["data-value"] == ("pass" if event["passes"] else "fail")
    assert outs["max-event"][0]["data-direction"] == claim["event"]["direction"]
    assert outs["eps-pure"][0]["data-value"] == record["pure_epsilon"]["decimal"]
    assert f"?{lab_query(BY_SLUG[slug])}#events-lab" in card_html(slug).replace("&amp;", "&")


def test_the_lab_opens_on_the_default_state_with_its_interfaces() -> None:
    html = lab_html()
    outs = _outs(html)
    assert outs["delta-required"][0]["data-exact"] == "3/8"
    assert outs["event-excess-01"][0]["data-exact"] == "-3/8"
    assert outs["event-excess-10"][0]["data-exact"] == "-19/8"
    assert outs["tv"][0]["data-exact"] == "1/2"
    assert outs["claim"][1] == TEXTS["verdict-fail"].format(required="3/8 = 0.375", delta="0")
    assert 'data-default="weights0=9,6,1&amp;weights1=1,6,9&amp;alpha=3.0&amp;delta=0&amp;event=0,1"' in html
    assert html.count('type="checkbox" name="event"') == 8
    assert html.count('name="event" value="0" checked') == 1
    assert html.count('name="event" value="1" checked') == 1
    assert html.count(' hidden><input type="checkbox"') == 5  # outputs 3..7 do not exist
    texts = dict(TEXTS.items())
    for name, value in texts.items():
        assert f'data-text-{name}="' in html, name
        assert value
    specs = json.loads(html.split("data-lab-specs>")[1].split("</script>")[0])
    assert list(specs) == ["tradeoff"]
    assert "\n\n" not in html  # a blank line would end the HTML block in the Markdown page


def test_presets_are_the_marked_catalogue_rows_and_each_reads_back() -> None:
    html = lab_html().replace("&amp;", "&")
    for example in CATALOGUE:
        query = lab_query(example)
        assert (f'data-preset="{query}"' in html) is example.preset
        texts = dict(pair.split("=", 1) for pair in query.split("&"))
        state = read_state(texts)
        assert isinstance(state, LabState)
        assert state.channel() == from_rows(example.weights0, example.weights1)
