"""The offline rule, checked on a built site: no file makes the browser contact another host.

A URL is foreign when it names a host (``https://…``, ``http://…`` or protocol-relative
``//…``) other than the site's own (the host of ``site_url``, which MkDocs writes into
canonical links when one is set). Other schemes (``data:``, ``blob:``, ``mailto:``) and
relative paths stay on the machine that serves the site. What counts as a reference:

- HTML: every URL-valued attribute (``src``, ``srcset``, ``href``, ``poster``, ``data``,
  ``action``, …) except the ``href`` of a link the reader clicks (``<a>``, ``<area>``);
  stylesheets in ``<style>`` and ``style=""``; scripts in ``<script>``.
- CSS: ``url(…)`` and ``@import``.
- JS: ``url(…)`` and ``src=``/``href=`` inside string literals, the ways a script injects
  markup or styles that load something.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from generator.course.build_cache import default_cache, source_digest

_HOST_URL = r"(?:https?:)?//[^\s\"'`)<>]+"
_CSS_REFERENCE = re.compile(rf"""(?:url\(\s*["']?|@import\s+["'])(?P<url>{_HOST_URL})""", re.IGNORECASE)
_JS_REFERENCE = re.compile(
    rf"""(?:url\(\s*["']?|\b(?:src|href)\s*=\s*\\?["']?)(?P<url>{_HOST_URL})""", re.IGNORECASE
)
_URL_ATTRIBUTES = {"src", "href", "xlink:href", "poster", "data", "action", "formaction", "background"}
_READER_LINKS = {"a", "area"}

Check = Callable[[str], list[str]]
"""Text of one file -> the URLs it makes the browser load that name a host."""


def css_references(css: str) -> list[str]:
    return [match["url"] for match in _CSS_REFERENCE.finditer(css)]


def js_references(js: str) -> list[str]:
    return [match["url"] for match in _JS_REFERENCE.finditer(js)]


def _names_host(url: str) -> bool:
    parts = urlsplit(url.strip())
    return parts.scheme in ("", "http", "https") and bool(parts.netloc)


class _LoadedUrls(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._inside: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._inside = tag if tag in ("style", "script") else None
        for name, value in attrs:
            if value is None:
                continue
            if name in _URL_ATTRIBUTES and not (name == "href" and tag in _READER_LINKS):
                self.found += [value.strip()] if _names_host(value) else []
            elif name in ("srcset", "imagesrcset"):
                candidates = (candidate.split()[0] for candidate in value.split(",") if candidate.strip())
                self.found += [url for url in candidates if _names_host(url)]
            elif name == "style":
                self.found += css_references(value)

    def handle_endtag(self, tag: str) -> None:
        self._inside = None

    def handle_data(self, data: str) -> None:
        if self._inside == "style":
            self.found += css_references(data)
        elif self._inside == "script":
            self.found += js_references(data)


def html_references(page: str) -> list[str]:
    parser = _LoadedUrls()
    parser.feed(page)
    parser.close()
    return parser.found


CHECKS: dict[str, Check] = {
    ".html": html_references,
    ".css": css_references,
    ".js": js_references,
    ".mjs": js_references,
    ".svg": html_references,  # a chart file: its attributes, as a page's (xmlns loads nothing)
}


def _references(check: Check, suffix: str, text: str) -> list[str]:
    """The URLs a file loads, kept in the build cache by the file's text and this module's
    source: an unchanged page (most of a rebuild) is not parsed again."""
    found = default_cache().text(
        "site-references",
        (suffix, source_digest(__name__), text),
        lambda: json.dumps(check(text)),
    )
    urls: list[str] = json.loads(found)
    return urls


def foreign_references(site_dir: Path, site_url: str | None = None) -> list[str]:
    """``"<file>: <url>"`` for every URL in the built HTML, CSS and JS that loads from another host."""
    own_host = urlsplit(site_url or "").netloc
    found = []
    for path in sorted(site_dir.rglob("*")):
        check = CHECKS.get(path.suffix)
        if check is not None and path.is_file():
            relative = path.relative_to(site_dir).as_posix()
            urls = _references(check, path.suffix, path.read_text(encoding="utf-8", errors="replace"))
            found += [f"{relative}: {url}" for url in urls if urlsplit(url).netloc != own_host]
    return found
