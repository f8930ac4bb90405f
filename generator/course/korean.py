"""Korean particles that follow a value: the value's reading decides 이 or 가.

A particle after a word depends on how the word ends when it is read aloud: after a final
consonant (받침) come 이, 은, 을, 과, 이라 and 으로 (and the copula's 이어서, 이어야); after a
vowel 가, 는, 를, 와, 라 and 로 (여서, 여야);
and ㄹ, alone among the consonants, takes 로. :func:`particle` picks the form for a value
text by :func:`final_sound`, which reads the end of the text as a Korean reader says it:

- digits in Sino-Korean: 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구, and a
  number that ends in zeros ends in its unit: 10 십, 100 백, 1000 천, 10⁴ 만, 10⁸ 억, 10¹² 조…,
  its thousands marked or not ("14,000,000" ends in 만);
- a decimal reads its digits after the point one by one ("0.375": …삼칠오);
- a fraction "3/8" reads 8분의 3, so it ends as its numerator does; ½, ¾ and TeX's
  ``\\tfrac{3}{8}`` likewise;
- a Latin letter by its Korean name (x 엑스, n 엔, l 엘), a Greek one likewise (α 알파,
  δ 델타, ε 엡실론), a TeX command by the letter it names (``\\varepsilon`` 엡실론,
  ``\\infty`` 무한대); ∞ 무한대, % 퍼센트, ∅ 공집합, ² 제곱;
- a power written with superscripts ends in 제곱: "10⁻⁴" is 10의 마이너스 4제곱, so the
  readings "1 × 10⁻⁴" and "≈ 1 − 1.3 × 10⁻⁷" take 이, 은 and 을; so does a TeX power
  ``10^{-5}``;
- Hangul by its own final consonant;
- closing brackets, quotes and trailing spaces are not read ("ln(3)" ends as 3 does, and
  "{0, …, 49}" as 49).

A text whose end none of these reads (a dash, an empty text) is an error, never a guess.
"""

from __future__ import annotations

import enum
import re

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # the index of ㄹ among the 28 finals (0 is none)


class Final(enum.Enum):
    """How a reading ends: in a vowel, in ㄹ, or in any other final consonant."""

    VOWEL = "vowel"
    RIEUL = "rieul"
    CONSONANT = "consonant"


class ReadingError(ValueError):
    """A text whose end has no Korean reading that this module knows."""


# (after a final consonant, after a vowel); 으로/로 also takes 로 after ㄹ.
PAIRS = (
    ("이", "가"),
    ("은", "는"),
    ("을", "를"),
    ("과", "와"),
    ("이라", "라"),
    ("으로", "로"),
    ("이어서", "여서"),  # the copula's connective forms change with the sound too
    ("이어야", "여야"),
)
PARTICLES = frozenset(form for pair in PAIRS for form in pair)

_DIGITS = "영일이삼사오육칠팔구"
_SMALL_UNITS = "십백천"  # the zeros inside the last group of four digits
_LARGE_UNITS = "만억조경해자양구간정재극"  # one per further group of four zeros
_LATIN = {
    "a": "에이", "b": "비", "c": "씨", "d": "디", "e": "이", "f": "에프", "g": "지", "h": "에이치",
    "i": "아이", "j": "제이", "k": "케이", "l": "엘", "m": "엠", "n": "엔", "o": "오", "p": "피",
    "q": "큐", "r": "알", "s": "에스", "t": "티", "u": "유", "v": "브이", "w": "더블유", "x": "엑스",
    "y": "와이", "z": "제트",
}  # fmt: skip
_GREEK = {
    "α": "알파", "β": "베타", "γ": "감마", "δ": "델타", "ε": "엡실론", "ϵ": "엡실론", "ζ": "제타",
    "η": "에타", "θ": "세타", "ι": "이오타", "κ": "카파", "λ": "람다", "μ": "뮤", "ν": "뉴",
    "ξ": "크시", "ο": "오미크론", "π": "파이", "ρ": "로", "σ": "시그마", "τ": "타우",
    "υ": "입실론", "φ": "파이", "χ": "카이", "ψ": "프시", "ω": "오메가",
}  # fmt: skip
_TEX = {
    "varepsilon": "ε", "epsilon": "ε", "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ",
    "lambda": "λ", "mu": "μ", "pi": "π", "sigma": "σ", "theta": "θ", "tau": "τ", "infty": "∞",
}  # fmt: skip
_SYMBOLS = {"∞": "무한대", "%": "퍼센트", "∅": "공집합", "²": "제곱", "³": "세제곱"}
_VULGAR = {"½": "1", "⅓": "1", "⅔": "2", "¼": "1", "¾": "3", "⅛": "1", "⅜": "3", "⅝": "5", "⅞": "7"}
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")

_NOT_READ = " \t\n)]}\"'’”$"
_TEX_FRACTION = re.compile(r"\\[dt]?frac\{(?P<numerator>[^{}]*)\}\{[^{}]*\}$")
_TEX_COMMAND = re.compile(r"\\(?P<name>[A-Za-z]+)\s*$")
_FRACTION = re.compile(r"(?P<numerator>\d+)\s*/\s*\d+$")
_DECIMAL = re.compile(r"\d\.(?P<digits>\d+)$")
_INTEGER = re.compile(r"\d{1,3}(?:,\d{3})+$|\d+$")
_POWER = re.compile(r"⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+$")


def _syllable_final(syllable: str) -> Final:
    index = (ord(syllable) - _HANGUL_FIRST) % 28
    if index == 0:
        return Final.VOWEL
    return Final.RIEUL if index == _RIEUL else Final.CONSONANT


def integer_reading_end(digits: str) -> str:
    """The last syllable of a whole number read in Sino-Korean: "3" 삼, "10" 십, "20000" 만;
    its thousands may be marked ("14,000,000" 만)."""
    value = int(digits.replace(",", ""))
    if value == 0:
        return "영"
    text = str(value)
    zeros = len(text) - len(text.rstrip("0"))
    groups, inside = divmod(zeros, 4)
    if groups:
        if groups > len(_LARGE_UNITS):
            raise ReadingError(f"{digits} is too large to read")
        return _LARGE_UNITS[groups - 1]
    if inside:
        return _SMALL_UNITS[inside - 1]
    return _DIGITS[int(text[-1])]


_TEX_POWER = re.compile(r"\^\{[^{}]*\}\s*$")


def _reading_end(text: str) -> str:
    """The Hangul that ends the reading of ``text`` (one syllable or a word)."""
    text = text.translate(_SUBSCRIPTS)
    if _TEX_POWER.search(text) is not None:
        return "제곱"  # 10^{-5}: 10의 마이너스 5제곱
    if (fraction := _TEX_FRACTION.search(text)) is not None:
        return _reading_end(fraction["numerator"])
    text = text.rstrip(_NOT_READ)
    if not text:
        raise ReadingError("nothing to read")
    if (command := _TEX_COMMAND.search(text)) is not None:
        if command["name"] not in _TEX:
            raise ReadingError(f"no Korean reading for \\{command['name']}")
        return _reading_end(_TEX[command["name"]])
    if (fraction := _FRACTION.search(text)) is not None:
        return integer_reading_end(fraction["numerator"])
    if (decimal := _DECIMAL.search(text)) is not None:
        return _DIGITS[int(decimal["digits"][-1])]
    if (integer := _INTEGER.search(text)) is not None:
        return integer_reading_end(integer[0])
    if (power := _POWER.search(text)) is not None and power.start() > 0:
        return "제곱"
    last = text[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        return last
    for table in (_LATIN, _GREEK, _SYMBOLS):
        if last.lower() in table:
            return table[last.lower()]
    if last in _VULGAR:
        return integer_reading_end(_VULGAR[last])
    raise ReadingError(f"no Korean reading for the end of {text!r}")


def final_sound(text: str) -> Final:
    """How the Korean reading of ``text`` ends (see the module's rules)."""
    return _syllable_final(_reading_end(text)[-1])


def particle(text: str, name: str) -> str:
    """The form of the particle ``name`` (either form of its pair: 이 or 가) after ``text``."""
    for consonant_form, vowel_form in PAIRS:
        if name in (consonant_form, vowel_form):
            sound = final_sound(text)
            if consonant_form == "으로":
                return consonant_form if sound is Final.CONSONANT else vowel_form
            return vowel_form if sound is Final.VOWEL else consonant_form
    raise ReadingError(f"{name!r} is not a particle this module knows ({', '.join(sorted(PARTICLES))})")


_ORDINALS = ("첫째", "둘째", "셋째", "넷째", "다섯째", "여섯째", "일곱째", "여덟째", "아홉째", "열째")
_ORDINAL_ONES = ("", "한째", "둘째", "셋째", "넷째", "다섯째", "여섯째", "일곱째", "여덟째", "아홉째")


def ordinal(number: int) -> str:
    """The native Korean ordinal of 1 to 19, as a course numbers its lessons: 1 → 첫째,
    2 → 둘째, 10 → 열째, 11 → 열한째, 12 → 열둘째."""
    if not 1 <= number <= 19:
        raise ValueError(f"no ordinal for {number}: lessons are numbered 1 to 19")
    return _ORDINALS[number - 1] if number <= 10 else "열" + _ORDINAL_ONES[number - 10]
