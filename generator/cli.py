"""``python -m generator``: the profile query, the build, the golden vectors and the packages.

Bad input never shows a traceback: it prints one line on stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import NoReturn

from generator import build as build_step
from generator import golden
from generator import package as packaging
from generator.channels import Mode, build
from generator.profile import INTEGER_GRID, Profile, check_alpha
from generator.rational import RationalSyntaxError, parse_rational
from generator.records import dumps, profile_record

USAGE_ERROR = 2
MAX_K = 100_000  # beyond this one query would take minutes and gigabytes


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def _alpha(text: str) -> Fraction:
    try:
        alpha = parse_rational(text)
        check_alpha(alpha)
    except (RationalSyntaxError, ValueError):
        raise argparse.ArgumentTypeError(
            f"α must be a number of at least 1 written as 3, 5.7 or 57/10, got {text!r}"
        ) from None
    return alpha


def _int_in(low: int, high: int, name: str) -> type[int]:
    def parse(text: str) -> int:
        message = f"{name} must be an integer from {low} to {high}, got {text!r}"
        if not text.isascii() or not text.isdigit() or len(text) > len(str(high)):
            raise argparse.ArgumentTypeError(message)
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(message)
        return value

    return parse  # type: ignore[return-value]


def _directory(text: str) -> Path:
    path = Path(text)
    if not text or (path.exists() and not path.is_dir()):
        raise argparse.ArgumentTypeError(f"--out must name a directory, got {text!r}")
    return path


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m generator", description="Exact privacy profiles and the lesson's data.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    profile = commands.add_parser("profile", help="print exact δ*(α) as JSON")
    profile.add_argument("--mode", required=True, choices=[str(m) for m in Mode])
    profile.add_argument("--p", required=True, type=_int_in(0, 100, "p"), help="integer percent 0..100")
    profile.add_argument(
        "--k", required=True, type=_int_in(1, MAX_K, "k"), help=f"number of releases, 1..{MAX_K}"
    )
    alphas = profile.add_mutually_exclusive_group(required=True)
    alphas.add_argument("--alpha", nargs="+", type=_alpha, metavar="A", help="α = e^ε as 3, 5.7 or 57/10")
    alphas.add_argument("--alpha-grid", action="store_true", help="the integers 1..100")

    generate = commands.add_parser("build", help="write every catalogue example's records")
    generate.add_argument("--out", type=Path, default=build_step.DEFAULT_OUT)
    generate.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file would change")

    vectors = commands.add_parser(
        "golden", help="write the golden vectors that hold the lab's engine to the core"
    )
    vectors.add_argument("--out", required=True, type=_directory, help=f"directory for {golden.FILE_NAME}")

    bundle = commands.add_parser(
        "package",
        help="build the offline zip, the SCORM 1.2 zip or the embed site (see generator/package.py)",
    )
    bundle.add_argument("kind", choices=list(packaging.CONFIGS))
    bundle.add_argument("--out", type=_directory, default=packaging.DEFAULT_OUT, help="output directory")
    bundle.add_argument(
        "--mastery",
        type=_int_in(0, 100, "--mastery"),
        help="SCORM pass mark in percent of correct answers (default: extra.scorm_mastery, 80)",
    )
    return parser


def _package(kind: str, out: Path, mastery: int | None) -> int:
    try:
        path = packaging.package(kind, out, mastery)
    except (packaging.BuildError, ValueError, OSError) as error:
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
        path = golden.write(out)
    except OSError as error:
        print(f"python -m generator: error: cannot write the golden vectors: {error}", file=sys.stderr)
        return USAGE_ERROR
    print(f"wrote {path} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "profile":
        alphas = list(INTEGER_GRID) if args.alpha_grid else args.alpha
        profile = Profile(build(args.mode, args.p, args.k))
        sys.stdout.write(dumps(profile_record(profile, alphas)))
        return 0
    if args.command == "golden":
        return _write_golden(args.out)
    if args.command == "package":
        return _package(args.kind, args.out, args.mastery)
    if args.check:
        stale = build_step.drift(args.out)
        for path in stale:
            print(f"out of date: {path}", file=sys.stderr)
        return 1 if stale else 0
    for path in build_step.build(args.out):
        print(f"wrote {path}", file=sys.stderr)
    return 0
