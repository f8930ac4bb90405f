"""``python -m generator``: the profile query, the build, the golden vectors and the packages.

Every subcommand keeps these rules:

- Bad input never shows a traceback: it prints one line on stderr and exits with status 2.
  Bad input includes an option given twice (only ``--alpha`` may repeat: its values add up
  in order, so ``--alpha 3 --alpha 5`` is ``--alpha 3 5``) and an abbreviated option
  (``--mo`` is not read as ``--mode``).
- Every value is read by :func:`generator.core.rational.read_field` against its limit in
  :mod:`generator.core.input_limits`, the reader and limits the lab uses too. An α may be up to
  ``MAX_NUMBER_CHARS`` (1,000) characters long, so every α the core prints is accepted back:
  the lab's largest composed α, (999/10)^100, has 402. A longer text is refused for its
  length, whatever it holds.
- When the reader of stdout goes away (``... | head -c 10``), the command stops quietly with
  status 141 (128 + SIGPIPE, what a shell reports for a command killed by a closed pipe).
  With PYTHONUNBUFFERED set, CPython may drop the rest of a write cut short by the closing
  pipe without an error; the command then stops quietly with status 0.
- stdout and stderr take any text whatever their encoding (``PYTHONIOENCODING=ascii``): a
  character stdout cannot hold is written as its JSON escape ``\\uXXXX``, so the JSON decodes
  to the same values; stderr writes such characters as backslash escapes.
"""

from __future__ import annotations

import argparse
import codecs
import io
import os
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn, TypedDict

from generator.core.certified import ceil_decimal, floor_decimal
from generator.core.certified_pld import DEFAULT_WIDTH, EpsilonBracket, epsilon_bracket
from generator.core.channels import Mode, build
from generator.core.fields import MAX_NUMBER_CHARS, FieldLimit, Kind, Refusal, read_field
from generator.core.input_limits import (
    CLI_ALPHA,
    CLI_K,
    DPSGD_EPSILON,
    DPSGD_Q,
    DPSGD_SIGMA,
    DPSGD_WIDTH,
    MASTERY,
    OPTIMAL_DELTA,
    OPTIMAL_DELTA0,
    P,
)
from generator.core.noise_calibration import SIGMA_GRID, smallest_sigma
from generator.core.optimal_composition import OptimalComposition
from generator.core.profile import INTEGER_GRID, Profile
from generator.core.rational import decimal_str, fraction_str
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.core.subsampled_rdp import Conversion, rdp_epsilon
from generator.course import build as build_step
from generator.course import package as packaging
from generator.course.handout import HandoutError
from generator.course.lessons import golden_files
from generator.course.records import dumps, profile_record
from generator.course.typedefs import typedef_files
from generator.lessons.optimal.records import Answers, answers

USAGE_ERROR = 2
BROKEN_PIPE = 141  # 128 + SIGPIPE
_JSON_ESCAPE = "generator.cli.json_escape"  # the codecs error handler of stdout


def _json_escape(error: UnicodeError) -> tuple[str, int]:
    """Write characters the encoding lacks as JSON escapes: UTF-16 code units, ``\\u2192``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    units = error.object[error.start : error.end].encode("utf-16-be")
    escapes = (f"\\u{int.from_bytes(units[i : i + 2], 'big'):04x}" for i in range(0, len(units), 2))
    return "".join(escapes), error.end


codecs.register_error(_JSON_ESCAPE, _json_escape)


class Query(Answers):
    """What ``optimal`` prints: its inputs, the target δ and the three answers."""

    alpha0: Fraction
    delta0: Fraction
    k: int


class _Parser(argparse.ArgumentParser):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**{**kwargs, "allow_abbrev": False})  # --mo is not --mode

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


class _Once(argparse.Action):
    """Store an option's value, and refuse the option when it comes a second time.

    Parsing starts by setting every option to its default object, so a value that is no
    longer that very object was stored by an earlier occurrence. That needs a default no
    parsed value can be: here None, False or a ``Path`` of its own.
    """

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if getattr(namespace, self.dest) is not self.default:
            parser.error(f"{option_string} was given more than once")
        setattr(namespace, self.dest, self.const if self.nargs == 0 else values)


class _OnceFlag(_Once):
    """A flag without a value (``store_true``) that may be given only once."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, const=True, default=False, **kwargs)


def _reader(limit: FieldLimit, what: str) -> Callable[[str], Any]:
    """An argparse type that reads a value with :func:`read_field`, the lab's reader, and
    turns its refusal into one English sentence."""

    def read(text: str) -> int | Fraction:
        answer = read_field(limit, text)
        if not isinstance(answer, Refusal):
            return int(answer) if limit.kind is Kind.COUNT else answer
        if answer is Refusal.TOO_LONG:
            message = (
                f"{what} is too long: {len(text):,} characters, at most {MAX_NUMBER_CHARS:,} are accepted"
            )
        elif limit.kind is Kind.COUNT:
            message = f"{what} must be an integer from {limit.low} to {limit.high}, got {text!r}"
        elif limit.high is not None:
            low, high = decimal_str(limit.low, 20), decimal_str(limit.high, 20)
            message = (
                f"{what} must be a number from {low} to {high} written as 0.5, 1/2 or 1e-5, got {text!r}"
            )
        else:
            message = (
                f"{what} must be a number of at least {limit.low} written as 3, 5.7 or 57/10, got {text!r}"
            )
        raise argparse.ArgumentTypeError(message)

    return read


def _directory(text: str) -> Path:
    path = Path(text)
    if not text or (path.exists() and not path.is_dir()):
        raise argparse.ArgumentTypeError(f"--out must name a directory, got {text!r}")
    return path


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m generator", description="Exact privacy profiles and the lesson's data.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    profile = commands.add_parser("profile", help="print exact δ*(α) as JSON")
    profile.add_argument("--mode", action=_Once, required=True, choices=[str(m) for m in Mode])
    profile.add_argument(
        "--p", action=_Once, required=True, type=_reader(P, "p"), help="integer percent 0..100"
    )
    profile.add_argument(
        "--k",
        action=_Once,
        required=True,
        type=_reader(CLI_K, "k"),
        help=f"number of releases, 1..{CLI_K.high}",
    )
    alphas = profile.add_mutually_exclusive_group(required=True)
    alphas.add_argument(
        "--alpha",
        action="extend",
        nargs="+",
        type=_reader(CLI_ALPHA, "α"),
        metavar="A",
        help="α = e^ε as 3, 5.7 or 57/10; a repeated --alpha adds its values",
    )
    alphas.add_argument("--alpha-grid", action=_OnceFlag, help="the integers 1..100")

    optimal = commands.add_parser(
        "optimal", help="print as JSON the exact optimal ε of k (ln α₀, δ₀) steps at δ, beside the theorems"
    )
    optimal.add_argument(
        "--alpha0",
        action=_Once,
        required=True,
        type=_reader(CLI_ALPHA, "α₀"),
        help="α₀ = e^ε₀ as 1.1 or 11/10",
    )
    optimal.add_argument(
        "--delta0", action=_Once, required=True, type=_reader(OPTIMAL_DELTA0, "δ₀"), help="each step's δ₀"
    )
    optimal.add_argument(
        "--k", action=_Once, required=True, type=_reader(CLI_K, "k"), help=f"number of steps, 1..{CLI_K.high}"
    )
    optimal.add_argument(
        "--delta",
        action=_Once,
        required=True,
        type=_reader(OPTIMAL_DELTA, "δ"),
        help="the target δ, as 0.00001",
    )

    dpsgd = commands.add_parser(
        "dpsgd",
        help="print as JSON a certified bracket on the optimal ε of DP-SGD (T Poisson-subsampled"
        " Gaussian steps) at δ, beside the RDP accountant; or the least σ for an ε goal",
    )
    dpsgd.add_argument(
        "--q", action=_Once, required=True, type=_reader(DPSGD_Q, "q"), help="sampling rate, as 0.01"
    )
    noise = dpsgd.add_mutually_exclusive_group(required=True)
    noise.add_argument("--sigma", action=_Once, type=_reader(DPSGD_SIGMA, "σ"), help="noise multiplier")
    noise.add_argument(
        "--epsilon-goal",
        action=_Once,
        type=_reader(DPSGD_EPSILON, "the ε goal"),
        help=f"answer instead the least σ, a multiple of {decimal_str(SIGMA_GRID, 2)}, whose certified ε"
        " is at most this",
    )
    dpsgd.add_argument(
        "--steps", action=_Once, required=True, type=_reader(CLI_K, "steps"), help=f"1..{CLI_K.high}"
    )
    dpsgd.add_argument(
        "--delta", action=_Once, required=True, type=_reader(OPTIMAL_DELTA, "δ"), help="as 1e-5"
    )
    dpsgd.add_argument(
        "--width",
        action=_Once,
        type=_reader(DPSGD_WIDTH, "the width"),
        help=f"the widest bracket accepted (default {decimal_str(DEFAULT_WIDTH, 6)})",
    )

    generate = commands.add_parser("build", help="write every catalogue example's records")
    generate.add_argument("--out", action=_Once, type=Path, default=build_step.DEFAULT_OUT)
    generate.add_argument("--check", action=_OnceFlag, help="write nothing; exit 1 if a file would change")

    vectors = commands.add_parser(
        "golden", help="write the golden vectors that hold the lab's engine to the core"
    )
    vectors.add_argument(
        "--out", action=_Once, required=True, type=_directory, help="directory for each lab's vectors"
    )

    typedefs = commands.add_parser(
        "typedefs", help="write each lesson's lab/types.mjs, the JSDoc types of its records (--check: drift)"
    )
    typedefs.add_argument("--check", action="store_true", help="report drift instead of writing")

    bundle = commands.add_parser(
        "package",
        help="build the offline zip, the SCORM 1.2 zip, the embed site or the handout PDFs"
        " (see generator/course/package.py)",
    )
    bundle.add_argument("kind", choices=list(packaging.CONFIGS))
    bundle.add_argument(
        "--out", action=_Once, type=_directory, default=packaging.DEFAULT_OUT, help="output directory"
    )
    bundle.add_argument(
        "--mastery",
        action=_Once,
        type=_reader(MASTERY, "--mastery"),
        help="SCORM pass mark in percent of correct answers (default: extra.scorm_mastery, 80)",
    )
    return parser


def _package(kind: str, out: Path, mastery: int | None) -> int:
    try:
        path = packaging.package(kind, out, mastery)
    except (packaging.BuildError, HandoutError, ValueError, OSError) as error:
        print(f"python -m generator package: error: {error}", file=sys.stderr)
        return 1
    size = (
        sum(file.stat().st_size for file in path.rglob("*") if file.is_file())
        if path.is_dir()
        else path.stat().st_size
    )
    print(f"wrote {path} ({size:,} bytes)", file=sys.stderr)
    return 0


def _write_golden(out: Path) -> int:
    started = time.perf_counter()
    try:
        out.mkdir(parents=True, exist_ok=True)
        files = golden_files()
        for name, text in files.items():
            (out / name).write_text(text, encoding="utf-8")
        written = ", ".join(str(out / name) for name in files)
        print(f"wrote {written} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    except OSError as error:
        print(f"python -m generator: error: cannot write the golden vectors: {error}", file=sys.stderr)
        return USAGE_ERROR
    return 0


def _typedefs(check: bool) -> int:
    """Write (or, checking, compare) every lesson's typedefs; drift is status 1."""
    stale = 0
    for path, text in typedef_files().items():
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        stale += 1
        if check:
            print(f"out of date: {path} (run python -m generator typedefs)", file=sys.stderr)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}", file=sys.stderr)
    return 1 if check and stale else 0


def _places(width: Fraction) -> int:
    """Decimals for a bracket at most ``width`` wide: two more than the width's first digit."""
    places = 0
    while Fraction(1, 10**places) > width:
        places += 1
    return places + 2


class Ends(TypedDict):
    """A bracket's ends as decimals rounded outward (an upper end None: not computed)."""

    lower: str
    upper: str | None


class RdpAnswer(TypedDict):
    epsilon: str
    order: int


class Bracket(TypedDict):
    epsilon: Ends
    directions: dict[str, Ends]
    grid_step: str
    rdp: RdpAnswer
    rdp_classic: RdpAnswer


def _bracket_record(bracket: EpsilonBracket, places: int) -> Bracket:
    """A bracket's ends as decimals rounded outward, each direction's too, and the RDP accountant's ε."""

    def ends(lower: Fraction, upper: Fraction | None) -> Ends:
        return {
            "lower": floor_decimal(lower, places),
            "upper": None if upper is None else ceil_decimal(upper, places),
        }

    def rdp(conversion: Conversion) -> RdpAnswer:
        found = rdp_epsilon(bracket.mechanism, bracket.steps, bracket.delta, conversion)
        return {"epsilon": ceil_decimal(found.epsilon.upper, places), "order": found.order}

    return {
        "epsilon": ends(bracket.epsilon.lower, bracket.epsilon.upper),
        "directions": {str(d.direction): ends(d.lower, d.upper) for d in bracket.directions},
        "grid_step": fraction_str(bracket.step),
        "rdp": rdp(Conversion.IMPROVED),
        "rdp_classic": rdp(Conversion.CLASSIC),
    }


def _dpsgd(args: argparse.Namespace) -> dict[str, object]:
    """The dpsgd command's record: the bracket at σ, or the noise search's answer."""
    started = time.perf_counter()
    width = DEFAULT_WIDTH if args.width is None else args.width
    places = _places(width)
    record: dict[str, object] = {
        "q": fraction_str(args.q),
        "steps": args.steps,
        "delta": fraction_str(args.delta),
        "width": fraction_str(width),
    }
    if args.sigma is not None:
        bracket = epsilon_bracket(SubsampledGaussian(args.q, args.sigma), args.steps, args.delta, width)
        record |= {"sigma": fraction_str(args.sigma)} | _bracket_record(bracket, places)
    else:
        found = smallest_sigma(args.q, args.steps, args.delta, args.epsilon_goal, width)
        record |= {
            "epsilon_goal": fraction_str(args.epsilon_goal),
            "sigma": fraction_str(found.sigma),
            "sigma_grid": fraction_str(SIGMA_GRID),
            "proven_least": found.proven_least,
            "below": None
            if found.below is None
            else {"sigma": fraction_str(found.below.mechanism.sigma)} | _bracket_record(found.below, places),
        } | _bracket_record(found.bracket, places)
    return record | {"seconds": f"{time.perf_counter() - started:.2f}"}


def _writable_streams() -> None:
    """Let stdout and stderr write any text, whatever their encoding (see the module docstring)."""
    for stream, errors in ((sys.stdout, _JSON_ESCAPE), (sys.stderr, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=errors)


def main(argv: Sequence[str] | None = None) -> int:
    _writable_streams()
    try:
        try:
            return _run(argv)
        finally:
            sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's flush at exit
    except BrokenPipeError:
        # The Python docs' recipe: send what is still buffered to devnull, so that the
        # interpreter's own flush at exit cannot fail again and print a traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return BROKEN_PIPE


def _run(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "profile":
        alphas = list(INTEGER_GRID) if args.alpha_grid else args.alpha
        profile = Profile(build(args.mode, args.p, args.k))
        sys.stdout.write(dumps(profile_record(profile, alphas)))
        return 0
    if args.command == "optimal":
        composition = OptimalComposition(args.alpha0, args.delta0, args.k)
        query: Query = {
            "alpha0": args.alpha0,
            "delta0": args.delta0,
            "k": args.k,
            **answers(composition, args.delta),
        }
        sys.stdout.write(dumps(query))
        return 0
    if args.command == "dpsgd":
        try:
            record = _dpsgd(args)
        except ArithmeticError as error:  # a bracket that stayed uncertified (not bad input)
            print(f"python -m generator dpsgd: error: {error}", file=sys.stderr)
            return 1
        sys.stdout.write(dumps(record))
        return 0
    if args.command == "golden":
        return _write_golden(args.out)
    if args.command == "package":
        return _package(args.kind, args.out, args.mastery)
    if args.command == "typedefs":
        return _typedefs(args.check)
    if args.check:
        stale = build_step.drift(args.out)
        for path in stale:
            print(f"out of date: {path}", file=sys.stderr)
        return 1 if stale else 0
    for path in build_step.build(args.out):
        print(f"wrote {path}", file=sys.stderr)
    return 0
