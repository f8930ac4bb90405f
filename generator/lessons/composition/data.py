"""The composition lesson's data file, ``lesson.json`` beside this module, read once.

Its sections: ``catalogue`` (the reference examples, :mod:`.catalogue`) and ``quiz``
(:mod:`.quiz`). The lesson's slug is its folder's name.
"""

from __future__ import annotations

from pathlib import Path

from generator.course.lesson_data import read_data

FOLDER = Path(__file__).resolve().parent
SLUG = FOLDER.name
DATA_FILE = FOLDER / "lesson.json"
SECTIONS = ("catalogue", "quiz")

DATA = read_data(DATA_FILE, SECTIONS)
