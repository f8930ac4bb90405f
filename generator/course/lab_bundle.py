"""The browser's lab code, bundled into classic scripts at build time, and the pages that load it.

Chromium refuses ``<script type="module" src=…>`` and ``fetch()`` under ``file://``, and the
offline bundle is opened from disk, so the browser gets plain scripts only. The sources are
ES modules that node imports in its tests (``tests/js``):

- the generic lab kit and exact machinery, ``site_overrides/assets/javascripts/lab/kit/*.mjs``
  and ``exact/*.mjs``, which every lab imports as ``#lab/kit/…`` and ``#lab/exact/…`` (the
  ``imports`` map of ``package.json``, which node and esbuild both read);
- each lab's own modules in its lesson folder, ``generator/lessons/<slug>/lab/``: its BigInt
  engine, its definition for the kit, and ``main.mjs``, the entry point
  (``Lesson.lab_entry``) that registers the lab with the kit (``kit/start.mjs``).

Each lab becomes one script, ``assets/javascripts/lab/<slug>.js``: its entry and all it
imports, bundled by the esbuild that ``package.json`` pins (``node_modules/.bin/esbuild
--bundle --format=iife --target=es2020``, strict), so the modules share one function scope
and define no global but what the entry publishes. A missing esbuild or a bundling error
stops the build with a message naming the entry point (:class:`BundleError`).

``assets/vendor/vega/vega-embed.js`` is ``vl_convert.javascript_bundle()`` (vega-embed with
Vega and Vega-Lite) with a snippet that assigns ``window.vegaEmbed``, its top-level
``const`` declarations wrapped in a function scope. A lab loads it on its first chart. It is
kept in the build cache (:mod:`generator.course.build_cache`), keyed by vl-convert's version
and the snippet: making it takes seconds, and it changes only with vl-convert.

Nothing bundled is committed: :mod:`generator.course.site_assets` adds these texts to the
build as generated files, and drops the ``.mjs`` sources from the site.

A page loads the script of each lab it holds and no other (:func:`with_lab_scripts`, a
``str -> str`` transform of the built page that the hooks apply): the home page loads no
lab code, and a page with a lab that has no script is an error.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import vl_convert
from markupsafe import Markup

from generator.course.build_cache import default_cache, package_version
from generator.course.lessons import lessons

ROOT = Path(__file__).resolve().parents[2]
LAB_KIT = ROOT / "site_overrides" / "assets" / "javascripts" / "lab"
LAB_SCRIPTS = "assets/javascripts/lab"
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
_LAB_ROOT = re.compile(r"<[a-zA-Z][^<>]*\sdata-lab=\"(?P<name>[^\"]+)\"")
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)


class BundleError(RuntimeError):
    """A browser bundle could not be made; the message names its entry point."""


def bundle(entry: Path, esbuild: Path = ESBUILD, source: str | None = None) -> str:
    """``entry`` and every module it imports as one classic script (an IIFE), by esbuild.
    With ``source``, the entry is that text, read as if it were the file ``entry`` (a
    lesson's entry is written by the course, :func:`entry_source`)."""
    if not esbuild.is_file():
        raise BundleError(
            f"cannot bundle {entry}: esbuild is missing ({esbuild}); run `make setup` (npm ci) first"
        )
    command = [str(esbuild), *(("--sourcefile=" + entry.name,) if source is not None else (str(entry),))]
    try:
        result = subprocess.run(
            [*command, *ESBUILD_ARGS],
            input=source,
            cwd=entry.parent,
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


def entry_source(modules: Mapping[str, Path]) -> str:
    """The entry of a lesson's bundle: it imports each lab's module and starts them by name
    (kit/start.mjs's ``startLabModules``)."""
    lines = ["import { startLabModules } from '#lab/kit/start.mjs';"]
    names = []
    for index, (name, module) in enumerate(modules.items()):
        lines.append(f"import * as lab{index} from './{module.name}';")
        names.append(f"{json.dumps(name)}: lab{index}")
    lines.append(f"startLabModules({{ {', '.join(names)} }});")
    return "\n".join(lines) + "\n"


def lab_script_path(lesson: str) -> str:
    """Where the script of a lesson's labs is in the site."""
    return f"{LAB_SCRIPTS}/{lesson}.js"


def lab_entries() -> dict[str, tuple[Path, str]]:
    """Lesson slug -> the entry that starts its labs: the path it is read as, and its text
    (written by the course: :func:`entry_source`), for every lesson with a lab."""
    return {
        slug: (lesson.folder / "lab" / "index.mjs", entry_source(lesson.lab_modules))
        for slug, lesson in lessons().items()
        if lesson.labs
    }


def lab_scripts(lesson_id: str | None) -> dict[str, str]:
    """Lab name -> the site path of its script, for a page of ``lesson_id``: the bundle of its
    lesson (lab names are scoped to the page's lesson; a page of no lesson holds no lab)."""
    lesson = lessons().get(lesson_id) if lesson_id else None
    if lesson is None:
        return {}
    return {lab.name: lab_script_path(lesson.slug) for lab in lesson.labs}


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
    """Site path -> script text: every lab's bundle, and vega-embed."""
    scripts = {
        lab_script_path(name): bundle(path, source=text) for name, (path, text) in lab_entries().items()
    }
    return {**scripts, VEGA_SCRIPT: vega_script()}


def labs_of(html: str) -> list[str]:
    """The names of the labs a page holds (elements with ``data-lab="<name>"``), in page order."""
    return list(dict.fromkeys(match["name"] for match in _LAB_ROOT.finditer(html)))


def with_lab_scripts(html: str, script_urls: Mapping[str, str]) -> str:
    """The page with the script of each lab it holds loaded at the end of its body.

    ``script_urls`` maps a lab's name to its script's URL from this page; labs that share a
    script load it once. The tags go after
    every other script of the page (storage.js opens the namespace the labs mount through);
    a page without a lab comes back unchanged, and a lab with no script is an error.
    """
    names = labs_of(html)
    if not names:
        return html
    unknown = [name for name in names if name not in script_urls]
    if unknown:
        raise ValueError(f"the page holds the lab {unknown[0]!r}, which has no script")
    ends = list(_BODY_END.finditer(html))
    if not ends:
        raise ValueError("a page with a lab has no </body> to load the lab's script before")
    at = ends[-1].start()
    urls = dict.fromkeys(script_urls[name] for name in names)  # two labs of a lesson share a script
    tags = "".join(Markup('<script src="{}"></script>\n').format(url) for url in urls)
    return html[:at] + tags + html[at:]
