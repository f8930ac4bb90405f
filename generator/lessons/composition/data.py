"""The composition lesson's data file, ``lesson.json`` beside this module, read once.

Its sections: ``catalogue`` (the reference examples, :mod:`.catalogue`), ``two_step`` (the
two-step releases beside them, also :mod:`.catalogue`) and ``quiz`` (:mod:`.quiz`). The
lesson's slug is its folder's name.
"""

from __future__ import annotations

from generator.course.lesson_data import lesson_file

SECTIONS = ("catalogue", "two_step", "quiz")
FILE = lesson_file(__file__, SECTIONS)
SLUG, DATA_FILE, DATA = FILE.slug, FILE.path, FILE.data
