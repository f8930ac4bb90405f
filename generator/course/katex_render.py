r"""Math rendered at build time: arithmatex's TeX becomes KaTeX's HTML and MathML.

In generic mode arithmatex leaves every formula in the page as HTML-escaped TeX between
delimiters: ``<span class="arithmatex">\(…\)</span>`` inline and
``<div class="arithmatex">\[…\]</div>`` for display math (``$…$``, ``$$…$$`` and
``\begin{align}…`` all end up in one of these two forms). :func:`render_math` swaps each
for what KaTeX makes of the unescaped TeX, so a page needs no script to show its math and
no raw TeX is left in it.

One ``node`` process (:class:`KatexProcess`) does the rendering for the whole build: starting
node per formula would cost more than the rendering. It runs ``katex_worker.mjs`` with the
pinned npm ``katex``; bad TeX comes back as an error that names the formula. Each rendering
is kept in the build cache (:mod:`generator.course.build_cache`), keyed by the pinned KaTeX version,
the options, the display flag and the TeX; node starts only for the first formula that
misses, so a build whose every formula hits never starts it.

A lone symbol in running text (``$D$``, ``$\alpha$``, ``$0$``, ``$D'$``) is set without
KaTeX: an italic ``<var>`` for a variable, the digits as they are, in KaTeX's own fonts and
size (``.cl-symbol`` in ``lesson.css``). KaTeX's HTML and MathML for one letter weigh about
400 bytes, and a lesson has a hundred such formulas; a screen reader reads the letter itself.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import IO

from generator.course.build_cache import BuildCache, canonical_json, default_cache

WORKER = Path(__file__).resolve().parent / "katex_worker.mjs"
KATEX_PACKAGE = Path(__file__).resolve().parents[2] / "node_modules" / "katex" / "package.json"
# Bad TeX and non-standard input (Hangul outside \text{}, a stray \\ in display math) are
# errors, so every formula on the site is plain LaTeX that KaTeX lays out as written.
OPTIONS = {"output": "htmlAndMathml", "throwOnError": True, "strict": "error", "trust": False}

# arithmatex's generic output: the tag tells inline (span) from display (div) math.
_MATH = re.compile(r'<(?P<tag>span|div) class="arithmatex">(?P<body>.*?)</(?P=tag)>', re.DOTALL)
_DELIMITERS = {"span": (r"\(", r"\)"), "div": (r"\[", r"\]")}
# Heading text in a table of contents: escaped text, inline math only.
_INLINE_TEXT = re.compile(r"\\\((?P<body>.+?)\\\)", re.DOTALL)

# A lone Latin letter (with primes) or Greek letter, or a run of digits: see lone_symbol().
_GREEK = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "varepsilon": "ε",
    "epsilon": "ϵ",
    "lambda": "λ",
    "mu": "μ",
    "pi": "π",
    "sigma": "σ",
    "theta": "θ",
    "tau": "τ",
}
_SYMBOL = re.compile(rf"(?P<letter>[A-Za-z]|\\(?:{'|'.join(_GREEK)}))(?P<primes>'*)|(?P<digits>[0-9]+)")

Renderer = Callable[[str, bool], str]
"""``render(tex, display)`` -> HTML; raises :class:`KatexError` for bad TeX."""


class KatexError(ValueError):
    """KaTeX refused a formula; the message quotes the formula and KaTeX's reason."""

    def __init__(self, tex: str, reason: str) -> None:
        super().__init__(f"cannot render formula `{tex}`: {reason}")
        self.tex = tex


class KatexProcess:
    """One ``node`` process that renders TeX with KaTeX, started on the first cache miss.

    Requests and answers are single JSON lines, answered in order, so a plain
    write-then-readline round trip per formula is enough. Renderings come from ``cache``
    (the build's cache by default) when it holds them.
    """

    def __init__(self, cache: BuildCache | None = None, package: Path = KATEX_PACKAGE) -> None:
        self._process: subprocess.Popen[str] | None = None
        self._cache = default_cache() if cache is None else cache
        self._package = package
        self._version: str | None = None

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        if self._process is None:
            node = shutil.which("node")
            if node is None:
                raise RuntimeError("KaTeX needs `node` on PATH to render math at build time")
            self._process = subprocess.Popen(
                [node, str(WORKER), json.dumps(OPTIONS)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        return self._process.stdin, self._process.stdout

    def katex_version(self) -> str:
        """The version of the pinned npm ``katex`` that the worker imports."""
        if self._version is None:
            try:
                self._version = str(json.loads(self._package.read_text(encoding="utf-8"))["version"])
            except FileNotFoundError as error:
                raise RuntimeError(f"{self._package} is missing: run `make setup` (npm ci) first") from error
        return self._version

    def render(self, tex: str, display: bool) -> str:
        parts = (self.katex_version(), canonical_json(OPTIONS), "display" if display else "inline", tex)
        return self._cache.text("katex", parts, lambda: self._render_in_node(tex, display))

    def _render_in_node(self, tex: str, display: bool) -> str:
        stdin, stdout = self._pipes()
        stdin.write(json.dumps({"tex": tex, "display": display}) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            self.close()
            raise RuntimeError(f"the KaTeX worker stopped while rendering {tex!r}")
        answer = json.loads(line)
        if "error" in answer:
            raise KatexError(tex, answer["error"])
        rendered: str = answer["html"]
        return rendered

    def close(self) -> None:
        """End the node process (closing its input lets it finish on its own)."""
        process, self._process = self._process, None
        if process is None:
            return
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.close()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


def _strip(text: str, opening: str, closing: str) -> str:
    if not (text.startswith(opening) and text.endswith(closing)):
        raise KatexError(text, f"expected the formula between {opening} and {closing}")
    return text[len(opening) : -len(closing)]


def lone_symbol(tex: str) -> str | None:
    """The markup of an inline formula that is one symbol, or None for any other formula."""
    match = _SYMBOL.fullmatch(tex)
    if match is None:
        return None
    if match["digits"]:
        return match["digits"]
    letter = match["letter"]
    primes = f"<sup>{'′' * len(match['primes'])}</sup>" if match["primes"] else ""
    return f"<var>{_GREEK.get(letter[1:], letter)}</var>{primes}"


def render_math(page_html: str, render: Renderer) -> str:
    """Replace every arithmatex formula in a page's HTML by its KaTeX rendering.

    The rendered math stays out of the search index (``data-search-exclude``): KaTeX holds
    each formula once as laid-out glyphs ("3/8" reads "83" as text) and once as MathML with
    the TeX source, which would only garble search results. Material's search parser
    matches an excluded element by its tag name, so an excluded ``<span>`` would be read
    again after the first ``</span>`` inside KaTeX's output; inline math therefore sits in
    a ``<cl-math>`` element, a tag KaTeX never uses (display math keeps its ``<div>``). An
    inline formula of one symbol (:func:`lone_symbol`) is a plain ``<span class="cl-symbol">``,
    searchable like the text around it.
    """

    def replace(match: re.Match[str]) -> str:
        display = match["tag"] == "div"
        tex = _strip(html.unescape(match["body"]), *_DELIMITERS[match["tag"]])
        symbol = None if display else lone_symbol(tex)
        if symbol is not None:
            return f'<span class="cl-symbol">{symbol}</span>'
        if display:  # a box that scrolls when the formula is wider than the column: keyboard-reachable
            return f'<div class="arithmatex" data-search-exclude tabindex="0">{render(tex, True)}</div>'
        return f'<cl-math class="arithmatex" data-search-exclude>{render(tex, False)}</cl-math>'

    return _MATH.sub(replace, page_html)


def render_inline_text(text: str, render: Renderer) -> str:
    r"""Render the ``\(…\)`` formulas in escaped heading text (a table-of-contents title)."""
    return _INLINE_TEXT.sub(lambda match: render(html.unescape(match["body"]), False), text)
