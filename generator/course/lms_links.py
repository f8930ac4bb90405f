"""Links between lesson pages, unlinked for an LMS: inside a SCORM package each lesson is its
own SCO, and moving between them is the LMS's to do (a link would leave the SCO that
reports the score).

:func:`unlink_pages` keeps the text of every link to another page of the site and drops the
link; links within the page (``#anchor``, ``?state#lab``) and the page's own address stay.
It is a ``str -> str`` transform of a built page, which the hooks apply to the SCORM
variant only.
"""

from __future__ import annotations

import re

_LINK = re.compile(
    r'<a\b(?P<attrs>[^>]*)\bhref="(?P<href>[^"]*)"(?P<rest>[^>]*)>(?P<text>.*?)</a>', re.DOTALL
)


def _other_page(href: str) -> bool:
    """Does a relative href name another page (a path before any ``?`` or ``#``)?"""
    path = re.split(r"[?#]", href, maxsplit=1)[0]
    return path != "" and "://" not in href and not href.startswith(("mailto:", "data:"))


def unlink_pages(html: str, own_name: str) -> str:
    """The page with each link to another page replaced by its text (``own_name``: the
    page's file name, e.g. ``events.html``, whose links to itself stay)."""

    def replace(link: re.Match[str]) -> str:
        href = link["href"]
        if not _other_page(href) or re.split(r"[?#]", href, maxsplit=1)[0] == own_name:
            return link[0]
        return f'<span class="cl-unlinked">{link["text"]}</span>'

    return _LINK.sub(replace, html)
