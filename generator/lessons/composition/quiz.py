"""The composition lesson's quiz: the ``quiz`` section of its data file, as a typed Quiz."""

from __future__ import annotations

from generator.course.quiz import Quiz, quiz_from_data
from generator.lessons.composition.data import DATA, DATA_FILE, SLUG

COMPOSITION: Quiz = quiz_from_data(SLUG, DATA["quiz"], f"{DATA_FILE}: quiz")
