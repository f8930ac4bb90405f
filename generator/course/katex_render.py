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
So is a short flat formula (:func:`flat_formula`): symbols with simple subscripts and
exponents, numbers and slashed fractions like 3/8, a few relations and operators, ``\ln``,
``\min``, ``\infty``, brackets and braces: ``$p=3/4$``, ``$\alpha_0=3$``, ``$\delta_*(9)=0$``,
``$\varepsilon=2\ln 3\approx 2.197$``, ``$e^{\varepsilon_2}\delta_1$``. KaTeX lays such a
formula out as a row of glyphs with spaces, which the same markup gives for a tenth of the
weight; a fraction bar, a root, a sum, an accent or any other command still goes to KaTeX.
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

from markupsafe import Markup, escape

from generator.course.build_cache import BuildCache, canonical_json, default_cache

WORKER = Path(__file__).resolve().parent / "katex_worker.mjs"
KATEX_PACKAGE = Path(__file__).resolve().parents[2] / "node_modules" / "katex" / "package.json"
# Bad TeX and non-standard input (Hangul outside \text{}, a stray \\ in display math) are
# errors, so every formula on the site is plain LaTeX that KaTeX lays out as written.
OPTIONS = {"output": "htmlAndMathml", "throwOnError": True, "strict": "error", "trust": False}

# arithmatex's generic output: the tag tells inline (span) from display (div) math.
_MATH = re.compile(r'<(?P<tag>span|div) class="arithmatex">(?P<body>.*?)</(?P=tag)>', re.DOTALL)
_DELIMITERS = {"span": (r"\(", r"\)"), "div": (r"\[", r"\]")}
# Inline math in plain text: $…$ (no $$ display math outside Markdown).
_DOLLARS = re.compile(r"\$(?P<tex>[^$]+)\$")
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


# A flat formula, token by token (see flat_formula()).
_FLAT_TOKEN = re.compile(
    r"(?P<space>\\[ ,])"
    r"|(?P<symbol>(?:[A-Za-z]|\\(?:" + "|".join(_GREEK) + r"))(?![A-Za-z]))"
    r"(?:_(?P<sub>[0-9A-Za-z*+]|\{[0-9A-Za-z]+\}))?(?P<primes>'*)"
    r"|(?P<number>[0-9]+(?:\.[0-9]+)?)"
    r"|(?P<relation>=|<|>|\\(?:le|ge|approx|mid)(?![A-Za-z]))"
    r"|(?P<operator>[+\-]|\\(?:cdot|times|oplus)(?![A-Za-z]))"
    r"|(?P<function>\\(?:ln|min|max)(?![A-Za-z]))"
    r"|(?P<infinity>\\infty(?![A-Za-z]))"
    r"|(?P<size>\\[bB]ig[lr]?(?![A-Za-z]))"
    r"|(?P<power>\^(?:\{(?P<exponent>[^{}]*)\}|(?P<single>[0-9A-Za-z])))"
    r"|(?P<bracket>\\[{}])"
    r"|(?P<ordinary>[/()\[\]])(?:_(?P<close_sub>[+]))?"
    r"|(?P<comma>,)|(?P<blank>\s+)"
)
_FLAT_SIGNS = {
    "=": "=",
    "<": "&lt;",
    ">": "&gt;",
    r"\le": "≤",
    r"\ge": "≥",
    r"\approx": "≈",
    r"\mid": "|",
    "+": "+",
    "-": "−",
    r"\cdot": "·",
    r"\times": "×",
    r"\oplus": "⊕",
}
_OPENING, _CLOSING = "([{", ")]}"
FLAT_WIDTH = 24  # characters: a longer formula goes to KaTeX, whose lines may break
_THIN = "\u2009"


def _flat_symbol(token: re.Match[str]) -> str:
    name = token["symbol"]
    markup = f"<var>{_GREEK.get(name[1:], name) if name.startswith(chr(92)) else name}</var>"
    sub = (token["sub"] or "").strip("{}")
    if sub:
        markup += f"<sub>{f'<var>{sub}</var>' if sub.isalpha() else sub}</sub>"
    if token["primes"]:
        markup += f"<sup>{'′' * len(token['primes'])}</sup>"
    return markup


def _flat(tex: str, script: bool = False) -> tuple[str, int] | None:
    """The flat markup of ``tex`` and how many tokens it has, or None (see flat_formula).

    In a ``script`` (an exponent) signs take no spaces around them, as in TeX's script style.
    """
    parts: list[str] = []
    position, tokens, open_brackets = 0, 0, []
    pad = "" if script else " "
    while position < len(tex):
        token = _FLAT_TOKEN.match(tex, position)
        if token is None:
            return None
        position = token.end()
        if token["blank"] is not None or token["size"] is not None:
            continue
        tokens += 1
        after_sign = not parts or parts[-1].endswith((*_OPENING, " ", _THIN))
        if token["symbol"] is not None:
            parts.append(_flat_symbol(token))
        elif token["number"] is not None:
            parts.append(token["number"])
        elif token["space"] is not None:
            if parts and parts[-1].endswith(_THIN):  # ",\ " is one space
                parts[-1] = parts[-1].removesuffix(_THIN)
            parts.append(" " if token["space"] == "\\ " else _THIN)
        elif token["relation"] is not None:
            parts.append(f"{pad}{_FLAT_SIGNS[token['relation']]}{pad}")
        elif token["operator"] is not None:  # a sign after a relation or an opening is unary
            sign = _FLAT_SIGNS[token["operator"]]
            parts.append(sign if after_sign else f"{pad}{sign}{pad}")
        elif token["function"] is not None:  # an operator name: a thin space before an argument
            parts.append(("" if after_sign else _THIN) + token["function"][1:] + _THIN)
        elif token["infinity"] is not None:
            parts.append("∞")
        elif token["power"] is not None:
            inner = _flat(token["single"] or token["exponent"], script=True)
            if inner is None or not parts or parts[-1].endswith("</sub>"):
                return None  # an exponent over a subscript is stacked: KaTeX's to lay out
            parts.append(f"<sup>{inner[0]}</sup>")
        elif token["comma"] is not None:
            parts.append("," + _THIN)
        else:
            mark = token["bracket"][1] if token["bracket"] is not None else token["ordinary"]
            if mark in _OPENING:
                open_brackets.append(mark)
                if parts and parts[-1].endswith(_THIN) and not parts[-1].startswith(","):
                    parts[-1] = parts[-1].removesuffix(_THIN)  # no space between min and {
            elif mark in _CLOSING and (
                not open_brackets or _OPENING.index(open_brackets.pop()) != _CLOSING.index(mark)
            ):
                return None  # a bracket closed that is not open, or by the wrong mark
            parts.append(mark + (f"<sub>{token['close_sub']}</sub>" if token["close_sub"] else ""))
    if open_brackets:
        return None
    return re.sub(" {2,}", " ", "".join(parts)).strip(), tokens


def flat_formula(tex: str) -> str | None:
    r"""The markup of a short flat inline formula of two or more tokens (see the module), or
    None to leave it to KaTeX.

    Variables are italic ``<var>``, numbers upright, subscripts and simple exponents ``<sub>``
    and ``<sup>``, ``\ln``, ``\min`` and ``\max`` upright with a thin space after them;
    relations and binary operators stand between spaces, as KaTeX spaces them, a minus is
    U+2212, a comma is followed by a thin space, and ``\big`` sizes are dropped. A fraction
    bar, a root, a sum, an accent or any other command stays with KaTeX, and so does a
    formula wider than :data:`FLAT_WIDTH` characters: ``.cl-symbol`` does not wrap.
    """
    flat = _flat(tex)
    if flat is None or flat[1] < 2:
        return None
    if len(html.unescape(re.sub(r"<[^>]*>", "", flat[0]))) > FLAT_WIDTH:
        return None  # a line may break inside KaTeX's formula, never inside .cl-symbol
    return flat[0]


def render_math(page_html: str, render: Renderer) -> str:
    """Replace every arithmatex formula in a page's HTML by its KaTeX rendering.

    The rendered math stays out of the search index (``data-search-exclude``): KaTeX holds
    each formula once as laid-out glyphs ("3/8" reads "83" as text) and once as MathML with
    the TeX source, which would only garble search results. Material's search parser
    matches an excluded element by its tag name, so an excluded ``<span>`` would be read
    again after the first ``</span>`` inside KaTeX's output; inline math therefore sits in
    a ``<cl-math>`` element, a tag KaTeX never uses (display math keeps its ``<div>``). An
    inline formula of one symbol (:func:`lone_symbol`) or a short flat one (:func:`flat_formula`)
    is a plain ``<span class="cl-symbol">``, searchable like the text around it.
    """

    def replace(match: re.Match[str]) -> str:
        display = match["tag"] == "div"
        tex = _strip(html.unescape(match["body"]), *_DELIMITERS[match["tag"]])
        symbol = None if display else lone_symbol(tex) or flat_formula(tex)
        if symbol is not None:
            return f'<span class="cl-symbol">{symbol}</span>'
        if display:  # a box that scrolls when the formula is wider than the column: keyboard-reachable
            return f'<div class="arithmatex" data-search-exclude tabindex="0">{render(tex, True)}</div>'
        return f'<cl-math class="arithmatex" data-search-exclude>{render(tex, False)}</cl-math>'

    return _MATH.sub(replace, page_html)


def render_inline_text(text: str, render: Renderer) -> str:
    r"""Render the ``\(…\)`` formulas in escaped heading text (a table-of-contents title)."""
    return _INLINE_TEXT.sub(lambda match: render(html.unescape(match["body"]), False), text)


def text_with_math(text: str) -> Markup:
    r"""Plain text as HTML whose ``$…$`` formulas are arithmatex's inline markup.

    Everything is escaped, the TeX too (:func:`render_math` unescapes it), and a formula
    becomes ``<span class="arithmatex">\(…\)</span>``. A ``$`` left unpaired is an error
    that quotes the text.
    """
    parts: list[Markup] = []
    end = 0
    for match in _DOLLARS.finditer(text):
        parts.append(escape(text[end : match.start()]))
        parts.append(Markup('<span class="arithmatex">\\({}\\)</span>').format(match["tex"]))
        end = match.end()
    rest = text[end:]
    if "$" in rest:
        raise KatexError(text, "a $ without its closing $")
    parts.append(escape(rest))
    return Markup("").join(parts)
