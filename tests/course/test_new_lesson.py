"""A new lesson is a folder, a page and one nav line, as AUTHORING.md says: nothing else.

In a scratch copy of the checkout (its tracked files), the events lesson's folder is copied
under a new slug (``rehearsal``: its own modules import each other by the new package's
name), its page is copied with a new title and an opening that links the lesson it builds
on (named in its front matter's ``requires``), and one line is added to ``mkdocs.yml``'s nav.
No other file of the copy is edited. Then, in the copy:

- the site builds with ``--strict``; the new page is in the navigation and on the home
  page's lesson list;
- the offline zip holds the page, and the SCORM 1.2 manifest lists it as a SCO, after the
  lesson it follows in the nav;
- the handout prints it (Debian chromium);
- the contract tests of every lesson page and its references hold it and pass.

The copy shares this checkout's build cache (entries are keyed by their inputs' digests and
written by rename, so sharing is safe) and its ``node_modules``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from pypdf import PdfReader

from generator.course.build_cache import DEFAULT_DIRECTORY, DIRECTORY_VARIABLE
from generator.course.offline_bundle import FOLDER
from generator.course.scorm_manifest import IMSCP

ROOT = Path(__file__).resolve().parents[2]
SLUG = "rehearsal"
TITLE = "리허설: 사건과 DP 부등식 다시 보기"
NAV_AFTER = "  - 사건과 DP 부등식: lessons/events.md\n"
NAV_LINE = f"  - 리허설: lessons/{SLUG}.md\n"
OPENING = "[사건 단원](events.md)에서 본 부등식을 같은 예로 한 번 더 살펴본다."


def _tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout
    return [name for name in listed.split("\0") if name]


def _add_lesson(copy: Path) -> None:
    """The three steps of AUTHORING.md's "Adding a lesson", done to a copy of events."""
    folder = copy / "generator" / "lessons" / SLUG
    shutil.copytree(copy / "generator" / "lessons" / "events", folder)
    for module in folder.rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        module.write_text(
            text.replace("generator.lessons.events", f"generator.lessons.{SLUG}"), encoding="utf-8"
        )
    page = (copy / "docs" / "lessons" / "events.md").read_text(encoding="utf-8")
    heading = next(line for line in page.splitlines() if line.startswith("# "))
    # Its own title; it builds on the lesson it copies, so it says so (front matter and opening).
    page = page.replace("---\n", "---\nrequires: [events]\n", 1)
    page = page.replace(heading, f"# {TITLE}\n\n{OPENING}", 1)
    (copy / "docs" / "lessons" / f"{SLUG}.md").write_text(page, encoding="utf-8")
    config = (copy / "mkdocs.yml").read_text(encoding="utf-8")
    assert config.count(NAV_AFTER) == 1
    (copy / "mkdocs.yml").write_text(config.replace(NAV_AFTER, NAV_AFTER + NAV_LINE), encoding="utf-8")


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("new-lesson") / "course"
    for name in _tracked_files():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    _add_lesson(root)
    return root


def _run(copy: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    cache = os.environ.get(DIRECTORY_VARIABLE) or str(ROOT / DEFAULT_DIRECTORY)
    environment = {
        **os.environ,
        DIRECTORY_VARIABLE: cache,
        "PYTHONPATH": str(copy),
        "NO_MKDOCS_2_WARNING": "1",
    }
    result = subprocess.run(
        [sys.executable, *arguments], cwd=copy, env=environment, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"{' '.join(arguments)} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def site(copy: Path) -> Path:
    site_dir = copy / "site"
    _run(copy, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir))
    return site_dir


def test_the_new_lesson_is_in_the_navigation_and_on_the_home_page(site: Path) -> None:
    page = (site / "lessons" / f"{SLUG}.html").read_text(encoding="utf-8")
    assert TITLE in page
    home = (site / "index.html").read_text(encoding="utf-8")
    events, rehearsal = home.find('href="lessons/events.html"'), home.find(f'href="lessons/{SLUG}.html"')
    assert 0 <= events < rehearsal, "the home page lists the new lesson after the one it follows in the nav"
    assert f'href="lessons/{SLUG}.html#experiment"' in home  # its entry on the lesson list
    assert f'href="{SLUG}.html"' in (site / "lessons" / "composition.html").read_text(encoding="utf-8")


def test_the_offline_bundle_and_the_scorm_manifest_hold_it(copy: Path) -> None:
    out = copy / "dist"
    _run(copy, "-m", "generator", "package", "offline", "--out", str(out))
    with zipfile.ZipFile(out / "composition-lab-offline.zip") as bundle:
        assert f"{FOLDER}/lessons/{SLUG}.html" in bundle.namelist()
    _run(copy, "-m", "generator", "package", "scorm", "--out", str(out))
    with zipfile.ZipFile(out / "composition-lab-scorm12.zip") as package:
        manifest = ET.fromstring(package.read("imsmanifest.xml"))
    namespace = {"cp": IMSCP}
    resources = {
        resource.get("identifier"): resource.get("href")
        for resource in manifest.iterfind(".//cp:resource", namespace)
    }
    items = [resources[item.get("identifierref")] for item in manifest.iterfind(".//cp:item", namespace)]
    assert f"lessons/{SLUG}.html" in items
    assert items.index(f"lessons/{SLUG}.html") == items.index("lessons/events.html") + 1


@pytest.mark.browser
def test_the_handout_prints_it(copy: Path, site: Path) -> None:
    out = copy / "handout"
    script = (
        "import sys; from pathlib import Path; "
        "from generator.course.handout import write_handouts; "
        "from generator.course.package import CONFIGS, navigation_pages; "
        "from generator.course.scorm_package import lesson_pages; "
        "site = Path(sys.argv[1]); pages = lesson_pages(site, navigation_pages(CONFIGS['handout'])); "
        "print(' '.join(pages)); "
        f"write_handouts(site, ['lessons/{SLUG}.html'], Path(sys.argv[2]))"
    )
    printed = _run(copy, "-c", script, str(site), str(out)).stdout.split()
    assert f"lessons/{SLUG}.html" in printed
    text = "".join(page.extract_text() for page in PdfReader(out / f"{SLUG}.pdf").pages)
    assert TITLE.replace(" ", "") in text.replace(" ", "").replace("\n", "")


def test_the_contract_tests_hold_it(copy: Path, site: Path) -> None:
    contracts = ["tests/course/test_lesson_pages.py", "tests/course/test_lesson_references.py"]
    arguments = ["-m", "pytest", "-v", "-n", "0", "-p", "no:cacheprovider", "-k", SLUG, *contracts]
    lines = _run(copy, *arguments).stdout.splitlines()
    for contract in contracts:
        held = [line for line in lines if line.startswith(f"{contract}::") and SLUG in line]
        assert held, f"{contract} has no test of the new lesson"
        assert all(" PASSED" in line for line in held), held
