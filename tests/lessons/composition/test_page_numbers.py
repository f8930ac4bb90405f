"""Numbers printed on the built lesson page equal the core's values for their examples.

The check reads the built HTML, not the Markdown: each section's visible text (KaTeX's
glyph layer left out) and the TeX of its formulas (KaTeX keeps it in a MathML
annotation). Every expected value is computed here from the core, never typed, and a value
counts as printed in any of its exact forms: "3/8", "\\tfrac{3}{8}" or the decimal "0.375".
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import pytest

from generator.core import channels
from generator.core.composition import compose
from generator.core.finite_channel import adaptive, post_process
from generator.core.optimal_composition import OptimalComposition
from generator.core.profile import Profile
from generator.core.pure_epsilon import channel_pure_epsilon, pure_epsilon
from generator.core.rational import decimal_str, fraction_str
from generator.course.placeholders import FILTERS
from generator.lessons.composition.catalogue import BY_SLUG, Example
from tests.harness.html import parse

_ANNOTATION = re.compile(r'<annotation encoding="application/x-tex">(.*?)</annotation>', re.DOTALL)
_HEADING = re.compile(r"<h[23]\b")


@pytest.fixture(scope="module")
def lesson(built_site: Path) -> str:
    return (built_site / "lessons" / "composition.html").read_text(encoding="utf-8")


def section(page: str, anchor: str) -> str:
    """The HTML from the element with this id up to the next h2/h3 heading."""
    start = page.index(f'id="{anchor}"')
    following = _HEADING.search(page, start + 1)
    return page[start : following.start() if following else len(page)]


def printed(fragment: str) -> str:
    """What a reader sees: the visible text plus the TeX of every formula."""
    tree = parse(fragment)
    for math in tree.css(".katex"):  # KaTeX's glyphs repeat the math in a garbled order
        math.decompose()
    visible = tree.body.text(deep=True, separator=" ") if tree.body else ""
    tex = [html.unescape(match) for match in _ANNOTATION.findall(fragment)]
    return " ".join([visible, *tex])


def forms(value: Fraction) -> set[str]:
    exact = fraction_str(value)
    tex = rf"\tfrac{{{value.numerator}}}{{{value.denominator}}}" if value.denominator > 1 else exact
    return {exact, tex, decimal_str(value)}


def epsilon_forms(exact: str) -> set[str]:
    """A pure ε as the page prints it: TeX beside TeX ("2·ln(3)" is set as "2\\ln 3"), which a
    short flat formula shows in KaTeX's fonts with thin spaces ("2 ln 3")."""
    tex = str(FILTERS["tex"](exact))
    flat = re.sub(r"\s*\\ln\s*", "\u2009ln\u2009", tex).strip("\u2009").replace("ln\u2009(", "ln(")
    return {tex, flat}


def assert_epsilon_printed(text: str, exact: str) -> None:
    assert any(form in text for form in epsilon_forms(exact)), (
        f"none of {sorted(epsilon_forms(exact))} printed"
    )


def assert_printed(text: str, value: Fraction, what: str) -> None:
    assert any(form in text for form in forms(value)), f"{what}: none of {sorted(forms(value))} printed"


def profile(slug: str) -> tuple[Example, Profile]:
    example = BY_SLUG[slug]
    return example, Profile(example.channel())


def test_concept_stepper_prints_the_required_delta_and_the_pure_epsilon(lesson: str) -> None:
    example, core = profile("concept")
    text = printed(section(lesson, "concept"))
    required = core.delta(example.alpha)
    assert_printed(text, required, "required δ")
    assert decimal_str(required) in text
    pure = pure_epsilon(example.channel())
    assert_epsilon_printed(text, pure.describe())
    assert pure.decimal() in text
    channel = example.channel()
    assert_printed(text, Fraction(channel.denominator), "common denominator")
    for weight in channel.weights0:
        assert str(weight) in text


def test_hand_computations_print_k2_and_k3(lesson: str) -> None:
    text = printed(section(lesson, "hand-computation"))
    for slug in ("fresh-k2", "fresh-k3"):
        example, core = profile(slug)
        assert_printed(text, core.delta(example.alpha), f"{slug} δ*")
        channel = example.channel()
        assert str(channel.denominator) in text
        assert all(str(weight) in text for weight in channel.weights0)
    example, core = profile("fresh-k2")
    ratio = pure_epsilon(example.channel()).max_likelihood_ratio
    assert ratio is not None
    assert core.delta(ratio) == 0
    assert_printed(text, ratio, "the α at which two responses need no δ")


def test_copy_prints_one_response(lesson: str) -> None:
    example, _ = profile("copy-k2")
    text = printed(section(lesson, "copy"))
    for probability in example.channel().distribution0:
        assert_printed(text, probability, "copy distribution")


def test_bound_versus_exact_prints_the_composition_panel(lesson: str) -> None:
    example, core = profile("composition-p90")
    panel = compose(core, example.alpha0)
    text = printed(section(lesson, "bound-vs-exact"))
    assert panel.delta0 is not None
    assert panel.theorem_delta is not None
    assert panel.exact_delta is not None
    assert panel.composed_alpha is not None
    assert_printed(text, panel.delta0, "δ₀")
    assert_printed(text, panel.theorem_delta, "theorem δ")
    assert_printed(text, panel.exact_delta, "exact δ at the composed ε")
    assert_printed(text, panel.composed_alpha, "composed α")


def test_exercises_print_the_reference_answers(lesson: str) -> None:
    text = printed(section(lesson, "check-exercises"))
    example, core = profile("exercise-tv")
    assert_printed(text, core.delta(Fraction(1)), "δ*(1)")
    for slug in ("exercise-fail", "exercise-pass"):
        example, core = profile(slug)
        assert_printed(text, example.delta, f"{slug} claim")
        assert_printed(text, core.delta(example.alpha), "the required δ it is held against")
    example, core = profile("composition-p90")
    panel = compose(core, example.alpha0)
    for value in (panel.delta0, panel.theorem_delta, panel.exact_delta):
        assert value is not None
        assert_printed(text, value, "composition exercise")


_CARD = re.compile(r'<article class="cl-card[^"]*" id="card-(?P<slug>[a-z0-9-]+)".*?</article>', re.DOTALL)
_OUT = re.compile(r'<[^>]*\bdata-out="(?P<name>[a-z0-9-]+)"[^>]*>')


def outputs(card: str) -> dict[str, dict[str, str]]:
    found = {}
    for match in _OUT.finditer(card):
        attributes = dict(re.findall(r'([a-z-]+)="([^"]*)"', match[0]))
        found[match["name"]] = attributes
    return found


def test_every_card_carries_the_core_values(lesson: str) -> None:
    cards = {match["slug"]: match[0] for match in _CARD.finditer(lesson)}
    assert set(cards) >= {"fresh-k2", "fresh-k3", "copy-k2", "composition-p90", "xor"}
    for slug, card in cards.items():
        example, core = profile(slug)
        out = outputs(card)
        required = core.delta(example.alpha)
        assert out["delta-required"]["data-exact"] == fraction_str(required), slug
        assert out["claim"]["data-value"] == ("pass" if example.delta >= required else "fail"), slug
        assert out["eps-pure"]["data-value"] == pure_epsilon(example.channel()).decimal(), slug
        panel = compose(core, example.alpha0)
        if panel.applies:
            assert panel.exact_delta is not None
            assert out["composed-delta-exact"]["data-exact"] == fraction_str(panel.exact_delta), slug
            assert out["theorem-delta"]["data-exact"] == fraction_str(panel.theorem_delta or 0), slug
        printed_card = printed(card)
        assert_printed(printed_card, required, f"{slug} card text")
        assert "NaN" not in printed_card
        assert "undefined" not in printed_card


def test_bound_versus_exact_prints_the_optimal_composition_between(lesson: str) -> None:
    example, core = profile("composition-p90")
    panel = compose(core, example.alpha0)
    assert panel.delta0 is not None
    assert panel.queries is not None
    assert panel.composed_alpha is not None
    optimal = OptimalComposition(example.alpha0, panel.delta0, panel.queries)
    text = printed(section(lesson, "bound-vs-exact"))
    assert_printed(text, optimal.delta(panel.composed_alpha), "the optimal composition's δ")
    assert_printed(text, optimal.no_reveal, "(1 − δ₀)^k")
    assert_printed(text, optimal.truth_probability, "the worst step's randomized response")
    assert "Kairouz" in text
    assert r"\big[p-\alpha_0(1-p)\big]_+" in text  # δ₀ with its clip


def test_fresh_distribution_explains_p_below_one_half(lesson: str) -> None:
    text = printed(section(lesson, "fresh-distribution"))
    below = pure_epsilon(channels.fresh(25, 2))
    assert below == pure_epsilon(channels.fresh(75, 2))
    assert_epsilon_printed(text, below.describe())
    assert below.max_likelihood_ratio is not None
    assert_printed(text, below.max_likelihood_ratio, "((1 − p)/p)^k")
    assert pure_epsilon(channels.fresh(0, 2)).describe() == "∞"
    assert "∞" in text
    assert r"k\ln\frac{1-p}{p}" in text


def test_conditional_composition_prints_the_adaptive_example(lesson: str) -> None:
    pair = adaptive(channels.fresh(75, 1), [channels.fresh(50, 1), channels.fresh(75, 1)])
    text = printed(section(lesson, "conditional-composition"))
    assert_printed(text, Profile(pair).delta(Fraction(3)), "δ*(3) of the adaptive pair")
    assert_epsilon_printed(text, channel_pure_epsilon(pair).describe())  # ln 9
    for probability in (pair.distribution0[3], pair.distribution1[3]):
        assert_printed(text, probability, "the law of the transcript 11")
    assert "충분조건(sufficient condition)" in text


def test_counts_prints_what_a_count_of_unequal_responses_loses(lesson: str) -> None:
    pair = adaptive(channels.fresh(75, 1), [channels.fresh(50, 1), channels.fresh(50, 1)])
    count = post_process(pair, lambda label: str(label.count("1")))
    text = printed(section(lesson, "counts"))
    assert_printed(text, Profile(pair).delta(Fraction(1)), "the transcript's δ*(1)")
    assert_printed(text, Profile(count).delta(Fraction(1)), "the count's δ*(1)")
    assert Profile(count).delta(Fraction(1)) < Profile(pair).delta(Fraction(1))


def test_the_quiz_is_typeset_with_katex(lesson: str) -> None:
    start = lesson.index('<form class="cl-quiz"')
    quiz = lesson[start : lesson.index("</form>", start)]
    assert quiz.count('class="katex"') > 20  # the rest are short flat formulas, set without it
    assert quiz.count('class="katex"') + quiz.count('class="cl-symbol"') > 150
    assert "$" not in quiz
    assert "\\(" not in quiz, "no formula is left for the browser to typeset"
