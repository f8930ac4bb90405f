"""Golden vectors: the core's exact answers over the lab's whole input domain.

The lab in the browser answers with its own BigInt engine
(``site_overrides/assets/javascripts/lab/engine.mjs``); these vectors hold it to the core.
They are generated at test time (``python -m generator golden --out DIR`` writes
``DIR/golden.json``), never committed. Two parts:

``profiles``
    One row per (mode, p, k) for mode in fresh, copy, xor, p = 0..100 and k = 1..100:
    30 300 rows (xor ignores p and k but is listed in full all the same). A row is
    ``[mode, p, k, deltas, events, distributions, pure_exact, pure_decimal]``. The three
    middle columns are sha256 hex digests of canonical texts, whose lines are joined by
    ``"\\n"`` with no final newline and encoded as UTF-8:

    - deltas: ``fraction_str(δ*(α))`` for α = 1, 2, ..., 100 (``"1/2"``, ``"3/8"``, ``"0"``);
    - events: ``"<direction>:<labels joined by ','>"`` of the maximal event at the same α
      (``"0→1:0"``, ``"1→0:01,10"``, and ``"0→1:"`` when δ* = 0);
    - distributions: ``"<label>:<P(label | x=0)>:<P(label | x=1)>"`` for every output in
      label order (``"0:9/16:1/16"``).

    Written out in full the grid would be a million fractions of up to 200 digits; a
    digest still names the (mode, p, k) that differs.

``epsilon_digests``
    Every ε text the lab can show besides the pure ε: ln α of the claim, ε₀ = ln α₀ and
    the theorem's Σε = q·ln α₀. Entry m - 1 is the digest of the lines
    ``"<exact>:<decimal>"`` of m·ln(α) for α = 1.0, 1.1, ..., 100.0, for m = 1..100
    (``2·ln(3):2.197``, ``ln(57/10):1.740``; α = 1 gives ``0:0``).

``samples``
    ``SAMPLE_SIZE`` seeded cases of what a reader can type: mode, p, k, and the texts of
    α and α₀ (0.1 steps: ``"5.7"``, ``"3.0"``, ``"12"``, or as a fraction ``"57/10"``) and
    of δ (a decimal, exact as typed, often just either side of δ*(α) so both verdicts
    occur, or δ*(α) itself as its fraction). Each carries the full expected values in the
    shapes of :mod:`generator.course.records`: the claim with its maximal event, the pure ε, the
    composition panel, the ε texts of α, α₀ and the theorem's Σε, and the decimals of the
    panel's δ values.

    Each also carries ``readings``: :func:`generator.core.readable.readable` of every exact
    value the lab shows in its results and panel (``Readable.as_json``), by record path.

``readable_cases``
    ``Readable.as_json`` of the values at the formatter's edges (:data:`READABLE_EDGES`:
    each side of 1/100, of 10^6, of the 13-character limit, values that round to 0 or 1,
    negative values) and of every δ*(α) on the grid of fresh responses at p = 75, k = 100,
    whose values run from 1/2 down past 10⁻¹⁰ and whose fractions have up to 120 digits.

``limits`` and ``parse_cases``
    The lab's field limits as the page hands them to the engine
    (:meth:`~generator.core.input_limits.FieldLimit.as_json`), and, for every field and each of
    :data:`PARSE_TEXTS`, what :func:`generator.core.rational.read_field` answers: the value's
    fraction string, or the refusal's code. The engine's reader must answer the same.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

from generator.core.channels import Channel, Mode, build
from generator.core.claim import check_claim
from generator.core.composition import compose
from generator.core.input_limits import LAB_FIELDS, MAX_NUMBER_CHARS, FieldLimit
from generator.core.profile import INTEGER_GRID, Profile
from generator.core.pure_epsilon import PureEpsilon, PureKind, pure_epsilon
from generator.core.rational import Refusal, decimal_str, fraction_str, parse_rational, read_field
from generator.core.readable import readable
from generator.course.records import Record, claim_record, composition_record, dumps, pure_record

FILE_NAME = "golden.json"
PERCENTS = range(101)
COUNTS = range(1, 101)
TENTHS = range(10, 1001)  # α and α₀ = 1.0, 1.1, ..., 100.0
PROFILE_COLUMNS = ("mode", "p", "k", "deltas", "events", "distributions", "pure_exact", "pure_decimal")
SEED = 4
SAMPLE_SIZE = 3000
EDGE_PERCENTS = (0, 1, 49, 50, 51, 99, 100)
EDGE_COUNTS = (1, 2, 3, 99, 100)
MAX_DELTA_PLACES = 18  # a typed δ has at most this many decimals
# Texts every field is read with, by the core and by the engine: each form of the grammar,
# each grid and interval edge, and hostile text.
PARSE_TEXTS = (
    *("0", "1", "3", "007", "100", "101", "1e3", "1E3", "-1", "+1", " 3", "3 ", "", ".", "5.", ".5"),
    *("2.0", "2.5", "3.0", "5.7", "5.70", "5.75", "0.9", "99.9", "100.0", "100.1", "0.375", "1.0001"),
    *("57/10", "114/20", "1/3", "3/8", "3/0", "0/5", "10/1", "1/2/3", "1.5/2", "/5", "5/"),
    *("NaN", "Infinity", "inf", "0x1F", "1,5", "٣", "<script>", "9" * 20, "0." + "1" * 30),
    *("9" * MAX_NUMBER_CHARS, "9" * (MAX_NUMBER_CHARS + 1), "😀" * 600),
)


def digest(lines: Iterable[str]) -> str:
    """sha256 hex of the lines joined by "\\n" (no final newline), as UTF-8."""
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


Digests = tuple[str, str, str]
ContentKey = tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], int]


def channel_digests(channel: Channel) -> Digests:
    """sha256 of the deltas, events and distributions texts of one channel."""
    profile = Profile(channel)
    points = [profile.point(alpha) for alpha in INTEGER_GRID]
    labels = channel.labels
    deltas = (fraction_str(point.delta) for point in points)
    events = (
        f"{point.event.direction}:{','.join(labels[i] for i in point.event.outputs)}" for point in points
    )
    # Each distinct weight is written once: fresh weights1 mirror weights0, copy has many zeros.
    written = {
        w: fraction_str(Fraction(w, channel.denominator)) for w in {*channel.weights0, *channel.weights1}
    }
    distributions = (
        f"{label}:{written[w0]}:{written[w1]}"
        for label, w0, w1 in zip(labels, channel.weights0, channel.weights1, strict=True)
    )
    return digest(deltas), digest(events), digest(distributions)


def profile_row(
    mode: Mode, p: int, k: int, known: dict[ContentKey, Digests] | None = None
) -> list[str | int]:
    """The row of one (mode, p, k); see the module docstring.

    ``known`` remembers the digests of channels already seen by their content (labels,
    weights, denominator): equal channels have equal digests, and xor, which ignores p
    and k, repeats one channel 100 times in a group.
    """
    channel = build(mode, p, k)
    key = (channel.labels, channel.weights0, channel.weights1, channel.denominator)
    known = {} if known is None else known
    if key not in known:
        known[key] = channel_digests(channel)
    pure = pure_epsilon(channel)
    return [str(mode), p, k, *known[key], pure.describe(), pure.decimal()]


def _group_rows(group: tuple[Mode, int, Sequence[int]]) -> list[list[str | int]]:
    mode, p, counts = group
    known: dict[ContentKey, Digests] = {}
    return [profile_row(mode, p, k, known) for k in counts]


def profile_rows(
    percents: Sequence[int] = PERCENTS, counts: Sequence[int] = COUNTS, workers: int | None = None
) -> list[list[str | int]]:
    """Rows for every mode, p in ``percents`` and k in ``counts``, in that nesting order.

    The (mode, p) groups are independent, so they are spread over ``workers`` processes
    (default: one per core); ``map`` returns them in order, so the rows do not depend on
    which process ran first.
    """
    groups = [(mode, p, tuple(counts)) for mode in Mode for p in percents]
    if workers == 1:
        chunks = [_group_rows(group) for group in groups]
    else:
        with ProcessPoolExecutor(workers) as pool:
            chunks = list(pool.map(_group_rows, groups))
    return [row for chunk in chunks for row in chunk]


def _tenths_text(rng: random.Random) -> str:
    """An α or α₀ as typed: 1.0 to 100.0 by 0.1, half of them below 10; "3", "3.0", or a
    fraction such as "57/10" or, unreduced, "114/20"."""
    tenths = rng.randint(10, 100) if rng.random() < 0.5 else rng.randint(10, 1000)
    whole, tenth = divmod(tenths, 10)
    if rng.random() < 0.1:
        factor = rng.choice((1, 2, 5))
        return f"{tenths * factor}/{10 * factor}"
    if tenth == 0 and rng.random() < 0.5:
        return str(whole)
    return f"{whole}.{tenth}"


def _decimal_text(scaled: int, places: int) -> str:
    """scaled · 10^-places written with exactly ``places`` decimals ("0.370", "1")."""
    if places == 0:
        return str(scaled)
    whole, fraction = divmod(scaled, 10**places)
    return f"{whole}.{fraction:0{places}d}"


def _delta_text(rng: random.Random, required: Fraction) -> str:
    """A δ as typed: anywhere in [0, 1], just below or above δ*, or δ* itself: as a short
    decimal, or as its fraction when that fits a field."""
    kind = rng.randrange(5)
    if kind == 4 and len(fraction_str(required)) <= MAX_NUMBER_CHARS:
        return fraction_str(required)
    places = rng.randint(0 if kind == 0 else 1, 12)
    scale = 10**places
    if kind == 0:
        scaled = rng.randint(0, scale)
    elif kind == 3 and (required * 10**MAX_DELTA_PLACES).denominator == 1:
        places = next(n for n in range(MAX_DELTA_PLACES + 1) if (required * 10**n).denominator == 1)
        scale = 10**places
        scaled = int(required * scale)
    else:  # floor(δ*·10^places), or one step above it
        scaled = int(required * scale) + (kind == 2)
    text = _decimal_text(min(scaled, scale), places)
    return text[1:] if text.startswith("0.") and rng.random() < 0.1 else text


def _log_record(multiplier: int, ratio: Fraction) -> Record:
    """ε = multiplier · ln(ratio) in PureEpsilon's text and decimal ("0" when ratio = 1)."""
    value = PureEpsilon(PureKind.ZERO) if ratio == 1 else PureEpsilon(PureKind.FINITE, multiplier, ratio)
    return {"exact": value.describe(), "decimal": value.decimal()}


def epsilon_digest(multiplier: int) -> str:
    """Digest of ``"<exact>:<decimal>"`` of multiplier · ln(α) for α = 1.0, 1.1, ..., 100.0."""
    records = (_log_record(multiplier, Fraction(tenths, 10)) for tenths in TENTHS)
    return digest(f"{record['exact']}:{record['decimal']}" for record in records)


READABLE_EDGES = (
    *("0", "1", "2", "3/8", "1/3", "-3/8", "-1/3", "1/2", "18/25", "1/100", "99/10000", "1/10000"),
    *("1999/200000", "999/1000", "1999/2000", "19999/20000", "2001/2000", "9995/10000", "1/7"),
    *("999999", "1000000", "1000001/3", "9999999999999", "10000000000000", "3/10000000000000"),
    *("1023/1048576", "1/1000000000000", "200001/100000", "-200001/100000", "99999999/100000000"),
    *(
        fraction_str(Fraction(3) ** 100),
        fraction_str(1 - Fraction(1, 3**60)),
        fraction_str(Fraction(1, 7**30)),
    ),
)


def readable_cases() -> list[Record]:
    """See the module docstring: the edges, then the δ* grid of fresh p = 75, k = 100."""
    profile = Profile(build(Mode.FRESH, 75, 100))
    values = [Fraction(text) for text in READABLE_EDGES]
    values += [profile.delta(alpha) for alpha in INTEGER_GRID]
    return [readable(value).as_json() for value in values]


def _readings(claim: Record, panel: Record) -> Record:
    shown = {f"claim.{name}": claim[name] for name in ("required", "delta", "alpha")}
    shown |= {f"composition.{name}": value for name, value in panel.items() if isinstance(value, str)}
    return {path: readable(Fraction(exact)).as_json() for path, exact in sorted(shown.items())}


def _optional_decimal(value: Fraction | None) -> str | None:
    return None if value is None else decimal_str(value)


def sample_case(rng: random.Random) -> Record:
    """One typed lab state and everything the lab must show for it."""
    mode = rng.choice(list(Mode))
    p = rng.choice(EDGE_PERCENTS) if rng.random() < 0.2 else rng.choice(PERCENTS)
    k = rng.choice(EDGE_COUNTS) if rng.random() < 0.2 else rng.choice(COUNTS)
    alpha_text, alpha0_text = _tenths_text(rng), _tenths_text(rng)
    channel = build(mode, p, k)
    profile = Profile(channel)
    alpha, alpha0 = parse_rational(alpha_text), parse_rational(alpha0_text)
    delta_text = _delta_text(rng, profile.delta(alpha))
    panel = compose(profile, alpha0)
    claim = claim_record(channel, check_claim(profile, alpha, parse_rational(delta_text)))
    composition = composition_record(panel)
    return {
        "inputs": {
            "mode": str(mode),
            "p": p,
            "k": k,
            "alpha": alpha_text,
            "delta": delta_text,
            "alpha0": alpha0_text,
        },
        "claim": claim,
        "pure_epsilon": pure_record(pure_epsilon(channel)),
        "composition": composition,
        "readings": _readings(claim, composition),
        "epsilon": {
            "claim": _log_record(1, alpha),
            "step": _log_record(1, alpha0),
            "theorem": None if panel.queries is None else _log_record(panel.queries, alpha0),
        },
        "decimals": {
            "delta0": _optional_decimal(panel.delta0),
            "theorem_delta": _optional_decimal(panel.theorem_delta),
            "exact_delta": _optional_decimal(panel.exact_delta),
        },
    }


def samples(seed: int = SEED, size: int = SAMPLE_SIZE) -> list[Record]:
    rng = random.Random(seed)
    return [sample_case(rng) for _ in range(size)]


def _parse_answer(limit: FieldLimit, text: str) -> str:
    answer = read_field(limit, text)
    return str(answer) if isinstance(answer, Refusal) else fraction_str(answer)


def parse_cases() -> list[list[str]]:
    """``[field, text, answer]`` for every lab field and every text of :data:`PARSE_TEXTS`."""
    return [[limit.name, text, _parse_answer(limit, text)] for limit in LAB_FIELDS for text in PARSE_TEXTS]


def golden_vectors(
    percents: Sequence[int] = PERCENTS,
    counts: Sequence[int] = COUNTS,
    sample_size: int = SAMPLE_SIZE,
    workers: int | None = None,
) -> Record:
    """The file's content; the defaults are the lab's whole domain."""
    return {
        "alphas": [fraction_str(alpha) for alpha in INTEGER_GRID],
        "epsilon_digests": [epsilon_digest(multiplier) for multiplier in COUNTS],
        "limits": {limit.name: limit.as_json() for limit in LAB_FIELDS},
        "parse_cases": parse_cases(),
        "readable_cases": readable_cases(),
        "profile_columns": list(PROFILE_COLUMNS),
        "profiles": profile_rows(percents, counts, workers),
        "seed": SEED,
        "samples": samples(SEED, sample_size),
    }


def golden_files() -> dict[str, str]:
    """``golden.json`` for the whole domain: file name -> text."""
    return {FILE_NAME: dumps(golden_vectors())}
