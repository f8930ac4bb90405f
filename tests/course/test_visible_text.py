"""The raw-TeX check: what a reader sees is searched, what KaTeX, code and scripts hold is not."""

from __future__ import annotations

from pathlib import Path

import markdown

from generator.course.visible_text import raw_tex, raw_tex_in_site


def test_a_formula_cut_by_a_table_cell_is_found() -> None:
    # Markdown ends a cell at every "|", so a modulus inside math breaks the row.
    table = "| 용어 | 정의 |\n| --- | --- |\n| 기하 | 잡음은 $r^{|z|}$에 비례한다 |\n"
    html = markdown.markdown(table, extensions=["tables"])
    assert raw_tex(html) == ["잡음은 $r^{"]


def test_tex_sub_and_superscripts_and_commands_in_text_are_found() -> None:
    html = (
        "<p>δ*_{f∘M}(α)</p><dt>e^{2ε}</dt><li>\\frac 1 2</li><p>α₀ = e^ε₀</p><p>δ*_M</p>"
        "<p>δ*(α), exp(ε₀), dp_accounting, x_1, 2 ^ 3</p>"
    )
    assert raw_tex(html) == ["δ*_{f∘M}(α)", "e^{2ε}", "\\frac 1 2", "α₀ = e^ε₀", "δ*_M"]


def test_typeset_math_code_scripts_and_charts_are_not_text() -> None:
    html = (
        '<p>값은 <span class="katex"><span class="katex-mathml"><math><annotation>\\frac{1}{2}'
        '</annotation></math></span><span class="katex-html"><span>½</span></span></span>이다.</p>'
        "<pre><code>$ python -m generator</code></pre><script>const a = '$x_{1}';</script>"
        "<svg><text>e^{x}</text></svg><style>.a::before{content:'\\2014'}</style>"
        '<p>끝<br>줄<input value="$"></p>'
    )
    assert raw_tex(html) == []


def test_text_after_an_unseen_element_is_searched_again() -> None:
    html = '<p><span class="katex"><span>x</span><span>y</span></span> 그리고 $a$</p>'
    assert raw_tex(html) == ["그리고 $a$"]


def test_the_site_scan_names_each_page_with_raw_tex(tmp_path: Path) -> None:
    (tmp_path / "lessons").mkdir()
    (tmp_path / "index.html").write_text("<p>깨끗하다</p>", encoding="utf-8")
    (tmp_path / "lessons" / "a.html").write_text("<p>$r^{</p>", encoding="utf-8")
    assert raw_tex_in_site(tmp_path) == {"lessons/a.html": ["$r^{"]}
