"""The sensitivity lesson's data file, ``lesson.json`` beside this module, read once.

Its sections: ``catalogue`` (the reference databases and mechanisms, :mod:`.catalogue`) and
``quiz``. The lesson's slug is its folder's name.
"""

from __future__ import annotations

from generator.course.lesson_data import lesson_file

SECTIONS = ("catalogue", "quiz")
FILE = lesson_file(__file__, SECTIONS)
