"""The command line as people and scripts use it: JSON out, one-line errors with status 2."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest

from generator.cli import BROKEN_PIPE, main
from generator.core.fields import MAX_NUMBER_CHARS
from generator.core.rational import fraction_str
from tests.conftest import ROOT

COMMAND = [sys.executable, "-m", "generator"]


def run(*args: str, encoding: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command's result; ``encoding`` is PYTHONIOENCODING, the encoding of its stdout and stderr."""
    env = os.environ if encoding is None else {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [*COMMAND, *args], cwd=ROOT, env=env, capture_output=True, encoding="utf-8", check=False
    )


QUERY = ["profile", "--mode", "fresh", "--p", "75", "--k", "2"]  # a query without its α


def assert_usage_error(result: subprocess.CompletedProcess[str], needle: str) -> None:
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert needle in result.stderr
    assert "Traceback" not in result.stderr


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
    assert record["events"][0] == {"direction": "0→1", "outputs": ["0"], "text": "{0}"}


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
        (["--p", "75", "--k", "2", "--alpha", "1e1000"], "'1e1000'"),
        (["--p", "75", "--k", "2", "--alpha", "nan"], "'nan'"),
        (["--p", "75", "--k", "2", "--alpha", "3/0"], "'3/0'"),
        (["--p", "75", "--k", "2"], "one of the arguments --alpha --alpha-grid is required"),
        (["--k", "2", "--alpha", "3"], "required: --p"),
        (["--p", "75", "--k", "2", "--alpha", "3", "--alpha-grid"], "not allowed with"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], needle: str) -> None:
    assert_usage_error(run("profile", "--mode", "fresh", *args), needle)


def test_unknown_mode_and_missing_command() -> None:
    for args in (["profile", "--mode", "<script>", "--p", "1", "--k", "1", "--alpha", "1"], []):
        result = run(*args)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1


def test_repeated_alpha_adds_its_values_in_order() -> None:
    repeated = run(*QUERY, "--alpha", "3", "--alpha", "5", "57/10")
    once = run(*QUERY, "--alpha", "3", "5", "57/10")
    assert repeated.returncode == 0, repeated.stderr
    assert json.loads(repeated.stdout)["alphas"] == ["3", "5", "57/10"]
    assert json.loads(repeated.stdout)["deltas"] == ["3/8", "1/4", "33/160"]
    assert repeated.stdout == once.stdout


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        ([*QUERY, "--alpha", "3", "--p", "90"], "--p"),
        ([*QUERY, "--alpha", "3", "--k", "3"], "--k"),
        ([*QUERY, "--alpha", "3", "--mode", "copy"], "--mode"),
        ([*QUERY, "--alpha-grid", "--alpha-grid"], "--alpha-grid"),
        (["build", "--out", "a", "--out", "b"], "--out"),
        (["build", "--check", "--check"], "--check"),
        (["golden", "--out", "a", "--out", "b"], "--out"),
        (["package", "offline", "--out", "a", "--out", "b"], "--out"),
        (["package", "scorm", "--mastery", "70", "--mastery", "80"], "--mastery"),
    ],
)
def test_a_repeated_single_valued_option_is_refused(args: list[str], flag: str) -> None:
    # The refusal comes as the option is read, before the unknown option after it: were it
    # to regress, the test would stop there instead of running a build.
    assert_usage_error(run(*args, "--not-an-option"), f"{flag} was given more than once")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--mo", "fresh", "--alpha", "3"], "the following arguments are required: --mode"),
        (["--mode", "fresh", "--alp", "3"], "one of the arguments --alpha --alpha-grid is required"),
        (["--mode", "fresh", "--alpha-g"], "one of the arguments --alpha --alpha-grid is required"),
        (["--mode", "fresh", "--alpha", "3", "--alpha-g"], "unrecognized arguments: --alpha-g"),
    ],
)
def test_an_abbreviated_option_is_refused(args: list[str], needle: str) -> None:
    assert_usage_error(run("profile", "--p", "75", "--k", "2", *args), needle)


@pytest.mark.parametrize(
    ("read", "args"),
    [
        (0, ["profile", "--mode", "copy", "--p", "90", "--k", "3", "--alpha-grid"]),
        (10, ["profile", "--mode", "fresh", "--p", "37", "--k", "3000", "--alpha-grid"]),  # 3.6 MB
    ],
)
def test_a_closed_pipe_stops_the_command_quietly(read: int, args: list[str]) -> None:
    # With Python's default, buffered stdout. Unbuffered (PYTHONUNBUFFERED), CPython silently
    # drops the rest of a write that the closing pipe cut short, and the status is 0.
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    with subprocess.Popen(
        [*COMMAND, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None
        head = process.stdout.read(read)
        process.stdout.close()  # ... | head -c 10
        _, stderr = process.communicate()
    assert process.returncode == BROKEN_PIPE
    assert stderr == b""
    assert head == b'{\n  "alphas'[:read]


def test_json_is_the_same_on_an_ascii_stdout() -> None:
    args = ["profile", "--mode", "xor", "--p", "75", "--k", "2", "--alpha", "3", "9"]
    utf8, ascii_only = run(*args, encoding="utf-8"), run(*args, encoding="ascii")
    assert ascii_only.returncode == 0, ascii_only.stderr
    assert "→" in utf8.stdout
    assert ascii_only.stdout.isascii()
    record = json.loads(utf8.stdout)
    assert json.loads(ascii_only.stdout) == record
    assert ascii_only.stdout == json.dumps(record, sort_keys=True, indent=2, ensure_ascii=True) + "\n"


def test_help_and_errors_are_written_on_ascii_streams() -> None:
    result = run("profile", "--help", encoding="ascii")
    assert result.returncode == 0, result.stderr
    assert "\\u03b1 = e^\\u03b5" in result.stdout
    bad = run(*QUERY, "--alpha", "0.5", encoding="ascii")
    assert_usage_error(bad, "\\u03b1 must be a number of at least 1 written as 3, 5.7 or 57/10, got '0.5'")


def test_a_strict_ascii_stderr_still_gets_the_message(monkeypatch: pytest.MonkeyPatch) -> None:
    # CPython's own stderr escapes what it cannot encode; a stream a caller hands in may not.
    written = io.BytesIO()
    stderr = io.TextIOWrapper(written, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stderr", stderr)
    with pytest.raises(SystemExit) as exit_info:
        main([*QUERY, "--alpha", "0.5"])
    stderr.flush()
    assert exit_info.value.code == 2
    assert b"\\u03b1 must be a number of at least 1" in written.getvalue()


@pytest.mark.parametrize("text", ["x\u00e9\u2192\U0001f600", "\u03b1\u03b4"])
def test_stdout_escapes_are_json_escapes(text: str) -> None:
    buffer = io.BytesIO()
    with io.TextIOWrapper(buffer, encoding="ascii", write_through=True) as stdout:
        stdout.reconfigure(errors="generator.cli.json_escape")
        stdout.write(json.dumps(text, ensure_ascii=False))
        assert json.loads(buffer.getvalue()) == text
        assert buffer.getvalue().decode() == json.dumps(text)


COMPOSED = Fraction(19, 10) ** 50  # α₀ = 1.9 composed 50 times


@pytest.mark.parametrize(
    ("text", "alpha"),
    [
        (fraction_str(COMPOSED), fraction_str(COMPOSED)),  # 116 characters
        (f"{COMPOSED.numerator // 10**50}.{COMPOSED.numerator % 10**50:050d}", fraction_str(COMPOSED)),  # 65
        (
            fraction_str(Fraction(999, 10) ** 100),
            fraction_str(Fraction(999, 10) ** 100),
        ),  # the lab's largest: 402
        ("1" * MAX_NUMBER_CHARS, "1" * MAX_NUMBER_CHARS),
    ],
)
def test_every_alpha_the_core_prints_is_accepted_back(text: str, alpha: str) -> None:
    assert len(text) > 64  # the limit before
    result = run(*QUERY, "--alpha", text)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["alphas"] == [alpha]
    assert json.loads(result.stdout)["deltas"] == ["0"]


@pytest.mark.parametrize("text", ["1" * (MAX_NUMBER_CHARS + 1), "x" * (MAX_NUMBER_CHARS + 1)])
def test_a_too_long_alpha_is_refused_for_its_length(text: str) -> None:
    result = run(*QUERY, "--alpha", text)
    assert_usage_error(
        result,
        f"α is too long: {MAX_NUMBER_CHARS + 1:,} characters, at most {MAX_NUMBER_CHARS:,} are accepted",
    )
    assert "written as" not in result.stderr


def test_scientific_notation_is_exact_on_the_command_line() -> None:
    written = run("profile", "--mode", "fresh", "--p", "75", "--k", "2", "--alpha", "3e0", "--alpha", "1e1")
    assert written.returncode == 0, written.stderr
    assert json.loads(written.stdout)["alphas"] == ["3", "10"]
