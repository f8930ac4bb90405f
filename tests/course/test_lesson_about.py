"""A lesson page's front matter (generator/course/lesson_about.py) and the home page's list it makes.

Properties checked:
- role, summary and the page's first '# ' title are read, the summary's lines joined;
- a page without front matter, with a key missing, an unknown key, a non-text value or no
  title is refused with a message naming the page;
- every lesson page of the course has front matter that reads;
- the home list (course_order.lessons_markdown) has one row and one section per lesson, in
  the order given, each linking its page, its four parts and its progress cell;
- the ordinals of 1 to 19, and none outside.
"""

from __future__ import annotations

import pytest

from generator.course.course_order import Place, lessons_markdown
from generator.course.korean import ordinal
from generator.course.lesson_about import LessonAbout, lesson_about, split_front_matter
from tests.course.texts import LESSONS, lesson_slugs

CELL = '<span class="cl-progress" data-progress="{}">—</span>'
PAGE = "---\nrole: 합성\nsummary: >-\n  첫 줄과\n  둘째 줄.\n---\n# 합성: 제목 {#top}\n\n본문.\n"


def test_the_lessons_it_requires_are_read() -> None:
    text = PAGE.replace("role: 합성\n", "role: 합성\nrequires: [events, composition]\n")
    assert lesson_about(text, "lessons/a.md").requires == ("events", "composition")
    assert lesson_about(PAGE, "lessons/a.md").requires == ()


def test_role_summary_and_title_are_read() -> None:
    assert lesson_about(PAGE, "lessons/a.md") == LessonAbout("합성: 제목", "합성", "첫 줄과 둘째 줄.")
    assert split_front_matter(PAGE)[1] == "# 합성: 제목 {#top}\n\n본문.\n"
    assert split_front_matter("# 제목\n") == (None, "# 제목\n")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("# 제목\n", "opens with front matter"),
        ("---\nrole: 합성\n---\n# 제목\n", "summary"),
        ("---\nrole: 합성\nsummary: 요약\nauthor: x\n---\n# 제목\n", "author"),
        ("---\nrole: 3\nsummary: 요약\n---\n# 제목\n", "role"),
        ("---\nrole: ''\nsummary: 요약\n---\n# 제목\n", "role"),
        ("---\nrole: [합성\nsummary: 요약\n---\n# 제목\n", "bad front matter"),
        ("---\nrole: 합성\nsummary: 요약\n---\n본문뿐\n", "'# ' title"),
        ("---\nrole: 합성\nsummary: 요약\nrequires: events\n---\n# 제목\n", "requires"),
    ],
)
def test_bad_front_matter_is_refused_naming_the_page(text: str, named: str) -> None:
    with pytest.raises(ValueError, match=r"lessons/a\.md") as error:
        lesson_about(text, "lessons/a.md")
    assert named in str(error.value)


@pytest.mark.parametrize("slug", lesson_slugs())
def test_every_lesson_page_says_what_it_is(slug: str) -> None:
    about = lesson_about((LESSONS / f"{slug}.md").read_text(encoding="utf-8"), slug)
    assert about.role
    assert len(about.summary) > 80


def test_the_home_list_follows_the_order_given() -> None:
    order = (Place("b", 1, "나"), Place("a", 2, "가"))
    about = {
        "a": LessonAbout("가 단원", "정의", "가의 요약."),
        "b": LessonAbout("나 단원", "합성", "나의 요약."),
    }
    text = lessons_markdown(order, about)
    rows = [line for line in text.splitlines() if line.startswith("| [")]
    assert rows == [
        "| [나 단원](lessons/b.md) | 첫째 단원: 합성 | " + CELL.format("b") + " |",
        "| [가 단원](lessons/a.md) | 둘째 단원: 정의 | " + CELL.format("a") + " |",
    ]
    assert text.index("### 첫째 단원: 나 단원\n\n나의 요약.") < text.index(
        "### 둘째 단원: 가 단원\n\n가의 요약."
    )
    for part in ("concept", "theory", "experiment", "check"):
        assert f"(lessons/a.md#{part})" in text
    assert "\n\n\n" not in text


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 5, 9, 10, 11, 12, 19)] == [
        "첫째", "둘째", "셋째", "넷째", "다섯째", "아홉째", "열째", "열한째", "열둘째", "열아홉째",
    ]  # fmt: skip
    for outside in (0, 20):
        with pytest.raises(ValueError, match="1 to 19"):
            ordinal(outside)
