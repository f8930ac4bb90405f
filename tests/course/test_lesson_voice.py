"""One voice: one term per concept, particles that fit what is read, one register per widget,
one notation, the course's own words. Held over every page, every quiz and every catalogue title.

1. **Terms.** Each concept has one Korean term (:data:`TERMS`): 레코드 for a data row (기록 is the
   transcript), 상계 for an upper bound, $k$-진 무작위 응답, 참값 확률, 데이터셋, 회계 방법, 지지집합,
   and no "N배 작다". The Korean texts typed in Python and in templates are held to the same
   terms, except the files of :data:`NOT_YET_IN_ONE_VOICE`, whose texts are being rewritten elsewhere.
2. **No raw English word** in running text: an acronym of :data:`ACRONYMS`, or a gloss in a
   parenthesis at the term's first use on its page (a gloss is never repeated on one page).
   A quiz or a title, read after its page, glosses nothing.
3. **Particles after typed math.** A particle typed after ``$…$`` fits the formula's last spoken
   word (:mod:`tests.course.reading`, on the course's reader); one after a Latin or Greek symbol
   in prose fits the symbol as :mod:`generator.course.korean` reads it. A subscript is read one
   way everywhere: as what it holds, so ``α₀`` and ``$\\alpha_0$`` both end in 영 and take 이.
4. **One notation**: a logarithm beside TeX is TeX (``\\ln 3``, never ``ln(3)``); a δ whose
   denominator is a power of ten is shown as one, never as ``1/100000`` (the placeholders that
   still do wait for a filter: :data:`AWAITING_A_POWER_OF_TEN_FILTER`).
5. **One register per widget**: a quiz's prompt and explanation end their sentences in
   합니다체 (-ㅂ니다, -ㅂ니까?, -십시오), its choices in the pages' plain -다 form or as noun phrases.
6. **Own words**: no sentence shares most of its wording with a sentence of the references
   (see :func:`shared_wording`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.course.blocks import blocks
from generator.course.korean import PARTICLES, particle
from generator.course.lessons import lessons
from generator.course.placeholders import PLACEHOLDER, expand, resolve
from tests.course.reading import expected_particle, reading_end
from tests.course.texts import MATH, ROOT, all_pages, quiz_texts, sentences

STUB_BLOCKS: dict[str, Callable[..., str]] = {name: lambda *args: "" for name in blocks()}


@dataclass(frozen=True)
class Term:
    """A rule of the course's vocabulary: what may not be written, and what is written instead."""

    name: str
    forbidden: re.Pattern[str]
    instead: str


TERMS = (
    Term(
        "레코드",
        re.compile(
            r"(?:사람|명|대상자|사용자)의 기록|기록(?:의)? 수(?=[는가를에이만도\s,.)]|$)|기록 값|인 기록을 더"
            r"|기록을 (?:더하|빼|넣|바꾸|교체|옮기)|기록 하나를 (?:더|빼|넣|바꾸|교체)"
        ),
        "a data row is a 레코드; 기록 is the transcript (공개 기록)",
    ),
    Term(
        "상계",
        re.compile(r"상한|하한|한계"),
        "an upper bound is a 상계 (a lower one is said in words: 최솟값)",
    ),
    Term(
        "k-진 무작위 응답",
        re.compile(r"-진(?! 무작위 응답)|갈래"),
        "k-ary randomized response is $k$-진 무작위 응답",
    ),
    Term(
        "참값 확률",
        re.compile(
            r"참으로 답할 확률|참일 확률|참 답을 보낼 확률|참 범주를 보낼 확률"
            r"|참값을 (?:그대로 )?알릴 확률|참값의 확률"
        ),
        "the truth probability is 참값 확률",
    ),
    Term(
        "데이터셋",
        re.compile(r"데이터베이스|이웃(?:한)? (?:두 )?데이터(?!셋)|두 데이터(?!셋)"),
        "a dataset is a 데이터셋, never a 데이터베이스 (and neighbours are 이웃 데이터셋)",
    ),
    Term("회계 방법", re.compile(r"회계(?! 방법)|어카운턴트"), "a privacy accountant is a 회계 방법"),
    Term("지지집합", re.compile(r"지원|서포트"), "the support of a distribution is its 지지집합"),
    Term("레니", re.compile(r"렌니"), "Rényi is written 레니 (레니 DP, 레니 발산)"),
    Term(
        "N배",
        re.compile(r"배 (?:작|적)"),
        "say which is how many times the other (A는 B의 N배이다), never N배 작다",
    ),
)

# The files whose Korean texts break a rule of TERMS today and are being rewritten by others;
# each is listed, with the fix, in the report that added this test. Empty it as they land.
NOT_YET_IN_ONE_VOICE: tuple[str, ...] = ()

ACRONYMS = frozenset(
    {"DP", "LDP", "RDP", "PLD", "TPR", "FPR", "TV", "XOR", "SGD", "LMS", "zCDP", "FTRL", "Gboard", "RAPPOR"}
)
# A function's name in a plain-text title ("ε₀ = ln 3, 다섯 번"); in running text it is TeX (rule 4).
MATH_WORDS = frozenset({"ln"})

# Placeholders of a δ whose denominator is a power of ten, shown as a fraction until the
# placeholders have a filter that writes 10^{-5}: ``{{ k100.delta | power }}`` (proposed).
AWAITING_A_POWER_OF_TEN_FILTER: frozenset[str] = frozenset()

# The references the design names (``reference/…`` beside DESIGN.md), found above the checkout.
REFERENCES = next(
    (found for folder in ROOT.parents if (found := sorted((folder / "shared" / "reference").glob("*.txt")))),
    [],
)


# ---------------------------------------------------------------------------------------
# The texts


def running_text(markdown: str) -> str:
    """What a page says in words: code, markup, link targets, ids and placeholders taken out;
    math kept (the term rules read only Hangul, and -진 follows ``$k$``)."""
    text = re.sub(r"`[^`\n]*`", " ", markdown)
    text = re.sub(r"<[^>\n]*>", " ", text)
    text = re.sub(r"\]\([^)\s]*\)", "]", text)
    text = re.sub(r"\{:?\s*#[a-z0-9-]+\s*\}", " ", text)
    text = re.sub(r'^\s*\?\?\? note "풀이"\s*$', " ", text, flags=re.MULTILINE)
    return PLACEHOLDER.sub(" ", text)


def _without_english_column(glossary: str) -> str:
    """The glossary without its column of English names, which is the point of the glossary."""
    rows = []
    for line in glossary.splitlines():
        cells = line.split(" | ")
        rows.append(" | ".join([cells[0], *cells[2:]]) if line.startswith("| ") and len(cells) > 2 else line)
    return "\n".join(rows)


def page_texts() -> dict[str, str]:
    """Every page's running text by name."""
    pages = all_pages()
    pages["glossary"] = _without_english_column(pages["glossary"])
    return {name: running_text(text) for name, text in pages.items()}


def titles() -> dict[str, str]:
    """Every catalogue example's title by slug."""
    found = {}
    for lesson in lessons().values():
        for example in lesson.examples:
            record = lesson.record(example)
            if isinstance(record, dict) and "title" in record:
                found[example] = str(record["title"])
    return found


def _python_texts(path: Path) -> Iterator[str]:
    """The Korean string constants of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""
        if id(node) not in docstrings and re.search(r"[가-힣]", text):
            yield text


def source_texts() -> dict[str, list[str]]:
    """The Korean texts of the generator's modules and templates, by file."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "generator").rglob("*")):
        name = str(path.relative_to(ROOT))
        if path.suffix == ".py" and path.name != "korean.py":
            texts = list(_python_texts(path))
        elif path.suffix == ".html":
            texts = [re.sub(r"\{#.*?#\}", " ", path.read_text(encoding="utf-8"), flags=re.DOTALL)]
        else:
            continue
        if texts:
            found[name] = texts
    return found


def term_violations(text: str) -> list[str]:
    return [
        f"{term.name}: {match[0]!r} ({term.instead})"
        for term in TERMS
        for match in term.forbidden.finditer(text)
    ]


# ---------------------------------------------------------------------------------------
# 1. Terms


@pytest.mark.parametrize("name", sorted(page_texts()))
def test_every_page_uses_one_term_per_concept(name: str) -> None:
    assert term_violations(page_texts()[name]) == []


def test_every_quiz_and_title_uses_one_term_per_concept() -> None:
    found = [(text.lesson, text.question, v) for text in quiz_texts() for v in term_violations(text.text)]
    found += [(slug, "title", v) for slug, title in titles().items() for v in term_violations(title)]
    assert found == []


def test_the_sensitivity_lesson_has_no_transcript_so_no_girok() -> None:
    """The sensitivity lesson has data rows and no transcript: 기록 never stands there."""
    texts = [page_texts()["sensitivity"], *(t.text for t in quiz_texts() if t.lesson == "sensitivity")]
    texts += [title for slug, title in titles().items() if slug in lessons()["sensitivity"].examples]
    texts += [
        text
        for name, found in source_texts().items()
        if name.startswith("generator/lessons/sensitivity/") and name not in NOT_YET_IN_ONE_VOICE
        for text in found
    ]
    assert [text for text in texts if "기록" in text] == []


def test_the_generators_korean_texts_use_the_same_terms() -> None:
    sources = source_texts()
    assert set(NOT_YET_IN_ONE_VOICE) <= set(sources), "an allow-listed file no longer holds Korean text"
    found = {
        name: violations
        for name, texts in sources.items()
        if name not in NOT_YET_IN_ONE_VOICE
        and (violations := [v for text in texts for v in term_violations(text)])
    }
    assert found == {}
    still = [
        name for name in NOT_YET_IN_ONE_VOICE if not any(term_violations(text) for text in sources[name])
    ]
    assert still == [], "these files are in one voice now: take them off NOT_YET_IN_ONE_VOICE"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("한 사람의 기록만 다른 두 데이터셋", ["레코드"]),
        ("값 $2$인 기록 하나를 더한 것, 기록 하나에 대해", ["레코드"]),
        ("두 응답이 모두 $0$인 기록에서 나오는", []),
        ("두 사슬 한계와 δ의 상한", ["상계", "상계"]),
        ("$k$-진 무작위 응답과 $k$-진 응답, 네 갈래", ["k-진 무작위 응답", "k-진 무작위 응답"]),
        ("참으로 답할 확률 p, 참값 확률 p", ["참값 확률"]),
        ("작은 데이터베이스, 이웃한 두 데이터에서", ["데이터셋", "데이터셋"]),
        ("PLD 회계, 회계 방법, 회계기", ["회계 방법", "회계 방법"]),
        ("렌니 발산으로 잰다", ["레니"]),
        ("f가 지원 위에서 가역인가", ["지지집합"]),
        ("기본 정리의 값보다 2.34배 작다", ["N배"]),
    ],
)
def test_the_term_rules_catch_what_they_forbid(text: str, names: list[str]) -> None:
    assert [violation.split(":")[0] for violation in term_violations(text)] == names


# ---------------------------------------------------------------------------------------
# 2. No raw English word

_LATIN_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'’]*")


def _parenthesis_around(text: str, start: int) -> tuple[int, int] | None:
    """The span of the innermost parenthesis that holds position ``start``, if any."""
    depth, opening = 0, None
    for index in range(start - 1, -1, -1):
        if text[index] == ")":
            depth += 1
        elif text[index] == "(":
            if depth == 0:
                opening = index
                break
            depth -= 1
    if opening is None:
        return None
    closing = text.find(")", start)
    return (opening, closing) if closing != -1 else None


def english_words(text: str, glosses_allowed: bool) -> list[str]:
    """The raw English words of a running text (math taken out): not an acronym, not a
    one-letter symbol, and (where glosses are allowed) not in a gloss that is its first use."""
    text = MATH.sub(" ", text)
    found, glosses = [], []
    for match in _LATIN_WORD.finditer(text):
        word = match[0]
        if word in ACRONYMS or word in MATH_WORDS or len(word) == 1:
            continue
        gloss = _parenthesis_around(text, match.start()) if glosses_allowed else None
        if gloss is None:
            found.append(word)
        elif text[gloss[0] : gloss[1] + 1] not in glosses:
            glosses.append(text[gloss[0] : gloss[1] + 1])
    repeated = {gloss for gloss in glosses if text.count(gloss) > 1}
    return found + sorted(repeated)


@pytest.mark.parametrize("name", sorted(page_texts()))
def test_no_page_writes_a_raw_english_word(name: str) -> None:
    assert english_words(page_texts()[name], glosses_allowed=True) == []


def test_no_quiz_or_title_writes_a_raw_english_word() -> None:
    found = [
        (text.lesson, text.question, w)
        for text in quiz_texts()
        for w in english_words(running_text(text.text), False)
    ]
    found += [(slug, w) for slug, title in titles().items() for w in english_words(title, False)]
    assert found == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("합성(composition)이라 한다. 합성은 DP의 XOR과 TPR을 다룬다.", []),
        ("clipping을 어떻게 하는지", ["clipping"]),
        ("Kairouz·Oh·Viswanath는 보였다", ["Kairouz", "Oh", "Viswanath"]),
        ("합성(composition)과 다시 합성(composition)", ["(composition)"]),
        ("변수 $x$와 $\\mathrm{RR}$, 그리고 k번", []),
    ],
)
def test_the_english_check_catches_raw_words(text: str, words: list[str]) -> None:
    assert english_words(text, glosses_allowed=True) == words


# ---------------------------------------------------------------------------------------
# 3. Particles after typed math and after symbols

_BOUNDARY = r"(?=[\s,.)!?’”\"\]:;]|$)"
_AFTER = {
    "이라": r"(?=[\s,.)!?’”\"]|$|는|고|면|서|도)",
    "라": r"(?=[\s,.)!?’”\"]|$|는|고|면|서|도)",
    "으로": r"(?=[\s,.)!?’”\"]|$|는|도|서|써|부터|의)",
    "로": r"(?=[\s,.)!?’”\"]|$|는|도|서|써|부터|의)",
    "과": r"(?=[\s,.)!?’”\"]|$|는|의|도)",
    "와": r"(?=[\s,.)!?’”\"]|$|는|의|도)",
}
_FORMS = sorted(PARTICLES, key=len, reverse=True)  # 이라 and 으로 before 이 and 로
_AFTER_MATH = re.compile(
    r"(?<!\$)\$(?P<tex>[^$\n]+)\$(?P<particle>"
    + "|".join(f"{form}{_AFTER.get(form, _BOUNDARY)}" for form in _FORMS)
    + ")"
)
_SYMBOL = r"[A-Za-zΑ-Ωα-ωϵ][A-Za-z0-9Α-Ωα-ωϵ₀-₉⁰-⁹′'*₊⁻]*"
_AFTER_SYMBOL = re.compile(
    rf"(?P<symbol>{_SYMBOL}|\))(?P<particle>"
    + "|".join(f"{form}{_AFTER.get(form, _BOUNDARY)}" for form in _FORMS)
    + ")"
)


def _name(match: re.Match[str]) -> str:
    return next(form for form in _FORMS if match["particle"].startswith(form))


def math_particles(text: str) -> list[str]:
    """Typed particles after inline math that do not fit the formula's last spoken word."""
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.DOTALL)
    wrong = []
    for match in _AFTER_MATH.finditer(text):
        typed = _name(match)
        right = expected_particle(match["tex"], typed)
        if right != typed:
            wrong.append(f"${match['tex']}${typed} (reads …{reading_end(match['tex'])}: {right})")
    return wrong


def symbol_particles(text: str) -> list[str]:
    """Typed particles after a Latin or Greek symbol in prose that do not fit its reading."""
    text = MATH.sub("\x02", PLACEHOLDER.sub("\x01", text))
    wrong = []
    for match in _AFTER_SYMBOL.finditer(text):
        typed, symbol = _name(match), match["symbol"]
        if symbol == ")":
            opening = text.rfind("(", 0, match.start())
            if (
                opening <= 0
                or re.match(r"[가-힣]", text[opening - 1])
                or "\x01" in text[opening : match.start()]
            ):
                continue  # a gloss: the particle follows the Korean word before it
            symbol = text[opening : match.start() + 1]
            if "\x02" in symbol:
                continue  # a formula inside: read by math_particles
        right = particle(re.sub(r"[′'″]+$", "프라임", symbol), typed)
        if right != typed:
            wrong.append(f"{symbol}{typed} ({right})")
    return wrong


def _expanded_pages() -> dict[str, str]:
    pages = all_pages()
    return {
        name: expand(text, STUB_BLOCKS, name if name in lessons() else None) for name, text in pages.items()
    }


@pytest.mark.parametrize("name", sorted(all_pages()))
def test_every_particle_after_math_on_a_page_fits_what_is_read(name: str) -> None:
    text = _expanded_pages()[name]
    assert math_particles(text) == []
    assert symbol_particles(running_text(all_pages()[name])) == []


def test_every_particle_after_math_in_a_quiz_fits_what_is_read() -> None:
    found = [
        (t.lesson, t.question, w)
        for t in quiz_texts()
        for w in math_particles(expand(t.text, lesson=t.lesson))
    ]
    found += [(t.lesson, t.question, w) for t in quiz_texts() for w in symbol_particles(t.text)]
    assert found == []


# A quoted name (a worked example's title, most often) and the particle after its closing quote.
_QUOTED_PARTICLE = re.compile(
    r'"([^"\n]+)"(' + "|".join(sorted(PARTICLES, key=len, reverse=True)) + r")(?![가-힣])"
)


def quoted_particles(text: str) -> list[str]:
    """Every particle after a quoted name that does not fit how the name's reading ends."""
    return [
        m.group(0) for m in _QUOTED_PARTICLE.finditer(text) if particle(m.group(1), m.group(2)) != m.group(2)
    ]


@pytest.mark.parametrize("name", sorted(all_pages()))
def test_every_particle_after_a_quoted_title_fits_it(name: str) -> None:
    assert quoted_particles(_expanded_pages()[name]) == []


def test_the_quoted_title_check_catches_misfits() -> None:
    text = '예제 "잡음을 열 배로, 공개를 백 번"는 크고 "두 번 묻기"과 다르며 "첫 예제"는 맞고 "기본"은 맞다'
    assert quoted_particles(text) == ['"잡음을 열 배로, 공개를 백 번"는', '"두 번 묻기"과']


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("$(2,-1,2,2)$이 되고 $P(Y=2)$과 $P(Y=4)$을 구한다", ["$(2,-1,2,2)$이", "$P(Y=2)$과", "$P(Y=4)$을"]),
        (
            "$p^k$는 작고 $1-(1-\\delta_0)^k$는 크며 $\\alpha=e^{\\varepsilon}$로 적는다",
            ["$p^k$는", "$1-(1-\\delta_0)^k$는", "$\\alpha=e^{\\varepsilon}$로"],
        ),
        ("$p^k$은, $\\alpha=e^{\\varepsilon}$으로, $\\alpha_0$이다, $\\alpha_0$을, $D'$을", []),
        ("$\\tilde M$을 두고 $\\delta_*$는 $1/n$으로", ["$\\tilde M$을", "$1/n$으로"]),
        ("$\\delta_*(3)=3/8$여서 거짓이고 $2B$여서, $p$이어야 한다", ["$\\delta_*(3)=3/8$여서", "$p$이어야"]),
    ],
)
def test_the_math_particle_check_catches_misfits(text: str, wrong: list[str]) -> None:
    assert [entry.split(" (reads")[0] for entry in math_particles(text)] == wrong


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("α₀와 ε₀를 두고 δ₀이 된다", ["α₀와", "ε₀를"]),
        ("α₀과 ε을, XOR은, DP를, 민감도(sensitivity)를, (α, δ)와", []),
    ],
)
def test_the_symbol_particle_check_reads_subscripts_one_way(text: str, wrong: list[str]) -> None:
    assert [entry.split(" (")[0] for entry in symbol_particles(text)] == wrong


# ---------------------------------------------------------------------------------------
# 4. One notation

# A logarithm outside TeX ("ln(3)"), or a TeX one of a whole number in brackets ("\ln(3)" for "\ln 3").
_PLAIN_LN = re.compile(r"(?<![\\A-Za-z])ln\b|\\ln\(\s*\d+\s*\)")
_POWER_OF_TEN_FRACTION = re.compile(r"\d+/10{3,}")


@pytest.mark.parametrize("name", sorted(all_pages()))
def test_a_logarithm_beside_tex_is_tex(name: str) -> None:
    text = re.sub(r"`[^`\n]*`", " ", _expanded_pages()[name])
    assert [text[max(0, m.start() - 20) : m.end() + 10] for m in _PLAIN_LN.finditer(text)] == []


def test_a_quizs_logarithm_is_tex() -> None:
    assert [
        (t.lesson, t.question) for t in quiz_texts() if _PLAIN_LN.search(expand(t.text, lesson=t.lesson))
    ] == []


def _placeholder_values(text: str, lesson: str | None) -> Iterator[tuple[str, str]]:
    for match in PLACEHOLDER.finditer(text):
        body = match["body"]
        if re.fullmatch(r"[a-z0-9-]+\.[A-Za-z0-9_.]+(?:\s*\|.*)?", body):
            path = body.split("|")[0].strip()
            yield path, resolve(body, {}, lesson)


def test_a_delta_in_a_power_of_ten_is_not_a_slashed_fraction() -> None:
    texts = [(text, name if name in lessons() else None) for name, text in all_pages().items()]
    texts += [(t.text, t.lesson) for t in quiz_texts()]
    shown = {
        path
        for text, lesson in texts
        for path, value in _placeholder_values(text, lesson)
        if _POWER_OF_TEN_FRACTION.fullmatch(value)
    }
    assert shown - AWAITING_A_POWER_OF_TEN_FILTER == set()
    assert AWAITING_A_POWER_OF_TEN_FILTER - shown == set(), "no longer shown: take it off the list"


# ---------------------------------------------------------------------------------------
# 5. One register per widget

_QUOTED = re.compile(r"‘[^’]*’|“[^”]*”|'[^']*'")


def _endings(text: str) -> list[str]:
    """The last words of a text's sentences, quoted speech, math and placeholders left out."""
    text = _QUOTED.sub("", text)
    found = []
    for sentence in sentences(text):
        words = re.sub(r"\s+", " ", PLACEHOLDER.sub("", MATH.sub("", sentence))).strip()
        words = re.sub(r"\(\s*\)", "", words)  # the brackets of a formula taken out
        if re.search(r"[가-힣]", words):
            found.append(words)
    return found


_BIEUP = 17  # the index of ㅂ among the 28 finals of a Hangul syllable


def _polite(ending: str) -> bool:
    """Whether a sentence ends in 합니다체: -ㅂ니다, -습니다, -ㅂ니까, -습니까, -십시오, -ㅂ시다."""
    words = re.sub(r"[.?!)’”]+$", "", ending)
    if words.endswith("십시오"):
        return True
    if not re.search(r"(?:니다|니까|시다)$", words) or len(words) < 3:
        return False
    before = words[-3]
    return before == "습" or (0xAC00 <= ord(before) <= 0xD7A3 and (ord(before) - 0xAC00) % 28 == _BIEUP)


def register_violations(kind: str, text: str) -> list[str]:
    """The sentences of a quiz text outside its widget's register."""
    if kind in ("prompt", "explanation"):
        return [e for e in _endings(text) if not _polite(e)]
    return [e for e in _endings(text) if _polite(e) or e.endswith("요") or re.search(r"[^다]\.$", e)]


@pytest.mark.parametrize(
    ("kind", "text", "wrong"),
    [
        ("prompt", "검사합니다. 무엇인가요? 답해 보십시오. 계산해 봅시다.", ["무엇인가요?"]),
        ("explanation", "그 값은 $1$입니다. 그래서 참이다.", ["그래서 참이다."]),
        ("answer", "반례가 아니다. 개수가 같습니다.", ["개수가 같습니다."]),
    ],
)
def test_the_register_check_reads_the_endings(kind: str, text: str, wrong: list[str]) -> None:
    assert register_violations(kind, text) == wrong


def test_each_quiz_widget_speaks_in_one_register() -> None:
    found = [
        (t.lesson, t.question, t.kind, v) for t in quiz_texts() for v in register_violations(t.kind, t.text)
    ]
    assert found == []


def test_the_choices_of_a_question_have_one_shape() -> None:
    for slug, lesson in lessons().items():
        assert lesson.quiz is not None, slug
        for question in lesson.quiz.questions:
            shapes = {choice.rstrip().endswith(".") for choice in question.choices}
            assert len(shapes) == 1, (slug, question.id, "some choices are sentences, some are not")
            for choice in question.choices:
                assert re.search(r"[가-힣]", MATH.sub("", choice)), (
                    slug,
                    question.id,
                    "a choice is never math alone",
                )


# ---------------------------------------------------------------------------------------
# 6. Own words


def _grams(text: str) -> set[str]:
    """The four-syllable runs of a text's Hangul, spaces and everything else left out."""
    hangul = re.sub(r"[^가-힣]", "", text)
    return {hangul[i : i + 4] for i in range(len(hangul) - 3)}


def _reference_sentences() -> list[set[str]]:
    found = []
    for path in REFERENCES:
        for sentence in re.split(r"(?<=[.?!다])\s+|\n+", path.read_text(encoding="utf-8")):
            if len(grams := _grams(sentence)) >= 8:
                found.append(grams)
    return found


def shared_wording(sentence: str, references: list[set[str]]) -> float:
    """The largest share of a sentence's four-syllable runs that one reference sentence also has,
    counted only where at least eight runs are shared (shorter echoes are terms, not sentences)."""
    ours = _grams(PLACEHOLDER.sub(" ", MATH.sub(" ", sentence)))
    if len(ours) < 8:
        return 0.0
    shares = [len(ours & theirs) / len(ours) for theirs in references if len(ours & theirs) >= 8]
    return max(shares, default=0.0)


OWN_WORDS_LIMIT = 0.4


def test_every_sentence_is_written_fresh() -> None:
    assert REFERENCES, "the references are where the design says"
    references = _reference_sentences()
    texts = [(name, s) for name, text in all_pages().items() for s in sentences(text)]
    texts += [(f"{t.lesson}:{t.question}", s) for t in quiz_texts() for s in sentences(t.text)]
    close = [(name, s[:80]) for name, s in texts if shared_wording(s, references) >= OWN_WORDS_LIMIT]
    assert close == []


# A whole number of five digits or more in running text, its thousands unmarked: not part of a
# decimal, a fraction, a grouped number, an id or a path.
_UNGROUPED = re.compile(r"(?<![0-9A-Za-z_.,/#-])\d{5,}(?![0-9A-Za-z_.,/])")
_FENCED = re.compile(r"^\s*```.*?^\s*```", re.MULTILINE | re.DOTALL)


def ungrouped_numbers(text: str) -> list[str]:
    """Every long whole number in a text's words (math, code and markup set aside) whose
    thousands are not marked: "14000000명" reads better as "14,000,000명"."""
    return _UNGROUPED.findall(MATH.sub(" ", running_text(_FENCED.sub(" ", text))))


@pytest.mark.parametrize("name", sorted(all_pages()))
def test_every_long_number_in_words_marks_its_thousands(name: str) -> None:
    assert ungrouped_numbers(_expanded_pages()[name]) == []


def test_every_long_number_in_a_quiz_marks_its_thousands() -> None:
    found = [
        (t.lesson, t.question, n)
        for t in quiz_texts()
        for n in ungrouped_numbers(expand(t.text, lesson=t.lesson))
    ]
    assert found == []


def test_the_thousands_check_catches_unmarked_numbers() -> None:
    assert ungrouped_numbers(
        "하루 약 14000000명, $n=10000$, 0.000012, 3/100000, 12,345번, 9999개\n```\n--steps 10000\n```"
    ) == ["14000000"]
