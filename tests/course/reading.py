"""How a Korean reader says the end of a typed formula, so that the particle after it can be checked.

:mod:`generator.course.korean` reads a *value* ("3/8", "ln(3)", "1 × 10⁻⁵"). A page also
types formulas, ``$P(Y=2)$``, ``$p^k$``, ``$\\alpha=e^{\\varepsilon}$``, and a particle after
the closing ``$`` follows the sound of the formula's last spoken word. This module finds
that word and hands it to the course's reader, extending it only where TeX needs it:

- the last *term* is read: what follows the last top-level relation, ``+``, ``-``, ``\\cdot``
  or comma ("a + b" ends as b);
- a top-level slash reads as a fraction, denominator first: "p/(1-p)" ends as p (1−p 분의 p),
  "1/n" as 1, and ``\\frac{a}{b}`` as a;
- a power ends in 제곱: ``p^k``, ``e^{\\varepsilon}``, ``(1-\\delta_0)^k``, ``\\alpha_0^2``; a superscript
  in parentheses is a label, read as what it holds (``F^{(y_z)}`` ends in 제트);
- a subscript is read after its symbol, as what it holds: ``\\alpha_0`` ends in 영 (the digit, as
  the course's reader reads α₀), ``\\varepsilon_i`` in 아이, ``\\delta_*`` in 스타, ``[u]_+`` in 플러스;
- a prime is 프라임; a closing bracket or set brace is not read ("P(S)" ends as S);
  an absolute value ``|…|`` ends in 절댓값 and a norm ``\\|…\\|`` in 노름;
- a decorated letter is read with its decoration after it: ``\\tilde M`` 엠 틸드, ``\\hat\\pi`` 파이 햇;
- ``\\mathrm{RR}``, ``\\text{…}`` and plain groups read their content; a TeX command reads by
  the letter or word it names (``\\varepsilon`` 엡실론, ``\\ln`` 엘엔, ``\\max`` 맥스, ``\\infty`` 무한대).

A formula whose end none of these reads is an error that names it, never a guess.
"""

from __future__ import annotations

import re

from generator.course.korean import ReadingError, final_sound, particle

_SPACING = re.compile(r"(?:\\[,;:! ]|\\quad|\\qquad|~|\s|[.,])+$")
_SIZE = re.compile(r"\\(?:big|Big|bigg|Bigg|left|right)[lr]?$")
_COMMAND_WORDS = {
    "ln": "엘엔",
    "log": "로그",
    "exp": "익스포넨셜",
    "max": "맥스",
    "min": "민",
    "Delta": "델타",
    "Lambda": "람다",
    "ell": "엘",
    "prime": "프라임",
    "dots": "점점점",
    "ldots": "점점점",
    "cdots": "점점점",
}
_DECORATIONS = {"tilde": "틸드", "hat": "햇", "bar": "바", "overline": "바"}
_TEXT_COMMANDS = ("mathrm", "text", "operatorname", "mathbf", "mathbb", "mathcal", "boldsymbol")
_RELATIONS = (
    r"\le", r"\ge", r"\ne", r"\approx", r"\sim", r"\in", r"\to", r"\mapsto", r"\cdot", r"\times",
    r"\pm", r"\qquad", r"\quad", "=", "<", ">", "+", "-", ",",
)  # fmt: skip
_OPENING = {")": "(", "]": "[", "}": "{"}
_SIGNS = {"+": "플러스", "-": "마이너스"}  # a sign on its own, as in "the step picks $-$"


class FormulaReadingError(ValueError):
    """A formula whose last spoken word this module cannot find."""


def _depths(tex: str) -> list[int]:
    """The bracket depth before each character ((), [], {}, and TeX's \\{ \\} alike)."""
    depth, found, index = 0, [], 0
    while index < len(tex):
        found.append(depth)
        char = tex[index]
        if char == "\\" and index + 1 < len(tex) and tex[index + 1] in "{}":
            found.append(depth)
            depth += 1 if tex[index + 1] == "{" else -1
            index += 2
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        index += 1
    return found


def _last_term(tex: str) -> str:
    """What follows the last top-level relation, sign or comma."""
    depths = _depths(tex)
    cut = 0
    for index in range(len(tex)):
        if depths[index] != 0:
            continue
        for relation in _RELATIONS:
            end = index + len(relation)
            command_goes_on = relation[0] == "\\" and tex[end : end + 1].isalpha()  # \in, not \infty
            if tex.startswith(relation, index) and not command_goes_on and end < len(tex):
                cut = max(cut, end)
    return tex[cut:].strip()


def _top_level_slash(tex: str) -> int | None:
    depths = _depths(tex)
    slashes = [index for index, char in enumerate(tex) if char == "/" and depths[index] == 0]
    return slashes[-1] if slashes else None


def _group_start(tex: str) -> int:
    """The index of the "{" that opens the group closed by the last "}"."""
    depth = 0
    for index in range(len(tex) - 1, -1, -1):
        if tex[index] == "}" and tex[index - 1 : index] != "\\":
            depth += 1
        elif tex[index] == "{" and tex[index - 1 : index] != "\\":
            depth -= 1
            if depth == 0:
                return index
    raise FormulaReadingError(f"unbalanced braces in {tex!r}")


def _bracket_start(tex: str, closing: str) -> int:
    opening, depth = _OPENING[closing], 0
    for index in range(len(tex) - 1, -1, -1):
        if tex[index] == closing:
            depth += 1
        elif tex[index] == opening:
            depth -= 1
            if depth == 0:
                return index
    raise FormulaReadingError(f"unbalanced {closing!r} in {tex!r}")


def reading_end(tex: str) -> str:
    """The last spoken word of a formula, in Hangul (see the module's rules)."""
    tex = _SIZE.sub("", _SPACING.sub("", tex)).rstrip()
    if not tex:
        raise FormulaReadingError("nothing to read")
    if tex in _SIGNS:
        return _SIGNS[tex]
    term = _last_term(tex) or tex
    if (slash := _top_level_slash(term)) is not None:
        return reading_end(term[:slash])
    return _end_of_term(term)


def _end_of_term(tex: str) -> str:
    tex = _SIZE.sub("", _SPACING.sub("", tex)).rstrip()
    if (decorated := re.search(r"\\(tilde|hat|bar|overline)\s*(?:\\[A-Za-z]+|[A-Za-z])$", tex)) is not None:
        return _DECORATIONS[decorated[1]]
    if tex.endswith("\\}"):
        return _set(tex)
    if tex.endswith(("\\|", "\\rVert")):
        return "노름"
    if tex.endswith(("|", "\\rvert")):
        return "절댓값"
    if tex.endswith("'"):
        return "프라임"
    if tex.endswith(("^*", "_*")) or tex.endswith("*"):
        return "스타"
    if tex.endswith("_+"):
        return "플러스"
    if tex.endswith(")") or tex.endswith("]"):
        inner = tex[_bracket_start(tex, tex[-1]) + 1 : -1]
        return reading_end(inner)
    if tex.endswith("}"):
        start = _group_start(tex)
        before, group = tex[:start], tex[start + 1 : -1]
        return _after_group(before, group)
    if (script := re.search(r"([_^])(\\?[A-Za-z]+|\d|[^\s{}])$", tex)) is not None:
        if script[1] == "^":
            return "제곱"
        return reading_end(script[2])
    if (command := re.search(r"\\([A-Za-z]+)$", tex)) is not None:
        return _command(command[1], tex[: command.start()])
    try:
        return _korean(tex)
    except ReadingError as error:
        raise FormulaReadingError(f"no reading for the end of {tex!r}: {error}") from error


def _set(tex: str) -> str:
    """A set ``\\{…\\}`` ends as its last element."""
    return reading_end(tex[tex.rindex("\\{") + 2 : -2])


def _after_group(before: str, group: str) -> str:
    before = before.rstrip()
    if before.endswith("^") and group.startswith("(") and group.endswith(")"):
        return reading_end(group)  # a label in parentheses, F^{(y_z)}: not a power
    if before.endswith("^"):
        return "제곱"
    if before.endswith("_"):
        return reading_end(group)
    if (command := re.search(r"\\([A-Za-z]+)$", before)) is not None:
        name = command[1]
        if name in _TEXT_COMMANDS:
            return _word(group)
        if name in _DECORATIONS:
            return _DECORATIONS[name]
        if name == "sqrt":
            return reading_end(group)
    if re.search(r"\\[dt]?frac\{[^{}]*\}$", before) or re.search(r"\\binom\{[^{}]*\}$", before):
        numerator = before[before.rindex("{") + 1 : -1]
        return reading_end(numerator)
    return reading_end(group)


def _command(name: str, before: str) -> str:
    if name in _COMMAND_WORDS:
        return _COMMAND_WORDS[name]
    try:
        return _korean(f"\\{name}")
    except ReadingError as error:
        raise FormulaReadingError(f"no reading for \\{name}") from error


def _word(text: str) -> str:
    """A roman word: Hangul by itself, capitals letter by letter, anything else as the reader does."""
    text = text.strip()
    if re.fullmatch(r"[A-Z]+", text):
        return _korean(text[-1])
    return _korean(text)


def _korean(text: str) -> str:
    """What the course's reader makes of a plain tail, as one Hangul syllable of the same sound."""
    sound = final_sound(text)
    return {"vowel": "가", "rieul": "말", "consonant": "각"}[sound.value]


def expected_particle(tex: str, name: str) -> str:
    """The form of particle ``name`` (either form of its pair) after the formula ``tex``."""
    return particle(reading_end(tex), name)
