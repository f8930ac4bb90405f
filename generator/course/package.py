"""``python -m generator package {offline,scorm,embed}``: build a variant of the site and package it.

Each kind is a strict MkDocs build with its own config, then one packaging step:

============  =================  ==============================================
kind          config             output (under ``--out``, default ``dist/``)
============  =================  ==============================================
``offline``   mkdocs.yml         ``composition-lab-offline.zip``
``scorm``     mkdocs.scorm.yml   ``composition-lab-scorm12.zip``
``embed``     mkdocs.embed.yml   ``embed/``: a site to publish and put in iframes
``handout``   mkdocs.yml         ``handout/<lesson>.pdf``: each lesson printed (needs chromium)
============  =================  ==============================================

The build runs in a child process, as ``mkdocs build`` would from the shell, into a
temporary folder; the output replaces the old one only once it is complete. The SCORM
package lists its lessons in the navigation's order (:func:`navigation_pages`), the
prerequisite first; the handout prints them (:mod:`generator.course.handout`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from mkdocs.config import load_config

from generator.course.course_name import SLUG
from generator.course.handout import write_handouts
from generator.course.offline_bundle import write_offline_bundle
from generator.course.scorm_package import lesson_pages, page_title, write_scorm_package

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "dist"
CONFIGS = {
    "offline": "mkdocs.yml",
    "scorm": "mkdocs.scorm.yml",
    "embed": "mkdocs.embed.yml",
    "handout": "mkdocs.yml",
}
OUTPUTS = {
    "offline": f"{SLUG}-offline.zip",
    "scorm": f"{SLUG}-scorm12.zip",
    "embed": "embed",
    "handout": "handout",
}
MASTERY_VARIABLE = "COMPOSITION_LAB_MASTERY"  # read by mkdocs.scorm.yml (extra.scorm_mastery)


class BuildError(RuntimeError):
    """The MkDocs build of a variant failed; the message holds its output."""


def build_site(config: str, site_dir: Path, environment: dict[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", config, "--site-dir", str(site_dir)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **environment},
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise BuildError(f"mkdocs build -f {config} failed:\n{result.stdout}{result.stderr}")


def _nav_pages(items: list[object]) -> Iterator[str]:
    for item in items:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            yield from _nav_pages(value)
        elif isinstance(value, str) and value.endswith(".md"):
            yield value.removesuffix(".md") + ".html"


def navigation_pages(config: str) -> list[str]:
    """The site paths of a config's pages in the order of its ``nav``."""
    loaded = load_config(config_file=str(ROOT / config))
    return list(_nav_pages(loaded["nav"] or []))


def package(kind: str, out: Path = DEFAULT_OUT, mastery_percent: int | None = None) -> Path:
    """Build the ``kind`` variant and write its output under ``out``; returns the output's path."""
    environment = {} if mastery_percent is None else {MASTERY_VARIABLE: str(mastery_percent)}
    target = out / OUTPUTS[kind]
    with tempfile.TemporaryDirectory(prefix=f"{SLUG}-{kind}-") as temporary:
        site_dir = Path(temporary) / "site"
        build_site(CONFIGS[kind], site_dir, environment)
        if kind == "offline":
            return write_offline_bundle(site_dir, target)
        if kind == "scorm":
            site_name = page_title((site_dir / "index.html").read_text(encoding="utf-8"), "")
            return write_scorm_package(site_dir, site_name, target, navigation_pages(CONFIGS[kind]))
        made = site_dir
        if kind == "handout":
            made = Path(temporary) / "handout"
            write_handouts(site_dir, lesson_pages(site_dir, navigation_pages(CONFIGS[kind])), made)
        out.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(made, target)
        return target
