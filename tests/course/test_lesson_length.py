"""A lesson's length under its title: Hangul syllables a reader sees, minutes rounded up, the quiz."""

from __future__ import annotations

from generator.course.lesson_length import (
    SYLLABLES_PER_MINUTE,
    LessonLength,
    lesson_length,
    with_lesson_length,
)
from tests.harness.html import parse


def _page(prose: str, questions: int) -> str:
    fieldsets = "".join(f'<fieldset data-question="q{i}"></fieldset>' for i in range(questions))
    unseen = '<span class="katex">가나다라</span><code>마바</code>'
    return f'<h1 id="t">제목</h1><p>{prose}</p>{unseen}{fieldsets}'


def test_only_the_visible_hangul_is_counted_and_the_minutes_round_up() -> None:
    assert SYLLABLES_PER_MINUTE == 500
    length = lesson_length(_page("가" * 501 + " abc 1/2", 3))
    assert length == LessonLength(syllables=2 + 501, questions=3)  # 제목 and the prose, not math or code
    assert length.minutes == 2
    assert LessonLength(500, 0).minutes == 1
    assert LessonLength(0, 0).minutes == 1


def test_the_line_follows_the_title_and_links_to_the_quiz() -> None:
    html = with_lesson_length(_page("가" * 998, 6))
    tree = parse(html)
    line = tree.css_first("h1 + p.cl-lesson-length")
    assert line is not None
    assert line.text() == (
        "본문 읽기 약 2분 (한글 1000자를 1분에 500자로 어림, 실험과 풀이 시간은 뺌)"
        " · 확인 퀴즈 6문항으로 바로 가기"
    )
    link = line.css_first("a")
    assert link is not None
    assert link.attributes["href"] == "#check"


def test_a_page_without_a_quiz_has_no_link_and_one_without_a_title_is_kept() -> None:
    line = parse(with_lesson_length(_page("가", 0))).css_first(".cl-lesson-length")
    assert line is not None
    assert line.css_first("a") is None
    assert with_lesson_length("<p>제목 없음</p>") == "<p>제목 없음</p>"
