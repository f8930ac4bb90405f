"""The site machinery: a strict build, links, the offline rule, KaTeX at build time, vendor assets.

Most checks read the session's one build of the real site (``built_site``). The failure
cases build a throwaway project of one or two pages that inherits the real ``mkdocs.yml``,
so each costs a small build, not a full one.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape, unescape
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urlsplit

import pytest

from generator.course.chart_files import DIRECTORY
from generator.course.katex_render import (
    KatexError,
    KatexProcess,
    flat_formula,
    lone_symbol,
    render_inline_text,
    render_math,
)
from generator.course.lab_bundle import lab_script_path
from generator.course.lessons import lessons
from generator.course.site_assets import IFRAME_WORKER_SHIM, KATEX_CSS, stylesheet_urls
from generator.course.site_check import foreign_references
from tests.conftest import ROOT, mkdocs_build
from tests.course.texts import nav
from tests.harness.html import parse

LESSON = "lessons/composition.html"
RAW_TEX = (r"\(", r"\[", "$$")
URL_ATTRIBUTES = frozenset({"href", "src", "xlink:href", "poster", "data"})


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


# ---------------------------------------------------------------------------------------
# The strict build


def test_strict_build_passes_without_warnings(build_log: str) -> None:
    warnings = [line for line in build_log.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", line)]
    assert warnings == []


# ---------------------------------------------------------------------------------------
# Internal links and anchors


@dataclass(frozen=True)
class _PageLinks:
    """The ids a page defines and the local URLs it points at."""

    ids: frozenset[str] = frozenset()
    urls: tuple[str, ...] = ()


def _read_links(page: Path) -> _PageLinks:
    tree = parse(page.read_text(encoding="utf-8"))
    ids: set[str] = set()
    urls: list[str] = []
    for node in tree.css("*"):
        for name, value in node.attributes.items():
            if value is None:
                continue
            if name == "id" or (node.tag == "a" and name == "name"):
                ids.add(value)
            elif name in URL_ATTRIBUTES:
                urls.append(value)
            elif name == "srcset":
                urls += [candidate.split()[0] for candidate in value.split(",") if candidate.strip()]
    return _PageLinks(frozenset(ids), tuple(urls))


def _local_target(site: Path, page: Path, url: str) -> tuple[str, str] | None:
    """(site-relative path, fragment) of a local URL; None for another scheme or host."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    here = page.parent.relative_to(site).as_posix()
    path = unquote(parts.path)
    if not path:
        target = page.relative_to(site).as_posix()
    else:
        target = posixpath.normpath(path.lstrip("/") if path.startswith("/") else posixpath.join(here, path))
    return target, unquote(parts.fragment)


def broken_links(site: Path) -> list[str]:
    pages = {page.relative_to(site).as_posix(): _read_links(page) for page in html_pages(site)}
    broken = []
    for name, links in pages.items():
        for url in links.urls:
            local = _local_target(site, site / name, url)
            if local is None:
                continue
            target, fragment = local
            if target.startswith("../") or not (site / target).exists():
                broken.append(f"{name}: {url} (no file {target})")
                continue
            if (site / target).is_dir():
                target = posixpath.join(target, "index.html")
            if fragment and fragment not in pages.get(target, _PageLinks()).ids:
                broken.append(f"{name}: {url} (no id {fragment!r} in {target})")
    return broken


def test_every_internal_link_and_anchor_resolves(built_site: Path) -> None:
    assert len(html_pages(built_site)) >= 3  # home, lesson, 404
    assert broken_links(built_site) == []


def test_the_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "page.html").write_text(
        '<h2 id="here">x</h2><a href="#here">ok</a><a href="../index.html#%ED%95%A9">ok</a>'
        '<a href="#gone">bad</a><a href="missing.html">bad</a><a href="https://example.org/">ok</a>',
        encoding="utf-8",
    )
    (tmp_path / "index.html").write_text('<p id="합">x</p><img src="a/none.png">', encoding="utf-8")
    assert broken_links(tmp_path) == [
        "a/page.html: #gone (no id 'gone' in a/page.html)",
        "a/page.html: missing.html (no file a/missing.html)",
        "index.html: a/none.png (no file a/none.png)",
    ]


def test_every_url_in_the_sites_stylesheets_resolves(built_site: Path) -> None:
    missing = []
    for sheet in sorted(built_site.rglob("*.css")):
        for url in stylesheet_urls(sheet.read_text(encoding="utf-8")):
            if not url.startswith(("data:", "#")) and not (sheet.parent / url.split("?")[0]).is_file():
                missing.append(f"{sheet.relative_to(built_site)}: {url}")
    assert missing == []


# ---------------------------------------------------------------------------------------
# The offline rule


def test_no_built_file_refers_to_another_host(built_site: Path) -> None:
    assert foreign_references(built_site) == []


def test_the_offline_check_catches_each_kind_of_foreign_reference(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text(
        '<link rel="stylesheet" href="https://cdn.example/k.css">'
        '<a href="https://example.org/read-more">a link the reader clicks</a>'
        '<img src="//img.example/x.png" alt=""><img srcset="a.png 1x, https://img.example/b.png 2x" alt="">'
        '<p style="background: url(http://bg.example/x.png)">x</p>'
        "<style>@import 'https://fonts.example/f.css';</style>"
        '<script>el.innerHTML = "<img src=https://js.example/p.gif>"</script>',
        encoding="utf-8",
    )
    (tmp_path / "site.css").write_text("a{background:url('https://css.example/a.png')}", encoding="utf-8")
    (tmp_path / "local.css").write_text("a{background:url(fonts/a.woff2)}", encoding="utf-8")
    assert foreign_references(tmp_path) == [
        "page.html: https://cdn.example/k.css",
        "page.html: //img.example/x.png",
        "page.html: https://img.example/b.png",
        "page.html: http://bg.example/x.png",
        "page.html: https://fonts.example/f.css",
        "page.html: https://js.example/p.gif",
        "site.css: https://css.example/a.png",
    ]


def test_the_offline_check_lets_the_sites_own_url_through(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text(
        '<link rel="canonical" href="http://127.0.0.1:8000/page.html">'
        '<link rel="stylesheet" href="http://127.0.0.1:9999/other-port.css">',
        encoding="utf-8",
    )
    assert foreign_references(tmp_path, "http://127.0.0.1:8000/") == [
        "page.html: http://127.0.0.1:9999/other-port.css"
    ]


# ---------------------------------------------------------------------------------------
# KaTeX at build time


def _without_scripts_and_tex_sources(page: str) -> str:
    """Page text that a reader can meet: no scripts or styles, no MathML TeX annotations."""
    return re.sub(r"<(script|style|annotation)\b[^>]*>.*?</\1>", "", page, flags=re.DOTALL)


# "≈ 0" or "≈ 1" as a whole number: a rounding that hides a value's distance from 0 or 1
# (generator/core/readable.py writes "1 − 1.3 × 10⁻⁷" instead).
ROUNDED_TO_0_OR_1 = re.compile(r"≈\s*[01](?![.0-9]|\s*[−+×]\s*[0-9])")


def test_no_page_reads_a_value_as_about_0_or_1(built_site: Path) -> None:
    found = {}
    for page in html_pages(built_site):
        text = re.sub(r"<[^>]+>", "", _without_scripts_and_tex_sources(page.read_text(encoding="utf-8")))
        if hits := [text[max(0, m.start() - 30) : m.end() + 10] for m in ROUNDED_TO_0_OR_1.finditer(text)]:
            found[page.relative_to(built_site).as_posix()] = hits[:3]
    assert found == {}
    assert ROUNDED_TO_0_OR_1.search("δ ≈ 1 입니다")
    assert not ROUNDED_TO_0_OR_1.search("≈ 1 − 1.3 × 10⁻⁷, ≈ 0.375, ≈ 1.099, ≈ 1 × 10⁻⁶⁹")


# What a template prints when it reaches a Python object instead of its value.
PYTHON_REPR = re.compile(r"<built-in method|<bound method|object at 0x[0-9a-f]+|\bNone\b|Fraction\(")


def test_no_page_shows_a_python_object(built_site: Path) -> None:
    found = {}
    for page in html_pages(built_site):
        text = unescape(page.read_text(encoding="utf-8"))
        if hits := [text[max(0, m.start() - 40) : m.end() + 10] for m in PYTHON_REPR.finditer(text)]:
            found[page.relative_to(built_site).as_posix()] = hits[:3]
    assert found == {}
    assert PYTHON_REPR.search('value="<built-in method values of dict object at 0x7f60>"')


PAGE_WEIGHT_LIMIT = 500_000  # bytes of HTML per lesson page (issue: the lesson boundary)


@pytest.mark.parametrize("slug", sorted(lessons()))
def test_each_lesson_page_stays_within_its_weight(built_site: Path, slug: str) -> None:
    page = built_site / "lessons" / f"{slug}.html"
    assert page.stat().st_size <= PAGE_WEIGHT_LIMIT


def test_every_chart_a_page_shows_is_its_named_file(built_site: Path) -> None:
    shown = set()
    for page in html_pages(built_site):
        for src in re.findall(r'<img class="cl-chart" src="([^"]+)"', page.read_text(encoding="utf-8")):
            shown.add((page.parent / src).resolve())
    written = set((built_site / DIRECTORY).glob("*.svg"))
    assert shown == {path.resolve() for path in written}
    assert len(written) >= len(lessons())
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert path.name == hashlib.sha256(text.encode()).hexdigest()[:20] + ".svg"
        assert text.startswith("<svg")
        assert "<script" not in text


def test_lesson_math_is_katex_with_mathml(built_site: Path) -> None:
    page = (built_site / LESSON).read_text(encoding="utf-8")
    containers = re.findall(r'class="arithmatex"', page)
    rendered = re.findall(
        r'<(cl-math|div) class="arithmatex" data-search-exclude(?: tabindex="0")?>'
        r'(<span class="katex-display">)?<span class="katex"><span class="katex-mathml"><math\b',
        page,
    )
    assert len(containers) >= 1
    assert len(rendered) == len(containers)
    assert any(display for _, display in rendered)
    # A display formula is a box the keyboard reaches (it scrolls when wider than the column).
    assert all(
        (tag == "div") == ('tabindex="0"' in whole)
        for tag, whole in re.findall(r'<(cl-math|div) (class="arithmatex" data-search-exclude[^>]*)>', page)
    )
    # Every formula, in the text or in the table of contents, carries its MathML.
    formulas = re.findall(r'<span class="katex">', page)
    assert len(re.findall(r'<span class="katex"><span class="katex-mathml"><math\b', page)) == len(formulas)


def test_pages_do_not_name_the_tools_that_built_them(built_site: Path) -> None:
    for page in html_pages(built_site):
        text = re.sub(r"<[^>]+>", " ", _without_scripts_and_tex_sources(page.read_text(encoding="utf-8")))
        assert not re.search(r"MkDocs|Material for|KaTeX|squidfunk", text), page.name


def test_no_raw_tex_is_left_in_any_page(built_site: Path) -> None:
    leftovers = [
        f"{page.relative_to(built_site)}: {delimiter}"
        for page in html_pages(built_site)
        for delimiter in RAW_TEX
        if delimiter in _without_scripts_and_tex_sources(page.read_text(encoding="utf-8"))
    ]
    assert leftovers == []


@pytest.fixture(scope="module")
def katex() -> Iterator[KatexProcess]:
    process = KatexProcess()
    yield process
    process.close()


def test_render_math_unescapes_arithmatex_output(katex: KatexProcess) -> None:
    html = (
        r'<p>δ <span class="arithmatex">\(\tfrac{3}{8} &lt; 1\)</span> and</p>'
        '<div class="arithmatex">\\[\n\\delta = e^{\\alpha}\n\\]</div>'
    )
    rendered = render_math(html, katex.render)
    assert rendered.startswith('<p>δ <cl-math class="arithmatex" data-search-exclude><span class="katex">')
    assert r'<annotation encoding="application/x-tex">\tfrac{3}{8} &lt; 1</annotation>' in rendered
    assert "<mfrac><mn>3</mn><mn>8</mn></mfrac>" in rendered
    assert '<div class="arithmatex" data-search-exclude tabindex="0"><span class="katex-display">' in rendered
    assert not any(delimiter in _without_scripts_and_tex_sources(rendered) for delimiter in RAW_TEX)


def test_render_inline_text_renders_heading_math(katex: KatexProcess) -> None:
    rendered = render_inline_text(r"정확한 \(\delta\) 구하기", katex.render)
    assert rendered.startswith('정확한 <span class="katex">')
    assert rendered.endswith("</span> 구하기")
    assert "<mi>δ</mi>" in rendered


@pytest.mark.parametrize(
    ("tex", "markup"),
    [
        ("D", "<var>D</var>"),
        ("D'", "<var>D</var><sup>′</sup>"),
        (r"\alpha", "<var>α</var>"),
        (r"\varepsilon", "<var>ε</var>"),
        ("10", "10"),
        # a short flat formula
        (r"\alpha=3", "<var>α</var> = 3"),
        ("3/8", "3/8"),
        ("-1", "−1"),
        ("p=3/4", "<var>p</var> = 3/4"),
        (r"\alpha_0=3", "<var>α</var><sub>0</sub> = 3"),
        (r"\delta_*(9)=0", "<var>δ</var><sub>*</sub>(9) = 0"),
        (r"\varepsilon=2\ln 3\approx 2.197", "<var>ε</var> = 2\u2009ln\u20093 ≈ 2.197"),
        (r"(\ln 3,\ 0.6)", "(ln\u20093, 0.6)"),
        ("(0,0)", "(0,\u20090)"),
        (r"x\oplus R", "<var>x</var> ⊕ <var>R</var>"),
        (r"p\ge1/2", "<var>p</var> ≥ 1/2"),
        (
            r"\delta'=e^{\varepsilon_2}\delta_1+\delta_2",
            (
                "<var>δ</var><sup>′</sup> = <var>e</var><sup><var>ε</var><sub>2</sub></sup>"
                "<var>δ</var><sub>1</sub> + <var>δ</var><sub>2</sub>"
            ),
        ),
        (r"1-(1-\delta_0)^k=0.84", "1 − (1 − <var>δ</var><sub>0</sub>)<sup><var>k</var></sup> = 0.84"),
        (r"\min\{1,\ q\delta_0\}", "min{1, <var>q</var><var>δ</var><sub>0</sub>}"),
        (r"[p-\alpha_0(1-p)]_+", "[<var>p</var> − <var>α</var><sub>0</sub>(1 − <var>p</var>)]<sub>+</sub>"),
        (r"\{g>u\}", "{<var>g</var> &gt; <var>u</var>}"),
        (
            r"e^{\varepsilon_1+\varepsilon_2}",
            "<var>e</var><sup><var>ε</var><sub>1</sub>+<var>ε</var><sub>2</sub></sup>",
        ),
    ],
)
def test_a_lone_symbol_or_a_short_flat_formula_is_set_without_katex(tex: str, markup: str) -> None:
    def refuse(tex: str, display: bool) -> str:
        raise AssertionError(f"{tex!r} went to KaTeX")

    html = f'<p>값은 <span class="arithmatex">\\({escape(tex)}\\)</span>이다</p>'
    assert render_math(html, refuse) == f'<p>값은 <span class="cl-symbol">{markup}</span>이다</p>'


@pytest.mark.parametrize(
    "tex",
    [
        "D_1",
        "xy",
        r"\delta_*",
        "1.5",
        r"\ln",
        r"\tfrac{3}{8}",
        r"\alpha_0^{\,q}",
        r"x\in\{0,1\}",
        r"\sqrt{2}",
        r"\sum_i\varepsilon_i",
        r"\binom{k}{t}",
        r"(1-p",
        r"\{0]",
        r"P_2(S_s\mid s)\le e^{\varepsilon_2}Q_2(S_s\mid s)+\delta_2",  # too wide to stay unbroken
    ],
)
def test_any_other_formula_goes_to_katex(tex: str) -> None:
    assert lone_symbol(tex) is None
    assert flat_formula(tex) is None
    html = f'<span class="arithmatex">\\({tex}\\)</span><div class="arithmatex">\\[D\\]</div>'
    seen: list[tuple[str, bool]] = []
    render_math(html, lambda tex, display: seen.append((tex, display)) or "")
    assert seen == [(tex, False), ("D", True)]  # display math is always KaTeX's


@pytest.mark.parametrize(
    ("tex", "reason"),
    [
        (r"\frac{1}{", "Unexpected end of input"),
        (r"\nosuchmacro", "Undefined control sequence"),
        ("합 = 1", "unicodeTextInMathMode"),
    ],
)
def test_katex_refuses_bad_tex(katex: KatexProcess, tex: str, reason: str) -> None:
    with pytest.raises(KatexError, match=re.escape(reason)) as refused:
        katex.render(tex, False)
    assert refused.value.tex == tex
    assert f"`{tex}`" in str(refused.value)


# ---------------------------------------------------------------------------------------
# Serving: fresh data on every rebuild, and no rebuild loop


def test_a_serving_rebuild_reads_the_generator_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator import mkdocs_hooks as hooks
    from generator.lessons.composition import catalogue

    watched: list[str] = []
    server = SimpleNamespace(watch=watched.append)
    config = SimpleNamespace(docs_dir=str(tmp_path))
    monkeypatch.setattr(hooks, "_serving", False)
    loaded = {name: module for name, module in sys.modules.items() if name.startswith("generator.")}
    try:
        assert hooks.on_serve(server, config, builder=None) is server
        hooks.on_pre_build(config)
        assert sys.modules["generator.lessons.composition.catalogue"] is not catalogue
        generated = sorted((tmp_path / "generated").rglob("*.json"))
        assert tmp_path / "generated/composition/fresh-k2.json" in generated
        for path in generated:
            os.utime(path, ns=(0, 0))
        hooks.on_pre_build(config)  # same bytes: nothing is rewritten, so serve does not loop
        assert [path.stat().st_mtime_ns for path in generated] == [0] * len(generated)
    finally:  # put the session's modules back, as modules and as the package's attributes
        for name in [name for name in sys.modules if name.startswith("generator.")]:
            del sys.modules[name]
        sys.modules.update(loaded)
        for name, module in loaded.items():
            setattr(sys.modules["generator"], name.removeprefix("generator."), module)
    assert watched == [str(ROOT / "generator")]


# ---------------------------------------------------------------------------------------
# Builds that must fail


FRONT_MATTER = "---\nrole: 합성\nsummary: 시험용 요약.\n---\n"


def build_project(tmp_path: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Build a small project that inherits the real ``mkdocs.yml`` but has only ``pages``."""
    project = tmp_path / "project"
    for name, text in pages.items():
        (project / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (project / "docs" / name).write_text(text, encoding="utf-8")
    # Paths in mkdocs.yml (hooks, custom_dir) are relative to the inheriting file.
    for shared in ("generator", "site_overrides"):
        (project / shared).symlink_to(ROOT / shared, target_is_directory=True)
    nav = "".join(f"  - {name}\n" for name in pages)
    (project / "mkdocs.yml").write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\nnav:\n{nav}", encoding="utf-8")
    return mkdocs_build(tmp_path / "site", "--config-file", str(project / "mkdocs.yml"))


def test_bad_tex_fails_the_build_naming_page_and_formula(tmp_path: Path) -> None:
    result = build_project(
        tmp_path,
        {
            "index.md": "# 홈\n\n$\\delta = 0$\n",
            "lessons/bad.md": "# 틀린 수식\n\n문장 $\\delta = \\frac{3}{$ 끝.\n",
        },
    )
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if "cannot render formula" in line]
    assert len(errors) == 1, result.stderr
    error = errors[0]
    assert "lessons/bad.md" in error
    assert r"`\delta = \frac{3}{`" in error


@pytest.mark.parametrize(
    ("placeholder", "named"),
    [
        ("{{ nosuchblock fresh-k2 }}", "unknown block 'nosuchblock'"),
        ("{{ no-such-example.claim.required }}", "unknown catalogue example 'no-such-example'"),
        ("{{ figure no-such-kind fresh-k2 }}", "unknown figure kind 'no-such-kind'"),
    ],
)
def test_an_unknown_placeholder_fails_the_build_naming_it(
    tmp_path: Path, placeholder: str, named: str
) -> None:
    result = build_project(
        tmp_path, {"lessons/composition.md": f"{FRONT_MATTER}# 합성\n\n값: {placeholder}\n"}
    )
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if named in line]
    assert len(errors) == 1, result.stderr
    assert "lessons/composition.md: " in errors[0]


def test_a_lesson_page_without_front_matter_fails_the_build_naming_it(tmp_path: Path) -> None:
    result = build_project(tmp_path, {"index.md": "# 홈\n", "lessons/composition.md": "# 합성\n\n본문.\n"})
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if "opens with front matter" in line]
    assert len(errors) == 1, result.stderr
    assert "lessons/composition.md: " in errors[0]


def test_the_home_page_lists_every_lesson_of_the_navigation(built_site: Path) -> None:
    home = (built_site / "index.html").read_text(encoding="utf-8")
    lessons_in_order = [Path(path).stem for _, path in nav() if path.startswith("lessons/")]
    assert re.findall(r'data-progress="([a-z]+)"', home) == lessons_in_order
    for slug in lessons_in_order:
        assert home.count(f'href="lessons/{slug}.html#concept"') == 1, slug


@pytest.mark.parametrize(
    ("placeholder", "named"),
    [
        (
            "{{ fresh-k2.claim.required }}",
            "a value placeholder of 'fresh-k2' belongs on a lesson's page or quiz",
        ),
        ("{{ figure law fresh-k2 }}", "the figure block belongs on a lesson's page"),
    ],
)
def test_a_lesson_placeholder_off_a_lesson_page_fails_the_build_naming_it(
    tmp_path: Path, placeholder: str, named: str
) -> None:
    result = build_project(tmp_path, {"index.md": f"# 홈\n\n값: {placeholder}\n"})
    assert result.returncode != 0
    errors = [line for line in result.stderr.splitlines() if named in line]
    assert len(errors) == 1, result.stderr
    assert "index.md: " in errors[0]


# ---------------------------------------------------------------------------------------
# Vendor assets


def test_katex_stylesheet_and_woff2_fonts_ship(built_site: Path) -> None:
    css = (built_site / KATEX_CSS).read_text(encoding="utf-8")
    fonts = stylesheet_urls(css)
    assert fonts, "katex.min.css names no fonts"
    assert all(font.startswith("fonts/KaTeX_") and font.endswith(".woff2") for font in fonts)
    for font in set(fonts):
        assert (built_site / KATEX_CSS).parent.joinpath(font).read_bytes()[:4] == b"wOF2"
    page = (built_site / LESSON).read_text(encoding="utf-8")
    assert '<link rel="stylesheet" href="../assets/vendor/katex/katex.min.css">' in page


def test_iframe_worker_shim_ships_and_replaces_the_cdn_copy(built_site: Path) -> None:
    shipped = (built_site / IFRAME_WORKER_SHIM).read_bytes()
    assert shipped == (ROOT / "node_modules/iframe-worker/shim/index.js").read_bytes()
    page = (built_site / LESSON).read_text(encoding="utf-8")
    assert re.findall(r'<script src="([^"]*iframe-worker[^"]*)"', page) == [
        "../assets/vendor/iframe-worker/shim.js"
    ]


# ---------------------------------------------------------------------------------------
# The lab's scripts: bundled by esbuild, loaded only by a page with a lab


def _scripts(page: Path) -> list[str]:
    return re.findall(r'<script\b[^>]*\bsrc="([^"]+)"', page.read_text(encoding="utf-8"))


LAB_SCRIPT = lab_script_path("composition")


def test_only_the_page_with_a_lab_loads_the_lab_bundle(built_site: Path) -> None:
    home = _scripts(built_site / "index.html")
    assert home, "the home page loads no script at all"
    assert [src for src in home if "/lab/" in src or "vega" in src] == []
    lesson = [src for src in _scripts(built_site / LESSON) if "/lab/" in src]
    assert lesson == [f"../{LAB_SCRIPT}"]
    assert _scripts(built_site / LESSON)[-1] == f"../{LAB_SCRIPT}"  # after storage.js and the rest


def test_the_lab_bundle_ships_and_its_module_sources_do_not(built_site: Path) -> None:
    bundled = (built_site / LAB_SCRIPT).read_text(encoding="utf-8")
    assert bundled.startswith('"use strict";\n(() => {')  # strict, as the modules were
    assert bundled.rstrip().endswith("})();")  # one function scope, a classic script
    assert not re.search(r"^\s*(?:import|export)\b|\bimport\.meta\b", bundled, flags=re.MULTILINE)
    assert sorted(built_site.rglob("*.mjs")) == []
    assert not (built_site / "assets/javascripts/lab/engine.js").exists()
    assert not (built_site / "assets/javascripts/lab/lab.js").exists()
