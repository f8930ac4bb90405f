"""The post-processing lesson's two labs in a real browser: what the page shows is what the core computes.

Both labs share one page (lessons/postprocessing.html): the post-processing lab
(``#postprocessing-lab``) and the group lab (``#group-lab``). Every check reads the page as a
learner sees it (the output slots' text and attributes, the rows of each lab's table, the
captions) and holds it to the Python rendering of the same state (the lesson's own result
templates over the views of :func:`generator.lessons.postprocessing.records.post_record` and
:func:`group_record`), and the key numbers to the core itself:

- the default states, before and after the labs mount;
- every catalogue example opened by its card's link, its preset or its address, and a seeded
  sample of each lab's domain from the address in the same page (the parity test);
- a preset (aria-pressed, the address), the address round trip, the keyboard;
- the toggle "f reads x" breaking the inequality, named at its α and event;
- the group's chain bounds at or above the exact δ;
- bad input in every field and URL parameter: the Korean message beside the field, the last
  valid state kept whole, never NaN, Infinity or undefined, hostile text never run;
- the two labs never touch each other's ids, fields or state.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from generator.core.channels import fresh_counts
from generator.core.group_privacy import approximate_chain, geometric_chain
from generator.core.logarithm import ln_decimal
from generator.core.post_processing import post_process_by_input
from generator.core.profile import Profile
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.rational import fraction_str
from generator.course.lab import SCRIPT_TEXTS, Lab
from generator.course.templates import environment
from generator.lessons.postprocessing.catalogue import (
    BY_SLUG,
    GROUP_EXAMPLES,
    POST_EXAMPLES,
    GroupExample,
    PostExample,
)
from generator.lessons.postprocessing.lab import (
    FOLDER,
    GROUP_FIELDS,
    GROUP_LAB,
    POST_FIELDS,
    POST_LAB,
    group_sample,
    post_sample,
    post_texts,
)
from generator.lessons.postprocessing.records import (
    GroupState,
    PostState,
    group_record,
    post_record,
)
from generator.lessons.postprocessing.view import POST_TEXTS, group_view, post_view
from tests.harness.html import attributes, parse
from tests.harness.labs import address, assert_clean, assert_named, assert_refused, from_address

pytestmark = pytest.mark.browser

PAGE = "lessons/postprocessing.html"
POST = "#postprocessing-lab"
GROUP = "#group-lab"
POST_PARAMS, GROUP_PARAMS = POST_LAB.params, GROUP_LAB.params
POST_MESSAGES = {field.name: field.messages() for field in POST_FIELDS}
GROUP_MESSAGES = {field.name: field.messages() for field in GROUP_FIELDS}
HOSTILE = "<img src=x onerror=alert(1)>"
PARITY_STATES = 20
RESULTS: Any = environment(FOLDER).get_template("results.html").module


# ---------------------------------------------------------------------------------------
# What the Python renders and what the page shows


_VOID = frozenset({"br", "img", "input", "hr", "wbr"})


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _parsed(html: str) -> dict[str, Any]:
    """``data-out`` -> its data-* attributes and text; table rows (tr[data-alpha] or
    tr[data-point]) -> hidden and their cells' data-* attributes and text; whitespace collapsed."""
    slots: dict[str, dict[str, Any]] = {}
    rows: list[dict[str, Any]] = []
    for node in parse(html).css("*"):
        if node.tag in _VOID:
            continue
        named = node.attributes
        data = {name: value for name, value in attributes(node).items() if name.startswith("data-")}
        if named.get("data-out"):
            slots[str(named["data-out"])] = {"attrs": data, "text": _collapse(node.text(deep=True))}
        elif node.tag == "tr" and ("data-alpha" in named or "data-point" in named):
            key = named.get("data-alpha") or named.get("data-point")
            rows.append({"key": key, "hidden": "hidden" in named, "cells": []})
        elif node.tag == "td" and rows:
            rows[-1]["cells"].append({"attrs": data, "text": _collapse(node.text(deep=True))})
    return {"slots": slots, "rows": rows}


def expected_post(state: PostState) -> dict[str, Any]:
    """The post-processing lab's slots, grid rows and captions for a state, as Python renders them."""
    view = post_view(post_record(state))
    html = str(RESULTS.post_results(view)) + str(RESULTS.profiles_figure(view, "", "x", in_lab=True))
    captions = {"profiles": view["caption:profiles"].text, "grid": view["caption:grid"].text}
    return {**_parsed(html), "captions": captions}


def expected_group(state: GroupState) -> dict[str, Any]:
    """The group lab's slots, curve rows and captions for a state, as Python renders them."""
    view = group_view(group_record(state))
    html = str(RESULTS.group_results(view)) + str(RESULTS.group_figure(view, "", "x", in_lab=True))
    captions = {"group": view["caption:group"].text, "curve": view["caption:curve"].text}
    return {**_parsed(html), "captions": captions}


_SHOWN = """(lab) => {
  const root = document.querySelector(lab);
  const attrs = (el) => Object.fromEntries([...el.attributes].filter((a) => a.name.startsWith('data-'))
      .map((a) => [a.name, a.value]));
  const text = (el) => el.textContent.split(/\\s+/).filter(Boolean).join(' ');
  return {
    slots: Object.fromEntries([...root.querySelectorAll('[data-out]')].map((el) => [
        el.getAttribute('data-out'), {attrs: attrs(el), text: text(el)}])),
    rows: [...root.querySelectorAll('[data-lab-rows] tr')].map((tr) => ({
        key: tr.getAttribute('data-alpha') ?? tr.getAttribute('data-point'), hidden: tr.hidden,
        cells: [...tr.querySelectorAll('td')].map((td) => ({attrs: attrs(td), text: text(td)}))})),
    captions: Object.fromEntries([...root.querySelectorAll('[data-lab-caption]')].map((el) => [
        el.getAttribute('data-lab-caption'), el.textContent.trim()])),
  };
}"""


def shown(page: Page, lab: str) -> dict[str, Any]:
    """A lab's output slots, table rows and captions as the page shows them."""
    result: dict[str, Any] = page.evaluate(_SHOWN, lab)
    return result


def post_shown(page: Page) -> dict[str, Any]:
    return shown(page, POST)


def group_shown(page: Page) -> dict[str, Any]:
    return shown(page, GROUP)


def shown_fields(page: Page, lab: str) -> dict[str, Any]:
    """Every input of a lab: text fields by name with their value, boxes and radios by checked."""
    fields: dict[str, Any] = page.evaluate(
        """(lab) => Object.fromEntries([...document.querySelectorAll(lab + ' input[name]')].map((el) => [
            el.name + (el.type === 'text' ? '' : ':' + el.value),
            el.type === 'text' ? el.value : el.checked]))""",
        lab,
    )
    return fields


# ---------------------------------------------------------------------------------------
# Opening the page and states


def post_example(slug: str) -> PostExample:
    example = BY_SLUG[slug]
    assert isinstance(example, PostExample), slug
    return example


def group_example(slug: str) -> GroupExample:
    example = BY_SLUG[slug]
    assert isinstance(example, GroupExample), slug
    return example


DEFAULT_POST = POST_LAB.examples.opening()
DEFAULT_GROUP = GROUP_LAB.examples.opening()


def _load(page: Page, url: str) -> None:
    """The page at `url`, in its tab: both labs mounted."""
    page.goto(url)
    page.wait_for_selector(f"{POST}[data-lab-mounted]", state="attached")
    page.wait_for_selector(f"{GROUP}[data-lab-mounted]", state="attached")


def open_page(new_page: Any, url: str) -> tuple[Page, Any]:
    page, log = new_page(viewport={"width": 1280, "height": 900})
    # Hostile text that ran would call alert: it is recorded, never shown.
    page.add_init_script("window.alert = () => { window.__alerted = true; };")
    _load(page, url)
    return page, log


def sequence(page: Page, lab: str) -> str:
    return str(page.locator(lab).get_attribute("data-lab-sequence"))


def wait_update(page: Page, lab: str, before: str) -> None:
    """Waits until the lab has shown a new state (its data-lab-sequence moved on from `before`)."""
    page.wait_for_function(
        "([lab, before]) => document.querySelector(lab).getAttribute('data-lab-sequence') !== before",
        arg=[lab, before],
        timeout=10_000,
    )


def query(params: tuple[str, ...], texts: dict[str, str]) -> str:
    return "&".join(f"{name}={quote(texts[name], safe=',/;:')}" for name in params)


def _reader(lab: Lab[Any, Any]) -> Any:
    """A lab's state of texts, or the refusal of each field that does not read (a dict)."""

    def read(texts: dict[str, str]) -> Any:
        values, refusals = lab.read_values(texts)
        return refusals if refusals else lab.state(values)

    return read


read_post_state, read_group_state = _reader(POST_LAB), _reader(GROUP_LAB)


def post_of(texts: dict[str, str]) -> PostState:
    state = read_post_state(texts)
    assert isinstance(state, PostState), (texts, state)
    return state


def group_of(texts: dict[str, str]) -> GroupState:
    state = read_group_state(texts)
    assert isinstance(state, GroupState), (texts, state)
    return state


def post_state(example: PostExample) -> PostState:
    return post_of(post_texts(example))


def group_state(example: GroupExample) -> GroupState:
    return group_of(GROUP_LAB.examples.texts(example))


def lab_query(example: PostExample | GroupExample) -> str:
    """The query string that opens the example's lab on its inputs."""
    if isinstance(example, PostExample):
        return POST_LAB.query(post_texts(example))
    return GROUP_LAB.query(GROUP_LAB.examples.texts(example))


def canonical_post(texts: dict[str, str]) -> dict[str, str]:
    """The texts the fields and the address keep for a post-processing state."""
    return POST_LAB.texts_of(POST_LAB.read_values(texts)[0])


def canonical_group(texts: dict[str, str]) -> dict[str, str]:
    return GROUP_LAB.texts_of(GROUP_LAB.read_values(texts)[0])


def post_fields_of(texts: dict[str, str]) -> dict[str, Any]:
    """The inputs of the post-processing lab as they show canonical texts."""
    fields: dict[str, Any] = {name: texts[name] for name in POST_PARAMS if name not in ("source", "reads")}
    fields.update({"source:fresh": texts["source"] == "fresh", "source:rows": texts["source"] == "rows"})
    fields["reads:1"] = texts["reads"] == "1"
    return fields


# ---------------------------------------------------------------------------------------
# The core's own answers, computed here (not through the lab's records)


def core_post(state: PostState) -> dict[str, str]:
    """δ*_{f∘M}(α), δ*_M(α) and both pure ε decimals, straight from the core."""
    channel = state.channel()
    image = post_process_by_input(channel, *state.maps())

    def eps(c: Any) -> str:
        ratio = channel_pure_epsilon(c).max_likelihood_ratio
        return "inf" if ratio is None else ln_decimal(ratio)

    return {
        "delta-required": fraction_str(Profile(image).delta(state.alpha)),
        "delta-channel": fraction_str(Profile(channel).delta(state.alpha)),
        "eps-pure": eps(image),
        "eps-pure-channel": eps(channel),
    }


def core_group(state: GroupState) -> dict[str, str]:
    """The group's exact δ*(α₁^g), the two chain bounds and the pure ε, straight from the core."""
    single = Profile(fresh_counts(state.p, 1)).delta(state.alpha1)
    group = fresh_counts(state.p, state.g)
    ratio = channel_pure_epsilon(group).max_likelihood_ratio
    assert ratio == (state.p / (1 - state.p)) ** state.g
    return {
        "delta-single": fraction_str(single),
        "delta-required": fraction_str(Profile(group).delta(state.alpha1**state.g)),
        "chain-textbook": fraction_str(approximate_chain(state.alpha1, single, state.g).delta),
        "chain-sum": fraction_str(geometric_chain(state.alpha1, single, state.g).delta),
        "eps-pure": ln_decimal(ratio),
    }


def assert_core_post(page: Page, state: PostState) -> None:
    slots = shown(page, POST)["slots"]
    for name, value in core_post(state).items():
        key = "data-value" if name.startswith("eps") else "data-exact"
        assert slots[name]["attrs"][key] == value, (name, state)


def assert_core_group(page: Page, state: GroupState) -> None:
    """The core's values, and every chain bound (the chosen α₁ and each curve point) at or
    above the exact δ, the summed chain at or below the textbook one."""
    seen = shown(page, GROUP)
    slots = seen["slots"]
    for name, value in core_group(state).items():
        key = "data-value" if name == "eps-pure" else "data-exact"
        assert slots[name]["attrs"][key] == value, (name, state)
    assert slots["eps-pure"]["text"].startswith("ln(" if state.g == 1 else f"{state.g}·ln(")
    triples = [[slots[n]["attrs"]["data-exact"] for n in ("delta-required", "chain-sum", "chain-textbook")]]
    triples += [[row["cells"][i]["attrs"]["data-exact"] for i in (3, 4, 5)] for row in seen["rows"]]
    for exact, summed, textbook in triples:
        assert Fraction(exact) <= Fraction(summed) <= Fraction(textbook) <= 1, (
            exact,
            summed,
            textbook,
            state,
        )


# ---------------------------------------------------------------------------------------
# The default states


def test_the_mounted_default_states_are_the_server_rendering(new_page: Any, site_url: str) -> None:
    page, log = new_page()
    page.route("**/lab/postprocessing.js", lambda route: route.abort())
    page.goto(site_url + PAGE)
    assert page.locator("[data-lab-mounted]").count() == 0
    static = shown(page, POST), shown(page, GROUP)
    page, log = open_page(new_page, site_url + PAGE)
    post, group = post_state(DEFAULT_POST), group_state(DEFAULT_GROUP)
    assert (shown(page, POST), shown(page, GROUP)) == static
    assert static[0] == expected_post(post)
    assert static[1] == expected_group(group)
    assert_core_post(page, post)
    assert_core_group(page, group)
    assert shown_fields(page, POST) == post_fields_of(post_texts(DEFAULT_POST))
    assert shown_fields(page, GROUP) == GROUP_LAB.examples.texts(DEFAULT_GROUP)
    assert log.console_errors == []
    assert log.page_errors == []


def test_the_two_labs_share_the_page_without_a_clash(new_page: Any, site_url: str) -> None:
    """Every id on the page is unique; each lab's fields and outputs live in its own root."""
    page, _ = open_page(new_page, site_url + PAGE)
    ids: list[str] = page.evaluate("[...document.querySelectorAll('[id]')].map((el) => el.id)")
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    for lab, prefix in ((POST, "cl-post-"), (GROUP, "cl-group-")):
        inner: list[str] = page.evaluate(
            "(lab) => [...document.querySelectorAll(lab + ' input[id]')].map((el) => el.id)", lab
        )
        assert inner
        assert all(i.startswith(prefix) for i in inner), inner
    # Both labs answer p; the page opens each lab's own p.
    assert page.locator(f"{POST} #cl-post-p").input_value() == "0.750"
    assert page.locator(f"{GROUP} #cl-group-p").input_value() == "0.750"


# ---------------------------------------------------------------------------------------
# The sampled parity


def _open_example(page: Page, site_url: str, lab: str, slug: str, preset: str) -> str:
    """Opens an example by its card's link, else its preset, else its address; says which."""
    link = page.locator(f"#card-{slug} .cl-card-link a")
    before = sequence(page, lab)
    if link.count():
        link.click()
        how = "card"
    elif page.locator(f'{lab} [data-preset="{preset}"]').count():
        page.locator(f'{lab} [data-preset="{preset}"]').click()
        how = "preset"
    else:
        page.goto(f"{site_url}{PAGE}?{preset}{lab}", wait_until="domcontentloaded")
        page.wait_for_selector(f"{lab}[data-lab-mounted]", state="attached")
        return "address"
    wait_update(page, lab, before)
    return how


def test_the_post_processing_catalogue_and_a_sample_show_what_the_core_computes(
    new_page: Any, site_url: str
) -> None:
    page, log = open_page(new_page, site_url + PAGE)
    hows = set()
    for example in POST_EXAMPLES:
        hows.add(_open_example(page, site_url, POST, example.slug, lab_query(example)))
        state = post_state(example)
        assert shown(page, POST) == expected_post(state), example.slug
        assert_core_post(page, state)
        assert_clean(page, POST)
    assert hows == {"card", "preset", "address"}
    rng = random.Random(11)
    samples = [post_sample(rng) for _ in range(PARITY_STATES)]
    assert {texts["source"] for texts in samples} == {"fresh", "rows"}
    assert any(texts["reads"] == "1" for texts in samples)
    for texts in samples:
        state = post_of(texts)
        before = sequence(page, POST)
        from_address(page, query(POST_PARAMS, texts), POST, POST)
        wait_update(page, POST, before)
        assert shown(page, POST) == expected_post(state), texts
        assert_core_post(page, state)
        assert_clean(page, POST)
    assert log.console_errors == []
    assert log.page_errors == []


def test_the_group_catalogue_and_a_sample_show_what_the_core_computes(new_page: Any, site_url: str) -> None:
    page, log = open_page(new_page, site_url + PAGE)
    hows = set()
    for example in GROUP_EXAMPLES:
        hows.add(_open_example(page, site_url, GROUP, example.slug, lab_query(example)))
        state = group_state(example)
        assert shown(page, GROUP) == expected_group(state), example.slug
        assert_core_group(page, state)
        assert_clean(page, GROUP)
    assert "card" in hows
    rng = random.Random(12)
    samples = [group_sample(rng) for _ in range(PARITY_STATES)]
    for texts in samples:
        state = group_of(texts)
        before = sequence(page, GROUP)
        from_address(page, query(GROUP_PARAMS, texts), GROUP, GROUP)
        wait_update(page, GROUP, before)
        assert shown(page, GROUP) == expected_group(state), texts
        assert_core_group(page, state)
        assert_clean(page, GROUP)
    assert log.console_errors == []
    assert log.page_errors == []


# ---------------------------------------------------------------------------------------
# Presets, the address, the keyboard


def test_a_preset_is_pressed_and_written_to_the_address_of_its_own_lab(new_page: Any, site_url: str) -> None:
    page, log = open_page(new_page, site_url + PAGE)
    group_before = shown(page, GROUP), shown_fields(page, GROUP)
    merge = post_example("rr-merge")
    button = page.locator(f'{POST} [data-preset="{lab_query(merge)}"]')
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    default = page.locator(f'{POST} [data-preset="{lab_query(DEFAULT_POST)}"]')
    expect(default).to_have_attribute("aria-pressed", "false")
    state = post_state(merge)
    assert shown(page, POST) == expected_post(state)
    texts = canonical_post(post_texts(merge))
    assert address(page) == ("?" + "&".join(f"{n}={texts[n]}" for n in POST_PARAMS), POST)
    assert (shown(page, GROUP), shown_fields(page, GROUP)) == group_before
    # The group lab's preset: its own address, the other lab untouched.
    post_after = shown(page, POST), shown_fields(page, POST)
    group4 = group_example("group4")
    page.locator(f'{GROUP} [data-preset="{lab_query(group4)}"]').click()
    expect(page.locator(f'{GROUP} [data-preset="{lab_query(group4)}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    assert shown(page, GROUP) == expected_group(group_state(group4))
    assert address(page) == ("?" + lab_query(group4), GROUP)
    assert (shown(page, POST), shown_fields(page, POST)) == post_after
    # Back: the address holds the post lab's entry again; the group lab keeps its own state.
    page.go_back()
    expect(page.locator(f'{GROUP} [data-preset="{lab_query(group4)}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    assert address(page)[1] == POST
    assert shown(page, POST) == expected_post(state)
    assert log.console_errors == []
    assert log.page_errors == []


def test_the_address_round_trip_of_the_post_processing_lab(new_page: Any, site_url: str) -> None:
    texts = post_texts(DEFAULT_POST)
    texts.update(source="rows", weights0="1,2,3", weights1="3,2,1", map="1,0;1/2,1/2;0,1", alpha="1.5")
    texts.update(reads="1", map1="0,1;1/2,1/2;1,0")
    state = post_of(texts)
    page, log = open_page(new_page, f"{site_url}{PAGE}?{query(POST_PARAMS, texts)}{POST}")
    canonical = canonical_post(texts)
    assert shown_fields(page, POST) == post_fields_of(canonical)
    assert shown(page, POST) == expected_post(state)
    assert shown(page, GROUP) == expected_group(group_state(DEFAULT_GROUP))
    expect(page.locator(f"{POST} [data-lab-notice]")).to_be_hidden()
    expect(page.locator(f"{POST} #cl-post-p")).to_be_disabled()
    expect(page.locator(f"{POST} #cl-post-map1")).to_be_enabled()
    # Edit: the address follows, in the lab's own parameters and fragment.
    page.fill(f"{POST} #cl-post-alpha", "2.5")
    edited = post_of({**canonical, "alpha": "2.5"})
    expect(page.locator(f'{POST} [data-out="claim"]')).to_contain_text("α = 5/2")
    assert shown(page, POST) == expected_post(edited)
    canonical["alpha"] = "2.5"
    assert address(page) == ("?" + "&".join(f"{n}={canonical[n]}" for n in POST_PARAMS), POST)
    page.reload()
    page.wait_for_selector(f"{POST}[data-lab-mounted]", state="attached")
    assert shown_fields(page, POST) == post_fields_of(canonical)
    assert shown(page, POST) == expected_post(edited)
    assert log.console_errors == []
    assert log.page_errors == []


def test_the_address_round_trip_of_the_group_lab(new_page: Any, site_url: str) -> None:
    texts = {"p": "0.9", "g": "3", "alpha1": "7/2"}
    state = group_of(texts)
    page, log = open_page(new_page, f"{site_url}{PAGE}?{query(GROUP_PARAMS, texts)}{GROUP}")
    canonical = canonical_group(texts)
    assert canonical == {"p": "0.900", "g": "3", "alpha1": "3.5"}
    assert shown_fields(page, GROUP) == canonical
    assert shown(page, GROUP) == expected_group(state)
    # The address names the group lab: the post-processing lab, which also has a p, keeps its default.
    assert shown(page, POST) == expected_post(post_state(DEFAULT_POST))
    assert page.locator(f"{POST} #cl-post-p").input_value() == "0.750"
    expect(page.locator(f"{POST} [data-lab-notice]")).to_be_hidden()
    page.fill(f"{GROUP} #cl-group-g", "7")
    expect(page.locator(f'{GROUP} [data-out="eps-pure"]')).to_contain_text("7·ln(9)")
    edited = group_of({**canonical, "g": "7"})
    assert shown(page, GROUP) == expected_group(edited)
    assert address(page) == ("?p=0.900&g=7&alpha1=3.5", GROUP)
    page.reload()
    page.wait_for_selector(f"{GROUP}[data-lab-mounted]", state="attached")
    assert shown(page, GROUP) == expected_group(edited)
    assert log.console_errors == []
    assert log.page_errors == []


def _tab_to(page: Page, selector: str, limit: int = 40) -> None:
    """Presses Tab until `selector` has the focus (it must be reachable within `limit` presses)."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_the_keyboard_alone_drives_both_labs(new_page: Any, site_url: str) -> None:
    page, log = open_page(new_page, site_url + PAGE)
    page.locator(f"{POST} #cl-post-title").focus()
    _tab_to(page, f"{POST} #cl-post-alpha")
    page.keyboard.press("Control+A")
    page.keyboard.type("3.0")
    default = post_texts(DEFAULT_POST)
    expect(page.locator(f'{POST} [data-out="claim"]')).to_contain_text("α = 3")
    assert shown(page, POST) == expected_post(post_of({**default, "alpha": "3.0"}))
    page.keyboard.press("ArrowUp")
    expect(page.locator(f"{POST} #cl-post-alpha")).to_have_value("3.1")
    assert shown(page, POST) == expected_post(post_of({**default, "alpha": "3.1"}))
    # The toggle by Space, from the keyboard: F¹ becomes a field of the state.
    page.locator(f"{POST} #cl-post-map").focus()
    _tab_to(page, f'{POST} input[name="reads"]')
    page.keyboard.press("Space")
    expect(page.locator(f'{POST} input[name="reads"]')).to_be_checked()
    expect(page.locator(f"{POST} #cl-post-map1")).to_be_enabled()
    # A preset by Enter, another by Space.
    merge = page.locator(f'{POST} [data-preset="{lab_query(post_example("rr-merge"))}"]')
    merge.focus()
    page.keyboard.press("Enter")
    expect(merge).to_have_attribute("aria-pressed", "true")
    assert shown(page, POST) == expected_post(post_state(post_example("rr-merge")))
    group3 = page.locator(f'{GROUP} [data-preset="{lab_query(group_example("group3-pure"))}"]')
    group3.focus()
    page.keyboard.press("Space")
    expect(group3).to_have_attribute("aria-pressed", "true")
    assert shown(page, GROUP) == expected_group(group_state(group_example("group3-pure")))
    # Tab into the group lab's g, type, step.
    page.locator(f"{GROUP} #cl-group-p").focus()
    _tab_to(page, f"{GROUP} #cl-group-g")
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.keyboard.press("ArrowDown")
    expect(page.locator(f"{GROUP} #cl-group-g")).to_have_value("3")
    page.keyboard.press("PageUp")
    expect(page.locator(f"{GROUP} #cl-group-g")).to_have_value("13")
    texts = GROUP_LAB.examples.texts(group_example("group3-pure"))
    assert shown(page, GROUP) == expected_group(group_of({**texts, "g": "13"}))
    assert log.page_errors == []


# ---------------------------------------------------------------------------------------
# f reads x


def test_a_map_that_reads_x_breaks_the_inequality_where_the_lab_says(new_page: Any, site_url: str) -> None:
    page, log = open_page(new_page, site_url + PAGE)
    claim, violation = (
        page.locator(f'{POST} [data-out="claim"]'),
        page.locator(f'{POST} [data-out="violation"]'),
    )
    expect(claim).to_have_attribute("data-value", "pass")
    expect(violation).to_have_attribute("data-value", "")
    # Ticked with F¹ = F⁰ the map still reads only the output: nothing changes but the toggle.
    page.locator(f'{POST} input[name="reads"]').check()
    default = post_texts(DEFAULT_POST)
    expect(page.locator(f'{POST} [data-out="invertible"]')).to_have_attribute("data-value", "no")
    assert shown(page, POST) == expected_post(post_of({**default, "reads": "1"}))
    expect(claim).to_have_attribute("data-value", "pass")
    # F¹ sends every count to 1: under x = 1 the image is x itself.
    page.fill(f"{POST} #cl-post-map1", "0,1;0,1;0,1;0,1")
    state = post_of({**default, "reads": "1", "map1": "0,1;0,1;0,1;0,1"})
    record = post_record(state)
    assert not record["passes"]
    assert record["violation"] is not None
    expect(claim).to_have_attribute("data-value", "fail")
    found = record["violation"]
    at = fraction_str(found["alpha"])
    expect(violation).to_have_attribute("data-value", at)
    expect(violation).to_be_visible()
    expect(violation).to_contain_text(f"α = {at}")
    expect(violation).to_contain_text(found["event"]["text"])
    expect(claim).to_contain_text(f"깨짐: α = {fraction_str(record['alpha'])}")
    assert shown(page, POST) == expected_post(state)
    broken = page.locator(f'{POST} tr[data-alpha="{at}"] td[data-holds="false"]')
    expect(broken).to_be_visible()
    expect(broken).to_have_text(POST_TEXTS["breaks"])
    summary = page.locator(f'{POST} [data-summary-of="claim"]')
    expect(summary).to_have_attribute("data-value", "fail")
    expect(summary).to_have_text(SCRIPT_TEXTS["summary-fail"])
    # Unticked, F¹ is ignored (kept, disabled) and the inequality holds again.
    page.locator(f'{POST} input[name="reads"]').uncheck()
    expect(claim).to_have_attribute("data-value", "pass")
    expect(page.locator(f"{POST} #cl-post-map1")).to_be_disabled()
    expect(page.locator(f"{POST} #cl-post-map1")).to_have_value("0,1;0,1;0,1;0,1")
    assert log.page_errors == []


# ---------------------------------------------------------------------------------------
# Bad input


POST_BAD = [
    ("p", "", "empty"),
    ("p", "abc", "syntax"),
    ("p", "0.4", "range"),
    ("p", "1.5", "range"),
    ("p", "0.7501", "step"),
    ("p", HOSTILE, "syntax"),
    ("k", "", "empty"),
    ("k", "7", "range"),
    ("k", "2.5", "step"),
    ("k", "three", "syntax"),
    ("k", HOSTILE, "syntax"),
    ("k", "2", "rows"),  # k reads; the map then has 4 rows for 3 outputs, refused beside the map
    ("weights0", "0,0", "zero-sum"),
    ("weights0", "a,b", "syntax"),
    ("weights0", HOSTILE, "syntax"),
    ("weights1", "1,2,3", "mismatch"),
    ("weights1", "", "empty"),
    ("weights1", HOSTILE, "syntax"),
    ("map", "", "empty"),
    ("map", "a,b", "syntax"),
    ("map", "0,0;1,0;0,1;0,1", "zero-sum"),
    ("map", "1/2,1/3;1,0;0,1;0,1", "row-sum"),
    ("map", "0.25,0.5;1,0;0,1;0,1", "row-sum"),
    ("map", "1,0;0;1,0;0,1", "shape"),
    ("map", "1,0;0,1", "rows"),
    ("map", "1000001,1;1,0;0,1;0,1", "range"),
    ("map", "1,1,1,1,1,1,1,1,1;1;1;1", "count"),
    ("map", HOSTILE, "syntax"),
    ("map1", "1,0,0;0,1,0;0,0,1;1,0,0", "shape"),
    ("map1", "0,1;1,0", "rows"),
    ("map1", "1/3,1/3;1,0;1,0;1,0", "row-sum"),
    ("map1", "", "empty"),
    ("map1", HOSTILE, "syntax"),
    ("alpha", "", "empty"),
    ("alpha", "abc", "syntax"),
    ("alpha", "0.5", "range"),
    ("alpha", "101", "range"),
    ("alpha", "2.55", "step"),
    ("alpha", HOSTILE, "syntax"),
]
# Where each field's refusal shows when it is not beside the field itself.
SHOWN_BESIDE = {("k", "rows"): "map"}


def _prepare_post(page: Page, field: str) -> None:
    """Makes `field` a field of the state: the typed rows for the weights, the toggle for F¹."""
    if field.startswith("weights"):
        page.locator(f'{POST} input[name="source"][value="rows"]').check()
        page.fill(f"{POST} #cl-post-map", "1,0;0,1")
    if field == "map1":
        page.locator(f'{POST} input[name="reads"]').check()
    expect(page.locator(POST)).not_to_have_attribute("data-lab-stale", "input")


def test_bad_input_in_the_post_processing_lab_gets_its_message_and_the_last_state_stays(
    new_page: Any, site_url: str
) -> None:
    """Every bad text of POST_BAD, typed in one page: the page opens again only when a field
    needs another preparation (typed rows for the weights, F¹ ticked for map1)."""
    page, log = open_page(new_page, site_url + PAGE)
    prepared = ""
    for field, text, reason in POST_BAD:
        kind = "weights" if field.startswith("weights") else field if field == "map1" else ""
        if kind != prepared:
            _load(page, site_url + PAGE)
            _prepare_post(page, field)
            prepared = kind
        beside = SHOWN_BESIDE.get((field, reason), field)
        assert_refused(
            page, POST, field, text, POST_MESSAGES[beside][reason], post_shown, beside, (group_shown,)
        )
    assert log.page_errors == []


GROUP_BAD = [
    ("p", "", "empty"),
    ("p", "abc", "syntax"),
    ("p", "0.5", "range"),
    ("p", "1", "range"),
    ("p", "0.75001", "step"),
    ("p", "0.6", "above-ratio"),  # p reads; α₁ = 2.5 is then above p/(1 − p) = 3/2
    ("p", HOSTILE, "syntax"),
    ("g", "", "empty"),
    ("g", "0", "range"),
    ("g", "21", "range"),
    ("g", "2.5", "step"),
    ("g", "two", "syntax"),
    ("g", HOSTILE, "syntax"),
    ("alpha1", "", "empty"),
    ("alpha1", "x", "syntax"),
    ("alpha1", "0.9", "range"),
    ("alpha1", "2.55", "step"),
    ("alpha1", "3.1", "above-ratio"),
    ("alpha1", HOSTILE, "syntax"),
]
GROUP_BESIDE = {("p", "above-ratio"): "alpha1"}


def test_bad_input_in_the_group_lab_gets_its_message_and_the_last_state_stays(
    new_page: Any, site_url: str
) -> None:
    """Every bad text of GROUP_BAD, typed in one page."""
    page, log = open_page(new_page, site_url + PAGE)
    for field, text, reason in GROUP_BAD:
        beside = GROUP_BESIDE.get((field, reason), field)
        assert_refused(
            page, GROUP, field, text, GROUP_MESSAGES[beside][reason], group_shown, beside, (post_shown,)
        )
    assert log.page_errors == []


def test_a_field_fixed_again_clears_its_message(new_page: Any, site_url: str) -> None:
    page, log = open_page(new_page, site_url + PAGE)
    page.fill(f"{POST} #cl-post-map", "1,0;0,1")
    expect(page.locator(f'{POST} [data-error-for="map"]')).to_be_visible()
    page.fill(f"{POST} #cl-post-k", "1")
    expect(page.locator(f'{POST} [data-error-for="map"]')).to_be_hidden()
    expect(page.locator(POST)).not_to_have_attribute("data-lab-stale", "input")
    default = post_texts(DEFAULT_POST)
    assert shown(page, POST) == expected_post(post_of({**default, "k": "1", "map": "1,0;0,1"}))
    assert log.page_errors == []


def _fallback(read: Any, base: dict[str, str], default: dict[str, str], bad: str) -> Any:
    """The state the kit opens from `base` with `bad` refused (kit/url's readQuery): `bad`
    takes its default; each parameter a rule of the state then refuses takes its default
    too; and when the state still breaks a rule, every parameter does."""
    texts = {**base, bad: default[bad]}
    state = read(texts)
    if isinstance(state, dict):
        state = read({**texts, **{name: default[name] for name in state}})
    return read(default) if isinstance(state, dict) else state


def _falls_back(
    new_page: Any,
    site_url: str,
    lab: str,
    bad: list[tuple[str, str]],
    base: dict[str, str],
    default: dict[str, str],
) -> None:
    """Opens, in one tab, `base` with one parameter of `bad` bad at a time: the lab's notice
    names the parameter, the lab shows the state the kit falls back to, the other lab says
    nothing, and nothing hostile shows or runs."""
    post = lab == POST
    other = GROUP if post else POST
    params, read, expected, kind = (
        (POST_PARAMS, read_post_state, expected_post, PostState)
        if post
        else (GROUP_PARAMS, read_group_state, expected_group, GroupState)
    )
    page, log = open_page(new_page, site_url + PAGE)
    for param, text in bad:
        assert_named(page, f"{site_url}{PAGE}?{query(params, {**base, param: text})}{lab}", lab, param)
        page.wait_for_selector(f"{other}[data-lab-mounted]", state="attached")
        state = _fallback(read, base, default, param)
        assert isinstance(state, kind)
        assert shown(page, lab) == expected(state), (param, text)
        expect(page.locator(f"{other} [data-lab-notice]")).to_be_hidden()
        assert_clean(page, lab)
    assert log.page_errors == []


URL_BASE = {
    "source": "rows",
    "weights0": "3,2,1",
    "weights1": "1,2,3",
    "map": "2,1;1,1;1,2",
    "reads": "1",
    "map1": "1,0;0,1;1/2,1/2",
    "alpha": "1.5",
}
POST_BAD_URL = [
    ("p", ""),
    ("p", "x"),
    ("p", "0.3"),
    ("p", "0.7501"),
    ("k", "9"),
    ("alpha", "2.55"),
    ("alpha", "abc"),
    ("weights0", "0,0"),
    ("weights1", "1,2"),  # a row of another length than weights0
    ("map", "1/2,1/3;1,0"),
    ("map", "0,0;1,0"),
    ("map", "1,0;0,1"),
    ("map", "1,0;0"),
    ("map", HOSTILE),
    ("reads", "2"),
    ("map1", "1,0,0;0,1,0"),
    ("source", "both"),
    ("source", HOSTILE),
]


def test_a_bad_url_parameter_of_the_post_processing_lab_falls_back_and_is_named(
    new_page: Any, site_url: str
) -> None:
    """From a state of typed rows with F¹ ticked, one parameter of POST_BAD_URL bad at a time,
    every address opened in one tab."""
    base = {**post_texts(DEFAULT_POST), **URL_BASE}
    _falls_back(new_page, site_url, POST, POST_BAD_URL, base, post_texts(DEFAULT_POST))


GROUP_BAD_URL = [
    ("p", ""),
    ("p", "abc"),
    ("p", "0.5"),
    ("p", "0.9001"),
    ("p", HOSTILE),
    ("g", "0"),
    ("g", "1.5"),
    ("g", "x"),
    ("alpha1", "9.1"),  # above p/(1 − p) = 9
    ("alpha1", "2.25"),
    ("alpha1", "<script>alert(1)</script>"),
]


def test_a_bad_url_parameter_of_the_group_lab_falls_back_and_is_named(new_page: Any, site_url: str) -> None:
    """One parameter of GROUP_BAD_URL bad at a time, every address opened in one tab."""
    base = {"p": "0.900", "g": "3", "alpha1": "2.0"}
    _falls_back(new_page, site_url, GROUP, GROUP_BAD_URL, base, GROUP_LAB.examples.texts(DEFAULT_GROUP))


def test_parameters_under_the_other_labs_fragment_are_left_alone(new_page: Any, site_url: str) -> None:
    """Bad post-processing parameters addressed to the group lab: neither lab complains, and
    the group lab reads only its own (p and g here are good group values)."""
    page, log = open_page(new_page, f"{site_url}{PAGE}?source=both&map=x&p=0.600&g=2&alpha1=1.5{GROUP}")
    expect(page.locator(f"{POST} [data-lab-notice]")).to_be_hidden()
    expect(page.locator(f"{GROUP} [data-lab-notice]")).to_be_hidden()
    assert shown(page, POST) == expected_post(post_state(DEFAULT_POST))
    assert shown(page, GROUP) == expected_group(group_of({"p": "0.600", "g": "2", "alpha1": "1.5"}))
    assert log.page_errors == []
