"""The central-and-local lesson: randomized response as local DP, the exact law of the rate
estimate against the central geometric count, RAPPOR, Apple's budgets and the shuffle model.

``LESSON`` is what the course sees of it (:class:`generator.course.lessons.Lesson`): its
worked examples (:mod:`.catalogue`) and their records (:mod:`.records`), the page's published
numbers (``deployments``) and amplification example (``shuffle``), its quiz, its cards and its
lab (:mod:`.lab`).
"""

from __future__ import annotations

from generator.core.certified import certify, exact
from generator.course.charts import chart_image
from generator.course.lesson_declared import declared_lesson
from generator.course.templates import render
from generator.lessons.localdp.catalogue import BY_SLUG, DATA, PATH
from generator.lessons.localdp.charts import chart_spec
from generator.lessons.localdp.lab import FOLDER, LAB
from generator.lessons.localdp.records import (
    DeploymentsRecord,
    ExampleRecord,
    ShuffleRecord,
    deployments_record,
    shuffle_record,
    significant_tex,
)

DEPLOYMENTS = "deployments"
SHUFFLE = "shuffle"


def example_record(slug: str) -> ExampleRecord:
    """A worked example's state and what the prose adds."""
    example = BY_SLUG[slug]
    state = LAB.example_record(slug)
    local, central = state["estimate_variance"], state["central_variance"]
    return {
        **state,
        "slug": example.slug,
        "title": example.title,
        "privacy_ratio": state["estimate_privacy"] / state["central_privacy"],
        "standard_deviation": certify(lambda: exact(local).sqrt(), 4).decimal,
        "central_deviation": certify(lambda: exact(central).sqrt(), 4).decimal,
        "shuffled_approx": significant_tex(state["shuffled_delta"]),
    }


def record(slug: str) -> ExampleRecord | DeploymentsRecord | ShuffleRecord:
    """Everything the page's prose reads of one example (a catalogue row, or a page record)."""
    if slug == DEPLOYMENTS:
        return deployments_record()
    if slug == SHUFFLE:
        return shuffle_record()
    return example_record(slug)


FIGURE_CAPTION = (
    '예제 "{title}"에서 로컬 추정량(파란 선)과 중앙 추정량(주황 선)의 정확한 누적분포 P(π̂ ≤ x)입니다. '
    "두 추정량은 눈금 간격이 달라서 점마다의 확률보다 누적분포가 견주기 좋습니다. 그래프의 위치만 "
    "부동소수점으로 그렸고, 값은 정확한 분수에서 왔습니다."
)
FIGURE_LABEL = "로컬 추정량과 중앙 추정량의 누적분포 그래프"


def figure(kind: str, slug: str) -> str:
    """``{{ figure laws <slug> }}``: a worked example's two estimates' exact distribution functions."""
    if kind != "laws":
        raise ValueError(f"unknown figure kind {kind!r}; expected 'laws'")
    example = BY_SLUG[slug]
    chart = chart_image(chart_spec(example.n, example.rate, example.alpha0), FIGURE_LABEL)
    return render(
        "figure.html", FOLDER, slug=slug, chart=chart, caption=FIGURE_CAPTION.format(title=example.title)
    )


LESSON = declared_lesson(PATH, DATA.quiz, (LAB,), record, pages=(DEPLOYMENTS, SHUFFLE), figure=figure)
