"""The offline bundle: the built site as one zip that works unzipped and opened from disk.

The hosted site already works from ``file://`` (Material's offline plugin, the local
iframe-worker shim, classic scripts only, specs inline), with one exception: Firefox
refuses web fonts loaded from ``file://``. So every font a stylesheet names
(``url(…woff2)``, KaTeX's in practice) is written into the stylesheet itself as a
``data:`` URI, and the font files, then unused, leave the bundle.

Everything sits under one folder in the zip, so unzipping never scatters files; a reader
opens ``composition-lab/index.html``.
"""

from __future__ import annotations

import base64
import posixpath
import re
from collections.abc import Callable
from pathlib import Path

from generator.course.course_name import SLUG
from generator.course.zip_archive import tree_files, write_zip

FOLDER = SLUG
FONT_TYPES = {".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf", ".otf": "font/otf"}
_URL = re.compile(r"""url\(\s*(["']?)([^"')]+)\1\s*\)""")


def data_uri(media_type: str, content: bytes) -> str:
    return f"data:{media_type};base64,{base64.b64encode(content).decode('ascii')}"


def inline_fonts(css: str, read: Callable[[str], bytes]) -> tuple[str, set[str]]:
    """``css`` with every relative font ``url()`` replaced by a data URI, and the targets inlined.

    ``read(target)`` returns the bytes of a target exactly as the stylesheet writes it.
    """
    inlined: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        target = match[2].strip()
        media_type = FONT_TYPES.get(posixpath.splitext(target.split("?")[0])[1].lower())
        if media_type is None or ":" in target or target.startswith("/"):
            return match[0]
        inlined.add(target)
        return f'url("{data_uri(media_type, read(target))}")'

    return _URL.sub(replace, css), inlined


def offline_files(site_dir: Path) -> dict[str, bytes]:
    """Zip path -> bytes for the whole site, fonts inlined into the stylesheets that use them."""
    files = {relative: (site_dir / relative).read_bytes() for relative in tree_files(site_dir)}
    inlined: set[str] = set()
    for relative in [name for name in files if name.endswith(".css")]:
        here = posixpath.dirname(relative)

        def read(target: str, here: str = here) -> bytes:
            return files[posixpath.normpath(posixpath.join(here, target))]

        css, targets = inline_fonts(files[relative].decode("utf-8"), read)
        files[relative] = css.encode("utf-8")
        inlined |= {posixpath.normpath(posixpath.join(here, target)) for target in targets}
    return {f"{FOLDER}/{name}": content for name, content in files.items() if name not in inlined}


def write_offline_bundle(site_dir: Path, zip_path: Path) -> Path:
    return write_zip(zip_path, offline_files(site_dir))
