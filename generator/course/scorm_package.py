"""The SCORM 1.2 package: a site built with ``mkdocs.scorm.yml``, zipped with its manifest.

Every page under ``lessons/`` is a lesson and becomes one SCO, in the course's order (the
site's navigation, which the caller passes as site paths; a lesson outside it comes last,
in path order). Its file
list is :func:`generator.course.page_files.page_files` of the page: the page and everything it
loads. The zip holds ``imsmanifest.xml`` at its root and exactly the union of those lists,
so every file in it is referenced and every reference is in it. A lesson that links to
another page of the site fails the package: inside an LMS, the course is the LMS's to
navigate. The exception is a shared reference page (:data:`generator.course.lms_links.SHARED_PAGES`,
the glossary), which opens in a window of its own: it and everything it loads are files of
each SCO that links to it.

The pass mark is read back from the built pages (scorm.js's ``data-mastery-percent``, set
from ``extra.scorm_mastery``), so the manifest's masteryscore and the runtime's verdict
cannot disagree.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import unescape
from pathlib import Path

from generator.course.course_name import SLUG
from generator.course.lms_links import SHARED_PAGES
from generator.course.page_files import linked_pages, page_files
from generator.course.scorm_manifest import Sco, manifest_xml
from generator.course.zip_archive import write_zip

COURSE_ID = SLUG
LESSONS = "lessons"
MANIFEST = "imsmanifest.xml"
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
_MASTERY = re.compile(r"""<script\b[^>]*\bdata-mastery-percent="([^"]*)\"""")


def page_title(html: str, site_name: str) -> str:
    """The page's own title: ``<title>`` without the " - <site name>" the theme appends."""
    found = _TITLE.search(html)
    if found is None:
        raise ValueError("the page has no <title>")
    title = unescape(found[1]).strip()
    return title.removesuffix(f" - {site_name}").strip()


def mastery_percent(html: str) -> int:
    """The pass mark a SCORM page carries; a page without a valid one fails the package."""
    found = _MASTERY.findall(html)
    if len(found) != 1 or not re.fullmatch(r"\d{1,3}", found[0]) or int(found[0]) > 100:
        raise ValueError(f"scorm.js needs data-mastery-percent, an integer 0..100; found {found}")
    return int(found[0])


def lesson_pages(site_dir: Path, order: Sequence[str] = ()) -> list[str]:
    """The lesson pages, those in ``order`` (site paths, the navigation's) first and in it."""
    pages = sorted(path.relative_to(site_dir).as_posix() for path in (site_dir / LESSONS).rglob("*.html"))
    return sorted(pages, key=lambda page: order.index(page) if page in order else len(order))


def scorm_entries(site_dir: Path, site_name: str, order: Sequence[str] = ()) -> dict[str, bytes]:
    """Zip path -> bytes: the manifest and every file of every SCO, in ``order``."""
    scos = []
    marks = set()
    for page in lesson_pages(site_dir, order):
        html = (site_dir / page).read_text(encoding="utf-8")
        links = linked_pages(site_dir, page)
        shared = [link for link in links if link in SHARED_PAGES]
        if len(shared) < len(links):
            raise ValueError(f"{page} links to other pages, which a SCO must not: {links}")
        marks.add(mastery_percent(html))
        slug = page.removeprefix(f"{LESSONS}/").removesuffix(".html").replace("/", "-")
        own = page_files(site_dir, page)
        carried = sorted({path for link in shared for path in page_files(site_dir, link)} - set(own))
        scos.append(Sco(slug, page_title(html, site_name), page, (*own, *carried)))
    if not scos:
        raise ValueError(f"no lesson pages under {site_dir / LESSONS}")
    if len(marks) != 1:
        raise ValueError(f"the lessons disagree on the pass mark: {sorted(marks)}")
    manifest = manifest_xml(COURSE_ID, site_name, scos, marks.pop())
    files = {path for sco in scos for path in sco.files}
    return {MANIFEST: manifest.encode("utf-8"), **{path: (site_dir / path).read_bytes() for path in files}}


def write_scorm_package(site_dir: Path, site_name: str, zip_path: Path, order: Sequence[str] = ()) -> Path:
    return write_zip(zip_path, scorm_entries(site_dir, site_name, order))
