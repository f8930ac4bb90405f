"""Links between pages in the SCORM variant: inside a package each lesson is its own SCO, and
moving between lessons is the LMS's to do (a link would leave the SCO that reports the score).

:func:`unlink_pages` keeps the text of every link to another lesson page or to the home page
and drops the link; links within the page (``#anchor``, ``?state#lab``) and the page's own
address stay. A link to a reference page that every SCO carries (:data:`SHARED_PAGES`: the
glossary) stays a link, and opens in a new window: the SCO stays loaded (and keeps its LMS
session) while the reader looks a term up, and the glossary, with no LMS in its window, reports
nothing (``rel="noopener"``: it cannot reach the SCO's window, nor the LMS's API through
it). It is a ``str -> str`` transform of a built page, which the hooks apply to the SCORM
variant only.
"""

from __future__ import annotations

import posixpath
import re

SHARED_PAGES = frozenset({"glossary.html"})

_LINK = re.compile(
    r'<a\b(?P<attrs>[^>]*)\bhref="(?P<href>[^"]*)"(?P<rest>[^>]*)>(?P<text>.*?)</a>', re.DOTALL
)


def _target(href: str, page: str) -> str | None:
    """The site path a relative href written in ``page`` names, or None for another scheme."""
    if "://" in href or href.startswith(("mailto:", "data:")):
        return None
    path = re.split(r"[?#]", href, maxsplit=1)[0]
    return page if path == "" else posixpath.normpath(posixpath.join(posixpath.dirname(page), path))


def unlink_pages(html: str, page: str) -> str:
    """The page (at site path ``page``, e.g. ``lessons/events.html``) with each link to another
    page replaced by its text, except links to a shared page, which open in a new window."""

    def replace(link: re.Match[str]) -> str:
        target = _target(link["href"], page)
        if target is None or target == page:
            return link[0]
        if target in SHARED_PAGES:
            opened = f'{link["rest"]} target="_blank" rel="noopener"'
            return f'<a{link["attrs"]}href="{link["href"]}"{opened}>{link["text"]}</a>'
        return f'<span class="cl-unlinked">{link["text"]}</span>'

    return _LINK.sub(replace, html)
