"""The browser's lab code, bundled into classic scripts at build time, and the pages that load it.

Chromium refuses ``<script type="module" src=…>`` and ``fetch()`` under ``file://``, and the
offline bundle is opened from disk, so the browser gets plain scripts only. The sources are
ES modules under ``site_overrides/assets/javascripts/lab/``, which node imports in its tests
(``tests/js``): ``engine.mjs`` (the BigInt engine), ``kit/*.mjs`` (what every lab does:
fields, the address, all-or-nothing updates, charts, in-place links, mounting),
``composition.mjs`` (the composition lab) and ``main.mjs`` (the entry point: it publishes
the engine as ``window.CompositionLabEngine`` and mounts every ``[data-lab]`` of a page).

- ``assets/javascripts/lab/lab.js``: ``main.mjs`` and all it imports, bundled by the esbuild
  that ``package.json`` pins (``node_modules/.bin/esbuild --bundle --format=iife
  --target=es2020``, strict), so the modules share one function scope and define no global
  but the engine. A missing esbuild or a bundling error stops the build with a message naming the
  entry point (:class:`BundleError`).
- ``assets/vendor/vega/vega-embed.js``: ``vl_convert.javascript_bundle()`` (vega-embed with
  Vega and Vega-Lite) with a snippet that assigns ``window.vegaEmbed``. Its own top-level
  ``const`` declarations are wrapped in a function scope so they cannot collide with other
  scripts. The lab loads it on its first chart. The bundle is kept in the build cache
  (:mod:`generator.course.build_cache`), keyed by vl-convert's version and the snippet: making it
  takes seconds, and it changes only with vl-convert.

Nothing bundled is committed: :mod:`generator.course.site_assets` adds these texts to the build as
generated files, and drops the ``.mjs`` sources from the site (no page can load them).

A page gets the lab bundle only if it has a lab (:func:`with_lab_script`, a ``str -> str``
transform of the built page that the hooks apply): the home page loads no lab code.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from html import escape
from pathlib import Path

import vl_convert

from generator.course.build_cache import default_cache, package_version

ROOT = Path(__file__).resolve().parents[2]
LAB_SOURCES = ROOT / "site_overrides" / "assets" / "javascripts" / "lab"
ENGINE_MODULE = LAB_SOURCES / "engine.mjs"
LAB_ENTRY = LAB_SOURCES / "main.mjs"
LAB_SCRIPT = "assets/javascripts/lab/lab.js"
ENGINE_GLOBAL = "CompositionLabEngine"
VEGA_SCRIPT = "assets/vendor/vega/vega-embed.js"
VEGA_SNIPPET = "window.vegaEmbed = vegaEmbed;"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
# The modules were strict code; the IIFE they become stays strict by the banner's directive.
ESBUILD_ARGS = (
    "--bundle",
    "--format=iife",
    "--target=es2020",
    "--charset=utf8",
    '--banner:js="use strict";',
    "--log-level=warning",
)

# A lab's root: an element with data-lab="<name>" (not data-lab-…, and not escaped text).
_LAB_ROOT = re.compile(r"<[a-zA-Z][^<>]*\sdata-lab=\"[^\"]+\"")
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)


class BundleError(RuntimeError):
    """A browser bundle could not be made; the message names its entry point."""


def bundle(entry: Path, esbuild: Path = ESBUILD) -> str:
    """``entry`` and every module it imports as one classic script (an IIFE), by esbuild."""
    if not esbuild.is_file():
        raise BundleError(
            f"cannot bundle {entry}: esbuild is missing ({esbuild}); run `make setup` (npm ci) first"
        )
    try:
        result = subprocess.run(
            [str(esbuild), str(entry), *ESBUILD_ARGS],
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
            timeout=120,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BundleError(f"cannot bundle {entry}: esbuild did not run ({error})") from error
    if result.returncode != 0 or not result.stdout.strip():
        raise BundleError(f"cannot bundle {entry}: esbuild failed\n{result.stderr.strip()}")
    return result.stdout


def lab_script() -> str:
    """The labs' bundle: the engine, the lab kit and every lab, mounted by ``main.mjs``."""
    return bundle(LAB_ENTRY)


@cache
def vega_script() -> str:
    """vega-embed with Vega and Vega-Lite, offline, in its own function scope."""
    script = default_cache().text(
        "vega-bundle",
        (package_version("vl-convert-python"), VEGA_SNIPPET),
        lambda: vl_convert.javascript_bundle(snippet=VEGA_SNIPPET),
    )
    return f"(function () {{\n{script}\n}})();\n"


def lab_sources() -> dict[str, str]:
    """Site path -> script text."""
    return {LAB_SCRIPT: lab_script(), VEGA_SCRIPT: vega_script()}


def has_lab(html: str) -> bool:
    """Does this page hold a lab (an element with ``data-lab="<name>"``)?"""
    return _LAB_ROOT.search(html) is not None


def with_lab_script(html: str, script_url: str) -> str:
    """The page with the lab bundle loaded at the end of its body, if it holds a lab.

    The tag goes after every other script of the page (storage.js opens the namespace the
    labs mount through); a page without a lab comes back unchanged.
    """
    if not has_lab(html):
        return html
    ends = list(_BODY_END.finditer(html))
    if not ends:
        raise ValueError("a page with a lab has no </body> to load the lab's script before")
    at = ends[-1].start()
    tag = f'<script src="{escape(script_url)}"></script>\n'
    return html[:at] + tag + html[at:]
