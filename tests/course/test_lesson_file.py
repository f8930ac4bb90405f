"""A lesson's data file read strictly by its schema (generator/course/lesson_file.py), on the
composition lesson's file: it round-trips, and every malformed entry is refused with a message
that names the file, the entry (its index and slug) and the key."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.course.lesson_file import LessonDataError, QuizData, read_data
from generator.course.quiz import quiz_of
from generator.lessons.composition import LESSON
from generator.lessons.composition.catalogue import DATA, PATH, CompositionData, check_slugs

Change = Callable[[dict[str, Any]], dict[str, Any]]


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return data


def _write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _load(path: Path) -> CompositionData:
    data = read_data(path, CompositionData)
    check_slugs(path, data)
    return data


def test_the_data_file_round_trips(tmp_path: Path) -> None:
    data = _load(_write(tmp_path, _data()))
    assert data == DATA
    assert quiz_of("composition", data.quiz, tmp_path / "lesson.json") == LESSON.quiz


def _row(data: dict[str, Any], **change: Any) -> dict[str, Any]:
    data["catalogue"][4].update(change)
    return data


def _two_step(index: int, data: dict[str, Any], **change: Any) -> dict[str, Any]:
    data["two_step"][index].update(change)
    return data


ROW = r"catalogue\[4\] 'composition-p90'"
MALFORMED: dict[str, tuple[Change, str]] = {
    "unknown-row-key": (lambda d: _row(d, colour="red"), rf"{ROW}\.colour: Extra inputs are not permitted"),
    "missing-row-key": (lambda d: (d["catalogue"][4].pop("alpha0"), d)[1], rf"{ROW}\.alpha0: Field required"),
    "bad-mode": (
        lambda d: _row(d, mode="shuffle"),
        rf"{ROW}\.mode: Input should be 'fresh', 'copy' or 'xor'",
    ),
    "bool-for-int": (lambda d: _row(d, k=True), rf"{ROW}\.k: Input should be a valid integer"),
    "bad-fraction": (lambda d: _row(d, delta="lots"), rf"{ROW}\.delta: not a decimal, a fraction .*'lots'"),
    "number-for-fraction": (
        lambda d: _row(d, delta=0.72),
        rf"{ROW}\.delta: an exact number is written as a string",
    ),
    "repeated-slug": (
        lambda d: _row(d, slug="concept"),
        r"catalogue\[4\]: slug 'concept' repeats an earlier row",
    ),
    "unknown-section": (lambda d: {**d, "steps": []}, r": steps: Extra inputs are not permitted"),
    "missing-section": (
        lambda d: {"catalogue": d["catalogue"], "two_step": d["two_step"]},
        r": quiz: Field required",
    ),
    "two-step-without-second-branch": (
        lambda d: _two_step(0, d, p2=[50]),
        r"two_step\[0\] 'adaptive'\.p2\[1\]: Field required",
    ),
    "two-step-out-of-range": (
        lambda d: _two_step(1, d, p1=101),
        r"two_step\[1\] 'mixed': p must be an integer percent",
    ),
    "two-step-repeats-a-catalogue-row": (
        lambda d: _two_step(1, d, slug="xor"),
        r"two_step\[1\]: slug 'xor' repeats a catalogue row",
    ),
    "unknown-question-key": (
        lambda d: (d["quiz"]["questions"][1].update(hint="?"), d)[1],
        r"quiz\.questions\[1\] 'xor-marginals'\.hint: Extra inputs are not permitted",
    ),
}


@pytest.mark.parametrize("case", MALFORMED, ids=str)
def test_a_malformed_data_file_is_refused_naming_the_file_and_the_entry(tmp_path: Path, case: str) -> None:
    change, message = MALFORMED[case]
    path = _write(tmp_path, change(_data()))
    with pytest.raises(LessonDataError, match=message) as refused:
        _load(path)
    assert str(refused.value).startswith(f"{path}: ")


def _question(**change: Any) -> dict[str, Any]:
    quiz = copy.deepcopy(_data()["quiz"])
    quiz["questions"][1].update(change)
    return quiz


@pytest.mark.parametrize(
    ("quiz", "message"),
    [
        (_question(choices=["a", "b"]), r"question 'xor-marginals' needs 3 or 4 choices"),
        (_question(answer=7), r"'xor-marginals': answer 7 is not a choice"),
        (_question(id="pure-epsilon-fresh"), r"distinct ids"),
        ({**_data()["quiz"], "version": 0}, r"a content version starts at 1"),
    ],
)
def test_a_malformed_quiz_is_refused_naming_the_question(quiz: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=r"lesson\.json: .*" + message):
        quiz_of("composition", QuizData.model_validate_json(json.dumps(quiz)), Path("lesson.json"))


def test_a_data_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text('{"catalogue": [', encoding="utf-8")
    with pytest.raises(LessonDataError, match=rf"^{re.escape(str(path))}: cannot read"):
        read_data(path, CompositionData)
