"""The command line as people and scripts use it: JSON out, one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_profile_prints_exact_reduced_fractions() -> None:
    result = run(
        "profile", "--mode", "fresh", "--p", "75", "--k", "2", "--alpha", "3", "1", "5.7", "57/10", "9"
    )
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["mode"] == "fresh"
    assert (record["p"], record["k"]) == (75, 2)
    assert record["alphas"] == ["3", "1", "57/10", "57/10", "9"]
    assert record["deltas"] == ["3/8", "1/2", "33/160", "33/160", "0"]
    assert record["events"][0] == {"direction": "0→1", "outputs": ["0"]}


def test_profile_output_is_sorted_indented_and_deterministic() -> None:
    first = run("profile", "--mode", "copy", "--p", "90", "--k", "3", "--alpha-grid").stdout
    second = run("profile", "--mode", "copy", "--p", "90", "--k", "3", "--alpha-grid").stdout
    assert first == second
    record = json.loads(first)
    assert first == json.dumps(record, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    assert record["alphas"] == [str(a) for a in range(1, 101)]
    assert record["deltas"][0] == "4/5"  # TV of one response at p = 90: 0.9 − 0.1
    assert record["deltas"][8] == "0"  # α = 9 = 0.9/0.1


def test_xor_needs_everything() -> None:
    record = json.loads(run("profile", "--mode", "xor", "--p", "0", "--k", "1", "--alpha", "100").stdout)
    assert record["deltas"] == ["1"]


def test_large_k_writes_past_the_int_string_limit() -> None:
    result = run("profile", "--mode", "fresh", "--p", "37", "--k", "3000", "--alpha", "2")
    assert result.returncode == 0, result.stderr
    _, denominator = json.loads(result.stdout)["deltas"][0].split("/")
    assert len(denominator) > 4300  # CPython's default limit would refuse this


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--p", "101", "--k", "2", "--alpha", "3"], "p must be an integer from 0 to 100"),
        (["--p", "-1", "--k", "2", "--alpha", "3"], "--p"),
        (["--p", "75", "--k", "0", "--alpha", "3"], "k must be an integer from 1"),
        (["--p", "75", "--k", "2.5", "--alpha", "3"], "k must be an integer"),
        (["--p", "75", "--k", "2", "--alpha", "0.5"], "α must be a number of at least 1"),
        (["--p", "75", "--k", "2", "--alpha", "abc"], "'abc'"),
        (["--p", "75", "--k", "2", "--alpha", "1e5"], "'1e5'"),
        (["--p", "75", "--k", "2", "--alpha", "nan"], "'nan'"),
        (["--p", "75", "--k", "2", "--alpha", "3/0"], "'3/0'"),
        (["--p", "75", "--k", "2"], "one of the arguments --alpha --alpha-grid is required"),
        (["--k", "2", "--alpha", "3"], "required: --p"),
        (["--p", "75", "--k", "2", "--alpha", "3", "--alpha-grid"], "not allowed with"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], needle: str) -> None:
    result = run("profile", "--mode", "fresh", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert needle in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_mode_and_missing_command() -> None:
    for args in (["profile", "--mode", "<script>", "--p", "1", "--k", "1", "--alpha", "1"], []):
        result = run(*args)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1
