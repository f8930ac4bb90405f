"""The lesson's reference examples as typed rows: the one source for pages, presets, tests.

Each row fixes a channel (mode, p, k), a claim (α, δ) and a per-step budget α₀. Pages
print numbers computed from these rows, the lab loads them as presets, and the tests
hold the reference's hand-computed values against them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.core.channels import Channel, Mode, build, check_parameters
from generator.core.claim import check_delta
from generator.core.profile import check_alpha


@dataclass(frozen=True)
class Example:
    slug: str
    title: str
    mode: Mode
    p: int
    k: int
    alpha: Fraction
    delta: Fraction
    alpha0: Fraction

    def __post_init__(self) -> None:
        check_parameters(self.p, self.k)
        check_alpha(self.alpha)
        check_alpha(self.alpha0)
        check_delta(self.delta)

    def channel(self) -> Channel:
        return build(self.mode, self.p, self.k)


def _example(
    slug: str, title: str, mode: Mode, p: int, k: int, alpha: str, delta: str, alpha0: str
) -> Example:
    return Example(slug, title, mode, p, k, Fraction(alpha), Fraction(delta), Fraction(alpha0))


CATALOGUE: tuple[Example, ...] = (
    _example("concept", "개념도 고정 예제", Mode.FRESH, 75, 2, "3", "0", "3"),
    _example("fresh-k2", "새 응답 두 번", Mode.FRESH, 75, 2, "3", "0", "3"),
    _example("fresh-k3", "새 응답 세 번", Mode.FRESH, 75, 3, "3", "0", "3"),
    _example("copy-k2", "한 응답을 두 번 복사", Mode.COPY, 75, 2, "3", "0", "3"),
    _example("composition-p90", "구성 상계와 정확한 값", Mode.FRESH, 90, 2, "9", "0.72", "3"),
    _example("xor", "XOR 반례", Mode.XOR, 75, 2, "3", "0", "3"),
    _example("boundary-p50", "경계: p = 50%", Mode.FRESH, 50, 2, "1", "0", "3"),
    _example("boundary-p100", "경계: p = 100%", Mode.FRESH, 100, 2, "3", "0", "3"),
    _example("boundary-k1", "경계: k = 1", Mode.FRESH, 75, 1, "3", "0", "3"),
    _example("exercise-tv", "연습: α = 1", Mode.FRESH, 75, 2, "1", "0.5", "3"),
    _example("exercise-fail", "연습: δ = 0.374", Mode.FRESH, 75, 2, "3", "0.374", "3"),
    _example("exercise-pass", "연습: δ = 0.375", Mode.FRESH, 75, 2, "3", "0.375", "3"),
)

BY_SLUG: dict[str, Example] = {example.slug: example for example in CATALOGUE}
