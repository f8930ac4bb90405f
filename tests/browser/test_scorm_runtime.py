"""The SCORM package inside a real SCORM 1.2 runtime: scorm-again's Scorm12API as the LMS.

The package is built and unzipped as an LMS would, and served over http together with
tests/harness/scorm-lms.html, which hosts the runtime as ``window.API`` and opens the SCO
(its launch page read from imsmanifest.xml) in an iframe. Every request outside that
server is blocked and collected, and must not happen.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from playwright.sync_api import Frame, Page, expect

from generator import package as packaging
from generator.quiz import COMPOSITION
from generator.scorm_manifest import IMSCP
from tests.harness.support import HARNESS, SCORM_RUNTIME, block_network, served

pytestmark = pytest.mark.browser

KEY = COMPOSITION.storage_key
QUESTIONS = COMPOSITION.questions
MASTERY = 80  # mkdocs.scorm.yml's default extra.scorm_mastery


@pytest.fixture(scope="module")
def lms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, list[str]]]:
    """(URL of the LMS harness page, the SCO's launch page relative to it, the SCO's files)."""
    root = tmp_path_factory.mktemp("lms")
    zip_path = packaging.package("scorm", root / "dist")
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(root / "course")
        manifest = ET.fromstring(archive.read("imsmanifest.xml"))
    resource = manifest.find(f".//{{{IMSCP}}}resource")
    assert resource is not None
    shutil.copy(HARNESS / "scorm-lms.html", root)
    shutil.copy(SCORM_RUNTIME, root)
    with served(root) as url:
        files = [f"{url}course/{file.get('href')}" for file in resource.iter(f"{{{IMSCP}}}file")]
        yield url + "scorm-lms.html", f"course/{resource.get('href')}", files


def _launch(
    new_page: Any, lms: tuple[str, str, list[str]], cmi: dict[str, Any] | None
) -> tuple[Page, Frame, Any, list[str]]:
    harness, launch, _ = lms
    page, log = new_page()
    blocked = block_network(page.context, (harness.rsplit("/", 1)[0],))
    page.goto(harness)
    page.evaluate("([href, cmi]) => launch(href, cmi)", [launch, cmi])
    page.wait_for_function(
        "() => { const f = document.getElementById('sco').contentDocument;"
        " return f && f.querySelector('form[data-quiz][data-quiz-mounted]'); }"
    )
    frame = page.locator("#sco").element_handle().content_frame()
    assert frame is not None
    return page, frame, log, blocked


def _choose(frame: Frame, index: int, choice: int) -> None:
    frame.locator(f"#quiz-{COMPOSITION.lesson_id}-{QUESTIONS[index].id} label.cl-choice").nth(choice).click()


def _wrong(index: int) -> int:
    return (QUESTIONS[index].answer + 1) % len(QUESTIONS[index].choices)


def _core(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => ({status: API.cmi.core.lesson_status, raw: API.cmi.core.score.raw,"
            " min: API.cmi.core.score.min, max: API.cmi.core.score.max})"
        )
    )


def _calls(page: Page, name: str) -> list[dict[str, Any]]:
    return [call for call in page.evaluate("lmsCalls") if call["name"] == name]


def _percent(correct: int) -> int:
    return 100 * correct // len(QUESTIONS)


def _assert_clean(log: Any, blocked: list[str]) -> None:
    assert blocked == []
    assert log.console_errors == []
    assert log.page_errors == []


def test_quiz_reports_score_and_status_and_a_relaunch_resumes(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    page, frame, log, blocked = _launch(new_page, lms, None)
    assert page.evaluate("lmsCalls[0]") == {"name": "LMSInitialize", "args": [""], "result": "true"}
    assert _core(page)["status"] == "incomplete"

    # All but the last question answered, one of them wrong: nothing to report yet.
    for index in range(len(QUESTIONS) - 1):
        _choose(frame, index, _wrong(index) if index == 1 else QUESTIONS[index].answer)
    assert _core(page)["status"] == "incomplete"
    assert _core(page)["raw"] == ""

    # The last one wrong too: 4 of 6 correct, 66 % < 80 %: failed.
    last = len(QUESTIONS) - 1
    _choose(frame, last, _wrong(last))
    correct = len(QUESTIONS) - 2
    assert 100 * correct < MASTERY * len(QUESTIONS)
    expect_core = {"status": "failed", "raw": str(_percent(correct)), "min": "0", "max": "100"}
    page.wait_for_function("() => API.cmi.core.lesson_status === 'failed'")
    assert {key: _core(page)[key] for key in expect_core} == expect_core

    # Corrected: 5 of 6, 83 % >= 80 %: passed, and committed after being set.
    _choose(frame, last, QUESTIONS[last].answer)
    correct += 1
    assert 100 * correct >= MASTERY * len(QUESTIONS)
    page.wait_for_function("() => API.cmi.core.lesson_status === 'passed'")
    assert _core(page)["raw"] == str(_percent(correct)) == "83"
    names = [call["name"] + " " + " ".join(call["args"][:1]) for call in page.evaluate("lmsCalls")]
    status_set = max(i for i, name in enumerate(names) if name == "LMSSetValue cmi.core.lesson_status")
    assert "LMSCommit " in names[status_set:]

    frame.get_by_label("학습 완료로 표시").first.check()
    state = {
        "answers": {
            question.id: _wrong(index) if index == 1 else question.answer
            for index, question in enumerate(QUESTIONS)
        },
        "learned": [QUESTIONS[0].id],
    }
    suspend = page.evaluate("API.cmi.suspend_data")
    assert json.loads(suspend) == {KEY: state}
    assert len(suspend) <= 4096
    assert frame.evaluate("key => localStorage.getItem(key)", KEY) is None  # the LMS keeps it

    # Leaving the SCO: pagehide sets exit=suspend and the session time, commits, finishes.
    page.evaluate("document.getElementById('sco').src = 'about:blank'")
    page.wait_for_function("() => lmsCalls.some(call => call.name === 'LMSFinish')")
    exits = [call["args"][1] for call in _calls(page, "LMSSetValue") if call["args"][0] == "cmi.core.exit"]
    assert exits[-1] == "suspend"
    assert len(_calls(page, "LMSFinish")) == 1
    session_times = [
        call["args"][1] for call in _calls(page, "LMSSetValue") if call["args"][0] == "cmi.core.session_time"
    ]
    assert len(session_times) == 1
    assert session_times[0].count(":") == 2
    stored = page.evaluate("storedCmi()")
    # The SCO asked for nothing its manifest entry does not list.
    course = lms[0].rsplit("/", 1)[0] + "/course/"
    assert {url for url in log.requests if url.startswith(course)} <= set(lms[2])
    _assert_clean(log, blocked)

    # Relaunch in a fresh browser (no local storage): the answers come back from suspend_data.
    page2, frame2, log2, blocked2 = _launch(new_page, lms, stored)
    for question in QUESTIONS:
        chosen = state["answers"][question.id]
        expect(
            frame2.locator(f"#quiz-{COMPOSITION.lesson_id}-{question.id} input[value='{chosen}']")
        ).to_be_checked()
    expect(frame2.get_by_label("학습 완료로 표시").first).to_be_checked()
    expect(frame2.locator("form[data-quiz] [data-score]")).to_have_text(
        f"응답 {len(QUESTIONS)}/{len(QUESTIONS)} · 정답 {correct} · 학습 완료 1"
    )
    assert _core(page2)["status"] == "passed"
    assert _core(page2)["raw"] == "83"
    _assert_clean(log2, blocked2)


def test_suspend_data_stays_within_4096_characters(new_page: Any, lms: tuple[str, str, list[str]]) -> None:
    page, frame, log, blocked = _launch(new_page, lms, None)
    _choose(frame, 0, QUESTIONS[0].answer)
    before = page.evaluate("API.cmi.suspend_data")
    assert frame.evaluate("CompositionLab.storage.set('composition-lab:big', 'x'.repeat(5000))") is False
    assert page.evaluate("API.cmi.suspend_data") == before
    _choose(frame, 1, QUESTIONS[1].answer)  # saving still works for what fits
    assert json.loads(page.evaluate("API.cmi.suspend_data"))[KEY]["answers"] == {
        QUESTIONS[0].id: QUESTIONS[0].answer,
        QUESTIONS[1].id: QUESTIONS[1].answer,
    }
    _assert_clean(log, blocked)


def test_the_api_is_found_through_the_opener(new_page: Any, lms: tuple[str, str, list[str]]) -> None:
    harness, launch, _ = lms
    page, log = new_page()
    blocked = block_network(page.context, (harness.rsplit("/", 1)[0],))
    page.goto(harness)
    page.evaluate("launch('about:blank', null)")
    with page.expect_popup() as popup_info:
        page.evaluate("href => window.open(href)", launch)
    popup = popup_info.value
    popup.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    popup.locator(f"#quiz-{COMPOSITION.lesson_id}-{QUESTIONS[0].id} label.cl-choice").nth(0).click()
    page.wait_for_function("() => lmsCalls.some(call => call.name === 'LMSInitialize')")
    assert json.loads(page.evaluate("API.cmi.suspend_data"))[KEY]["answers"] == {QUESTIONS[0].id: 0}
    _assert_clean(log, blocked)


def test_without_an_lms_the_lesson_works_and_nothing_throws(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    harness, launch, _ = lms
    page, log = new_page()
    blocked = block_network(page.context, (harness.rsplit("/", 1)[0],))
    page.goto(harness.rsplit("/", 1)[0] + "/" + launch)
    page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    for index, question in enumerate(QUESTIONS):
        _choose(page.main_frame, index, question.answer)
    expect(page.locator("form[data-quiz] [data-score]")).to_contain_text(f"정답 {len(QUESTIONS)}")
    assert json.loads(page.evaluate("key => localStorage.getItem(key)", KEY))["answers"] == {
        question.id: question.answer for question in QUESTIONS
    }
    assert page.evaluate("typeof window.API") == "undefined"
    _assert_clean(log, blocked)
