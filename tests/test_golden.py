"""The golden vectors that hold the lab's engine to the core.

Properties:
1. A row's digests equal those of the canonical texts rebuilt from the naive definition:
   distributions derived independently (transcript enumeration, or the binomial formula
   for large k), δ*(α) as the sum of positive excesses over all outputs in both directions,
   and the maximal event as the positive-excess outputs of the larger direction, 0→1 on ties.
2. The pure ε columns are the reference's values.
3. The rows cover every mode, p and k in order, whether one process or several make them.
4. The bytes are deterministic: two processes with different hash seeds write the same text.
5. The sampled typed inputs stay inside what the lab accepts, and both verdicts occur.
6. The command line writes golden.json and refuses an --out that is not a directory.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from generator import cli
from generator.core.channels import Mode
from generator.core.input_limits import LAB_FIELDS
from generator.core.profile import INTEGER_GRID
from generator.core.rational import Refusal, read_field
from generator.course import build_cache
from generator.course import lessons as lessons_module
from generator.course.lessons import golden_files
from generator.course.records import dumps
from generator.lessons.composition import golden
from tests.conftest import ROOT
from tests.oracles import binomial_counts, naive_delta_of, transcript_laws

Distribution = tuple[list[str], list[Fraction], list[Fraction]]


def oracle_distributions(mode: str, p: int, k: int) -> Distribution:
    """Labels and both laws of the released output, without the core's channels."""
    if mode == "fresh" and k > 8:
        dist0, dist1 = binomial_counts(p, k)
        return [str(t) for t in range(k + 1)], dist0, dist1
    laws = transcript_laws(mode, p, k)

    def label(transcript: tuple[int, ...]) -> str:
        # fresh and copy release the count of ones; xor the pair (R, x XOR R) itself.
        return "".join(map(str, transcript)) if mode == "xor" else str(sum(transcript))

    labels = ["00", "01", "10", "11"] if mode == "xor" else [str(t) for t in range(k + 1)]
    released = [{name: Fraction(0) for name in labels} for _ in (0, 1)]
    for x in (0, 1):
        for transcript, chance in laws[x].items():
            released[x][label(transcript)] += chance
    return labels, [released[0][name] for name in labels], [released[1][name] for name in labels]


def oracle_event(
    dist0: Sequence[Fraction], dist1: Sequence[Fraction], alpha: Fraction
) -> tuple[str, list[int]]:
    """The outputs with positive excess in the direction needing more δ (0→1 on a tie)."""
    forward = [i for i, (p, q) in enumerate(zip(dist0, dist1, strict=True)) if p - alpha * q > 0]
    backward = [i for i, (p, q) in enumerate(zip(dist0, dist1, strict=True)) if q - alpha * p > 0]
    need_forward = sum((dist0[i] - alpha * dist1[i] for i in forward), Fraction(0))
    need_backward = sum((dist1[i] - alpha * dist0[i] for i in backward), Fraction(0))
    return ("0→1", forward) if need_forward >= need_backward else ("1→0", backward)


def sha256_lines(lines: list[str]) -> str:
    """The canonical form, written out here on purpose: lines joined by "\\n", UTF-8."""
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def written(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


ORACLE_CASES = [
    ("fresh", 75, 2),
    ("fresh", 75, 3),
    ("fresh", 90, 2),
    ("fresh", 0, 5),
    ("fresh", 100, 4),
    ("fresh", 50, 6),
    ("fresh", 37, 100),
    ("fresh", 99, 100),
    ("copy", 75, 2),
    ("copy", 0, 3),
    ("copy", 50, 1),
    ("copy", 99, 100),
    ("xor", 75, 2),
    ("xor", 0, 1),
    ("xor", 13, 100),
]


@pytest.mark.parametrize(("mode", "p", "k"), ORACLE_CASES)
def test_row_digests_equal_the_naive_definition(mode: str, p: int, k: int) -> None:
    labels, dist0, dist1 = oracle_distributions(mode, p, k)
    deltas, events = [], []
    for alpha in INTEGER_GRID:
        deltas.append(written(naive_delta_of(dist0, dist1, alpha)))
        direction, outputs = oracle_event(dist0, dist1, alpha)
        events.append(f"{direction}:{','.join(labels[i] for i in outputs)}")
    distributions = [
        f"{name}:{written(p0)}:{written(p1)}" for name, p0, p1 in zip(labels, dist0, dist1, strict=True)
    ]
    row = golden.profile_row(Mode(mode), p, k)
    assert row[:3] == [mode, p, k]
    assert row[3] == sha256_lines(deltas), "deltas"
    assert row[4] == sha256_lines(events), "events"
    assert row[5] == sha256_lines(distributions), "distributions"


def test_reference_deltas_have_the_digest_of_their_text() -> None:
    """fresh, p = 75, k = 2: δ*(α) = 1/2, 7/16, 3/8, ... (9 − α)/16 for α <= 9, then 0."""
    deltas = [written(max(Fraction(9 - a, 16), Fraction(0))) if a > 1 else "1/2" for a in range(1, 101)]
    assert deltas[:3] == ["1/2", "7/16", "3/8"]
    assert golden.profile_row(Mode.FRESH, 75, 2)[3] == sha256_lines(deltas)


@pytest.mark.parametrize(
    ("mode", "p", "k", "exact", "decimal"),
    [
        ("fresh", 75, 2, "2·ln(3)", "2.197"),
        ("fresh", 10, 3, "3·ln(9)", "6.592"),
        ("copy", 75, 100, "ln(3)", "1.099"),
        ("fresh", 50, 9, "0", "0"),
        ("fresh", 100, 2, "∞", "inf"),
        ("xor", 50, 1, "∞", "inf"),
    ],
)
def test_pure_epsilon_columns(mode: str, p: int, k: int, exact: str, decimal: str) -> None:
    assert golden.profile_row(Mode(mode), p, k)[6:] == [exact, decimal]


SUBSET = {"percents": (0, 50, 75, 100), "counts": (1, 2, 100), "sample_size": 200}


def test_rows_cover_the_domain_in_order_serially_and_in_parallel() -> None:
    serial = golden.profile_rows(SUBSET["percents"], SUBSET["counts"], workers=1)
    parallel = golden.profile_rows(SUBSET["percents"], SUBSET["counts"], workers=2)
    assert serial == parallel
    assert [row[:3] for row in serial] == [
        [str(mode), p, k] for mode, p, k in product(Mode, SUBSET["percents"], SUBSET["counts"])
    ]
    xor_rows = {tuple(row[3:]) for row in serial if row[0] == "xor"}
    assert len(xor_rows) == 1  # xor ignores p and k


def test_golden_text_is_the_same_bytes_in_two_processes() -> None:
    script = (
        "import sys; from generator.lessons.composition.golden import golden_vectors; "
        "from generator.course.records import dumps; "
        f"sys.stdout.write(dumps(golden_vectors(**{SUBSET!r})))"
    )

    def run(seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
        return result.stdout

    first = run("1")
    assert first == run("2")
    assert first == dumps(golden.golden_vectors(**SUBSET, workers=1))  # type: ignore[arg-type]


def test_samples_stay_inside_the_lab_and_meet_both_verdicts() -> None:
    samples = golden.samples(golden.SEED, golden.SAMPLE_SIZE)
    assert samples == golden.samples(golden.SEED, golden.SAMPLE_SIZE)
    for sample in samples:
        inputs = sample["inputs"]
        assert inputs["mode"] in {"fresh", "copy", "xor"}
        for limit in LAB_FIELDS:  # every text is one the lab's reader accepts
            assert not isinstance(read_field(limit, str(inputs[limit.name])), Refusal), inputs
        assert sample["claim"]["delta"] == written(Fraction(inputs["delta"]))
    typed = [sample["inputs"][name] for sample in samples for name in ("alpha", "delta", "alpha0")]
    assert sum("/" in text for text in typed) > len(samples) // 20  # the fraction form is sampled too
    verdicts = [sample["claim"]["passes"] for sample in samples]
    assert 0.1 < sum(verdicts) / len(verdicts) < 0.9
    modes = {sample["inputs"]["mode"] for sample in samples if sample["composition"]["queries"] is None}
    assert modes == {"xor"}


def test_cli_writes_golden_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(build_cache.DIRECTORY_VARIABLE, str(tmp_path / "cache"))
    subset = golden.golden_vectors(**SUBSET, workers=1)  # type: ignore[arg-type]
    monkeypatch.setattr(golden, "golden_vectors", lambda: subset)
    assert cli.main(["golden", "--out", str(tmp_path / "vectors")]) == 0
    text = (tmp_path / "vectors" / golden.FILE_NAME).read_text(encoding="utf-8")
    assert text == dumps(subset)
    assert json.loads(text)["profile_columns"] == list(golden.PROFILE_COLUMNS)
    assert (tmp_path / "vectors" / "events-golden.json").is_file()
    assert "wrote" in capsys.readouterr().err


def test_golden_vectors_are_cached_by_the_generators_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(build_cache.DIRECTORY_VARIABLE, str(tmp_path))
    made = []

    def vectors() -> dict[str, object]:
        made.append(1)
        return {"call": len(made)}

    monkeypatch.setattr(golden, "golden_vectors", vectors)
    first = golden_files()[golden.FILE_NAME]
    assert golden_files()[golden.FILE_NAME] == first  # a hit: nothing is made again
    assert made == [1]
    monkeypatch.setattr(build_cache, "generator_digest", lambda: "an edited generator")
    monkeypatch.setattr(lessons_module, "generator_digest", build_cache.generator_digest)
    assert golden_files()[golden.FILE_NAME] != first  # an edit to the code misses
    assert made == [1, 1]


def test_cli_refuses_an_out_that_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "golden.json"
    target.write_text("", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "golden", "--out", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "--out must name a directory" in result.stderr
    assert result.stdout == ""
