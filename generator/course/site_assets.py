"""Front-end files shipped from ``node_modules`` into the built site at build time.

Nothing here is committed: the pinned npm packages are the source, and every build copies
them in as generated MkDocs files, so ``mkdocs build`` and ``mkdocs serve`` alike have them.

- KaTeX's ``katex.min.css`` with ``fonts/*.woff2`` beside it. The stylesheet also names
  ``.woff`` and ``.ttf`` fallbacks; every browser that runs the site reads woff2, so those
  fallbacks are dropped from the shipped copy, and each ``url()`` left in it points at a
  font that ships.
- iframe-worker's ``shim/index.js``: listed under ``extra.polyfills``, it lets the search
  worker run from ``file://`` (and keeps Material's offline plugin from adding a CDN copy).
- The lab's classic scripts: the bundle of the lab modules, made by the pinned esbuild, and
  the Vega bundle (:mod:`generator.course.lab_bundle`). The ES module sources (``*.mjs``) that the
  theme folder holds are dropped from the site: a page loads only the bundle made of them.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from generator.course.lab_bundle import lab_sources

NODE_MODULES = Path(__file__).resolve().parents[2] / "node_modules"
KATEX_CSS = "assets/vendor/katex/katex.min.css"
KATEX_FONTS = "assets/vendor/katex/fonts"
IFRAME_WORKER_SHIM = "assets/vendor/iframe-worker/shim.js"

_FALLBACK_FONT = re.compile(r',url\(fonts/[\w-]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)')
_URL = re.compile(r"url\(([^)]*)\)")


def woff2_only(css: str) -> str:
    """KaTeX's stylesheet with each ``@font-face`` reduced to its woff2 source."""
    return _FALLBACK_FONT.sub("", css)


def stylesheet_urls(css: str) -> list[str]:
    """Every ``url()`` target in a stylesheet."""
    return [target.strip("\"' ") for target in _URL.findall(css)]


def vendor_sources(node_modules: Path = NODE_MODULES) -> dict[str, Path | str]:
    """Site path -> a file to copy (a Path) or the text to write (a str)."""
    katex = node_modules / "katex" / "dist"
    shim = node_modules / "iframe-worker" / "shim" / "index.js"
    for required in (katex / "katex.min.css", shim):
        if not required.is_file():
            raise FileNotFoundError(f"{required} is missing: run `make setup` (npm ci) first")
    css = woff2_only((katex / "katex.min.css").read_text(encoding="utf-8"))
    fonts: dict[str, Path | str] = {
        f"{KATEX_FONTS}/{font.name}": font for font in sorted((katex / "fonts").glob("*.woff2"))
    }
    here = posixpath.dirname(KATEX_CSS)
    missing = {url for url in stylesheet_urls(css) if posixpath.join(here, url) not in fonts}
    if missing:
        raise FileNotFoundError(f"katex.min.css names fonts that do not ship: {sorted(missing)}")
    return {KATEX_CSS: css, **fonts, IFRAME_WORKER_SHIM: shim}


def module_sources(files: Files) -> list[File]:
    """The ES module sources among the site's files: bundled, never loaded by a page."""
    return [file for file in files if file.src_uri.endswith(".mjs")]


def add_vendor_files(files: Files, config: MkDocsConfig) -> None:
    """Add the vendor files to MkDocs' file collection (the ``on_files`` event).

    A bundling error is a :class:`generator.course.lab_bundle.BundleError` naming the entry point.
    """
    for module in module_sources(files):
        files.remove(module)
    for site_path, source in {**vendor_sources(), **lab_sources()}.items():
        if isinstance(source, str):
            files.append(File.generated(config, site_path, content=source))
        else:
            files.append(File.generated(config, site_path, abs_src_path=str(source)))
