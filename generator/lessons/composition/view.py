"""What the composition lab, its cards and its figures show of a state: every slot, from its
record.

The lab's module (``lab/composition.mjs``) computes the same view in the browser (the golden
vectors hold the two equal), and the course writes either into the same elements
(:mod:`generator.course.shown`). Every sentence is one of :data:`TEXTS`, with the ``{slots}``
it fills; the browser fills them the same way.

Beyond DESIGN.md's table: ``theorem-eps`` (q·ln α₀ is not a fraction) carries its decimal in
``data-value`` and the exact composed α in ``data-alpha``; ``max-event`` carries
``data-direction`` and ``data-outputs`` (space-separated labels). In xor no step composes,
and the composition panel's slots show "—" with none of their attributes.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from generator.core.rational import fraction_str
from generator.course.records import Claim
from generator.course.shown import Shown, View, exact, exact_cell, markup, text, verdict
from generator.course.templates import fill_html, number_html, reading
from generator.lessons.composition.records import Log, StateRecord

X_LABELS = ("x = 0", "x = 1")
MODE_NAMES = {"fresh": "새 응답", "copy": "복사", "xor": "XOR"}

# Every sentence the view writes, with {slots} it fills; the browser fills them the same way.
TEXTS = {
    **{f"mode-{mode}": name for mode, name in MODE_NAMES.items()},
    "channel": "{mode} · k = {k} · p = {p}%",
    "verdict-pass": "주장 통과: 필요한 δ({required})가 주장한 δ({delta}) 이하입니다",
    "verdict-fail": "주장 실패: 필요한 δ({required})가 주장한 δ({delta})보다 큽니다",
    "max-event": "{direction} 방향, {event}",
    "eps-infinite": "∞ (유한한 순수 ε이 없음)",
    "none": "—",
    "alpha0": "{alpha0} (ε₀ = {epsilon})",
    "theorem-eps": "{epsilon} (합산한 α는 {alpha})",
    "theorem-delta": "min(1, {queries} × {delta0}) = {delta}",
    "composed-delta-exact": "α가 {alpha}일 때 {delta}",
    "note-xor": (
        "첫 출력 R을 알면 두 번째 출력이 x를 그대로 드러내므로 각 좌표의 주변 보장은 조건부 보장이 되지 "
        "못하고, 따라서 합성 정리로 더할 수 없습니다."
    ),
    "xor-reason": "XOR 모드는 공정한 동전 R과 x XOR R, 두 출력으로 정해져 있어 k와 p를 쓰지 않습니다.",
    "note-composed": (
        "정리의 값은 언제나 성립하는 상계이고, 마지막 값은 같은 합산 ε에서 이 메커니즘에 실제로 필요한 "
        "가장 작은 δ입니다."
    ),
    "eps-alpha": "ε = ln α = {epsilon}",
    "eps-alpha0": "ε₀ = ln α₀ = {epsilon}",
    "distribution-caption": (
        f"{{channel}}: 출력마다 {X_LABELS[0]}일 때의 확률은 파랑, {X_LABELS[1]}일 때는 주황 막대입니다. "
        "최대 사건 {event}({direction} 방향)에 든 출력은 뒤에 회색 띠를 깔았습니다."
    ),
    "distribution-caption-empty": (
        f"{{channel}}: 출력마다 {X_LABELS[0]}일 때의 확률은 파랑, {X_LABELS[1]}일 때는 주황 막대입니다. "
        "주장한 α에서 필요한 δ가 0이므로 최대 사건은 빈 사건이고, 회색 띠를 깐 출력도 없습니다."
    ),
    "profile-caption": (
        "{channel}: 정수 α = 1, 2, …, 100에서 정확히 계산한 δ*(α)가 파란 점이고(α 축은 로그 눈금), "
        "점 사이의 선은 안내선입니다. 주황 선은 주장한 δ = {delta}, 빨간 점은 선택한 α = {alpha}에서 "
        "따로 정확히 계산한 δ* = {required}입니다."
    ),
    "in-event": "예",
    "not-in-event": "아니요",
    "selected-alpha": "{alpha} (선택)",
    "announcement": "{verdict}. 최대 사건은 {direction} 방향 {event}, 최소 순수 ε은 {epsilon}.",
}

# The composition panel's slots that only a composed channel fills, with the attributes
# each carries then (xor shows "—" and removes them).
COMPOSED = {
    "delta0": ("data-exact",),
    "queries": ("data-exact",),
    "theorem-eps": ("data-value", "data-alpha"),
    "theorem-delta": ("data-exact",),
    "composed-delta-exact": ("data-exact",),
}


def channel_text(record: StateRecord) -> str:
    """ "새 응답 · k = 2 · p = 75%", or "XOR" (which uses neither k nor p)."""
    channel = record["channel"]
    name = MODE_NAMES[channel["mode"]]
    if channel["mode"] == "xor":
        return name
    return TEXTS["channel"].format(mode=name, k=channel["k"], p=channel["p"])


def epsilon_html(value: Log) -> Markup:
    """An ε as exact text with its decimal: "2·ln(3) ≈ 2.197", "0", or the sentence for ∞."""
    if value["exact"] == "0":
        return Markup("0")
    if value["exact"] == "∞":
        return escape(TEXTS["eps-infinite"])
    return escape(value["exact"]) + Markup(' <span class="cl-decimal">≈ {}</span>').format(value["decimal"])


def verdict_text(claim: Claim) -> str:
    """The claim's outcome in one plain sentence, from the record's exact decision."""
    template = TEXTS["verdict-pass" if claim["passes"] else "verdict-fail"]
    return template.format(required=reading(claim["required"]), delta=reading(claim["delta"]))


def _composed(record: StateRecord) -> dict[str, Shown]:
    """The composition panel's slots past α₀: the theorem's bound and the exact value."""
    panel, theorem = record["composition"], record["epsilon"]["theorem"]
    queries, delta0, alpha = panel["queries"], panel["delta0"], panel["composed_alpha"]
    bound, exact_delta = panel["theorem_delta"], panel["exact_delta"]
    if queries is None or delta0 is None or alpha is None or bound is None or exact_delta is None:
        return {
            f"out:{name}": Shown(dict.fromkeys(attrs), text=TEXTS["none"]) for name, attrs in COMPOSED.items()
        }
    assert theorem is not None
    composed = number_html(alpha)
    return {
        "out:delta0": exact(delta0),
        "out:queries": text(str(queries), **{"data-exact": str(queries)}),
        "out:theorem-eps": markup(
            fill_html(TEXTS["theorem-eps"], epsilon=epsilon_html(theorem), alpha=composed),
            **{"data-value": theorem["decimal"], "data-alpha": fraction_str(alpha)},
        ),
        "out:theorem-delta": markup(
            fill_html(
                TEXTS["theorem-delta"], queries=queries, delta0=fraction_str(delta0), delta=number_html(bound)
            ),
            **{"data-exact": fraction_str(bound)},
        ),
        "out:composed-delta-exact": markup(
            fill_html(TEXTS["composed-delta-exact"], delta=number_html(exact_delta), alpha=composed),
            **{"data-exact": fraction_str(exact_delta)},
        ),
    }


def _tables(record: StateRecord) -> dict[str, Shown]:
    """The probability table (one row per output) and the profile table (the claim's α,
    then the integer grid)."""
    channel, claim, grid = record["channel"], record["claim"], record["grid"]
    event = set(claim["event"]["outputs"])
    laws = zip(channel["labels"], channel["distribution0"], channel["distribution1"], strict=True)
    alpha = fraction_str(claim["alpha"])
    selected = Shown(
        {"class": "cl-selected", "data-alpha": alpha},
        cells=(text(TEXTS["selected-alpha"].format(alpha=alpha)), exact_cell(claim["required"])),
    )
    return {
        "rows:distribution": Shown(
            items=tuple(
                Shown(
                    {"data-output": label},
                    cells=(
                        text(label),
                        exact_cell(p0),
                        exact_cell(p1),
                        text(TEXTS["in-event" if label in event else "not-in-event"]),
                    ),
                )
                for label, p0, p1 in laws
            )
        ),
        "rows:profile": Shown(
            items=(
                selected,
                *(
                    Shown({"data-alpha": fraction_str(a)}, cells=(text(fraction_str(a)), exact_cell(d)))
                    for a, d in zip(grid["alphas"], grid["deltas"], strict=True)
                ),
            )
        ),
    }


def view(record: StateRecord) -> View:
    """Every slot of the lab (and of a card, a figure) for one state."""
    claim, pure, panel, epsilon = (
        record["claim"],
        record["pure_epsilon"],
        record["composition"],
        record["epsilon"],
    )
    event = claim["event"]
    channel = channel_text(record)
    xor = panel["queries"] is None
    distribution = (
        TEXTS["distribution-caption"].format(
            channel=channel, event=event["text"], direction=event["direction"]
        )
        if event["outputs"]
        else TEXTS["distribution-caption-empty"].format(channel=channel)
    )
    return {
        "out:claim": verdict(claim["passes"], verdict_text(claim)),
        "out:delta-required": exact(claim["required"]),
        "out:max-event": text(
            TEXTS["max-event"].format(direction=event["direction"], event=event["text"]),
            **{"data-direction": event["direction"], "data-outputs": " ".join(event["outputs"])},
        ),
        "out:eps-pure": markup(
            epsilon_html({"exact": pure["exact"], "decimal": pure["decimal"]}),
            **{"data-value": pure["decimal"]},
        ),
        "out:alpha0": markup(
            fill_html(
                TEXTS["alpha0"], alpha0=number_html(panel["alpha0"]), epsilon=epsilon_html(epsilon["step"])
            ),
            **{"data-exact": fraction_str(panel["alpha0"])},
        ),
        **_composed(record),
        "note:composition": text(TEXTS["note-xor" if xor else "note-composed"]),
        "note:eps-alpha": markup(fill_html(TEXTS["eps-alpha"], epsilon=epsilon_html(epsilon["claim"]))),
        "note:eps-alpha0": markup(fill_html(TEXTS["eps-alpha0"], epsilon=epsilon_html(epsilon["step"]))),
        "note:xor-reason": Shown(hidden=not xor),
        "note:xor": Shown(hidden=not xor),
        "caption:distribution": text(distribution),
        "caption:profile": text(
            TEXTS["profile-caption"].format(
                channel=channel,
                delta=reading(claim["delta"]),
                alpha=fraction_str(claim["alpha"]),
                required=reading(claim["required"]),
            )
        ),
        **_tables(record),
    }


def announcement(record: StateRecord) -> str:
    """What the live region says after an update: the verdict, the maximal event, the pure ε."""
    claim = record["claim"]
    return TEXTS["announcement"].format(
        verdict=verdict_text(claim),
        direction=claim["event"]["direction"],
        event=claim["event"]["text"],
        epsilon=record["pure_epsilon"]["exact"],
    )


def chart_label(kind: str, record: StateRecord) -> str:
    """A static chart's text alternative."""
    claim, channel = record["claim"], channel_text(record)
    if kind == "profile":
        return (
            f"{channel}에서 정수 α = 1부터 100까지의 필요한 δ 그래프. "
            f"선택한 α = {fraction_str(claim['alpha'])}에서 정확한 δ*는 {reading(claim['required'])}, "
            f"주장한 δ는 {reading(claim['delta'])}입니다."
        )
    if not claim["event"]["outputs"]:
        return f"{channel}의 출력별 확률 막대그래프. 필요한 δ가 0이라 표시한 사건이 없습니다."
    return (
        f"{channel}의 출력별 확률 막대그래프. 최대 사건 {claim['event']['text']}의 출력에 회색 띠가 있습니다."
    )
