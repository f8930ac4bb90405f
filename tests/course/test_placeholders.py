"""Placeholders in prose: value paths, form filters, and the particle that follows a value.

Properties (each a test below):
  P1  a value placeholder gives the record's exact string; filters apply left to right.
  P2  the Korean reading of a value ends as a reader says it: Sino-Korean digits, units for
      trailing zeros, a fraction by its numerator (8분의 3), a decimal by its last digit,
      letters and Greek letters by their names, Hangul by its own final consonant.
  P3  the particle filters pick 이/가, 은/는, 을/를, 과/와, 이라/라 by a final consonant and
      으로/로 by a final consonant other than ㄹ; either form names the pair; "~" gives the
      particle alone.
  P4  what no rule reads, an unknown filter or particle, is an error that names it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.course.korean import Final, ReadingError, final_sound, integer_reading_end, particle
from generator.course.placeholders import FILTERS, PlaceholderError, apply_particle, expand, record_of


def expand_composition(text: str) -> str:
    """The text as a page of the composition lesson, whose examples these are, reads it."""
    return expand(text, lesson="composition")


def test_a_value_placeholder_gives_the_exact_string_and_filters_chain() -> None:
    assert expand_composition("{{ fresh-k2.claim.required }}") == "3/8"
    assert record_of("fresh-k2", "composition")["claim"]["required"] == Fraction(
        3, 8
    )  # a record holds the value
    assert expand_composition("{{ fresh-k2.claim.required | decimal }}") == "0.375"
    assert expand_composition("{{ fresh-k2.claim.required | frac }}") == r"\tfrac{3}{8}"
    assert expand_composition("{{ fresh-k2.claim.required | decimal | 이 }}") == "0.375가"
    assert expand_composition("{{ fresh-k2.channel.p | percent | 는 }}") == "75%는"
    assert expand_composition("{{ fresh-k2.pure_epsilon.exact | tex }}") == r"2\ln 3"


@pytest.mark.parametrize(
    ("value", "shown"),
    [(7, "7"), (1000, "1,000"), (10000, "10,000"), (14_000_000, "14,000,000"), (-12345, "-12,345")],
)
def test_the_grouped_filter_marks_the_thousands(value: int, shown: str) -> None:
    assert FILTERS["grouped"](value) == shown
    assert particle(shown, "이") == particle(str(value), "이")


def test_the_grouped_filter_takes_only_whole_numbers() -> None:
    with pytest.raises(PlaceholderError, match="not a whole number"):
        FILTERS["grouped"](Fraction(3, 8))


@pytest.mark.parametrize(
    ("exact", "tex"),
    [("2·ln(3)", r"2\ln 3"), ("ln(9)", r"\ln 9"), ("ln(57/10)", r"\ln(57/10)"), ("∞", r"\infty"), ("0", "0")],
)
def test_the_tex_filter_writes_a_pure_epsilon_as_tex(exact: str, tex: str) -> None:
    assert FILTERS["tex"](exact) == tex


@pytest.mark.parametrize(
    ("digits", "end"),
    [
        ("0", "영"),
        ("1", "일"),
        ("2", "이"),
        ("3", "삼"),
        ("4", "사"),
        ("5", "오"),
        ("6", "육"),
        ("7", "칠"),
        ("8", "팔"),
        ("9", "구"),
        ("10", "십"),
        ("11", "일"),
        ("20", "십"),
        ("100", "백"),
        ("250", "십"),
        ("1000", "천"),
        ("10000", "만"),
        ("100000", "만"),
        ("120000", "만"),
        ("10001", "일"),
        ("100000000", "억"),
        ("1" + "0" * 12, "조"),
        ("007", "칠"),
        ("14,000,000", "만"),
        ("1,001", "일"),
        ("10,500", "백"),
    ],
)
def test_whole_numbers_end_in_their_sino_korean_reading(digits: str, end: str) -> None:
    assert integer_reading_end(digits) == end


@pytest.mark.parametrize(
    ("text", "sound"),
    [
        ("3/8", Final.CONSONANT),  # 8분의 삼
        ("1/2", Final.RIEUL),  # 2분의 일
        ("9/16", Final.VOWEL),  # 16분의 구
        ("11/16", Final.RIEUL),  # 16분의 십일
        ("-3/8", Final.CONSONANT),
        (r"\tfrac{3}{8}", Final.CONSONANT),
        ("½", Final.RIEUL),
        ("¾", Final.CONSONANT),
        ("0.375", Final.VOWEL),  # 영 점 삼칠오
        ("0.72", Final.VOWEL),  # …칠이
        ("0.84", Final.VOWEL),  # …팔사
        ("1.2", Final.VOWEL),
        ("0.10", Final.CONSONANT),  # …일영
        ("0", Final.CONSONANT),
        ("10", Final.CONSONANT),  # 십
        ("75%", Final.VOWEL),  # 퍼센트
        ("ε", Final.CONSONANT),  # 엡실론
        (r"\varepsilon", Final.CONSONANT),
        ("δ", Final.VOWEL),  # 델타
        ("α", Final.VOWEL),  # 알파
        ("ε₀", Final.CONSONANT),  # 엡실론 영
        ("x", Final.VOWEL),  # 엑스
        ("R", Final.RIEUL),  # 알
        ("l", Final.RIEUL),  # 엘
        ("n", Final.CONSONANT),  # 엔
        ("∞", Final.VOWEL),  # 무한대
        (r"\infty", Final.VOWEL),
        ("∅", Final.CONSONANT),  # 공집합
        ("2·ln(3)", Final.CONSONANT),  # …삼
        (r"2\ln 3", Final.CONSONANT),
        ("ln(9)", Final.VOWEL),
        ("{0, …, 49}", Final.VOWEL),  # …사십구
        ("{00, 11}", Final.RIEUL),  # …십일
        ("0→1", Final.RIEUL),
        ("합성", Final.CONSONANT),
        ("사건", Final.CONSONANT),
        ("무한대", Final.VOWEL),
        ("규칙", Final.CONSONANT),
        ("출력 ", Final.CONSONANT),
        ("델타)", Final.VOWEL),
        ("1 × 10⁻⁴", Final.CONSONANT),  # …마이너스 4제곱
        ("≈ 1 − 1.3 × 10⁻⁷", Final.CONSONANT),
        ("≈ 5.15 × 10⁴⁷", Final.CONSONANT),
        ("x²", Final.CONSONANT),
    ],
)
def test_a_value_ends_as_it_is_read(text: str, sound: Final) -> None:
    assert final_sound(text) is sound


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        # 이/가, 은/는, 을/를, 과/와, 이라/라, 으로/로
        ("3/8", ("이", "은", "을", "과", "이라", "으로")),
        ("1/2", ("이", "은", "을", "과", "이라", "로")),
        ("0.375", ("가", "는", "를", "와", "라", "로")),
        ("9", ("가", "는", "를", "와", "라", "로")),
        ("6", ("이", "은", "을", "과", "이라", "으로")),
        ("ε", ("이", "은", "을", "과", "이라", "으로")),
        ("δ", ("가", "는", "를", "와", "라", "로")),
    ],
)
def test_each_particle_takes_the_form_that_fits(text: str, forms: tuple[str, ...]) -> None:
    assert tuple(particle(text, name) for name in ("이", "은", "을", "과", "이라", "으로")) == forms
    # Either form of a pair names it.
    assert tuple(particle(text, name) for name in ("가", "는", "를", "와", "라", "로")) == forms


def test_the_particle_filters_append_or_give_the_particle_alone() -> None:
    assert expand_composition("{{ exercise-tv.claim.required | 이 }}") == "1/2이"  # not ½가
    assert expand_composition("{{ fresh-k2.claim.required | 가 }}") == "3/8이"
    assert expand_composition("{{ fresh-k2.claim.required | decimal | 는 }}") == "0.375는"
    assert expand_composition("{{ fresh-k3.grid.deltas.0 | 으로 }}") == "11/16로"
    assert expand_composition("{{ fresh-k2.composition.composed_alpha | 을 }}") == "9를"
    assert expand_composition("${{ fresh-k2.claim.delta }}${{ fresh-k2.claim.delta | ~을 }}") == "$0$을"
    assert expand_composition("{{ xor.channel.labels.2 | 과 }}") == "10과"
    assert expand_composition("{{ fresh-k3.channel.distribution1.1 | ~이라 }}") == "라"  # 64분의 구


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{{ fresh-k2.claim.required | 도 }}", "unknown filter '도'"),
        ("{{ fresh-k2.claim.required | ~의 }}", "unknown filter '~의'"),
        ("{{ fresh-k2.claim.required | round }}", "unknown filter 'round'"),
        ("{{ fresh-k2.mode.name | 이 }}", "no field"),
    ],
)
def test_unknown_filters_and_paths_are_errors_that_name_them(text: str, message: str) -> None:
    with pytest.raises(PlaceholderError, match=message):
        expand_composition(text)


@pytest.mark.parametrize("text", ["—", "", "   ", "?", "ж"])
def test_an_end_with_no_reading_is_an_error(text: str) -> None:
    with pytest.raises(ReadingError, match=r"no Korean reading|nothing to read"):
        final_sound(text)


def test_a_value_with_no_reading_is_an_error_that_names_it() -> None:
    with pytest.raises(PlaceholderError, match="no particle '이' after '—'"):
        apply_particle("이", "—")
    with pytest.raises(PlaceholderError, match=r"^\{\{ fresh-k2.claim.required \| 의 \}\}: unknown filter"):
        expand_composition("앞 {{ fresh-k2.claim.required | 의 }} 뒤")
    with pytest.raises(ReadingError, match="not a particle"):
        particle("3", "의")


def test_a_value_placeholder_reads_only_its_own_lessons_examples() -> None:
    with pytest.raises(PlaceholderError, match="belongs on a lesson's page or quiz"):
        expand("{{ fresh-k2.claim.required }}")
    with pytest.raises(PlaceholderError, match="unknown catalogue example 'fresh-k2' in lesson 'optimal'"):
        expand("{{ fresh-k2.claim.required }}", lesson="optimal")
