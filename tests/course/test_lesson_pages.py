"""The Korean pages' source: numbers come from the core, and the structure others rely on holds.

Properties checked, on ``docs/index.md`` and every lesson page of the navigation (:data:`SPECS`;
a new lesson is held to them as soon as its nav line is in, with no edit here):

1. Every placeholder resolves through :func:`generator.course.placeholders.expand`; the page
   shows each of its lesson's labs once, cards and figures of its own examples, and ends with
   its quiz.
2. No computed number is typed by hand. Once placeholders are taken out, a digit may stand
   only where an allow-list below says why (a section of a cited book, an exercise label,
   the constants 0 and 1 in math, a handful of structural exponents and indices).
3. The lesson has the four parts with stable anchors, every theory section with its id,
   and a stepper of exactly four steps in the markup the stepper script expects.
4. The check part has its exercises (at least five), each with a solution folded away.
5. Rendered with the site's own Markdown extensions, the markup becomes what it promises:
   four ``section.cl-step``, the folded solutions, no TeX left outside the math spans.
6. No particle is typed after a placeholder: 이/가, 은/는, 을/를, 과/와, 이라/라 and 으로/로 follow
   the rendered value, so they come from the placeholder's particle filter (pages and quizzes).
7. One Korean word for composition (합성), and the glossary that every lesson links to.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import markdown
import pytest
import yaml

from generator.course.blocks import blocks
from generator.course.lessons import lessons
from generator.course.placeholders import PLACEHOLDER, expand
from tests.course.texts import nav, source

ROOT = Path(__file__).resolve().parents[2]
HOME = ROOT / "docs" / "index.md"
GLOSSARY = ROOT / "docs" / "glossary.md"
LESSON = ROOT / "docs" / "lessons" / "composition.md"
# Every lesson page, as the navigation orders them: a new lesson is checked once it is in the nav.
LESSON_PAGES = tuple(ROOT / "docs" / path for _, path in nav() if path.startswith("lessons/"))
PAGES = (HOME, GLOSSARY, *LESSON_PAGES)

# Where a digit may stand in prose, outside math and placeholders, and why.
PROSE_ALLOWED = (
    r"3\.5절",  # the section of Dwork and Roth's book that states basic composition
    r"Viswanath 2015",  # the year of Kairouz, Oh and Viswanath's optimal composition theorem
    r"Vadhan 2010",  # the year of Dwork, Rothblum and Vadhan's advanced composition theorem
    r"Vadhan 2016",  # the year of Murtagh and Vadhan's #P-completeness of optimal composition
    r"\*\*문제 [1-9]\.\*\*",  # the labels of the exercises
    r"2의 거듭제곱",  # Mironov's snapping mechanism rounds to a multiple of a power of two
)
# Where a digit may stand inside $...$ or $$...$$, and why. Order matters: longer first.
MATH_ALLOWED = (
    r"100\^k",  # the common denominator of k responses given in integer percent
    r"2\^k",  # the number of transcripts of length k
    r"2\^m",  # the number of events of m outputs
    r"\^2(?!\d)",  # a square: the variance ε₀², the advanced theorem's Σ εᵢ², (2 − α₀)²
    r"(?<![\d.])2(?=k\\ln|\\ln)",  # the 2 of the Gaussian tail in √(2k ln(1/δ′)) and 2 ln(1/δ)
    r"(?<![\d.])2-\\alpha_0|\\alpha_0(?:<|\\ge)2",  # where advanced beats basic: α₀ < 2, 2 − α₀
    r"2\\varepsilon",  # replacing a record is two add/remove steps: ε-DP gives 2ε
    r"2\\max",  # a replaced record moves between two parts of a partition by value: εᵢ + εⱼ ≤ 2 max εᵢ
    r"2R",  # the XOR mode's encoding 2R + (x XOR R) of its pair
    r"_2\b",  # the second step's index (ε_2, δ_2, Q_2)
    r"\\sqrt\{2\}",  # the √2 of the Laplace standard deviation and of a replaced histogram's Δ₂
    r"2\\sqrt\{\\rho",  # the 2 of zCDP's conversion ρ + 2√(ρ ln(1/δ))
    r"2\\delta",  # the tight bound (α − 1 + 2δ)/(α + 1) on a membership attacker's advantage
    r"1\.25",  # the constant of the Gaussian mechanism's condition √(2 ln(1.25/δ))
    r"(?<![\d.])2(?=B|C|b\}|p-1|\\Delta u)",  # replace: a sum by 2B, gradients by 2C; 1/(2b); 2p − 1; 2Δu
    r"(?<![\d.])2(?=x-1|\\sigma)",  # the sampled Gaussian's ratio e^{(2x − 1)/(2σ²)}, its moment's 2σ²
    r"\\varepsilon/2",  # the exponential mechanism's usual base α₀ = e^{ε/2}; 2p − 1 ≈ ε/2 for a small ε
    r"(?<![\d.])2(?=\\alpha_0|r/|h)",  # geometric E[Z²] = 2r/(1 − r)² = 2α₀/(α₀ − 1)²; RAPPOR's 2h bits
    r"(?<=[fn)])/2(?!\d)",  # a half: RAPPOR's f/2 and (p + q)/2, the local-to-central variance ratio n/2
    r"(?<![\d.])[01](?!\.?\d)",  # the constants zero and one: bits, probability bounds, min{1, ·}
)
DISPLAY_MATH = re.compile(r"\$\$.*?\$\$", re.DOTALL)
INLINE_MATH = re.compile(r"\$[^$\n]+\$")
ATTR_LIST = re.compile(r"\{:?\s*#[a-z0-9-]+\s*\}")
DIGITS = re.compile(r"\d+")

PARTS = ("concept", "theory", "experiment", "check")
STEPPER_OPEN = '<div class="cl-stepper" data-stepper="concept" markdown>'
STEP_OPEN = '<section class="cl-step" markdown>'
STEP_TITLE = '<p class="cl-step-title">'
SOLUTION = '??? note "풀이"'
STUB_BLOCKS: dict[str, Callable[..., str]] = {name: lambda *args: "" for name in blocks()}


@dataclass(frozen=True)
class PageSpec:
    """A lesson page and what the page itself holds: its theory anchors and its exercises
    (the tests hold the page to the rules every lesson keeps, not to a copy of its outline)."""

    path: Path
    slug: str

    @property
    def theory(self) -> tuple[str, ...]:
        """The ids of the theory part's sections, in order."""
        return tuple(
            re.findall(r"^#{3,4} .*\{#([a-z0-9-]+)\}$", _part(source(self.path), "theory"), re.MULTILINE)
        )

    @property
    def exercises(self) -> int:
        return len(re.findall(r"^\*\*문제 \d\.\*\*", _part(source(self.path), "check"), re.MULTILINE))


SPECS = tuple(PageSpec(path, path.stem) for path in LESSON_PAGES)


def _typed_in(text: str, allowed: tuple[str, ...]) -> list[str]:
    for pattern in allowed:
        text = re.sub(pattern, " ", text)
    return DIGITS.findall(text)


def typed_numbers(page: str) -> list[str]:
    """The digit runs a page types by hand outside what the allow-lists permit."""
    page = PLACEHOLDER.sub(" ", page)
    found: list[str] = []
    for math in (DISPLAY_MATH, INLINE_MATH):
        found += [digits for span in math.findall(page) for digits in _typed_in(span, MATH_ALLOWED)]
        page = math.sub(" ", page)
    return found + _typed_in(ATTR_LIST.sub(" ", page), PROSE_ALLOWED)


def _lesson_of(path: Path) -> str | None:
    """The lesson whose examples a page's placeholders read: a lesson page's own, none elsewhere."""
    return path.stem if path.parent.name == "lessons" and path.stem in lessons() else None


def _blocks_called(text: str, lesson: str | None = None) -> list[tuple[str, ...]]:
    calls: list[tuple[str, ...]] = []

    def recorder(name: str) -> Callable[..., str]:
        def render(*args: str) -> str:
            calls.append((name, *args))
            return ""

        return render

    expand(text, {name: recorder(name) for name in blocks()}, lesson)
    return calls


def _part(text: str, part: str) -> str:
    """The Markdown of one ``##`` part of the lesson, up to the next ``##`` heading."""
    start = re.search(rf"^## .*\{{#{part}\}}$", text, re.MULTILINE)
    assert start, part
    end = re.search(r"^## ", text[start.end() :], re.MULTILINE)
    return text[start.end() : start.end() + end.start()] if end else text[start.end() :]


@pytest.fixture(scope="module")
def lesson() -> str:
    return source(LESSON)


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_every_placeholder_resolves(page: Path) -> None:
    expanded = expand(source(page), STUB_BLOCKS, _lesson_of(page))
    assert "{{" not in expanded
    assert "}}" not in PLACEHOLDER.sub("", expanded)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.slug)
def test_the_lesson_shows_each_of_its_labs_once_and_ends_with_its_quiz(spec: PageSpec) -> None:
    lesson = lessons()[spec.slug]
    calls = _blocks_called(source(spec.path), spec.slug)
    assert sorted(call for call in calls if call[0] == "lab") == sorted(
        ("lab", lab.name) for lab in lesson.labs
    )
    assert [call for call in calls if call[0] == "quiz"] == [("quiz",)] == calls[-1:]
    cards = [call for call in calls if call[0] == "card"]
    assert len(set(cards)) == len(cards), "each card once"
    assert all(call[-1] in lesson.examples for call in calls if call[0] in ("card", "figure"))
    assert _blocks_called(source(HOME)) == []


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.slug)
def test_block_placeholders_stand_alone_between_blank_lines(spec: PageSpec) -> None:
    lines = ["", *source(spec.path).splitlines(), ""]  # file ends count as blank
    for number, line in enumerate(lines):
        if re.search(rf"\{{\{{\s*({'|'.join(blocks())})\s", line):
            assert PLACEHOLDER.fullmatch(line), line
            assert (lines[number - 1], lines[number + 1]) == ("", ""), line


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_no_computed_number_is_typed_by_hand(page: Path) -> None:
    assert typed_numbers(source(page)) == []


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("필요한 δ는 3/8이다.", ["3", "8"]),
        ("$P=(9,6,1)/16$", ["9", "6", "16"]),
        ("$$\\delta_*(3)=\\tfrac{3}{8}$$", ["3", "3", "8"]),
        ("소수로 0.375이다.", ["0", "375"]),
        ("$\\delta_0=0.6$, $T=10$", ["0", "6", "10"]),
        ("$\\min\\{1,\\ q\\delta_0\\}$과 $x\\in\\{0,1\\}$, $2^k$, $\\varepsilon_2$", []),
        (
            "{{ concept.claim.required }}, ${{ concept.claim.required }}$, "
            "$${{ concept.claim.required | frac }}$$",
            [],
        ),
        ("Dwork·Roth 3.5절, **문제 4.** ### 절 {#check-exercises}", []),
        ("$2^m$개의 사건, $e^{2\\varepsilon}$, $3\\varepsilon$", ["3"]),
        ("문제 4를 보라. 교재 3.6절.", ["4", "3", "6"]),
    ],
)
def test_the_number_check_catches_typed_numbers(text: str, typed: list[str]) -> None:
    assert typed_numbers(text) == typed


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.slug)
def test_the_lesson_has_the_four_parts_in_order(spec: PageSpec) -> None:
    text = source(spec.path)
    assert re.findall(r"^## .*\{#([a-z-]+)\}$", text, re.MULTILINE) == list(PARTS)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.slug)
def test_every_theory_section_has_its_own_id(spec: PageSpec) -> None:
    headings = re.findall(r"^#{3,4} .*$", _part(source(spec.path), "theory"), re.MULTILINE)
    assert len(spec.theory) == len(headings) >= 3, [h for h in headings if "{#" not in h]
    assert len(set(spec.theory)) == len(spec.theory)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.slug)
def test_the_stepper_has_four_titled_steps(spec: PageSpec) -> None:
    concept = _part(source(spec.path), "concept")
    assert concept.count(STEPPER_OPEN) == 1
    stepper = concept[concept.index(STEPPER_OPEN) : concept.rindex("</div>")]
    steps = stepper.split(STEP_OPEN)[1:]
    assert len(steps) == 4
    assert all(step.count("</section>") == 1 and step.lstrip().startswith(STEP_TITLE) for step in steps)


def test_the_composition_stepper_shows_its_figures(lesson: str) -> None:
    concept = _part(lesson, "concept")
    stepper = concept[concept.index(STEPPER_OPEN) : concept.rindex("</div>")]
    steps = stepper.split(STEP_OPEN)[1:]
    figures = [re.findall(r"\{\{ figure (\w+) concept \}\}", step) for step in steps]
    assert figures == [["transcripts"], ["distribution"], [], ["profile"]]
    assert "{{ concept.claim.required }}" in steps[2]
    assert "{{ concept.claim.required }}" in steps[3]


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.slug)
def test_the_check_part_has_its_exercises_with_folded_solutions(spec: PageSpec) -> None:
    check = _part(source(spec.path), "check")
    labels = re.findall(r"^\*\*문제 (\d)\.\*\*", check, re.MULTILINE)
    assert spec.exercises >= 5
    assert labels == [str(number) for number in range(1, spec.exercises + 1)]
    exercises = re.split(r"^\*\*문제 \d\.\*\*", check, flags=re.MULTILINE)[1:]
    for exercise in exercises:
        assert exercise.count(SOLUTION) == 1
        solution = exercise.split(SOLUTION)[1].strip("\n").split("\n\n")[0]
        assert solution.startswith("    ")
        assert len(solution.strip()) > 40
    quiz = "{{ quiz }}"
    assert check.count(quiz) == 1
    assert check.index(SOLUTION) < check.index(quiz)


def test_the_home_lists_every_lesson_in_the_course_order(lesson: str) -> None:
    home = source(HOME)
    rows = [line for line in home.splitlines() if line.startswith("| ") and "---" not in line][1:]
    lessons_in_order = [path for _, path in nav() if path.startswith("lessons/")]
    assert len(rows) == len(lessons_in_order) == len(SPECS)
    for row, path in zip(rows, lessons_in_order, strict=True):
        assert f"]({path})" in row
        assert f'data-progress="{Path(path).stem}"' in row
    for anchor in re.findall(r"\(lessons/composition\.md#([a-z-]+)\)", home):
        assert anchor in PARTS
        assert f"{{#{anchor}}}" in lesson


def _site_markdown() -> markdown.Markdown:
    """A Markdown converter with the extensions and options that ``mkdocs.yml`` gives the site."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    names: list[str] = []
    options: dict[str, dict[str, object]] = {}
    for entry in config["markdown_extensions"]:
        name, settings = next(iter(entry.items())) if isinstance(entry, dict) else (entry, {})
        names.append(name)
        options[name] = {key: value for key, value in (settings or {}).items() if value is not None}
    return markdown.Markdown(extensions=names, extension_configs=options)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.slug)
def test_the_markup_renders_to_what_it_promises(spec: PageSpec) -> None:
    html = _site_markdown().convert(expand(source(spec.path), STUB_BLOCKS, spec.slug))
    stepper = html[html.index('<div class="cl-stepper" data-stepper="concept">') :]
    assert stepper.count('<section class="cl-step">') == 4
    assert stepper.count('<p class="cl-step-title">') == 4
    assert html.count('<details class="note">\n<summary>풀이</summary>') == spec.exercises
    for anchor in (*PARTS, *spec.theory):
        assert html.count(f'id="{anchor}"') == 1, anchor
    outside_math = re.sub(r'<span class="arithmatex">.*?</span>', "", html, flags=re.DOTALL)
    outside_math = re.sub(r'<div class="arithmatex">.*?</div>', "", outside_math, flags=re.DOTALL)
    assert "$" not in outside_math
    assert "\\" not in outside_math


# A particle typed right after a placeholder (or after the $ that closes its formula).
_TYPED_PARTICLE = re.compile(r"\$?(이라|으로|이|가|은|는|을|를|과|와|로|라)(?=[\s,.)!?’”\"]|$)")
_PARTICLE_FILTER = re.compile(r"\|\s*~?(?:이라|라|으로|로|이|가|은|는|을|를|과|와)\s*$")


def typed_particles(text: str) -> list[str]:
    """The placeholders that a hand-typed particle follows (see property 6)."""
    found = []
    for match in PLACEHOLDER.finditer(text):
        body = match["body"]
        if _PARTICLE_FILTER.search(body) or re.match(r"[a-z]+\s", body):  # filtered, or a block
            continue
        if _TYPED_PARTICLE.match(text, match.end()):
            found.append(text[match.start() : match.end() + 3])
    return found


def _quiz_texts() -> list[str]:
    return [
        text
        for lesson in lessons().values()
        if lesson.quiz is not None
        for question in lesson.quiz.questions
        for text in (question.prompt, question.explanation, *question.choices)
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_no_particle_is_typed_after_a_placeholder(page: Path) -> None:
    assert typed_particles(source(page)) == []


def test_no_quiz_types_a_particle_after_a_placeholder() -> None:
    assert [found for text in _quiz_texts() for found in typed_particles(text)] == []


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("{{ a.b }}가 크다", ["{{ a.b }}가 크"]),
        ("${{ a.b }}$을 본다", ["{{ a.b }}$을 "]),
        ("{{ a.b | 이 }} 크다, ${{ a.b }}${{ a.b | ~을 }} 본다", []),
        ("{{ a.b }}이다, {{ a.b }}의, {{ a.b }}에서, {{ a.b }}이고", []),
        ("{{ card fresh-k2 }}", []),
    ],
)
def test_the_particle_check_catches_typed_particles(text: str, typed: list[str]) -> None:
    assert typed_particles(text) == typed


def test_composition_is_always_hapseong() -> None:
    texts = [source(page) for page in PAGES] + _quiz_texts()
    assert not [text for text in texts if "구성" in text], "composition is 합성, never 구성"
    lesson = source(LESSON)
    assert lesson.startswith("# 합성")
    assert "합성(composition)" in lesson
    assert "충분한 상계" not in lesson


def test_every_lesson_links_the_glossary_and_it_is_in_the_navigation() -> None:
    for page in LESSON_PAGES:
        assert "[용어집](../glossary.md)" in source(page), page.name
    assert "- 용어집: glossary.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    glossary = GLOSSARY.read_text(encoding="utf-8")
    for term in (
        "합성 | composition",
        "프라이버시 프로필 | privacy profile",
        "최적 합성 | optimal composition",
        "후처리 | post-processing",
        "그룹 프라이버시 | group privacy",
        "보호 단위 | unit of protection",
        "민감도 | sensitivity",
        "기하 메커니즘 | geometric mechanism, discrete Laplace",
    ):
        assert f"| {term} |" in glossary, term


def test_the_privacy_profile_is_defined_at_its_first_use() -> None:
    lesson = source(LESSON)
    first = lesson.index("프로필")
    assert lesson[first - len("프라이버시 ") : first + len("프로필(privacy profile)")] == (
        "프라이버시 프로필(privacy profile)"
    )
    assert "\\alpha\\mapsto\\delta_*(\\alpha)" in lesson[:first]
