"""The block placeholders a lesson page may use, by name.

``{{ figure distribution fresh-k2 }}`` calls ``figures.figure_html("distribution", "fresh-k2")``
and so on; see :mod:`generator.placeholders` for the grammar.
"""

from __future__ import annotations

from generator.cards import card_html
from generator.figures import figure_html
from generator.lab_page import lab_html
from generator.placeholders import BlockRenderer
from generator.quiz import quiz_html

BLOCKS: dict[str, BlockRenderer] = {
    "figure": figure_html,
    "card": card_html,
    "quiz": quiz_html,
    "lab": lab_html,
}
