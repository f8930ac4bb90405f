"""Source markup a reader would see: TeX or a stray dollar left in a page's visible text.

Math on a page is set by KaTeX at build time (:mod:`generator.course.katex_render`); what is
not set stays as typed. A formula that Markdown cut (a ``|`` inside a table cell ends the
cell, so ``$r^{|z|}$`` leaves ``$r^{`` behind) or a label that writes a subscript the TeX way
(``δ*_{f∘M}``) then shows its source to the learner. This module finds such text: a TeX
command (``\\frac``), a sub- or superscript written the TeX way (``_{``, ``^{``, ``e^ε``,
``δ*_M``; an underscore between two ASCII letters or digits is a name, ``dp_accounting``) or a
dollar sign, in the
text a browser shows, that is every text node outside ``<script>``, ``<style>``, code, KaTeX's
own markup and SVG (chart images, whose text Vega writes). A ``<template>``'s text is
searched too: the lab kit clones it into the page.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

RAW_TEX = re.compile(r"\\[A-Za-z]+|[_^]\{|\S\^\S|[^\sA-Za-z0-9]_\S|\S_[^\sA-Za-z0-9]|\$")

_UNSEEN_TAGS = frozenset({"script", "style", "code", "pre", "svg", "math", "textarea"})
_UNSEEN_CLASSES = frozenset({"katex", "katex-display", "arithmatex", "cl-math-symbol"})


class _VisibleText(HTMLParser):
    """Collects the text nodes outside the unseen elements (tracked by their tag's depth)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._unseen: str | None = None
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._unseen is not None:
            self._depth += tag == self._unseen
            return
        classes = set((dict(attrs).get("class") or "").split())
        if tag in _UNSEEN_TAGS or classes & _UNSEEN_CLASSES:
            self._unseen, self._depth = tag, 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """A self-closed element opens nothing."""

    def handle_endtag(self, tag: str) -> None:
        if self._unseen == tag:
            self._depth -= 1
            if self._depth == 0:
                self._unseen = None

    def handle_data(self, data: str) -> None:
        if self._unseen is None:
            self.texts.append(data)


def visible_texts(html: str) -> list[str]:
    """The text nodes a reader sees, in order (see the module's docstring for what is left out)."""
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
    return parser.texts


def raw_tex(html: str) -> list[str]:
    """Each visible text of the page that holds TeX source or a dollar, stripped."""
    return [text.strip() for text in visible_texts(html) if RAW_TEX.search(text)]


def raw_tex_in_site(site_dir: Path) -> dict[str, list[str]]:
    """Every built page's raw TeX, by the page's path under the site (pages without any left out)."""
    found: dict[str, list[str]] = {}
    for path in sorted(site_dir.rglob("*.html")):
        texts = raw_tex(path.read_text(encoding="utf-8"))
        if texts:
            found[path.relative_to(site_dir).as_posix()] = texts
    return found
