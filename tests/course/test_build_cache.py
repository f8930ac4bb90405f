"""The build cache: a miss computes and stores, a hit computes nothing, a bad entry is never trusted.

The last test is the cache's correctness guarantee: a build from a warm cache writes the
same site, byte for byte, as the cold build that filled it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.course import build_cache
from generator.course.build_cache import BuildCache, canonical_json
from generator.course.katex_render import KatexProcess
from generator.course.lessons import lessons
from tests.conftest import mkdocs_build

PARTS = ("1.9.0", '{"mark":"bar"}')


class Counter:
    """A compute function that counts its calls and returns ``text``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.calls = 0

    def __call__(self) -> str:
        self.calls += 1
        return self.text


def test_a_miss_computes_and_stores(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    compute = Counter("<svg>δ</svg>\n")
    assert cache.text("vega-svg", PARTS, compute) == "<svg>δ</svg>\n"
    assert compute.calls == 1
    entry = cache.entry_path("vega-svg", PARTS)
    assert entry.parent == tmp_path / "cache" / "vega-svg"
    assert entry.read_bytes().endswith("\n<svg>δ</svg>\n".encode())


def test_a_hit_returns_the_stored_text_without_computing(tmp_path: Path) -> None:
    BuildCache(tmp_path).text("vega-svg", PARTS, Counter("<svg/>"))
    compute = Counter("something else")
    assert BuildCache(tmp_path).text("vega-svg", PARTS, compute) == "<svg/>"
    assert compute.calls == 0


@pytest.mark.parametrize(
    ("namespace", "parts"),
    [
        ("vega-svg", ("1.9.1", '{"mark":"bar"}')),  # another tool version
        ("vega-svg", ("1.9.0", '{"mark":"line"}')),  # another input
        ("vega-svg", ("1.9.0", '{"mark":"bar"}', "")),  # one more part
        ("vega-svg", ("1.9.0{", '"mark":"bar"}')),  # the same characters, split elsewhere
        ("katex", PARTS),  # another kind of entry
    ],
)
def test_another_version_or_input_is_another_key(
    tmp_path: Path, namespace: str, parts: tuple[str, ...]
) -> None:
    cache = BuildCache(tmp_path)
    cache.text("vega-svg", PARTS, Counter("first"))
    compute = Counter("second")
    assert cache.text(namespace, parts, compute) == "second"
    assert compute.calls == 1
    assert cache.entry_path(namespace, parts) != cache.entry_path("vega-svg", PARTS)


@pytest.mark.parametrize(
    "damage",
    [
        lambda entry: entry.write_bytes(entry.read_bytes()[:-3]),  # truncated
        lambda entry: entry.write_bytes(entry.read_bytes().replace(b"old", b"odd")),  # altered text
        lambda entry: entry.write_bytes(b"old"),  # no header
        lambda entry: entry.write_bytes(b"\xff\xfe"),  # not UTF-8
        lambda entry: (entry.unlink(), entry.mkdir()),  # unreadable: a directory
    ],
    ids=["truncated", "altered", "no-header", "not-utf8", "unreadable"],
)
def test_a_corrupt_entry_is_recomputed_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: Callable[[Path], object]
) -> None:
    cache = BuildCache(tmp_path)
    cache.text("katex", PARTS, Counter("old text"))
    damage(cache.entry_path("katex", PARTS))
    compute = Counter("old text")
    with caplog.at_level(logging.WARNING, logger=build_cache.__name__):
        assert cache.text("katex", PARTS, compute) == "old text"
    assert compute.calls == 1
    assert len(caplog.records) >= 1
    assert str(cache.entry_path("katex", PARTS)) in caplog.records[0].getMessage()


def test_a_recomputed_entry_replaces_the_corrupt_one(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    cache.text("katex", PARTS, Counter("text"))
    cache.entry_path("katex", PARTS).write_bytes(b"garbage")
    cache.text("katex", PARTS, Counter("text"))
    compute = Counter("never")
    assert cache.text("katex", PARTS, compute) == "text"
    assert compute.calls == 0


def test_the_directory_need_not_exist(tmp_path: Path) -> None:
    directory = tmp_path / "not" / "yet"
    cache = BuildCache(directory)
    assert cache.text("vega-bundle", PARTS, Counter("bundle")) == "bundle"
    assert [path.name for path in (directory / "vega-bundle").iterdir()] == [
        cache.entry_path("vega-bundle", PARTS).name
    ]


def test_a_failed_computation_stores_nothing(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)

    def fail() -> str:
        raise ValueError("bad TeX")

    with pytest.raises(ValueError, match="bad TeX"):
        cache.text("katex", PARTS, fail)
    assert not cache.entry_path("katex", PARTS).exists()


def test_a_write_cut_short_leaves_no_entry_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = BuildCache(tmp_path)

    def interrupted(source: object, target: object) -> None:
        raise KeyboardInterrupt  # the process stops between writing and renaming

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        cache.text("katex", PARTS, Counter("text"))
    assert list((tmp_path / "katex").iterdir()) == []


def test_an_unwritable_cache_only_logs(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "file").write_text("not a directory", encoding="utf-8")
    cache = BuildCache(tmp_path / "file")
    with caplog.at_level(logging.WARNING, logger=build_cache.__name__):
        assert cache.text("katex", PARTS, Counter("text")) == "text"
    assert any("cannot write cache entry" in record.getMessage() for record in caplog.records)


def test_an_entry_appears_whole_in_one_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader never sees a partial entry: the text is written whole to another name, and
    only then renamed over the entry's name, in one step. Checked at the moment of the rename,
    with no timing: the entry is still absent (or the previous whole text) and the temporary
    file holds the whole new entry."""
    text = "x" * 100_000
    cache = BuildCache(tmp_path)
    entry = cache.entry_path("vega-bundle", PARTS)
    real_replace = build_cache.os.replace
    seen: list[tuple[bool, int, str]] = []

    def replace(source: str, target: Path) -> None:
        seen.append((entry.exists(), len(Path(source).read_bytes()), Path(source).name))
        real_replace(source, target)

    monkeypatch.setattr(build_cache.os, "replace", replace)
    cache._write(entry, text)
    cache._write(entry, text)
    whole = len(entry.read_bytes())
    assert whole > len(text)
    assert [(exists, size) for exists, size, _ in seen] == [(False, whole), (True, whole)]
    assert all(name != entry.name for _, _, name in seen)
    assert [path.name for path in entry.parent.iterdir()] == [entry.name]


def test_a_write_that_fails_at_the_rename_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    cache = BuildCache(tmp_path)
    entry = cache.entry_path("vega-bundle", PARTS)

    def refuse(source: str, target: Path) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(build_cache.os, "replace", refuse)
    with caplog.at_level(logging.WARNING, logger=build_cache.__name__):
        cache._write(entry, "text")
    assert not entry.exists()
    assert list(entry.parent.iterdir()) == []
    assert any("disk full" in record.getMessage() for record in caplog.records)


def test_default_cache_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(build_cache.DIRECTORY_VARIABLE, str(tmp_path))
    assert build_cache.default_cache().directory == tmp_path
    monkeypatch.delenv(build_cache.DIRECTORY_VARIABLE)
    assert build_cache.default_cache().directory == build_cache.ROOT / ".cache"


def test_canonical_json_ignores_key_order() -> None:
    assert canonical_json({"b": [1, "δ"], "a": None}) == canonical_json({"a": None, "b": [1, "δ"]})
    assert canonical_json({"b": [1, "δ"], "a": None}) == '{"a":null,"b":[1,"δ"]}'


# ---------------------------------------------------------------------------------------
# KaTeX: node starts only on a miss


class NodeStartedError(Exception):
    """Raised in place of starting node."""


def _no_node(*args: object, **kwargs: object) -> None:
    raise NodeStartedError


def test_a_warm_katex_render_starts_no_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cold = KatexProcess(BuildCache(tmp_path))
    try:
        rendered = cold.render(r"\delta = \tfrac{3}{8}", False)
    finally:
        cold.close()
    assert "<mfrac><mn>3</mn><mn>8</mn></mfrac>" in rendered
    monkeypatch.setattr("generator.course.katex_render.subprocess.Popen", _no_node)
    warm = KatexProcess(BuildCache(tmp_path))
    assert warm.render(r"\delta = \tfrac{3}{8}", False) == rendered
    with pytest.raises(NodeStartedError):
        warm.render(r"\delta = \tfrac{3}{8}", True)  # display math is another key


def test_another_katex_version_is_another_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = BuildCache(tmp_path / "cache")
    cold = KatexProcess(cache)
    try:
        cold.render("x", False)
    finally:
        cold.close()
    package = tmp_path / "package.json"
    package.write_text('{"name": "katex", "version": "9.9.9"}', encoding="utf-8")
    monkeypatch.setattr("generator.course.katex_render.subprocess.Popen", _no_node)
    assert "<mi>x</mi>" in KatexProcess(cache).render("x", False)
    other = KatexProcess(cache, package)
    assert other.katex_version() == "9.9.9"
    with pytest.raises(NodeStartedError):
        other.render("x", False)


# ---------------------------------------------------------------------------------------
# The guarantee: a warm build writes the same site as a cold one


def _site_files(site: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(site)): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.suffix in {".html", ".js", ".css"}
    }


def _entries(cache: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(path.relative_to(cache)): (path.stat().st_mtime_ns, path.read_bytes())
        for path in sorted(cache.rglob("*"))
        if path.is_file()
    }


def test_a_warm_build_writes_the_same_site_as_a_cold_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv(build_cache.DIRECTORY_VARIABLE, str(cache))
    cold = mkdocs_build(tmp_path / "cold")
    assert cold.returncode == 0, cold.stderr
    filled = _entries(cache)
    kinds = {name.split("/")[0] for name in filled}
    # The course's kinds, and a lesson's own (named after its slug: "dpsgd-grid").
    course = {"katex", "site-references", "vega-bundle", "vega-lite-spec", "vega-svg"}
    assert course <= kinds
    owners = {kind: kind.removeprefix("golden-").split("-")[0] for kind in kinds - course}
    assert all(owner in lessons() for owner in owners.values()), owners
    warm = mkdocs_build(tmp_path / "warm")
    assert warm.returncode == 0, warm.stderr
    assert _entries(cache) == filled  # every lookup hit: nothing was added or rewritten
    cold_files, warm_files = _site_files(tmp_path / "cold"), _site_files(tmp_path / "warm")
    assert "lessons/composition.html" in cold_files
    assert sorted(warm_files) == sorted(cold_files)
    assert [name for name in cold_files if warm_files[name] != cold_files[name]] == []
