"""What the course says of a lesson outside its page, written once at the top of that page.

A lesson page opens with YAML front matter, which MkDocs takes off before the page is read::

    ---
    role: 합성
    requires: [events]
    summary: >-
      한 사람의 같은 비트에 관해 …
    ---
    # 합성: 같은 비트를 여러 번 공개할 때

``role`` is the lesson's part in the course, a few words ("정의", "합성"); ``summary`` is a
paragraph for the home page's list; ``requires`` names the lessons (by slug) a reader should
have read first, which the page's opening links and the navigation puts before it (the
course's tests hold both). The page's title is its first ``# `` heading. The front
matter is read strictly (:class:`About`: both keys, text only, no other key), and a page that
breaks it stops the build with a message naming the page and the key, so a new lesson brings
its own entry on the home page and no shared file needs an edit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?P<yaml>.*?\n)---[ \t]*\n", re.DOTALL)
_TITLE = re.compile(r"^# (?P<title>.+?)\s*(?:\{[^}]*\})?\s*$", re.MULTILINE)


class About(BaseModel):
    """The front matter of a lesson page."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    role: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    requires: tuple[str, ...] = ()


@dataclass(frozen=True)
class LessonAbout:
    """A lesson as the home page lists it: its page's title, its role and its summary."""

    title: str
    role: str
    summary: str
    requires: tuple[str, ...] = ()


def split_front_matter(source: str) -> tuple[str | None, str]:
    """The page's front matter (its YAML text, None when it has none) and the rest of the page."""
    found = _FRONT_MATTER.match(source)
    if found is None:
        return None, source
    return found["yaml"], source[found.end() :]


def lesson_about(source: str, path: str) -> LessonAbout:
    """What the page ``path`` (its ``source`` text) says of its lesson; ValueError names the page
    and what is wrong."""
    front, body = split_front_matter(source)
    if front is None:
        raise ValueError(f"{path}: a lesson page opens with front matter (---, role:, summary:, ---)")
    try:
        data = yaml.safe_load(front)
        if isinstance(data, dict) and isinstance(data.get("requires"), list):
            data["requires"] = tuple(data["requires"])  # YAML has lists; the record keeps a tuple
        about = About.model_validate(data)
    except (yaml.YAMLError, ValidationError) as error:
        raise ValueError(f"{path}: bad front matter: {error}") from error
    title = _TITLE.search(body)
    if title is None:
        raise ValueError(f"{path}: a lesson page has a '# ' title")
    return LessonAbout(title["title"], about.role.strip(), " ".join(about.summary.split()), about.requires)
