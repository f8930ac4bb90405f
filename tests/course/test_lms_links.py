"""Links between lessons become their text in the SCORM variant; links within a page stay."""

from __future__ import annotations

import pytest

from generator.course.lms_links import unlink_pages


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ('<a href="composition.html">합성 단원</a>', '<span class="cl-unlinked">합성 단원</span>'),
        ('<a class="x" href="composition.html#theory">이론</a>', '<span class="cl-unlinked">이론</span>'),
        ('<a href="../index.html"><b>홈</b></a>', '<span class="cl-unlinked"><b>홈</b></span>'),
        ('<a href="#check">확인</a>', '<a href="#check">확인</a>'),
        ('<a href="?event=0#events-lab">열기</a>', '<a href="?event=0#events-lab">열기</a>'),
        ('<a href="events.html#concept">개념도</a>', '<a href="events.html#concept">개념도</a>'),
    ],
)
def test_only_links_to_other_pages_lose_their_link(html: str, expected: str) -> None:
    assert unlink_pages(f"<p>{html}</p>", "lessons/events.html") == f"<p>{expected}</p>"


def test_the_glossary_stays_a_link_and_opens_beside_the_sco() -> None:
    html = '<p><a class="g" href="../glossary.html#term">용어집</a></p>'
    assert unlink_pages(html, "lessons/events.html") == (
        '<p><a class="g" href="../glossary.html#term" target="_blank" rel="noopener">용어집</a></p>'
    )
    # The glossary's own links to lessons lose theirs; a lesson named like it does not pass.
    assert unlink_pages('<a href="lessons/events.html">사건</a>', "glossary.html") == (
        '<span class="cl-unlinked">사건</span>'
    )
    assert unlink_pages('<a href="glossary.html">x</a>', "lessons/events.html") == (
        '<span class="cl-unlinked">x</span>'
    )
