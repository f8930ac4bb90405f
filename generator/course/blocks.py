"""The block placeholders a lesson page may use, by name.

``{{ figure distribution fresh-k2 }}`` calls ``figures.figure_html("distribution", "fresh-k2")``
and so on; see :mod:`generator.course.placeholders` for the grammar.
"""

from __future__ import annotations

from generator.course.placeholders import BlockRenderer
from generator.course.quiz import quiz_html
from generator.lessons.composition.cards import card_html
from generator.lessons.composition.figures import figure_html
from generator.lessons.composition.lab_page import lab_html

BLOCKS: dict[str, BlockRenderer] = {
    "figure": figure_html,
    "card": card_html,
    "quiz": quiz_html,
    "lab": lab_html,
}
