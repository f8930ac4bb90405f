"""The built lesson in Debian chromium, over http://127.0.0.1 and over file://.

Every test opens the lesson in a fresh browser context (fresh storage) and ends by
checking the page's log: no request left the origin, nothing was logged as an error,
nothing threw. Screenshots go to /tmp/shots/ for a person to look at.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from generator.course.quiz import CHECK_LABEL, RESET_LABEL, SCRIPT_TEXTS
from generator.lessons.composition import LESSON as COMPOSITION_LESSON
from tests.browser.quiz_helpers import answer as _choose  # choose an option and check it
from tests.browser.quiz_helpers import check, checked, score_text, select
from tests.browser.quiz_helpers import question as _question
from tests.browser.quiz_helpers import wrong as _wrong
from tests.conftest import LESSON_PAGE

COMPOSITION = COMPOSITION_LESSON.quiz

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")
KEY = COMPOSITION.storage_key
QUESTIONS = COMPOSITION.shown  # in the order the page shows the choices
# The search term: a word the lesson uses ("post-processing"), not one in the nav.
SEARCH_TERM = "후처리"

# Storage that refuses every access, as in a sandboxed iframe or with site data blocked.
# The exception names who touched storage, so a failure tells Material's own helpers
# (__md_get, guarded in site_overrides/partials/javascripts/base.html) from anything else.
STORAGE_THROWS = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() {
    const caller = /__md_get/.test(new Error().stack) ? "__md_get" : "other";
    throw new DOMException("storage denied to " + caller, "SecurityError");
  },
});
"""
# Storage that reads but refuses to write, as with a full quota.
STORAGE_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException("quota exceeded", "QuotaExceededError");
};
"""


def open_lesson(new_page: Any, url: str, init_script: str | None = None, **options: Any) -> tuple[Page, Any]:
    page, log = new_page(**options)
    if init_script:
        page.context.add_init_script(init_script)
    page.goto(url)
    page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    return page, log


def assert_clean(log: Any, origin: str) -> None:
    assert log.foreign_requests(origin) == []
    assert log.console_errors == []
    assert log.page_errors == []


# ---------- stepper ----------


def test_stepper_by_mouse_and_keyboard(new_page: Any, lesson: tuple[str, str]) -> None:
    url, origin = lesson
    page, log = open_lesson(new_page, url)
    stepper = page.locator("[data-stepper='concept']")
    steps = stepper.locator(":scope > .cl-step")
    top = stepper.locator(".cl-stepper-controls:not(.cl-stepper-controls--end)")
    status = top.locator(".cl-stepper-status")
    previous = top.get_by_role("button", name="이전")
    following = top.get_by_role("button", name="다음")
    assert steps.count() == 4

    def assert_at(number: int) -> None:
        expect(status).to_have_text(f"{number} / 4")
        for index in range(4):
            if index == number - 1:
                expect(steps.nth(index)).to_be_visible()
            else:
                expect(steps.nth(index)).to_be_hidden()

    expect(stepper).to_have_attribute("role", "region")
    expect(stepper).to_have_attribute("aria-label", "단계별 설명")
    expect(status).to_have_attribute("aria-live", "polite")
    assert_at(1)
    expect(previous).to_be_disabled()

    following.click()
    assert_at(2)
    expect(previous).to_be_enabled()

    # Focus is on 다음, inside the stepper: the arrow keys move between steps.
    page.keyboard.press("ArrowRight")
    assert_at(3)
    page.keyboard.press("ArrowLeft")
    assert_at(2)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert_at(4)
    expect(following).to_be_disabled()
    expect(previous).to_be_focused()  # focus was handed over, not dropped to <body>
    page.keyboard.press("ArrowRight")
    assert_at(4)

    previous.click()
    assert_at(3)

    # Outside the stepper the arrow keys are the page's own.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")
    assert_at(3)
    assert_clean(log, origin)


def test_the_controls_after_a_long_step_show_the_next_from_its_top(new_page: Any, site_url: str) -> None:
    page, log = new_page(viewport={"width": 390, "height": 844})
    page.goto(site_url + LESSON_PAGE)
    stepper = page.locator("[data-stepper='concept']")
    steps = stepper.locator(":scope > .cl-step")
    end = stepper.locator(".cl-stepper-controls--end")
    expect(end.locator(".cl-stepper-status")).to_have_text("1 / 4")
    expect(end.get_by_role("button", name="이전")).to_be_disabled()
    expect(end.get_by_role("link", name="이론으로 넘어가기")).to_be_hidden()
    for number in (2, 3, 4):
        end.get_by_role("button", name="다음").click()
        expect(steps.nth(number - 1)).to_be_visible()
        expect(steps.nth(number - 1)).to_be_focused()
        top_status = stepper.locator(".cl-stepper-controls:not(.cl-stepper-controls--end) .cl-stepper-status")
        expect(top_status).to_have_text(f"{number} / 4")
        # The step is shown from its top: the stepper's top edge is on the screen, below the header.
        top = page.evaluate("document.querySelector('[data-stepper=concept]').getBoundingClientRect().top")
        assert 0 <= top < 200, top
    expect(end.get_by_role("button", name="다음")).to_be_hidden()
    onward = end.get_by_role("link", name="이론으로 넘어가기")
    expect(onward).to_be_visible()
    onward.click()
    expect(page).to_have_url(re.compile(r"#theory$"))
    theory = page.evaluate("document.getElementById('theory').getBoundingClientRect().top")
    assert 0 <= theory < 200, theory
    end.get_by_role("button", name="이전").click()
    expect(steps.nth(2)).to_be_visible()
    assert_clean(log, site_url)


def test_the_scheme_follows_the_system_and_the_toggle_is_remembered(new_page: Any, site_url: str) -> None:
    scheme = "document.body.dataset.mdColorScheme"
    dark, _ = new_page(color_scheme="dark")
    dark.goto(site_url + LESSON_PAGE)
    assert dark.evaluate(scheme) == "slate"
    page, log = new_page(color_scheme="light")
    page.goto(site_url + LESSON_PAGE)
    assert page.evaluate(scheme) == "default"
    page.get_by_title("어두운 화면으로 바꾸기").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    page.goto(site_url + "lessons/events.html")
    assert page.evaluate(scheme) == "slate", "the choice holds on the next page"
    page.get_by_title("밝은 화면으로 바꾸기").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    assert_clean(log, site_url)


# The colour of the lesson's text and of its page's background, as numbers 0..255.
_INK = """() => {
  const rgb = (text) => text.match(/[0-9.]+/g).slice(0, 3).map(Number);
  const body = getComputedStyle(document.body);
  const prose = getComputedStyle(document.querySelector('.md-typeset p'));
  return { ink: rgb(prose.color), paper: rgb(body.backgroundColor) };
}"""


def test_a_dark_screen_prints_dark_text_on_white(new_page: Any, site_url: str) -> None:
    page, _ = new_page(color_scheme="dark")
    page.goto(site_url + LESSON_PAGE)
    screen = page.evaluate(_INK)
    assert min(screen["ink"]) > 150, "on screen the dark scheme's text is light"
    page.emulate_media(media="print")
    printed = page.evaluate(_INK)
    assert max(printed["ink"]) < 80, printed
    assert min(printed["paper"]) == 255, printed


def test_without_javascript_every_step_and_answer_is_readable(
    new_page: Any, site_url: str, built_site: Path
) -> None:
    page, log = new_page(java_script_enabled=False)
    page.goto(site_url + LESSON_PAGE)
    steps = page.locator("[data-stepper] > .cl-step")
    assert steps.count() == 4
    for index in range(4):
        expect(steps.nth(index)).to_be_visible()
    expect(page.locator(".cl-stepper-controls")).to_have_count(0)
    explanations = page.locator("form[data-quiz] details[data-explanation]")
    expect(explanations).to_have_count(len(QUESTIONS))
    explanations.first.locator("summary").click()
    expect(explanations.first).to_contain_text("정답:")
    expect(page.locator("form[data-quiz] [data-score]")).to_be_hidden()
    assert_clean(log, site_url)


# ---------- quiz ----------


def _score(page: Page) -> Locator:
    return page.locator("form[data-quiz] [data-score]")


def _stored(page: Page) -> Any:
    text = page.evaluate("key => localStorage.getItem(key)", KEY)
    return None if text is None else json.loads(text)


def _storage_note(page: Page) -> Locator:
    return page.locator("form[data-quiz] [data-storage-note]")


def _record_quiz_events(page: Page) -> None:
    page.evaluate(
        "window.quizEvents = [];"
        "document.addEventListener('cl:quiz-change', event => window.quizEvents.push(event.detail));"
    )


def test_quiz_answers_and_marks_survive_a_reload_and_reset_clears_them(
    new_page: Any, lesson: tuple[str, str]
) -> None:
    url, origin = lesson
    page, log = open_lesson(new_page, url)
    _record_quiz_events(page)
    first, second = _question(page, 0), _question(page, 1)
    expect(first.locator("[data-explanation]")).to_be_hidden()
    expect(_score(page)).to_have_text(score_text(0, 0, 0))

    _choose(page, 0, QUESTIONS[0].answer)
    _choose(page, 1, _wrong(1))
    first.get_by_label("학습 완료로 표시").check()

    expect(first.locator("[data-feedback]")).to_have_text(SCRIPT_TEXTS["correct"])
    expect(second.locator("[data-feedback]")).to_have_text(SCRIPT_TEXTS["wrong"])
    expect(first.locator("details[data-explanation][open]")).to_be_visible()
    expect(second.locator("details[data-explanation][open]")).to_be_visible()
    expect(_question(page, 2).locator("[data-explanation]")).to_be_hidden()
    expect(_score(page)).to_have_text(score_text(2, 1, 1))
    expected_state = {
        "first": {QUESTIONS[0].id: QUESTIONS[0].answer, QUESTIONS[1].id: _wrong(1)},
        "last": {QUESTIONS[0].id: QUESTIONS[0].answer, QUESTIONS[1].id: _wrong(1)},
        "learned": [QUESTIONS[0].id],
    }
    assert _stored(page) == expected_state
    assert page.evaluate("window.quizEvents.at(-1)") == {
        "lessonId": "composition",
        "answered": 2,
        "correct": 1,
        "learned": 1,
        "total": len(QUESTIONS),
        "state": expected_state,
    }

    # A second try at the wrong one: new feedback, the same score.
    _choose(page, 1, QUESTIONS[1].answer)
    retried = SCRIPT_TEXTS["correct"] + " " + SCRIPT_TEXTS["first-wrong"]
    expect(second.locator("[data-feedback]")).to_have_text(retried)
    expect(_score(page)).to_have_text(score_text(2, 1, 1))
    expected_state["last"][QUESTIONS[1].id] = QUESTIONS[1].answer
    assert _stored(page) == expected_state

    page.reload()
    page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    first, second = _question(page, 0), _question(page, 1)
    assert checked(page, 0) == [str(QUESTIONS[0].answer)]
    assert checked(page, 1) == [str(QUESTIONS[1].answer)]  # the latest try
    expect(first.get_by_label("학습 완료로 표시")).to_be_checked()
    expect(second.get_by_label("학습 완료로 표시")).not_to_be_checked()
    expect(second.locator("[data-feedback]")).to_have_text(retried)
    expect(_score(page)).to_have_text(score_text(2, 1, 1))
    expect(_storage_note(page)).not_to_contain_text(SCRIPT_TEXTS["discarded"])

    # Outside an LMS, "다시 풀기" starts a new attempt: first answers go too.
    expect(page.locator("form[data-quiz] [data-reset-note]")).to_be_hidden()
    page.get_by_role("button", name=RESET_LABEL).click()
    expect(page.locator("form[data-quiz] input:checked")).to_have_count(0)
    expect(first.locator("[data-explanation]")).to_be_hidden()
    expect(first.locator("[data-feedback]")).to_have_text("")
    expect(_score(page)).to_have_text(score_text(0, 0, 0))
    assert _stored(page) is None
    _choose(page, 1, QUESTIONS[1].answer)  # now graded as a first answer
    expect(second.locator("[data-feedback]")).to_have_text(SCRIPT_TEXTS["correct"])
    expect(_score(page)).to_have_text(score_text(1, 1, 0))
    page.get_by_role("button", name=RESET_LABEL).click()

    page.reload()
    page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
    expect(page.locator("form[data-quiz] input:checked")).to_have_count(0)
    assert_clean(log, origin)


def test_choosing_grades_nothing_and_the_keyboard_reads_every_option_before_checking(
    new_page: Any, site_url: str, built_site: Path
) -> None:
    page, log = open_lesson(new_page, site_url + LESSON_PAGE)
    _record_quiz_events(page)

    # A click on an option only chooses it.
    select(page, 0, QUESTIONS[0].answer)
    assert checked(page, 0) == [str(QUESTIONS[0].answer)]
    expect(_question(page, 0).locator("[data-feedback]")).to_have_text("")
    expect(_question(page, 0).locator("[data-explanation]")).to_be_hidden()
    expect(_question(page, 0)).to_have_attribute("data-state", "open")

    # The arrow keys move the choice through every option and back, grading nothing.
    target = 1
    radios = _question(page, target).locator("input[type=radio]")
    count = len(QUESTIONS[target].choices)
    radios.first.focus()
    page.keyboard.press("Space")
    for step in range(1, count + 2):
        page.keyboard.press("ArrowDown")
        assert checked(page, target) == [str(step % count)]
        expect(_question(page, target).locator("[data-feedback]")).to_have_text("")
    page.keyboard.press("ArrowUp")
    assert checked(page, target) == ["0"]
    expect(_score(page)).to_have_text(score_text(0, 0, 0))
    assert page.evaluate("window.quizEvents") == []
    assert _stored(page) is None

    # Checking with nothing chosen says what to do, and commits nothing.
    check(page, 2)
    expect(_question(page, 2).locator("[data-feedback]")).to_have_text(SCRIPT_TEXTS["choose"])
    assert page.evaluate("window.quizEvents") == []

    # Tab leads from the options to the check button, which Enter presses.
    radios.first.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    button = _question(page, target).get_by_role("button", name=CHECK_LABEL)
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    right = QUESTIONS[target].answer == 1
    expect(_question(page, target).locator("[data-feedback]")).to_have_text(
        SCRIPT_TEXTS["correct" if right else "wrong"]
    )
    expect(_question(page, target).locator("[data-feedback]")).to_have_attribute("aria-live", "polite")
    expect(_score(page)).to_have_text(score_text(1, int(right), 0))
    assert _stored(page) == {
        "first": {QUESTIONS[target].id: 1},
        "last": {QUESTIONS[target].id: 1},
        "learned": [],
    }
    # The other question's choice, never checked, is still chosen and still ungraded.
    assert checked(page, 0) == [str(QUESTIONS[0].answer)]
    expect(_question(page, 0).locator("[data-feedback]")).to_have_text("")
    assert page.evaluate("window.quizEvents.length") == 1
    assert_clean(log, site_url)


def test_only_the_first_checked_answer_is_graded(new_page: Any, site_url: str, built_site: Path) -> None:
    page, log = open_lesson(new_page, site_url + LESSON_PAGE)
    feedback = _question(page, 0).locator("[data-feedback]")
    _choose(page, 0, _wrong(0))
    expect(feedback).to_have_text(SCRIPT_TEXTS["wrong"])
    expect(_score(page)).to_have_text(score_text(1, 0, 0))

    # Right on the second try: the reader is told so, and that the score keeps the first.
    _choose(page, 0, QUESTIONS[0].answer)
    expect(feedback).to_have_text(SCRIPT_TEXTS["correct"] + " " + SCRIPT_TEXTS["first-wrong"])
    expect(_question(page, 0)).to_have_attribute("data-state", "correct")
    labels = _question(page, 0).locator("label.cl-choice")
    expect(labels.nth(QUESTIONS[0].answer)).to_have_class("cl-choice cl-choice--correct")
    expect(labels.nth(_wrong(0))).to_have_class("cl-choice")
    expect(_score(page)).to_have_text(score_text(1, 0, 0))

    # Back to the first answer: its own feedback only.
    _choose(page, 0, _wrong(0))
    expect(feedback).to_have_text(SCRIPT_TEXTS["wrong"])
    expect(_score(page)).to_have_text(score_text(1, 0, 0))
    assert _stored(page) == {
        "first": {QUESTIONS[0].id: _wrong(0)},
        "last": {QUESTIONS[0].id: _wrong(0)},
        "learned": [],
    }

    # And the other way round: a right first answer stays counted after a wrong try.
    _choose(page, 1, QUESTIONS[1].answer)
    _choose(page, 1, _wrong(1))
    expect(_question(page, 1).locator("[data-feedback]")).to_have_text(
        SCRIPT_TEXTS["wrong"] + " " + SCRIPT_TEXTS["first-correct"]
    )
    expect(_score(page)).to_have_text(score_text(2, 1, 0))
    assert_clean(log, site_url)


@pytest.mark.parametrize("init_script", [STORAGE_THROWS, STORAGE_FULL], ids=["access-throws", "writes-throw"])
def test_quiz_works_when_storage_fails(new_page: Any, lesson: tuple[str, str], init_script: str) -> None:
    url, origin = lesson
    page, log = open_lesson(new_page, url, init_script)
    _choose(page, 0, QUESTIONS[0].answer)
    _choose(page, 2, _wrong(2))
    _question(page, 2).get_by_label("학습 완료로 표시").check()
    expect(_question(page, 0).locator("[data-feedback]")).to_have_text(SCRIPT_TEXTS["correct"])
    expect(_question(page, 2).locator("details[data-explanation][open]")).to_be_visible()
    expect(_score(page)).to_have_text(score_text(2, 1, 1))
    expect(page.locator("[data-storage-note]")).to_have_text(SCRIPT_TEXTS["unsaved"])

    page.get_by_role("button", name=RESET_LABEL).click()
    expect(page.locator("form[data-quiz] input:checked")).to_have_count(0)
    expect(_score(page)).to_have_text(score_text(0, 0, 0))
    # Nothing may throw, Material's own storage helpers included (guarded in our partial).
    assert_clean(log, origin)


# (stored text, first answers, last answers, learned marks) kept from it; each case
# stores something that is not wholly this quiz's state.
GARBAGE = {
    "not-json": ("{not json", {}, {}, []),
    "array": ("[1, 2, 3]", {}, {}, []),
    "string": ('"first"', {}, {}, []),
    "null": ("null", {}, {}, []),
    "first-not-an-object": ('{"first": [1], "last": {}, "learned": []}', {}, {}, []),
    "last-not-an-object": ('{"first": {}, "last": 3, "learned": []}', {}, {}, []),
    "learned-not-a-list": ('{"first": {}, "last": {}, "learned": "all"}', {}, {}, []),
    "bad-entries": (
        json.dumps(
            {
                "first": {QUESTIONS[0].id: 99, QUESTIONS[1].id: "2", QUESTIONS[2].id: 1.5, "bogus": 0},
                "last": {QUESTIONS[0].id: -1, "bogus": 0},
                "learned": ["bogus", 7],
            }
        ),
        {},
        {},
        [],
    ),
    "partly-good": (
        json.dumps(
            {
                "first": {QUESTIONS[0].id: 1, "bogus": 0},
                "last": {QUESTIONS[0].id: 2, "bogus": 0},
                "learned": [QUESTIONS[1].id, "bogus"],
            }
        ),
        {QUESTIONS[0].id: 1},
        {QUESTIONS[0].id: 2},
        [QUESTIONS[1].id],
    ),
    # A latest try with no graded first answer was never graded: dropped, not counted.
    "last-without-first": (
        json.dumps({"first": {QUESTIONS[0].id: 0}, "last": {QUESTIONS[0].id: 1, QUESTIONS[1].id: 2}}),
        {QUESTIONS[0].id: 0},
        {QUESTIONS[0].id: 1},
        [],
    ),
    # The previous version's shape: its one answer per question is no graded answer.
    "old-shape": (
        json.dumps({"answers": {QUESTIONS[0].id: 1}, "learned": [QUESTIONS[1].id]}),
        {},
        {},
        [QUESTIONS[1].id],
    ),
}


_STORED_ALONE = "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }"


def test_garbage_in_storage_is_ignored(new_page: Any, site_url: str) -> None:
    """Every stored text of GARBAGE, in one tab: the storage emptied (as a new tab's is) and
    the text stored, then the page loaded again (the quiz saves on a change only, never as
    the page goes, so the load reads what was stored)."""
    page, log = open_lesson(new_page, site_url + LESSON_PAGE)
    for case, (text, first, last, learned) in GARBAGE.items():
        page.evaluate(_STORED_ALONE, [KEY, text])
        page.reload()
        page.wait_for_selector("form[data-quiz][data-quiz-mounted]", state="attached")
        expect(page.locator("form[data-quiz] input[type=radio]:checked"), case).to_have_count(len(last))
        for index, question in enumerate(QUESTIONS):
            learned_box = _question(page, index).get_by_label("학습 완료로 표시")
            if question.id in learned:
                expect(learned_box, case).to_be_checked()
            else:
                expect(learned_box, case).not_to_be_checked()
            if question.id in last:
                assert checked(page, index) == [str(last[question.id])], case
        correct = sum(first[question.id] == question.answer for question in QUESTIONS if question.id in first)
        expect(_score(page), case).to_have_text(score_text(len(first), correct, len(learned)))

        # The reader is told, in Korean, that what was stored could not all be read.
        expect(_storage_note(page), case).to_be_visible()
        expect(_storage_note(page), case).to_have_text(SCRIPT_TEXTS["discarded"])

        # The quiz still works, and what it saves replaces the garbage with a clean state.
        _choose(page, 3, QUESTIONS[3].answer)
        added = {QUESTIONS[3].id: QUESTIONS[3].answer}
        assert _stored(page) == {
            "first": {**first, **added},
            "last": {**last, **added},
            "learned": learned,
        }, case
        expect(_storage_note(page), case).to_have_text(SCRIPT_TEXTS["saved"])
    assert_clean(log, site_url)


# ---------- search ----------


def test_search_finds_a_korean_term_of_the_lesson(new_page: Any, lesson: tuple[str, str]) -> None:
    url, origin = lesson
    page, log = open_lesson(new_page, url)
    query = page.locator("input[data-md-component='search-query']")
    query.click()
    expect(query).to_be_focused()
    # Playwright types Hangul as text input without key events; Material reads the query
    # on keyup, so a real key press follows.
    page.keyboard.type(SEARCH_TERM)
    page.keyboard.press("End")
    links = page.locator(".md-search-result__item a")
    expect(links.first).to_be_visible(timeout=15_000)
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    assert any("lessons/composition" in href for href in hrefs), hrefs
    expect(page.locator(".md-search-result__item").first).to_contain_text(SEARCH_TERM)
    assert_clean(log, origin)


@pytest.mark.parametrize(("query", "shown"), [("엡실론", "ε"), ("delta", "δ"), ("composition", "합성")])
def test_search_finds_a_letter_or_term_by_its_spoken_or_english_name(
    new_page: Any, lesson: tuple[str, str], query: str, shown: str
) -> None:
    url, origin = lesson
    page, log = open_lesson(new_page, url)
    box = page.locator("input[data-md-component='search-query']")
    box.click()
    page.keyboard.type(query)
    page.keyboard.press("End")
    items = page.locator(".md-search-result__item")
    expect(items.first).to_be_visible(timeout=15_000)
    texts = items.all_inner_texts()
    assert any(shown in text for text in texts), texts
    # The names that found it are not shown (the glossary row's own English aside).
    expect(page.locator(".md-search-result .md-tags").first).to_be_hidden()
    assert_clean(log, origin)


# ---------- layout ----------


def _overflow(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def _shoot(page: Page, target: Locator, name: str) -> None:
    """A viewport screenshot with ``target`` at the top, just below Material's sticky header."""
    target.evaluate(
        "element => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY"
        " - document.querySelector('.md-header').offsetHeight - 8)"
    )
    page.screenshot(path=SHOTS / name)


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_lesson_screenshots_and_no_horizontal_overflow(
    new_page: Any, site_url: str, built_site: Path, width: int, height: int
) -> None:
    url = site_url + LESSON_PAGE
    page, log = open_lesson(new_page, url, viewport={"width": width, "height": height}, device_scale_factor=2)
    page.evaluate("document.fonts.ready")
    assert page.evaluate(
        "[...document.fonts].some(face => face.family.replace(/[\"']/g, '') === 'KaTeX_Main'"
        " && face.status === 'loaded')"
    ), "KaTeX's own font must render the math"
    assert page.locator(".katex").count() > 0

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"lesson-{width}-top.png")
    page.screenshot(path=SHOTS / f"lesson-{width}-full.png", full_page=True)
    assert _overflow(page) <= 0

    # Every step and every opened explanation must fit too.
    stepper = page.locator("[data-stepper]")
    for step in range(1, 5):
        _shoot(page, stepper, f"stepper-{width}-step{step}.png")
        assert _overflow(page) <= 0, f"step {step} overflows at {width}px"
        if step < 4:
            stepper.get_by_role("button", name="다음").first.click()  # the controls above the steps
    _shoot(page, page.locator(".katex-display:visible").first, f"math-{width}.png")
    _shoot(page, page.locator(".cl-card").first, f"card-{width}.png")
    page.evaluate("document.querySelectorAll('details').forEach(details => { details.open = true; })")
    _choose(page, 0, QUESTIONS[0].answer)
    _choose(page, 1, _wrong(1))
    _question(page, 0).get_by_label("학습 완료로 표시").check()
    _shoot(page, _question(page, 0), f"quiz-{width}-question1.png")
    _shoot(page, _question(page, 1), f"quiz-{width}-question2.png")
    _shoot(page, page.locator("form[data-quiz] .cl-quiz-footer"), f"quiz-{width}-footer.png")
    assert _overflow(page) <= 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert_clean(log, site_url)
