"""Contract tests written once and run over every lab of every lesson on the lesson shape.

For each :class:`generator.course.lab.Lab` of :func:`generator.course.lessons.lessons`:

1. Its default state and every preset read; a preset's query reads back to itself.
2. Every slot of the view of the default state is in the lab's markup exactly once, where
   the kit will look for it, and every field is there with its limit and messages.
3. Every message a field can show is Korean text, one per refusal its kind can give and per
   rule of the lab that names it.
4. A phone shows a keypad on which the field's values can be typed: every character of the
   canonical texts of sampled states (the golden samples' texts, written canonically) is on
   the keypad its ``inputmode`` asks for.
5. The golden plan's state cases each break a rule, and its samples read.
6. No URL parameter is one the site's own scripts read (Material's search takes ``q``).
7. Every worked example's card opens its own state, and an unknown row is refused.
8. A catalogue whose columns are named for the fields has its rows' texts written by them.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from generator.core.fields import Refusal
from generator.course.inputs import DECIMAL, NUMERIC, TEXT
from generator.course.lab import Examples, Lab
from generator.course.lesson_file import LessonDataError
from generator.course.lessons import Lesson, lessons
from generator.course.shown import slot_selector
from tests.harness.html import parse

LABS: list[Lab[Any, Any]] = [
    lab for lesson in lessons().values() if isinstance(lesson, Lesson) for lab in lesson.labs
]
IDS = [lab.name for lab in LABS]
LESSON_OF = {
    lab.name: lesson for lesson in lessons().values() if isinstance(lesson, Lesson) for lab in lesson.labs
}

# What each keypad offers (the digits, and for "decimal" the decimal point).
KEYPADS = {NUMERIC: set("0123456789"), DECIMAL: set("0123456789.")}
HANGUL = re.compile(r"[가-힣]")


@pytest.mark.parametrize("lab", LABS, ids=IDS)
def test_the_default_and_every_preset_read_and_round_trip(lab: Lab[Any, Any]) -> None:
    lab.read(lab.default)
    assert lab.presets, f"{lab.name}: a lab offers its worked examples as presets"
    for query, _ in lab.presets:
        texts = dict(pair.split("=", 1) for pair in query.split("&"))
        assert lab.query(texts) == query


# URL parameters that the site's own scripts read on every page: Material's search opens its box
# with ?q=, then takes it out of the address (and ?h= highlights words).
SITE_PARAMETERS = frozenset({"q", "h"})


@pytest.mark.parametrize("lab", LABS, ids=IDS)
def test_no_parameter_is_one_the_site_takes(lab: Lab[Any, Any]) -> None:
    assert not SITE_PARAMETERS & set(lab.params), lab.params


@pytest.mark.parametrize("lab", LABS, ids=IDS)
def test_every_slot_and_field_is_in_the_markup_once(lab: Lab[Any, Any]) -> None:
    tree = parse(lab.html())
    root = tree.css_first("[data-lab]")
    assert root is not None
    assert root.attributes["data-lab"] == lab.name
    assert root.attributes["id"] == lab.root_id
    view = lab.view(lab.record(lab.read(lab.default)))
    for name in view:
        assert len(root.css(slot_selector(name))) == 1, f"{lab.name}: slot {name}"
    for field in lab.fields:
        wrappers = root.css(f'[data-field="{field.name}"]')
        assert len(wrappers) == 1, f"{lab.name}: field {field.name}"
        assert "data-limit" in wrappers[0].attributes
        assert "data-messages" in wrappers[0].attributes


# The refusals each kind of field can give.
KIND_REFUSALS = {
    "count": {"empty", "too-long", "syntax", "step", "range"},
    "number": {"empty", "too-long", "syntax", "step", "range"},
    "integer": {"empty", "too-long", "syntax", "step", "range"},
    "choice": {"empty", "syntax"},
    "list": {"empty", "too-long", "syntax", "count", "step", "range", "repeat", "zero-sum"},
    "pairs": {"empty", "too-long", "syntax", "count", "step", "range"},
    "matrix": {"empty", "too-long", "syntax", "count", "shape", "step", "range", "zero-sum", "row-sum"},
}


@pytest.mark.parametrize("lab", LABS, ids=IDS)
def test_every_refusal_a_field_can_give_has_a_korean_message(lab: Lab[Any, Any]) -> None:
    assert {str(reason) for reason in Refusal} == set().union(*KIND_REFUSALS.values())
    for field in lab.fields:
        messages = field.messages()
        missing = KIND_REFUSALS[field.kind] - set(messages)
        assert not missing, f"{lab.name}.{field.name}: no message for {sorted(missing)}"
        for reason, message in messages.items():
            assert HANGUL.search(message), f"{lab.name}.{field.name}: {reason} is not a Korean message"


@pytest.mark.parametrize("lab", LABS, ids=IDS)
def test_every_rule_across_fields_has_its_message_beside_the_field_it_names(lab: Lab[Any, Any]) -> None:
    assert lab.golden is not None
    for texts in lab.golden.state_cases:
        _, refusals = lab.read_values(texts)
        for name, reason in refusals.items():
            assert reason in lab.field_of[name].messages(), f"{lab.name}: {name} {reason}"


@pytest.mark.parametrize("lab", LABS, ids=IDS)
def test_each_field_asks_for_a_keypad_its_values_can_be_typed_on(lab: Lab[Any, Any]) -> None:
    assert lab.golden is not None
    rng = random.Random(lab.golden.seed)
    typed: dict[str, set[str]] = {field.name: set() for field in lab.fields}
    for _ in range(60):
        values, refusals = lab.read_values(lab.golden.sample(rng))
        assert not refusals
        for name, text in lab.texts_of(values).items():
            typed[name] |= set(text)
    root = parse(lab.html()).css_first("[data-lab]")
    assert root is not None
    for field in lab.fields:
        if field.widget in ("radio", "checkboxes"):
            continue
        # The keypad the phone is asked for is the markup's, not the field's property.
        box = root.css_first(f'[data-field="{field.name}"] input[name="{field.name}"]')
        assert box is not None, f"{lab.name}.{field.name}: no text box"
        inputmode = box.attributes.get("inputmode")
        assert inputmode == field.inputmode, f"{lab.name}.{field.name}: the markup asks for {inputmode}"
        if inputmode == TEXT:
            continue
        keypad = KEYPADS.get(inputmode or "")
        assert keypad is not None, f"{lab.name}.{field.name}: unknown inputmode {inputmode}"
        assert typed[field.name] <= keypad, (
            f"{lab.name}.{field.name}: inputmode {inputmode} lacks {sorted(typed[field.name] - keypad)}"
        )
    for field in lab.fields:
        if field.kind in ("list", "pairs", "matrix", "integer"):
            assert field.inputmode == TEXT, f"{lab.name}.{field.name} needs , - : ; on its keypad"


@pytest.mark.parametrize("lab", LABS, ids=IDS)
def test_every_example_card_links_its_own_state(lab: Lab[Any, Any]) -> None:
    # 7. A worked example's card shows the record of its row's state and opens that state.
    for row in lab.examples.rows:
        card = parse(LESSON_OF[lab.name].card(row.slug))
        link = card.css_first(".cl-card-link a")
        assert link is not None, f"{lab.name}: card {row.slug}"
        assert lab.query(lab.examples.texts(row)) in (link.attributes["href"] or ""), row.slug
        assert lab.example_record(row.slug) == lab.record(lab.read(lab.examples.texts(row)))
    with pytest.raises(LessonDataError, match="'no-such-row' is no catalogue row"):
        lab.examples.row("no-such-row")


def test_a_catalogue_named_for_the_fields_gives_each_value_as_its_field_writes_it() -> None:
    """Examples.of_fields: a row's texts are its columns, each written by the field of its name
    (a count as an integer, α₀ and α on their 0.1 grid, π and t as exact decimals)."""
    fields = lessons()["localdp"].labs[0].fields
    row = SimpleNamespace(
        slug="row",
        alpha0=Fraction(3),
        n=100,
        rate=Fraction(1, 8),
        tolerance=Fraction(1, 20),
        ones=0,
        alpha=Fraction(2),
    )
    examples = Examples.of_fields(Path("lesson.json"), [row], fields)
    assert examples.texts(row) == {
        "alpha0": "3.0",
        "n": "100",
        "rate": "0.125",
        "tolerance": "0.05",
        "ones": "0",
        "alpha": "2.0",
    }
