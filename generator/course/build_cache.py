"""A content-addressed cache of derived text: what a pinned tool makes of an input, kept on disk.

The rule: an entry is keyed by everything its text depends on (the tool, the tool's
version, the input, the options) and by nothing else, so a hit can only ever hold the text
the tool would make again, and an entry is never invalidated, only left behind.

- :meth:`BuildCache.text` returns the stored text for a key, or computes it, stores it and
  returns it. A failed computation stores nothing.
- An entry is written to a temporary file beside it and renamed into place
  (``os.replace``), so a reader, a concurrent writer or a crash never leaves a partial
  entry under an entry's name.
- Each entry starts with the SHA-256 of its text. An entry that cannot be read or whose
  digest does not match is logged, recomputed and replaced: it is never trusted.
- The directory is ``.cache/`` at the repository root (git-ignored), or the one that the
  environment variable ``COMPOSITION_LAB_CACHE`` names. It need not exist: the first
  entry creates it, so a cold cache is an empty or missing directory.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import json
import logging
import os
import re
import tempfile
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from generator.course.course_name import SLUG

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DIRECTORY = ROOT / ".cache"
DIRECTORY_VARIABLE = "COMPOSITION_LAB_CACHE"

_HEADER = f"{SLUG}-cache 1 sha256="
_NAMESPACE = re.compile(r"[a-z0-9][a-z0-9-]*")

log = logging.getLogger(__name__)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class BuildCache:
    """Text entries under ``directory/<namespace>/<key>``, where the key hashes the key parts.

    A namespace names the kind of entry ("katex", "vega-svg"); it keeps the directory
    readable and lets ``rm -rf`` clear one kind. Key parts are strings, hashed as a JSON
    list, so no two different lists of parts share a key.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def entry_path(self, namespace: str, parts: Sequence[str]) -> Path:
        if not _NAMESPACE.fullmatch(namespace):
            raise ValueError(f"a cache namespace is lower-case letters, digits and '-', got {namespace!r}")
        key = _digest(json.dumps([namespace, *parts], ensure_ascii=False))
        return self.directory / namespace / key

    def text(self, namespace: str, parts: Sequence[str], compute: Callable[[], str]) -> str:
        """The text stored under the key, or ``compute()``, stored before it is returned."""
        path = self.entry_path(namespace, parts)
        stored = self._read(path)
        if stored is not None:
            return stored
        text = compute()
        self._write(path, text)
        return text

    @staticmethod
    def _read(path: Path) -> str | None:
        try:
            entry = path.read_bytes().decode("utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            log.warning("cache entry %s is unreadable (%s); computing it again", path, error)
            return None
        header, newline, text = entry.partition("\n")
        if not newline or header != _HEADER + _digest(text):
            log.warning("cache entry %s is corrupt; computing it again", path)
            return None
        return text

    @staticmethod
    def _write(path: Path, text: str) -> None:
        """Write the entry through a temporary file and a rename; a failure only logs."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        except OSError as error:
            log.warning("cannot write cache entry %s (%s); the build goes on without it", path, error)
            return
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(f"{_HEADER}{_digest(text)}\n{text}".encode())
            os.replace(temporary, path)
        except BaseException as error:
            Path(temporary).unlink(missing_ok=True)
            if not isinstance(error, OSError):
                raise
            log.warning("cannot write cache entry %s (%s); the build goes on without it", path, error)


def default_cache() -> BuildCache:
    """The build's cache: ``$COMPOSITION_LAB_CACHE`` if set (and not empty), else ``.cache/``."""
    return BuildCache(Path(os.environ.get(DIRECTORY_VARIABLE) or DEFAULT_DIRECTORY))


def canonical_json(value: object) -> str:
    """One spelling of a JSON value (sorted keys, no spaces), for use as a key part."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@cache
def package_version(distribution: str) -> str:
    """The installed version of a Python distribution ("vl-convert-python"), for a key part."""
    return importlib.metadata.version(distribution)


def _imported_modules(path: Path) -> set[str]:
    """The ``generator.…`` modules that a source file imports (by ``import`` or ``from``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name for name in names if name == "generator" or name.startswith("generator.")}


def _module_path(name: str) -> Path | None:
    """The source file of a generator module, if ``name`` is one (not a name inside one)."""
    relative = Path(*name.split("."))
    for candidate in (ROOT / relative.with_suffix(".py"), ROOT / relative / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@cache
def source_digest(module: str) -> str:
    """The SHA-256 of a generator module's source and of every generator module it imports,
    directly or through others, and of the data files (``.json``, templates) beside each: a
    key part of what that code computes (a chart's spec, a lab's golden vectors), so an edit
    to any of them misses, and an edit elsewhere does not."""
    seen: dict[str, Path] = {}
    waiting = [module]
    while waiting:
        name = waiting.pop()
        path = _module_path(name)
        if path is None or name in seen:
            continue
        seen[name] = path
        waiting.extend(_imported_modules(path))
    files = set(seen.values())
    for path in list(files):
        files.update(data for data in path.parent.glob("*.json"))
        files.update(path.parent.glob("templates/*.html"))
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.relative_to(ROOT).as_posix().encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
