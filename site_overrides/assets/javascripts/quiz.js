/*
 * The lesson quiz: feedback, score and saved answers on top of markup that already
 * works without JavaScript (generator/quiz.py writes it).
 *
 * Markup contract: a <form data-quiz="<lesson>" data-quiz-key="<storage key>"> holding
 * <fieldset data-question="<id>" data-answer="<index>"> elements, each with radio
 * inputs (value = choice index), a [data-feedback] line, a <details data-explanation>,
 * and a checkbox [data-learned]; then [data-score], [data-storage-note] and a reset
 * button. The sentences shown come from the form's data-text-* attributes.
 *
 * Saved state, under the form's key: {"answers": {"<id>": <index>}, "learned": ["<id>"]}.
 * Anything else found there (not JSON, another shape, unknown ids, out-of-range
 * choices) is ignored, and the quiz starts from what is left, or from nothing.
 *
 * After mounting and after every change the form dispatches a bubbling
 * "cl:quiz-change" CustomEvent with detail {lessonId, answered, correct, learned,
 * total, state}; a course package can listen for it to report the score.
 */
(function () {
  "use strict";

  var lab = (window.CompositionLab = window.CompositionLab || {});
  var noStorage = {
    get: function () {
      return null;
    },
    has: function () {
      return false;
    },
    set: function () {
      return false;
    },
    remove: function () {
      return false;
    },
  };
  var mounted = [];

  function isRecord(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function has(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  function emptyState() {
    return { answers: {}, learned: [] };
  }

  function readQuestion(fieldset) {
    return {
      id: fieldset.getAttribute("data-question"),
      answer: Number(fieldset.getAttribute("data-answer")),
      fieldset: fieldset,
      radios: Array.prototype.slice.call(fieldset.querySelectorAll('input[type="radio"]')),
      feedback: fieldset.querySelector("[data-feedback]"),
      explanation: fieldset.querySelector("[data-explanation]"),
      learned: fieldset.querySelector("[data-learned]"),
    };
  }

  /** Keep only what fits this quiz; null when the value is not a state at all. */
  function normalizer(questions) {
    return function (value) {
      if (!isRecord(value)) return null;
      var answers = has(value, "answers") ? value.answers : {};
      var learned = has(value, "learned") ? value.learned : [];
      if (!isRecord(answers) || !Array.isArray(learned)) return null;
      var state = emptyState();
      questions.forEach(function (question) {
        var choice = has(answers, question.id) ? answers[question.id] : null;
        if (Number.isInteger(choice) && choice >= 0 && choice < question.radios.length) {
          state.answers[question.id] = choice;
        }
        if (learned.indexOf(question.id) !== -1) state.learned.push(question.id);
      });
      return state;
    };
  }

  /** Did normalizing keep every answer and mark of what was stored? */
  function keptAll(stored, state) {
    if (state === null || !isRecord(stored)) return false;
    var answers = has(stored, "answers") ? stored.answers : {};
    var learned = has(stored, "learned") ? stored.learned : [];
    return (
      Object.keys(answers).length === Object.keys(state.answers).length && learned.length === state.learned.length
    );
  }

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return has(values, name) ? String(values[name]) : whole;
    });
  }

  function Quiz(form) {
    this.form = form;
    this.lessonId = form.getAttribute("data-quiz") || "";
    this.key = form.getAttribute("data-quiz-key");
    // Without a key (or without storage.js) the quiz still works, in memory only.
    this.storage = this.key && lab.storage ? lab.storage : noStorage;
    this.questions = Array.prototype.map.call(form.querySelectorAll("[data-question]"), readQuestion);
    this.normalize = normalizer(this.questions);
    this.score = form.querySelector("[data-score]");
    this.storageNote = form.querySelector("[data-storage-note]");
    this.state = emptyState();
    this.saved = null; // unknown until the first save
    this.discarded = false; // stored text that could not be (wholly) read, until replaced
  }

  Quiz.prototype.text = function (name) {
    return this.form.getAttribute("data-text-" + name) || "";
  };

  Quiz.prototype.summary = function () {
    var state = this.state;
    var answered = 0;
    var correct = 0;
    this.questions.forEach(function (question) {
      if (!has(state.answers, question.id)) return;
      answered += 1;
      if (state.answers[question.id] === question.answer) correct += 1;
    });
    return {
      lessonId: this.lessonId,
      answered: answered,
      correct: correct,
      learned: state.learned.length,
      total: this.questions.length,
      state: JSON.parse(JSON.stringify(state)),
    };
  };

  Quiz.prototype.render = function () {
    var quiz = this;
    var state = this.state;
    this.questions.forEach(function (question) {
      var answered = has(state.answers, question.id);
      var chosen = answered ? state.answers[question.id] : -1;
      var right = chosen === question.answer;
      question.radios.forEach(function (radio, index) {
        radio.checked = index === chosen;
        var label = radio.closest("label");
        if (!label) return;
        label.classList.toggle("cl-choice--correct", index === chosen && right);
        label.classList.toggle("cl-choice--wrong", index === chosen && !right);
      });
      question.fieldset.setAttribute("data-state", answered ? (right ? "correct" : "wrong") : "open");
      if (question.feedback) {
        question.feedback.textContent = answered ? quiz.text(right ? "correct" : "wrong") : "";
      }
      if (question.explanation) {
        if (!answered) {
          question.explanation.open = false;
          question.explanation.hidden = true;
        } else if (question.explanation.hidden) {
          question.explanation.hidden = false;
          question.explanation.open = true;
        }
      }
      if (question.learned) question.learned.checked = state.learned.indexOf(question.id) !== -1;
    });
    var summary = this.summary();
    if (this.score) {
      this.score.textContent = fill(this.text("score"), summary);
      this.score.hidden = false;
    }
    var notes = [];
    if (this.discarded) notes.push(this.text("discarded"));
    if (this.saved !== null) notes.push(this.text(this.saved ? "saved" : "unsaved"));
    if (this.storageNote) {
      this.storageNote.textContent = notes.join(" ");
      this.storageNote.hidden = notes.length === 0;
    }
    return summary;
  };

  Quiz.prototype.announce = function (summary) {
    this.form.dispatchEvent(new CustomEvent("cl:quiz-change", { bubbles: true, detail: summary }));
  };

  /** Show the state, and tell listeners; `save` also writes it to storage. */
  Quiz.prototype.commit = function (save) {
    if (save) {
      this.saved = this.storage.set(this.key, this.state);
      this.discarded = false;
    }
    this.announce(this.render());
  };

  Quiz.prototype.load = function () {
    var stored = this.storage.get(this.key);
    var state = stored === null ? null : this.normalize(stored);
    this.discarded = this.storage.has(this.key) && !keptAll(stored, state);
    this.state = state || emptyState();
    this.commit(false);
  };

  Quiz.prototype.reset = function () {
    this.state = emptyState();
    this.discarded = false;
    var removed = this.storage.remove(this.key);
    if (this.saved !== null) this.saved = removed;
    this.commit(false);
  };

  Quiz.prototype.onChange = function (target) {
    var fieldset = target.closest("[data-question]");
    if (!fieldset) return;
    var id = fieldset.getAttribute("data-question");
    if (target.type === "radio") {
      var choice = Number(target.value);
      if (!Number.isInteger(choice)) return;
      this.state.answers[id] = choice;
    } else if (target.hasAttribute("data-learned")) {
      var before = this.state.learned;
      // Rebuilt in question order, so equal marks always save as equal text.
      this.state.learned = this.questions
        .map(function (question) {
          return question.id;
        })
        .filter(function (questionId) {
          return questionId === id ? target.checked : before.indexOf(questionId) !== -1;
        });
    } else {
      return;
    }
    this.commit(true);
  };

  Quiz.prototype.listen = function () {
    var quiz = this;
    this.form.addEventListener("change", function (event) {
      quiz.onChange(event.target);
    });
    this.form.addEventListener("reset", function (event) {
      event.preventDefault();
      quiz.reset();
    });
    this.form.addEventListener("submit", function (event) {
      event.preventDefault();
    });
  };

  function mountAll(scope) {
    mounted = mounted.filter(function (quiz) {
      return quiz.form.isConnected;
    });
    Array.prototype.forEach.call(scope.querySelectorAll("form[data-quiz]"), function (form) {
      if (form.hasAttribute("data-quiz-mounted")) return;
      form.setAttribute("data-quiz-mounted", "");
      var quiz = new Quiz(form);
      quiz.listen();
      quiz.load();
      mounted.push(quiz);
    });
  }

  // Another storage backend (a course package's) may hold other answers: reload them.
  document.addEventListener("cl:storage-backend", function () {
    mounted.forEach(function (quiz) {
      if (quiz.form.isConnected) quiz.load();
    });
  });

  // storage.js provides onEveryPage; without it, scripts at the end of <body> see the page.
  if (lab.onEveryPage) lab.onEveryPage(mountAll);
  else mountAll(document);
})();
