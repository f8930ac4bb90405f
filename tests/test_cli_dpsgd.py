"""``python -m generator dpsgd``: the certified bracket on DP-SGD's ε as JSON, and its bad input."""

from __future__ import annotations

import json
import subprocess
from decimal import Decimal
from fractions import Fraction

import pytest

from tests.test_cli import assert_usage_error
from tests.test_cli import run as run_command


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_command("dpsgd", *args)


def test_a_bracket_beside_the_rdp_accountant() -> None:
    result = run("--q", "0.01", "--sigma", "4", "--steps", "1000", "--delta", "1e-5")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert (answer["q"], answer["sigma"], answer["steps"], answer["delta"], answer["width"]) == (
        "1/100",
        "4",
        1000,
        "1/100000",
        "1/10000",
    )
    lower, upper = Decimal(answer["epsilon"]["lower"]), Decimal(answer["epsilon"]["upper"])
    assert Decimal("0.2720") < lower < upper < Decimal("0.2724")  # dp_accounting's PLD: 0.27217
    assert upper - lower <= Decimal("0.000102")  # the width, and the outward rounding at 6 places
    # dp_accounting over its integer orders: 0.30116115855 at 48; classic 0.39619918384 at 58
    assert answer["rdp"] == {"epsilon": "0.301162", "order": 48}
    assert answer["rdp_classic"] == {"epsilon": "0.396200", "order": 58}
    assert answer["directions"]["remove"] == answer["epsilon"]
    assert Decimal(answer["directions"]["add"]["upper"]) < lower
    assert answer["grid_step"].startswith("1/")
    assert Decimal(answer["seconds"]) >= 0


def test_scientific_notation_reads_exactly() -> None:
    plain = json.loads(
        run("--q", "0.5", "--sigma", "1", "--steps", "2", "--delta", "0.001", "--width", "0.01").stdout
    )
    scientific = json.loads(
        run("--q", "5e-1", "--sigma", "1", "--steps", "2", "--delta", "1e-3", "--width", "1.0e-2").stdout
    )
    assert (plain["q"], plain["delta"], plain["width"]) == ("1/2", "1/1000", "1/100")
    assert {k: v for k, v in plain.items() if k != "seconds"} == {
        k: v for k, v in scientific.items() if k != "seconds"
    }


def test_the_least_sigma_for_an_epsilon_goal() -> None:
    result = run("--q", "0.5", "--epsilon-goal", "1.5", "--steps", "3", "--delta", "1e-3")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["epsilon_goal"] == "3/2"
    assert answer["sigma_grid"] == "1/100"
    assert Decimal(answer["epsilon"]["upper"]) <= Decimal("1.5")
    assert Decimal(answer["below"]["epsilon"]["upper"]) > Decimal("1.5")
    assert Fraction(answer["sigma"]) - Fraction(answer["below"]["sigma"]) == Fraction(1, 100)
    assert isinstance(answer["proven_least"], bool)


VALID = {"--q": "0.01", "--sigma": "4", "--steps": "10", "--delta": "1e-5"}


def query(**changes: str | None) -> list[str]:
    """A valid query with options changed (``None`` leaves one out), as argv: q_ for --q."""
    options = dict(VALID) | {"--" + k.rstrip("_").replace("_", "-"): v for k, v in changes.items()}
    return [text for option, value in options.items() if value is not None for text in (option, value)]


# one bad value per field: its limit or grammar is named, with the text typed
BAD_VALUES = [
    ({"q_": "0"}, "q must be a number from 0.000001 to 1"),
    ({"q_": "1.5"}, "q must be a number from"),
    ({"q_": "1e-7"}, "q must be a number from 0.000001 to 1"),
    ({"q_": "1e-2.5"}, "got '1e-2.5'"),
    ({"q_": "1e-99999"}, "got '1e-99999'"),
    ({"sigma": "0.1"}, "σ must be a number from 0.3 to 100"),
    ({"sigma": "x"}, "got 'x'"),
    ({"steps": "0"}, "steps must be an integer from 1 to"),
    ({"delta": "1e-20"}, "δ must be a number from"),
    ({"width": "0"}, "the width must be a number from"),
    ({"delta": None}, "the following arguments are required: --delta"),
    ({"sigma": None}, "one of the arguments --sigma --epsilon-goal"),
    ({"epsilon_goal": "1"}, "not allowed with argument"),
    ({"sigma": None, "epsilon_goal": "0"}, "the ε goal must be"),
]


@pytest.mark.parametrize(("changes", "needle"), BAD_VALUES)
def test_bad_input_is_one_line_and_status_2(changes: dict[str, str | None], needle: str) -> None:
    assert_usage_error(run(*query(**changes)), needle)


def test_an_option_given_twice_is_refused() -> None:
    assert_usage_error(run("--q", "0.02", *query()), "--q was given more than once")


def test_an_upper_case_exponent_is_read_exactly_too() -> None:
    result = run_command("dpsgd", "--q", "1E-2", "--sigma", "4", "--steps", "10", "--delta", "1E-5")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert (record["q"], record["delta"]) == ("1/100", "1/100000")
