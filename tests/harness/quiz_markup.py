"""A lesson's quiz as the page renders it (generator/course/quiz.py), read back with
the tests' one HTML reader (tests/harness/html.py): the form's attributes and, per
question, what a reader sees."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborNode

from generator.course.placeholders import expand
from tests.harness.html import attributes, parse


@dataclass
class ParsedQuestion:
    id: str
    answer: int
    legend: str = ""
    choices: list[str] = field(default_factory=list)
    radio_names: set[str] = field(default_factory=set)
    radio_values: list[str] = field(default_factory=list)
    explanation: str = ""
    summary: str = ""
    learned_toggles: int = 0
    feedback_regions: int = 0
    check_buttons: list[str] = field(default_factory=list)
    check_attributes: list[dict[str, str]] = field(default_factory=list)


class QuizParser:
    """Collects the quiz form's attributes and, per fieldset, what a reader sees: the parsed
    tree is walked in document order, each element opening and closing around its text."""

    def __init__(self) -> None:
        self.form: dict[str, str] = {}
        self.questions: list[ParsedQuestion] = []
        self.reset_buttons: list[str] = []
        self.reset_notes: list[dict[str, str]] = []
        self.intro = ""
        self.score_lines = 0
        self._open: list[str] = []  # the stack of tags whose text we collect
        self._button: list[str] | None = None  # the list whose last entry the button text extends

    def walk(self, node: LexborNode) -> None:
        for child in node.iter(include_text=True):
            if child.tag == "-text":
                self.handle_data(child.text_content or "")
            elif child.tag and not child.tag.startswith(("!", "_", "-")):
                self.handle_starttag(child.tag, attributes(child))
                self.walk(child)
                self.handle_endtag(child.tag)

    def handle_starttag(self, tag: str, attributes: dict[str, str]) -> None:
        classes = attributes.get("class", "").split()
        current = self.questions[-1] if self.questions else None
        if tag == "form":
            self.form = attributes
        elif tag == "fieldset":
            self.questions.append(ParsedQuestion(attributes["data-question"], int(attributes["data-answer"])))
        elif tag == "input" and current and attributes.get("type") == "radio":
            current.radio_names.add(attributes["name"])
            current.radio_values.append(attributes["value"])
        elif tag == "input" and current and "data-learned" in attributes:
            current.learned_toggles += 1
        elif tag == "p" and "data-feedback" in attributes and current:
            current.feedback_regions += 1
        elif tag == "p" and "data-score" in attributes:
            self.score_lines += 1
        elif tag == "p" and "data-reset-note" in attributes:
            self.reset_notes.append(attributes)
        elif tag == "p" and "cl-quiz-intro" in classes:
            self._open.append("intro")
        elif tag == "button" and attributes.get("type") == "reset":
            self._button = self.reset_buttons
            self.reset_buttons.append("")
        elif tag == "button" and "data-check" in attributes and current:
            self._button = current.check_buttons
            current.check_buttons.append("")
            current.check_attributes.append(attributes)
        for name in ("legend", "summary"):
            if tag == name:
                self._open.append(name)
        if tag == "span" and "cl-choice-text" in classes and current:
            current.choices.append("")
            self._open.append("choice")
        elif tag == "span" and self._open:
            self._open.append("inner")  # a formula's span inside a text being collected
        if tag == "details":
            self._open.append("explanation")

    def handle_endtag(self, tag: str) -> None:
        closing = {
            "legend": "legend",
            "summary": "summary",
            "span": "choice",
            "details": "explanation",
            "p": "intro",
        }
        inner = tag == "span" and self._open and self._open[-1] == "inner"
        if inner or (tag in closing and self._open and self._open[-1] == closing[tag]):
            self._open.pop()
        if tag == "button":
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button[-1] += data
        if self._open and self._open[-1] == "intro":
            self.intro += data
        collecting = [where for where in self._open if where != "inner"]
        if not collecting or not self.questions:
            return
        current = self.questions[-1]
        where = collecting[-1]
        if where == "legend":
            current.legend += data
        elif where == "choice":
            current.choices[-1] += data
        elif where == "summary":
            current.summary += data
        elif where == "explanation":
            current.explanation += data


def parsed_quiz(html: str) -> QuizParser:
    parser = QuizParser()
    root = parse(html).root
    if root is not None:
        parser.walk(root)
    return parser


def question_of(parsed: QuizParser, question_id: str) -> ParsedQuestion:
    return next(question for question in parsed.questions if question.id == question_id)


def correct_choice(question: ParsedQuestion) -> str:
    return question.choices[question.answer]


def math(tex: str) -> str:
    """A formula as the parsed markup reads before KaTeX: arithmatex's inline delimiters."""
    return rf"\({tex}\)"


def plain(template: str, lesson: str) -> str:
    """A text of ``lesson``'s quiz as the parsed markup reads: expanded, each $…$ between
    arithmatex's delimiters."""
    return re.sub(r"\$([^$]+)\$", lambda formula: math(formula[1]), expand(template, lesson=lesson))
