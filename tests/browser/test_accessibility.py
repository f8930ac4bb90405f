"""axe-core on every page of every build: no serious or critical violation anywhere.

The hosted site is checked at 1280 and 390 px, and in the dark scheme at 390 px, and with
the composition lab in each of its modes (the XOR note and the copy mode's panel show only
there); the offline bundle (from disk), the SCORM package's pages and the embed site at
390 px, where long formulas and tables scroll inside their boxes. Each page is checked
whole, after its labs have mounted and drawn their charts, so Material's own markup (the
search dialog) is checked too.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import material
import pytest

from generator.course.offline_bundle import FOLDER
from tests.conftest import ROOT
from tests.harness.support import served

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
MATERIAL_SEARCH = Path(material.__file__).parent / "templates" / "partials" / "search.html"
OUR_SEARCH = ROOT / "site_overrides" / "partials" / "search.html"
_DIALOG = 'role="dialog"'
_NAMED_DIALOG = _DIALOG + " aria-label=\"{{ lang.t('search') }}\""


_CHARTED = (
    "() => [...document.querySelectorAll('[data-lab]')].every((lab) => lab.hasAttribute('data-lab-charted'))"
)


def pages_of(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html")


def serious_violations(page: Any) -> list[tuple[str, str, list[Any]]]:
    """axe's serious and critical findings on the whole page, once its labs have drawn."""
    page.wait_for_function(_CHARTED)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        (found["id"], found["impact"], [node["target"] for node in found["nodes"]][:5])
        for found in result["violations"]
        if found["impact"] in ("serious", "critical")
    ]


def check(
    new_page: Callable[..., tuple[Any, Any]], urls: list[str], width: int, color_scheme: str = "light"
) -> None:
    page, log = new_page(viewport={"width": width, "height": 900}, color_scheme=color_scheme)
    scheme = "slate" if color_scheme == "dark" else "default"
    found = {}
    for url in urls:
        page.goto(url)
        assert page.evaluate("document.body.dataset.mdColorScheme") == scheme, url
        violations = serious_violations(page)
        if violations:
            found[url] = violations
    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)
    assert log.page_errors == []


@pytest.fixture(scope="module")
def hosted_pages(built_site: Path, site_url: str) -> list[str]:
    return [site_url + page for page in pages_of(built_site)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_hosted_site(new_page: Any, hosted_pages: list[str], width: int) -> None:
    check(new_page, hosted_pages, width)


def test_the_hosted_site_in_the_dark_scheme(new_page: Any, hosted_pages: list[str]) -> None:
    """A reader whose system is dark gets Material's dark scheme, and it passes as the light one."""
    check(new_page, hosted_pages, 390, color_scheme="dark")


def test_the_composition_lab_in_every_mode(new_page: Any, site_url: str) -> None:
    lesson = site_url + "lessons/composition.html"
    check(
        new_page,
        [f"{lesson}?mode={mode}&k=3&p=75&alpha=3.0&delta=0&alpha0=3.0#lab" for mode in ("copy", "xor")],
        1280,
    )


def test_the_offline_bundle_from_disk(
    new_page: Any, package_of: Callable[[str], Path], tmp_path: Path
) -> None:
    with zipfile.ZipFile(package_of("offline")) as archive:
        archive.extractall(tmp_path)
    site = tmp_path / FOLDER
    check(new_page, [(site / page).as_uri() for page in pages_of(site)], 390)


@pytest.fixture
def unzipped_scorm(package_of: Callable[[str], Path], tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    with zipfile.ZipFile(package_of("scorm")) as archive:
        archive.extractall(tmp_path)
        launches = re.findall(r'<resource [^>]*href="([^"]+)"', archive.read("imsmanifest.xml").decode())
    with served(tmp_path) as url:
        yield url, launches


def test_the_scorm_packages_lessons(new_page: Any, unzipped_scorm: tuple[str, list[str]]) -> None:
    url, launches = unzipped_scorm
    assert launches
    check(new_page, [url + launch for launch in launches], 390)


def test_the_embed_site(new_page: Any, package_of: Callable[[str], Path]) -> None:
    site = package_of("embed")
    with served(site) as url:
        check(new_page, [url + page for page in pages_of(site) if page.startswith("lessons/")], 390)


def test_the_search_dialog_override_is_materials_own_with_a_name() -> None:
    """site_overrides/partials/search.html is the pinned Material's file plus the dialog's
    name: an upgrade of Material that changes the partial fails here until it is copied again."""
    ours = OUR_SEARCH.read_text(encoding="utf-8")
    material = MATERIAL_SEARCH.read_text(encoding="utf-8")
    assert ours.count(_NAMED_DIALOG) == 1
    body = ours.replace(_NAMED_DIALOG, _DIALOG).split("-#}\n", 1)[1]
    assert body == material.split("-#}\n", 1)[1]
