"""The composition lesson's records: the reference's catalogue, every example's record against
the core computed anew, the two-step releases against oracles written out here, and the types
a record holds (exact values as Fractions; ints only for counts)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.core import channels
from generator.core.composition import compose
from generator.core.profile import INTEGER_GRID, Profile
from generator.core.pure_epsilon import pure_epsilon
from generator.lessons.composition import LESSON, example_record, record
from generator.lessons.composition.catalogue import BY_SLUG, DATA, TWO_STEP_BY_SLUG, Example
from tests.oracles import naive_delta_of

F = Fraction


def test_the_catalogue_holds_the_reference_examples() -> None:
    assert set(BY_SLUG) >= {
        "concept",
        "fresh-k2",
        "fresh-k3",
        "copy-k2",
        "composition-p90",
        "xor",
        "boundary-p50",
        "boundary-p100",
        "boundary-k1",
    }
    concept = BY_SLUG["concept"]
    assert (concept.mode, concept.k, concept.p, concept.alpha, concept.delta) == ("fresh", 2, 75, 3, 0)
    assert LESSON.examples == (*BY_SLUG, *TWO_STEP_BY_SLUG)


@pytest.mark.parametrize("example", DATA.catalogue, ids=[e.slug for e in DATA.catalogue])
def test_every_record_is_the_core_computed_anew(example: Example) -> None:
    shown = example_record(example.slug)
    channel = example.channel()
    profile = Profile(channel)
    assert (shown["slug"], shown["title"]) == (example.slug, example.title)
    assert shown["channel"]["distribution0"] == list(channel.distribution0)
    assert shown["channel"]["truth_probability"] == F(example.p, 100)
    assert shown["grid"] == {"alphas": list(INTEGER_GRID), "deltas": profile.deltas(INTEGER_GRID)}
    point = profile.point(example.alpha)
    assert shown["claim"]["required"] == point.delta
    assert shown["claim"]["event"]["outputs"] == [channel.labels[i] for i in point.event.outputs]
    assert shown["pure_epsilon"]["exact"] == pure_epsilon(channel).describe()
    panel = compose(profile, example.alpha0)
    assert shown["composition"]["exact_delta"] == panel.exact_delta
    assert shown["composition"]["queries"] == panel.queries
    assert (shown["optimal"] is None) == (panel.queries is None)


def test_the_epsilon_texts_beside_the_inputs() -> None:
    epsilon = example_record("composition-p90")["epsilon"]
    assert epsilon == {
        "claim": {"exact": "ln(9)", "decimal": "2.197"},
        "step": {"exact": "ln(3)", "decimal": "1.099"},
        "theorem": {"exact": "2·ln(3)", "decimal": "2.197"},
    }
    assert example_record("xor")["epsilon"]["theorem"] is None
    assert example_record("boundary-p50")["epsilon"]["claim"] == {"exact": "0", "decimal": "0"}


def test_the_optimal_composition_lies_between_the_exact_value_and_the_bound() -> None:
    shown = example_record("composition-p90")
    optimal = shown["optimal"]
    assert optimal is not None
    # Two (ln 3, 3/5) steps at α = 9: δ*_RR,2(9) = 0, so 1 − (2/5)² = 21/25.
    assert (optimal["alpha"], optimal["rr_delta"], optimal["no_reveal"]) == (9, 0, F(4, 25))
    assert optimal["delta"] == F(21, 25)
    assert optimal["truth_probability"] == F(3, 4)
    assert optimal["sum_delta0"] == F(6, 5)
    panel = shown["composition"]
    assert panel["exact_delta"] is not None
    assert panel["theorem_delta"] is not None
    assert panel["exact_delta"] <= optimal["delta"] <= panel["theorem_delta"]


def test_the_adaptive_pair_by_the_chain_rule() -> None:
    shown = record("adaptive")
    assert "steps" in shown
    second = {0: (F(1, 2), F(1, 2)), 1: (F(3, 4), F(1, 4))}  # the second step, by Z₁
    p0 = [(F(3, 4), F(1, 4))[z1] * second[z1][z2] for z1 in (0, 1) for z2 in (0, 1)]
    p1 = [(F(1, 4), F(3, 4))[z1] * second[z1][1 - z2] for z1 in (0, 1) for z2 in (0, 1)]
    assert shown["channel"]["labels"] == ["00", "01", "10", "11"]
    assert (shown["channel"]["distribution0"], shown["channel"]["distribution1"]) == (p0, p1)
    assert shown["claim"]["required"] == naive_delta_of(p0, p1, F(3)) == F(3, 8)
    assert shown["steps"] == {
        "first": F(3, 4),
        "second": [F(1, 2), F(3, 4)],
        "first_alpha": 3,
        "second_alpha": [1, 3],
        "alpha": 9,
    }
    assert shown["ratios"] == [str(a / b) for a, b in zip(p0, p1, strict=True)] == ["3", "3", "1", "1/9"]


def test_a_count_of_unequal_responses_loses_what_they_say() -> None:
    shown = record("mixed")
    assert "count" in shown
    assert shown["claim"]["required"] == F(1, 2)
    assert shown["count"]["claim"]["required"] == F(1, 4)
    assert shown["count"]["channel"]["labels"] == ["0", "1", "2"]
    assert shown["count"]["pure_epsilon"]["kind"] == "finite"
    fresh = Profile(channels.fresh(75, 1))
    assert shown["count"]["claim"]["required"] < fresh.delta(F(1))


def _leaves(node: object, path: str) -> list[tuple[str, object]]:
    if isinstance(node, dict):
        return [leaf for key, value in node.items() for leaf in _leaves(value, f"{path}.{key}")]
    if isinstance(node, list):
        return [leaf for i, value in enumerate(node) for leaf in _leaves(value, f"{path}.{i}")]
    return [(path, node)]


@pytest.mark.parametrize("slug", LESSON.examples)
def test_exact_values_are_fractions_and_counts_ints(slug: str) -> None:
    for path, value in _leaves(record(slug), slug):
        assert not isinstance(value, float), path
        if isinstance(value, int) and not isinstance(value, bool):
            assert path.endswith((".p", ".k", ".queries")), path
        assert value is None or isinstance(value, str | bool | int | Fraction), path
