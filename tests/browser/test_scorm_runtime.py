"""The SCORM package inside a real SCORM 1.2 runtime: scorm-again's Scorm12API as the LMS.

The package is built and unzipped as an LMS would, and served over http together with
tests/harness/scorm-lms.html, which hosts the runtime as ``window.API`` and opens the SCO
(its launch page read from imsmanifest.xml) in an iframe. Every request outside that
server is blocked and collected, and must not happen.

The quiz grades the first checked answer of each question: the score and status the LMS
receives come from those, never from a later try, a mere choice of option, or a reset.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from playwright.sync_api import Frame, Page, expect

from generator.course.lab import SCRIPT_TEXTS as LAB_TEXTS
from generator.course.quiz import CHECK_LABEL, RESET_LABEL, SCRIPT_TEXTS
from generator.course.scorm_manifest import IMSCP
from generator.lessons.composition import LESSON as COMPOSITION_LESSON
from generator.lessons.events import LESSON as EVENTS_LESSON
from tests.browser.quiz_helpers import answer, checked, question, score_text, select, wrong
from tests.harness.support import HARNESS, SCORM_RUNTIME, block_network, served

COMPOSITION = COMPOSITION_LESSON.quiz

pytestmark = pytest.mark.browser

KEY = COMPOSITION.storage_key
assert EVENTS_LESSON.quiz is not None
EVENTS = EVENTS_LESSON.quiz
QUESTIONS = COMPOSITION.shown  # in the order the page shows the choices
MASTERY = 80  # mkdocs.scorm.yml's default extra.scorm_mastery


@pytest.fixture(scope="module")
def lms(
    tmp_path_factory: pytest.TempPathFactory, package_of: Callable[[str], Path]
) -> Iterator[tuple[str, str, list[str]]]:
    """(URL of the LMS harness page, the SCO's launch page relative to it, the SCO's files)."""
    root = tmp_path_factory.mktemp("lms")
    zip_path = package_of("scorm")
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(root / "course")
        manifest = ET.fromstring(archive.read("imsmanifest.xml"))
    # The composition lesson's SCO (the manifest lists the prerequisite first).
    resource = manifest.find(f".//{{{IMSCP}}}resource[@href='lessons/composition.html']")
    assert resource is not None
    shutil.copy(HARNESS / "scorm-lms.html", root)
    shutil.copy(SCORM_RUNTIME, root)
    with served(root) as url:
        files = [f"{url}course/{file.get('href')}" for file in resource.iter(f"{{{IMSCP}}}file")]
        yield url + "scorm-lms.html", f"course/{resource.get('href')}", files


def _launch(
    new_page: Any,
    lms: tuple[str, str, list[str]],
    cmi: dict[str, Any] | None,
    lesson: str = "composition",
    **options: Any,
) -> tuple[Page, Frame, Any, list[str]]:
    """Launch a lesson's SCO (by default the first lesson's) in the LMS harness."""
    harness, first, _ = lms
    launch = first.replace("lessons/composition.html", f"lessons/{lesson}.html")
    page, log = new_page(**options)
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


def _core(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => ({status: API.cmi.core.lesson_status, raw: API.cmi.core.score.raw,"
            " min: API.cmi.core.score.min, max: API.cmi.core.score.max})"
        )
    )


def _calls(page: Page, name: str) -> list[dict[str, Any]]:
    return [call for call in page.evaluate("lmsCalls") if call["name"] == name]


def _set_values(page: Page, element: str) -> list[str]:
    """Every value the SCO set for ``element``, in order."""
    return [call["args"][1] for call in _calls(page, "LMSSetValue") if call["args"][0] == element]


def _suspended(page: Page) -> Any:
    """The quiz's state as the LMS keeps it in cmi.suspend_data (None when it holds none)."""
    text = page.evaluate("API.cmi.suspend_data")
    return json.loads(text).get(KEY) if text else None


def _leave(page: Page) -> dict[str, Any]:
    """Unload the SCO (pagehide: LMSFinish) and return what the LMS keeps for the next launch."""
    page.evaluate("document.getElementById('sco').src = 'about:blank'")
    page.wait_for_function("() => lmsCalls.some(call => call.name === 'LMSFinish')")
    return dict(page.evaluate("storedCmi()"))


def _percent(correct: int) -> int:
    return 100 * correct // len(QUESTIONS)


def _assert_clean(log: Any, blocked: list[str]) -> None:
    assert blocked == []
    assert log.console_errors == []
    assert log.page_errors == []


def test_quiz_reports_the_first_answers_and_a_relaunch_resumes(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    page, frame, log, blocked = _launch(new_page, lms, None)
    assert page.evaluate("lmsCalls[0]") == {"name": "LMSInitialize", "args": [""], "result": "true"}
    assert _core(page)["status"] == "incomplete"
    result_line = frame.locator("form[data-quiz] [data-lms-result]")
    expect(result_line).to_have_text(SCRIPT_TEXTS["lms-mastery"].format(mastery=MASTERY))

    # Choosing options, by click or arrow key, grades nothing and sends the LMS nothing.
    calls = len(page.evaluate("lmsCalls"))
    select(frame, 0, wrong(0))
    question(frame, 1).locator("input[type=radio]").first.focus()
    frame.page.keyboard.press("Space")
    frame.page.keyboard.press("ArrowDown")
    assert checked(frame, 1) == ["1"]
    assert len(page.evaluate("lmsCalls")) == calls
    assert page.evaluate("API.cmi.suspend_data") == ""
    expect(frame.locator("form[data-quiz] [data-score]")).to_have_text(score_text(0, 0, 0))

    # All but the last question checked, one of them wrong: nothing to report yet.
    for index in range(len(QUESTIONS) - 1):
        answer(frame, index, wrong(index) if index == 1 else QUESTIONS[index].answer)
    assert _core(page)["status"] == "incomplete"
    assert _core(page)["raw"] == ""

    # The last one right: all first answers but one correct, at least 80 %: passed.
    last = len(QUESTIONS) - 1
    answer(frame, last, QUESTIONS[last].answer)
    correct = len(QUESTIONS) - 1
    assert 100 * correct >= MASTERY * len(QUESTIONS)
    page.wait_for_function("() => API.cmi.core.lesson_status === 'passed'")
    assert _core(page) == {"status": "passed", "raw": str(_percent(correct)), "min": "0", "max": "100"}
    passed = SCRIPT_TEXTS["lms-passed"].format(raw=_percent(correct), mastery=MASTERY)
    expect(result_line).to_have_text(passed)
    assert _percent(correct) >= MASTERY
    names = [call["name"] + " " + " ".join(call["args"][:1]) for call in page.evaluate("lmsCalls")]
    status_set = max(i for i, name in enumerate(names) if name == "LMSSetValue cmi.core.lesson_status")
    assert "LMSCommit " in names[status_set:]

    # Later tries show their own feedback; the LMS is told nothing new, up or down.
    reported = (_set_values(page, "cmi.core.score.raw"), _set_values(page, "cmi.core.lesson_status"))
    answer(frame, 1, QUESTIONS[1].answer)
    expect(question(frame, 1).locator("[data-feedback]")).to_have_text(
        SCRIPT_TEXTS["correct"] + " " + SCRIPT_TEXTS["first-wrong"]
    )
    answer(frame, 0, wrong(0))
    expect(question(frame, 0).locator("[data-feedback]")).to_have_text(
        SCRIPT_TEXTS["wrong"] + " " + SCRIPT_TEXTS["first-correct"]
    )
    expect(frame.locator("form[data-quiz] [data-score]")).to_have_text(score_text(len(QUESTIONS), correct, 0))
    assert _core(page)["status"] == "passed"
    assert _core(page)["raw"] == str(_percent(correct))
    assert (_set_values(page, "cmi.core.score.raw"), _set_values(page, "cmi.core.lesson_status")) == reported

    question(frame, 0).get_by_label("학습 완료로 표시").check()
    first = {
        question.id: wrong(index) if index == 1 else question.answer
        for index, question in enumerate(QUESTIONS)
    }
    state = {
        "first": first,
        "last": {**first, QUESTIONS[0].id: wrong(0), QUESTIONS[1].id: QUESTIONS[1].answer},
        "learned": [QUESTIONS[0].id],
    }
    suspend = page.evaluate("API.cmi.suspend_data")
    assert json.loads(suspend) == {KEY: state}
    assert len(suspend) <= 4096
    assert frame.evaluate("key => localStorage.getItem(key)", KEY) is None  # the LMS keeps it

    # Leaving the SCO: pagehide sets exit=suspend and the session time, commits, finishes.
    stored = _leave(page)
    assert _set_values(page, "cmi.core.exit")[-1] == "suspend"
    assert len(_calls(page, "LMSFinish")) == 1
    session_times = _set_values(page, "cmi.core.session_time")
    assert len(session_times) == 1
    assert session_times[0].count(":") == 2
    # The SCO asked for nothing its manifest entry does not list.
    course = lms[0].rsplit("/", 1)[0] + "/course/"
    assert {url for url in log.requests if url.startswith(course)} <= set(lms[2])
    _assert_clean(log, blocked)

    # Relaunch in a fresh browser (no local storage): first and last answers come back
    # from suspend_data, the radios show the latest tries, the score the first answers.
    page2, frame2, log2, blocked2 = _launch(new_page, lms, stored)
    for index, question_data in enumerate(QUESTIONS):
        assert checked(frame2, index) == [str(state["last"][question_data.id])]
    expect(question(frame2, 0).locator("[data-feedback]")).to_have_text(
        SCRIPT_TEXTS["wrong"] + " " + SCRIPT_TEXTS["first-correct"]
    )
    expect(frame2.get_by_label("학습 완료로 표시").first).to_be_checked()
    expect(frame2.locator("form[data-quiz] [data-score]")).to_have_text(
        score_text(len(QUESTIONS), correct, 1)
    )
    assert _core(page2)["status"] == "passed"
    assert _core(page2)["raw"] == str(_percent(len(QUESTIONS) - 1))
    _assert_clean(log2, blocked2)


def test_a_failed_attempt_says_its_result_and_that_a_new_attempt_is_needed(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    page, frame, log, blocked = _launch(new_page, lms, None)
    for index in range(len(QUESTIONS)):
        answer(frame, index, wrong(index))
    page.wait_for_function("() => API.cmi.core.lesson_status === 'failed'")
    line = frame.locator("form[data-quiz] [data-lms-result]")
    expect(line).to_have_text(SCRIPT_TEXTS["lms-failed"].format(raw=0, mastery=MASTERY))
    expect(line).to_contain_text("LMS에서 새 시도")
    _assert_clean(log, blocked)


def test_the_glossary_opens_beside_the_sco_which_keeps_its_session(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    page, frame, log, blocked = _launch(new_page, lms, None)
    calls = len(page.evaluate("lmsCalls"))
    with page.context.expect_page() as opened:
        frame.locator("article a[href^='../glossary.html']").first.click()
    glossary = opened.value
    glossary.wait_for_load_state()
    assert glossary.url.split("#")[0].endswith("course/glossary.html")
    expect(glossary.locator("article table.cl-table")).to_be_visible()
    assert glossary.evaluate("window.opener") is None
    # The SCO is still loaded and has told the LMS nothing: no finish, no second session.
    expect(frame.locator("form[data-quiz][data-quiz-mounted]")).to_have_count(1)
    assert [call["name"] for call in page.evaluate("lmsCalls")[calls:]] == []
    _assert_clean(log, blocked)


def test_reset_in_the_lms_never_turns_passed_into_failed(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    page, frame, log, blocked = _launch(new_page, lms, None)
    reset = frame.get_by_role("button", name=RESET_LABEL)
    reset_note = frame.locator("form[data-quiz] [data-reset-note]")
    score = frame.locator("form[data-quiz] [data-score]")

    # Before the result is reported, a reset starts a new attempt here too.
    answer(frame, 0, wrong(0))
    expect(reset_note).to_be_hidden()
    reset.click()
    expect(score).to_have_text(score_text(0, 0, 0))
    assert _suspended(page) is None
    assert _core(page)["status"] == "incomplete"

    for index, question_data in enumerate(QUESTIONS):
        answer(frame, index, question_data.answer)
    page.wait_for_function("() => API.cmi.core.lesson_status === 'passed'")
    assert _core(page)["raw"] == "100"
    expect(reset_note).to_have_text(SCRIPT_TEXTS["reset-keeps"])
    question(frame, 2).get_by_label("학습 완료로 표시").check()

    # Reported: the reset clears the choices for practice; first answers, score, status stay.
    reset.click()
    expect(frame.locator("form[data-quiz] input[type=radio]:checked")).to_have_count(0)
    for index in range(len(QUESTIONS)):
        expect(question(frame, index).locator("[data-feedback]")).to_have_text(SCRIPT_TEXTS["first-correct"])
    expect(score).to_have_text(score_text(len(QUESTIONS), len(QUESTIONS), 1))
    first = {question_data.id: question_data.answer for question_data in QUESTIONS}
    assert _suspended(page) == {"first": first, "last": {}, "learned": [QUESTIONS[2].id]}
    answer(frame, 0, wrong(0))  # practice after the reset: feedback only
    expect(question(frame, 0).locator("[data-feedback]")).to_have_text(
        SCRIPT_TEXTS["wrong"] + " " + SCRIPT_TEXTS["first-correct"]
    )
    assert _core(page)["status"] == "passed"
    assert _core(page)["raw"] == "100"

    # A relaunch keeps the rule: the restored result is reported, and a reset keeps it.
    stored = _leave(page)
    _assert_clean(log, blocked)
    page2, frame2, log2, blocked2 = _launch(new_page, lms, stored)
    expect(frame2.locator("form[data-quiz] [data-reset-note]")).to_have_text(SCRIPT_TEXTS["reset-keeps"])
    frame2.get_by_role("button", name=RESET_LABEL).click()
    expect(frame2.locator("form[data-quiz] [data-score]")).to_have_text(
        score_text(len(QUESTIONS), len(QUESTIONS), 1)
    )
    assert _suspended(page2) == {"first": first, "last": {}, "learned": [QUESTIONS[2].id]}
    assert _core(page2)["status"] == "passed"
    assert _core(page2)["raw"] == "100"
    for session in (page, page2):
        assert "failed" not in _set_values(session, "cmi.core.lesson_status")
        assert set(_set_values(session, "cmi.core.score.raw")) == {"100"}
    _assert_clean(log2, blocked2)


def test_suspend_data_stays_within_4096_characters(new_page: Any, lms: tuple[str, str, list[str]]) -> None:
    page, frame, log, blocked = _launch(new_page, lms, None)
    # The largest state this quiz can save: every question first-answered and last-answered
    # (with another choice), and every question marked as learned.
    for index, question_data in enumerate(QUESTIONS):
        answer(frame, index, len(question_data.choices) - 1)
        answer(frame, index, 0)
        question(frame, index).get_by_label("학습 완료로 표시").check()
    largest = {
        "first": {question_data.id: len(question_data.choices) - 1 for question_data in QUESTIONS},
        "last": {question_data.id: 0 for question_data in QUESTIONS},
        "learned": [question_data.id for question_data in QUESTIONS],
    }
    suspend = page.evaluate("API.cmi.suspend_data")
    # Written in question order, so the text itself is known.
    assert suspend == json.dumps({KEY: largest}, separators=(",", ":"))
    assert len(suspend) <= 4096

    # A write that would pass the limit is refused, and the LMS keeps the last text that fit.
    assert frame.evaluate("CompositionLab.storage.set('composition-lab:big', 'x'.repeat(5000))") is False
    assert page.evaluate("API.cmi.suspend_data") == suspend
    question(frame, 0).get_by_label("학습 완료로 표시").uncheck()  # saving still works for what fits
    assert _suspended(page) == {**largest, "learned": [question_data.id for question_data in QUESTIONS[1:]]}
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
    answer(popup, 0, 0)
    page.wait_for_function("() => lmsCalls.some(call => call.name === 'LMSInitialize')")
    assert _suspended(page) == {"first": {QUESTIONS[0].id: 0}, "last": {QUESTIONS[0].id: 0}, "learned": []}
    _assert_clean(log, blocked)


def test_without_an_lms_the_lesson_works_and_nothing_throws(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    harness, launch, _ = lms
    page, log = new_page()
    blocked = block_network(page.context, (harness.rsplit("/", 1)[0],))
    page.goto(harness.rsplit("/", 1)[0] + "/" + launch)
    page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    for index, question_data in enumerate(QUESTIONS):
        answer(page, index, question_data.answer)
    expect(page.locator("form[data-quiz] [data-score]")).to_have_text(
        score_text(len(QUESTIONS), len(QUESTIONS), 0)
    )
    assert json.loads(page.evaluate("key => localStorage.getItem(key)", KEY))["first"] == {
        question_data.id: question_data.answer for question_data in QUESTIONS
    }
    assert page.evaluate("typeof window.API") == "undefined"
    # Nothing reports this result, so "다시 풀기" starts over even with every question answered.
    expect(page.locator("form[data-quiz] [data-reset-note]")).to_be_hidden()
    page.get_by_role("button", name=RESET_LABEL).click()
    expect(page.locator("form[data-quiz] [data-score]")).to_have_text(score_text(0, 0, 0))
    assert page.evaluate("key => localStorage.getItem(key)", KEY) is None
    _assert_clean(log, blocked)


# Every control of the lesson that a learner may press and that could leave the page: its
# links (cards' "실험실에서 열기", the table of contents, heading permalinks, footnotes, …)
# and the lab's preset buttons.
LINKS = "article a[href], [data-md-type='toc'] a[href]"
PRESETS = "[data-preset]"


def test_the_sco_survives_every_click_and_still_reports(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    # Wide enough for the table of contents beside the lesson.
    page, frame, log, blocked = _launch(new_page, lms, None, viewport={"width": 1400, "height": 1000})
    navigations: list[str] = []
    page.on(
        "request",
        lambda request: (
            navigations.append(request.url)
            if request.is_navigation_request() and request.frame == frame
            else None
        ),
    )
    # Set on this document only: a reload of the SCO would lose it. Every navigation the
    # document starts fires its `navigate` event (the Navigation API) before it begins, in
    # the click's own task, so one that would leave the document is seen by the next
    # evaluate, with no waiting.
    frame.evaluate(
        """() => {
          window.clSameDocument = true;
          window.clLeaving = [];
          navigation.addEventListener('navigate', (event) => {
            if (!event.destination.sameDocument) window.clLeaving.push(event.destination.url);
          });
        }"""
    )
    frame.evaluate(
        "document.querySelectorAll('article details').forEach(details => { details.open = true; })"
    )

    def assert_same_sco(what: str) -> None:
        assert frame.evaluate("window.clLeaving") == [], f"{what} left the SCO"
        assert navigations == [], f"{what} loaded {navigations}"
        assert frame.evaluate("window.clSameDocument === true"), f"{what} reloaded the SCO"
        assert len(_calls(page, "LMSInitialize")) == 1, what
        assert _calls(page, "LMSFinish") == [], what

    links = frame.locator(LINKS)
    hrefs = links.evaluate_all("links => links.map(link => link.getAttribute('href'))")
    assert any(href.startswith("?") and href.endswith("#lab") for href in hrefs), "a card links to the lab"
    assert any(href.startswith("#") for href in hrefs)

    def click(link: Any) -> None:
        if link.is_visible():
            link.click()
        else:  # in a step of the stepper not shown now: the same click event, dispatched
            link.dispatch_event("click")

    for index, href in enumerate(hrefs):
        link = links.nth(index)
        history = frame.evaluate("history.length")
        if link.get_attribute("target") == "_blank":
            # Another page of the course (the glossary) opens in a window of its own, and
            # that window is closed at once: left in front, it would throttle the SCO's
            # rendering, and each later click would wait seconds for its target to settle.
            with page.expect_popup() as popup:
                click(link)
            popup.value.close()
            page.bring_to_front()
        else:
            click(link)
        assert_same_sco(f"link {index} ({href})")
        if href.endswith("#lab"):  # inside the LMS the lab replaces its history entry
            assert frame.evaluate("history.length") == history, href
    presets = frame.locator(PRESETS)
    assert presets.count() > 0
    history = frame.evaluate("history.length")
    for index in range(presets.count()):
        preset = presets.nth(index)
        click(preset)
        assert_same_sco(f"preset {index} ({preset.get_attribute('data-preset')})")
    assert frame.evaluate("history.length") == history  # the host's back button stays clean

    # The same session still reports the quiz, and a relaunch restores what it reported.
    for index, question_data in enumerate(QUESTIONS):
        answer(frame, index, wrong(index) if index == 1 else question_data.answer)
    page.wait_for_function("() => API.cmi.core.lesson_status === 'passed'")
    assert _core(page)["raw"] == str(_percent(len(QUESTIONS) - 1))
    assert_same_sco("answering the quiz")
    stored = _leave(page)
    assert len(_calls(page, "LMSFinish")) == 1
    _assert_clean(log, blocked)

    page2, frame2, log2, blocked2 = _launch(new_page, lms, stored)
    assert _core(page2) == {
        "status": "passed",
        "raw": str(_percent(len(QUESTIONS) - 1)),
        "min": "0",
        "max": "100",
    }
    expect(frame2.locator("form[data-quiz] [data-score]")).to_have_text(
        score_text(len(QUESTIONS), len(QUESTIONS) - 1, 0)
    )
    _assert_clean(log2, blocked2)


def test_the_events_lesson_is_its_own_sco_with_its_own_score(
    new_page: Any, lms: tuple[str, str, list[str]]
) -> None:
    """Each lesson is one SCO: the events lesson launches on its own, unlinked from the other
    lesson, and reports its own quiz's score."""
    page, frame, log, blocked = _launch(new_page, lms, None, lesson="events")
    frame.wait_for_selector("#events-lab[data-lab-mounted]", state="attached")
    assert frame.locator('a[href*="composition.html"]').count() == 0
    assert frame.locator(".cl-unlinked").count() > 0
    questions = EVENTS.shown  # the choices in the order the page shows them
    for item in questions:
        fieldset = frame.locator(f"#quiz-{EVENTS.lesson_id}-{item.id}")
        fieldset.locator("label.cl-choice").nth(item.answer).click()
        fieldset.get_by_role("button", name=CHECK_LABEL).click()
    page.wait_for_function("() => API.cmi.core.lesson_status === 'passed'")
    assert _core(page) == {"status": "passed", "raw": "100", "min": "0", "max": "100"}
    stored = json.loads(page.evaluate("API.cmi.suspend_data"))
    assert list(stored) == [EVENTS.storage_key]
    _assert_clean(log, blocked)


def test_copy_link_gives_the_state_inside_the_lms(new_page: Any, lms: tuple[str, str, list[str]]) -> None:
    """The LMS's frame shows no address: the lab's button puts the link to its state into
    its field, copied (the harness's frame has no clipboard permission: the browser's copy
    command then does it) or left selected for the learner to copy."""
    _, frame, log, blocked = _launch(new_page, lms, None, viewport={"width": 390, "height": 800})
    frame.wait_for_selector("#lab[data-lab-mounted]", state="attached")
    frame.locator('#lab [data-field="k"] input').fill("12")
    frame.locator("#lab [data-lab-copy]").click()
    link = frame.locator("#lab [data-lab-link]")
    expect(link).to_be_visible()
    expected = (
        frame.evaluate("location.href.split('?')[0]") + "?mode=fresh&k=12&p=75&alpha=3.0&delta=0&alpha0=3.0"
    )
    expect(link).to_have_value(expected)
    status = frame.locator("#lab [data-lab-copy-status]")
    expect(status).not_to_have_text("")
    assert status.text_content() in (LAB_TEXTS["link-copied"], LAB_TEXTS["link-select"])
    if status.text_content() == LAB_TEXTS["link-select"]:
        assert frame.evaluate("() => String(getSelection()) || document.activeElement.value") == expected
    # the link opens the same state outside the LMS
    other, _ = new_page()
    other.goto(expected)
    other.wait_for_selector("#lab[data-lab-mounted]", state="attached")
    expect(other.locator('#lab [data-out="delta-required"]')).to_have_attribute(
        "data-exact", frame.locator('#lab [data-out="delta-required"]').get_attribute("data-exact") or ""
    )
    assert blocked == []
    assert log.page_errors == []
