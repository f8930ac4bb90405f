"""Parity of the composition lab with the Python core, state by state, in a real browser.

Three parts, used by ``tests/browser/test_lab_parity.py``:

- the lab's states and the actions that reach them (:class:`LabState`, :class:`Action`,
  :func:`plan`): a seeded sample of the lab's whole domain, opened by URL or reached from
  the previous state by typing, arrow/page keys, the −/+ buttons, the mode radios and the
  preset buttons;
- what the page must show for a state (:func:`expected`): the lab as the Python side renders
  it for that state (``generator.lessons.composition.lab.LAB``'s ``render``, the very
  templates and texts of the page's own markup, without its static charts) from the core's
  record, parsed with the tests' one HTML reader (tests/harness/html.py);
- the checker (:func:`check_plan`): runs the actions on a page, waits for each update (or a
  reported failure, or a timeout), reads every ``[data-out]`` of ``#lab`` and the captions,
  ε lines, note and tables (``[data-lab-note]``, ``[data-lab-rows]``), the fields and
  ``location.search``, and returns one
  :class:`Failure` per state that differs. It never stops at the first.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from selectolax.lexbor import LexborNode

from generator.core.fields import exact_decimal
from generator.core.rational import fraction_str
from generator.lessons.composition.catalogue import DATA
from generator.lessons.composition.lab import LAB
from generator.lessons.composition.records import StateRecord
from tests.conftest import PageLog
from tests.harness.html import attributes, parse

PARAMS = ("mode", "k", "p", "alpha", "delta", "alpha0")
FIELDS = ("k", "p", "alpha", "delta", "alpha0")
MODES = ("fresh", "copy", "xor")
PLACES = {"k": 0, "p": 0, "alpha": 1, "delta": 2, "alpha0": 1}  # the fields' data-places
LIMITS: dict[str, tuple[Fraction, Fraction]] = {
    "k": (Fraction(1), Fraction(100)),
    "p": (Fraction(0), Fraction(100)),
    "alpha": (Fraction(1), Fraction(100)),
    "delta": (Fraction(0), Fraction(1)),
    "alpha0": (Fraction(1), Fraction(100)),
}
MAX_CHARS = 20  # the longest text the plan types
KEYS = {"ArrowUp": 1, "ArrowDown": -1, "PageUp": 10, "PageDown": -10}
FORBIDDEN = re.compile(r"NaN|Infinity|undefined")
URL_SHARE = 0.25  # of the random part of a plan

Value = int | Fraction | str


# ---------------------------------------------------------------------------------------
# States and actions


@dataclass(frozen=True)
class LabState:
    mode: str
    k: int
    p: int
    alpha: Fraction
    delta: Fraction
    alpha0: Fraction

    def value(self, name: str) -> Value:
        return getattr(self, name)  # type: ignore[no-any-return]

    def pairs(self) -> list[tuple[str, str]]:
        """The address's query as (name, text) pairs, in canonical form (generator/lab_url.py)."""
        return [(name, canonical(name, self.value(name))) for name in PARAMS]

    def query(self) -> str:
        return "&".join(f"{name}={text}" for name, text in self.pairs())


def one_decimal(value: Fraction) -> str:
    """α on the 0.1 grid with one decimal: 3 -> "3.0", 57/10 -> "5.7"."""
    tenths = value * 10
    if tenths.denominator != 1:
        raise ValueError(f"α = {value} is off the 0.1 grid")
    whole, tenth = divmod(tenths.numerator, 10)
    return f"{whole}.{tenth}"


def canonical(name: str, value: Value) -> str:
    """A field's text as the URL keeps it: k, p integers; α, α₀ one decimal; δ shortest exact."""
    if name in ("mode", "k", "p"):
        return str(value)
    assert isinstance(value, Fraction)
    if name == "delta":
        try:
            return exact_decimal(value)
        except ValueError:  # a δ typed as a fraction with no finite decimal ("1/3")
            return fraction_str(value)
    return one_decimal(value)


def parse_text(name: str, text: str) -> Value | None:
    """What a field's text means, or None: digits for k and p; a decimal or a/b otherwise."""
    if name == "mode":
        return text if text in MODES else None
    if name in ("k", "p"):
        return int(text) if re.fullmatch(r"[0-9]+", text) else None
    if not re.fullmatch(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+|[0-9]+/[0-9]*[1-9][0-9]*", text):
        return None
    return Fraction(text)


def state_of_query(query: str) -> LabState:
    texts = dict(pair.split("=", 1) for pair in query.split("&"))
    return LabState(
        texts["mode"],
        int(texts["k"]),
        int(texts["p"]),
        Fraction(texts["alpha"]),
        Fraction(texts["delta"]),
        Fraction(texts["alpha0"]),
    )


@dataclass(frozen=True)
class Action:
    """One way to reach a state: open its URL, or act on the page showing the previous one."""

    kind: str  # url | type | key | button | mode | preset
    name: str = ""  # the field, the mode, or the preset's query
    text: str = ""  # typed text, or the key
    count: int = 0  # grid steps of a key or a button
    state: LabState | None = None  # the URL's state
    prefix: bool = False  # typing: fill all but the last character, then press it

    def describe(self) -> str:
        if self.kind == "url":
            return "open the URL"
        if self.kind == "type":
            how = "fill + press the last key" if self.prefix else "clear + type"
            return f"type {self.text!r} into {self.name} ({how})"
        if self.kind == "key":
            return f"press {self.text} in {self.name}"
        if self.kind == "button":
            return f"click {self.name}'s {'+' if self.count > 0 else '−'}"
        if self.kind == "mode":
            return f"choose mode {self.name}"
        return f"click the preset {self.name}"


@dataclass(frozen=True)
class Step:
    action: Action
    state: LabState  # the state the action must lead to


def stepped(value: Fraction, name: str, count: int) -> Fraction:
    """The lab's stepper: `count` grid steps of 10^-places from `value`, clamped to the range."""
    scale = 10 ** PLACES[name]
    scaled = value * scale
    nearest = math.floor(scaled) + count if count > 0 else math.ceil(scaled) + count
    low, high = (limit * scale for limit in LIMITS[name])
    return Fraction(min(max(Fraction(nearest), low), high), scale)


def _with(state: LabState, name: str, value: Value) -> LabState:
    changes: dict[str, Any] = {name: value}
    return replace(state, **changes)


def apply(state: LabState | None, action: Action) -> LabState:
    """The state an action leads to from `state` (None: before the first URL)."""
    if action.kind == "url":
        assert action.state is not None
        return action.state
    if state is None:
        raise ValueError(f"{action.describe()} needs a page: a plan starts with a URL")
    if action.kind == "type":
        value = parse_text(action.name, action.text)
        assert value is not None, action
        return _with(state, action.name, value)
    if action.kind in ("key", "button"):
        moved = stepped(Fraction(state.value(action.name)), action.name, action.count)
        return _with(state, action.name, int(moved) if action.name in ("k", "p") else moved)
    if action.kind == "mode":
        return replace(state, mode=action.name)
    return state_of_query(action.name)


PRESETS = tuple(dict.fromkeys(LAB.query(LAB.examples.texts(example)) for example in DATA.catalogue))


# ---------------------------------------------------------------------------------------
# The sample


@lru_cache(maxsize=8192)
def record(state: LabState) -> StateRecord:
    return LAB.record(LAB.read(dict(state.pairs())))


def _required(state: LabState) -> Fraction:
    return record(replace(state, delta=Fraction(0)))["claim"]["required"]


def _draw_k(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.6:
        return rng.randint(50, 100)
    return rng.randint(2, 49) if roll < 0.9 else rng.choice([1, 100])


def _draw_p(rng: random.Random) -> int:
    return rng.choice([0, 50, 100]) if rng.random() < 0.2 else rng.randint(0, 100)


def _draw_alpha(rng: random.Random) -> Fraction:
    roll = rng.random()
    if roll < 0.45:
        tenths = rng.randint(10, 50)
    elif roll < 0.85:
        tenths = rng.randint(10, 1000)
    else:
        tenths = rng.choice([10, 1000, 10 * rng.randint(1, 100)])
    return Fraction(tenths, 10)


def _draw_alpha0(rng: random.Random) -> Fraction:
    """Mostly off the integers (α₀^k then has a long decimal), with the edges 1 and 100."""
    if rng.random() < 0.8:
        tenths = rng.randint(11, 999)
        while tenths % 10 == 0:
            tenths = rng.randint(11, 999)
        return Fraction(tenths, 10)
    return Fraction(rng.choice([10, 1000, 10 * rng.randint(1, 100)]), 10)


def _near(required: Fraction, places: int, up: bool) -> Fraction:
    """The nearest `places`-decimal strictly above (or below) `required`, within [0, 1]."""
    scale = 10**places
    scaled = required * scale
    if up:
        value = Fraction(math.ceil(scaled), scale)
        value = value + Fraction(1, scale) if value == required else value
        return min(value, Fraction(1))
    value = Fraction(math.floor(scaled), scale)
    value = value - Fraction(1, scale) if value == required else value
    return max(value, Fraction(0))


def _draw_delta(rng: random.Random, state: LabState) -> Fraction:
    """δ = 0, 1, just below / at / just above the core's required δ, or a short decimal."""
    required = _required(state)
    kind = rng.choices(["zero", "one", "below", "at", "above", "short"], [10, 10, 25, 15, 25, 15])[0]
    if kind == "at" and len(exact_decimal(required)) > MAX_CHARS:
        kind = rng.choice(["below", "above"])
    if kind == "zero":
        return Fraction(0)
    if kind == "one":
        return Fraction(1)
    if kind == "at":
        return required
    if kind == "short":
        return Fraction(rng.randint(0, 1000), 1000)
    return _near(required, rng.randint(2, MAX_CHARS - 2), up=kind == "above")


def _draw_state(rng: random.Random) -> LabState:
    mode = rng.choices(MODES, [50, 30, 20])[0]
    state = LabState(mode, _draw_k(rng), _draw_p(rng), _draw_alpha(rng), Fraction(0), _draw_alpha0(rng))
    return replace(state, delta=_draw_delta(rng, state))


def _typed(rng: random.Random, name: str, value: Value, fractions: dict[str, bool]) -> str:
    """The text typed for a value: mostly canonical, sometimes another spelling of it."""
    roll = rng.random()
    if name in ("k", "p"):
        text = str(value)
        return "0" + text if roll < 0.05 else text
    assert isinstance(value, Fraction)
    if name == "delta":
        if fractions.get("delta") and roll < 0.2:
            exact = fraction_str(value)
            if len(exact) <= MAX_CHARS and rng.random() < 0.5:
                return exact
            den = rng.randint(3, 999)
            return fraction_str(Fraction(rng.randint(0, den), den))  # usually no finite decimal
        text = exact_decimal(value)
        if roll < 0.3 and len(text) < MAX_CHARS:
            return text + ("0" if "." in text else ".0")  # "0.3750", "1.0": same value
        return text
    if fractions.get(name) and roll < 0.2:
        return rng.choice([f"{int(value * 10)}/10", fraction_str(value)])
    text = one_decimal(value)
    if roll < 0.3 and value.denominator == 1:
        return str(int(value))  # "3" for 3.0
    return text + "0" if roll < 0.4 else text  # "5.70"


def _random_action(
    rng: random.Random, state: LabState, fractions: dict[str, bool], url_share: float
) -> Action:
    if rng.random() < url_share:
        return Action("url", state=_draw_state(rng))
    kind = rng.choices(["type", "key", "button", "mode", "preset"], [45, 20, 20, 10, 5])[0]
    names = [name for name in FIELDS if state.mode != "xor" or name not in ("k", "p")]
    name = rng.choice(names)
    if kind == "type":
        value: Value
        if name in ("k", "p"):
            value = _draw_k(rng) if name == "k" else _draw_p(rng)
        elif name == "delta":
            value = _draw_delta(rng, state)
        else:
            value = _draw_alpha(rng) if name == "alpha" else _draw_alpha0(rng)
        text = _typed(rng, name, value, fractions)
        return Action("type", name, text, prefix=len(text) > 1 and rng.random() < 0.75)
    if kind == "key":
        key = rng.choice(list(KEYS))
        return Action("key", name, key, KEYS[key])
    if kind == "button":
        return Action("button", name, count=rng.choice([-1, 1]))
    if kind == "mode":
        return Action("mode", rng.choice([mode for mode in MODES if mode != state.mode]))
    return Action("preset", rng.choice(PRESETS))


def _url(mode: str, k: int, p: int, alpha: str, delta: str, alpha0: str) -> Action:
    return Action("url", state=LabState(mode, k, p, Fraction(alpha), Fraction(delta), Fraction(alpha0)))


# Every edge of the domain, and issue 8's two URLs, before the random walk.
EDGE_SCRIPT: tuple[Action, ...] = (
    _url("fresh", 20, 75, "3", "0", "5.9"),  # issue 8: then k's "+" ...
    Action("button", "k", count=1),  # ... shows k = 21
    _url("fresh", 100, 90, "3", "0", "5.9"),  # issue 8: never finished mounting
    Action("type", "p", "100"),
    Action("type", "p", "0"),
    Action("button", "p", count=-1),  # clamped at 0
    Action("type", "p", "50", prefix=True),
    Action("type", "alpha", "1"),
    Action("type", "delta", "1"),
    Action("key", "alpha0", "ArrowDown", -1),
    Action("type", "alpha0", "1.0", prefix=True),
    Action("key", "k", "PageUp", 10),  # clamped at 100
    Action("key", "k", "ArrowDown", -1),
    Action("button", "k", count=1),
    _url("copy", 1, 75, "100", "0.5", "100"),
    Action("button", "alpha", count=1),  # clamped at 100
    Action("key", "alpha0", "PageDown", -10),
    Action("mode", "xor"),
    Action("button", "alpha0", count=-1),
    Action("type", "delta", "0"),
    Action("mode", "fresh"),
    Action("key", "delta", "ArrowUp", 1),
    _url("fresh", 1, 0, "1", "1", "1"),
    Action("preset", PRESETS[0]),
    _url("xor", 100, 100, "2.5", "0.5", "1.1"),
    Action("mode", "copy"),
    Action("key", "p", "PageDown", -10),
)
FRACTION_SCRIPT: dict[str, tuple[Action, ...]] = {
    "alpha": (Action("type", "alpha", "57/10"), Action("type", "alpha0", "59/10", prefix=True)),
    "delta": (Action("type", "delta", "1/3"), Action("key", "delta", "ArrowUp", 1)),
}


def plan(
    count: int, seed: int, fractions: dict[str, bool] | None = None, url_share: float = URL_SHARE
) -> list[Step]:
    """`count` steps: the edge script, then a seeded random walk (`url_share` of it by URL)."""
    fractions = fractions or {}
    rng = random.Random(seed)
    actions = list(EDGE_SCRIPT)
    for name in ("alpha", "delta"):
        if fractions.get(name):
            actions[8:8] = FRACTION_SCRIPT[name]
    steps: list[Step] = []
    state: LabState | None = None
    for index in range(count):
        if index < len(actions):
            action = actions[index]
        else:
            assert state is not None
            action = _random_action(rng, state, fractions, url_share)
        state = apply(state, action)
        steps.append(Step(action, state))
    return steps


def coverage(steps: list[Step]) -> dict[str, Any]:
    """What a plan reaches: the edges it misses, verdicts, ways in, large-k non-integer α₀."""
    states = [step.state for step in steps]
    edges = {
        "p = 0": any(s.p == 0 and s.mode != "xor" for s in states),
        "p = 50": any(s.p == 50 and s.mode != "xor" for s in states),
        "p = 100": any(s.p == 100 and s.mode != "xor" for s in states),
        "k = 1": any(s.k == 1 and s.mode != "xor" for s in states),
        "k = 100": any(s.k == 100 and s.mode != "xor" for s in states),
        "α = 1": any(s.alpha == 1 for s in states),
        "α = 100": any(s.alpha == 100 for s in states),
        "α₀ = 1": any(s.alpha0 == 1 for s in states),
        "α₀ = 100": any(s.alpha0 == 100 for s in states),
        "δ = 0": any(s.delta == 0 for s in states),
        "δ = 1": any(s.delta == 1 for s in states),
        **{f"mode {mode}": any(s.mode == mode for s in states) for mode in MODES},
    }
    verdicts = Counter("pass" if record(s)["claim"]["passes"] else "fail" for s in states)
    return {
        "missing": [name for name, reached in edges.items() if not reached],
        "verdicts": dict(verdicts),
        "actions": dict(Counter(step.action.kind for step in steps)),
        "large k, non-integer α₀": sum(
            1 for s in states if s.k >= 50 and s.alpha0.denominator != 1 and s.mode != "xor"
        ),
        "fractions typed": sum(1 for step in steps if step.action.kind == "type" and "/" in step.action.text),
    }


# ---------------------------------------------------------------------------------------
# What the Python side renders for a state


def _walk(node: LexborNode) -> list[LexborNode]:
    """This element and every one below it, except the rows a <template> holds for the kit."""
    found = [node]
    for child in node.iter():
        if child.tag != "template":
            found.extend(_walk(child))
    return found


def _dataset(attrs: dict[str, str]) -> dict[str, str]:
    """The data-* attributes as the DOM's el.dataset names them (data-lab-rows -> labRows)."""
    return {
        re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name[5:]): value
        for name, value in attrs.items()
        if name.startswith("data-")
    }


Row = list[Any]  # [dataset, [[tag, data-exact or None, text], ...]]


def _text(node: LexborNode) -> str:
    return node.text(deep=True)


def _rows(body: LexborNode) -> list[Row]:
    return [
        [
            _dataset(attributes(tr)),
            [
                [cell.tag, attributes(cell).get("data-exact"), _text(cell)]
                for cell in tr.iter()
                if cell.tag in ("td", "th")
            ],
        ]
        for tr in _walk(body)
        if tr.tag == "tr"
    ]


def _one(nodes: list[LexborNode], name: str, value: str | None = None) -> LexborNode:
    """The one element with attribute `name` (equal to `value`, if given)."""
    found = [node for node in nodes if name in node.attributes and value in (None, attributes(node)[name])]
    if len(found) != 1:
        raise ValueError(f"the lab's markup has {len(found)} elements [{name}={value!r}]")
    return found[0]


@dataclass(frozen=True)
class Expected:
    outs: dict[str, tuple[dict[str, str], str]]
    texts: dict[str, str]  # ε lines, captions, note
    rows: dict[str, list[Row]]

    @cached_property
    def digests(self) -> dict[str, str]:
        """SHA-256 of each table as the page's JSON.stringify writes it (dataset keys sorted)."""
        return {
            kind: hashlib.sha256(
                json.dumps(rows, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
            ).hexdigest()
            for kind, rows in self.rows.items()
        }


@lru_cache(maxsize=4096)
def expected(state: LabState) -> Expected:
    """What the page must show: the lab as Python renders it for the state."""
    tree = parse(LAB.render(record(state), dict(state.pairs()), static_charts=False))
    nodes = _walk(tree.root) if tree.root else []
    outs = {
        attributes(node)["data-out"]: (_dataset(attributes(node)), _text(node))
        for node in nodes
        if "data-out" in node.attributes
    }
    texts = {
        "ε line of α": _text(_one(nodes, "data-lab-note", "eps-alpha")),
        "ε line of α₀": _text(_one(nodes, "data-lab-note", "eps-alpha0")),
        "distribution caption": _text(_one(nodes, "data-lab-caption", "distribution")),
        "profile caption": _text(_one(nodes, "data-lab-caption", "profile")),
        "composition note": _text(_one(nodes, "data-lab-note", "composition")),
    }
    rows = {kind: _rows(_one(nodes, "data-lab-rows", kind)) for kind in ("distribution", "profile")}
    return Expected(outs, texts, rows)


# ---------------------------------------------------------------------------------------
# The page

COUNTERS = """() => {
  const lab = document.getElementById('lab');
  if (!lab) return [0, 0, null];
  return [Number(lab.getAttribute('data-lab-sequence') || '0'),
          Number(lab.getAttribute('data-lab-failures') || '0'), lab.getAttribute('data-lab-stale')];
}"""

# 'updated' once a new sequence shows the expected address, 'failed' once the lab reports a
# failed update (data-lab-failures grows or data-lab-stale becomes "error"), else keeps polling.
SETTLED = """([before, failuresBefore, staleBefore, expected, mounted]) => {
  const lab = document.getElementById('lab');
  if (!lab) return false;
  const failures = Number(lab.getAttribute('data-lab-failures') || '0');
  const stale = lab.getAttribute('data-lab-stale');
  if (failures > failuresBefore || (stale === 'error' && staleBefore !== 'error')) return 'failed';
  if (mounted && !lab.hasAttribute('data-lab-mounted')) return false;
  if (Number(lab.getAttribute('data-lab-sequence') || '0') <= before) return false;
  return JSON.stringify(Array.from(new URLSearchParams(location.search))) === expected ? 'updated' : false;
}"""

CHARTED = """() => { const lab = document.getElementById('lab');
  return lab.getAttribute('data-lab-charted') === lab.getAttribute('data-lab-sequence'); }"""

# Charts follow an update (kit/charts): they may be stale until data-lab-charted catches up.
STALE_CHARTS = """() =>
  document.getElementById('lab').querySelectorAll('[data-lab-chart][data-stale]').length"""

SNAPSHOT = """async (digests) => {
  const lab = document.getElementById('lab');
  const data = (el) => Object.assign({}, el.dataset);
  const sorted = (el) => {
    const out = {};
    Object.keys(el.dataset).sort().forEach((key) => { out[key] = el.dataset[key]; });
    return out;
  };
  // A table comes back whole only when its digest differs from the core's (it is large).
  const table = async (kind) => {
    const found = rows(kind);
    if (!(window.crypto && crypto.subtle)) return found;
    const bytes = new TextEncoder().encode(JSON.stringify(found));
    const hash = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
      (byte) => byte.toString(16).padStart(2, '0')).join('');
    return hash === digests[kind] ? null : found;
  };
  const text = (selector) => { const el = lab.querySelector(selector); return el ? el.textContent : null; };
  const rows = (kind) => Array.from(lab.querySelectorAll(`[data-lab-rows="${kind}"] tr`), (tr) =>
    [sorted(tr), Array.from(tr.cells, (c) =>
      [c.tagName.toLowerCase(), c.getAttribute('data-exact'), c.textContent])]);
  const fields = {};
  lab.querySelectorAll('[data-field]').forEach((w) => {
    if (w.dataset.field !== 'mode') fields[w.dataset.field] = w.querySelector('input').value;
  });
  const checked = lab.querySelector('input[name="mode"]:checked');
  const shown = (el) => !!el && !el.closest('[hidden]');
  const notice = lab.querySelector('[data-lab-error]');
  let body = '';
  lab.childNodes.forEach((node) => { if (node.nodeName !== 'SCRIPT') body += node.textContent; });
  const attributes = Array.from(lab.querySelectorAll('[data-out], [data-lab-rows] td'),
    (el) => Object.values(el.dataset).join(' ')).join(' ');
  // a reading never rounds to a bare 0 or 1 (generator/core/readable.py)
  const bad = /(?:NaN|Infinity|undefined|≈ [01](?![.0-9]| [−+×] ))/;
  const forbidden = (body + ' ' + attributes).match(new RegExp('.{0,40}' + bad.source + '.{0,40}'));
  return {
    outs: Array.from(lab.querySelectorAll('[data-out]'), (el) => [el.dataset.out, data(el), el.textContent]),
    texts: {
      'ε line of α': text('[data-lab-note="eps-alpha"]'),
      'ε line of α₀': text('[data-lab-note="eps-alpha0"]'),
      'distribution caption': text('[data-lab-caption="distribution"]'),
      'profile caption': text('[data-lab-caption="profile"]'),
      'composition note': text('[data-lab-note="composition"]'),
    },
    rows: { distribution: await table('distribution'), profile: await table('profile') },
    fields: fields,
    mode: checked ? checked.value : null,
    fieldErrors: Array.from(lab.querySelectorAll('[data-error-for]'))
      .filter(shown).map((el) => el.dataset.errorFor + ': ' + el.textContent),
    search: location.search,
    params: Array.from(new URLSearchParams(location.search)),
    mounted: lab.hasAttribute('data-lab-mounted'),
    sequence: lab.getAttribute('data-lab-sequence'),
    stale: lab.getAttribute('data-lab-stale'),
    failures: lab.getAttribute('data-lab-failures'),
    staleAreas: lab.querySelectorAll('[data-lab-area][data-stale]').length,
    hasErrorNotice: !!notice,
    errorNotice: shown(notice) ? notice.textContent : null,
    forbidden: forbidden ? forbidden[0] : null,
  };
}"""


def _short(text: object, around: int = 0, width: int = 60) -> str:
    shown = str(text)
    if len(shown) <= 2 * width:
        return repr(shown)
    start = max(0, around - width // 2)
    return repr(("…" if start else "") + shown[start : start + width] + "…") + f" ({len(shown)} chars)"


def _differ(what: str, page: object, core: object) -> str:
    """'what: page X ≠ core Y', long texts cut around the first differing character."""
    a, b = str(page), str(core)
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"{what}: page {_short(page, at)} ≠ core {_short(core, at)}"


def compare(snapshot: dict[str, Any], state: LabState) -> list[str]:
    """What the page shows that differs from the Python rendering of `state`."""
    want = expected(state)
    problems: list[str] = []
    seen: dict[str, tuple[dict[str, str], str]] = {}
    for name, data, text in snapshot["outs"]:
        if name in seen:
            problems.append(f"data-out={name} appears twice")
        seen[name] = (data, text)
    for name in [*want.outs, *(name for name in seen if name not in want.outs)]:
        if name not in seen:
            problems.append(f"data-out={name} is missing on the page")
            continue
        if name not in want.outs:
            problems.append(f"data-out={name} is on the page but not in the core's rendering")
            continue
        (page_data, page_text), (core_data, core_text) = seen[name], want.outs[name]
        for key in sorted(set(page_data) | set(core_data)):
            if page_data.get(key) != core_data.get(key):
                problems.append(_differ(f"{name} data-{key}", page_data.get(key), core_data.get(key)))
        if page_text != core_text:
            problems.append(_differ(f"{name} text", page_text, core_text))
    for name, core_text in want.texts.items():
        if snapshot["texts"][name] != core_text:
            problems.append(_differ(name, snapshot["texts"][name], core_text))
    for kind, core_rows in want.rows.items():
        page_rows = snapshot["rows"][kind]
        if page_rows is None:  # its digest equals the core's
            continue
        if page_rows == core_rows:  # equal, yet the digests differ: the JSON forms do
            problems.append(f"{kind} table: equal rows with a different digest (tests/harness/parity.py)")
        if len(page_rows) != len(core_rows):
            problems.append(f"{kind} table: {len(page_rows)} rows on the page, {len(core_rows)} in the core")
        differing = [i for i, (a, b) in enumerate(zip(page_rows, core_rows, strict=False)) if a != b]
        for i in differing[:2]:
            problems.append(_differ(f"{kind} table row {i}", page_rows[i], core_rows[i]))
        if len(differing) > 2:
            problems.append(f"{kind} table: {len(differing)} rows differ in all")
    for name in FIELDS:
        text = snapshot["fields"].get(name, "")
        if parse_text(name, text) != state.value(name):
            problems.append(
                f"field {name} shows {text!r}, the state has {canonical(name, state.value(name))}"
            )
    if snapshot["mode"] != state.mode:
        problems.append(f"mode radio {snapshot['mode']!r}, the state has {state.mode!r}")
    if [tuple(pair) for pair in snapshot["params"]] != state.pairs():
        problems.append(f"address {snapshot['search']!r} ≠ the fields' canonical ?{state.query()}")
    if snapshot["fieldErrors"]:
        problems.append(f"field errors shown: {snapshot['fieldErrors']}")
    if snapshot["stale"] is not None:
        problems.append(f"#lab is marked data-lab-stale={snapshot['stale']!r}")
    if snapshot["staleAreas"]:
        problems.append(f"{snapshot['staleAreas']} output areas are marked data-stale")
    if snapshot["errorNotice"] is not None:
        problems.append(f"error notice shown: {snapshot['errorNotice']!r}")
    if snapshot["forbidden"]:
        problems.append(f"NaN/Infinity/undefined in the lab: {snapshot['forbidden']!r}")
    return problems


# ---------------------------------------------------------------------------------------
# The checker


@dataclass
class Failure:
    index: int
    action: str
    url: str  # the lesson page with the state's full query
    problems: list[str]
    signals: dict[str, Any] = field(default_factory=dict)  # what the lab reported itself

    def describe(self, lines: int = 8) -> str:
        shown = "".join(f"\n      - {problem}" for problem in self.problems[:lines])
        more = f"\n      - … {len(self.problems) - lines} more" if len(self.problems) > lines else ""
        return f"  state #{self.index} ({self.action}): {self.url}{shown}{more}"


@dataclass
class Run:
    failures: list[Failure]
    seconds: float
    outcomes: Counter[str]
    seconds_by_kind: dict[str, float] = field(default_factory=dict)  # action, wait, read, compare


def report(failures: list[Failure], header: str, states: int = 10) -> str:
    listed = "\n".join(failure.describe() for failure in failures[:states])
    more = f"\n  … and {len(failures) - states} more states" if len(failures) > states else ""
    return f"{header}: {len(failures)} states differ from the core\n{listed}{more}"


def _act(page: Page, action: Action, url: str) -> None:
    if action.kind == "url":
        assert action.state is not None
        page.goto(f"{url}?{action.state.query()}", wait_until="domcontentloaded")
    elif action.kind == "type":
        field_input = page.locator(f"#cl-lab-{action.name}")
        if action.prefix:
            field_input.fill(action.text[:-1])
            field_input.press_sequentially(action.text[-1])
        else:
            field_input.fill("")
            field_input.press_sequentially(action.text)
    elif action.kind == "key":
        page.locator(f"#cl-lab-{action.name}").press(action.text)
    elif action.kind == "button":
        page.locator(f'#lab [data-field="{action.name}"] [data-step="{action.count}"]').click()
    elif action.kind == "mode":
        page.locator(f'#lab input[name="mode"][value="{action.name}"]').check()
    else:
        page.locator(f'#lab [data-preset="{action.name}"]').click()


def check_plan(
    page: Page,
    log: PageLog,
    url: str,
    steps: list[Step],
    *,
    timeout_ms: float = 1500,
    charts_every: int = 25,
) -> Run:
    """Runs `steps` on `page` (the lesson at `url`), comparing every state with the core."""
    started = time.monotonic()
    failures: list[Failure] = []
    outcomes: Counter[str] = Counter()
    spent: dict[str, float] = defaultdict(float)
    for index, step in enumerate(steps):
        clock = time.monotonic()
        before = [0, 0, None] if step.action.kind == "url" else page.evaluate(COUNTERS)
        console_before, errors_before = len(log.console_errors), len(log.page_errors)
        problems: list[str] = []
        try:
            _act(page, step.action, url)
        except Exception as error:  # a missing button, a disabled field: report, go on
            problems.append(f"the action failed: {type(error).__name__}: {str(error).splitlines()[0]}")
        clock = _lap(spent, step.action.kind, clock)
        expected_params = [list(pair) for pair in step.state.pairs()]
        try:
            outcome = page.wait_for_function(
                SETTLED,
                arg=[*before, json.dumps(expected_params, separators=(",", ":")), step.action.kind == "url"],
                timeout=timeout_ms,
            ).json_value()
        except PlaywrightTimeoutError:
            outcome = "timeout"
        outcomes[str(outcome)] += 1
        clock = _lap(spent, "wait", clock)
        snapshot: dict[str, Any] = page.evaluate(SNAPSHOT, expected(step.state).digests)
        clock = _lap(spent, "read", clock)
        if outcome == "timeout":
            what = "the lab never finished mounting" if step.action.kind == "url" else "no update showed it"
            unmounted = "" if snapshot["mounted"] or step.action.kind == "url" else " (the lab never mounted)"
            problems.append(
                f"{what} within {timeout_ms:.0f} ms{unmounted} "
                f"(data-lab-sequence {before[0]} → {snapshot['sequence']})"
            )
        elif outcome == "failed":
            problems.append(
                f"the lab reported a failed update (data-lab-stale={snapshot['stale']!r}, "
                f"data-lab-failures={snapshot['failures']!r})"
            )
        elif charts_every and (index % charts_every == charts_every - 1 or index == len(steps) - 1):
            try:
                page.wait_for_function(CHARTED, timeout=20_000)
            except PlaywrightTimeoutError:
                problems.append("the charts did not catch up with the update within 20 s")
            else:
                stale_charts = page.evaluate(STALE_CHARTS)
                if stale_charts:
                    problems.append(f"{stale_charts} charts are still marked data-stale once drawn")
            clock = _lap(spent, "charts", clock)
        problems.extend(compare(snapshot, step.state))
        clock = _lap(spent, "compare", clock)
        console = log.console_errors[console_before:]
        thrown = log.page_errors[errors_before:]
        problems.extend(f"console.error: {_short(text)}" for text in console)
        problems.extend(f"uncaught: {_short(text)}" for text in thrown)
        if problems:
            failures.append(
                Failure(
                    index,
                    step.action.describe(),
                    f"{url}?{step.state.query()}",
                    problems,
                    {
                        "outcome": outcome,
                        "stale": snapshot["stale"],
                        "error_notice": snapshot["errorNotice"],
                        "has_error_notice": snapshot["hasErrorNotice"],
                        "console_errors": console,
                    },
                )
            )
    return Run(failures, time.monotonic() - started, outcomes, {k: round(v, 1) for k, v in spent.items()})


def _lap(spent: dict[str, float], what: str, since: float) -> float:
    now = time.monotonic()
    spent[what] += now - since
    return now


def fraction_support(page: Page, url: str) -> dict[str, bool]:
    """Whether the lab takes α typed as "57/10" and δ as "1/3" (issue 8's change)."""
    page.goto(f"{url}?mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0")
    page.wait_for_selector("#lab[data-lab-mounted]", state="attached", timeout=10_000)
    support = {}
    for name, text in (("alpha", "57/10"), ("delta", "1/3")):
        field_input = page.locator(f"#cl-lab-{name}")
        field_input.fill(text)
        support[name] = field_input.get_attribute("aria-invalid") is None
    return support
