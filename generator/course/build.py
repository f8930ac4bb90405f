"""Write every lesson's generated files (its records); in check mode, report drift instead.

Generated text comes from pure functions (each lesson's ``Lesson.generated``); this module only
decides where it goes. A file is rewritten only when its bytes change, so a rebuild that
changes nothing touches nothing (and a live-reloading server does not loop).
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.course.lessons import generated_files

DEFAULT_OUT = Path("docs/generated")


def planned_files() -> dict[str, str]:
    """Relative path -> text for every generated file."""
    return generated_files()


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless it holds it already. The text goes to a temporary
    file that is renamed into place, so a build reading the folder at the same moment (two
    builds at once, as under parallel tests) never sees a partly written file."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # MkDocs skips dot files
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return True


def build(out: Path = DEFAULT_OUT) -> list[Path]:
    """Write every planned file under ``out``; return the ones that changed."""
    return [out / rel for rel, text in planned_files().items() if write_if_changed(out / rel, text)]


def drift(out: Path = DEFAULT_OUT) -> list[Path]:
    """The planned files under ``out`` that are missing or differ."""
    stale = []
    for rel, text in planned_files().items():
        path = out / rel
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
    return stale
