"""Search by the names of what a page writes as a symbol or in Korean only.

The pages write ε, δ, α … as symbols, and most terms in Korean with the English name given
once. A learner searches "엡실론", "epsilon" or "composition" and, with Material's index as
it is, finds nothing: the index holds the symbol "ε", and "composition" only on the page
that first names it. :func:`with_synonyms` adds to each entry of the built search index the
spoken Korean and English names of the Greek letters its text holds (:data:`LETTERS`), and
the English name of each glossary term it holds (:func:`glossary_terms`, read from the
glossary's table). The names go into the entry's ``tags``, a field that Material's index
reads (its search plugin gives it a weight of its own) and that no page of the course uses
otherwise; the result list would show them as chips, which lesson.css hides
(``.md-search-result .md-tags``), so a result reads as the page does.

:func:`rewrite_search_index` applies it to a built site's ``search/search_index.json`` and
to the copy that Material's offline plugin writes as ``search_index.js`` (``var __index =
{…}``) for pages opened from disk. A site built without search (the SCORM and embed
variants show none) is left as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TypedDict

LETTERS: Mapping[str, str] = {
    "ε": "엡실론 epsilon",
    "δ": "델타 delta",
    "Δ": "델타 delta 민감도 sensitivity",
    "α": "알파 alpha",
    "σ": "시그마 sigma",
    "ρ": "rho",
    "π": "파이 pi",
    "λ": "람다 lambda",
    "μ": "뮤 mu",
    "Φ": "phi",
}

GLOSSARY = "glossary.md"  # under the docs folder: the table the English names come from
_ROW = re.compile(r"^\|(?P<term>[^|]+)\|(?P<english>[^|]+)\|", re.MULTILINE)
_MATH = re.compile(r"\$[^$]*\$")
_JS_PREFIX = "var __index = "


def glossary_terms(markdown: str) -> dict[str, str]:
    """Korean term -> its English name, from the glossary's table (its header row left out)."""
    terms: dict[str, str] = {}
    for row in _ROW.finditer(markdown):
        term = _MATH.sub("", row["term"]).strip().strip("-").strip()
        english = row["english"].strip()
        if term and english and not set(english) <= set("- ") and term != "용어":
            terms[term] = english
    return terms


def names_for(text: str, terms: Mapping[str, str]) -> list[str]:
    """The names to add for a text: each letter's and each term's it holds, once, in order."""
    found = [names for letter, names in LETTERS.items() if letter in text]
    found += [english for term, english in terms.items() if term in text and english not in text]
    return list(dict.fromkeys(found))


class SearchDoc(TypedDict, total=False):
    """One entry of Material's search index (``search/search_index.json``)."""

    location: str
    title: str
    text: str
    tags: list[str]


class SearchIndex(TypedDict):
    """Material's search index: its settings and its entries."""

    config: dict[str, object]
    docs: list[SearchDoc]


def with_synonyms(index: SearchIndex, terms: Mapping[str, str]) -> SearchIndex:
    """The search index with each entry's names as its tags (an entry with tags of its own keeps them)."""
    docs: list[SearchDoc] = []
    for doc in index["docs"]:
        names = names_for(doc.get("title", "") + " " + doc.get("text", ""), terms)
        docs.append({**doc, "tags": [*doc.get("tags", []), *names]} if names else doc)
    return {**index, "docs": docs}


def rewrite_search_index(site_dir: Path, glossary_markdown: str) -> None:
    """Add the names to a built site's search index, both the JSON and the offline script."""
    folder = site_dir / "search"
    path = folder / "search_index.json"
    if not path.is_file():
        return
    terms = glossary_terms(glossary_markdown)
    read: SearchIndex = json.loads(path.read_text(encoding="utf-8"))
    index = with_synonyms(read, terms)
    text = json.dumps(index, separators=(",", ":"))  # ASCII, as Material writes it
    path.write_text(text, encoding="utf-8")
    script = folder / "search_index.js"
    if script.is_file():
        script.write_text(_JS_PREFIX + text, encoding="utf-8")
