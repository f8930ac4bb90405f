"""The packages as files: the offline zip, the SCORM 1.2 zip and its manifest, the embed site.

The pure parts (font inlining, page closure, manifest text) are tested on small inputs;
the packages themselves are built once per module with ``python -m generator package``'s
code and checked as an LMS or a reader would receive them.
"""

from __future__ import annotations

import base64
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from generator.cli import main
from generator.course import package as packaging
from generator.course.lessons import lessons
from generator.course.offline_bundle import FOLDER, inline_fonts
from generator.course.page_files import linked_pages, page_files
from generator.course.scorm_manifest import ADLCP, IMSCP, Sco, manifest_xml
from generator.course.scorm_package import lesson_pages, scorm_entries
from generator.course.zip_archive import write_zip
from tests.course.texts import nav

ROOT = Path(__file__).resolve().parents[2]
KATEX_FONTS = ROOT / "node_modules" / "katex" / "dist" / "fonts"
NS = {"cp": IMSCP, "adlcp": ADLCP}
# In the course's order, the navigation's: the prerequisite first.
# Every lesson's page, in the course's order (the navigation).
LESSON_SOURCES = [
    ROOT / "docs" / f"{page.removesuffix('.html')}.md"
    for page in packaging.navigation_pages(packaging.CONFIGS["scorm"])
    if page.removesuffix(".html").removeprefix("lessons/") in lessons()
]


# ---------- pure parts ----------


def test_inline_fonts_replaces_each_relative_font_and_nothing_else() -> None:
    css = (
        "@font-face{src:url(fonts/A.woff2) format('woff2')}"
        '.x{background:url("img/b.png")}'
        "@font-face{src:url('../f/C.ttf')}"
        ".y{background:url(data:image/png;base64,AAAA)}"
        "@font-face{src:url(https://elsewhere.example/D.woff2)}"
    )
    fonts = {"fonts/A.woff2": b"\x00woff2 A", "../f/C.ttf": b"ttf C"}
    out, inlined = inline_fonts(css, fonts.__getitem__)
    assert inlined == set(fonts)
    a = base64.b64encode(fonts["fonts/A.woff2"]).decode()
    c = base64.b64encode(fonts["../f/C.ttf"]).decode()
    assert f"url(\"data:font/woff2;base64,{a}\") format('woff2')" in out
    assert f'url("data:font/ttf;base64,{c}")' in out
    assert 'url("img/b.png")' in out
    assert "url(data:image/png;base64,AAAA)" in out
    assert "url(https://elsewhere.example/D.woff2)" in out


def _site(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_page_files_follows_html_css_and_module_imports(tmp_path: Path) -> None:
    site = _site(
        tmp_path,
        {
            "lessons/a.html": (
                '<link rel="stylesheet" href="../css/a.css"><link rel="prev" href="../index.html">'
                '<link rel="icon" href="../i.png"><script src="../js/a.js"></script>'
                '<img srcset="../p1.png 1x, ../p2.png 2x"><a href="#top">top</a>'
                '<a href="b.html#x">b</a><a href="https://example.org/">out</a>'
            ),
            "lessons/b.html": "",
            "index.html": "",
            "css/a.css": "@import 'b.css'; .k{src:url(../fonts/k.woff2)}",
            "css/b.css": ".b{background:url('data:image/png;base64,AA')}",
            "fonts/k.woff2": "",
            "js/a.js": (
                'import { x } from "./lib/x.mjs";'
                'const own = new URL("../vendor/v.js", document.currentScript.src);'
                'const other = new URL("../versions.json", config.base);'
            ),
            "vendor/v.js": "",
            "js/lib/x.mjs": "export const x = 1;",
            "i.png": "",
            "p1.png": "",
            "p2.png": "",
            "unused.js": "",
        },
    )
    assert page_files(site, "lessons/a.html") == [
        "lessons/a.html",
        "css/a.css",
        "css/b.css",
        "fonts/k.woff2",
        "i.png",
        "js/a.js",
        "js/lib/x.mjs",
        "p1.png",
        "p2.png",
        "vendor/v.js",
    ]
    assert linked_pages(site, "lessons/a.html") == ["index.html", "lessons/b.html"]


def test_page_files_fails_on_a_missing_file_or_one_outside_the_site(tmp_path: Path) -> None:
    site = _site(
        tmp_path / "site", {"a.html": '<script src="gone.js"></script>', "b.html": '<img src="../x.png">'}
    )
    with pytest.raises(FileNotFoundError, match=r"gone\.js"):
        page_files(site, "a.html")
    with pytest.raises(ValueError, match="outside the site"):
        page_files(site, "b.html")


def test_a_lesson_linking_to_another_page_is_no_sco(tmp_path: Path) -> None:
    script = '<script src="../s.js" data-mastery-percent="{}"></script>'
    site = _site(
        tmp_path,
        {
            "lessons/a.html": "<title>A - Course</title>" + script.format(80),
            "lessons/b.html": '<title>B - Course</title><a href="a.html">A</a>' + script.format(80),
            "s.js": "",
        },
    )
    with pytest.raises(ValueError, match=r"lessons/b\.html links to other pages.*lessons/a\.html"):
        scorm_entries(site, "Course")
    (site / "lessons" / "b.html").write_text("<title>B &amp; C - Course</title>" + script.format(70))
    with pytest.raises(ValueError, match="disagree on the pass mark"):
        scorm_entries(site, "Course")
    (site / "lessons" / "b.html").write_text("<title>B &amp; C - Course</title>" + script.format(80))
    entries = scorm_entries(site, "Course")
    assert set(entries) == {"imsmanifest.xml", "lessons/a.html", "lessons/b.html", "s.js"}
    # The glossary is the one page a lesson may link to: it and its files join the SCO.
    (site / "glossary.html").write_text('<link rel="stylesheet" href="g.css">')
    (site / "g.css").write_text("")
    (site / "lessons" / "a.html").write_text(
        '<title>A - Course</title><a href="../glossary.html#x">용어집</a>' + script.format(80)
    )
    entries = scorm_entries(site, "Course")
    assert {"glossary.html", "g.css"} <= set(entries)
    first = ET.fromstring(entries["imsmanifest.xml"]).find(".//cp:resource", NS)
    assert first is not None
    assert [file.get("href") for file in first.iterfind("cp:file", NS)] == [
        "lessons/a.html",
        "s.js",
        "g.css",
        "glossary.html",
    ]
    titles = ET.fromstring(entries["imsmanifest.xml"]).findall(".//cp:item/cp:title", NS)
    assert [title.text for title in titles] == ["A", "B & C"]


def test_manifest_refuses_a_bad_mastery_score_and_a_sco_not_launched_from_its_first_file() -> None:
    sco = Sco("a", "A", "lessons/a.html", ("lessons/a.html",))
    with pytest.raises(ValueError, match="0 to 100"):
        manifest_xml("c", "C", [sco], 101)
    with pytest.raises(ValueError, match="launch page"):
        Sco("a", "A", "lessons/a.html", ("x.css", "lessons/a.html"))


def test_zips_are_byte_identical_for_identical_content(tmp_path: Path) -> None:
    entries = {"b/c.txt": b"two", "a.txt": b"one"}
    first = write_zip(tmp_path / "1.zip", entries).read_bytes()
    second = write_zip(tmp_path / "2.zip", dict(reversed(entries.items()))).read_bytes()
    assert first == second
    with zipfile.ZipFile(tmp_path / "1.zip") as archive:
        assert archive.namelist() == ["a.txt", "b/c.txt"]
        assert archive.read("b/c.txt") == b"two"


def test_cli_refuses_a_mastery_outside_0_to_100(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["package", "scorm", "--mastery", "101"])
    assert exit_info.value.code == 2
    assert "--mastery must be an integer from 0 to 100" in capsys.readouterr().err


# ---------- the built packages ----------


def test_offline_bundle_is_the_whole_site_with_katex_fonts_inlined(
    package_of: Callable[[str], Path], built_site: Path
) -> None:
    bundle = package_of("offline")
    with zipfile.ZipFile(bundle) as archive:
        names = set(archive.namelist())
        css = archive.read(f"{FOLDER}/assets/vendor/katex/katex.min.css").decode()
        lesson = archive.read(f"{FOLDER}/lessons/composition.html").decode()
    assert all(name.startswith(f"{FOLDER}/") for name in names)
    site = {path.relative_to(built_site).as_posix() for path in built_site.rglob("*") if path.is_file()}
    fonts = {name for name in site if name.startswith("assets/vendor/katex/fonts/")}
    assert len(fonts) == len(list(KATEX_FONTS.glob("*.woff2"))) > 0
    assert {name.removeprefix(f"{FOLDER}/") for name in names} == site - fonts
    assert "url(fonts/" not in css
    for font in KATEX_FONTS.glob("*.woff2"):
        encoded = base64.b64encode(font.read_bytes()).decode()
        assert f'url("data:font/woff2;base64,{encoded}")' in css, font.name
    assert 'data-md-component="header"' in lesson  # the full site, navigation and all
    print(f"offline bundle: {bundle.stat().st_size:,} bytes")


def _manifest(archive: zipfile.ZipFile) -> ET.Element:
    return ET.fromstring(archive.read("imsmanifest.xml"))


def test_scorm_manifest_is_complete_and_matches_the_zip(package_of: Callable[[str], Path]) -> None:
    scorm = package_of("scorm")
    with zipfile.ZipFile(scorm) as archive:
        names = set(archive.namelist())
        root = _manifest(archive)
        pages = {name: archive.read(name).decode() for name in names if name.endswith(".html")}
    print(f"SCORM package: {scorm.stat().st_size:,} bytes")
    assert root.tag == f"{{{IMSCP}}}manifest"
    assert root.get("identifier")
    assert root.findtext("cp:metadata/cp:schema", namespaces=NS) == "ADL SCORM"
    assert root.findtext("cp:metadata/cp:schemaversion", namespaces=NS) == "1.2"
    organizations = root.find("cp:organizations", NS)
    assert organizations is not None
    default = organizations.get("default")
    organization = organizations.find(f"cp:organization[@identifier='{default}']", NS)
    assert organization is not None
    assert organization.findtext("cp:title", namespaces=NS) == "Composition Lab"
    identifiers = [element.get("identifier") for element in root.iter() if element.get("identifier")]
    assert len(identifiers) == len(set(identifiers))

    resources = {
        resource.get("identifier"): resource for resource in root.iterfind("cp:resources/cp:resource", NS)
    }
    items = organization.findall("cp:item", NS)
    # One SCO per lesson source, each item pointing at a SCO resource launched at its page.
    assert len(items) == len(resources) == len(LESSON_SOURCES) > 0
    referenced: set[str] = set()
    for item, source in zip(items, LESSON_SOURCES, strict=True):
        resource = resources[item.get("identifierref")]
        assert item.findtext("cp:title", namespaces=NS)
        assert item.findtext("adlcp:masteryscore", namespaces=NS) == "80"
        assert resource.get("type") == "webcontent"
        assert resource.get(f"{{{ADLCP}}}scormtype") == "sco"
        launch = resource.get("href")
        assert launch == f"lessons/{source.stem}.html"
        files = [file.get("href") for file in resource.iterfind("cp:file", NS)]
        assert files[0] == launch
        assert len(files) == len(set(files))
        referenced |= set(files)
        # Every file the page loads is listed: the closure computed from the zip's own bytes.
        html = pages[launch]
        for url in re.findall(r'(?:src|href)="([^"#:]+)"', html):
            target = str(Path(launch).parent / url).replace("lessons/../", "")
            assert target in files, f"{launch} loads {url}, not listed"
    assert referenced <= names, sorted(referenced - names)
    assert names - {"imsmanifest.xml"} == referenced, sorted(names - referenced)


def test_scorm_lessons_show_no_course_navigation_and_link_to_no_other_page(
    package_of: Callable[[str], Path],
) -> None:
    with zipfile.ZipFile(package_of("scorm")) as archive:
        for launch in (
            resource.get("href") for resource in _manifest(archive).iterfind(".//cp:resource", NS)
        ):
            html = archive.read(str(launch)).decode()
            for component in ("md-header__inner", "md-search", 'data-md-type="navigation"', "md-footer"):
                assert component not in html, (launch, component)
            assert 'data-md-type="toc"' in html  # the lesson's own contents stay
            links = re.findall(r'<(?:a|link)\b[^>]*\bhref="([^"]*)"', html)
            pages = [href for href in links if ".html" in href and not href.startswith("#")]
            # Only the glossary, which each SCO carries, in a window of its own.
            assert {href.split("#")[0] for href in pages} <= {"../glossary.html"}, (launch, pages)
            assert pages, f"{launch} links to the glossary"
            for link in re.findall(r'<a\b[^>]*\bhref="\.\./glossary\.html[^"]*"[^>]*>', html):
                assert 'target="_blank"' in link, link
                assert 'rel="noopener"' in link, link
            assert 'data-mastery-percent="80"' in html
        glossary = archive.read("glossary.html").decode()
        assert "scorm.js" not in glossary, "the glossary is no SCO and reports nothing"
        assert re.findall(r'<a\b[^>]*\bhref="[^"#]*lessons/', glossary) == [], "its lesson links are text"


def test_scorm_mastery_is_configurable_and_the_same_in_manifest_and_pages(tmp_path: Path) -> None:
    assert main(["package", "scorm", "--out", str(tmp_path), "--mastery", "70"]) == 0
    with zipfile.ZipFile(tmp_path / packaging.OUTPUTS["scorm"]) as archive:
        scores = {element.text for element in _manifest(archive).iter(f"{{{ADLCP}}}masteryscore")}
        launches = [name for name in archive.namelist() if name.startswith("lessons/")]
        pages = [archive.read(name).decode() for name in launches]
        marks = {mark for page in pages for mark in re.findall(r'data-mastery-percent="(\d+)"', page)}
    assert scores == marks == {"70"}


def test_embed_pages_are_only_the_lesson(package_of: Callable[[str], Path]) -> None:
    embed = package_of("embed")
    for source in LESSON_SOURCES:
        html = (embed / "lessons" / f"{source.stem}.html").read_text(encoding="utf-8")
        for component in (
            "md-header__inner",
            'data-md-component="sidebar"',
            "md-footer",
            "md-tabs",
        ):
            assert component not in html, (source.stem, component)
        assert '<script src="../assets/javascripts/embed.js"></script>' in html
        assert "scorm.js" not in html


def test_hosted_site_loads_neither_runtime(built_site: Path) -> None:
    html = (built_site / "lessons" / "composition.html").read_text(encoding="utf-8")
    assert "scorm.js" not in html
    assert "embed.js" not in html
    assert 'data-md-component="header"' in html


def test_lessons_follow_the_navigation(tmp_path: Path) -> None:
    (tmp_path / "lessons").mkdir()
    for name in ("a", "b", "c"):
        (tmp_path / "lessons" / f"{name}.html").write_text("<p></p>", encoding="utf-8")
    order = ["index.html", "lessons/c.html", "lessons/a.html"]
    assert lesson_pages(tmp_path, order) == ["lessons/c.html", "lessons/a.html", "lessons/b.html"]
    assert lesson_pages(tmp_path) == ["lessons/a.html", "lessons/b.html", "lessons/c.html"]


def test_the_course_order_is_the_navigation_of_each_config() -> None:
    """Every package (offline, SCORM, embed, handout) orders its pages as mkdocs.yml's nav does."""
    order = [path.removesuffix(".md") + ".html" for _, path in nav()]
    assert order[:2] == ["index.html", "lessons/events.html"]
    for config in packaging.CONFIGS.values():
        assert packaging.navigation_pages(config) == order, config
