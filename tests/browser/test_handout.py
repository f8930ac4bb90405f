"""The handout (``make handout``): each lesson's PDF holds the whole lesson, as print shows it.

:func:`generator.course.handout.write_handouts` prints every lesson page of the session's
build; pypdf reads each PDF back. Text is compared by its Hangul letters only (math, digits,
spacing and line breaks left out), so a check fails only when words are missing. Each PDF
must hold:

- every heading of the page and every stepper step's title (all four steps print);
- the whole text of every worked solution (closed on screen, open in print);
- every chart: each chart's axis titles as many times as the page shows charts with them;
- every quiz question and, after the "퀴즈 정답" heading, each question's correct choice;

and not the lab's note for readers without JavaScript, which print drops with the lab's
inputs.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from selectolax.lexbor import LexborNode

from generator.course.chart_files import DIRECTORY
from generator.course.handout import write_handouts
from generator.course.lab import STATIC_NOTE
from generator.course.lessons import lessons
from generator.course.package import navigation_pages
from generator.course.placeholders import expand
from generator.course.quiz import quiz_for
from generator.course.scorm_package import lesson_pages
from tests.harness.html import parse

pytestmark = pytest.mark.browser

_NOT_HANGUL = re.compile(r"[^가-힣]+")
_SENTENCE = re.compile(r"(?<=[.?!])\s+")
_CHART = re.compile(r'<img class="cl-chart" src="([^"]+)"')
_SVG = "{http://www.w3.org/2000/svg}"
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

Handouts = dict[str, tuple["_Printed", str]]  # lesson slug -> (what the page prints, its PDF's Hangul)


def hangul(text: str) -> str:
    return _NOT_HANGUL.sub("", text)


class _Printed:
    """What a built page must print: the text of its headings and step titles and of its
    worked solutions (without their "풀이" summary), outside math (KaTeX's glyphs are no
    text in a PDF) and outside hidden elements (the lab's XOR note in another mode); and its
    whole text."""

    def __init__(self, html: str) -> None:
        self.headings: list[str] = []
        self.solutions: list[str] = []
        self.text: list[str] = []
        root = parse(html).root
        if root is not None:
            self._walk(root, None, False)

    def _walk(self, node: LexborNode, target: list[str] | None, quiet: bool) -> None:
        """Each text below ``node`` in document order; ``target`` the list whose last entry
        the text extends, ``quiet`` whether an element around it prints no text."""
        if node.tag == "-text":
            if not quiet:
                data = node.text_content or ""
                self.text.append(data)
                if target is not None:
                    target[-1] += data
            return
        if not node.tag or node.tag.startswith(("!", "_", "-")) or node.tag in _VOID:
            return
        named = node.attributes
        classes = (named.get("class") or "").split()
        quiet = quiet or "hidden" in named or node.tag == "cl-math"
        quiet = quiet or "arithmatex" in classes or node.tag in ("script", "style", "summary")
        if target is None and (node.tag in ("h2", "h3", "h4") or "cl-step-title" in classes):
            target = self.headings
            target.append("")
        elif target is None and node.tag == "details" and "note" in classes:
            target = self.solutions
            target.append("")
        for child in node.iter(include_text=True):
            self._walk(child, target, quiet)


@pytest.fixture(scope="module")
def handouts(built_site: Path, tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Handouts:
    """Each lesson printed once for the module."""
    pages = lesson_pages(built_site, navigation_pages("mkdocs.yml"))
    paths = write_handouts(built_site, pages, tmp_path_factory.mktemp("handout"), browser)
    assert [path.name for path in paths] == [Path(page).stem + ".pdf" for page in pages]
    return {
        path.stem: (
            _Printed((built_site / page).read_text(encoding="utf-8")),
            hangul("".join(sheet.extract_text() for sheet in PdfReader(path).pages)),
        )
        for page, path in zip(pages, paths, strict=True)
    }


@pytest.mark.parametrize("slug", sorted(lessons()))
def test_every_heading_and_step_title_is_printed(handouts: Handouts, slug: str) -> None:
    printed, pdf = handouts[slug]
    assert len(printed.headings) > 10
    assert [heading for heading in map(hangul, printed.headings) if heading not in pdf] == []


@pytest.mark.parametrize("slug", sorted(lessons()))
def test_every_worked_solution_is_printed_open(handouts: Handouts, slug: str) -> None:
    printed, pdf = handouts[slug]
    assert len(printed.solutions) >= 5
    # Sentence by sentence: a PDF keeps the order of a paragraph's words, not of its blocks.
    sentences = [hangul(sentence) for solution in printed.solutions for sentence in _SENTENCE.split(solution)]
    assert len(sentences) > 3 * len(printed.solutions)
    assert [sentence for sentence in sentences if sentence not in pdf] == []


@pytest.mark.parametrize("slug", sorted(lessons()))
def test_every_chart_is_printed(handouts: Handouts, slug: str, built_site: Path) -> None:
    _, pdf = handouts[slug]
    html = (built_site / "lessons" / f"{slug}.html").read_text(encoding="utf-8")
    titles: Counter[str] = Counter()
    charts = _CHART.findall(html)
    for src in charts:
        svg = ET.parse(built_site / DIRECTORY / Path(src).name).getroot()
        for group in svg.iter(f"{_SVG}g"):
            if "role-axis-title" in group.get("class", "").split():
                titles[hangul("".join(group.itertext()))] += 1
    del titles[""]
    assert bool(titles) == bool(charts), "every chart has axis titles"  # a lesson may have no chart
    printed = {title: pdf.count(title) for title in titles}
    assert all(printed[title] >= count for title, count in titles.items()), (titles, printed)


@pytest.mark.parametrize("slug", sorted(lessons()))
def test_the_quiz_prints_with_its_answer_key_at_the_end(handouts: Handouts, slug: str) -> None:
    _, pdf = handouts[slug]
    quiz = quiz_for(slug)
    for question in quiz.questions:
        assert hangul(expand(question.prompt, lesson=slug)) in pdf, question.id
    key = pdf.rindex(hangul("퀴즈 정답"))
    for question in quiz.questions:
        assert hangul(expand(question.choices[question.answer], lesson=slug)) in pdf[key:], question.id


@pytest.mark.parametrize("slug", sorted(lessons()))
def test_print_leaves_out_the_labs_note_for_readers_without_javascript(handouts: Handouts, slug: str) -> None:
    printed, pdf = handouts[slug]
    assert hangul(STATIC_NOTE) in hangul("".join(printed.text))
    assert hangul(STATIC_NOTE) not in pdf
