"""Zip files that are the same bytes for the same content, whenever and wherever they are built.

Entries are written in sorted order, each with one fixed timestamp and fixed permissions,
so a rebuild of unchanged content gives an identical archive (and an identical checksum).
"""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from pathlib import Path

FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # zip stores local times from 1980 on; any fixed one will do


def tree_files(root: Path) -> list[str]:
    """Every file under ``root``, as sorted POSIX paths relative to it."""
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())


def write_zip(zip_path: Path, entries: Mapping[str, bytes]) -> Path:
    """Write ``entries`` (archive path -> bytes) to ``zip_path``, deflated; returns the path."""
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    partial = zip_path.with_name(zip_path.name + ".partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name])
    partial.replace(zip_path)
    return zip_path
