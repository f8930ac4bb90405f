"""The files a built page needs: what it loads, what those load, and so on, all inside the site.

A page loads what its HTML names in ``src``, ``srcset``, ``poster`` and ``data`` attributes and
in the ``href`` of a ``<link>`` that fetches (a stylesheet, an icon, a preload). A stylesheet
loads its ``url(…)`` and ``@import`` targets. A script loads what it imports statically, and
what it names as ``new URL("./…" or "../…", import.meta.url)`` or ``new URL("…", <x>.src)``
(a classic script's own ``document.currentScript.src``): a URL resolved against the script's
own, as the lab does to load its chart library on demand. URLs resolved against anything
else (the page, a configured base) are not followed. The closure of these relations from a page is the set
of files the page shows itself with. The ``href`` of an ``<a>`` (or of ``<link rel=prev>``
and the like) is a link a reader may follow, reported separately: a page that must stand
alone links to no other page.

Targets that leave the site (another host, ``data:``, ``blob:``, ``mailto:``), and a bare
``#fragment``, are not files. Paths come back relative to the site, POSIX style.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

_LOADING_ATTRIBUTES = {"src", "poster", "data"}
_LOADING_LINK_RELS = {"stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"}
_CSS_TARGET = re.compile(r"""url\(\s*["']?([^"')]+?)["']?\s*\)|@import\s+["']([^"']+)["']""")
_JS_IMPORT = re.compile(r"""\bimport\s*(?:[\w*{}\s,]+from\s*)?\(?\s*["'](\.{1,2}/[^"']+)["']""")
_JS_OWN_URL = re.compile(
    r"""\bnew\s+URL\(\s*["'](\.{1,2}/[^"']+)["']\s*,\s*(?:import\.meta\.url|[\w$.]+\.src)\s*\)"""
)


@dataclass(frozen=True)
class References:
    """What one file names: files it loads and pages it links to (raw URLs, as written)."""

    loads: tuple[str, ...]
    links: tuple[str, ...] = ()


class _HtmlReferences(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.loads: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value for name, value in attrs if value is not None}
        for name in _LOADING_ATTRIBUTES & values.keys():
            self.loads.append(values[name])
        for name in ("srcset", "imagesrcset"):
            if name in values:
                self.loads += [part.split()[0] for part in values[name].split(",") if part.strip()]
        if "href" in values:
            rels = set(values.get("rel", "").lower().split())
            loading = tag == "link" and bool(rels & _LOADING_LINK_RELS)
            (self.loads if loading else self.links).append(values["href"])


def html_references(html: str) -> References:
    parser = _HtmlReferences()
    parser.feed(html)
    parser.close()
    return References(tuple(parser.loads), tuple(parser.links))


def css_references(css: str) -> References:
    return References(tuple(url or imported for url, imported in _CSS_TARGET.findall(css)))


def script_references(js: str) -> References:
    return References((*_JS_IMPORT.findall(js), *_JS_OWN_URL.findall(js)))


_READERS = {
    ".html": html_references,
    ".css": css_references,
    ".mjs": script_references,
    ".js": script_references,
}


def site_path(url: str, referrer: str) -> str | None:
    """The site-relative file that ``url`` (written in ``referrer``) names; None if it names none."""
    parts = urlsplit(url.strip())
    if parts.scheme or parts.netloc or not parts.path:
        return None
    path = unquote(parts.path)
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(referrer), path))
    if joined.startswith("../") or joined == "..":
        raise ValueError(f"{referrer} names {url!r}, outside the site")
    return joined


def references(site_dir: Path, relative: str) -> References:
    """What the site file ``relative`` names (nothing for a file that names nothing)."""
    reader = _READERS.get(posixpath.splitext(relative)[1])
    if reader is None:
        return References(())
    return reader((site_dir / relative).read_text(encoding="utf-8"))


def page_files(site_dir: Path, page: str) -> list[str]:
    """Every site file ``page`` needs, itself first, the rest sorted; fails on a missing one."""
    needed = {page}
    waiting = [page]
    while waiting:
        current = waiting.pop()
        for url in references(site_dir, current).loads:
            target = site_path(url, current)
            if target is None or target in needed:
                continue
            if not (site_dir / target).is_file():
                raise FileNotFoundError(f"{current} loads {url!r}, which is not in the site")
            needed.add(target)
            waiting.append(target)
    return [page, *sorted(needed - {page})]


def linked_pages(site_dir: Path, page: str) -> list[str]:
    """The other site files that ``page`` links to (its own anchors left out)."""
    targets = (site_path(url, page) for url in references(site_dir, page).links)
    return sorted({target for target in targets if target is not None and target != page})
