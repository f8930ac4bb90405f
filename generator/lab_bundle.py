"""The lab's scripts as classic scripts, written into the site at build time.

Chromium refuses ``<script type="module" src=…>`` and ``fetch()`` under ``file://``, and the
offline bundle is opened from disk, so the browser gets plain scripts only:

- ``assets/javascripts/lab/engine.js``: the ES module ``engine.mjs`` (which node imports in
  its tests) wrapped in a function scope. The module has no import and exports only
  top-level ``function``/``const`` declarations, so dropping each ``export`` keyword and
  publishing the exported names on ``window.CompositionLabEngine`` gives the same code as
  a classic script. Any other module syntax is refused rather than half-converted.
- ``assets/vendor/vega/vega-embed.js``: ``vl_convert.javascript_bundle()`` (vega-embed with
  Vega and Vega-Lite) with a snippet that assigns ``window.vegaEmbed``. Its own top-level
  ``const`` declarations are wrapped in a function scope so they cannot collide with other
  scripts. The bundle is kept in the build cache (:mod:`generator.build_cache`), keyed by
  vl-convert's version and the snippet: making it takes seconds, and it changes only with
  vl-convert.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import vl_convert

from generator.build_cache import default_cache, package_version

ROOT = Path(__file__).resolve().parent.parent
ENGINE_MODULE = ROOT / "site_overrides" / "assets" / "javascripts" / "lab" / "engine.mjs"
ENGINE_SCRIPT = "assets/javascripts/lab/engine.js"
ENGINE_GLOBAL = "CompositionLabEngine"
VEGA_SCRIPT = "assets/vendor/vega/vega-embed.js"
VEGA_SNIPPET = "window.vegaEmbed = vegaEmbed;"

_EXPORT = re.compile(r"^export (?P<kind>function|const) (?P<name>[A-Za-z_$][\w$]*)", re.MULTILINE)
_OTHER_MODULE_SYNTAX = re.compile(r"^\s*(?:import\b|export\b)|\bimport\.meta\b", re.MULTILINE)


def classic_script(module: str, global_name: str) -> str:
    """An import-free ES module as a classic script publishing its exports on ``window``."""
    names = [match["name"] for match in _EXPORT.finditer(module)]
    body = _EXPORT.sub(lambda match: f"{match['kind']} {match['name']}", module)
    leftover = _OTHER_MODULE_SYNTAX.search(body)
    if leftover:
        raise ValueError(f"module syntax a classic script cannot hold: {leftover.group().strip()!r}")
    if not names:
        raise ValueError("the module exports nothing")
    exports = ", ".join(names)
    return (
        "(function () {\n'use strict';\n"
        f"{body}\nwindow.{global_name} = Object.freeze({{ {exports} }});\n}})();\n"
    )


def engine_script() -> str:
    return classic_script(ENGINE_MODULE.read_text(encoding="utf-8"), ENGINE_GLOBAL)


@cache
def vega_script() -> str:
    """vega-embed with Vega and Vega-Lite, offline, in its own function scope."""
    bundle = default_cache().text(
        "vega-bundle",
        (package_version("vl-convert-python"), VEGA_SNIPPET),
        lambda: vl_convert.javascript_bundle(snippet=VEGA_SNIPPET),
    )
    return f"(function () {{\n{bundle}\n}})();\n"


def lab_sources() -> dict[str, str]:
    """Site path -> script text."""
    return {ENGINE_SCRIPT: engine_script(), VEGA_SCRIPT: vega_script()}
