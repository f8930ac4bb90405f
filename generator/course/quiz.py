"""The lesson quizzes as typed data, and the one renderer that turns a quiz into markup.

A question's text never types a computed number: prompts, choices and explanations hold
value placeholders (``{{ fresh-k2.pure_epsilon.exact }}``) that
:func:`generator.course.placeholders.expand` fills from the core's records at render time, so a
change to the core shows up in the quiz on the next build.

The markup works without JavaScript: each question is a ``<fieldset>`` of radio buttons
whose worked answer sits in a closed ``<details>``, and the whole quiz is a ``<form>`` whose
reset button clears the choices. ``quiz.js`` adds the rest: a question is answered only by
its check button (:data:`CHECK_LABEL`), the first checked answer of each question is the one
graded, later checks show feedback only, and the state is saved under
:attr:`Quiz.storage_key`. The sentences it shows are carried here, in data attributes, so
every word a reader sees comes from this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from generator.course.placeholders import expand

STORAGE_PREFIX = "composition-lab:quiz"
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Question:
    """One multiple-choice question; ``answer`` is the index of the correct choice."""

    id: str
    prompt: str
    choices: tuple[str, ...]
    answer: int
    explanation: str

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.id):
            raise ValueError(f"question id {self.id!r} must be lowercase words joined by '-'")
        if not 3 <= len(self.choices) <= 4:
            raise ValueError(f"question {self.id!r} needs 3 or 4 choices, has {len(self.choices)}")
        if len(set(self.choices)) != len(self.choices):
            raise ValueError(f"question {self.id!r} repeats a choice")
        if not 0 <= self.answer < len(self.choices):
            raise ValueError(f"question {self.id!r}: answer {self.answer} is not a choice")


@dataclass(frozen=True)
class Quiz:
    """The questions of one lesson, at one content version.

    ``version`` is part of the storage key: bump it whenever questions, choices or their
    order change, or the saved state's meaning does, so that answers saved for the old quiz
    are never read as answers to the new one. (Version 2: the first checked answer is graded.)
    """

    lesson_id: str
    version: int
    questions: tuple[Question, ...]

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.lesson_id):
            raise ValueError(f"lesson id {self.lesson_id!r} must be lowercase words joined by '-'")
        if self.version < 1:
            raise ValueError("a content version starts at 1")
        ids = [question.id for question in self.questions]
        if not ids or len(set(ids)) != len(ids):
            raise ValueError(f"quiz {self.lesson_id!r} needs questions with distinct ids")

    @property
    def storage_key(self) -> str:
        """Where the browser keeps this quiz's answers: ``composition-lab:quiz:<lesson>:v<n>``."""
        return f"{STORAGE_PREFIX}:{self.lesson_id}:v{self.version}"


COMPOSITION = Quiz(
    lesson_id="composition",
    version=2,
    questions=(
        Question(
            id="pure-epsilon-fresh",
            prompt=(
                "참값을 보고할 확률이 p = {{ fresh-k2.channel.truth_probability }}인 무작위 응답을 "
                "같은 비트에 대해 새 난수로 {{ fresh-k2.channel.k }}번 만들어 모두 공개합니다. "
                "이 공개가 만족하는 가장 작은 순수 ε는 얼마인가요?"
            ),
            choices=(
                "ε = {{ boundary-k1.pure_epsilon.exact }}",
                "ε = {{ fresh-k2.pure_epsilon.exact }} = ln {{ fresh-k2.pure_epsilon.max_ratio }}"
                " ≈ {{ fresh-k2.pure_epsilon.decimal }}",
                "ε = {{ fresh-k3.pure_epsilon.exact }}",
                "유한한 순수 ε가 없다 (ε = {{ xor.pure_epsilon.exact }})",
            ),
            answer=1,
            explanation=(
                "응답 하나만 보면 가장 큰 우도비는 p/(1 − p) = {{ boundary-k1.pure_epsilon.max_ratio }}"
                "입니다. 두 응답은 서로 독립인 난수로 만들어지므로 두 응답이 모두 0인 기록에서 이 비율이 "
                "곱해지고, 기록 우도비의 최댓값은 {{ fresh-k2.pure_epsilon.max_ratio }}입니다. 최소 순수 "
                "ε는 이 최댓값의 로그이므로 {{ fresh-k2.pure_epsilon.exact }} = "
                "ln {{ fresh-k2.pure_epsilon.max_ratio }}입니다. 한 번만 공개할 때의 "
                "ε = {{ boundary-k1.pure_epsilon.exact }}에 응답 수를 곱한 값입니다."
            ),
        ),
        Question(
            id="xor-marginals",
            prompt=(
                "공정한 동전 비트 R을 뽑아 R과 x XOR R 두 값을 공개합니다. 두 값은 하나씩 따로 보면 "
                "x와 무관한 공정 비트라서 각각 ε = 0을 만족합니다. 그렇다면 두 값을 함께 공개한 것도 "
                "ε = 0인가요?"
            ),
            choices=(
                "그렇다. 구성 정리에 따라 ε가 더해지므로 0 + 0 = 0이다.",
                "그렇다. R이 공정한 동전이므로 두 값 모두 순수한 잡음이다.",
                "아니다. 두 값을 XOR하면 x가 그대로 나오므로 함께 공개하면 x가 드러난다.",
            ),
            answer=2,
            explanation=(
                "x = 0이면 공개되는 쌍은 {{ xor.claim.event.outputs.0 }}, "
                "{{ xor.claim.event.outputs.1 }} 중 하나이고, x = 1이면 나머지 두 쌍 중 하나입니다. 두 "
                "입력의 가능한 출력이 하나도 겹치지 않으므로 결합 공개에는 유한한 순수 ε가 없고"
                "(ε = {{ xor.pure_epsilon.exact }}), α = {{ xor.claim.alpha }}에서 필요한 δ도 "
                "{{ xor.claim.required }}입니다. ε를 더하는 구성 정리는 앞선 출력을 알고 난 뒤에도 다음 "
                "단계가 DP일 것을 요구합니다. 여기서는 R을 알면 두 번째 값이 x를 결정하므로 그 조건이 "
                "깨지고, 각 값의 주변 보장만으로는 아무것도 합산할 수 없습니다."
            ),
        ),
        Question(
            id="copy-post-processing",
            prompt=(
                "p = {{ copy-k2.channel.truth_probability }}인 무작위 응답을 한 번만 만든 뒤, 그 결과를 "
                "{{ copy-k2.channel.k }}번 복사해 화면에 보여 줍니다. 구성 정리에서 세어야 하는 질의 수와 "
                "이 공개의 최소 순수 ε는 무엇인가요?"
            ),
            choices=(
                "질의 수 {{ fresh-k2.composition.queries }}, ε = {{ fresh-k2.pure_epsilon.exact }}",
                "질의 수 {{ copy-k2.composition.queries }}, ε = {{ copy-k2.pure_epsilon.exact }}",
                "질의 수 {{ fresh-k2.composition.queries }}, ε = {{ copy-k2.pure_epsilon.exact }}",
                "질의 수 {{ copy-k2.composition.queries }}, ε = {{ boundary-p50.pure_epsilon.exact }}",
            ),
            answer=1,
            explanation=(
                "복사본은 이미 공개한 응답 하나만 가지고 만들 수 있고, 거꾸로 복사 기록에서 그 응답을 "
                "다시 읽어 낼 수도 있습니다. 그래서 두 공개의 프라이버시 프로필은 똑같고, 보호 비트에 "
                "실제로 접근한 질의 수는 {{ copy-k2.composition.queries }}입니다. 가능한 출력은 모두 0이거나 "
                "모두 1인 기록뿐이며 최대 우도비는 응답 하나와 같은 "
                "{{ copy-k2.pure_epsilon.max_ratio }}이므로 ε = {{ copy-k2.pure_epsilon.exact }}입니다. "
                "다만 비밀 x에 다시 접근해 새로 계산하는 것은 복사가 아니라 새 질의입니다."
            ),
        ),
        Question(
            id="claim-decided-exactly",
            prompt=(
                "p = {{ exercise-fail.channel.truth_probability }}인 새 응답 "
                "{{ exercise-fail.channel.k }}개를 공개하면서 "
                "‘α = {{ exercise-fail.claim.alpha }}, δ = {{ exercise-fail.claim.delta | decimal }}’인 "
                "DP를 주장합니다. 이 주장은 성립하나요?"
            ),
            choices=(
                "성립한다. 필요한 δ와 소수 둘째 자리까지 같으므로 충분하다.",
                "성립하지 않는다. 필요한 δ는 정확히 {{ exercise-fail.claim.required }} = "
                "{{ exercise-fail.claim.required_decimal }}이고 주장한 δ는 그보다 작다.",
                "판정할 수 없다. 두 값의 차이가 부동소수점 오차보다 작을 수 있다.",
                "성립한다. δ가 0보다 크기만 하면 어떤 α에서도 통과한다.",
            ),
            answer=1,
            explanation=(
                "x = 0에서 x = 1로 가는 방향의 최대 사건은 출력 "
                "{{ exercise-fail.claim.event.outputs.0 }}만 모은 사건이고, 그 초과량은 "
                "{{ exercise-fail.channel.distribution0.0 }} − {{ exercise-fail.claim.alpha }}·"
                "{{ exercise-fail.channel.distribution1.0 }} = {{ exercise-fail.claim.required }}입니다. "
                "이 값과 주장한 δ = {{ exercise-fail.claim.delta }}의 분자·분모를 엇갈려 곱해 정수로 "
                "비교하면 주장한 쪽이 작으므로 주장은 실패합니다. 반올림한 소수로 판정하지 않기 때문에, "
                "같은 설정에서 주장한 δ가 정확히 {{ exercise-pass.claim.delta | decimal }}일 때는 경계에 "
                "딱 맞아 통과하고 그보다 조금이라도 작으면 실패합니다."
            ),
        ),
        Question(
            id="bound-versus-exact",
            prompt=(
                "p = {{ composition-p90.channel.truth_probability | decimal }}인 새 응답을 "
                "{{ composition-p90.channel.k }}번 공개하고, 단계별 예산은 "
                "α₀ = {{ composition-p90.composition.alpha0 }}입니다. 기본 구성 정리가 주는 δ 상계와, "
                "합산한 예산 α = {{ composition-p90.composition.composed_alpha }}에서 이 채널에 실제로 "
                "필요한 δ는 각각 얼마인가요?"
            ),
            choices=(
                "상계 {{ composition-p90.composition.theorem_delta }}, "
                "정확한 값 {{ composition-p90.composition.exact_delta | decimal }}",
                "상계 {{ composition-p90.composition.exact_delta | decimal }}, "
                "정확한 값 {{ composition-p90.composition.theorem_delta }}",
                "상계 {{ composition-p90.composition.delta0 | decimal }}, "
                "정확한 값 {{ composition-p90.composition.delta0 | decimal }}",
                "상계 {{ composition-p90.composition.theorem_delta }}, "
                "정확한 값 {{ composition-p90.composition.theorem_delta }}",
            ),
            answer=0,
            explanation=(
                "응답 하나에 필요한 δ₀는 p − α₀(1 − p) = {{ composition-p90.composition.delta0 | decimal }}"
                "입니다. 정리는 질의 {{ composition-p90.composition.queries }}개의 δ₀를 더하되 1을 넘지 "
                "않게 자르므로 상계는 {{ composition-p90.composition.theorem_delta }}입니다. 한편 두 응답의 "
                "1 개수 분포는 x = 0일 때 ({{ composition-p90.channel.distribution0.0 | decimal }}, "
                "{{ composition-p90.channel.distribution0.1 | decimal }}, "
                "{{ composition-p90.channel.distribution0.2 | decimal }})이고 x = 1일 때 그 역순입니다. "
                "두 분포를 직접 비교하면 필요한 δ는 {{ composition-p90.composition.exact_delta }} = "
                "{{ composition-p90.composition.exact_delta | decimal }}입니다. 정리가 틀린 것이 아니라 "
                "모든 메커니즘에 통하는 충분조건일 뿐이고, δ = 1은 어떤 두 분포 사이에서나 성립하는 "
                "빈 보장입니다."
            ),
        ),
        Question(
            id="third-fresh-response",
            prompt=(
                "p = {{ fresh-k3.channel.truth_probability }}, 전체 주장 α = {{ fresh-k3.claim.alpha }}에서 "
                "새 응답을 {{ fresh-k2.channel.k }}번에서 {{ fresh-k3.channel.k }}번으로 늘립니다. "
                "필요한 δ는 어떻게 되나요?"
            ),
            choices=(
                "커진다. 응답이 하나 늘면 모든 α에서 필요한 δ가 엄격히 커진다.",
                "그대로 {{ fresh-k3.claim.required }}이다.",
                "줄어든다. 응답이 많을수록 잡음이 서로 상쇄된다.",
            ),
            answer=1,
            explanation=(
                "응답 {{ fresh-k3.channel.k }}개의 1 개수 분포는 x = 0일 때 "
                "P = ({{ fresh-k3.channel.distribution0.0 }}, {{ fresh-k3.channel.distribution0.1 }}, "
                "{{ fresh-k3.channel.distribution0.2 }}, {{ fresh-k3.channel.distribution0.3 }})이고 x = 1일 "
                "때는 그 역순입니다. 출력 0에서는 {{ fresh-k3.channel.distribution0.0 }} − "
                "{{ fresh-k3.claim.alpha }}·{{ fresh-k3.channel.distribution1.0 }} = "
                "{{ fresh-k3.claim.required }}만큼 넘치고, 출력 1에서는 "
                "{{ fresh-k3.channel.distribution0.1 }} = {{ fresh-k3.claim.alpha }}·"
                "{{ fresh-k3.channel.distribution1.1 }}이라 넘치는 양이 없습니다. 나머지 출력도 더하는 것이 "
                "없으므로 필요한 δ는 응답 {{ fresh-k2.channel.k }}개일 때와 같은 "
                "{{ fresh-k2.claim.required }}입니다. 마지막 응답을 버리면 이전 기록이 되니 응답을 "
                "늘려 δ가 줄 수는 없지만, 늘릴 때마다 모든 예산에서 엄격히 나빠지는 것도 아닙니다."
            ),
        ),
    ),
)

QUIZZES: dict[str, Quiz] = {quiz.lesson_id: quiz for quiz in (COMPOSITION,)}

CHECK_LABEL = "답 확인"
RESET_LABEL = "다시 풀기"

# The quiz's rules, said once above the questions: what is graded, and what the reset button
# does on its own and inside an LMS (where quiz.js then also shows SCRIPT_TEXTS["reset-keeps"]).
INTRO = " ".join(
    (
        f"답을 고른 뒤 ‘{CHECK_LABEL}’을 누르면 정답인지 알려 주고 해설이 열립니다.",
        "점수에는 문제마다 처음 확인한 답만 들어갑니다.",
        "그 뒤에 다른 답을 골라 다시 확인하면 맞았는지는 알려 주지만 점수는 바뀌지 않습니다.",
        f"‘{RESET_LABEL}’를 누르면 처음 확인한 답과 학습 표시까지 모두 지우고 처음부터 다시 시작합니다.",
        "다만 LMS 안에서 모든 문제를 확인해 결과가 보고된 뒤에는 지금 고른 답만 지우고,",
        "점수에 들어간 답과 합격 여부는 그대로 둡니다.",
        "이해한 문제는 ‘학습 완료로 표시’에 체크해 두면 다시 볼 문제와 구별할 수 있습니다.",
    )
)

# What quiz.js shows; {answered}, {correct}, {learned} and {total} are filled in the browser,
# where answered and correct count first checked answers only.
SCRIPT_TEXTS = {
    "correct": "정답입니다.",
    "wrong": "오답입니다. 해설을 읽고 다른 답을 골라 다시 확인해 보세요.",
    "choose": f"먼저 답을 하나 고른 뒤 ‘{CHECK_LABEL}’을 누르세요.",
    "first-correct": "점수에는 처음 확인한 답이 들어가며, 그 답은 정답이었습니다.",
    "first-wrong": "점수에는 처음 확인한 답이 들어가며, 그 답은 오답이었습니다.",
    "score": "확인한 문제 {answered}/{total} · 첫 답 정답 {correct} · 학습 완료 {learned}",
    "reset-keeps": (
        f"LMS에 결과가 보고되었으므로 ‘{RESET_LABEL}’는 지금 고른 답만 지웁니다. "
        "점수에 들어간 첫 답과 합격 여부는 바뀌지 않습니다."
    ),
    "saved": "고른 답과 학습 표시는 이 브라우저에 저장되어 다시 열어도 남습니다.",
    "unsaved": "이 환경에서는 저장할 수 없어, 페이지를 떠나면 고른 답이 사라집니다.",
    "discarded": (
        "이 브라우저에 저장되어 있던 퀴즈 기록 가운데 읽을 수 없는 부분은 버리고, "
        "읽을 수 있는 것만 불러왔습니다."
    ),
}


def quiz_for(lesson_id: str) -> Quiz:
    """The quiz of a lesson; an unknown lesson id is an error that names it."""
    if lesson_id not in QUIZZES:
        raise ValueError(f"no quiz for lesson {lesson_id!r} (known: {', '.join(sorted(QUIZZES))})")
    return QUIZZES[lesson_id]


def _text(template: str) -> str:
    """A question text with its values filled from the core, escaped for HTML."""
    return escape(expand(template), quote=False)


def _question_html(quiz: Quiz, number: int, question: Question) -> str:
    anchor = f"quiz-{quiz.lesson_id}-{question.id}"
    choices = "\n".join(
        f'<label class="cl-choice"><input type="radio" name="{anchor}" value="{index}"> '
        f'<span class="cl-choice-text">{_text(choice)}</span></label>'
        for index, choice in enumerate(question.choices)
    )
    return "\n".join(
        (
            f'<fieldset class="cl-question" id="{anchor}" data-question="{question.id}" '
            f'data-answer="{question.answer}">',
            f'<legend class="cl-question-prompt"><span class="cl-question-number">{number}.</span> '
            f"{_text(question.prompt)}</legend>",
            f'<div class="cl-choices">\n{choices}\n</div>',
            # Hidden until quiz.js mounts: without JavaScript the button would do nothing.
            f'<button type="button" class="md-button cl-check" data-check hidden>{CHECK_LABEL}</button>',
            '<p class="cl-feedback" data-feedback aria-live="polite"></p>',
            '<details class="cl-explanation" data-explanation><summary>해설 보기</summary>',
            f'<p class="cl-explanation-answer"><strong>정답:</strong> '
            f"{_text(question.choices[question.answer])}</p>",
            f"<p>{_text(question.explanation)}</p>",
            "</details>",
            '<label class="cl-learned"><input type="checkbox" data-learned> 학습 완료로 표시</label>',
            "</fieldset>",
        )
    )


def quiz_html(lesson_id: str) -> str:
    """The accessible quiz markup of a lesson (the ``{{ quiz <lesson> }}`` block).

    No blank line and no indentation, so Markdown keeps it as one raw HTML block.
    """
    quiz = quiz_for(lesson_id)
    texts = " ".join(f'data-text-{name}="{escape(text)}"' for name, text in SCRIPT_TEXTS.items())
    questions = "\n".join(
        _question_html(quiz, number, question) for number, question in enumerate(quiz.questions, start=1)
    )
    return "\n".join(
        (
            f'<form class="cl-quiz" data-quiz="{quiz.lesson_id}" data-quiz-key="{quiz.storage_key}" '
            f'aria-label="확인 퀴즈" {texts}>',
            f'<p class="cl-quiz-intro">{escape(INTRO, quote=False)}</p>',
            questions,
            '<div class="cl-quiz-footer">',
            '<p class="cl-score" data-score aria-live="polite" hidden></p>',
            '<p class="cl-quiz-storage" data-storage-note hidden></p>',
            f'<button type="reset" class="md-button cl-reset" data-reset>{RESET_LABEL}</button>',
            '<p class="cl-reset-note" data-reset-note aria-live="polite" hidden></p>',
            "</div>",
            "</form>",
        )
    )
