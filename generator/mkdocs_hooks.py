"""MkDocs hooks: the generator runs inside the build, and pages pass through small transforms.

One build, in event order:

- ``on_pre_build``: write the generated data (:func:`generator.course.build.build`), so
  ``mkdocs build`` and ``mkdocs serve`` always show fresh numbers. Only files whose bytes
  change are written, so a serving rebuild does not trigger another one.
- ``on_files``: add the vendor assets from ``node_modules`` and the lab bundle made by the
  pinned esbuild (:mod:`generator.course.site_assets`); a bundling error stops the build, naming
  the entry point.
- ``on_page_markdown``: fill the placeholders (:func:`generator.course.placeholders.expand` with the
  renderers of :data:`generator.course.blocks.BLOCKS`); a bad one stops the build, naming the page
  and the placeholder.
- ``on_page_content``: render the math with KaTeX (:mod:`generator.course.katex_render`) and make
  Markdown tables course tables (:mod:`generator.course.page_tables`); bad TeX
  stops the build, naming the page and the formula. A lesson's title gets its reading time and
  a link to its quiz (:mod:`generator.course.lesson_length`), its end the previous/next links.
- ``on_post_page``: a page that holds labs gets the script tag of each
  (:func:`generator.course.lab_bundle.with_lab_scripts`); other pages load no lab code. A
  page whose visible text shows TeX source stops the build (:mod:`generator.course.visible_text`). Its
  static charts get addresses relative to the page, and are noted for writing
  (:mod:`generator.course.chart_files`). In
  the SCORM variant, links to other pages become their text
  (:func:`generator.course.lms_links.unlink_pages`): each lesson is its own SCO.
- ``on_post_build``: close the KaTeX process, write the chart files that the pages show,
  then fail if any built file refers to another host (:mod:`generator.course.site_check`),
  a safety net beside the privacy plugin; last, the search index learns the names of the
  Greek letters and the glossary's English terms (:mod:`generator.course.search_synonyms`).

Under ``mkdocs serve`` the generator's sources are watched too. MkDocs keeps this module
across rebuilds, so before each rebuild the generator's modules are forgotten and imported
afresh: an edit to the catalogue shows on the next reload.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parent.parent
# MkDocs loads this file by its path, with only generator/ itself on sys.path while it runs.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from generator.course.chart_files import ChartFileError, chart_paths, with_chart_urls, write_chart_files  # noqa: E402
from generator.course.course_order import Place, course_order, lesson_slug, neighbours_html  # noqa: E402
from generator.course.katex_render import KatexError, KatexProcess, render_inline_text, render_math  # noqa: E402
from generator.course.lab_bundle import BundleError, lab_scripts, with_lab_scripts  # noqa: E402
from generator.course.lesson_about import LessonAbout, lesson_about  # noqa: E402
from generator.course.lesson_length import with_lesson_length  # noqa: E402
from generator.course.lms_links import unlink_pages  # noqa: E402
from generator.course.page_tables import with_course_tables  # noqa: E402
from generator.course.progress import with_course_progress  # noqa: E402
from generator.course.search_synonyms import GLOSSARY, rewrite_search_index  # noqa: E402
from generator.course.site_assets import add_vendor_files  # noqa: E402
from generator.course.site_check import foreign_references  # noqa: E402
from generator.course.visible_text import raw_tex  # noqa: E402

_katex = KatexProcess()
_serving = False
_charts: set[str] = set()  # the chart files that this build's pages show
_order: tuple[Place, ...] = ()  # the lessons in the navigation's order
_about: dict[str, LessonAbout] = {}  # what each lesson's page says of it (its front matter)


def _forget_generator_modules() -> None:
    """Drop the generator's modules so the next import reads their (edited) sources.

    The package itself stays: its ``__path__`` is how the submodules are found again
    (MkDocs takes the repository back off ``sys.path`` once this file has loaded).
    """
    for name in [name for name in sys.modules if name.startswith("generator.")]:
        del sys.modules[name]


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: object) -> LiveReloadServer:
    global _serving
    _serving = True
    server.watch(str(ROOT / "generator"))
    return server


def on_pre_build(config: MkDocsConfig) -> None:
    if _serving:
        _forget_generator_modules()
    from generator.course.build import build

    build(Path(config.docs_dir) / "generated")
    _charts.clear()


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    """Number the lessons in the navigation's order (their titles in the navigation and the
    page titles), and keep the order for the pages' ends, with what each lesson page's front
    matter says of it for the home page's list."""
    global _order
    from generator.course.lessons import lessons

    pages = [(page.title or "", page.file.src_uri) for page in nav.pages]
    _order = course_order(pages, lessons())
    _about.clear()
    for place in _order:
        path = f"lessons/{place.slug}.md"
        source = files.get_file_from_path(path)
        if source is None:
            raise PluginError(f"{path}: the navigation names it, but the page is missing")
        try:
            _about[place.slug] = lesson_about(source.content_string, path)
        except ValueError as error:
            raise PluginError(str(error)) from error
    numbers = {place.slug: place for place in _order}
    for page in nav.pages:
        slug = lesson_slug(page.file.src_uri, numbers)
        if slug is not None:
            page.title = numbers[slug].numbered
    return nav


def on_files(files: Files, config: MkDocsConfig) -> Files:
    try:
        add_vendor_files(files, config)
    except BundleError as error:
        raise PluginError(str(error)) from error
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    from generator.course.blocks import blocks
    from generator.course.lessons import lesson_of_page
    from generator.course.placeholders import expand

    lesson = lesson_of_page(page.file.src_uri)
    try:
        return expand(markdown, blocks(lesson, _order, _about), lesson)
    except ValueError as error:  # a PlaceholderError, or a block renderer refusing its arguments
        raise PluginError(f"{page.file.src_uri}: {error}") from error


def _toc_links(links: list[AnchorLink]) -> list[AnchorLink]:
    return [deeper for link in links for deeper in (link, *_toc_links(link.children))]


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    try:
        for link in _toc_links(list(page.toc)):
            link.title = render_inline_text(link.title, _katex.render)
        html = with_course_tables(render_math(html, _katex.render))
        slug = lesson_slug(page.file.src_uri, {place.slug for place in _order})
        return with_lesson_length(html) + neighbours_html(_order, slug) if slug else html
    except KatexError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    try:
        from generator.course.lessons import lesson_of_page

        scripts = lab_scripts(lesson_of_page(page.file.src_uri))
        urls = {name: get_relative_url(path, page.url) for name, path in scripts.items()}
        output = with_lab_scripts(output, urls)
        shown = raw_tex(output)
        if shown:
            raise ValueError("TeX source or a dollar sign in the text a reader sees: " + " | ".join(shown))
        _charts.update(chart_paths(output))
        output = with_chart_urls(output, lambda path: get_relative_url(path, page.url))
        if config.extra.get("variant") == "scorm":
            output = unlink_pages(output, page.file.dest_uri)
        else:
            output = with_course_progress(output, _order)
        return output
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error


@event_priority(-200)  # after Material's offline plugin (-100) has written search_index.js
def on_post_build(config: MkDocsConfig) -> None:
    _katex.close()
    try:
        write_chart_files(Path(config.site_dir), _charts)
    except ChartFileError as error:
        raise PluginError(str(error)) from error
    foreign = foreign_references(Path(config.site_dir), config.site_url)
    if foreign:
        raise PluginError("built files refer to other hosts:\n  " + "\n  ".join(foreign))
    glossary = Path(config.docs_dir) / GLOSSARY
    terms = glossary.read_text(encoding="utf-8") if glossary.is_file() else ""
    rewrite_search_index(Path(config.site_dir), terms)


def on_build_error(error: Exception) -> None:
    _katex.close()


def on_shutdown() -> None:
    _katex.close()
