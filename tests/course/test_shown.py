"""A view's slots (generator/course/shown.py and the course template slots.html): every place's
selector, the note place, and a table body rendered live (with the row the kit clones) or for
good (the rows alone)."""

from __future__ import annotations

import pytest

from generator.course.shown import PLACES, Shown, slot_selector, text
from generator.course.templates import environment


@pytest.mark.parametrize(
    ("name", "selector"),
    [
        ("out:claim", '[data-out="claim"]'),
        ("caption:profile", '[data-lab-caption="profile"]'),
        ("rows:profile", '[data-lab-rows="profile"]'),
        ("field:event", '[data-field="event"]'),
        ("note:composition", '[data-lab-note="composition"]'),
    ],
)
def test_every_place_has_its_selector(name: str, selector: str) -> None:
    assert slot_selector(name) == selector


@pytest.mark.parametrize("name", ["claim", "note", "notes:x", "note:"])
def test_a_name_without_a_known_place_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="<place>:<name>"):
        slot_selector(name)


def test_the_browser_knows_the_same_places() -> None:
    from generator.course.lab_bundle import LAB_KIT

    kit = (LAB_KIT / "kit" / "shown.mjs").read_text(encoding="utf-8")
    for place, attribute in PLACES.items():
        assert f"{place}: '{attribute}'" in kit


def _render(source: str, **values: object) -> str:
    return environment().from_string('{% import "slots.html" as slots %}' + source).render(**values)


def test_a_note_slot_is_written_with_its_attributes_and_text() -> None:
    view = {"note:why": Shown({"data-x": "1"}, text="because <b>", hidden=True)}
    html = _render('{{ slots.slot("p", "note:why", view, "cl-note") }}', view=view)
    assert html == '<p class="cl-note" data-lab-note="why" data-x="1" hidden>because &lt;b&gt;</p>'


def test_rows_live_carry_the_template_and_rows_for_good_do_not() -> None:
    row = Shown({"data-output": "0"}, cells=(text("0"), text("9/16")))
    view = {"rows:laws": Shown(items=(row,))}
    live = _render('{{ slots.rows("rows:laws", view, ("th", "td")) }}', view=view)
    still = _render('{{ slots.rows("rows:laws", view, ("th", "td"), live=false) }}', view=view)
    assert live.splitlines() == [
        '<tbody data-lab-rows="laws">',
        '<template><tr data-item><th scope="row"></th><td></td></tr></template>',
        '<tr data-item data-output="0"><th scope="row">0</th><td>9/16</td></tr>',
        "</tbody>",
    ]
    assert still.splitlines() == [
        "<tbody>",
        '<tr data-output="0"><th scope="row">0</th><td>9/16</td></tr>',
        "</tbody>",
    ]
