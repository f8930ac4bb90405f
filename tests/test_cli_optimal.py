"""``python -m generator optimal``: the exact optimal ε of k equal steps at a target δ, as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition
from generator.core.rational import fraction_str


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "optimal", *args], capture_output=True, text=True, check=False
    )


def test_the_issues_question_at_k_10000() -> None:
    result = run("--alpha0", "11/10", "--delta0", "0", "--k", "10000", "--delta", "0.00001")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    alpha = OptimalComposition(Fraction(11, 10), Fraction(0), 10_000).smallest_alpha(Fraction(1, 10**5))
    assert alpha is not None
    assert answer["optimal"]["alpha"] == fraction_str(alpha)
    assert answer["optimal"]["epsilon"] == ln_decimal(alpha) == "85.134"
    assert answer["basic"] == {
        "alpha": answer["basic"]["alpha"],
        "epsilon": "953.102",
        "delta": "0",
        "applies": True,
    }
    assert answer["basic"]["alpha"] == fraction_str(Fraction(11, 10) ** 10_000)
    assert answer["advanced"] == {"delta_prime": "1/100000", "epsilon": "141.045", "applies": True}
    assert answer["delta_at_basic"] == "0"
    assert (answer["alpha0"], answer["delta0"], answer["k"], answer["delta"]) == (
        "11/10",
        "0",
        10_000,
        "1/100000",
    )


def test_two_steps_of_ln3_and_0_6() -> None:
    answer = json.loads(run("--alpha0", "3", "--delta0", "0.6", "--k", "2", "--delta", "0.9").stdout)
    # δ_opt(α) = 1 - (7 + α)/100 on [1, 9]: δ = 9/10 is met from α = 3 on; the basic theorem needs δ = 6/5.
    assert answer["optimal"] == {"alpha": "3", "epsilon": "1.099"}
    assert answer["basic"]["applies"] is False
    assert answer["advanced"] == {"delta_prime": "-3/10", "epsilon": None, "applies": False}
    assert answer["delta_at_basic"] == "21/25"
    never = json.loads(run("--alpha0", "3", "--delta0", "0.6", "--k", "2", "--delta", "0.5").stdout)
    assert never["optimal"] == {"alpha": None, "epsilon": "inf"}


def test_every_number_may_be_written_in_scientific_notation() -> None:
    written = run("--alpha0", "11/10", "--delta0", "0", "--k", "100", "--delta", "0.00001")
    scientific = run("--alpha0", "1.1e0", "--delta0", "0e0", "--k", "100", "--delta", "1e-5")
    assert scientific.returncode == 0, scientific.stderr
    assert scientific.stdout == written.stdout
    answer = json.loads(scientific.stdout)
    assert (answer["delta"], answer["optimal"]["epsilon"], answer["advanced"]["epsilon"]) == (
        "1/100000",
        "4.072",
        "5.527",
    )
    tiny = json.loads(run("--alpha0", "3", "--delta0", "1E-8", "--k", "2", "--delta", "2.5e-1").stdout)
    assert (tiny["delta0"], tiny["delta"], tiny["basic"]["delta"]) == ("1/100000000", "1/4", "1/50000000")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ["--alpha0", "0.5", "--delta0", "0", "--k", "3", "--delta", "0.1"],
            "α₀ must be a number of at least 1",
        ),
        (["--alpha0", "2", "--delta0", "1", "--k", "3", "--delta", "0.1"], "δ₀ must be a number from 0 to"),
        (
            ["--alpha0", "2", "--delta0", "0", "--k", "3", "--delta", "0"],
            "δ must be a number from 0.0000000001",
        ),
        (["--alpha0", "2", "--delta0", "0", "--k", "0", "--delta", "0.1"], "k must be an integer from 1 to"),
        (["--alpha0", "x", "--delta0", "0", "--k", "3", "--delta", "0.1"], "got 'x'"),
        (["--alpha0", "2", "--delta0", "0", "--k", "3"], "the following arguments are required: --delta"),
        (["--alpha0", "2", "--alpha0", "3", "--delta0", "0", "--k", "3", "--delta", "0.1"], "--alpha0"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert needle in result.stderr
    assert result.stderr.count("\n") == 1
